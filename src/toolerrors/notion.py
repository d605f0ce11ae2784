"""Notion API errors: ``{"object": "error", "status", "code", "message", "request_id"?,
"additional_data"?}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status.  The code decides; ``object_not_found`` may also mean the page is not shared
with the integration.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import Field, StrictInt, StrictStr

from ._builtin.notion import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The codes Notion documents."""

    INVALID_JSON = "invalid_json"
    INVALID_REQUEST_URL = "invalid_request_url"
    INVALID_REQUEST = "invalid_request"
    INVALID_GRANT = "invalid_grant"
    VALIDATION_ERROR = "validation_error"
    MISSING_VERSION = "missing_version"
    UNAUTHORIZED = "unauthorized"
    RESTRICTED_RESOURCE = "restricted_resource"
    OBJECT_NOT_FOUND = "object_not_found"
    CONFLICT_ERROR = "conflict_error"
    RATE_LIMITED = "rate_limited"
    INTERNAL_SERVER_ERROR = "internal_server_error"
    BAD_GATEWAY = "bad_gateway"
    SERVICE_UNAVAILABLE = "service_unavailable"
    DATABASE_CONNECTION_UNAVAILABLE = "database_connection_unavailable"
    GATEWAY_TIMEOUT = "gateway_timeout"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, in Notion's words."""


class ErrorResponse(WireModel):
    """``{object: "error", status, code, message, request_id?, additional_data?}``."""

    object: Literal["error"]
    status: StrictInt
    code: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr
    request_id: StrictStr | None = None
    additional_data: dict[str, Any] | None = None

    def check_strict(self) -> None:
        if not isinstance(self.code, ErrorCode):
            raise FieldProblem("code", f"unknown notion code {self.code!r}")


Payload: TypeAlias = ErrorResponse
"""A Notion API error."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A Notion error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
