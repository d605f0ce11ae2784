"""What source readers share: a required text, a row by code, a partly done batch."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from .._errors import ShapeError
from .._table import Row, read_row
from .checker import want

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from .._unified import UnifiedError

__all__ = ["lookup", "partly_done", "required_str"]

_MISSING: Final = object()


def required_str(d: Mapping[str, Any], key: str, where: str) -> str:
    """The string at ``key``, which must be there."""
    value = d.get(key, _MISSING)
    if type(value) is str:
        return value
    if value is _MISSING:
        raise ShapeError(f"missing required field {key!r}", where)
    raise want(value, "a string", f"{where}/{key}")


def lookup(vendor: str, code: str, *, status: int | None, strict: bool, where: str) -> Row | None:
    """The row a payload with this code (and status) is read by, from the registry's one
    index; under ``strict`` an unknown code is an error.  A code in a closed `Field` needs
    no ``strict`` here: `check` refuses one its field does not list."""
    row = read_row(vendor, code, status)
    if row is None and strict:
        raise ShapeError(f"unknown {vendor} code {code!r}", where)
    return row


_LISTED: Final = 10
"""How many failed items a partly done batch names in its message."""


def partly_done(error: UnifiedError, *, done: int, failed: Sequence[str] = ()) -> UnifiedError:
    """``error``, the first failure of a batch in which ``done`` other items may have
    taken effect: its kind kept, and its retry advice never ``True``, since a re-run of
    the whole would do again what was done (``None`` stays not known).  Its message says
    which items ``failed`` where they are named here; a payload that names them itself
    and is written back as it came (a path to each failed field) passes none.  A batch
    in which nothing took effect is ``error`` as it is."""
    if not done:
        return error
    message = error.message
    if failed:
        named = ", ".join(failed[:_LISTED]) + (", ..." if len(failed) > _LISTED else "")
        message += (
            f" [{len(failed)} of {len(failed) + done} items of the batch failed ({named});"
            " the others may have taken effect: re-send only the failed ones]"
        )
    retryable = None if error.retryable is None else False
    return replace(error, message=message, retryable=retryable)
