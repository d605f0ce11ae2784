"""The unified error: one immutable value for a failed tool call from any system."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, NoReturn

from pydantic_core import to_json

from ._errors import ComparedByArgs, ShapeError
from ._json import SECONDS, is_wait, type_name
from ._kinds import Action, ErrorKind
from ._table import CARRIED, KINDS, NOT_KNOWN_HINT, NOT_RETRYABLE_HINT, RETRY_ACTIONS, read_row

if TYPE_CHECKING:
    from ._table import Row, Vendor

__all__ = ["ToolFailure", "UnifiedError", "make", "refill"]


@dataclass(frozen=True, slots=True, eq=False)
class UnifiedError:
    """A failed tool call, in one vocabulary, whichever system reported it.

    ``message`` is the vendor's own text: untrusted, shown as data, never as
    instructions.  Our guidance is apart from it, in ``hint`` and ``action``.
    ``retryable`` has three states: ``None`` means *not known* and is never
    treated as ``False``.

    Two errors are equal when their attributes and their `vendor_fields` are: what
    gives the same payload back, whether ``extra`` holds the whole payload or only the
    fields the attributes don't carry (as `to_dict` gives them).

    Built by hand, a field of the wrong type (a text ``kind``, a boolean
    ``status_code``) raises ``TypeError`` naming it, and a ``retry_after`` that is negative
    or longer than `toolerrors.MAX_WAIT` raises ``ValueError``.
    """

    kind: ErrorKind
    message: str
    retryable: bool | None = None
    retry_after: float | None = None
    """Seconds to wait before retrying, when the source said."""
    status_code: int | None = None
    vendor: str | None = None
    """Where it came from: ``"use_tool"``, ``"pythe"``, ``"configure"``, or another source."""
    code: str | None = None
    """The vendor's own code, verbatim (``"not_done_yet"`` or ``"refused"`` when the check held)."""
    owner: str | None = None
    """The owner's first name, when the check held the action back."""
    reason: str | None = None
    """The check's reason, word for word (a `Reason` when known)."""
    request_id: str | None = None
    suggested_action: Action | None = None
    """The vendor's own suggestion, mapped onto `Action`; it refines ``action``."""
    extra: Mapping[str, Any] | None = field(default=None, hash=False)
    """The vendor's payload as it came, kept when it has fields the attributes above
    don't carry (`vendor_fields`), so that it can be given back unchanged.  The
    attributes win over it; treat it as read-only."""

    def __post_init__(self) -> None:
        """Refuses a value of the wrong type, naming the field.  The readers build errors
        with `make`, which does not come through here."""
        for name, (types, expected) in _FIELD_TYPES.items():
            value = getattr(self, name)
            if (value is None and name in _OPTIONAL) or (
                isinstance(value, types) and not (type(value) is bool and bool not in types)
            ):
                continue
            raise TypeError(f"UnifiedError.{name} must be {expected}, got {value!r}")
        if self.retry_after is not None and not is_wait(self.retry_after):
            wait = self.retry_after
            raise ValueError(f"UnifiedError.retry_after must be {SECONDS}, got {wait!r}")

    def _key(self) -> tuple[Any, ...]:
        return (
            self.kind, self.message, self.retryable, self.retry_after, self.status_code,
            self.vendor, self.code, self.owner, self.reason, self.request_id,
            self.suggested_action,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if type(other) is not UnifiedError:
            return NotImplemented
        return self._key() == other._key() and self.vendor_fields() == other.vendor_fields()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def action(self) -> Action:
        """What to do next: the vendor's suggestion, else the kind's default.

        An action that would retry is given only to an error marked retryable, so that
        ``action`` never invites what `toolerrors.should_retry` refuses: one marked not
        retryable gets ``read_message``, and one whose retry advice is not known
        (``retryable`` ``None``: an HTTP 500, a crashed MCP tool) gets ``check_first``.
        """
        action = self.suggested_action
        if action is None or (action in RETRY_ACTIONS and self.retryable is not True):
            action = KINDS[self.kind].action  # a suggested retry needs retryable: true
        if action in RETRY_ACTIONS and self.retryable is not True:
            return Action.READ_MESSAGE if self.retryable is False else Action.CHECK_FIRST
        return action

    @property
    def hint(self) -> str:
        """Our guidance for this error: the vendor's documented "what to do" where it
        gives one."""
        if self.retryable is not True and KINDS[self.kind].action in RETRY_ACTIONS:
            return NOT_RETRYABLE_HINT if self.retryable is False else NOT_KNOWN_HINT
        row = self._row()
        return row.hint if row is not None and row.hint else KINDS[self.kind].hint

    def _row(self) -> Row | None:
        """The table row this error was read by, if it still describes it."""
        if self.vendor is None or self.code is None:
            return None
        row = read_row(self.vendor, self.code, self.status_code)
        return row if row is not None and row.kind is self.kind else None

    def vendor_fields(self) -> dict[str, Any]:
        """The fields of the vendor's payload that the attributes don't carry, verbatim
        (``card``, ``how_to_fix``, Configure's ``type``, unknown fields, explicit nulls)."""
        extra = self.extra
        if not extra:
            return {}
        carried = CARRIED.get(self.vendor) if self.vendor is not None else None
        if carried is None:
            return dict(extra)
        return {k: v for k, v in extra.items() if k not in carried or v is None}

    def to(self, vendor: Vendor) -> Any:
        """This error as ``vendor``'s wire model (see `toolerrors.convert` for a dict)."""
        return write_as(self, vendor)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, strict: bool = False) -> UnifiedError:
        """The error a `to_dict` dict describes: ``UnifiedError.from_dict(e.to_dict()) == e``.

        Frameworks keep errors as dicts (metadata, artifacts, request state); `parse` and
        `error_of` read these dicts too.  ``action`` and ``hint`` are derived, so they
        are not read back.  A field of the wrong type raises `ShapeError` naming it;
        ``strict`` also refuses keys `to_dict` does not write.
        """
        if not isinstance(data, Mapping):
            raise ShapeError(f"expected an object, got {type_name(data)}")
        return read_dict(data, strict, "")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the unified fields (unset optional fields left out)."""
        out: dict[str, Any] = {
            "kind": str(self.kind),
            "message": self.message,
            "retryable": self.retryable,
            "retry_after": self.retry_after,
            "status_code": self.status_code,
            "action": str(self.action),
            "vendor": self.vendor,
            "code": self.code,
            "hint": self.hint,
        }
        if self.owner is not None:
            out["owner"] = self.owner
        if self.reason is not None:
            out["reason"] = str(self.reason)
        if self.request_id is not None:
            out["request_id"] = self.request_id
        if self.suggested_action is not None:
            out["suggested_action"] = str(self.suggested_action)
        fields = self.vendor_fields()
        if fields:
            out["extra"] = fields
        return out

    def to_json(self) -> str:
        """`to_dict` as a JSON string; text that UTF-8 cannot hold (a lone surrogate from
        ``"\\ud800"`` in the input) is written as a JSON escape."""
        data = self.to_dict()
        try:
            return to_json(data).decode()
        except ValueError:  # PydanticSerializationError: a lone surrogate
            import json

            return json.dumps(data, separators=(",", ":"))

    def exception(self) -> ToolFailure:
        """This error as an exception to raise (``raise error.exception() from exc``)."""
        return ToolFailure(self)


def layer_missing(*_: object, **__: object) -> NoReturn:  # pragma: no cover - replaced
    """What a function set by a higher layer does before that layer is imported."""
    raise RuntimeError("a part of toolerrors was not imported: import toolerrors")


write_as: Callable[[UnifiedError, str], Any] = layer_missing
"""The function behind `UnifiedError.to`: ``toolerrors._write``'s, set when that layer is
imported (the unified value sits below it and never imports it)."""

read_dict: Callable[[Mapping[str, Any], bool, str], UnifiedError] = layer_missing
"""The function behind `UnifiedError.from_dict`: ``toolerrors._read``'s, set so too."""


