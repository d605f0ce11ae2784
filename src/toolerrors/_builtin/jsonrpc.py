"""MCP protocol errors as a source: JSON-RPC 2.0 error objects, ``{code, message, data?}``.

MCP servers and clients answer a request they cannot serve with a JSON-RPC error; the
codes are JSON-RPC's own (-32700 to -32603) and MCP's (-32002 resource not found, -32042
URL elicitation required, and in the newest revision -32020, -32021 and -32022).  The
whole response, ``{"jsonrpc": "2.0", "id", "error" | "result"}``, is read here too: its
error object may be any source's, and its result a failed tool call's.  The pydantic
models are in ``toolerrors.jsonrpc``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from .. import _source
from .._errors import ShapeError
from .._kinds import ErrorKind
from .._source import (
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    more_retryable,
    only,
    want,
    with_extra,
)
from .._table import Row, Rows, codes_of, of_status, read_row, row_for
from .._unified import make, refill
from .._words import (
    UNSAID,
    names_missing_resource,
    names_refusal,
    read_words,
    status_in_text,
    status_of_phrase,
)

if TYPE_CHECKING:
    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_jsonrpc", "read_text", "write"]


rows = Rows("jsonrpc", writes=True)


# fmt: off
ROWS: Final = (
    rows.read("-32700", ErrorKind.INVALID_INPUT, False, "Invalid JSON was received (JSON-RPC 2.0).", writes=False),
    rows.read("-32600", ErrorKind.INVALID_INPUT, False, "The JSON sent is not a valid request object (JSON-RPC 2.0); MCP also uses it for a request that needs task augmentation.", writes=False),
    rows.read("-32601", ErrorKind.UNSUPPORTED, False, "The method does not exist or is not available, such as roots/list to a client without roots."),
    rows.read("-32602", ErrorKind.INVALID_INPUT, False, "Invalid method parameters: an unknown tool, a bad argument. A resource that was not found, with data.uri (the newest revision) or where its words say so (FastMCP, the MCP SDK)."),
    rows.read("-32603", ErrorKind.INTERNAL, None, "Internal JSON-RPC error: the server failed while handling the request."),
    rows.read("-32000", ErrorKind.UNKNOWN_OUTCOME, None, "The MCP SDKs' own: the connection closed before a response arrived, so the request may have run. Servers send it for errors of their own too (FastMCP: a permission denied), which its words say; they never make it retried.", writes=False),
    rows.read("-32001", ErrorKind.UNKNOWN_OUTCOME, None, "The MCP SDKs' own: the request timed out waiting for its response, and may have run. FastMCP sends it for a tool's not found too, which its words say; they never make it retried."),
    rows.read("-32002", ErrorKind.NOT_FOUND, False, "Resource not found (MCP 2025-11-25; data.uri names it)."),
    rows.read("-32020", ErrorKind.INVALID_INPUT, False, "An HTTP header does not match the request body (MCP draft, Streamable HTTP).", writes=False),
    rows.read("-32021", ErrorKind.UNSUPPORTED, False, "The request needs a client capability that was not declared (MCP draft).", writes=False),
    rows.read("-32022", ErrorKind.UNSUPPORTED, False, "Unsupported protocol version; data.supported lists the versions the server speaks (MCP draft).", writes=False),
    rows.read("-32042", ErrorKind.APPROVAL_REQUIRED, False, "The request needs the user to complete a URL elicitation first: a person must act."),
    rows.read("-1", ErrorKind.REFUSED, False, "The user rejected the request (sampling's example): a person said no."),
    *rows.write("-32042", ErrorKind.NOT_CONNECTED, lost="that it is an app connection the person must make"),
    *rows.write("-32042", ErrorKind.UNAUTHENTICATED, ErrorKind.PERMISSION_DENIED, ErrorKind.PAYMENT_REQUIRED, ErrorKind.PAUSED),
    *rows.write("-32602", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.CONFLICT),
    *rows.write("-32600", ErrorKind.COMMIT_REQUIRED, retryable=False),
    *rows.write("-32603", ErrorKind.RATE_LIMITED, ErrorKind.UNAVAILABLE, ErrorKind.UNKNOWN),
    *rows.write("-32600", ErrorKind.UPSTREAM_ERROR, lost="that the app behind the tool failed; -32603 would leave its retry advice unsaid", retryable=False),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The error codes of JSON-RPC 2.0 and of the MCP specification, as text."""


