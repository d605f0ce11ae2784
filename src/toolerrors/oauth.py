"""OAuth 2.0 error responses (RFC 6749 §5.2, RFC 6750 §3.1, RFC 7591 §3.2.2, RFC 8628 §3.5).

``{"error": "invalid_grant", "error_description": "...", "error_uri": "..."}``: what a
token endpoint, a protected resource or a registration endpoint answers when it refuses.
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.oauth import ROWS
from ._builtin.oauth import OAuthCode as ErrorCode
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]

MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from the RFC that registers it."""


class ErrorResponse(WireModel):
    """``{error, error_description?, error_uri?}``."""

    error: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    error_description: StrictStr | None = None
    error_uri: StrictStr | None = None

    def check_strict(self) -> None:
        if not isinstance(self.error, ErrorCode):
            raise FieldProblem("error", f"unknown oauth code {self.error!r}")


Payload: TypeAlias = ErrorResponse
"""An OAuth error response."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """An OAuth error response (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
