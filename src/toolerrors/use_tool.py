"""The ``use_tool`` runtime: tool errors and the check's held-back outcomes.

A tool that fails returns ``{error, message, card?}``; when the check holds an action
back, nothing ran and ``use_tool`` returns ``{"not_done_yet": text}`` or
``{"refused": text}`` instead, with the owner's first name and the reason filled in.
Both come back as JSON, never as an exception.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.use_tool import ROWS, held_keys
from ._enum import TextEnum
from ._errors import ShapeError
from ._held import TEMPLATES, Outcome, Reason, match, render
from ._wire import FieldProblem, WireModel, as_data, validate

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "GUIDANCE",
    "MEANING",
    "TEMPLATES",
    "ErrorCode",
    "NotDoneYet",
    "Outcome",
    "Payload",
    "Reason",
    "Refused",
    "ToolError",
    "parse",
]


class ErrorCode(TextEnum):
    """The ``error`` of a failed ``use_tool`` call (12 kinds)."""

    NOT_CONNECTED = "not_connected"
    REAUTH = "reauth"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    RATE_LIMITED = "rate_limited"
    UNAVAILABLE = "unavailable"
    TOO_LARGE = "too_large"
    UNSUPPORTED = "unsupported"
    BAD_INPUT = "bad_input"
    VENDOR = "vendor"
    CHANGED = "changed"
    UNKNOWN_OUTCOME = "unknown_outcome"


_ROWS: Final = [row for row in ROWS if row.reads]

MEANING: Final[dict[str, str]] = {row.code: row.meaning for row in _ROWS}
"""What happened, in use_tool's documented words, for each error kind (and both outcomes)."""

GUIDANCE: Final[dict[str, str]] = {row.code: row.hint for row in _ROWS}
"""What to do, word for word from use_tool's documentation, for each error kind and both
outcomes."""


class ToolError(WireModel):
    """``{error, message, card?}``: a tool that failed.

    ``card`` is an opaque JSON object kept as given, and absent when the tool gave none.
    """

    error: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr
    card: dict[str, Any] | None = None

    def check_strict(self) -> None:
        if not isinstance(self.error, ErrorCode):
            raise FieldProblem("error", f"unknown error kind {self.error!r}")
        if "card" in self.model_fields_set and self.card is None:
            raise FieldProblem("card", "card is null; leave it out when there is none")


class _Held(WireModel):
    OUTCOME: ClassVar[Outcome]

    @property
    def text(self) -> str:
        value: str = getattr(self, self.OUTCOME.key)
        return value

    def _found(self) -> tuple[str, Reason | str] | None:
        return match(self.OUTCOME, self.text)

    @property
    def owner(self) -> str | None:
        """The owner's first name, or ``None`` when the text follows no template."""
        found = self._found()
        return None if found is None else found[0]

    @property
    def reason(self) -> Reason | str | None:
        """The reason: a `Reason` when it is one of use_tool's documented reasons, else the
        text found."""
        found = self._found()
        return None if found is None else found[1]

    @classmethod
    def of(cls, owner: str, reason: Reason | str) -> Self:
        """The outcome for ``owner`` and ``reason``, in use_tool's documented words."""
        return cls.model_validate({cls.OUTCOME.key: render(cls.OUTCOME, owner, reason)})

    def check_strict(self) -> None:
        key = self.OUTCOME.key
        found = self._found()
        if found is None:
            raise FieldProblem(key, f"text does not follow use_tool's documented {key!r} template")
        reason = found[1]
        if not isinstance(reason, Reason):
            raise FieldProblem(
                key, f"reason {reason!r} is not one of use_tool's six documented reasons"
            )
        if reason.outcome is not self.OUTCOME:
            raise FieldProblem(key, f"reason {reason.value!r} belongs to {reason.outcome.key!r}")


class NotDoneYet(_Held):
    """``{"not_done_yet": text}``: the check asks the owner first."""

    OUTCOME = Outcome.ASK
    not_done_yet: StrictStr


class Refused(_Held):
    """``{"refused": text}``: the check stopped the action; don't try another way."""

    OUTCOME = Outcome.STOP
    refused: StrictStr


Payload: TypeAlias = ToolError | NotDoneYet | Refused
"""Everything ``use_tool`` returns instead of a tool's result."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """A ``use_tool`` error or held-back outcome (dict, JSON text or model) as its model."""
    data = as_data(payload)
    given = held_keys(data)  # a held-back key that is false, empty or null holds nothing
    if len(given) > 1:
        raise ShapeError("both 'not_done_yet' and 'refused': the check gives one outcome")
    if given == ("not_done_yet",):
        return validate(NotDoneYet, data, strict)
    if given:
        return validate(Refused, data, strict)
    return validate(ToolError, data, strict)
