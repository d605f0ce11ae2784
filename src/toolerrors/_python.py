"""Python exceptions as unified errors: timeouts, connection failures, HTTP client errors,
interruptions and bugs.  `from_exception` is total: it returns an error for every
``BaseException`` and never raises."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from ._classes import EXCEPTIONS, REPLIES, TOLD, UNUSABLE, URL_UNUSABLE, Phase, Rule, db_api
from ._errors import ShapeError, derives_from, text_of
from ._http import from_http
from ._json import MAX_DEPTH, is_wait
from ._kinds import ErrorKind
from ._read import error_in_exception_text, error_of
from ._source import RESPONSES, Response, exception_reader
from ._unified import ToolFailure, UnifiedError, make, refill
from ._words import read_words

__all__ = ["EXCEPTIONS", "from_exception"]

_INTERRUPTED: Final = Rule(ErrorKind.UNKNOWN_OUTCOME, False)
"""Interrupted, cancelled or exiting (a ``BaseException`` that is not an ``Exception``):
it may have happened, and it is never retried; the caller re-raises it."""
_UNREAD: Final = Rule(ErrorKind.UNKNOWN, None)
"""An exception nothing recognises."""

_MAX_DEPTH: Final = 16
"""How many causes deep `from_exception` looks for one it recognises."""


def _by_class(exc: BaseException, rule: Rule) -> UnifiedError:
    """``exc`` as the error its class stands for: its text, and its class as the code;
    for a `Rule.worded` class, the kind its text's known words name."""
    text = text_of(exc)
    said = read_words(text) if rule.worded else None
    kind = rule.kind if said is None else said[0]
    return make(kind, text, retryable=rule.retryable, vendor="python", code=_name(type(exc)))


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


_LIBRARIES: Final = Response(
    "response.status_code", "response.headers", ("response.content", "response.data", "body")
)
"""Where httpx's (and httpx2's) and requests' errors keep the response, and the SDKs built
on them, with the body as ``content``; or, parsed, as ``data`` (the error of a 200 that
an SDK raises); or as the SDK's own ``body``, which holds the error event of a stream that
failed after its 200."""

_ANY_SDK: Final = tuple(
    Response(status, headers, ("body", "json"))
    for status, headers in (
        ("response.status", "response.headers"),
        ("status_code", "headers"),
        ("status", "headers"),
        ("code", "headers"),
    )
)
"""Where any other SDK may keep its response's facts, read after what the sources
declare (`Source.responses`): an aiohttp ``ClientResponse`` as ``response``; or a status
as ``status_code`` (pydantic-ai's ``ModelHTTPError``), ``status`` (aiohttp's
``ClientResponseError``) or ``code``, beside ``headers`` and the body, as it came
(``body``) or parsed (``json``).  A number with neither headers nor a body beside it is
not taken for an HTTP status."""

_BODY_TYPES: Final = (str, bytes, bytearray, Mapping, list)
"""What a body may be: an SDK's ``json`` that is a method to call is not one."""


def _attribute(exc: BaseException, path: str) -> Any:
    """``exc``'s attribute at a dotted ``path``, where a number is an index (``args.1``),
    or ``None``; also ``None`` when reading it raises (a streamed body not read, or one
    already consumed, or an index past the end)."""
    value: Any = exc
    try:
        for name in path.split("."):
            value = (
                value[int(name)]
                if name.isascii() and name.isdigit()
                else getattr(value, name, None)
            )
    except Exception:
        return None
    return value