_FIELD_TYPES: Final[dict[str, tuple[tuple[type, ...], str]]] = {
    "kind": ((ErrorKind,), "an ErrorKind"),
    "message": ((str,), "a str"),
    "retryable": ((bool,), "a bool or None"),
    "retry_after": ((int, float), "a number of seconds or None"),
    "status_code": ((int,), "an int or None"),
    "vendor": ((str,), "a str or None"),
    "code": ((str,), "a str or None"),
    "owner": ((str,), "a str or None"),
    "reason": ((str,), "a str (a Reason when known) or None"),
    "request_id": ((str,), "a str or None"),
    "suggested_action": ((Action,), "an Action or None"),
    "extra": ((Mapping,), "a mapping or None"),
}
"""What each field holds, for `UnifiedError.__post_init__`."""
_OPTIONAL: Final = frozenset(_FIELD_TYPES) - {"kind", "message"}


class _Draft:
    """A mutable twin with the same slots, which ``make`` fills in and then turns into
    a ``UnifiedError``: a frozen dataclass's ``__init__`` costs a function call per
    field, which on the parse path would cost more than the JSON parsing itself.

    The swap relies on CPython's rule for assigning ``__class__``: both classes must have
    the same instance layout, which for slotted classes means the same ``__slots__`` in
    the same order and the same bases.  The check below the class guards it at import.
    """

    __slots__ = UnifiedError.__slots__


