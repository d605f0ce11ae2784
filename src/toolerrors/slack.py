"""Slack Web API errors: ``{"ok": false, "error": "<code>", ...}``, sent with HTTP 200.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status and headers (a ``ratelimited`` error comes with ``Retry-After``).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.slack import ROWS
from ._builtin.slack import SlackCode as ErrorCode
from ._wire import ExactBool, FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]

MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from Slack's documentation."""


class ErrorResponse(WireModel):
    """``{ok: false, error, needed?, provided?, warning?, response_metadata?}``."""

    ALWAYS = frozenset({"ok"})
    ok: Annotated[Literal[False], ExactBool] = False
    error: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    needed: StrictStr | None = None
    provided: StrictStr | None = None
    warning: StrictStr | None = None
    response_metadata: dict[str, Any] | None = None

    def check_strict(self) -> None:
        if not isinstance(self.error, ErrorCode):
            raise FieldProblem("error", f"unknown slack code {self.error!r}")


Payload: TypeAlias = ErrorResponse
"""A Slack error response."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A Slack error response (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
