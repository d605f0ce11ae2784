"""OpenAI API errors, and those of APIs compatible with it: ``{"error": {message, type,
param, code}}``, and realtime error events around the same object.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's status
and headers (``retry-after``, ``retry-after-ms``, ``x-should-retry``, ``x-request-id``).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.openai import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorObject", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The ``code`` values OpenAI documents, the ``type`` values that name an error when
    ``code`` is null, and Azure OpenAI's ``content_filter``."""

    INVALID_API_KEY = "invalid_api_key"
    ACCOUNT_DEACTIVATED = "account_deactivated"
    INSUFFICIENT_QUOTA = "insufficient_quota"
    BILLING_HARD_LIMIT_REACHED = "billing_hard_limit_reached"
    RATE_LIMIT_EXCEEDED = "rate_limit_exceeded"
    CONTEXT_LENGTH_EXCEEDED = "context_length_exceeded"
    MODEL_NOT_FOUND = "model_not_found"
    UNSUPPORTED_COUNTRY = "unsupported_country_region_territory"
    INVALID_REQUEST_ERROR = "invalid_request_error"
    AUTHENTICATION_ERROR = "authentication_error"
    PERMISSION_ERROR = "permission_error"
    NOT_FOUND_ERROR = "not_found_error"
    REQUESTS = "requests"
    TOKENS = "tokens"
    SERVER_ERROR = "server_error"
    INTERNAL_ERROR = "internal_error"
    CONTENT_FILTER = "content_filter"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code (or error type) means, from OpenAI's documentation."""


class ErrorObject(WireModel):
    """``{message, type, param, code}``: ``param`` and ``code`` are present, and may be
    null."""

    message: StrictStr
    type: StrictStr | None = None
    param: Any
    code: Annotated[ErrorCode | StrictStr | None, Field(union_mode="left_to_right")]
    event_id: StrictStr | None = None
    """In a Realtime error event, the client event that failed."""

    def check_strict(self) -> None:
        name = self.code if self.code is not None else self.type
        if not isinstance(name, ErrorCode) and name not in ErrorCode._value2member_map_:
            raise FieldProblem("code", f"unknown openai code {name!r}")


class ErrorResponse(WireModel):
    """``{"error": {...}}``, or a realtime event ``{"type": "error", "event_id", "error"}``."""

    error: ErrorObject
    type: StrictStr | None = None
    event_id: StrictStr | None = None


Payload: TypeAlias = ErrorResponse
"""An OpenAI error response or event."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """An OpenAI error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
