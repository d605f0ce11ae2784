"""Reading: anything a tool call may return, to a `UnifiedError`.

The readers work on plain dicts straight from the JSON parser: no pydantic model is
built on this path, so the first parse is as cheap as the hundredth.  The wire models
in the vendor modules accept exactly what these readers accept (a test holds them to it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Final

from ._codes import REASON_BY_VALUE, ConfigureCode, Outcome, Reason
from ._errors import ShapeError
from ._held import match
from ._json import MAX_BYTES, MAX_WAIT, decode, is_wait, load, size, type_name
from ._kinds import ACTION_BY_VALUE, KIND_BY_VALUE, Action, ErrorKind
from ._problem import is_problem, read_problem
from ._table import CARRIED, HELD, READ, READ_BY, SUGGESTED, Row, read_row
from ._unified import _FROM_DICT, UnifiedError, make

__all__ = ["MAX_BYTES", "error_of", "load", "parse"]

_CONFIGURE_CODES: Final = frozenset(code.value for code in ConfigureCode)
_UNKNOWN: Final = ErrorKind.UNKNOWN


def _want(value: object, expected: str, where: str) -> ShapeError:
    return ShapeError(f"expected {expected}, got {type_name(value)}", where)


_MISSING: Final = object()


def _str(d: Mapping[str, Any], key: str, where: str) -> str:
    """The string at ``key``, which must be there."""
    value = d.get(key, _MISSING)
    if type(value) is str:
        return value
    if value is _MISSING:
        raise ShapeError(f"missing required field {key!r}", where)
    raise _want(value, "a string", f"{where}/{key}")


def _lookup(vendor: str, code: str, status: int | None, strict: bool, where: str) -> Row | None:
    row = read_row(vendor, code, status)
    if row is None and strict:
        raise ShapeError(f"unknown {vendor} code {code!r}", where)
    return row


def _only(d: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    """Strict mode: refuse fields the vendor does not document."""
    unknown = [key for key in d if key not in allowed]
    if unknown:
        raise ShapeError(f"unknown field(s) {', '.join(map(repr, unknown))}", where)


# The readers keep the payload itself as ``extra`` when it has fields the unified
# attributes don't carry: they own it (fresh from the JSON parser, or copied by the
# dispatcher), and keeping it costs nothing.

_USE_TOOL_ALLOWED: Final = frozenset({"error", "message", "card"})
_USE_TOOL_ROWS: Final = {
    code: rows[None] for code, rows in READ_BY["use_tool"].items() if code not in HELD
}
"""use_tool's tool-error codes and their rows: the check-held keys are not among them."""


