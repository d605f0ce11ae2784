"""Google API errors (AIP-193): ``{"error": {code, message, status, details[]}}``, the
legacy ``errors[]`` form, and bare Status objects.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status and headers.  A ``RetryInfo`` detail's ``retryDelay`` becomes ``retry_after``.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictInt, StrictStr

from ._builtin.google import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "Status", "parse"]


class ErrorCode(TextEnum):
    """The canonical ``google.rpc.Code`` names, and the legacy ``errors[].reason`` values
    agents meet most."""

    CANCELLED = "CANCELLED"
    UNKNOWN = "UNKNOWN"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
    NOT_FOUND = "NOT_FOUND"
    ALREADY_EXISTS = "ALREADY_EXISTS"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
    FAILED_PRECONDITION = "FAILED_PRECONDITION"
    ABORTED = "ABORTED"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    UNIMPLEMENTED = "UNIMPLEMENTED"
    INTERNAL = "INTERNAL"
    UNAVAILABLE = "UNAVAILABLE"
    DATA_LOSS = "DATA_LOSS"
    UNAUTHENTICATED = "UNAUTHENTICATED"
    RATE_LIMIT_EXCEEDED = "rateLimitExceeded"
    USER_RATE_LIMIT_EXCEEDED = "userRateLimitExceeded"
    DAILY_LIMIT_EXCEEDED = "dailyLimitExceeded"
    QUOTA_EXCEEDED = "quotaExceeded"
    KEY_INVALID = "keyInvalid"
    AUTH_ERROR = "authError"
    FORBIDDEN = "forbidden"
    INSUFFICIENT_PERMISSIONS = "insufficientPermissions"
    NOT_FOUND_REASON = "notFound"
    REQUIRED = "required"
    INVALID = "invalid"
    BACKEND_ERROR = "backendError"
    INTERNAL_ERROR = "internalError"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each status (or legacy reason) means, from Google's documentation."""


class Status(WireModel):
    """``{code, message, status?, details?, errors?}``: ``code`` is the HTTP status."""

    code: StrictInt
    message: StrictStr | None = None
    status: Annotated[ErrorCode | StrictStr | None, Field(union_mode="left_to_right")] = None
    details: Any = None
    errors: Any = None

    def check_strict(self) -> None:
        if self.status is not None and not isinstance(self.status, ErrorCode):
            raise FieldProblem("status", f"unknown google status {self.status!r}")
        for name in ("details", "errors"):
            value = getattr(self, name)
            if name in self.model_fields_set and type(value) is not list:
                raise FieldProblem(name, f"expected an array, got {type(value).__name__}")


class ErrorResponse(WireModel):
    """``{"error": Status}``."""

    error: Status


Payload: TypeAlias = ErrorResponse | Status
"""A Google error, wrapped or bare."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """A Google error (dict, JSON text or model) as its model."""
    data = as_data(payload)
    if "error" in data:
        return validate(ErrorResponse, data, strict)
    return validate(Status, data, strict)
