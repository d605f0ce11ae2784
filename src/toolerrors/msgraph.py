"""Microsoft Graph and Azure errors: ``{"error": {code, message, innerError?, details?,
target?}}`` (OData v4), and Azure's unwrapped ``{code, message}``.

Read them with `toolerrors.from_http` and the response's status and headers: throttling
is a 429 with ``Retry-After``, whatever the code says.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.msgraph import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorObject", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """Microsoft Graph's documented codes, detailed ``innerError`` codes agents meet, and
    common Azure codes."""

    ACCESS_DENIED = "accessDenied"
    ACTIVITY_LIMIT_REACHED = "activityLimitReached"
    EXTENSION_ERROR = "extensionError"
    GENERAL_EXCEPTION = "generalException"
    INVALID_RANGE = "invalidRange"
    INVALID_REQUEST = "invalidRequest"
    ITEM_NOT_FOUND = "itemNotFound"
    MALWARE_DETECTED = "malwareDetected"
    NAME_ALREADY_EXISTS = "nameAlreadyExists"
    NOT_ALLOWED = "notAllowed"
    NOT_SUPPORTED = "notSupported"
    RESOURCE_MODIFIED = "resourceModified"
    RESYNC_REQUIRED = "resyncRequired"
    SERVICE_NOT_AVAILABLE = "serviceNotAvailable"
    SYNC_STATE_NOT_FOUND = "syncStateNotFound"
    QUOTA_LIMIT_REACHED = "quotaLimitReached"
    UNAUTHENTICATED = "unauthenticated"
    THROTTLED_REQUEST = "throttledRequest"
    MAX_FILE_SIZE_EXCEEDED = "maxFileSizeExceeded"
    ENTITY_TAG_DOES_NOT_MATCH = "entityTagDoesNotMatch"
    ACCESS_RESTRICTED = "accessRestricted"
    ERROR_ITEM_NOT_FOUND = "ErrorItemNotFound"
    RESOURCE_NOT_FOUND = "ResourceNotFound"
    INVALID_AUTHENTICATION_TOKEN = "InvalidAuthenticationToken"
    AUTHORIZATION_FAILED = "AuthorizationFailed"
    AUTHORIZATION_REQUEST_DENIED = "Authorization_RequestDenied"
    REQUEST_RESOURCE_NOT_FOUND = "Request_ResourceNotFound"
    TOO_MANY_REQUESTS = "TooManyRequests"
    UNKNOWN_ERROR = "UnknownError"
    BAD_REQUEST = "badRequest"
    UNAUTHORIZED = "unauthorized"
    NULL_VALUE = "nullValue"
    MALFORMED_VALUE = "malformedValue"
    PASSWORD_ERROR = "passwordError"
    PASSWORD_DOES_NOT_MEET_POLICY = "passwordDoesNotMeetPolicy"
    PASSWORD_REUSE_NOT_ALLOWED = "passwordReuseNotAllowed"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from Microsoft's documentation."""


class ErrorObject(WireModel):
    """``{code, message, innerError?, details?, target?, innererror?, localizedMessage?}``."""

    code: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr
    innerError: dict[str, Any] | None = None
    details: list[Any] | None = None
    target: StrictStr | None = None
    innererror: dict[str, Any] | None = None
    """Azure's spelling of ``innerError``."""
    localizedMessage: StrictStr | None = None

    def check_strict(self) -> None:
        if not isinstance(self.code, ErrorCode):
            raise FieldProblem("code", f"unknown msgraph code {self.code!r}")


class ErrorResponse(WireModel):
    """``{"error": ErrorObject}``."""

    error: ErrorObject


Payload: TypeAlias = ErrorResponse | ErrorObject
"""A Graph error, wrapped, or Azure's unwrapped one."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """A Graph or Azure error (dict, JSON text or model) as its model."""
    data = as_data(payload)
    if "error" in data:
        return validate(ErrorResponse, data, strict)
    return validate(ErrorObject, data, strict)