def _response(exc: BaseException, seen: set[int]) -> UnifiedError | None:
    """An HTTP error exception (urllib's, or one that keeps its response as in
    `_LIBRARIES`, as a source declares (`Source.responses`), or as `_ANY_SDK`) through
    `from_http`."""
    if type(exc).__module__.split(".")[0] == "urllib":
        status, headers, body = getattr(exc, "code", None), getattr(exc, "headers", None), None
        if isinstance(status, int):
            try:
                body = exc.read()  # type: ignore[attr-defined]
            except Exception:
                body = None
            return from_http(status, headers, body)
        reason = getattr(exc, "reason", None)  # an exception is read as the cause
        unusable = isinstance(reason, str) and reason.startswith(URL_UNUSABLE)
        return _by_class(exc, UNUSABLE) if unusable else None
    for status_path, headers_path, body_paths in (_LIBRARIES, *RESPONSES, *_ANY_SDK):
        status = _attribute(exc, status_path)
        if status is None:
            continue  # from_http refuses any status that is not one (a bool, text)
        headers = _attribute(exc, headers_path)
        bodies: list[object] = [
            body
            for body in map(partial(_attribute, exc), body_paths)
            if isinstance(body, _BODY_TYPES)
        ]
        if not bodies:
            if headers is None and "." not in status_path:
                continue  # an exception's number alone does not make it an HTTP response
            bodies.append(None)
        for body in bodies:
            try:
                return _waited(from_http(status, headers, body), exc)
            except ShapeError:
                continue  # neither an error status nor an error body: a redirect, or a
                # stream's text after its 200
    return None


def _waited(error: UnifiedError, exc: BaseException) -> UnifiedError:
    """``error`` with the wait ``exc`` states as ``retry_after`` (seconds), where its
    response left the wait unsaid: an SDK that read the wait from a header it keeps no
    more, or from its own body."""
    wait: Any = getattr(exc, "retry_after", None)
    if error.retry_after is not None or not is_wait(wait):
        return error
    return refill(
        error,
        error.kind,
        retryable=error.retryable,
        retry_after=float(wait),
        status_code=error.status_code,
        request_id=error.request_id,
    )


def _error_data(exc: BaseException) -> UnifiedError | None:
    """The JSON-RPC error an exception keeps as ``error``, an object with a ``code`` and
    a ``message``, as the MCP SDK's do (the JSON-RPC source declares the SDK's own
    ``MCPError``, read before this)."""
    error = getattr(exc, "error", None)
    code, message = getattr(error, "code", None), getattr(error, "message", None)
    if type(code) is not int or type(message) is not str:
        return None
    data = getattr(error, "data", None)
    payload = {"code": code, "message": message}
    return error_of(payload if data is None else {**payload, "data": data})


def _told(exc: BaseException, rule: Rule | None) -> UnifiedError:
    """An MCP framework's exception whose text its server meant for the caller (`TOLD`):
    read as the MCP result with ``isError: true`` and that text, which FastMCP's client
    raises it for, or as its class's ``rule`` says, the text kept to be shown."""
    text = text_of(exc)
    if rule is not None:
        return make(rule.kind, text, retryable=rule.retryable, vendor="mcp")
    error = error_of({"isError": True, "content": [{"type": "text", "text": text}]})
    assert error is not None  # a result marked isError is always an error
    return error


def _body(exc: BaseException) -> UnifiedError | None:
    """The error an exception keeps as its ``body`` with no HTTP status beside it: the
    ``APIError`` of an SDK for an error event in a stream."""
    body = _attribute(exc, "body")
    return error_of(body) if isinstance(body, Mapping) else None


_HELD: Final = (ErrorKind.REFUSED, ErrorKind.APPROVAL_REQUIRED)
"""What a group keeps above all its other members, in this order: a person's no, then
a person's yes still to be given."""

_CAUTION: Final[dict[bool | None, int]] = {False: 0, None: 1, True: 2}
"""Retry advice from the most cautious: a group is never more retryable than this."""

_MAX_MEMBERS: Final = 256
"""How many members of a group, nested groups' included, are read."""


def _members(group: BaseException) -> list[BaseException]:
    """A group's leaf exceptions, nested groups flattened, in order; bounded."""
    found: list[BaseException] = []
    stack = [group]
    while stack and len(found) < _MAX_MEMBERS:
        current = stack.pop()
        inner = getattr(current, "exceptions", None)
        if _is_group(current) and isinstance(inner, tuple):
            stack.extend(reversed(inner))
        else:
            found.append(current)
    return found


