"""What source writers share: the row a kind is written by, safe retry advice, and a
payload's own fields given back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._table import CARRIED, KINDS, WRITE, Row, read_row
from .registry import ANCHORS, SAFER_KIND, SOURCES, classify

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = [
    "canonical_row", "given_back", "home", "more_retryable", "retry_to_write", "with_extra",
]  # fmt: skip

_UNKNOWN: Final = ErrorKind.UNKNOWN

# What writers share.

_RANK: Final[dict[bool | None, int]] = {False: 0, None: 1, True: 2}
"""How strongly retry advice invites another attempt."""


def more_retryable(advice: bool | None, than: bool | None) -> bool:
    """Whether retry advice ``advice`` invites another attempt more than ``than`` does:
    ``True`` more than ``None`` (not known), and ``None`` more than ``False``."""
    return _RANK[advice] > _RANK[than]


def canonical_row(error: UnifiedError, vendor: str) -> Row:
    """The row the error's kind is written by, made safe for a source with no retry field:
    a kind that would invite a retry the error does not allow is written by
    `SAFER_KIND`'s row."""
    row = WRITE[(vendor, error.kind)]
    if not SOURCES[vendor].retry_field:
        read = read_row(vendor, row.code, None)
        if more_retryable(read.retryable if read is not None else None, error.retryable):
            return WRITE[(vendor, SAFER_KIND)]
    return row


def retry_to_write(error: UnifiedError, home: bool) -> bool | None:
    """Retry advice to write: verbatim at home; elsewhere never more than the kind allows."""
    return error.retryable if home or KINDS[error.kind].retries else False


def home(error: UnifiedError, vendor: str) -> bool:
    """The error is written back in its own vendor's words: it came from ``vendor``, and
    its code still says its kind there.  A code that says another kind (a problem
    document ``{kind: refused, vendor: use_tool, code: rate_limited}``) is not trusted
    over the kind; an unknown code is kept only for an error of kind ``unknown``."""
    code = error.code
    if error.vendor != vendor or code is None:
        return False
    row = read_row(vendor, code, error.status_code)
    if row is None:
        return error.kind is _UNKNOWN
    return row.kind is error.kind


def given_back(
    payload: Mapping[str, Any], message: str, *, if_said: bool = False
) -> dict[str, Any]:
    """A payload given back as it came, with ``message`` as its error's message: in the
    error object it wraps in ``error`` when it wraps one, else at its top.  With
    ``if_said``, only where it had a message of its own (a vendor's smallest error may
    have none, and writing one would change it)."""
    inner = payload.get("error")
    error: Mapping[str, Any] = inner if type(inner) is dict else payload
    out = {**error, "message": message} if not if_said or "message" in error else dict(error)
    return out if error is payload else {**payload, "error": out}


def with_extra(out: dict[str, Any], error: UnifiedError) -> dict[str, Any]:
    """Add back, verbatim, the home vendor's fields the unified attributes don't carry.

    A carried field is written from its attribute; its value in ``extra`` comes back only
    as an explicit null the attribute (``None``) cannot tell from absence.
    """
    extra = error.extra
    if not extra:
        return out
    carried = CARRIED.get(error.vendor or "", frozenset())
    added = dict(out)
    marked = False
    for key, value in extra.items():
        if key not in out and (value is None or key not in carried):
            added[key] = value
            marked = marked or key in ANCHORS
    # A field kept from elsewhere must not change what the payload is (an ``ok: true``
    # from a problem document's payload would make a Configure error read as a success):
    # checked only when a key that dispatch looks at was added, which is rare.
    if not marked:
        return added
    return added if classify(added, False) is classify(out, False) else out
