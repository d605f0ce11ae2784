"""Reading: anything a tool call may return, to a `UnifiedError`.

The readers work on plain dicts straight from the JSON parser: no pydantic model is
built on this path, so the first parse is as cheap as the hundredth.  The wire models
in the vendor modules accept exactly what these readers accept (a test holds them to it).
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import re
import threading
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

from pydantic_core import to_json

from . import (
    _builtin,
    _envelopes,  # noqa: F401 - importing it registers the conventions' claims
    _source,
    _unified,
)
from ._conventions import read_convention, stated_wait
from ._decide import decide, said_in, said_text, said_texts
from ._envelopes import ASIDE, alone
from ._errors import NestedTooDeep, ShapeError, derives_from
from ._intext import announced, error_in_text, in_command_output, marked, stated, with_coded_tail
from ._json import MAX_BYTES, MAX_DEPTH, decode, load, opens_object, python_literal, size, type_name
from ._kinds import KIND_BY_VALUE, Action, ErrorKind
from ._problem import ATTRIBUTES, attributes  # importing it registers problem details' claims
from ._source import (
    BUILT_IN,
    Claim,
    Field,
    Reader,
    Shape,
    add_claim,
    expected_shapes,
    partly_done,
    want,
)
from ._table import of_status
from ._toolfailure import read as read_failure
from ._unified import UnifiedError, make
from ._words import UNSAID, read_words, status_in_text, wait_in_text

if TYPE_CHECKING:
    from ._table import Target, Vendor

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "TARGETS",
    "VENDORS",
    "error_of",
    "from_mapping",
    "load",
    "parse",
    "read_nested",
]


def _register_built_in() -> None:
    """Import every built-in source and register the `Source` its module declares as
    ``SOURCE``, in the folder's order, with the cyclic garbage collector paused.  Their
    import makes only objects that live as long as the process: the collector's passes
    during it freed nothing and cost 1.3 ms of start-up (its time in ``import
    toolerrors``, median of 30 runs: 6.4 ms, 5.1 ms paused)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        for name in BUILT_IN:
            module = import_module(f"{_builtin.__name__}.{name}")
            source = getattr(module, "SOURCE", None)
            if not isinstance(source, _source.Source) or source.name != name:
                raise ImportError(
                    f"{module.__name__} must declare SOURCE, a Source named {name!r}",
                    name=module.__name__,
                )
            _source.register(source)
    finally:
        if collecting:
            gc.enable()


_register_built_in()

VENDORS: Final[tuple[Vendor, ...]] = BUILT_IN
"""The sources built in."""

TARGETS: Final[tuple[Target, ...]] = (*VENDORS, "problem")
"""Where `toolerrors.convert` can write: a built-in source, or RFC 9457 problem details."""

_MISSING: Final = object()


UNIFIED: Final = Shape(
    "unified error",
    (
        *ATTRIBUTES,
        Field("message", (str,), required=True),
        Field("status_code", (int,)),
        Field("request_id", (str,)),
        Field("extra", (dict,)),
        Field("action", (object,)),  # derived from the kind: read back from nothing
        Field("hint", (object,)),  # the same
    ),
    model="",
)
"""What `UnifiedError.to_dict` writes, as JSON."""