def _is_group(exc: BaseException) -> bool:
    """An ``ExceptionGroup`` or ``BaseExceptionGroup``: Python's own (3.11 on) or the
    ``exceptiongroup`` backport's, which anyio and the MCP SDK raise on 3.10."""
    return derives_from(exc, "BaseExceptionGroup")


def _group(group: BaseException, seen: set[int], depth: int) -> UnifiedError:
    """A group (``asyncio.TaskGroup``, anyio, the MCP SDK's task groups) by its members: a
    refusal, else an approval, inside it is kept; otherwise the most cautious member
    decides (never retried if any member may not be, the longest wait among equals),
    and an interruption among them is never retried."""
    seen.add(id(group))
    errors = [_member(member, seen, depth + 1) for member in _members(group)]
    for kind in _HELD:
        for error in errors:
            if error.kind is kind:
                return error
    return min(errors, key=lambda error: (_CAUTION[error.retryable], -(error.retry_after or 0.0)))


def _member(exc: BaseException, seen: set[int], depth: int) -> UnifiedError:
    """One member of a group, read as `from_exception` reads it, sharing what was seen
    (a member whose cause is its own group ends there)."""
    if not isinstance(exc, Exception):
        return _by_class(exc, _INTERRUPTED)
    found = _read(exc, seen, depth) if id(exc) not in seen else None
    return found or _by_class(exc, _UNREAD)


def _known(exc: BaseException, seen: set[int], depth: int) -> UnifiedError | Rule | None:
    """The error ``exc`` itself says, without its causes, or the rule its class stands
    for (`EXCEPTIONS`); ``None`` when nothing does."""
    if isinstance(exc, ToolFailure):
        return exc.error
    if _is_group(exc):
        return _group(exc, seen, depth)
    for cls in type(exc).__mro__:  # an SDK's exception that a source reads (ConfigureError)
        read = exception_reader(cls)
        if read is not None:
            return read(exc)
    if derives_from(exc, "ToolFailure"):  # another copy's, or a subclass (its Refused)
        return error_of(getattr(exc, "error", None))
    if exc.__cause__ is None:  # raised from another, it wraps it: the cause decides
        for cls in type(exc).__mro__:
            name = _name(cls)
            if name in TOLD:
                return _told(exc, TOLD[name])
    found = _response(exc, seen) or _error_data(exc) or _body(exc)
    if found is not None:
        return found
    for cls in type(exc).__mro__:
        name = _name(cls)
        rule = EXCEPTIONS.get(name) or _reply(exc, REPLIES.get(name))
        if rule is not None:
            return rule
    rule = db_api([cls.__name__ for cls in type(exc).__mro__])  # any driver's, PEP 249's
    if rule is not None:
        return rule
    # An error carried as JSON text (an MCP server's ToolError, say), or with a source's
    # mark ("MCP error -32001: Request timed out", a TypeScript client's McpError).
    return error_in_exception_text(text_of(exc))


def _reply(exc: BaseException, replies: dict[str, Rule] | None) -> Rule | None:
    """What the first word of ``exc``'s text, a server's error prefix, stands for
    (`REPLIES`: Redis's ``WRONGTYPE``), or ``None``."""
    if replies is None:
        return None
    return replies.get(text_of(exc).partition(" ")[0])


def _read(exc: BaseException, seen: set[int], depth: int) -> UnifiedError | None:
    """The first error ``exc`` or its causes (``__cause__``, else ``__context__``, else
    an exception kept as ``reason``) say; one of kind ``unknown`` only when none says
    more.

    A client library's exception (a `Rule` with a `Phase`) is read with the causes
    beneath it that are client libraries' too, down to a socket's own error: see
    `_phase`.  ``depth`` is how many groups ``exc`` is inside: past `MAX_DEPTH`
    nothing is read, whatever room is left on the stack (a `RecursionError` caught here
    would depend on it)."""
    if depth > MAX_DEPTH:
        return None
    causes = 0
    first = None
    phases: list[tuple[BaseException, Rule]] = []
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and causes < _MAX_DEPTH:
        seen.add(id(current))
        try:
            found = _known(current, seen, depth)
        except Exception:
            found = None  # a broken exception or response: look further, then say unknown
        if isinstance(found, Rule) and found.phase is not None:
            phases.append((current, found))
            if found.phase is Phase.MAYBE:
                break  # a socket's own error: anything beneath it was a handler's
        elif phases:
            pass  # below a client library's error, only how far the request got counts
        elif found is not None:
            error = _by_class(current, found) if isinstance(found, Rule) else found
            if error.kind is not ErrorKind.UNKNOWN:
                return error
            first = first or error
        current = _cause(current)
        causes += 1
    return _phase(phases) if phases else first


