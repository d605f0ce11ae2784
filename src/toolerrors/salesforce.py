"""Salesforce errors: the REST API's ``[{"message", "errorCode", "fields"?}]`` and Bulk
API's ``{"exceptionCode", "exceptionMessage"}``.

Read them with `toolerrors.parse` (an array's first error is read), or with
`toolerrors.from_http` and the response's status.  The code decides, whatever the
status: Bulk API sends an expired session with a 400, the REST API a spent request
limit with a 403.
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.salesforce import BULK_CODES, ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "BulkError", "ErrorCode", "ErrorObject", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The REST API's codes agents meet, then Bulk API's exception codes (``BULK_``)."""

    INVALID_SESSION_ID = "INVALID_SESSION_ID"
    INVALID_AUTH_HEADER = "INVALID_AUTH_HEADER"
    INVALID_OPERATION_WITH_EXPIRED_PASSWORD = "INVALID_OPERATION_WITH_EXPIRED_PASSWORD"
    REQUEST_LIMIT_EXCEEDED = "REQUEST_LIMIT_EXCEEDED"
    API_DISABLED_FOR_ORG = "API_DISABLED_FOR_ORG"
    API_CURRENTLY_DISABLED = "API_CURRENTLY_DISABLED"
    INSUFFICIENT_ACCESS_OR_READONLY = "INSUFFICIENT_ACCESS_OR_READONLY"
    INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY = "INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY"
    NOT_FOUND = "NOT_FOUND"
    ENTITY_IS_DELETED = "ENTITY_IS_DELETED"
    INVALID_FIELD = "INVALID_FIELD"
    INVALID_FIELD_FOR_INSERT_UPDATE = "INVALID_FIELD_FOR_INSERT_UPDATE"
    INVALID_TYPE = "INVALID_TYPE"
    INVALID_CROSS_REFERENCE_KEY = "INVALID_CROSS_REFERENCE_KEY"
    INVALID_QUERY_FILTER_OPERATOR = "INVALID_QUERY_FILTER_OPERATOR"
    MALFORMED_ID = "MALFORMED_ID"
    MALFORMED_QUERY = "MALFORMED_QUERY"
    MALFORMED_SEARCH = "MALFORMED_SEARCH"
    JSON_PARSER_ERROR = "JSON_PARSER_ERROR"
    REQUIRED_FIELD_MISSING = "REQUIRED_FIELD_MISSING"
    FIELD_CUSTOM_VALIDATION_EXCEPTION = "FIELD_CUSTOM_VALIDATION_EXCEPTION"
    STRING_TOO_LONG = "STRING_TOO_LONG"
    QUERY_TOO_COMPLICATED = "QUERY_TOO_COMPLICATED"
    EXCEEDED_ID_LIMIT = "EXCEEDED_ID_LIMIT"
    OPERATION_TOO_LARGE = "OPERATION_TOO_LARGE"
    DUPLICATE_VALUE = "DUPLICATE_VALUE"
    DUPLICATES_DETECTED = "DUPLICATES_DETECTED"
    UNABLE_TO_LOCK_ROW = "UNABLE_TO_LOCK_ROW"
    STORAGE_LIMIT_EXCEEDED = "STORAGE_LIMIT_EXCEEDED"
    REQUEST_RUNNING_TOO_LONG = "REQUEST_RUNNING_TOO_LONG"
    SERVER_UNAVAILABLE = "SERVER_UNAVAILABLE"
    UNKNOWN_EXCEPTION = "UNKNOWN_EXCEPTION"
    API_ERROR = "API_ERROR"
    BULK_INVALID_SESSION_ID = "InvalidSessionId"
    BULK_EXCEEDED_QUOTA = "ExceededQuota"
    BULK_FEATURE_NOT_ENABLED = "FeatureNotEnabled"
    BULK_INVALID_USER = "InvalidUser"
    BULK_INVALID_BATCH = "InvalidBatch"
    BULK_INVALID_JOB = "InvalidJob"
    BULK_INVALID_JOB_STATE = "InvalidJobState"
    BULK_INVALID_OPERATION = "InvalidOperation"
    BULK_INVALID_URL = "InvalidUrl"
    BULK_INVALID_XML = "InvalidXML"
    BULK_CLIENT_INPUT_ERROR = "ClientInputError"
    BULK_TOO_MANY_LOCK_FAILURE = "TooManyLockFailure"
    BULK_TIMEOUT = "Timeout"
    BULK_UNKNOWN = "Unknown"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from Salesforce's documentation."""


class ErrorObject(WireModel):
    """``{message, errorCode, fields?}``: one error of the REST API's array."""

    message: StrictStr
    errorCode: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    fields: list[StrictStr] | None = None

    def check_strict(self) -> None:
        if not isinstance(self.errorCode, ErrorCode) or self.errorCode in BULK_CODES:
            raise FieldProblem("errorCode", f"unknown salesforce code {self.errorCode!r}")


class BulkError(WireModel):
    """``{exceptionCode, exceptionMessage}``: Bulk API's error."""

    exceptionCode: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    exceptionMessage: StrictStr

    def check_strict(self) -> None:
        if self.exceptionCode not in BULK_CODES:
            raise FieldProblem("exceptionCode", f"unknown salesforce code {self.exceptionCode!r}")


Payload: TypeAlias = ErrorObject | BulkError
"""A Salesforce error: the REST API's, or Bulk API's."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """A Salesforce error (dict, JSON text or model; an array's first error) as its
    model."""
    if isinstance(payload, list) and payload:
        payload = payload[0]
    data = as_data(payload)
    if "exceptionCode" in data:
        return validate(BulkError, data, strict)
    return validate(ErrorObject, data, strict)
