"""Anthropic API errors: ``{"type": "error", "error": {type, message}, "request_id"?}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's status
and headers (``x-should-retry``, ``retry-after``, ``request-id``).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.anthropic import ROWS
from ._builtin.anthropic import AnthropicType as ErrorType
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorObject", "ErrorResponse", "ErrorType", "Payload", "parse"]

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
