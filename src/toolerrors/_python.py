"""Python exceptions as unified errors: timeouts, connection failures, HTTP client errors,
interruptions and bugs.  `from_exception` is total: it returns an error for every
``BaseException`` and never raises."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from ._errors import ShapeError, derives_from, text_of
from ._http import from_http
from ._json import MAX_DEPTH
from ._kinds import ErrorKind
from ._read import error_of
from ._source import RESPONSES, Response, exception_reader
from ._unified import ToolFailure, UnifiedError, make
from ._words import UNSAID

__all__ = ["EXCEPTIONS", "from_exception"]

_SENT_MAYBE: Final = (ErrorKind.UNKNOWN_OUTCOME, None)
"""The request may have been sent: retry only when it is idempotent."""
_NOT_SENT: Final = (ErrorKind.UNAVAILABLE, True)
"""Nothing was sent: another attempt is safe."""
_BUG: Final = (ErrorKind.INTERNAL, False)
"""A programming error: another attempt runs the same bug, so it is never retried."""
_INTERRUPTED: Final = (ErrorKind.UNKNOWN_OUTCOME, False)
"""Interrupted, cancelled or exiting (a ``BaseException`` that is not an ``Exception``):
it may have happened, and it is never retried; the caller re-raises it."""

EXCEPTIONS: Final[dict[str, tuple[ErrorKind, bool | None]]] = {
    "builtins.TimeoutError": _SENT_MAYBE,
    "asyncio.exceptions.TimeoutError": _SENT_MAYBE,
    "concurrent.futures._base.TimeoutError": _SENT_MAYBE,
    "builtins.ConnectionRefusedError": _NOT_SENT,
    "socket.gaierror": _NOT_SENT,
    "builtins.ConnectionError": _SENT_MAYBE,
    **{  # httpx2, httpx's successor, keeps its names
        f"{module}.{name}": rule
        for module in ("httpx", "httpx2")
        for name, rule in (
            ("ConnectError", _NOT_SENT),
            ("ConnectTimeout", _NOT_SENT),
            ("PoolTimeout", _NOT_SENT),
            ("TransportError", _SENT_MAYBE),
        )
    },
    "requests.exceptions.ConnectTimeout": _NOT_SENT,
    "requests.exceptions.Timeout": _SENT_MAYBE,
    "requests.exceptions.ConnectionError": _SENT_MAYBE,
    "urllib.error.HTTPError": UNSAID,
    "agents.exceptions.ToolTimeoutError": _SENT_MAYBE,
    "urllib.error.URLError": _NOT_SENT,
    "builtins.TypeError": _BUG,
    "builtins.KeyError": _BUG,
    "builtins.IndexError": _BUG,
    "builtins.AttributeError": _BUG,
    "builtins.NameError": _BUG,
    "builtins.AssertionError": _BUG,
    "builtins.NotImplementedError": _BUG,
    "builtins.ZeroDivisionError": _BUG,
    "builtins.RecursionError": _BUG,
    "builtins.SyntaxError": _BUG,
}
"""Exception class (module.qualname) -> (kind, retryable); the nearest class in the
exception's MRO wins, so ``ConnectTimeout`` is found before ``TransportError``.  An
``HTTPError`` whose status says nothing (304, 0) is ``unknown``, not a ``URLError``.
openai-agents' own tool timeout cancels a call that may already have written: an
unknown outcome."""

_MAX_DEPTH: Final = 16
"""How many causes deep `from_exception` looks for one it recognises."""


def _by_class(exc: BaseException, rule: tuple[ErrorKind, bool | None]) -> UnifiedError:
    """``exc`` as the error its class stands for: its text, and its class as the code."""
    return make(rule[0], text_of(exc), retryable=rule[1], vendor="python", code=_name(type(exc)))


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


_LIBRARIES: Final = Response(
    "response.status_code", "response.headers", ("response.content", "response.data", "body")
)
"""Where httpx's (and httpx2's) and requests' errors keep the response, and the SDKs built
on them, with the body as ``content``; or, parsed, as ``data`` (the error of a 200 that
an SDK raises); or as the SDK's own ``body``, which holds the error event of a stream that
failed after its 200."""

_BODY: Final = Response("status_code", "headers", ("body",))
"""A status and a body beside it: pydantic-ai's ``ModelHTTPError``, whose ``body`` is the
provider's error."""


def _attribute(exc: BaseException, path: str) -> Any:
    """``exc``'s attribute at a dotted ``path``, where a number is an index (``args.1``),
    or ``None``; also ``None`` when reading it raises (a streamed body not read, or one
    already consumed, or an index past the end)."""
    value: Any = exc
    try:
        for name in path.split("."):
            value = value[int(name)] if name.isdigit() else getattr(value, name, None)
    except Exception:
        return None
    return value