ERROR_OBJECT: Final = Shape(
    "error object",
    (
        Field("code", (int,), required=True, fills="code",
              closed=frozenset(CODES)),
        Field("message", (str,), required=True, fills="message"),
        Field("data", (object,)),
    ),
    model="ErrorObject",
)  # fmt: skip


_REFUSED: Final = ErrorKind.REFUSED
_WRAPPED: Final = row_for(ROWS, "-32603")
"""The internal error a server answers with when a call it made failed: an HTTP status its
message states ("GET https://...: 404 Not Found") decides the kind and the advice, so a
wrapped 404 is not found, and never retried."""
_ALLOWED: Final = ERROR_OBJECT.names
_BY_DATA: Final = {
    "uri": row_for(ROWS, "-32002"),
    "supported": row_for(ROWS, "-32022"),
}
"""-32602 says more by what its ``data`` holds: ``uri``, a resource not found (the newest
revision), ``supported``, a protocol version the server does not speak (2025-11-25)."""
_PARAMS: Final = row_for(ROWS, "-32602")
_NOT_FOUND: Final = row_for(ROWS, "-32002")
"""-32602 is a resource not found where its words say so without ``data.uri`` (FastMCP's
"Resource not found: 'file:///x'", the MCP SDK's "Unknown resource: file:///x"): they
decide over the row, which would read it as bad input."""


def _wrapped(message: str) -> tuple[ErrorKind, bool | None, int | None]:
    """A -32603's kind, retry advice and status: those of the HTTP status its message
    states (an upstream 404 is not found), else those its words say (a server built on
    the SDKs' low-level handlers answers a tool's "File not found" so), unless
    either is retried more than -32603 is (an upstream 503 may follow a write that
    happened), else -32603's own."""
    status = status_in_text(message)
    said = of_status(status)
    if said is not None and not more_retryable(said[1], _WRAPPED.retryable):
        return said[0], said[1], status
    said = read_words(message)
    if said is not None and not more_retryable(said[1], _WRAPPED.retryable):
        return said[0], said[1], None
    return _WRAPPED.kind, _WRAPPED.retryable, None


def _said(row: Row, message: str) -> tuple[ErrorKind, bool | None, int | None]:
    """A code read by its words first (`_BY_WORDS`: FastMCP's "Not found: ..." on
    -32000): its words, where they say anything, else the row.  Words never make it more
    retried than its row: FastMCP's "Rate limit exceeded" on -32000 stays an unknown
    outcome, to be checked before it is run again.  A message that opens with an HTTP
    status's reason phrase says that status (the TypeScript SDK's Streamable HTTP
    server answers "Bad Request: No valid session ID provided" with -32000 in a 400)."""
    head, colon, _ = message.partition(":")
    status = status_of_phrase(head) if colon else None
    said = of_status(status) or read_words(message)
    if said is None or more_retryable(said[1], row.retryable):
        return row.kind, row.retryable, None
    return said[0], said[1], status


_BY_WORDS: Final = frozenset({"-32000", "-32001", "-32600", "-1"})
"""Codes read by their message's words first: the MCP SDKs' own (-32000, -32001), which
servers send for errors of their own too; JSON-RPC's catch-all "Invalid Request"
(-32600), whose message may name a credential (Fireblocks' MCP server's "Fireblocks API
authentication failed"); and -1, the MCP specification's example of a person's no,
which many APIs send for any error (Fireblocks' ``{"message": "invalid signature",
"code": -1}``)."""


def _by_data(code: str, data: object) -> Row | None:
    """The row -32602 reads by, from its ``data``; ``None`` for any other code."""
    if code != "-32602" or type(data) is not dict:
        return None
    return next((row for key, row in _BY_DATA.items() if key in data), None)


def _meaning(
    row: Row | None, message: str, data: object = None
) -> tuple[ErrorKind, bool | None, int | None]:
    """What a code says, with its message and its ``data``: the kind, the retry advice
    and the HTTP status the message states, where that decides; for an application's own
    code (no ``row``), what its words say.  A ``data`` that is a text says what the code
    and its message leave at the code's meaning, where it is no more retried (Zabbix's
    -32602 "Invalid params." with "Not authorized.", Tendermint's -32603 "Internal
    error" with "... Tx already exists in cache").  The one reading of a code, for the
    reader and for the writer, which writes a code back only where it still says so."""
    meant = _meant(row, message)
    if type(data) is str and row is not None and meant[0] is row.kind:
        said = read_words(data)
        if said is not None and not more_retryable(said[1], meant[1]):
            return said[0], said[1], meant[2]
    return meant


