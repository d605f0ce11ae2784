"""Telegram Bot API errors: ``{"ok": false, "error_code", "description", "parameters"?}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status (the ``error_code`` is the HTTP status).  ``parameters.retry_after`` is flood
control's wait; ``parameters.migrate_to_chat_id`` the new id of a group that became a
supergroup.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeAlias

from pydantic import StrictInt, StrictStr

from ._builtin.telegram import ROWS
from ._enum import TextEnum
from ._wire import ExactBool, FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "ResponseParameters", "parse"]


class ErrorCode(TextEnum):
    """The ``error_code`` values real Bot API responses carry, as text: each is the HTTP
    status it comes with."""

    BAD_REQUEST = "400"
    UNAUTHORIZED = "401"
    FORBIDDEN = "403"
    NOT_FOUND = "404"
    CONFLICT = "409"
    TOO_MANY_REQUESTS = "429"
    INTERNAL_SERVER_ERROR = "500"
    BAD_GATEWAY = "502"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, as Telegram's descriptions say it."""

_CODES: Final = frozenset(int(code.value) for code in ErrorCode)


class ResponseParameters(WireModel):
    """``{migrate_to_chat_id?, retry_after?}``: how to handle the error, where Telegram
    says."""

    migrate_to_chat_id: StrictInt | None = None
    retry_after: StrictInt | None = None


class ErrorResponse(WireModel):
    """``{ok: false, error_code, description, parameters?}``."""

    ALWAYS = frozenset({"ok"})
    ok: Annotated[Literal[False], ExactBool] = False
    error_code: StrictInt
    description: StrictStr
    parameters: ResponseParameters | None = None

    def check_strict(self) -> None:
        if self.error_code not in _CODES:
            raise FieldProblem("error_code", f"unknown telegram error_code {self.error_code}")


Payload: TypeAlias = ErrorResponse
"""A Telegram Bot API error response."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A Bot API error response (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
