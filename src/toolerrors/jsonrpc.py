"""MCP protocol errors: JSON-RPC 2.0 error objects and the responses that carry them.

An MCP server or client that cannot serve a request answers with a JSON-RPC error
response, ``{"jsonrpc": "2.0", "id": ..., "error": {code, message, data?}}``, rather than
a result.  A tool that ran and failed answers with a *result* instead, a CallToolResult
with ``isError: true`` (see `toolerrors.mcp`).
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias

from pydantic import StrictInt, StrictStr

from ._builtin.jsonrpc import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorObject", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The error codes of JSON-RPC 2.0, of the MCP specification and of the MCP SDKs, as
    text."""

    PARSE_ERROR = "-32700"
    INVALID_REQUEST = "-32600"
    METHOD_NOT_FOUND = "-32601"
    INVALID_PARAMS = "-32602"
    INTERNAL_ERROR = "-32603"
    CONNECTION_CLOSED = "-32000"
    REQUEST_TIMEOUT = "-32001"
    RESOURCE_NOT_FOUND = "-32002"
    HEADER_MISMATCH = "-32020"
    MISSING_CAPABILITY = "-32021"
    UNSUPPORTED_VERSION = "-32022"
    URL_ELICITATION_REQUIRED = "-32042"
    USER_REJECTED = "-1"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from JSON-RPC 2.0 and the MCP specification."""

_CODES: Final = frozenset(int(code.value) for code in ErrorCode)


class ErrorObject(WireModel):
    """``{code, message, data?}``: ``data`` may be any JSON value."""

    code: StrictInt
    message: StrictStr
    data: Any = None

    def check_strict(self) -> None:
        if self.code not in _CODES:
            raise FieldProblem("code", f"unknown jsonrpc code {self.code}")


class ErrorResponse(WireModel):
    """``{"jsonrpc": "2.0", "id", "error"}``: a request that failed at the protocol level."""

    jsonrpc: Literal["2.0"]
    id: StrictStr | StrictInt | None
    error: ErrorObject


Payload: TypeAlias = ErrorObject | ErrorResponse
"""A JSON-RPC error, bare or in its response."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """An error object or an error response (dict, JSON text or model) as its model."""
    data = as_data(payload)
    if "jsonrpc" in data:
        return validate(ErrorResponse, data, strict)
    return validate(ErrorObject, data, strict)
