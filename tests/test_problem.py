"""RFC 9457 problem details: written with extension members, and read back."""

from __future__ import annotations

from typing import Any

import pytest

from toolerrors import ErrorKind, convert, error_of, from_http, parse, retry, should_retry

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


@pytest.mark.parametrize(
    ("member", "value", "said"),
    [
        ("retryable", "no", "/retryable: expected a boolean, got string"),
        (
            "retry_after",
            -5,
            "/retry_after: expected a number of seconds (not negative, at most 31536000), got number",
        ),
        ("vendor", 3, "/vendor: expected a string, got number"),
        ("payload", [1], "/payload: expected an object, got array"),
    ],
)
def test_our_problem_documents_name_a_member_of_the_wrong_type(
    member: str, value: object, said: str
) -> None:
    """Strictly, an extension member of the wrong type is refused where it is, in the
    words every reader uses."""
    from toolerrors import ShapeError

    with pytest.raises(ShapeError) as caught:
        parse({**convert(PYTHE, to="problem"), member: value}, strict=True)
    assert str(caught.value) == said


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


@pytest.mark.parametrize(
    "record",
    [
        {"id": 1, "title": "Notes"},
        {"title": "Crash on save", "status": "open"},
        {"title": "Q3 plan", "detail": "draft"},
        {"type": "doc", "title": "Notes", "detail": "text"},
        {"detail": "Not found"},
    ],
)
def test_records_with_title_or_detail_are_not_problem_documents(record: dict[str, Any]) -> None:
    """Documents, issues and structured records are results, and are not re-run."""
    assert error_of(record) is None
    assert error_of({"content": [], "structuredContent": record}) is None
    calls: list[str] = []

    def create_doc(*, idempotency_key: str) -> dict[str, Any]:
        calls.append(idempotency_key)
        return record

    assert retry.Retry(idempotency_key=True).call(create_doc) == record
    assert len(calls) == 1


def test_problem_documents_are_recognised_by_their_members_or_media_type() -> None:
    """An error status, a type URI with title and detail, or the media type marks one."""
    assert parse({"title": "Forbidden", "status": 403}).kind is ErrorKind.PERMISSION_DENIED
    rfc = {
        "type": "https://example.com/probs/out-of-credit",
        "title": "You do not have enough credit.",
        "detail": "Your current balance is 30, but that costs 50.",
    }
    assert error_of(rfc) is not None
    error = from_http(403, {"Content-Type": "application/problem+json"}, b'{"title": "No"}')
    assert (error.kind, error.vendor, error.message) == (
        ErrorKind.PERMISSION_DENIED,
        "problem",
        "No",
    )


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 429, 500, 502, 503, 504])
@pytest.mark.parametrize(
    "body",
    [None, b'{"detail": "x"}', b"<html>bad gateway</html>", b'{"title": "t", "status": 418}'],
)
def test_never_more_retryable_after_a_round_trip(status: int, body: bytes | None) -> None:
    """An error read by from_http, through problem details and back, is never more retryable."""
    error = from_http(status, None, body)
    back = parse(convert(error, to="problem"))
    for idempotent in (False, True):
        assert should_retry(back, idempotent=idempotent) <= should_retry(
            error, idempotent=idempotent
        )


def test_at_home_the_kind_wins_over_a_code_that_says_otherwise() -> None:
    """A problem document whose kind and code disagree is written by its kind."""
    problem = {
        "type": "urn:toolerrors:kind:refused", "title": "Refused", "detail": "m",
        "kind": "refused", "vendor": "use_tool", "code": "rate_limited", "retryable": False,
    }  # fmt: skip
    assert not should_retry(parse(problem), idempotent=True)
    wire = convert(problem, to="use_tool")
    assert wire == {"error": "forbidden", "message": "m"}  # no owner or reason: no check's
    assert not should_retry(parse(wire), idempotent=True)
