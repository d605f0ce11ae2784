"""OAuth 2.0 error responses (RFC 6749 §5.2, RFC 6750 §3.1, RFC 7591 §3.2.2, RFC 8628 §3.5).

``{"error": "invalid_grant", "error_description": "...", "error_uri": "..."}``: what a
token endpoint, a protected resource or a registration endpoint answers when it refuses.
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.oauth import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The registered OAuth 2.0 error codes an agent's tools meet."""

    INVALID_REQUEST = "invalid_request"
    INVALID_CLIENT = "invalid_client"
    INVALID_GRANT = "invalid_grant"
    UNAUTHORIZED_CLIENT = "unauthorized_client"
    UNSUPPORTED_GRANT_TYPE = "unsupported_grant_type"
    INVALID_SCOPE = "invalid_scope"
    ACCESS_DENIED = "access_denied"
    UNSUPPORTED_RESPONSE_TYPE = "unsupported_response_type"
    SERVER_ERROR = "server_error"
    TEMPORARILY_UNAVAILABLE = "temporarily_unavailable"
    INVALID_TOKEN = "invalid_token"
    INSUFFICIENT_SCOPE = "insufficient_scope"
    INVALID_REDIRECT_URI = "invalid_redirect_uri"
    INVALID_CLIENT_METADATA = "invalid_client_metadata"
    AUTHORIZATION_PENDING = "authorization_pending"
    SLOW_DOWN = "slow_down"
    EXPIRED_TOKEN = "expired_token"


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
