"""Anthropic API errors: ``{"type": "error", "error": {type, message}, "request_id"?}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's status
and headers (``x-should-retry``, ``retry-after``, ``request-id``).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.anthropic import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorObject", "ErrorResponse", "ErrorType", "Payload", "parse"]


class ErrorType(TextEnum):
    """The ``error.type`` values Anthropic documents."""

    INVALID_REQUEST_ERROR = "invalid_request_error"
    AUTHENTICATION_ERROR = "authentication_error"
    BILLING_ERROR = "billing_error"
    PERMISSION_ERROR = "permission_error"
    NOT_FOUND_ERROR = "not_found_error"
    REQUEST_TOO_LARGE = "request_too_large"
    RATE_LIMIT_ERROR = "rate_limit_error"
    API_ERROR = "api_error"
    TIMEOUT_ERROR = "timeout_error"
    OVERLOADED_ERROR = "overloaded_error"


MEANING: Final[dict[ErrorType, str]] = {
    ErrorType(row.code): row.meaning for row in ROWS if row.reads
}
"""What each error type means, from Anthropic's documentation."""


class ErrorObject(WireModel):
    """``{type, message}``."""

    type: Annotated[ErrorType | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr

    def check_strict(self) -> None:
        if not isinstance(self.type, ErrorType):
            raise FieldProblem("type", f"unknown anthropic type {self.type!r}")


class ErrorResponse(WireModel):
    """``{"type": "error", "error": {type, message}, "request_id"?}``."""

    type: Literal["error"]
    error: ErrorObject
    request_id: StrictStr | None = None


Payload: TypeAlias = ErrorResponse
"""An Anthropic error response or stream event."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """An Anthropic error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