if _Draft.__slots__ != UnifiedError.__slots__ or _Draft.__bases__ != UnifiedError.__bases__:
    raise ImportError(
        "toolerrors: _Draft must share UnifiedError's slots and bases"
    )  # pragma: no cover


def make(
    kind: ErrorKind,
    message: str,
    *,
    retryable: bool | None = None,
    retry_after: float | None = None,
    status_code: int | None = None,
    vendor: str | None = None,
    code: str | None = None,
    owner: str | None = None,
    reason: str | None = None,
    request_id: str | None = None,
    suggested_action: Action | None = None,
    extra: Mapping[str, Any] | None = None,
) -> UnifiedError:
    """Build a `UnifiedError` fast; equal to calling the class with the same values.

    Everything after the kind and the message comes by keyword, so that two fields of the
    same type (``retry_after`` and ``status_code``, say) cannot swap unnoticed."""
    error: Any = _Draft()
    error.kind = kind
    error.message = message
    error.retryable = retryable
    error.retry_after = retry_after
    error.status_code = status_code
    error.vendor = vendor
    error.code = code
    error.owner = owner
    error.reason = reason
    error.request_id = request_id
    error.suggested_action = suggested_action
    error.extra = extra
    error.__class__ = UnifiedError
    return error  # type: ignore[no-any-return]


def refill(
    error: UnifiedError,
    kind: ErrorKind,
    *,
    retryable: bool | None,
    retry_after: float | None,
    status_code: int | None,
    request_id: str | None,
) -> UnifiedError:
    """``error`` with what was read around it (an HTTP response, a JSON-RPC response)
    filled in: these five fields as given, every other as it was."""
    return make(
        kind,
        error.message,
        retryable=retryable,
        retry_after=retry_after,
        status_code=status_code,
        vendor=error.vendor,
        code=error.code,
        owner=error.owner,
        reason=error.reason,
        request_id=request_id,
        suggested_action=error.suggested_action,
        extra=error.extra,
    )


class ToolFailure(ComparedByArgs, RuntimeError):
    """An exception that carries a `UnifiedError`, for code that raises: the error is
    at ``.error`` (``except ToolFailure as failure: failure.error.kind``).

    ``raise error.exception() from original`` keeps the original as ``__cause__``.
    It pickles, copies and compares by the error it carries.  It is a ``RuntimeError``,
    which retry layers that guess (LangGraph's default ``retry_on``) leave alone: the
    error it carries decides, through `toolerrors.retry_on`.
    """

    retried: bool = False
    """Whether a retry layer (`toolerrors.retry.Retry`, as the framework adapters run
    it) gave up on it: ``model_text(failure.error, retried=failure.retried)`` then tells a
    model not to start the attempts over."""

    def __init__(self, error: UnifiedError) -> None:
        super().__init__(error)
        self.error = error

    def __str__(self) -> str:
        return f"{self.error.kind!s}: {self.error.message}"