def read_use_tool(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{error, message, card?}``."""
    code = d.get("error")
    message = d.get("message")
    if type(code) is not str or type(message) is not str:
        code, message = _str(d, "error", where), _str(d, "message", where)
    extra = None
    if len(d) > 2:
        card = d.get("card", _MISSING)
        if card is not _MISSING and type(card) is not dict and (strict or card is not None):
            raise _want(card, "an object" if strict else "an object or null", f"{where}/card")
        if strict:
            _only(d, _USE_TOOL_ALLOWED, where)
        extra = d
    row = _USE_TOOL_ROWS.get(code)
    if row is None:
        if strict:
            if code in HELD:
                raise ShapeError(
                    f"{code!r} is a key of its own, not an error code", f"{where}/error"
                )
            raise ShapeError(f"unknown use_tool code {code!r}", f"{where}/error")
        return make(
            _UNKNOWN, message, None, None, None, "use_tool", code, None, None, None, None, extra
        )
    return make(
        row.kind,
        message,
        row.retryable,
        None,
        None,
        "use_tool",
        code,
        None,
        None,
        None,
        None,
        extra,
    )


_HELD: Final = {
    key: (outcome, frozenset({key}), READ[("use_tool", key, None)].kind)
    for key, outcome in (("not_done_yet", Outcome.ASK), ("refused", Outcome.STOP))
}


def read_held(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"not_done_yet": text}`` or ``{"refused": text}``."""
    key = "not_done_yet" if "not_done_yet" in d else "refused"
    if key == "not_done_yet" and "refused" in d:
        raise ShapeError("both 'not_done_yet' and 'refused': the check gives one outcome", where)
    outcome, keys, kind = _HELD[key]
    text = d[key]
    if type(text) is not str:
        raise _want(text, "a string", f"{where}/{key}")
    if strict and len(d) > 1:
        _only(d, keys, where)
    found = match(outcome, text)
    owner: str | None = None
    reason: str | None = None
    if found is not None:
        owner, reason = found
    if strict:
        if found is None:
            raise ShapeError(
                f"text does not follow use_tool's documented {key!r} template", f"{where}/{key}"
            )
        if not isinstance(reason, Reason):
            raise ShapeError(
                f"reason {reason!r} is not one of use_tool's six documented reasons",
                f"{where}/{key}",
            )
        if reason.outcome is not outcome:
            raise ShapeError(
                f"reason {reason.value!r} belongs to {reason.outcome.key!r}", f"{where}/{key}"
            )
    extra = d if len(d) > 1 else None
    return make(kind, text, False, None, None, "use_tool", key, owner, reason, None, None, extra)


_PYTHE_ALLOWED: Final = CARRIED["pythe"] | {"how_to_fix"}
_PYTHE_ROWS: Final = {code: rows[None] for code, rows in READ_BY["pythe"].items()}


def _pythe_problem(d: Mapping[str, Any], where: str) -> ShapeError:
    """What is wrong with an envelope that failed the quick check of `read_pythe`."""
    if d.get("ok") is not False:
        return _want(d.get("ok"), "false", f"{where}/ok")
    for key, expected in (
        ("code", str),
        ("message", str),
        ("retryable", bool),
        ("how_to_fix", str),
    ):
        value = d.get(key, _MISSING)
        if value is _MISSING:
            return ShapeError(f"missing required field {key!r}", where)
        if type(value) is not expected:
            return _want(value, "a boolean" if expected is bool else "a string", f"{where}/{key}")
    raise AssertionError("unreachable: the envelope passed every check")  # pragma: no cover


def read_pythe(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{ok: false, code, message, retryable, how_to_fix}``; ``how_to_fix`` stays in ``extra``."""
    code = d.get("code")
    message = d.get("message")
    retryable = d.get("retryable")
    if (
        d.get("ok") is not False
        or type(code) is not str
        or type(message) is not str
        or type(retryable) is not bool
        or type(d.get("how_to_fix")) is not str
    ):
        raise _pythe_problem(d, where)
    if strict and len(d) > 5:
        _only(d, _PYTHE_ALLOWED, where)
    row = _PYTHE_ROWS.get(code)
    if row is None:
        if strict:
            raise ShapeError(f"unknown pythe code {code!r}", f"{where}/code")
        return make(
            _UNKNOWN, message, retryable, None, None, "pythe", code, None, None, None, None, d
        )
    return make(
        row.kind, message, retryable, None, row.status, "pythe", code, None, None, None, None, d
    )


_CONFIGURE_FIELDS: Final[dict[str, tuple[tuple[type, ...], str]]] = {
    "statusCode": ((int,), "an integer"),
    "type": ((str,), "a string"),
    "param": ((str,), "a string"),
    "retryable": ((bool,), "a boolean"),
    "suggestedAction": ((str,), "a string"),
    "docUrl": ((str,), "a string"),
    "retryAfter": ((int, float), "a number of seconds (finite, not negative)"),
    "requestId": ((str,), "a string"),
}
"""Configure's optional fields and the types each may hold; absent means undefined."""

_CONFIGURE_TEXT: Final = tuple(
    key
    for key, (types, _) in _CONFIGURE_FIELDS.items()
    if types == (str,) and key not in CARRIED["configure"]
)
"""The optional text fields the unified error does not carry: they stay in ``extra``."""

_CONFIGURE_ALLOWED: Final = frozenset({"code", "message", *_CONFIGURE_FIELDS})
_CONFIGURE_ROWS: Final = READ_BY["configure"]
"""code -> the rows for each status (``None`` for any): the structured 404 reads by 404."""


def _configure_field(key: str, value: object, strict: bool, where: str) -> None:
    """Raise where an optional Configure field holds what it may not."""
    spec = _CONFIGURE_FIELDS[key]
    if value is None:
        if strict:
            raise _want(value, spec[1], f"{where}/{key}")
    elif type(value) not in spec[0] or (key == "retryAfter" and not is_wait(value)):
        raise _want(value, spec[1], f"{where}/{key}")


def read_configure(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A ``ConfigureError``'s fields, camelCase as the SDK names them."""
    code = d.get("code")
    message = d.get("message")
    if type(code) is not str or type(message) is not str:
        code, message = _str(d, "code", where), _str(d, "message", where)
    status = d.get("statusCode")
    retryable = d.get("retryable")
    wait = d.get("retryAfter")
    request = d.get("requestId")
    if (
        (status is not None and type(status) is not int)
        or (retryable is not None and type(retryable) is not bool)
        or (request is not None and type(request) is not str)
        or (  # is_wait, inlined: this check runs on every Configure error read
            wait is not None
            and not ((type(wait) is int or type(wait) is float) and 0 <= wait <= MAX_WAIT)
        )
    ):
        for key in ("statusCode", "retryable", "requestId", "retryAfter"):
            _configure_field(key, d.get(key), strict, where)
    unified = (
        2
        + (status is not None)
        + (retryable is not None)
        + (wait is not None)
        + (request is not None)
    )
    extra = None
    if len(d) > unified:
        for key in _CONFIGURE_TEXT:
            value = d.get(key)
            if value is not None and type(value) is not str:
                raise _want(value, "a string", f"{where}/{key}")
        if strict:
            _only(d, _CONFIGURE_ALLOWED, where)
            for key, value in d.items():
                if value is None:
                    _configure_field(key, value, strict, where)
        extra = d
    rows = _CONFIGURE_ROWS.get(code)
    row = (
        None
        if rows is None
        else (rows.get(status) if status is not None else None) or rows.get(None)
    )
    suggested = d.get("suggestedAction")
    action = SUGGESTED.get(suggested) if type(suggested) is str else None
    if strict and (row is None or (action is None and suggested is not None)):
        _lookup("configure", code, status, strict, f"{where}/code")
        raise ShapeError(f"unknown suggestedAction {suggested!r}", f"{where}/suggestedAction")
    kind = row.kind if row is not None else _UNKNOWN
    return make(kind, message, retryable, wait, status, "configure", code,
                None, None, request, action, extra)  # fmt: skip


_UNIFIED_OPTIONAL: Final[dict[str, tuple[tuple[type, ...], str]]] = {
    "retryable": ((bool,), "a boolean"),
    "retry_after": ((int, float), "a number of seconds (finite, not negative)"),
    "status_code": ((int,), "an integer"),
    "vendor": ((str,), "a string"),
    "code": ((str,), "a string"),
    "owner": ((str,), "a string"),
    "reason": ((str,), "a string"),
    "request_id": ((str,), "a string"),
    "suggested_action": ((str,), "a string"),
    "extra": ((dict,), "an object"),
}
"""`UnifiedError.to_dict`'s optional keys and their JSON types; ``action`` and ``hint``
are derived, and read back from nothing."""
_UNIFIED_ALLOWED: Final = frozenset({"kind", "message", "action", "hint", *_UNIFIED_OPTIONAL})


def read_unified(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A `UnifiedError.to_dict` dict, as frameworks keep errors in metadata and state."""
    named = d.get("kind")
    kind = KIND_BY_VALUE.get(named) if type(named) is str else None
    if kind is None:
        raise ShapeError(f"unknown kind {named!r}", f"{where}/kind")
    message = _str(d, "message", where)
    for key, (types, expected) in _UNIFIED_OPTIONAL.items():
        value = d.get(key)
        if value is not None and (
            type(value) not in types or (key == "retry_after" and not is_wait(value))
        ):
            raise _want(value, expected, f"{where}/{key}")
    if strict:
        _only(d, _UNIFIED_ALLOWED, where)
    suggested = d.get("suggested_action")
    action = ACTION_BY_VALUE.get(suggested) if suggested is not None else None
    if suggested is not None and action is None:
        raise ShapeError(f"unknown action {suggested!r}", f"{where}/suggested_action")
    reason = d.get("reason")
    extra = d.get("extra")
    return make(
        kind,
        message,
        d.get("retryable"),
        d.get("retry_after"),
        d.get("status_code"),
        d.get("vendor"),
        d.get("code"),
        d.get("owner"),
        REASON_BY_VALUE.get(reason, reason) if reason is not None else None,
        d.get("request_id"),
        action,
        dict(extra) if extra is not None else None,  # a nested dict the caller may hold
    )


Reader = Callable[[Mapping[str, Any], bool, str], UnifiedError]


def classify(d: Mapping[str, Any], need: bool) -> Reader | str | None:
    """The reader for an error dict; otherwise ``None``, or with ``need`` a sentence
    saying what the dict is instead of an error.

    Only a boolean ``ok`` speaks for Pythe: ``ok: null`` beside ``error`` is a stray
    field of a use_tool error, not a success.
    """
    if "hint" in d and "kind" in d and "action" in d:
        return read_unified  # UnifiedError.to_dict(), as frameworks store errors
    if "not_done_yet" in d or "refused" in d:
        return read_held
    ok = d.get("ok")
    if ok is True:
        return "a Pythe success envelope (ok: true) is not an error"
    if ok is False:
        return read_pythe
    if "error" in d and (need or d["error"] is not None):
        return read_use_tool
    if "ok" in d:
        return read_pythe if need else None  # says what is wrong with ``ok``
    if ("title" in d or "detail" in d) and is_problem(d):
        return read_problem
    if "code" in d and (need or (type(d["code"]) is str and d["code"] in _CONFIGURE_CODES)):
        return read_configure
    if "deleted" in d:
        return "Configure's forget() result ({deleted, message}) is a result, not an error"
    return None


_EXPECTED: Final = (
    "expected an error of a known shape: use_tool {error, message, card?}, "
    "{not_done_yet} or {refused}; Pythe {ok: false, code, message, retryable, how_to_fix}; "
    "Configure {code, message, ...}; an MCP tool result; or RFC 9457 problem details"
)

_MCP_KEYS: Final = ("isError", "is_error", "structuredContent", "structured_content", "content")


_OBJECT_KEYS: Final = ("is_error", "structured_content", "isError", "structuredContent")
"""An SDK object's names, snake_case first: some SDKs warn when the camelCase aliases of
the JSON names are read."""


def _is_mcp(result: object) -> bool:
    """An object that looks like an MCP CallToolResult: an ``isError`` flag, structured
    content, or a list of content blocks (an HTTP response's ``content`` is bytes)."""
    if any(hasattr(result, key) for key in _OBJECT_KEYS):
        return True
    return isinstance(getattr(result, "content", None), (list, tuple))


def _parts(result: object) -> tuple[Callable[[str, Any], Any], Any, Any]:
    """How to read a result's fields, and its ``isError`` and structured content: a dict by
    its JSON names, an SDK object by its snake_case names first (some SDKs warn when the
    camelCase aliases are read)."""
    if isinstance(result, Mapping):
        get = result.get
        return (
            get,
            get("isError", get("is_error")),
            get("structuredContent", get("structured_content")),
        )
    get = functools.partial(getattr, result)
    is_error = get("is_error", _MISSING)
    structured = get("structured_content", _MISSING)
    return (
        get,
        get("isError", None) if is_error is _MISSING else is_error,
        get("structuredContent", None) if structured is _MISSING else structured,
    )


def _mcp(
    result: Mapping[str, Any] | object, strict: bool, where: str, need: bool, max_bytes: int
) -> UnifiedError | None:
    """An MCP CallToolResult (dict or object); ``need`` raises where there is no error.

    Without ``need`` a malformed part is passed over, never raised: a tool's result is
    not an error for being odd.  Structured content that is not an error settles a
    result that is not marked ``isError``: its text holds the same JSON and is not read.
    """
    get, is_error, structured = _parts(result)
    if is_error is not None and type(is_error) is not bool:
        if need:
            raise _want(is_error, "a boolean", f"{where}/isError")
        is_error = None
    if structured is not None:
        found = _structured(structured, strict, where, need)
        if found is not None or not (is_error or need):
            return found  # structured content that is no error settles a success
    texts = _texts(get("content", None), where, need)
    for index, text in enumerate(texts):
        if text.lstrip()[:1] == "{":
            try:
                value = load(text, max_bytes)
            except ShapeError:
                continue  # text that is not JSON (or too long to read) is the message
            if isinstance(value, dict):
                found = _from_mapping(
                    value, strict, f"{where}/content/{index}/text", False, unwrap=False
                )
                if found is not None:
                    return found
    if is_error:
        message = "\n".join(texts) or "The tool call failed and said nothing more."
        return make(ErrorKind.INTERNAL, message, None, None, None, "mcp", None)
    if need:
        raise ShapeError("an MCP tool result without isError: true is not an error", where)
    return None


def _structured(structured: object, strict: bool, where: str, need: bool) -> UnifiedError | None:
    if isinstance(structured, Mapping):
        return _from_mapping(
            structured, strict, f"{where}/structuredContent", False, unwrap=False, owned=False
        )
    if need:
        raise _want(structured, "an object", f"{where}/structuredContent")
    return None


def _texts(content: object, where: str, need: bool) -> list[str]:
    if content is None:
        return []
    if not isinstance(content, (list, tuple)):
        if need:
            raise _want(content, "an array", f"{where}/content")
        return []
    texts = []
    for block in content:
        kind = block.get("type") if isinstance(block, Mapping) else getattr(block, "type", None)
        text = block.get("text") if isinstance(block, Mapping) else getattr(block, "text", None)
        if kind == "text" and isinstance(text, str):
            texts.append(text)
    return texts


def _from_mapping(
    d: Mapping[str, Any],
    strict: bool,
    where: str,
    need: bool,
    unwrap: bool = True,
    owned: bool = True,
    max_bytes: int = MAX_BYTES,
) -> UnifiedError | None:
    """The error in a dict: a vendor's shape, or (``unwrap``) an MCP result around one.

    A reader may keep the dict it reads, so a dict the caller still holds (not
    ``owned``) is copied first.
    """
    found = classify(d, need)
    if callable(found):
        return found(d if owned else dict(d), strict, where)
    if unwrap and any(key in d for key in _MCP_KEYS):
        return _mcp(d, strict, where, need, max_bytes)  # copies what it keeps
    if need:
        raise ShapeError(found or _EXPECTED, where)
    return None


from_mapping = _from_mapping
"""`_from_mapping` for the modules that read dicts they decoded themselves."""


def _foreign(payload: object) -> UnifiedError | None:
    """A `UnifiedError` of another copy of this package (vendored under another name),
    recognised by its class name and fields, as one of our own."""
    if type(payload).__name__ != "UnifiedError":
        return None
    try:
        values = {name: getattr(payload, name) for name in UnifiedError.__slots__}
        values["kind"] = ErrorKind(str(values["kind"]))
        if values["suggested_action"] is not None:
            values["suggested_action"] = Action(str(values["suggested_action"]))
        return UnifiedError(**values)
    except (AttributeError, TypeError, ValueError):
        return None


def _wire_of(payload: object, need: bool) -> object:
    """What a wire model's ``to_wire()`` gives; without ``need``, ``None`` for an object
    whose ``to_wire`` is not ours."""
    try:
        to_wire = getattr(payload, "to_wire", None)
        return to_wire() if callable(to_wire) else None
    except Exception:
        if need:
            raise
        return None


def _text(
    payload: str | bytes | bytearray, strict: bool, max_bytes: int, need: bool
) -> UnifiedError | None:
    n = size(payload, max_bytes)
    if n > max_bytes:
        if need:
            raise ShapeError(f"input of {n} bytes is over the {max_bytes}-byte limit")
        return None  # too long to read: a large result is not an error for its size
    try:
        value = load(payload, max_bytes)
    except ShapeError:
        if need:
            raise
        return None  # plain text output is not an error
    if isinstance(value, dict):
        return _from_mapping(value, strict, "", need, max_bytes=max_bytes)
    if need:
        raise _want(value, "a JSON object", "")
    return None


def _read(payload: object, strict: bool, max_bytes: int, need: bool) -> UnifiedError | None:
    """The one dispatcher behind `parse` and `error_of`."""
    if type(payload) is dict:
        return _from_mapping(payload, strict, "", need, owned=False, max_bytes=max_bytes)
    if isinstance(payload, (bytes, str, bytearray)):
        return _text(payload, strict, max_bytes, need)
    if isinstance(payload, UnifiedError):
        return payload
    foreign = _foreign(payload)
    if foreign is not None:
        return foreign
    wire = _wire_of(payload, need)
    if wire is not None:  # a vendor wire model or a ConfigureError
        if isinstance(wire, Mapping):
            return _from_mapping(wire, strict, "", need, owned=False, max_bytes=max_bytes)
        if need:
            raise ShapeError(f"to_wire() gave {type_name(wire)}, not a JSON object")
        return None
    if isinstance(payload, Mapping):
        return _from_mapping(payload, strict, "", need, owned=False, max_bytes=max_bytes)
    if _is_mcp(payload):
        return _mcp(payload, strict, "", need, max_bytes)
    if need:
        raise ShapeError(f"{_EXPECTED}; got {type_name(payload)}")
    return None


def parse(payload: object, *, strict: bool = False, max_bytes: int = MAX_BYTES) -> UnifiedError:
    """Read a failed tool call from any of the three systems as a `UnifiedError`.

    Accepts a dict, JSON ``str`` or ``bytes``, a vendor wire model, a ``ConfigureError``,
    a ``UnifiedError`` (returned as is) and an MCP ``CallToolResult`` (dict or object).
    Lenient by default: an unknown code in a known shape is kind ``unknown`` with the
    code kept verbatim.  ``strict=True`` rejects unknown codes, fields, suggested actions
    and reasons.  Anything that is not an error of a known shape raises
    `ShapeError` saying what was expected and where.
    """
    if type(payload) is bytes or type(payload) is str:  # the hot path, one call deep
        if len(payload) << 2 > max_bytes:  # may be over the limit: measured in UTF-8 bytes
            value = load(payload, max_bytes)
        else:
            try:
                value = decode(payload)
            except ValueError:
                value = load(payload, max_bytes)  # raises the ShapeError that says why
        if type(value) is not dict:
            raise _want(value, "a JSON object", "")
        reader = classify(value, True)
        if reader is not None and not isinstance(reader, str):
            return reader(value, strict, "")
        payload = value
    error = _read(payload, strict, max_bytes, need=True)
    assert error is not None
    return error


def error_of(
    result: object, *, strict: bool = False, max_bytes: int = MAX_BYTES
) -> UnifiedError | None:
    """The error in any tool's result, or ``None`` when nothing in it marks an error.

    Raises `ShapeError` when something marks an error (``isError: true``,
    ``ok: false``, an ``error`` key, a check-held key, a Configure error code) but the
    shape around it is broken.
    """
    return _read(result, strict, max_bytes, need=False)


_FROM_DICT.append(read_unified)  # `UnifiedError.from_dict` reads through this module
