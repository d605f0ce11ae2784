"""PostgREST errors (Supabase's Data API among them): ``{"code", "details", "hint",
"message"}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status.  The code is a PostgreSQL SQLSTATE (``23505``) or one of PostgREST's own
(``PGRST116``).
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.postgrest import ROWS
from ._enum import TextEnum
from ._wire import WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The codes read by name; PostgreSQL defines many more SQLSTATEs."""

    PGRST000 = "PGRST000"
    PGRST001 = "PGRST001"
    PGRST002 = "PGRST002"
    PGRST003 = "PGRST003"
    PGRST100 = "PGRST100"
    PGRST102 = "PGRST102"
    PGRST106 = "PGRST106"
    PGRST107 = "PGRST107"
    PGRST116 = "PGRST116"
    PGRST117 = "PGRST117"
    PGRST125 = "PGRST125"
    PGRST200 = "PGRST200"
    PGRST201 = "PGRST201"
    PGRST202 = "PGRST202"
    PGRST203 = "PGRST203"
    PGRST204 = "PGRST204"
    PGRST205 = "PGRST205"
    PGRST301 = "PGRST301"
    PGRST302 = "PGRST302"
    PGRST303 = "PGRST303"
    FOREIGN_KEY_VIOLATION = "23503"
    UNIQUE_VIOLATION = "23505"
    NOT_NULL_VIOLATION = "23502"
    CHECK_VIOLATION = "23514"
    INVALID_TEXT_REPRESENTATION = "22P02"
    INSUFFICIENT_PRIVILEGE = "42501"
    UNDEFINED_TABLE = "42P01"
    UNDEFINED_FUNCTION = "42883"
    UNDEFINED_COLUMN = "42703"
    SERIALIZATION_FAILURE = "40001"
    TOO_MANY_CONNECTIONS = "53300"
    RAISE_EXCEPTION = "P0001"
    INTERNAL_ERROR = "XX000"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, in PostgREST's and PostgreSQL's words."""


class ErrorResponse(WireModel):
    """``{code, details, hint, message}``: all four are present; ``details`` and ``hint``
    may be null."""

    code: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    details: StrictStr | None
    hint: StrictStr | None
    message: StrictStr


Payload: TypeAlias = ErrorResponse
"""A PostgREST error."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A PostgREST error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
