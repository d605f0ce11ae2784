"""Cloudflare API errors: the envelope ``{"success": false, "errors": [{"code",
"message", "error_chain"?}], "messages", "result": null}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status.  The first error decides; ``error_chain`` lists its causes.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import StrictInt, StrictStr

from ._builtin.cloudflare import ROWS
from ._enum import TextEnum
from ._wire import ExactBool, WireModel, as_data, validate

__all__ = ["MEANING", "Envelope", "ErrorCode", "ErrorObject", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The codes read by name, as text; Cloudflare's products document more."""

    INVALID_ZONE_ID = "1003"
    INVALID_REQUEST_HEADERS = "6003"
    NO_ROUTE = "7000"
    COULD_NOT_ROUTE = "7003"
    UNKNOWN_AUTH_KEY = "9103"
    MISSING_AUTH_HEADERS = "9106"
    AUTHENTICATION_ERROR = "10000"
    RATE_LIMITED = "971"
    RECORD_DOES_NOT_EXIST = "81044"
    HOST_RECORD_EXISTS = "81053"
    RECORD_ALREADY_EXISTS = "81057"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, in Cloudflare's words."""


class ErrorObject(WireModel):
    """``{code, message, error_chain?, documentation_url?, source?}``."""

    code: StrictInt
    message: StrictStr
    error_chain: list[ErrorObject] | None = None
    documentation_url: StrictStr | None = None
    source: dict[str, Any] | None = None


class Envelope(WireModel):
    """``{success: false, errors, messages?, result?}``."""

    ALWAYS = frozenset({"success"})
    success: Annotated[Literal[False], ExactBool] = False
    errors: list[ErrorObject]
    messages: list[Any] | None = None
    result: Any = None


Payload: TypeAlias = Envelope
"""A Cloudflare API error."""


def parse(payload: object, *, strict: bool = False) -> Envelope:
    """A Cloudflare envelope (dict, JSON text or model) as its model."""
    return validate(Envelope, as_data(payload), strict)