def _response(exc: BaseException, seen: set[int], depth: int) -> UnifiedError | None:
    """An HTTP error exception (urllib's, or one that keeps its response as in
    `_LIBRARIES`, as a source declares (`Source.responses`), or as `_BODY`) through
    `from_http`."""
    if type(exc).__module__.split(".")[0] == "urllib":
        status, headers, body = getattr(exc, "code", None), getattr(exc, "headers", None), None
        if isinstance(status, int):
            try:
                body = exc.read()  # type: ignore[attr-defined]
            except Exception:
                body = None
            return from_http(status, headers, body)
        reason = getattr(exc, "reason", None)
        return _read(reason, seen, depth + 1) if isinstance(reason, BaseException) else None
    for status_path, headers_path, body_paths in (_LIBRARIES, *RESPONSES, _BODY):
        status = _attribute(exc, status_path)
        if status is None:
            continue  # from_http refuses any status that is not one (a bool, text)
        headers = _attribute(exc, headers_path)
        bodies = [body for body in map(partial(_attribute, exc), body_paths) if body is not None]
        if not bodies:
            if headers is None and "." not in status_path:
                continue  # an exception's number alone does not make it an HTTP response
            bodies.append(None)
        for body in bodies:
            try:
                return from_http(status, headers, body)
            except ShapeError:
                continue  # neither an error status nor an error body: a redirect, or a
                # stream's text after its 200
    return None


def _error_data(exc: BaseException) -> UnifiedError | None:
    """The JSON-RPC error an exception keeps as ``error``: the MCP SDK's ``MCPError``
    (and ``UrlElicitationRequiredError``) with its ``ErrorData``, read as the MCP source
    reads the error object."""
    error = getattr(exc, "error", None)
    code, message = getattr(error, "code", None), getattr(error, "message", None)
    if type(code) is not int or type(message) is not str:
        return None
    data = getattr(error, "data", None)
    payload = {"code": code, "message": message}
    return error_of(payload if data is None else {**payload, "data": data})


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
    return found or _by_class(exc, UNSAID)


def _known(exc: BaseException, seen: set[int], depth: int) -> UnifiedError | None:
    """The error ``exc`` itself says, without its causes; ``None`` when nothing does."""
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
    found = _response(exc, seen, depth) or _error_data(exc) or _body(exc)
    if found is not None:
        return found
    for cls in type(exc).__mro__:
        rule = EXCEPTIONS.get(_name(cls))
        if rule is not None:
            return _by_class(exc, rule)
    # An error carried as JSON text (an MCP server's ToolError, say), or with a source's
    # mark ("MCP error -32001: Request timed out", a TypeScript client's McpError).
    return error_of(text_of(exc))


def _read(exc: BaseException, seen: set[int], depth: int) -> UnifiedError | None:
    """The first error ``exc`` or its causes (``__cause__``, else ``__context__``) say;
    one of kind ``unknown`` only when none says more.  ``depth`` is how many groups (or
    urllib reasons) ``exc`` is inside: past `MAX_DEPTH` nothing is read, whatever room
    is left on the stack (a `RecursionError` caught here would depend on it)."""
    if depth > MAX_DEPTH:
        return None
    causes = 0
    first = None
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and causes < _MAX_DEPTH:
        seen.add(id(current))
        try:
            found = _known(current, seen, depth)
        except Exception:
            found = None  # a broken exception or response: look further, then say unknown
        if found is not None:
            if found.kind is not ErrorKind.UNKNOWN:
                return found
            first = first or found
        current = current.__cause__ or current.__context__
        causes += 1
    return first


def from_exception(exc: BaseException) -> UnifiedError:
    """A Python exception as a `UnifiedError`; total, it never raises.

    Timeouts are ``unknown_outcome`` (the call may have run); connection failures before
    anything was sent are ``unavailable``; urllib, httpx and requests HTTP errors go
    through `from_http`; a ``ConfigureError`` reads as `parse` reads it; a
    `ToolFailure` gives back the error it carries.  Programming errors (``TypeError``,
    ``KeyError``, ``AttributeError``, ...) are ``internal`` and never retried.  An
    interruption (``KeyboardInterrupt``, ``SystemExit``, ``GeneratorExit``,
    ``asyncio.CancelledError``) is an ``unknown_outcome`` that is never retried.  An
    exception it does not recognise is read through its causes, then as ``unknown``.
    The MCP SDK's ``MCPError`` reads as the JSON-RPC error it keeps, and an exception
    whose text is the TypeScript SDK's ("MCP error -32001: Request timed out") as the
    error that text reports.  An exception group
    (``asyncio.TaskGroup``, anyio) is read by its members: a refusal or an approval among
    them is kept, otherwise the most cautious member decides, so a group is never more
    retryable than its least retryable member, and an interruption in it is never
    retried.
    An exception that keeps its HTTP response goes through `from_http` with it: httpx's
    and requests' errors, the SDKs built on them, and those whose sources say where
    their exceptions keep it (`toolerrors.sources.Source.responses`).  None of these
    libraries is imported here: their exceptions are recognised by name and by the
    attributes they keep.
    """
    if _is_group(exc):
        return _group(exc, set(), 0)
    if not isinstance(exc, Exception):
        return _by_class(exc, _INTERRUPTED)
    found = _read(exc, set(), 0)
    return found if found is not None else _by_class(exc, UNSAID)
