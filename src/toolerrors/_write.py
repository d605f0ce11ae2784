"""Writing: a `UnifiedError` as the wire JSON of any registered source, or RFC 9457.

At home (the error came from that source) the source's own code and fields are written
back verbatim, so a payload survives the round trip unchanged.  Elsewhere the kind's
canonical row decides the code, and nothing is written that would make the error look
more retryable than it was.  Each source's writer is declared with the source; this
module only dispatches.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import _unified
from ._problem import to_problem
from ._read import parse  # the built-in sources register with the reader
from ._source import BUILT_IN, SOURCES, more_retryable

if TYPE_CHECKING:
    from ._table import Target
    from ._unified import UnifiedError

__all__ = ["convert", "keeping", "targets", "to_model", "to_wire"]


def convert(payload: object, to: Target, *, strict: bool = False) -> dict[str, Any]:
    """Anything `toolerrors.parse` accepts, as the JSON-ready wire dict of ``to``: a
    registered source (``"use_tool"``, ``"pythe"``, ...) or ``"problem"`` (RFC 9457).

    A payload converted to its own source comes back unchanged.  Elsewhere, a kind the
    target has no code for is written as its safest closest code, which reads back as
    another kind: a declined card (``payment_required``) written to use_tool is
    ``forbidden``, read back as ``permission_denied``.  The target's page lists what
    each such write loses; `keeping` names a target that keeps the kind.  With ``strict``, the
    payload must be exactly its source's documented shape, and what is written is what
    strict reading accepts.
    """
    return to_wire(parse(payload, strict=strict), to)


def targets() -> tuple[str, ...]:
    """Where `to_wire` can write: every registered source, then ``"problem"``."""
    return (*SOURCES, "problem")


def to_wire(error: UnifiedError, vendor: str) -> dict[str, Any]:
    """``error`` as ``vendor``'s JSON-ready wire dict.

    At home, what is written must not read back more retryable than the error is: one
    whose retry advice came from outside its body (`toolerrors.from_http` read a
    ``x-should-retry: false`` header beside a code that reads as retried) is written as
    an error from elsewhere would be, since the body alone would invite the retry.  A
    source whose payloads carry retry advice writes the error's own, so only the others'
    are read back (at home, 2 to 3 µs more a write).
    """
    if vendor == "problem":
        return to_problem(error)
    source = SOURCES.get(vendor)
    if source is None:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(targets())}")
    written = source.write(error)
    if (
        error.vendor == vendor
        and error.retryable is not True
        and not source.retry_field
        and more_retryable(parse(written).retryable, error.retryable)
    ):
        return source.write(replace(error, vendor=None))
    return written


def keeping(error: UnifiedError) -> Target:
    """Where ``error`` is written with its meaning, as an MCP result carries it: its own
    vendor, where that vendor's shape reads back as the same kind, else RFC 9457 problem
    details, which carry every kind (a JSON-RPC -32000 that said "Payload Too Large" is
    `too_large`, and JSON-RPC writes no code for that)."""
    home = error.vendor
    if home in BUILT_IN and parse(to_wire(error, home)).kind is error.kind:
        return home
    return "problem"


def to_model(error: UnifiedError, vendor: str) -> Any:
    """``error`` as ``vendor``'s wire model."""
    source = SOURCES.get(vendor)
    if source is None:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(SOURCES)}")
    return source.models_of().parse(to_wire(error, vendor))


_unified.write_as = to_model
