"""Salesforce errors: the code decides whatever the status, in the REST API's array and in
Bulk API's error alike."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.salesforce import BulkError, ErrorCode, ErrorObject
from toolerrors.salesforce import parse as parse_model


@pytest.mark.parametrize(
    ("name", "code", "kind", "retryable"),
    [
        ("invalid-session-id-rest-api", "INVALID_SESSION_ID", ErrorKind.UNAUTHENTICATED, False),
        ("invalid-field-for-insert-update", "INVALID_FIELD_FOR_INSERT_UPDATE",
         ErrorKind.INVALID_INPUT, False),
        ("not-found-platform-event", "NOT_FOUND", ErrorKind.NOT_FOUND, False),
        ("malformed-search", "MALFORMED_SEARCH", ErrorKind.INVALID_INPUT, False),
        ("query-too-complicated", "QUERY_TOO_COMPLICATED", ErrorKind.TOO_LARGE, False),
    ],
)  # fmt: skip
def test_the_first_error_of_the_array_is_read_and_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind, retryable: bool
) -> None:
    """The REST API's array gives its first error: its code decides, its message and
    fields are the error's; written back to Salesforce, it is that error object."""
    body = corpus_case("salesforce", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "salesforce", code, kind, retryable
    )  # fmt: skip
    assert error.message == body[0]["message"]
    assert convert(error, "salesforce") == body[0]


def test_bulk_api_s_expired_session_is_unauthenticated_at_its_400() -> None:
    """Bulk API sends an expired session as ``InvalidSessionId`` with a 400: the code
    decides, so the caller signs in again rather than fixing its input."""
    body = corpus_case("salesforce", "bulk-invalid-session-id")["body"]
    error = from_http(400, {}, body)
    assert (error.kind, error.retryable, error.status_code, error.code) == (
        ErrorKind.UNAUTHENTICATED, False, 400, "InvalidSessionId"
    )  # fmt: skip
    assert error.message == "Invalid session id"
    assert convert(error, "salesforce") == body


def test_a_spent_request_limit_is_a_rate_limit_at_its_403() -> None:
    """``REQUEST_LIMIT_EXCEEDED`` comes with a 403, which alone would ask the owner:
    the code says wait."""
    body = [{"message": "TotalRequests Limit exceeded.", "errorCode": "REQUEST_LIMIT_EXCEEDED"}]
    error = from_http(403, {}, body)
    assert (error.kind, error.retryable, error.status_code) == (
        ErrorKind.RATE_LIMITED, True, 403
    )  # fmt: skip


def test_a_lock_held_elsewhere_may_be_retried() -> None:
    """``UNABLE_TO_LOCK_ROW`` and Bulk API's ``TooManyLockFailure`` are conflicts that
    clear once the other operation ends."""
    locked = parse([{"message": "unable to obtain exclusive access to this record",
                     "errorCode": "UNABLE_TO_LOCK_ROW", "fields": []}])  # fmt: skip
    assert (locked.kind, locked.retryable) == (ErrorKind.CONFLICT, True)
    bulk = parse({"exceptionCode": "TooManyLockFailure", "exceptionMessage": "x"})
    assert (bulk.kind, bulk.retryable) == (ErrorKind.CONFLICT, True)


def test_a_generic_api_error_leaves_the_status_to_decide() -> None:
    """``API_ERROR`` says nothing of its own: with a 400 it is the caller's input."""
    case = corpus_case("salesforce", "api-error-bulk-2-query")
    assert parse(case["body"]).kind is ErrorKind.UNKNOWN
    error = from_http(case["status"], {}, case["body"])
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.INVALID_INPUT, False, "API_ERROR"
    )  # fmt: skip


def test_a_code_not_in_the_table_reads_by_its_words() -> None:
    """A code Salesforce added later is read by its words, and strictly refused; no
    system is named on a code Salesforce does not list (DocuSign sends the same shape)."""
    body = {"message": "x", "errorCode": "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY"}
    assert (parse(body).kind, parse(body).vendor) == (ErrorKind.UNKNOWN, None)
    deleted = {"message": "x", "errorCode": "ENTITY_NOT_FOUND_IN_TRASH"}
    assert (parse(deleted).kind, parse(deleted).vendor) == (ErrorKind.NOT_FOUND, None)
    with pytest.raises(ShapeError, match="unknown errorCode 'CANNOT_INSERT") as caught:
        parse(body, strict=True)
    assert caught.value.where == "/errorCode"


def test_only_salesforce_s_errors_are_claimed() -> None:
    """A text ``errorCode`` needs a text ``message`` beside it, and ``exceptionCode`` an
    ``exceptionMessage``; a record or a SaveResult that succeeded is no error."""
    assert error_of({"name": "API_DISABLED_FOR_ORG", "errorCode": "API_DISABLED_FOR_ORG"}) is None
    assert error_of({"exceptionCode": "InvalidJob"}) is None
    assert error_of({"id": "001D000000IqhSLIAZ", "success": True, "errors": []}) is None


def test_elsewhere_an_error_is_the_code_of_its_kind() -> None:
    """Another source's error becomes the REST API's code of its kind."""
    missing = parse({"ok": False, "error": "channel_not_found"})
    assert convert(missing, "salesforce") == {"message": missing.message, "errorCode": "NOT_FOUND"}
    declined = parse({"refused": "declined", "message": "The owner said no."})
    assert convert(declined, "salesforce")["errorCode"] == "INSUFFICIENT_ACCESS_OR_READONLY"


def test_the_models() -> None:
    """Strict reading holds each shape to its fields, and each code field to its own
    codes: a Bulk API code is no REST API ``errorCode``."""
    rest = corpus_case("salesforce", "invalid-field-for-insert-update")["body"]
    model = parse_model(rest, strict=True)
    assert isinstance(model, ErrorObject)
    assert model.errorCode is ErrorCode.INVALID_FIELD_FOR_INSERT_UPDATE
    assert model.to_wire() == rest[0]
    bulk = corpus_case("salesforce", "bulk-invalid-session-id")["body"]
    bulk_model = parse_model(bulk, strict=True)
    assert isinstance(bulk_model, BulkError)
    assert bulk_model.exceptionCode is ErrorCode.BULK_INVALID_SESSION_ID
    with pytest.raises(ShapeError, match="errorCode"):
        parse_model({"message": "x", "errorCode": "InvalidSessionId"}, strict=True)
    with pytest.raises(ShapeError, match="errorCode"):
        parse({"message": "x", "errorCode": "InvalidSessionId"}, strict=True)
    with pytest.raises(ShapeError, match="statusCode"):
        parse({"message": "x", "errorCode": "NOT_FOUND", "statusCode": 404}, strict=True)
