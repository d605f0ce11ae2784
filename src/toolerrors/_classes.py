"""What an exception's class says about a failed call, by the class's module-qualified
name: one table, `EXCEPTIONS`, for Python's own exceptions, the standard HTTP client
libraries' (httpx, requests and urllib3, aiohttp, urllib and http.client, botocore) and
redis-py's, none of which is imported; and `REPLIES`, for an exception that holds a
server's error reply, by the reply's first word.

For a client library's exception the table says how far the request got (its `Phase`):
not sent, so another attempt is safe; sent and then lost, so it may have happened; or a
request that can't be sent as written.  `toolerrors.from_exception` reads the phase
along the exception's causes, so that a wrapper that says neither (requests'
``ConnectionError`` wraps both a refused connection and a lost one) is read by the
cause beneath it."""

from __future__ import annotations

from typing import Final, NamedTuple

from ._enum import TextEnum
from ._kinds import ErrorKind

__all__ = [
    "DB_API",
    "EXCEPTIONS",
    "REPLIES",
    "TOLD",
    "UNUSABLE",
    "URL_UNUSABLE",
    "Phase",
    "Rule",
    "db_api",
]


class Phase(TextEnum):
    """How far a request had got when its client raised."""

    NOT_SENT = "not sent"
    """It never left: the connection was refused, timed out or never looked up."""
    SENT = "sent, then lost"
    """It left, or began to, and its answer was lost: it may have happened."""
    UNUSABLE = "not sent: can't be sent as written"
    """No address, no such scheme, an invalid header: a bug, never retried."""
    UNTRUSTED = "not sent: certificate not trusted"
    """The server's certificate failed verification: a configuration to fix, or someone
    in the way; another attempt meets the same certificate."""
    WRAPPER = "its cause says"
    """A wrapper for failures of either kind: the cause beneath it decides, and without
    one it may have been sent."""
    MAYBE = "may have been sent"
    """A socket's failure that any phase can meet (a timeout, a reset).  Causes beneath
    it are not read: a socket's error has none, so any it has were a handler's."""


class Rule(NamedTuple):
    """What an exception of a class stands for."""

    kind: ErrorKind
    retryable: bool | None
    phase: Phase | None = None
    """How far the request had got, for a client library's exception; ``None`` for
    others."""
    worded: bool = False
    """The exception's text names the kind by its known words (``kind`` when they say
    nothing); the class says only the retry advice."""


_NOT_SENT: Final = Rule(ErrorKind.UNAVAILABLE, True, Phase.NOT_SENT)
_SENT: Final = Rule(ErrorKind.UNKNOWN_OUTCOME, None, Phase.SENT)
UNUSABLE: Final = Rule(ErrorKind.INVALID_INPUT, False, Phase.UNUSABLE)
_UNTRUSTED: Final = Rule(ErrorKind.UNAVAILABLE, False, Phase.UNTRUSTED)
_WRAPPER: Final = Rule(ErrorKind.UNKNOWN_OUTCOME, None, Phase.WRAPPER)
_MAYBE: Final = Rule(ErrorKind.UNKNOWN_OUTCOME, None, Phase.MAYBE)

_RAN_MAYBE: Final = Rule(ErrorKind.UNKNOWN_OUTCOME, None)
"""A tool's own time limit: it may already have written."""
_BUG: Final = Rule(ErrorKind.INTERNAL, False)
"""A programming error: another attempt runs the same bug, so it is never retried."""
_INPUT: Final = Rule(ErrorKind.INVALID_INPUT, False)
_UNREAD: Final = Rule(ErrorKind.UNKNOWN, None)

_SIGN_IN: Final = Rule(ErrorKind.UNAUTHENTICATED, False)
_DENIED: Final = Rule(ErrorKind.PERMISSION_DENIED, False)
_NOT_RUN: Final = Rule(ErrorKind.UNAVAILABLE, True)
"""A server that answered it would not run the command now (a replica, loading its data,
busy with a script): nothing was done, so another attempt is safe."""
_OUT_OF_MEMORY: Final = Rule(ErrorKind.UNAVAILABLE, None)
"""Over ``maxmemory``: nothing was written, and whether memory frees is not known."""
_NO_SCRIPT: Final = Rule(ErrorKind.NOT_FOUND, False)


