"""toolerrors: one vocabulary for the ways an AI agent's tool call can fail.

Read a failed tool call from ``use_tool``, Pythe or Configure with :func:`parse` (or
ask :func:`error_of` whether a result is an error at all), decide with the unified
:class:`ErrorKind` and :class:`Action`, and write it in any vendor's shape with
:func:`convert`.  The vendors' exact shapes live in ``toolerrors.use_tool``,
``toolerrors.pythe`` and ``toolerrors.configure``.
"""

from __future__ import annotations

from typing import Any

from ._errors import ShapeError, ToolErrorsError
from ._kinds import Action, ErrorKind
from ._read import MAX_BYTES, error_of, parse
from ._retry import retry_delay, should_retry
from ._table import VENDORS, Vendor
from ._unified import UnifiedError
from ._write import to_wire

__version__ = "0.1.0"

__all__ = [
    "MAX_BYTES",
    "VENDORS",
    "Action",
    "ErrorKind",
    "ShapeError",
    "ToolErrorsError",
    "UnifiedError",
    "Vendor",
    "__version__",
    "convert",
    "error_of",
    "parse",
    "retry_delay",
    "should_retry",
]


def convert(payload: object, to: Vendor, *, strict: bool = False) -> dict[str, Any]:
    """Anything :func:`parse` accepts, as ``to``'s JSON-ready wire dict.

    A payload converted to its own vendor comes back unchanged.
    """
    return to_wire(parse(payload, strict=strict), to)
