"""Microsoft Graph and Azure errors: ``{"error": {code, message, innerError?, details?,
target?}}`` (OData v4), and Azure's unwrapped ``{code, message}``.

Read them with `toolerrors.from_http` and the response's status and headers: throttling
is a 429 with ``Retry-After``, whatever the code says.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.msgraph import ROWS
from ._builtin.msgraph import GraphCode as ErrorCode
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorObject", "ErrorResponse", "Payload", "parse"]

MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from Microsoft's documentation."""


class ErrorObject(WireModel):
    """``{code, message, innerError?, details?, target?}``."""

    code: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr
    innerError: dict[str, Any] | None = None
    details: list[Any] | None = None
    target: StrictStr | None = None

    def check_strict(self) -> None:
        if not isinstance(self.code, ErrorCode):
            raise FieldProblem("code", f"unknown msgraph code {self.code!r}")


class ErrorResponse(WireModel):
    """``{"error": ErrorObject}``."""

    error: ErrorObject


Payload: TypeAlias = ErrorResponse | ErrorObject
"""A Graph error, wrapped, or Azure's unwrapped one."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """A Graph or Azure error (dict, JSON text or model) as its model."""
    data = as_data(payload)
    if "error" in data:
        return validate(ErrorResponse, data, strict)
    return validate(ErrorObject, data, strict)