def _kind_of(row: Row | None, message: str, data: object) -> ErrorKind:
    """The kind a code says with its message and ``data`` (`_meaning`)."""
    return _meaning(row, message, data)[0]


def _meant(row: Row | None, message: str) -> tuple[ErrorKind, bool | None, int | None]:
    """What a code says with its message alone (see `_meaning`)."""
    if row is None:
        kind, retryable = read_words(message) or UNSAID
        return kind, retryable, None
    if row.kind is not _REFUSED and names_refusal(message):  # whatever its code
        return _REFUSED, False, None
    if row is _WRAPPED:
        return _wrapped(message)
    if row is _PARAMS and names_missing_resource(message):
        return _NOT_FOUND.kind, _NOT_FOUND.retryable, None
    if row.code in _BY_WORDS:
        return _said(row, message)
    return row.kind, row.retryable, None


def read_jsonrpc(
    d: Mapping[str, Any], strict: bool, where: str, request_id: str | None = None
) -> UnifiedError:
    """``{code, message, data?}`` with an integer code; ``request_id`` is the ``id`` of
    the response that carries it."""
    ERROR_OBJECT.check(d, strict, where)
    number, message, data = d["code"], d["message"], d.get("data")
    code = str(number)
    row = read_row("jsonrpc", code, None)
    if data is not None:
        row = _by_data(code, data) or row
    kind, retryable, status = _meaning(row, message, data)
    return make(
        kind,
        message,
        retryable=retryable,
        status_code=status,
        vendor="jsonrpc",
        code=code,
        request_id=request_id,
        extra=d,
    )


def read_exception(exc: BaseException) -> UnifiedError:
    """The MCP SDK's ``MCPError`` (``McpError`` before 2.0) and its subclasses
    (``UrlElicitationRequiredError``): the JSON-RPC error object it keeps as ``error``,
    an ``ErrorData``, read as a bare error object is; one whose code is not JSON-RPC's
    (a server's ``404``) as `toolerrors.parse` reads that object."""
    error: Any = getattr(exc, "error", None)
    payload = {"code": getattr(error, "code", None), "message": getattr(error, "message", None)}
    data = getattr(error, "data", None)
    if data is not None:
        payload["data"] = data
    if is_error_object(payload):
        return read_jsonrpc(payload, False, "")
    found = _source.read_any(payload, strict=False, where="", need=True)
    if found is None:  # pragma: no cover - read_any with need says why it found none
        raise ShapeError("no error in the exception's error object", "error")
    return found


@cache
def _mark() -> re.Pattern[str]:
    """The TypeScript MCP SDK's ``McpError`` message, ``MCP error ${code}: ${message}``,
    wherever it stands, the message running to the end of the text; compiled on first
    use."""
    return re.compile(r"\bMCP error (-?\d{1,9}): ?(.*)", re.DOTALL)


def read_text(text: str) -> UnifiedError | None:
    """The JSON-RPC error a text reports in the TypeScript MCP SDK's words, "MCP error
    -32603: Search failed: ... 403 Forbidden" (a tool's text, an exception's ``str``, a
    log line), read as that error object is; ``None`` for a text without the mark."""
    if "MCP error" not in text:  # most texts: a substring test before the expression
        return None
    found = _mark().search(text)
    if found is None:
        return None
    return read_jsonrpc({"code": int(found[1]), "message": found[2].rstrip()}, False, "")


def _below_zero(d: Mapping[str, Any]) -> bool:
    """JSON-RPC's and MCP's codes are below zero."""
    return d["code"] < 0  # type: ignore[no-any-return]


def is_error_object(d: Mapping[str, Any]) -> bool:
    """Whether ``d`` is a JSON-RPC error object with nothing that another source's claim
    could take it by: a code below zero and no field but a message and ``data``
    (`read_jsonrpc` then says what is wrong with the message, if anything)."""
    code = d.get("code")
    return type(code) is int and code < 0 and _ALLOWED.issuperset(d)


_RESPONSE_KEYS: Final = frozenset({"jsonrpc", "id", "error"})


