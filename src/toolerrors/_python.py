"""Python exceptions as unified errors: timeouts, connection failures, HTTP client errors."""

from __future__ import annotations

from typing import Any, Final

from ._configure_error import ConfigureError
from ._http import from_http
from ._kinds import ErrorKind
from ._read import parse
from ._unified import ToolFailure, UnifiedError, make

__all__ = ["from_exception"]

K = ErrorKind
_SENT_MAYBE: Final = (K.UNKNOWN_OUTCOME, None)
"""The request may have been sent: retry only when it is idempotent."""
_NOT_SENT: Final = (K.UNAVAILABLE, True)
"""Nothing was sent: another attempt is safe."""

EXCEPTIONS: Final[dict[str, tuple[ErrorKind, bool | None]]] = {
    "builtins.TimeoutError": _SENT_MAYBE,
    "asyncio.exceptions.TimeoutError": _SENT_MAYBE,
    "concurrent.futures._base.TimeoutError": _SENT_MAYBE,
    "builtins.ConnectionRefusedError": _NOT_SENT,
    "socket.gaierror": _NOT_SENT,
    "builtins.ConnectionError": _SENT_MAYBE,
    "httpx.ConnectError": _NOT_SENT,
    "httpx.ConnectTimeout": _NOT_SENT,
    "httpx.PoolTimeout": _NOT_SENT,
    "httpx.TransportError": _SENT_MAYBE,
    "requests.exceptions.ConnectTimeout": _NOT_SENT,
    "requests.exceptions.Timeout": _SENT_MAYBE,
    "requests.exceptions.ConnectionError": _SENT_MAYBE,
    "urllib.error.URLError": _NOT_SENT,
}
"""Exception class (module.qualname) -> (kind, retryable); the nearest class in the
exception's MRO wins, so ``ConnectTimeout`` is found before ``TransportError``."""


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _response(exc: BaseException) -> UnifiedError | None:
    """An HTTP error exception (urllib, httpx, requests) through `from_http`."""
    module = type(exc).__module__.split(".")[0]
    if module == "urllib":
        status, headers, body = getattr(exc, "code", None), getattr(exc, "headers", None), None
        if isinstance(status, int):
            try:
                body = exc.read()  # type: ignore[attr-defined]
            except Exception:
                body = None
            return from_http(status, headers, body)
        reason = getattr(exc, "reason", None)
        return from_exception(reason) if isinstance(reason, BaseException) else None
    if module in ("httpx", "requests"):
        response: Any = getattr(exc, "response", None)
        status = getattr(response, "status_code", None)
        if isinstance(status, int) and status >= 400:
            return from_http(status, response.headers, response.content)
    return None


def from_exception(exc: BaseException) -> UnifiedError:
    """A Python exception as a `UnifiedError`.

    Timeouts are ``unknown_outcome`` (the call may have run); connection failures before
    anything was sent are ``unavailable``; urllib, httpx and requests HTTP errors go
    through `from_http`; a ``ConfigureError`` reads as `parse` reads it; a
    `ToolFailure` gives back the error it carries.  httpx and requests are never
    imported here: their exceptions are recognised by name.
    """
    if isinstance(exc, ToolFailure):
        return exc.error
    if isinstance(exc, ConfigureError):
        return parse(exc)
    found = _response(exc)
    if found is not None:
        return found
    message = str(exc) or type(exc).__name__
    for cls in type(exc).__mro__:
        rule = EXCEPTIONS.get(_name(cls))
        if rule is not None:
            return make(rule[0], message, rule[1], None, None, "python", _name(type(exc)))
    return make(K.UNKNOWN, message, None, None, None, "python", _name(type(exc)))
