"""Jira REST API errors: no code of their own, so the HTTP status decides; the message
is the collection's messages and its fields'."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.jira import ErrorCollection, Status
from toolerrors.jira import parse as parse_model


@pytest.mark.parametrize(
    ("name", "kind", "retryable"),
    [
        ("no-access-403", ErrorKind.PERMISSION_DENIED, False),
        ("project-not-found-404", ErrorKind.NOT_FOUND, False),
        ("project-lead-400", ErrorKind.INVALID_INPUT, False),
        ("rate-limited-with-status-429", ErrorKind.RATE_LIMITED, True),
        ("jql-fields-anonymous-400", ErrorKind.INVALID_INPUT, False),
    ],
)
def test_the_status_decides_and_the_error_goes_back_as_it_came(
    name: str, kind: ErrorKind, retryable: bool
) -> None:
    """The response's status decides; written back to Jira, the collection is the one
    it came in, with that status, without which it could not say its kind."""
    case = corpus_case("jira", name)
    error = from_http(case["status"], {}, case["body"])
    assert (error.vendor, error.kind, error.retryable, error.status_code) == (
        "jira",
        kind,
        retryable,
        case["status"],
    )
    assert convert(error, "jira") == {**case["body"], "status": case["status"]}


def test_the_words_do_not_decide() -> None:
    """ "does not exist" at a 400 is the caller's input; a body alone says nothing, unless
    it repeats the status."""
    body = corpus_case("jira", "value-does-not-exist-warning-messages-400")["body"]
    assert from_http(400, {}, body).kind is ErrorKind.INVALID_INPUT
    alone = parse(body)
    assert (alone.kind, alone.retryable, alone.code, alone.status_code) == (
        ErrorKind.UNKNOWN,
        None,
        None,
        None,
    )
    repeated = parse({**body, "status": 404})
    assert (repeated.kind, repeated.code, repeated.status_code) == (
        ErrorKind.NOT_FOUND,
        "404",
        404,
    )


def test_the_message_is_the_messages_then_the_fields() -> None:
    """Every message, then each field's as ``field: message``, in one line."""
    body = {
        "errorMessages": ["Cannot create the issue."],
        "errors": {"summary": "You must specify a summary.", "labels": "Too many."},
    }
    assert parse(body).message == (
        "Cannot create the issue.; summary: You must specify a summary.; labels: Too many."
    )
    assert parse({"errorMessages": [], "errors": {}}).message == (
        "Jira answered with an error and no message"
    )


def test_only_an_error_collection_is_claimed() -> None:
    """``errorMessages`` must hold text, and ``errors`` be an object."""
    assert error_of({"errorMessages": [1], "errors": {}}) is None
    found = error_of({"errorMessages": ["x"], "errors": ["y"]})
    assert found is None or found.vendor != "jira"


def test_elsewhere_an_error_is_a_collection_with_the_status_of_its_kind() -> None:
    """Another source's error becomes an error collection that repeats the status of its
    kind, so it reads back the same."""
    missing = parse({"ok": False, "error": "channel_not_found"})
    written = convert(missing, "jira")
    assert written == {"errorMessages": [missing.message], "errors": {}, "status": 404}
    assert parse(written).kind is ErrorKind.NOT_FOUND


def test_the_model() -> None:
    """Strict reading holds the collection to Jira's fields."""
    body = corpus_case("jira", "rate-limited-with-status-429")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorCollection)
    assert (model.errorMessages, model.status) == (body["errorMessages"], 429)
    assert model.to_wire() == body
    assert Status("429") is Status.TOO_MANY_REQUESTS
    with pytest.raises(ShapeError, match="errorCount"):
        parse({"errorMessages": ["x"], "errors": {}, "errorCount": 1}, strict=True)
    with pytest.raises(ShapeError, match="status"):
        parse({"errorMessages": ["x"], "status": "429"}, strict=True)


def test_an_error_collection_beside_an_error_code_is_not_jira_s() -> None:
    """Enphase's Enlighten API sends ``{"errorCode": 7, "errorMessages": [...]}`` (its
    OpenAPI examples): Jira sends no ``errorCode``, so it is no one's, read by its words."""
    body = {"errorCode": 7, "errorMessages": ["Data is temporarily unavailable"]}
    error = from_http(500, {}, body)
    assert error.vendor != "jira"
    assert (error.kind, error.retryable) == (ErrorKind.UNAVAILABLE, True)