DB_API: Final[dict[str, Rule]] = {
    "IntegrityError": Rule(ErrorKind.INVALID_INPUT, False, worded=True),
    "DataError": Rule(ErrorKind.INVALID_INPUT, False, worded=True),
    "ProgrammingError": Rule(ErrorKind.INVALID_INPUT, False, worded=True),
    "NotSupportedError": Rule(ErrorKind.UNSUPPORTED, False),
    "OperationalError": Rule(ErrorKind.UNKNOWN_OUTCOME, None, worded=True),
    "InternalError": Rule(ErrorKind.INTERNAL, None, worded=True),
    "InterfaceError": Rule(ErrorKind.INTERNAL, None, worded=True),
    "DatabaseError": Rule(ErrorKind.INTERNAL, None, worded=True),
}
"""The exception classes every Python database driver names as PEP 249 (the DB-API)
does, by name, read as the SQL standard's classes of error are: an integrity, data or
programming error is the statement's (23, 22, 42: not retried as it is), a feature not
supported is unsupported (0A); an operational error (a connection lost, a deadlock, a
timeout) may have run (08), and an internal one is the server's (XX).  The text's known
words name the kind where they say more (SQLite's "UNIQUE constraint failed" is a
conflict, its "no such table" not found); the class keeps its retry advice."""


def db_api(names: list[str]) -> Rule | None:
    """The DB-API rule for an exception whose classes (most derived first) are
    ``names``: only one that derives from a class named ``DatabaseError``, PEP 249's."""
    if "DatabaseError" not in names:
        return None
    return next((DB_API[name] for name in names if name in DB_API), None)