def read_unified(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A `UnifiedError.to_dict` dict, as frameworks keep errors in metadata and state."""
    named = d.get("kind")
    kind = KIND_BY_VALUE.get(named) if type(named) is str else None
    if kind is None:
        raise ShapeError(f"unknown kind {named!r}", f"{where}/kind")
    UNIFIED.check(d, strict, where)
    extra = d.get("extra")
    return make(
        kind,
        d["message"],
        status_code=d.get("status_code"),
        request_id=d.get("request_id"),
        **attributes(d, strict, where),
        extra=dict(extra) if extra is not None else None,  # a nested dict the caller may hold
    )


# `UnifiedError.to_dict()`, as frameworks store errors.  It has none of the keys use_tool,
# Pythe and problem documents claim by, and ranks before Configure, which claims by code.
add_claim(
    Claim(
        550,
        "hint",
        read_unified,
        "`UnifiedError.to_dict()` (with `kind` and `action`)",
        needs=("kind", "action"),
    ),
    "unified",
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
    if type(result) is dict or isinstance(result, Mapping):
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
    """An MCP CallToolResult (dict or object), with the retry advice of the tool-failure
    metadata in its ``_meta`` (`toolerrors._toolfailure`) when it is an error."""
    found = _mcp_content(result, strict, where, need, max_bytes)
    if found is None:
        return None
    if type(result) is dict or isinstance(result, Mapping):
        meta = result.get("_meta")
    else:
        meta = getattr(result, "meta", None)
    return read_failure(found, meta) if meta is not None else found


def _mcp_content(
    result: Mapping[str, Any] | object, strict: bool, where: str, need: bool, max_bytes: int
) -> UnifiedError | None:
    """The error in an MCP CallToolResult's content; ``need`` raises where there is none.

    Without ``need`` a malformed part is passed over, never raised: a tool's result is
    not an error for being odd.  Structured content that is not an error settles a
    result that is not marked ``isError``: its text holds the same JSON and is not read.
    """
    get, is_error, structured = _parts(result)
    if is_error is not None and type(is_error) is not bool:
        if need:
            raise want(is_error, "a boolean", f"{where}/isError")
        is_error = None
    if structured is not None:
        found = _structured(structured, strict, where, need)
        if found is not None or not (is_error or need):
            return found  # structured content that is no error settles a success
    texts = _texts(get("content", None), where, need)
    for index, text in enumerate(texts):
        if opens_object(text):
            try:
                value = load(text, max_bytes)
            except ShapeError:
                continue  # text that is not JSON (or too long to read) is the message
            if isinstance(value, dict):
                found = from_mapping(
                    value,
                    strict=strict,
                    where=f"{where}/content/{index}/text",
                    need=False,
                    unwrap=False,
                )
                if found is not None:
                    return found
    if is_error:
        return error_in_text("\n".join(texts), vendor="mcp", max_bytes=max_bytes)
    if need:
        raise ShapeError("an MCP tool result without isError: true is not an error", where)
    return None


def _tool_result(
    d: Mapping[str, Any], where: str, need: bool, max_bytes: int
) -> UnifiedError | None:
    """A tool's result as Amazon Bedrock's Converse API takes it (``{toolUseId, content:
    [{text} | {json}], status}``, which Strands Agents' tools return): an error where its
    ``status`` is ``"error"``, read from a JSON block that holds one, else as its texts,
    known to be an error, say."""
    if d["status"] != "error":
        if need:
            raise ShapeError(
                f"a tool result whose status is {d['status']!r} is not an error", where
            )
        return None
    content = d.get("content")
    blocks = content if type(content) is list else []
    for index, block in enumerate(blocks):
        inner = block.get("json") if type(block) is dict else None
        if type(inner) is dict:
            found = from_mapping(
                inner, strict=False, where=f"{where}/content/{index}/json", need=False
            )
            if found is not None:
                return found
    texts = [b["text"] for b in blocks if type(b) is dict and type(b.get("text")) is str]
    return error_in_text("\n".join(texts), vendor=None, max_bytes=max_bytes)


def _structured(structured: object, strict: bool, where: str, need: bool) -> UnifiedError | None:
    if type(structured) is dict or isinstance(structured, Mapping):
        return from_mapping(
            structured,
            strict=strict,
            where=f"{where}/structuredContent",
            need=False,
            unwrap=False,
            owned=False,
        )
    if need:
        raise want(structured, "an object", f"{where}/structuredContent")
    return None


def _texts(content: object, where: str, need: bool) -> list[str]:
    if content is None:
        return []
    if not isinstance(content, (list, tuple)):
        if need:
            raise want(content, "an array", f"{where}/content")
        return []
    texts = []
    for block in content:
        if type(block) is dict or isinstance(block, Mapping):
            kind, text = block.get("type"), block.get("text")
        else:
            kind, text = getattr(block, "type", None), getattr(block, "text", None)
        if kind == "text" and isinstance(text, str):
            texts.append(text)
    return texts


def from_mapping(
    d: Mapping[str, Any],
    *,
    strict: bool,
    where: str,
    need: bool,
    unwrap: bool = True,
    owned: bool = True,
    max_bytes: int = MAX_BYTES,
) -> UnifiedError | None:
    """The error in a dict: a vendor's shape, or (``unwrap``) an MCP result around one,
    or, leniently, a dict of one member whose text is a JSON object (`_inside`).

    A reader may keep the dict it reads, so a dict the caller still holds (not
    ``owned``) is copied first.
    """
    if unwrap and not strict and len(d) == 1:
        found_inside = _inside(d, where, max_bytes)
        if found_inside is not None:
            return found_inside
    if "toolUseId" in d and type(d.get("status")) is str:
        return _tool_result(d, where, need, max_bytes)
    found = _source.classify(d, need)
    if callable(found):
        data = d if owned else dict(d)
        try:
            return found(data, strict, where)
        except NestedTooDeep:
            raise  # not read, so not recovered: what it marks is too deep to know
        except ShapeError:
            return _recovered(found, data, strict)
    if unwrap and any(key in d for key in _MCP_KEYS):
        return _mcp(d, strict, where, need, max_bytes)  # copies what it keeps
    if unwrap and not strict and len(d) == 1:
        found_inside = _wrapped(d, where, max_bytes)
        if found_inside is not None:
            return found_inside
    if need:
        raise ShapeError(found or expected_shapes(), where)
    return None


_SAYS: Final = ("message", "msg", "description", "detail", "error", "reason", "info", "note")
"""What the name of a member that says what went wrong holds, in lower case
(``resultMessage``, ``statusDescription``, Alpha Vantage's ``Information``)."""


def _worded(d: Mapping[str, Any]) -> UnifiedError | None:
    """A dict given as an error (to `parse`) that no shape claims, read where its texts'
    known words say one: the texts `said_in` reads, else the sentences of its members
    whose names say they tell what went wrong (`_SAYS`: Worldline's ``{"resultCode":
    110, "resultMessage": "Invalid parameter merchantId ..."}``, Dwolla's ``{"message":
    "Account over limit."}``); a dict whose words say nothing, that a claim calls no
    error (a Pythe success envelope, Configure's ``forget()`` result) or that says it
    succeeded (``"success": true``, ``"status": "ok"``), is still refused."""
    if type(_source.classify(d, True)) is str or _succeeded(d):
        return None
    texts = said_texts(d) or [
        value
        for key, value in list(d.items())[:32]
        if type(value) is str
        and " " in value
        and type(key) is str
        and any(word in key.lower() for word in _SAYS)
    ]
    said = read_words(*texts) if texts else None
    if said is None:
        return None
    return make(said[0], texts[0], retryable=said[1], retry_after=stated_wait(d), extra=dict(d))


_SUCCEEDED: Final = frozenset({"ok", "OK", "success", "Success", "SUCCESS", "succeeded"})


def _succeeded(d: Mapping[str, Any]) -> bool:
    """Whether a dict says it succeeded: ``success`` or ``ok`` true, or a ``status`` or
    ``result`` of success."""
    if d.get("success") is True or d.get("ok") is True:
        return True
    return any(type(d.get(key)) is str and d[key] in _SUCCEEDED for key in ("status", "result"))


def _printed(text: str, max_bytes: int) -> UnifiedError | None:
    """The error in a dict that Python printed as a whole text (a client that printed the
    body it parsed: Zulip's ``{'result': 'error', 'msg': ..., 'code': ...}``), read as
    that body would be; ``None`` for any other text."""
    if not text.startswith("{") or "'" not in text:
        return None
    value = python_literal(text)
    if value is None:
        return None
    return from_mapping(value, strict=False, where="", need=False, max_bytes=max_bytes)


def _wrapped(d: Mapping[str, Any], where: str, max_bytes: int) -> UnifiedError | None:
    """The error in the object that a dict's one member holds, where no claim took the
    dict and the member's name wraps an answer (`_WRAPPING`: UPS's ``{"response":
    {"errors": [...]}}``) or says an error (OpenStack's ``{"forbidden": {"code": 403,
    "message"}}``, ``{"itemNotFound": {...}}``), read by its words where its name says
    it holds an error (`_FAULTS`) and no claim takes it, as is a text under a name that
    says so (`_A_FAULT`: Financial Modeling Prep's ``{"Error Message": "Invalid API
    KEY. ..."}``); a record's one member
    (``{"job": {..., "error": ...}}``) is not read."""
    ((key, value),) = d.items()
    if type(key) is not str:
        return None  # a Python dict's key that is no JSON name names nothing
    name = key.lower()
    if type(value) is str and value and re.search(_A_FAULT, name) is not None:
        said = near_miss({"error": value})  # FMP's {"Error Message": "Invalid API KEY. ..."}
        return dataclasses.replace(said, extra=dict(d))  # the body as it came
    if type(value) is not dict or not (name.endswith(_WRAPPING) or read_words(key) is not None):
        return None
    found = from_mapping(
        value, strict=False, where=f"{where}/{key}", need=False, unwrap=False, max_bytes=max_bytes
    )
    if found is None and name.endswith(_FAULTS) and said_text(value) is not None:
        return near_miss(value)  # WebHDFS's {"RemoteException": {"message", "exception"}}
    return found


_SAID: Final = ("message", "detail")
"""The members a body of one member says its error in (`_said_alone`)."""
_A_FAULT: Final = r"^(?:error|exception|fault)(?:[\W_]?(?:msg|message|text|description))?$"
"""A member's name that says it holds an error and nothing else ("Error Message",
"error_msg"; not a record's "last_error"), whose text is then the error's message."""
_FAULTS: Final = ("error", "exception", "fault")
"""How the name of a member that holds an error ends, in lower case: what it holds is an
error whatever its shape, read by its words."""
_WRAPPING: Final = (*_FAULTS, "response", "body", "data", "result")
"""How the name of a member that passes on another's answer ends, in lower case (Expo's
push ticket ``{"data": {"status": "error", "message", "details"}}``, the Meraki MCP
server's ``{"result": {"type": "error", "error": ..., "recovery_suggestion"}}``)."""


def _inside(d: Mapping[str, Any], where: str, max_bytes: int) -> UnifiedError | None:
    """The error in the JSON object that a dict's one member, named for an error or a
    response (`_WRAPPING`), holds as text, read once
    (not unwrapped again) and no larger than ``max_bytes``: a service that passes on
    another's answer as a string (The Graph's indexer, ``{"graphQLResponse":
    "{\\"errors\\": [...]}"}``; ``{"error": "{\\"message\\": ...}"}``): the dict with the
    object in the text's place (an ``error`` object), else the object alone (the
    answer passed on).  ``None`` when the text is no JSON object, or holds no error."""
    ((key, value),) = d.items()
    if (
        type(value) is not str
        or type(key) is not str
        or not key.lower().endswith(_WRAPPING)
        or not opens_object(value)
    ):
        return None  # a tool's one text (a file it read) may well be JSON with an error
    try:
        inner = load(value, max_bytes)
    except ShapeError:
        return None  # a text that only looks like JSON is read as the text it is
    if type(inner) is not dict:
        return None
    for payload, at in (({key: inner}, where), (inner, f"{where}/{key}")):
        found = from_mapping(
            payload, strict=False, where=at, need=False, unwrap=False, max_bytes=max_bytes
        )
        if found is not None:
            return found
    return None


class _Nesting(threading.local):
    """What `read_nested` knows in this thread while it reads payloads inside one."""

    depth = 0
    """How many payloads deep it is reading now."""

    def __init__(self) -> None:
        self.read: dict[tuple[int, bool, bool], tuple[Mapping[str, Any], UnifiedError | None]] = {}
        """What each payload read gave, by its id and how it was read; the payload is
        kept beside it, so that its id stands for it alone while it is here."""


_NESTING: Final = _Nesting()


def read_nested(
    d: Mapping[str, Any], *, strict: bool, where: str, need: bool
) -> UnifiedError | None:
    """The error in a payload inside another, as `from_mapping` reads it, for a source
    whose payloads wrap others (a JSON-RPC response's ``result`` or ``error``).

    No deeper than `MAX_DEPTH` payloads inside the outermost: past it, `NestedTooDeep`.
    And each payload is read once however often it is asked for while the outermost is
    read: a claim that asks whether a ``result`` holds an error reads it, and its reader
    then takes what that read gave, so N levels cost N reads, not 2 ** N.
    """
    nesting = _NESTING
    key = (id(d), strict, need)
    known = nesting.read.get(key)
    if known is not None and known[0] is d:
        return known[1]
    if nesting.depth >= MAX_DEPTH:  # no path: a claim's test reads with none
        raise NestedTooDeep(f"payloads nested more than MAX_DEPTH ({MAX_DEPTH}) deep")
    nesting.depth += 1
    try:
        found = from_mapping(d, strict=strict, where=where, need=need)
        nesting.read[key] = (d, found)
        return found
    finally:
        nesting.depth -= 1
        if not nesting.depth:  # the outermost is read: what was read may change now
            nesting.read.clear()


_source.read_any = read_nested


def _recovered(reader: Reader, d: Mapping[str, Any], strict: bool) -> UnifiedError:
    """After ``reader`` refused ``d``, in an ``except ShapeError`` block: leniently, a payload
    that marks an error but is broken around it is still an error (`near_miss`); strict
    parsing, or a payload taken only to say what it is not, raises what was wrong."""
    if strict or _source.classify(d, False) is not reader:
        raise  # noqa: PLE0704 - re-raises the ShapeError being handled
    return near_miss(d)


_HELD_KINDS: Final = {"refused": ErrorKind.REFUSED, "not_done_yet": ErrorKind.APPROVAL_REQUIRED}
"""A broken held-back marker's kind: a refusal first, so that none is lost to an approval;
a marker that is false, zero, empty or null holds nothing back."""
_TEXTS: Final = (
    "message", "error_description", "detail", "title", "description", "error", "not_done_yet",
    "refused", "info",
)  # fmt: skip
_CODES: Final = ("code", "error", "type", "status")
_STATUSES: Final = ("status", "error_code", "errorCode", "statusCode", "status_code", "code")
"""Where a body, or its ``error`` object, may give its HTTP status as a number
(``{"error_code": 502, ...}``; a model server's ``{"object": "error", "code": 400, ...}``;
a gateway's ``{"error": {"code": 429, "message", "metadata"}}``)."""


def near_miss(d: Mapping[str, Any]) -> UnifiedError:
    """A payload that marks an error but fits no source exactly: its kind from a broken
    approval or refusal marker, else from its known words, else from the HTTP status it
    gives (in a field, or in its text: "HTTP 404"), else ``unknown``.  Its text is kept
    as the message, and its code only where it is a word (an ``error`` that is a
    sentence is a message), and a wait it states, in a field or in its text ("Please
    try again in 11.09s"), is kept.  An ``error`` object's fields are read as the payload's own
    (``{"error": {"message", "code"}}``)."""
    inner = d.get("error")
    if type(inner) is dict and not any(key in d for key in _HELD_KINDS):
        return read_convention(d, False, "")  # an error object no source's claim took
    places = (d, inner) if type(inner) is dict else (d,)
    texts = [p[key] for p in places for key in _TEXTS if type(p.get(key)) is str and p[key]]
    message = texts[0] if texts else (said_text(d) or _json_text(d))
    code = next(
        (
            p[key] for p in places for key in _CODES
            if type(p.get(key)) is str and p[key] and " " not in p[key]  # a word, not a text
        ),
        None,
    )  # fmt: skip
    held = next((key for key in _HELD_KINDS if d.get(key)), None)
    if held is not None:
        text = d[held]  # the outcome's own text, where it gives one, says what was held
        message = text if type(text) is str else message
        return make(_HELD_KINDS[held], message, retryable=False, vendor="use_tool", extra=d)
    status = next(
        (
            p[key] for p in places for key in _STATUSES
            if type(p.get(key)) is int and 400 <= p[key] <= 599
        ),
        None,
    )  # fmt: skip
    if status is None:
        status = next((s for s in map(status_in_text, texts) if s is not None), None)
    mark = marked(message)  # "MCP error -32603: ...": the error it reports says
    if mark is not None:
        said: tuple[ErrorKind, bool | None] | None = (mark.kind, mark.retryable)
    else:  # words, weighed against the status the body gives (the more specific decides)
        said = read_words(code, *texts) or said_in(d)  # else its lists of errors' words
        if status is not None:
            said = decide(status, of_status(status), said, worded=True) or said
    kind, retryable = said or UNSAID
    wait = stated_wait(d)
    if wait is None:
        wait = next((w for w in map(wait_in_text, texts) if w is not None), None)
    return make(
        kind,
        message,
        retryable=retryable,
        retry_after=wait,
        status_code=status,
        code=code,
        extra=d,
    )


def _read_coded(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A ``{code, message}`` pair whose code no source knows or writes that way: an
    error all the same, whose code and words say what they can; strictly, no shape."""
    if strict:
        raise ShapeError(f"unknown code {d['code']!r}; {expected_shapes()}", f"{where}/code")
    return near_miss(d)


def _a_status_code(d: Mapping[str, Any]) -> bool:
    """A ``code`` that is an HTTP error status, as a model server gives it."""
    code = d.get("code")
    return type(code) is int and 400 <= code <= 599


def _read_marked(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """An error that says it is one, ``{"object": "error", "message", ...}``, in no
    source's shape (a model server's, with its HTTP status in ``code``): read by its
    words, else its status; strictly, no shape."""
    if strict:
        raise ShapeError(f'"object": "error" in no known shape; {expected_shapes()}', where)
    return near_miss(d)


# After the sources' claims on `object` and `param`, before any on `code` that would say
# what is wrong with it: an error that marks itself and gives its HTTP status as its code.
add_claim(
    Claim(
        620,
        "object",
        _read_marked,
        '`object: "error"` with a text `message` and an HTTP status as its `code`, in no'
        " source's shape, read by its words or that status",
        is_a=str,
        one_of=frozenset({"error"}),
        texts=("message",),
        when=_a_status_code,
    ),
    "words",
)


# After every source's claim: a text code with a text message, when an error is needed
# (an MCP result's structured content may well have a code).
add_claim(
    Claim(
        910,
        "code",
        _read_coded,
        "when asked for an error: any other text `code` with a text `message`, read by its words",
        is_a=str,
        texts=("message",),
        parsing_only=True,
    ),
    "words",
)


def _json_text(d: Mapping[str, Any]) -> str:
    try:
        return to_json(d).decode()
    except ValueError:  # pragma: no cover - a lone surrogate
        return repr(dict(d))


def _foreign(payload: object) -> UnifiedError | None:
    """A `UnifiedError` of another copy of this package (vendored under another name),
    recognised by its class name (or a base's) and fields, as one of our own."""
    if not derives_from(payload, "UnifiedError"):
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
    payload: str | bytes | bytearray,
    strict: bool,
    max_bytes: int,
    need: bool,
    *,
    announce: bool = True,
) -> UnifiedError | None:
    n = size(payload, max_bytes)
    if n > max_bytes:
        if need:
            raise ShapeError(f"input of {n} bytes is over the {max_bytes}-byte limit")
        return None  # too long to read: a large result is not an error for its size
    try:
        value = load(payload, max_bytes)
    except ShapeError:
        # Plain text is no error, unless (leniently) a source's mark says it is one or
        # the text announces one at its start.
        text = _as_str(payload).strip()  # a line's end or a blank around it says nothing
        found = None if strict else _in_plain_text(text, max_bytes, announce)
        if found is None and need:
            if strict or not _says_an_error(text):
                raise
            return error_in_text(text, vendor=None, max_bytes=max_bytes)
        return found
    if isinstance(value, dict):
        return from_mapping(value, strict=strict, where="", need=need, max_bytes=max_bytes)
    if type(value) is list:
        return _listed(value, strict, need, max_bytes, owned=True)
    if need:
        raise want(value, "a JSON object", "")
    return None


_WORDED: Final = 2048
"""The longest text given as an error whose words are read for one: a message, not a
document (a JSON document too deep or broken to load is refused at once: reading 300,000
brackets' words took 0.3 s)."""


def _says_an_error(text: str) -> bool:
    """Whether a text given as an error (to `parse`) says one by its known words or a
    status it states: LibreTranslate's "Too many request limits violations", a plan's
    "Seat Limit Reached"; a text that says neither, a long one and broken JSON are no
    error read."""
    return (
        len(text) <= _WORDED
        and text[:1] not in "[{"
        and (read_words(text) is not None or status_in_text(text) is not None)
    )


def _in_plain_text(text: str, max_bytes: int, announce: bool = True) -> UnifiedError | None:
    """The error a text that is no JSON holds: where a source's mark is in it, the text
    read as one known to be an error (its words say why too); else (``announce``) where
    it announces one at its start, states one, or is a dict as Python prints it."""
    if marked(text) is not None:
        return error_in_text(text, vendor=None, max_bytes=max_bytes)
    if not announce:
        return None
    return (
        announced(text, max_bytes)
        or stated(text, max_bytes)
        or _printed(text, max_bytes)
        or in_command_output(text, max_bytes)
        or with_coded_tail(text, max_bytes)
    )


def error_in_exception_text(text: str) -> UnifiedError | None:
    """The error an exception's text carries: a JSON object, or a source's mark; not an
    announcement ("Error: ..."), which the exception's class and causes say better."""
    return _text(text, False, MAX_BYTES, False, announce=False)


def _as_str(payload: str | bytes | bytearray) -> str:
    """A text as ``str``, whatever is not UTF-8 replaced."""
    return payload if isinstance(payload, str) else bytes(payload).decode("utf-8", "replace")


def _listed(
    items: list[Any], strict: bool, need: bool, max_bytes: int, owned: bool
) -> UnifiedError | None:
    """A body wrapped in a JSON array (some front ends send ``[{"error": ...}]``):
    the error in its first object.  Beside other items that are no errors (a JSON-RPC
    batch's results), the array is a batch that partly took effect: never retried whole."""
    if items and isinstance(items[0], Mapping):
        error = from_mapping(
            items[0], strict=strict, where="/0", need=need, owned=owned, max_bytes=max_bytes
        )
        if error is None or len(items) == 1:
            return error
        failed = [
            _label(item, index)
            for index, item in enumerate(items)
            if index == 0 or (isinstance(item, Mapping) and error_of(item) is not None)
        ]
        return partly_done(error, done=len(items) - len(failed), failed=failed)
    if need:
        raise want(items, "a JSON object, or an array whose first item is one", "")
    return None


def _label(item: object, index: int) -> str:
    """How a batch's item is named: by its ``id`` (JSON-RPC's), else by its place."""
    name = item.get("id") if isinstance(item, Mapping) else None
    return str(name) if type(name) in (str, int) else f"#{index}"


def _read(payload: object, strict: bool, max_bytes: int, need: bool) -> UnifiedError | None:
    """The one dispatcher behind `parse` and `error_of`."""
    if type(payload) is dict:
        return from_mapping(
            payload, strict=strict, where="", need=need, owned=False, max_bytes=max_bytes
        )
    if type(payload) is list:
        return _listed(payload, strict, need, max_bytes, owned=False)
    if isinstance(payload, (bytes, str, bytearray)):
        return _text(payload, strict, max_bytes, need)
    if isinstance(payload, UnifiedError):
        return payload
    if hasattr(payload, "__await__"):  # a coroutine, task or future: not a result yet
        raise TypeError(
            f"{type_name(payload)} is not a tool's result: await it first, then read what it gives"
        )
    foreign = _foreign(payload)
    if foreign is not None:
        return foreign
    wire = _wire_of(payload, need)
    if wire is not None:  # a vendor wire model or a ConfigureError
        if isinstance(wire, Mapping):
            return from_mapping(
                wire, strict=strict, where="", need=need, owned=False, max_bytes=max_bytes
            )
        if need:
            raise ShapeError(f"to_wire() gave {type_name(wire)}, not a JSON object")
        return None
    if isinstance(payload, Mapping):
        return from_mapping(
            payload, strict=strict, where="", need=need, owned=False, max_bytes=max_bytes
        )
    if _is_mcp(payload):
        return _mcp(payload, strict, "", need, max_bytes)
    if need:
        raise ShapeError(f"{expected_shapes()}; got {type_name(payload)}")
    return None


def parse(payload: object, *, strict: bool = False, max_bytes: int = MAX_BYTES) -> UnifiedError:
    """Read a failed tool call from any registered source as a `UnifiedError`.

    Accepts a dict, JSON ``str`` or ``bytes`` (or an array whose first item is an error),
    a wire model, a ``ConfigureError``, a ``UnifiedError`` (returned as is) and an MCP
    ``CallToolResult`` (dict or object).  Lenient by default: an unknown code in a known
    shape is kind ``unknown`` (or what its known words say) with the code kept verbatim,
    and a payload that marks an error but is broken around it is still an error.
    A text that is not JSON is read where it holds a source's mark, as the error the
    mark reports (the TypeScript MCP SDK's "MCP error -32603: ..."), or announces one at
    its start ("Error: ...", "Search error (401): ...", an SDK exception's
    "cohere.errors.UnauthorizedError: ..."); given here as an error, a text is also read
    where its known words or a status it states say one ("Seat Limit Reached", "Router
    not found"), and raises where nothing in it does.  So is a dict of no known shape
    whose texts' known words say an error (``{"resultCode": 110, "resultMessage":
    "Invalid parameter ..."}``), named as no one's.
    ``strict=True`` accepts only exactly one source's documented shape, and says where it
    is not.  Anything that is not an error at all, or is too large (`MAX_BYTES`) or
    nested too deep (`MAX_DEPTH`) to read, raises `ShapeError` saying what was expected
    and where.
    """
    if (type(payload) is bytes or type(payload) is str) and len(payload) << 2 <= max_bytes:
        # The hot path, one call deep; a text that may be over the limit (measured in
        # UTF-8 bytes), or is no JSON, is read below as any text is.
        try:
            value = decode(payload)
        except ValueError:
            value = _MISSING
        if type(value) is dict:
            reader = _source.classify(value, True)
            if callable(reader):  # not the text that says why no source took it
                try:
                    return reader(value, strict, "")
                except NestedTooDeep:
                    raise
                except ShapeError:
                    return _recovered(reader, value, strict)
            payload = value
        elif type(value) is list:
            error = _listed(value, strict, True, max_bytes, owned=True)
            assert error is not None
            return error
        elif value is not _MISSING:
            raise want(value, "a JSON object", "")
    try:
        error = _read(payload, strict, max_bytes, need=True)
    except ShapeError:
        worded = _worded(payload) if not strict and isinstance(payload, Mapping) else None
        if worded is None:
            raise
        return worded  # a dict that is no error by a claim or its own word never gets here
    assert error is not None
    return error


def error_of(
    result: object,
    *,
    strict: bool = False,
    max_bytes: int = MAX_BYTES,
    labelled_text: bool = False,
) -> UnifiedError | None:
    """The error in any tool's result, or ``None`` when nothing in it marks an error.

    An awaitable (a coroutine not awaited yet) raises ``TypeError``: it is no result.
    Never raises `ShapeError` in lenient mode: something that marks an error
    (``isError: true``, ``ok: false``, an ``error`` key, a check-held key, a known code)
    around a broken shape is still an error, read by its known words; a result too large
    (`MAX_BYTES`) or nested too deep (`MAX_DEPTH`) to read gives ``None``.  A text that
    is not JSON is a tool's output, not an error, unless it holds a source's mark ("MCP
    error -32001: Request timed out", wherever it stands) or announces an error at its
    start ("Error: ...", "TypeError: fetch failed", "402 Insufficient Balance"); a
    ``message`` or ``detail`` alone is read as its text alone would be, and a result
    that says ``"success": true`` holds no error, whatever else it says.  With
    ``strict`` it raises `ShapeError` saying where the shape is broken.

    ``labelled_text=True`` is for a server known to report failures as successes
    (mcp-server-sqlite's "Database error: no such table: x" with ``isError: false``): an
    MCP result not marked as an error whose text begins with an error's label
    ("Error:", "Database error:") is read as a failed result with that text.  Off by
    default: a tool's output is not an error for its words.
    """
    try:
        found = _read(result, strict, max_bytes, need=False)
    except NestedTooDeep:
        if strict:
            raise
        return None  # as a text over the size limit: too deep to read is no error read
    if found is None and labelled_text and (_is_mcp(result) or _is_mcp_dict(result)):
        return _labelled(result, max_bytes)
    if found is None and not strict and type(result) is dict and len(result) <= 1 + len(ASIDE):
        return _said_alone(result, max_bytes)
    if found is not None and not strict and type(result) is dict and result.get("success") is True:
        return None  # Xweather's {"success": true, "error": {"code": "warn_no_data"}}: a note
    return found


def _said_alone(d: dict[str, Any], max_bytes: int) -> UnifiedError | None:
    """A tool's result that is a ``message`` or ``detail`` alone, or beside a request's
    id or a time (`toolerrors._envelopes.ASIDE`), whose text says an error as the text alone would
    (`_in_plain_text`: Mapbox's ``{"message": "Not Authorized - Invalid Token"}``, Django
    REST framework's ``{"detail": "Authentication credentials were not provided."}``),
    read as the body it is, as `parse` reads it; ``None`` for any other ("Not found" may
    be a record's note).  An HTTP response's body is read with its status instead."""
    key = next((key for key in _SAID if key in d), None)
    if key is None or not alone(d, key):
        return None
    value = d[key]
    if type(value) is not str or _in_plain_text(value, max_bytes) is None:
        return None
    try:
        return from_mapping(d, strict=False, where="", need=True, owned=False)
    except ShapeError:
        return None


def _is_mcp_dict(result: object) -> bool:
    return isinstance(result, Mapping) and any(key in result for key in _MCP_KEYS)


def _labelled(result: object, max_bytes: int) -> UnifiedError | None:
    """A result's text that announces an error at its start (`announced`), read as the
    text of a failed result is; ``None`` for any other."""
    get, _, _ = _parts(result)
    text = "\n".join(_texts(get("content", None), "", need=False))
    return announced(text, max_bytes, vendor="mcp")


_unified.read_dict = read_unified
