"""OpenAI's errors, Azure OpenAI's additions, the SDK's unwrapped bodies and Realtime
error events."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, openai, parse
from toolerrors._builtin.openai import ERROR, read_openai
from toolerrors._source import problems
from toolerrors.sources import check


@pytest.mark.parametrize(
    ("payload", "where"),
    [
        ({"error": {"message": "m", "param": None, "code": 5, "type": "x"}}, "/error/code"),
        ({"error": {"message": "m", "param": None, "code": "x", "type": 7}}, "/error/type"),
        ({"error": {"message": "m", "param": None, "code": 5, "type": 7}}, "/error/type"),
        ({"type": "error", "event_id": 5, "error": {"message": "m", "param": None}}, "/event_id"),
    ],
)
def test_fields_of_the_wrong_type_are_said_where(payload: dict[str, object], where: str) -> None:
    """Strictly, OpenAI's text fields must be text (or null) and the error says which (the
    first in the order OpenAI documents them: message, type, param, code); leniently, such a payload is still an error, of no source in particular."""
    with pytest.raises(ShapeError) as caught:
        parse(payload, strict=True)
    assert caught.value.where == where
    assert parse(payload).vendor is None


def test_azure_openai_adds_a_numeric_status_and_is_still_openai() -> None:
    """Azure OpenAI's error object carries the HTTP status as a number and an
    ``innererror``; a text ``status`` is Google's, and with a ``param`` beside it the
    object is no one's."""
    azure = {
        "error": {
            "message": "The response was filtered due to the prompt triggering Azure OpenAI's"
            " content management policy. Please modify your prompt and retry.",
            "type": None,
            "param": "prompt",
            "code": "content_filter",
            "status": 400,
            "innererror": {"code": "ResponsibleAIPolicyViolation"},
        }
    }
    error = parse(azure)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "openai", "content_filter", ErrorKind.INVALID_INPUT, False,
    )  # fmt: skip
    assert error.extra == azure  # given back as it came
    with pytest.raises(ShapeError, match="/error: unknown field"):
        parse(azure, strict=True)  # OpenAI documents neither status nor innererror
    texted = {"error": {"message": "Bad.", "param": "x", "code": 3, "status": "INVALID_ARGUMENT"}}
    assert parse(texted).vendor is None


def test_the_error_object_without_its_wrapper() -> None:
    """The OpenAI SDK keeps the object inside ``error`` as ``APIStatusError.body``: with
    a code OpenAI documents (or, with a null code, a type), it reads as the response it
    came in, and gives that back; any other such object is no one's."""
    body = {
        "message": "You exceeded your current quota, please check your plan and billing details.",
        "type": "insufficient_quota",
        "param": None,
        "code": "insufficient_quota",
    }
    for read in (parse, error_of, lambda value: from_http(429, None, value)):
        error = read(dict(body))
        assert error is not None
        assert (error.vendor, error.code, error.kind, error.retryable) == (
            "openai", "insufficient_quota", ErrorKind.PAYMENT_REQUIRED, False,
        )  # fmt: skip
        assert error.extra == {"error": body}
    assert convert(body, to="openai") == {"error": body}
    with pytest.raises(ShapeError) as caught:
        parse(body, strict=True)
    assert caught.value.where == ""
    assert caught.value.problem.startswith("OpenAI's error object outside an error response")
    typed = {"message": "Invalid API key.", "type": "invalid_request_error", "param": None,
             "code": None}  # fmt: skip
    assert (parse(typed).vendor, parse(typed).code) == ("openai", "invalid_request_error")
    # A code OpenAI does not document: no one's, read by its words when an error is needed.
    other = {**body, "code": "quota_gone", "type": "billing"}
    assert (error_of(other), parse(other).vendor, parse(other).kind) == (
        None, None, ErrorKind.PAYMENT_REQUIRED,
    )  # fmt: skip
    assert error_of({"message": "hello", "type": "text", "param": None, "code": None}) is None
    # Configure's own form, with its type and param, stays Configure's.
    configure = {"code": "I_AM_NEW", "message": "m", "type": "invalid_request_error",
                 "param": "agent"}  # fmt: skip
    assert parse(configure).vendor == "configure"


def test_a_realtime_error_event_keeps_its_own_status() -> None:
    """An OpenAI error event with the HTTP status beside its error object keeps it."""
    error = parse(
        {
            "type": "error",
            "event_id": "event_890",
            "status": 400,
            "error": {
                "type": "invalid_request_error",
                "code": "invalid_value",
                "message": "m",
                "param": "x",
            },
        }
    )
    assert (error.vendor, error.kind, error.status_code) == ("openai", ErrorKind.INVALID_INPUT, 400)


def test_a_realtime_error_event_holds_to_openai_s_shape() -> None:
    """The Realtime API's error object names the client event that failed (``event_id``
    inside ``error``): a field of OpenAI's shape, for the reader and the model alike (its
    code, ``invalid_event``, is not one OpenAI lists, so strict reading stops there)."""
    body = corpus_case("openai", "realtime-error-event")["body"]
    check(ERROR, body, False, "")
    found = [(p.where, p.problem.partition(";")[0]) for p in problems(ERROR, body, True, "")]
    assert found == [("/error/code", "unknown code 'invalid_event'")]
    error = parse(body)
    assert (error.vendor, error.code, error.kind) == (
        "openai",
        "invalid_event",
        ErrorKind.INVALID_INPUT,
    )
    model = openai.parse(body)
    assert (model.event_id, model.error.event_id) == ("event_890", "event_567")
    with pytest.raises(ShapeError) as caught:
        parse(body, strict=True)
    assert caught.value.where == "/error/code"
    assert caught.value.problem.startswith("unknown code 'invalid_event'; expected one of the 17")


def test_strict_reading_wants_param_and_code_as_openai_s_schema_does() -> None:
    """OpenAI's schema requires ``param`` and ``code``, which may be null: strict reading
    refuses an error object without them, as the model does; lenient reading takes their
    absence as null.  The Evals API's bare ``{code: internal_error, message}`` names no
    vendor: OpenFGA's 500 is the same pair."""
    evals = {"code": "internal_error", "message": "Something went wrong."}
    assert (parse(evals).vendor, parse(evals).kind) == (None, ErrorKind.INTERNAL)
    no_code = {"error": {"message": "m", "type": "invalid_request_error", "param": None}}
    assert parse(no_code).code == "invalid_request_error"
    with pytest.raises(ShapeError) as caught:
        parse(no_code, strict=True)
    assert (caught.value.where, caught.value.problem) == ("/error", "missing required field 'code'")
    no_param = {"error": {"message": "m", "type": "invalid_request_error", "code": None}}
    with pytest.raises(ShapeError) as caught:
        read_openai(no_param, True, "")
    assert (caught.value.where, caught.value.problem) == (
        "/error",
        "missing required field 'param'",
    )
    for body in (no_code, no_param):
        with pytest.raises(ShapeError):
            openai.parse(body, strict=True)