EXCEPTIONS: Final[dict[str, Rule]] = {
    # Python's own
    "builtins.TimeoutError": _MAYBE,
    "asyncio.exceptions.TimeoutError": _MAYBE,  # Python 3.10's, not yet TimeoutError
    "concurrent.futures._base.TimeoutError": _MAYBE,
    "builtins.ConnectionError": _MAYBE,
    "builtins.ConnectionRefusedError": _NOT_SENT,
    "socket.gaierror": _NOT_SENT,  # the name was never looked up
    "ssl.SSLError": _MAYBE,
    "ssl.SSLCertVerificationError": _UNTRUSTED,
    "builtins.FileNotFoundError": Rule(ErrorKind.NOT_FOUND, False),
    "builtins.PermissionError": Rule(ErrorKind.PERMISSION_DENIED, False),
    "builtins.FileExistsError": Rule(ErrorKind.CONFLICT, False),
    "builtins.IsADirectoryError": _INPUT,
    "builtins.NotADirectoryError": _INPUT,
    "builtins.ValueError": _INPUT,
    "subprocess.TimeoutExpired": _RAN_MAYBE,
    # ftplib's replies: a 4xx is transient (RFC 959's "421 Service not available"), a 5xx
    # permanent, each by its words ("530 Login incorrect", "550 No such file")
    "ftplib.error_temp": Rule(ErrorKind.UNAVAILABLE, True, worded=True),
    "ftplib.error_perm": Rule(ErrorKind.INVALID_INPUT, False, worded=True),
    # an XML-RPC method's fault (Odoo's "<Fault AccessDenied: 'Access denied'>"): the
    # server's own failure, which its code and string say more of
    "xmlrpc.client.Fault": Rule(ErrorKind.INTERNAL, None, worded=True),
    "agents.exceptions.ToolTimeoutError": _RAN_MAYBE,  # openai-agents' tool timeout
    # pydantic-ai's terminal tool failure: "done and has failed", not to be tried again
    "pydantic_ai.exceptions.ToolFailed": Rule(ErrorKind.UNKNOWN, False, worded=True),
    # LangChain's model exceptions, by the condition each names and its `is_retryable`;
    # a provider's subclass is read first by the HTTP facts its SDK's base carries.
    # A timeout after the request was sent stays an unknown outcome, as any does here.
    **{
        f"langchain_core.exceptions.{name}": rule
        for name, rule in (
            ("ModelAuthenticationError", Rule(ErrorKind.UNAUTHENTICATED, False)),
            ("ModelPermissionDeniedError", Rule(ErrorKind.PERMISSION_DENIED, False)),
            ("ModelInvalidRequestError", _INPUT),
            ("ModelNotFoundError", Rule(ErrorKind.NOT_FOUND, False)),
            ("ModelRateLimitError", Rule(ErrorKind.RATE_LIMITED, True)),
            ("ModelAPIError", Rule(ErrorKind.INTERNAL, True)),
            ("ModelConnectionError", Rule(ErrorKind.UNAVAILABLE, True)),
            ("ModelTimeoutError", _MAYBE),
            ("ContextOverflowError", Rule(ErrorKind.TOO_LARGE, False)),
        )
    },
    **{
        f"builtins.{name}": _BUG
        for name in (
            "TypeError",
            "KeyError",
            "IndexError",
            "AttributeError",
            "NameError",
            "AssertionError",
            "NotImplementedError",
            "ZeroDivisionError",
            "RecursionError",
            "SyntaxError",
        )
    },
    # urllib and http.client
    "urllib.error.URLError": _WRAPPER,
    "urllib.error.HTTPError": _UNREAD,  # one whose status says nothing: a 304, a 0
    "http.client.RemoteDisconnected": _SENT,
    "http.client.IncompleteRead": _SENT,
    "http.client.BadStatusLine": _SENT,
    "http.client.LineTooLong": _SENT,
    "http.client.InvalidURL": UNUSABLE,
    # httpx, httpx2 (its successor, which keeps its names) and httpcore (httpx's
    # transport, whose names a traceback shows when httpx did not map them: a stream read
    # after the response began)
    **{
        f"{module}.{name}": rule
        for module in ("httpx", "httpx2", "httpcore")
        for name, rule in (
            ("ConnectError", _NOT_SENT),
            ("ConnectTimeout", _NOT_SENT),
            ("PoolTimeout", _NOT_SENT),
            ("ReadTimeout", _SENT),
            ("WriteTimeout", _SENT),
            ("ReadError", _SENT),
            ("WriteError", _SENT),
            ("RemoteProtocolError", _SENT),
            ("UnsupportedProtocol", UNUSABLE),
        )
    },
    **{
        f"{module}.{name}": rule
        for module in ("httpx", "httpx2")
        for name, rule in (
            ("CloseError", _SENT),
            ("DecodingError", _SENT),
            ("InvalidURL", UNUSABLE),
            ("TransportError", _WRAPPER),
        )
    },
    # requests and urllib3
    "requests.exceptions.ConnectionError": _WRAPPER,
    "requests.exceptions.Timeout": _WRAPPER,
    "requests.exceptions.ConnectTimeout": _NOT_SENT,
    "requests.exceptions.ReadTimeout": _SENT,
    "requests.exceptions.ChunkedEncodingError": _SENT,
    "requests.exceptions.ContentDecodingError": _SENT,
    "requests.exceptions.MissingSchema": UNUSABLE,
    "requests.exceptions.InvalidSchema": UNUSABLE,
    "requests.exceptions.InvalidURL": UNUSABLE,
    "requests.exceptions.URLRequired": UNUSABLE,
    "requests.exceptions.InvalidHeader": UNUSABLE,
    "requests.exceptions.JSONDecodeError": Rule(ErrorKind.UPSTREAM_ERROR, None),
    "urllib3.exceptions.NewConnectionError": _NOT_SENT,
    "urllib3.exceptions.ConnectTimeoutError": _NOT_SENT,
    "urllib3.exceptions.ReadTimeoutError": _SENT,
    "urllib3.exceptions.ProtocolError": _SENT,
    "urllib3.exceptions.LocationValueError": UNUSABLE,
    # aiohttp
    "aiohttp.client_exceptions.ClientConnectorError": _NOT_SENT,
    "aiohttp.client_exceptions.ConnectionTimeoutError": _NOT_SENT,
    "aiohttp.client_exceptions.ClientConnectorCertificateError": _UNTRUSTED,
    "aiohttp.client_exceptions.ServerDisconnectedError": _SENT,
    "aiohttp.client_exceptions.ServerTimeoutError": _SENT,
    "aiohttp.client_exceptions.ClientPayloadError": _SENT,
    "aiohttp.client_exceptions.ClientConnectionError": _WRAPPER,
    "aiohttp.client_exceptions.InvalidURL": UNUSABLE,
    "aiohttp.client_exceptions.NonHttpUrlClientError": UNUSABLE,
    # botocore
    "botocore.exceptions.EndpointConnectionError": _NOT_SENT,
    "botocore.exceptions.ConnectTimeoutError": _NOT_SENT,
    "botocore.exceptions.ReadTimeoutError": _SENT,
    "botocore.exceptions.ConnectionClosedError": _SENT,
    "botocore.exceptions.ResponseStreamingError": _SENT,
    "botocore.exceptions.IncompleteReadError": _SENT,
    "botocore.exceptions.ConnectionError": _WRAPPER,
    "botocore.exceptions.HTTPClientError": _WRAPPER,
    "botocore.exceptions.SSLError": _WRAPPER,
    "botocore.exceptions.ParamValidationError": UNUSABLE,
    # redis-py (redis.asyncio raises the same); its ResponseError by its reply, in REPLIES
    "redis.exceptions.ConnectionError": _WRAPPER,
    "redis.exceptions.TimeoutError": _SENT,  # a connect timeout too: read as may have run
    "redis.exceptions.MaxConnectionsError": _NOT_SENT,  # the pool had none to send on
    "redis.exceptions.AuthenticationError": _SIGN_IN,  # NOAUTH, WRONGPASS
    "redis.exceptions.NoPermissionError": _DENIED,  # NOPERM
    "redis.exceptions.WatchError": Rule(ErrorKind.CONFLICT, True),
    "redis.exceptions.ReadOnlyError": _NOT_RUN,  # READONLY
    "redis.exceptions.BusyLoadingError": _NOT_RUN,  # LOADING
    "redis.exceptions.TryAgainError": _NOT_RUN,  # TRYAGAIN
    "redis.exceptions.OutOfMemoryError": _OUT_OF_MEMORY,  # OOM
    "redis.exceptions.NoScriptError": _NO_SCRIPT,  # NOSCRIPT
    "redis.exceptions.ExecAbortError": _INPUT,  # EXECABORT
}
"""Exception class (module.qualname) -> what it stands for; the nearest class in the
exception's MRO wins, so httpx's ``ConnectTimeout`` is found before its
``TransportError``.

Python's own: a ``ValueError`` is an argument of the right type but the wrong value, as
Python documents it, so ``invalid_input``; ``TypeError``, ``KeyError`` and the like are
more often the tool's bug than the caller's input, and are never retried either.  A file
that is not there, or not allowed, says so; a tool's own time limit (``subprocess``'s,
openai-agents') may have cut a write short.

The client libraries: httpx documents ``WriteTimeout`` and ``WriteError`` as failing
while sending, so part of the request may have left; ``PoolTimeout`` waits for a
connection before anything is sent.  urllib3 raises ``ProtocolError`` once the
connection is made (a refused or timed-out connection is ``NewConnectionError`` or
``ConnectTimeoutError``), and aiohttp ``ConnectionTimeoutError`` while connecting.  A
body cut short (requests' ``ChunkedEncodingError``, aiohttp's ``ClientPayloadError``,
http.client's ``IncompleteRead``) came after the request was read.  requests'
``JSONDecodeError`` is the server's answer that is not JSON: the upstream's, not the
caller's input."""