def _cause(exc: BaseException) -> BaseException | None:
    """What ``exc`` was raised from or during, or the exception it keeps as its
    ``reason`` (urllib's ``URLError``, urllib3's ``MaxRetryError``)."""
    if exc.__cause__ is not None or exc.__context__ is not None:
        return exc.__cause__ or exc.__context__
    reason = getattr(exc, "reason", None)
    return reason if isinstance(reason, BaseException) else None


def _phase(phases: list[tuple[BaseException, Rule]]) -> UnifiedError:
    """A client library's error by how far the request got, read along its causes: the
    most cautious of those that say (not sent, sent, unusable, untrusted) decides over
    the wrappers that do not, and over a socket's error that any phase can meet
    (httpx's ``ConnectTimeout`` over the ``TimeoutError`` beneath it, the
    ``ConnectionRefusedError`` beneath requests' ``ConnectionError`` over the wrapper);
    with none that says, the most cautious of all.  The exception that decides gives
    the code."""
    said = [found for found in phases if found[1].phase not in _UNSAID_PHASES] or phases
    exc, rule = min(said, key=lambda found: _CAUTION[found[1].retryable])
    return _by_class(exc, rule)


_UNSAID_PHASES: Final = frozenset({Phase.WRAPPER, Phase.MAYBE})
"""The phases that do not say how far the request got."""


def from_exception(exc: BaseException) -> UnifiedError:
    """A Python exception as a `UnifiedError`; total, it never raises.

    A client library's transport error reads by how far its request got, along its
    causes: not sent is ``unavailable`` and retryable, sent and then lost is
    ``unknown_outcome``, an address no client can send to is ``invalid_input``.
    urllib, httpx and requests HTTP errors go through `from_http`; a
    ``ConfigureError`` reads as `parse` reads it; a `ToolFailure` gives back the error
    it carries.  Programming errors (``TypeError``,
    ``KeyError``, ``AttributeError``, ...) are ``internal`` and never retried; a
    ``ValueError`` is ``invalid_input``, and file errors say what they mean.  An
    interruption (``KeyboardInterrupt``, ``SystemExit``, ``GeneratorExit``,
    ``asyncio.CancelledError``) is an ``unknown_outcome`` that is never retried.  An
    exception it does not recognise is read through its causes, then as ``unknown``.
    The MCP SDK's ``MCPError`` reads as the JSON-RPC error it keeps; FastMCP's
    ``ToolError``, which its client raises for a failed result, as that result; FastMCP's
    ``NotFoundError`` ("Unknown tool: 'x'") as not found, its text shown; an exception
    whose text is the TypeScript SDK's ("MCP error -32001: Request timed out") as the
    error that text reports.  An exception group
    (``asyncio.TaskGroup``, anyio) is read by its members: a refusal or an approval among
    them is kept, otherwise the most cautious member decides, so a group is never more
    retryable than its least retryable member, and an interruption in it is never
    retried.
    An exception that keeps its HTTP response goes through `from_http` with it: httpx's
    and requests' errors, the SDKs built on them, those whose sources say where
    their exceptions keep it (`toolerrors.sources.Source.responses`), and any other
    that keeps a status beside headers or a body.  None of these
    libraries is imported here: their exceptions are recognised by name and by the
    attributes they keep.
    """
    if _is_group(exc):
        return _group(exc, set(), 0)
    if not isinstance(exc, Exception):
        return _by_class(exc, _INTERRUPTED)
    found = _read(exc, set(), 0)
    return found if found is not None else _by_class(exc, _UNREAD)
