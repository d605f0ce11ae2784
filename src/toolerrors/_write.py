"""Writing: a `UnifiedError` as the wire JSON of any of the three vendors.

At home (the error came from that vendor) the vendor's own code and fields are written
back verbatim, so a payload survives the round trip unchanged.  Elsewhere the kind's
canonical row of the table decides the code, and nothing is written that would make
the error look more retryable than it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ._codes import Outcome
from ._held import render
from ._kinds import ErrorKind
from ._problem import to_problem
from ._read import classify
from ._table import (
    CARRIED,
    HELD,
    KINDS,
    RETRYABLE,
    SAFER,
    VENDORS,
    WRITE,
    Row,
    Vendor,
    read_row,
)
from ._unified import _WRITER

if TYPE_CHECKING:
    from collections.abc import Callable

    from ._unified import UnifiedError

__all__ = ["to_model", "to_wire"]

_HELD_KINDS: Final = frozenset({ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED})
"""The kinds use_tool writes as the check's outcome, ``{"not_done_yet": …}`` or
``{"refused": …}``, never as a tool error: a refusal must keep saying stop."""

_MARKERS: Final = frozenset(
    {"not_done_yet", "refused", "ok", "error", "title", "detail", "code", "status", "type", "kind"}
)
"""The keys `classify` looks at to tell one shape from another."""

_RANK: Final[dict[bool | None, int]] = {False: 0, None: 1, True: 2}
"""How strongly retry advice invites another attempt."""


def _row(error: UnifiedError, vendor: Vendor) -> Row:
    """The canonical row for the error's kind, made safe for vendors with no retry field."""
    row = WRITE[(vendor, error.kind)]
    safer = SAFER.get(vendor)
    if safer is not None and _RANK[RETRYABLE[vendor, row.code]] > _RANK[error.retryable]:
        return WRITE[(vendor, safer)]
    return row


def _retryable(error: UnifiedError, home: bool) -> bool | None:
    """Retry advice to write: verbatim at home; elsewhere never more than the kind allows."""
    return error.retryable if home or KINDS[error.kind].retries else False


def _home(error: UnifiedError, vendor: str) -> bool:
    """The error is written back in its own vendor's words: it came from ``vendor``, and
    its code still says its kind there.  A code that says another kind (a problem
    document ``{kind: refused, vendor: use_tool, code: rate_limited}``) is not trusted
    over the kind; an unknown code is kept only for an error of kind ``unknown``."""
    code = error.code
    if error.vendor != vendor or code is None:
        return False
    row = read_row(vendor, code, error.status_code)
    if error.kind is ErrorKind.UNKNOWN:  # use_tool reads {"error": "refused"} as unknown
        return row is None or (vendor == "use_tool" and code in HELD)
    return row is not None and row.kind is error.kind


def _with_extra(out: dict[str, Any], error: UnifiedError) -> dict[str, Any]:
    """Add back, verbatim, the home vendor's fields the unified attributes don't carry.

    A carried field is written from its attribute; its value in ``extra`` comes back only
    as an explicit null the attribute (``None``) cannot tell from absence.
    """
    extra = error.extra
    if not extra:
        return out
    carried = CARRIED[error.vendor or ""]
    added = dict(out)
    marked = False
    for key, value in extra.items():
        if key not in out and (value is None or key not in carried):
            added[key] = value
            marked = marked or key in _MARKERS
    # A field kept from elsewhere must not change what the payload is (an ``ok: true``
    # from a problem document's payload would make a Configure error read as a success):
    # checked only when a key that dispatch looks at was added, which is rare.
    if not marked:
        return added
    return added if classify(added, False) is classify(out, False) else out


def _use_tool(error: UnifiedError) -> dict[str, Any]:
    home = _home(error, "use_tool")
    code = error.code if home and error.code is not None else _row(error, "use_tool").code
    out: dict[str, Any]
    if code in HELD and error.kind in _HELD_KINDS:
        outcome = Outcome.ASK if code == "not_done_yet" else Outcome.STOP
        if error.owner is not None and error.reason is not None:
            out = {code: render(outcome, error.owner, error.reason)}
        else:  # nothing to fill the template with: the outcome, with the message as its text
            out = {code: error.message}
    else:
        out = {"error": code, "message": error.message}
    return _with_extra(out, error) if home else out


def _pythe(error: UnifiedError) -> dict[str, Any]:
    home = _home(error, "pythe")
    out = {
        "ok": False,
        "code": error.code if home else _row(error, "pythe").code,
        "message": error.message,
        "retryable": _retryable(error, home) is True,
    }
    extra = error.extra
    fix = extra.get("how_to_fix") if home and extra else None
    out["how_to_fix"] = fix if fix is not None else error.hint
    return _with_extra(out, error) if home else out


def _configure(error: UnifiedError) -> dict[str, Any]:
    home = _home(error, "configure")
    row = None if home else _row(error, "configure")
    out: dict[str, Any] = {
        "code": error.code if row is None else row.code,
        "message": error.message,
    }
    status = error.status_code if error.status_code is not None or row is None else row.status
    if status is not None:
        out["statusCode"] = status
    retryable = _retryable(error, home)
    if retryable is not None:
        out["retryable"] = retryable
    if row is not None and row.suggested is not None:
        out["suggestedAction"] = row.suggested.value
    if error.retry_after is not None:
        out["retryAfter"] = error.retry_after
    if error.request_id is not None:
        out["requestId"] = error.request_id
    return _with_extra(out, error) if home else out


WRITERS: Final[dict[str, Callable[[UnifiedError], dict[str, Any]]]] = {
    "use_tool": _use_tool,
    "pythe": _pythe,
    "configure": _configure,
    "problem": to_problem,
}


def to_wire(error: UnifiedError, vendor: str) -> dict[str, Any]:
    """``error`` as ``vendor``'s JSON-ready wire dict."""
    try:
        writer = WRITERS[vendor]
    except KeyError:
        raise ValueError(
            f"unknown vendor {vendor!r}; expected one of {', '.join(WRITERS)}"
        ) from None
    return writer(error)


def to_model(error: UnifiedError, vendor: str) -> Any:
    """``error`` as ``vendor``'s wire model."""
    if vendor not in VENDORS:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(VENDORS)}")
    wire = to_wire(error, vendor)
    if vendor == "use_tool":
        from . import use_tool as module
    elif vendor == "pythe":
        from . import pythe as module  # type: ignore[no-redef]
    else:
        from . import configure as module  # type: ignore[no-redef]
    return module.parse(wire)


_WRITER[0] = to_model  # `UnifiedError.to` writes through this module, which sits above it