URL_UNUSABLE: Final = ("unknown url type:", "no host given")
"""How urllib's ``URLError`` begins its reason for an address it can't open at all
(``gopher://``, ``http:///``): nothing was sent, and another attempt fails the same."""

REPLIES: Final[dict[str, dict[str, Rule]]] = {
    "redis.exceptions.ResponseError": {
        "WRONGTYPE": _INPUT,
        "EXECABORT": _INPUT,
        "BUSY": _NOT_RUN,
        "LOADING": _NOT_RUN,
        "READONLY": _NOT_RUN,
        "TRYAGAIN": _NOT_RUN,
        "OOM": _OUT_OF_MEMORY,
        "NOSCRIPT": _NO_SCRIPT,
        "NOAUTH": _SIGN_IN,
        "WRONGPASS": _SIGN_IN,
        "NOPERM": _DENIED,
    },
}
"""Exception class (module.qualname) -> what the first word of its text, the error reply's
prefix, stands for.  redis-py raises a class of its own for most of Redis's prefixes, and
drops the prefix from the text (``NOAUTH`` is an ``AuthenticationError``, read in
`EXCEPTIONS`); a ``ResponseError`` keeps the prefix of those it has no class for:
``WRONGTYPE``, a command against a key of another type, and ``BUSY``, a server running a
script, which ran nothing else.  The others are here for a client that keeps them."""

TOLD: Final[dict[str, Rule | None]] = {
    # FastMCP's client raises it for a result with isError: true, its text the result's
    # own; a FastMCP tool raises it for text meant for the caller, which FastMCP never masks
    "fastmcp.exceptions.ToolError": None,
    "fastmcp.exceptions.ResourceError": None,
    "fastmcp.exceptions.PromptError": None,
    "mcp.server.mcpserver.exceptions.ToolError": None,  # "Error executing tool x: ..."
    # FastMCP's own framework errors, raised before or around a tool: "Unknown tool: 'x'"
    "fastmcp.exceptions.NotFoundError": Rule(ErrorKind.NOT_FOUND, False),
    "fastmcp.exceptions.DisabledError": Rule(ErrorKind.NOT_FOUND, False),
    "fastmcp.exceptions.ValidationError": _INPUT,
    "fastmcp.exceptions.AuthorizationError": Rule(ErrorKind.PERMISSION_DENIED, False),
}
"""Exceptions of the MCP frameworks whose text a server meant for the caller, by name:
read as the failed tool result they stand for (``None``: by its text, as an MCP result
with ``isError: true`` is read), or as the kind their class says, their text shown."""
