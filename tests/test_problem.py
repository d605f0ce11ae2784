"""RFC 9457 problem details: written with extension members, and read back."""

from __future__ import annotations

from toolerrors import ErrorKind, convert, parse

PYTHE = {
    "ok": False,
    "code": "insufficient_credits",
    "message": "Out of credits.",
    "retryable": False,
    "how_to_fix": "h",
}


def test_problem_document_of_an_error() -> None:
    """type, title, status, detail, instance and the extension members."""
    problem = convert(
        {
            "code": "RATE_LIMITED",
            "message": "slow",
            "retryable": True,
            "retryAfter": 5,
            "requestId": "req_1",
            "statusCode": 429,
        },
        to="problem",
    )
    assert problem == {
        "type": "urn:toolerrors:kind:rate_limited", "title": "Rate limited", "status": 429, "detail": "slow",
        "instance": "req_1", "kind": "rate_limited", "retryable": True, "retry_after": 5,
        "vendor": "configure", "code": "RATE_LIMITED",
    }  # fmt: skip


def test_status_falls_back_to_the_kinds_status() -> None:
    """Without a status code, the kind's HTTP status is used."""
    assert convert({"error": "too_large", "message": "m"}, to="problem")["status"] == 413
    assert convert(PYTHE, to="problem")["status"] == 402
    assert "status" not in convert({"error": "not_connected", "message": "m"}, to="problem")


def test_our_problem_documents_read_back_to_the_same_error() -> None:
    """parse reads our problem documents back, and they convert to the vendor again."""
    for payload in (
        PYTHE,
        {
            "refused": "Not done: it would send a password, card or bank number, or an ID number. Tell Ana, and don't try another way."
        },
    ):
        problem = convert(payload, to="problem")
        back = parse(problem)
        assert back.kind == parse(payload).kind and back.owner == parse(payload).owner
        assert convert(problem, to="problem") == problem
        assert convert(problem, to=back.vendor) == payload  # type: ignore[arg-type]


def test_foreign_problem_document_is_read_by_its_words_then_its_status() -> None:
    """A problem document with no extension members reads by its known words (RFC 9457's
    out-of-credit example is billing, though sent as a 403), else by its status; it
    round-trips either way."""
    foreign = {
        "type": "https://example.com/probs/out-of-credit", "title": "You do not have enough credit.",
        "status": 403, "detail": "Your current balance is 30, but that costs 50.",
        "instance": "/account/12345/msgs/abc", "balance": 30,
    }  # fmt: skip
    error = parse(foreign)
    assert (error.kind, error.status_code, error.vendor, error.code, error.request_id) == (
        ErrorKind.PAYMENT_REQUIRED, 403, "problem", "403", "/account/12345/msgs/abc",
    )  # fmt: skip
    assert error.message == "Your current balance is 30, but that costs 50."
    assert convert(foreign, to="problem") == foreign
    silent = {
        "type": "https://example.com/probs/x",
        "title": "Nope",
        "detail": "No.",
        "status": 403,
    }
    assert parse(silent).kind is ErrorKind.PERMISSION_DENIED
    assert parse({"title": "Gateway Timeout", "status": 504}).kind is ErrorKind.UNKNOWN_OUTCOME
