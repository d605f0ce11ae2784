"""JSON loading with limits, and the checks every reader shares: a leaf, importing
nothing of the package but its errors."""

from __future__ import annotations

import sys
from typing import Any, Final

from pydantic_core import from_json

from ._errors import ShapeError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_WAIT", "decode", "is_wait", "load", "size", "type_name"]

MAX_BYTES: Final = 1 << 20
"""Default size limit for JSON text, 1 MiB of UTF-8: larger input is refused before it
is parsed."""

MAX_DEPTH: Final = 32
"""How many payloads deep, one inside another, a reader follows: a JSON-RPC response
whose ``result`` or ``error`` is another response, the tool result inside it, the error
in that one's structured content or text.  Real ones nest two or three deep.  Deeper
nesting is not read, as a text over `MAX_BYTES` is not: `parse` raises `ShapeError`,
lenient `error_of` gives ``None``.  At the limit a read takes at most about 250 frames
of Python's stack (its recursion limit is 1,000), whatever the payloads hold.
`from_exception` reads exception groups inside group members' causes as deep, and a
member deeper by its class alone (``unknown``, advice unsaid)."""

MAX_WAIT: Final = sys.float_info.max
"""The largest wait in seconds a source may state: it must be a finite float."""


def size(text: str | bytes | bytearray, limit: int) -> int:
    """The size of ``text`` in UTF-8 bytes, exact up to ``limit + 1``.

    A ``str`` is measured without encoding it when its length alone settles the
    question: at most 4 bytes a character, at least 1.
    """
    n = len(text)
    if not isinstance(text, str) or n > limit or n * 4 <= limit:
        return n
    return len(text.encode("utf-8", "surrogatepass"))


try:
    from_json(b"0", cache_strings="keys")
except TypeError:  # pydantic-core before 2.16 (pydantic 2.5 and 2.6) caches every string

    def decode(text: str | bytes | bytearray) -> Any:
        """JSON text to Python values; ``ValueError`` when it is not JSON or not finite."""
        return from_json(text, allow_inf_nan=False)

else:

    def decode(text: str | bytes | bytearray) -> Any:
        """JSON text to Python values; ``ValueError`` when it is not JSON or not finite.

        Only keys are cached: caching every string made documents with many distinct
        strings (long messages, cards, unknown fields) 1.1-1.3x slower than
        ``json.loads``; keys alone measured 0.65-0.84x (benchmarks/run.py, sizes).
        """
        return from_json(text, allow_inf_nan=False, cache_strings="keys")


def load(text: str | bytes | bytearray, max_bytes: int = MAX_BYTES, where: str = "") -> Any:
    """JSON text to Python values, refusing oversized, non-finite or malformed input."""
    n = size(text, max_bytes)
    if n > max_bytes:
        raise ShapeError(f"input of {n} bytes is over the {max_bytes}-byte limit", where)
    try:
        return decode(text)
    except ValueError as exc:
        raise ShapeError(f"not valid JSON ({exc})", where) from None
    except RecursionError:  # pragma: no cover - pydantic_core caps depth itself
        raise ShapeError("JSON nested too deeply", where) from None


def is_wait(value: object) -> bool:
    """A wait in seconds as a source may state it: a JSON number (not a boolean),
    finite as a float, and not negative."""
    return type(value) in (int, float) and 0 <= value <= MAX_WAIT  # type: ignore[operator]


_JSON_TYPES: Final = {
    dict: "object",
    list: "array",
    str: "string",
    bool: "boolean",
    type(None): "null",
}


def type_name(value: object) -> str:
    """What a value is, in JSON's words."""
    name = _JSON_TYPES.get(type(value))
    if name is not None:
        return name
    return "number" if isinstance(value, (int, float)) else type(value).__name__
