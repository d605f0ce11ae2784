"""Twilio REST API errors: the numeric code decides whatever the status, and
``more_info``, a page of Twilio's documentation, is the mark of Twilio's."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_exception, from_http, parse
from toolerrors.twilio import ErrorCode, RestException
from toolerrors.twilio import parse as parse_model


def _body(code: int, message: str, status: int) -> dict[str, object]:
    page = f"https://www.twilio.com/docs/errors/{code}"
    return {"code": code, "message": message, "more_info": page, "status": status}


@pytest.mark.parametrize(
    ("name", "code", "kind", "retryable"),
    [
        ("sms-region-not-enabled-21408", "21408", ErrorKind.PERMISSION_DENIED, False),
        ("to-number-not-verified-21608", "21608", ErrorKind.PERMISSION_DENIED, False),
        ("authenticate-20003", "20003", ErrorKind.UNAUTHENTICATED, False),
        ("too-many-requests-20429", "20429", ErrorKind.RATE_LIMITED, True),
        ("service-unavailable-20503", "20503", ErrorKind.UNAVAILABLE, True),
        ("invalid-to-number-21211-xml", "21211", ErrorKind.INVALID_INPUT, False),
    ],
)
def test_the_code_decides_and_the_error_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind, retryable: bool
) -> None:
    """The code, its message and the status are the error's; written back to Twilio, the
    exception is the one it came in, ``more_info`` and ``detail`` too."""
    body = corpus_case("twilio", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "twilio",
        code,
        kind,
        retryable,
    )
    assert (error.message, error.status_code) == (body["message"], body["status"])
    assert convert(error, "twilio") == body


@pytest.mark.parametrize(
    ("code", "status", "kind", "retryable"),
    [
        (21610, 400, ErrorKind.PERMISSION_DENIED, False),
        (21215, 400, ErrorKind.PERMISSION_DENIED, False),
        (60203, 429, ErrorKind.RATE_LIMITED, True),
        (60202, 429, ErrorKind.RATE_LIMITED, True),
        (20500, 500, ErrorKind.UNKNOWN_OUTCOME, None),
        (10002, 403, ErrorKind.PAYMENT_REQUIRED, False),
    ],
)
def test_the_status_does_not_decide(
    code: int, status: int, kind: ErrorKind, retryable: bool | None
) -> None:
    """A permission at 400 is not the caller's input; a 500 on a POST may have sent the
    message, so it is retried only where the call is idempotent."""
    error = from_http(status, {}, _body(code, "x", status))
    assert (error.kind, error.retryable, error.code) == (kind, retryable, str(code))


def test_a_code_outside_the_table_reads_by_its_words_else_the_status_and_is_kept() -> None:
    """Twilio's dictionary is far larger than the table: a code outside it is read by its
    words, else by the status, and written back as it came."""
    worded = _body(21219, "The number +15005550001 is unverified.", 400)
    assert parse(worded).kind is ErrorKind.INVALID_INPUT  # by the status: no known words
    silent = _body(45005, "x", 503)
    error = from_http(503, {}, silent)
    assert (error.kind, error.code) == (ErrorKind.UNAVAILABLE, "45005")
    assert convert(error, "twilio") == silent
    sdk = corpus_case("twilio", "bad-request-details-sdk")["body"]
    assert convert(parse(sdk), "twilio") == sdk


def test_only_a_page_of_twilio_s_documentation_makes_a_body_twilio_s() -> None:
    """``more_info`` elsewhere is not Twilio's mark; a body with Twilio's is held to
    Twilio's fields."""
    other = {"code": 40001, "message": "x", "more_info": "https://example.com/errors/40001"}
    found = error_of(other)
    assert found is None or found.vendor != "twilio"
    page = "https://www.twilio.com/docs/errors/20404"
    broken = {"code": 20404, "message": 3, "more_info": page}
    with pytest.raises(ShapeError, match="/message"):
        parse(broken, strict=True)  # Twilio's, and its message is no text
    found = error_of(broken)
    assert found is not None and (found.vendor, found.kind) == (None, ErrorKind.UNKNOWN)


def test_elsewhere_an_error_is_the_code_of_its_kind_with_its_status() -> None:
    """Another source's error becomes the code of its kind, with its page; its status,
    else the one Twilio documents for the code."""
    limited = parse({"ok": False, "error": "ratelimited"})
    assert convert(limited, "twilio") == {
        "code": 20429,
        "message": limited.message,
        "more_info": "https://www.twilio.com/docs/errors/20429",
        "status": 429,
    }


def test_twilio_python_s_exception_is_read_by_its_code() -> None:
    """``TwilioRestException`` keeps the status, the code and the message; the code
    decides.  Where the body had no code the SDK gives the status as one, which is no
    code of Twilio's."""
    exceptions = pytest.importorskip("twilio.base.exceptions")
    uri = "/Accounts/AC0/Messages.json"
    region = exceptions.TwilioRestException(400, uri, "Unable to create record: x", 21408)
    assert (from_exception(region).kind, from_exception(region).code) == (
        ErrorKind.PERMISSION_DENIED,
        "21408",
    )
    bare = exceptions.TwilioRestException(502, uri, "Unable to fetch record", 502)
    error = from_exception(bare)
    assert (error.kind, error.vendor, error.code, error.status_code) == (
        ErrorKind.UPSTREAM_ERROR,
        "twilio",
        None,
        502,
    )


def test_the_model() -> None:
    """Strict reading holds the exception to Twilio's fields, not its codes to the table."""
    body = corpus_case("twilio", "too-many-requests-20429")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, RestException)
    assert (model.code, model.detail) == (20429, body["detail"])
    assert model.to_wire() == body
    assert ErrorCode("20429") is ErrorCode.TOO_MANY_REQUESTS
    assert parse(_body(45005, "x", 503), strict=True).code == "45005"
    with pytest.raises(ShapeError, match="hint"):
        parse({**_body(20404, "x", 404), "hint": "y"}, strict=True)
    with pytest.raises(ShapeError, match="code"):
        parse({**_body(20404, "x", 404), "code": "20404"}, strict=True)