def read_response(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A JSON-RPC error response: the error object it carries (whatever its shape), with
    the response's ``id`` as the request id."""
    inner = d["error"]
    if type(inner) is not dict and not isinstance(inner, Mapping):
        raise want(inner, "an object", f"{where}/error")
    if strict:
        only(d, _RESPONSE_KEYS, where)
    rid = d.get("id")
    rid = str(rid) if type(rid) is str or type(rid) is int else None
    if is_error_object(inner):  # no other source's claim takes it: read at once
        return read_jsonrpc(inner, strict, f"{where}/error", rid)
    error = _source.read_any(inner, strict=strict, where=f"{where}/error", need=True)
    assert error is not None
    if error.request_id is None and rid is not None:
        return refill(
            error,
            error.kind,
            retryable=error.retryable,
            retry_after=error.retry_after,
            status_code=error.status_code,
            request_id=rid,
        )
    return error


def _read_result(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A JSON-RPC response whose result is a failed tool call (``isError: true``)."""
    found = _source.read_any(d["result"], strict=strict, where=f"{where}/result", need=False)
    if found is None:  # pragma: no cover - the claim only takes results that hold an error
        raise ShapeError("a JSON-RPC result is not an error", where)
    return found


_VERSION: Final = frozenset({"2.0"})


def _result(d: Mapping[str, Any]) -> Mapping[str, Any] | None:
    result = d.get("result")
    return result if type(result) is dict or isinstance(result, Mapping) else None


def _failed(d: Mapping[str, Any]) -> bool:
    """A result that is a failed tool call."""
    result = _result(d)
    return (
        result is not None
        and _source.read_any(result, strict=False, where="", need=False) is not None
    )


def _asks(d: Mapping[str, Any]) -> bool:
    """A result that asks for input (``resultType: input_required``)."""
    result = _result(d)
    return result is not None and result.get("resultType") == "input_required"


def _any_result(d: Mapping[str, Any]) -> bool:
    return _result(d) is not None


def _an_error_member(d: Mapping[str, Any]) -> bool:
    """An ``error`` member that is not null: a success of a server that writes JSON-RPC
    1.0's ``error: null`` beside its result (Hyperledger Burrow's) is no error."""
    return d["error"] is not None


RESPONSE_CLAIMS: Final = (
    # {"jsonrpc": "2.0", "id", "error" | "result"}: the error, or the tool result that
    # failed; a result that succeeded or asks for input is not an error.
    Claim(
        50,
        "jsonrpc",
        read_response,
        "a JSON-RPC error response (an `error` that is not null: JSON-RPC 1.0's servers"
        " send `error: null` beside every result)",
        needs=("error",),
        is_a=str,
        one_of=_VERSION,
        when=_an_error_member,
    ),
    Claim(
        60,
        "jsonrpc",
        _read_result,
        "a JSON-RPC result that is a failed tool call",
        when=_failed,
        is_a=str,
        one_of=_VERSION,
    ),
    Claim(
        70,
        "jsonrpc",
        "a JSON-RPC result that asks for input (resultType: input_required) is not an error",
        "a JSON-RPC result that asks for input: not an error",
        when=_asks,
        is_a=str,
        one_of=_VERSION,
    ),
    Claim(
        80,
        "jsonrpc",
        "a JSON-RPC result is not an error",
        "any other JSON-RPC result: not an error",
        when=_any_result,
        is_a=str,
        one_of=_VERSION,
    ),
)


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a JSON-RPC error object: with its own code where that code, with its
    message and data, still says the error's kind, else with the kind's."""
    extra = error.extra or {}
    code, data = error.code, extra.get("data")
    at_home = (
        error.vendor == "jsonrpc"
        and code is not None
        and code.lstrip("-").isascii()
        and code.lstrip("-").isdigit()
        and _kind_of(_by_data(code, data) or read_row("jsonrpc", code, None), error.message, data)
        is error.kind
    )
    if not at_home or code is None:
        code = canonical_row(error, "jsonrpc").code
    out: dict[str, Any] = {"code": int(code), "message": error.message}
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error object, as the MCP specification shows it."""
    return {"code": int(row.code), "message": message}


SOURCE: Final = Source(
    name="jsonrpc",
    title="MCP (JSON-RPC)",
    codes=CODES,
    shapes=(ERROR_OBJECT,),
    rows=ROWS,
    claims=(
        *RESPONSE_CLAIMS,
        Claim(
            580,
            "code",
            read_jsonrpc,
            "a bare error object: an integer `code` below zero and a text `message`",
            is_a=int,
            texts=("message",),
            when=_below_zero,
        ),
    ),
    write=write,
    models=".jsonrpc",
    schemas=("ErrorResponse",),
    example=example,
    cases=(("-32602-uri", "-32602", {"data": {"uri": "file:///nonexistent.txt"}}),),
    docs="jsonrpc.md",
    texts=read_text,
    exceptions={
        "mcp.shared.exceptions.MCPError": read_exception,
        "mcp.shared.exceptions.McpError": read_exception,
    },
)
