"""JSON loading with limits, and the checks every reader shares: a leaf, importing
nothing of the package but its errors."""

from __future__ import annotations

from typing import Any, Final

from pydantic_core import from_json, to_json

from ._errors import ShapeError

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_WAIT",
    "SECONDS",
    "bounded_wait",
    "decode",
    "is_wait",
    "load",
    "opens_object",
    "python_literal",
    "seconds",
    "size",
    "type_name",
]

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

MAX_WAIT: Final = 31_536_000.0
"""Seconds: the longest wait an error carries, one year.  A longer wait stated in text, a
header or a body of no known shape ("try again in 10**400 seconds", a ``Retry-After``
date in the year 9999) is read as this one, never as none or an earlier one.  A wait
field of a known shape (Configure's ``retryAfter``, a unified dict's ``retry_after``)
that holds more is malformed, as a negative one is.  So every wait is a float that every
wire format can write, in whole seconds or in milliseconds."""

SECONDS: Final = f"a number of seconds (not negative, at most {MAX_WAIT:.0f})"
"""What a wait must be, in the words of the errors that refuse one."""


def size(text: str | bytes | bytearray, limit: int) -> int:
    """The size of ``text`` in UTF-8 bytes, exact up to ``limit + 1``.

    A ``str`` is measured without encoding it when its length alone settles the
    question: at most 4 bytes a character, at least 1.
    """
    n = len(text)
    if not isinstance(text, str) or n > limit or n * 4 <= limit:
        return n
    return len(text.encode("utf-8", "surrogatepass"))


def opens_object(text: str) -> bool:
    """Whether ``text`` looks like a JSON object: ``{`` after any byte order mark and
    JSON whitespace.  A cheap look before decoding text that is most often plain."""
    return text.lstrip("\ufeff \t\r\n")[:1] == "{"


def _after_bom(text: str | bytes | bytearray, exc: ValueError) -> Any:
    """The JSON after the UTF-8 byte order mark ``text`` opens with (.NET services and
    Windows editors write one, and ``json.loads`` skips it in bytes); ``exc``, the
    reason ``text`` did not decode, when it opens with none.  Asked only once text has
    failed to decode, so text without a mark costs nothing more."""
    rest: str | bytes | bytearray | None
    if type(text) is str:
        rest = text[1:] if text[:1] == "\ufeff" else None
    else:
        rest = text[3:] if text[:3] == b"\xef\xbb\xbf" else None
    if rest is None:
        raise exc
    return from_json(rest, allow_inf_nan=False)


try:
    from_json(b"0", cache_strings="keys")
except TypeError:  # pydantic-core before 2.16 (pydantic 2.5 and 2.6) caches every string

    def decode(text: str | bytes | bytearray) -> Any:
        """JSON text to Python values, after any byte order mark; ``ValueError`` when it
        is not JSON or not finite."""
        try:
            return from_json(text, allow_inf_nan=False)
        except ValueError as exc:
            return _after_bom(text, exc)

else:

    def decode(text: str | bytes | bytearray) -> Any:
        """JSON text to Python values, after any byte order mark; ``ValueError`` when it
        is not JSON or not finite.

        Only keys are cached: caching every string made documents with many distinct
        strings (long messages, cards, unknown fields) 1.1-1.3x slower than
        ``json.loads``; keys alone measured 0.65-0.84x (benchmarks/run.py, sizes).
        """
        try:
            return from_json(text, allow_inf_nan=False, cache_strings="keys")
        except ValueError as exc:
            return _after_bom(text, exc)


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


PYTHON_LITERAL: Final = 64 * 1024
"""The longest text read as a Python literal (`python_literal`): an SDK's message, not a
document; Python's parser takes some 10 µs a kilobyte, and refuses more than 200 brackets
deep itself."""


def python_literal(text: str) -> dict[str, Any] | None:
    """A dict as Python prints one (``{'error': {'message': ..., 'code': None}}``: an
    SDK's exception text, a client that printed the body it parsed), read as the JSON
    object it was, or ``None``: for text over `PYTHON_LITERAL`, that is no dict literal,
    or that holds what JSON cannot (a key that is no string, a set).  Only literals are
    read (`ast.literal_eval`): nothing in the text runs."""
    if len(text) > PYTHON_LITERAL:
        return None
    import ast

    try:
        value = ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if type(value) is not dict or not _jsonable(value, 0):
        return None
    found: dict[str, Any] = decode(to_json(value))  # its tuples as JSON's arrays
    return found


def _jsonable(value: object, depth: int) -> bool:
    """Whether a literal is JSON's: strings, numbers, booleans, ``None``, and lists (tuples
    read as lists would be) and dicts of them with text keys, `MAX_DEPTH` deep at most."""
    if depth > MAX_DEPTH:
        return False
    if value is None or type(value) in (str, int, float, bool):
        return True
    if type(value) is dict:
        return all(type(key) is str and _jsonable(item, depth + 1) for key, item in value.items())
    if type(value) in (list, tuple):
        return all(_jsonable(item, depth + 1) for item in value)  # type: ignore[attr-defined]
    return False


def is_wait(value: object) -> bool:
    """A wait in seconds as a field may hold it: a JSON number (not a boolean), not
    negative, and no more than `MAX_WAIT`."""
    return type(value) in (int, float) and 0 <= value <= MAX_WAIT  # type: ignore[operator]


def bounded_wait(seconds: float) -> float | None:
    """A wait read or worked out, in seconds: ``None`` when negative or not a number, and
    `MAX_WAIT` when longer (infinite included)."""
    if not seconds >= 0:  # negative, or NaN
        return None
    return MAX_WAIT if seconds > MAX_WAIT else float(seconds)


def seconds(wait: float) -> str:
    """A wait as people and Protocol Buffers' JSON durations write it: ``2``, ``0.5``,
    ``31536000``, never ``3.1536e+07``."""
    return f"{wait:.9f}".rstrip("0").rstrip(".")


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
