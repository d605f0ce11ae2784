"""MCP's JSON-RPC errors: error objects, the responses that carry them, and refusals."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest

import toolerrors
from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, _source, convert, error_of, parse, should_retry
from toolerrors._errors import NestedTooDeep
from toolerrors._write import to_wire

if TYPE_CHECKING:
    from collections.abc import Mapping


def test_a_response_is_read_by_what_it_carries() -> None:
    """The error object, whatever its shape; a failed tool result; never a success."""
    configure_inside = {"jsonrpc": "2.0", "id": "r1", "error": {"code": "RATE_LIMITED",
                                                               "message": "Slow down.", "retryAfter": 3}}  # fmt: skip
    error = parse(configure_inside)
    assert (error.vendor, error.kind, error.retry_after, error.request_id) == (
        "configure", ErrorKind.RATE_LIMITED, 3, "r1",
    )  # fmt: skip
    assert error_of({"jsonrpc": "2.0", "id": 1, "result": {"content": []}}) is None
    with pytest.raises(ShapeError, match="a JSON-RPC result is not an error"):
        parse({"jsonrpc": "2.0", "id": 1, "result": {"content": []}})
    with pytest.raises(ShapeError, match="/error: expected an object, got string"):
        parse({"jsonrpc": "2.0", "id": 1, "error": "boom"}, strict=True)
    assert parse({"jsonrpc": "2.0", "id": 1, "error": "boom"}).message == "boom"
    with pytest.raises(ShapeError, match=r"unknown field\(s\) 'extra'"):
        parse({"jsonrpc": "2.0", "id": 1, "extra": 1, "error": {"code": -32603, "message": "x"}},
              strict=True)  # fmt: skip


def test_a_batch_with_a_result_beside_its_error_is_never_retried_whole() -> None:
    """A JSON-RPC batch response whose first item failed and whose second returned a
    result partly took effect: its kind kept, never retried, the failed id named; a
    batch in which every item failed reads as its first item."""
    failed = {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {"code": -32099, "message": "Rate limit exceeded"},
    }
    done = {"jsonrpc": "2.0", "id": 8, "result": {"content": [], "isError": False}}
    error = parse([failed, done])
    assert (error.kind, error.retryable, error.code, error.message) == (
        ErrorKind.RATE_LIMITED,
        False,
        "-32099",
        "Rate limit exceeded [1 of 2 items of the batch failed (7); the others may have"
        " taken effect: re-send only the failed ones]",
    )
    assert not should_retry(error, idempotent=True)
    alone = parse([failed, {**failed, "id": 8}])
    assert (alone.retryable, alone.message) == (parse(failed).retryable, "Rate limit exceeded")
    assert parse(failed).retryable is True


def test_a_declined_request_is_refused_whatever_its_code() -> None:
    """A person said no: never retried, even under a code that would be."""
    error = parse({"code": -32603, "message": "The user declined the request"})
    assert (error.kind, error.retryable, toolerrors.should_retry(error, idempotent=True)) == (
        ErrorKind.REFUSED, False, False,
    )  # fmt: skip
    assert convert(error, "jsonrpc") == {"code": -32603, "message": "The user declined the request"}


@pytest.mark.parametrize(
    ("name", "kind", "status"),
    [
        ("github-mcp-server-wrapped-404", ErrorKind.NOT_FOUND, 404),
        ("github-mcp-server-wrapped-422", ErrorKind.INVALID_INPUT, 422),
    ],
)
def test_a_wrapped_http_failure_is_read_by_the_status_it_states(
    name: str, kind: ErrorKind, status: int
) -> None:
    """A server's -32603 around a failed HTTP call takes the status its message states:
    a wrapped 404 is not found, never retried, and written back as it came."""
    body = corpus_case("jsonrpc", name)["body"]
    error = parse(body)
    assert (error.kind, error.retryable, error.status_code, error.code) == (
        kind,
        False,
        status,
        "-32603",
    )
    assert not should_retry(error, idempotent=True)
    assert convert(error, "jsonrpc") == body
    plain = parse({"code": -32603, "message": "Internal error"})
    assert (plain.kind, plain.retryable, plain.status_code) == (ErrorKind.INTERNAL, None, None)


@pytest.mark.parametrize(
    "message",
    [
        "upstream call failed: HTTP 503",
        "POST https://api.example.com/charge: 429 Too Many Requests",
    ],
)
def test_a_wrapped_status_that_is_retried_leaves_the_outcome_unknown(message: str) -> None:
    """A -32603 stating a status that is retried (503, 429) keeps -32603's unknown
    outcome: the server failed while handling the call, after what it may have written;
    written elsewhere and read back, it is never a plain retry."""
    error = parse({"code": -32603, "message": message})
    assert (error.kind, error.retryable, error.status_code) == (ErrorKind.INTERNAL, None, None)
    assert not should_retry(error)
    assert convert(error, "jsonrpc") == {"code": -32603, "message": message}


@pytest.mark.parametrize(
    ("message", "code", "kind", "retryable"),
    [
        # The MCP SDKs' own codes (mcp_types.jsonrpc: CONNECTION_CLOSED, REQUEST_TIMEOUT)
        ("Request timed out", "-32001", ErrorKind.UNKNOWN_OUTCOME, None),
        ("Connection closed", "-32000", ErrorKind.UNKNOWN_OUTCOME, None),
        # FastMCP's ErrorHandlingMiddleware and RateLimitError send them for their own errors
        ("Not found: 'report.pdf'", "-32001", ErrorKind.NOT_FOUND, False),
        ("Permission denied: /etc/shadow", "-32000", ErrorKind.PERMISSION_DENIED, False),
        # either code says the request may have run: no words make it retried
        ("Rate limit exceeded", "-32000", ErrorKind.UNKNOWN_OUTCOME, None),
        # a request that timed out may have run: no words make it retried
        ("Service unavailable, try again later", "-32001", ErrorKind.UNKNOWN_OUTCOME, None),
        # the TypeScript SDK's Streamable HTTP server opens with the status's reason
        # phrase, and answers so with a 400 (github.com/punkpeye/fastmcp/issues/100)
        ("Bad Request: No valid session ID provided", "-32000", ErrorKind.INVALID_INPUT, False),
    ],
)
def test_the_sdks_own_codes_are_read_by_their_words_first(
    message: str, code: str, kind: ErrorKind, retryable: bool | None
) -> None:
    error = parse({"code": int(code), "message": message}, strict=True)
    assert (error.code, error.kind, error.retryable) == (code, kind, retryable)
    assert convert(error, to="jsonrpc") == {"code": int(code), "message": message}  # at home


def test_an_unknown_outcome_is_written_as_a_request_timeout() -> None:
    """-32001 is the code that says the request may have run: an unknown outcome from
    anywhere is written with it, and reads back as one."""
    wire = convert({"code": "TIMEOUT", "message": "The request timed out."}, to="jsonrpc")
    assert wire == {"code": -32001, "message": "The request timed out."}
    assert parse(wire).kind is ErrorKind.UNKNOWN_OUTCOME


_TOOL_FAILED = {"isError": True, "content": [{"type": "text", "text": "boom"}]}


def _nested(levels: int, inner: dict[str, Any], key: str = "result") -> dict[str, Any]:
    """``inner`` as the ``result`` (or ``error``) of a response, that response as the
    ``result`` of another, ``levels`` responses in all."""
    for index in range(levels):
        inner = {"jsonrpc": "2.0", "id": index, key: inner}
    return inner


@pytest.mark.parametrize("strict", [False, True], ids=["lenient", "strict"])
def test_responses_nested_in_results_cost_reads_in_proportion(
    monkeypatch: pytest.MonkeyPatch, strict: bool
) -> None:
    """Each response in a chain of results is classified a fixed number of times, so N
    levels cost O(N), however a claim's test and its reader both ask for the result."""
    classified = 0

    def counting(d: Mapping[str, Any], need: bool) -> object:
        nonlocal classified
        classified += 1
        if classified > 1_000:  # the cost doubled a level: stop before it hangs
            raise AssertionError("classified more than 1,000 times")
        return _source.registry._classify(d, need)  # the loop over the claims

    monkeypatch.setattr(_source, "classify", counting)
    counts = []
    for levels in (1, 2, 3, 24):
        classified = 0
        text = json.dumps(_nested(levels, _TOOL_FAILED))
        for error in (
            parse(_nested(levels, _TOOL_FAILED), strict=strict),
            error_of(_nested(levels, _TOOL_FAILED), strict=strict),
            toolerrors.from_http(200, {}, text),
        ):
            assert error is not None
            assert (error.kind, error.vendor, error.message) == (ErrorKind.INTERNAL, "mcp", "boom")
        counts.append(classified)
    # parse and error_of classify 2N + 1 times each (3N strictly), from_http 2N + 1
    assert counts == ([9, 17, 25, 193] if strict else [9, 15, 21, 147])


@pytest.mark.parametrize(
    ("key", "inner", "deepest"),
    [
        ("result", _TOOL_FAILED, toolerrors.MAX_DEPTH),
        # a bare error object is read where it is, not as a payload of its own
        ("error", {"code": -1, "message": "User rejected the request"}, toolerrors.MAX_DEPTH + 1),
    ],
    ids=["result", "error"],
)
def test_responses_nested_past_max_depth_are_not_read(
    key: str, inner: dict[str, Any], deepest: int
) -> None:
    """Responses nested up to `MAX_DEPTH` inside the outermost are read; deeper ones, up
    to the 700 `json.loads` builds, are not: `ShapeError` from `parse`, strict or not, and
    ``None`` from lenient `error_of`, as a text over the size limit; never a
    `RecursionError`."""
    kind = parse(inner).kind
    for levels in (1, deepest):
        payload = _nested(levels, inner, key)
        assert parse(payload) == parse(payload, strict=True)
        assert (parse(payload).kind, error_of(json.dumps(payload)).kind) == (kind, kind)
    message = "<input>: payloads nested more than MAX_DEPTH (32) deep"
    for levels in (deepest + 1, 700):
        payload = _nested(levels, inner, key)
        assert error_of(payload) is None
        for strict in (False, True):
            with pytest.raises(NestedTooDeep) as raised:
                parse(payload, strict=strict)
            assert (str(raised.value), isinstance(raised.value, ShapeError)) == (message, True)
        with pytest.raises(NestedTooDeep, match=re.escape(message)):
            error_of(payload, strict=True)
    text = json.dumps(_nested(deepest + 1, inner, key))
    assert error_of(text) is None
    with pytest.raises(NestedTooDeep, match=re.escape(message)):
        parse(text)


ISSUE_TEXT = (
    "Error executing MCP tool:\nMCP error -32603: Search failed: Error: SearchTool: failed to"
    ' search. Error: Serper API error: 403 Forbidden - {"message":"Unauthorized."}'
)


def test_the_typescript_sdks_error_text_reads_as_the_error_it_reports() -> None:
    """The TypeScript SDK's "MCP error -N: message", wherever it stands in a text, is that
    JSON-RPC error: its code decides as in an error object, and a -32603 takes the status
    its message states."""
    error = error_of(ISSUE_TEXT)
    assert error is not None
    assert (error.kind, error.retryable, error.status_code, error.vendor, error.code) == (
        ErrorKind.PERMISSION_DENIED, False, 403, "jsonrpc", "-32603",
    )  # fmt: skip
    assert error.message.startswith("Search failed: Error: SearchTool")
    assert parse(ISSUE_TEXT.encode()) == error
    timed_out = parse("2025-10-23 09:46 [error] MCP error -32001: Request timed out\n")
    assert (timed_out.kind, timed_out.retryable, timed_out.code, timed_out.message) == (
        ErrorKind.UNKNOWN_OUTCOME, None, "-32001", "Request timed out",
    )  # fmt: skip
    assert parse("MCP error -32602: Tool x not found").kind is ErrorKind.INVALID_INPUT


def test_a_text_without_the_mark_is_no_error() -> None:
    """Plain text is a tool's output, whatever its words; strictly, even a marked text
    is no documented shape."""
    assert error_of("No results found. Error rate: 0%. MCP errors: none.") is None
    with pytest.raises(ShapeError, match="not valid JSON"):
        parse("Three employees.")
    with pytest.raises(ShapeError, match="not valid JSON"):
        parse("MCP error -32001: Request timed out", strict=True)
    assert error_of("MCP error -32001: Request timed out", strict=True) is None


def test_a_32603_is_read_by_its_words_but_never_retried_for_them() -> None:
    """A -32603 whose message states no status takes what its words say, unless they
    invite a retry that -32603 does not (the call may have written)."""
    found = parse({"code": -32603, "message": "File not found: /tmp/a.txt"})
    assert (found.kind, found.retryable) == (ErrorKind.NOT_FOUND, False)
    limited = parse({"code": -32603, "message": "Rate limit exceeded"})
    assert (limited.kind, limited.retryable) == (ErrorKind.INTERNAL, None)
    assert convert(found, "jsonrpc") == {"code": -32603, "message": "File not found: /tmp/a.txt"}


def test_a_marked_message_inside_another_payload_says_its_kind() -> None:
    """A body of no known shape whose text is an McpError's is read by that error."""
    error = parse({"error": "MCP error -32601: Method not found"})
    assert (error.kind, error.retryable) == (ErrorKind.UNSUPPORTED, False)


def test_an_exception_whose_text_is_the_mark_reads_as_its_error() -> None:
    """from_exception reads a TypeScript client's McpError passed along as text."""
    error = toolerrors.from_exception(RuntimeError("MCP error -32000: Connection closed"))
    assert (error.kind, error.retryable, error.vendor, error.code) == (
        ErrorKind.UNKNOWN_OUTCOME, None, "jsonrpc", "-32000",
    )  # fmt: skip
    plain = toolerrors.from_exception(RuntimeError("boom"))
    assert (plain.kind, plain.vendor) == (ErrorKind.UNKNOWN, "python")


@pytest.mark.parametrize(
    ("code", "message", "expected"),
    [
        (-32603, "Internal error", ("jsonrpc", "-32603", ErrorKind.INTERNAL, None, 0)),
        (-32002, "Resource not found", ("jsonrpc", "-32002", ErrorKind.NOT_FOUND, False, 0)),
        (404, "Missing Access", (None, None, ErrorKind.NOT_FOUND, False, 1)),
    ],
    ids=["internal", "not-found", "a-servers-own-code"],
)
def test_the_mcp_sdks_exception_is_read_by_json_rpc_before_any_claim(
    monkeypatch: pytest.MonkeyPatch, code: int, message: str, expected: tuple[object, ...]
) -> None:
    """JSON-RPC declares the MCP SDK's ``MCPError``: its error object is read by
    JSON-RPC's reader with no claim asked; one whose code is not JSON-RPC's is read as
    `toolerrors.parse` reads the object."""
    exceptions = pytest.importorskip("mcp.shared.exceptions")
    classified = 0
    classify = _source.classify

    def counting(d: Mapping[str, Any], need: bool) -> object:
        nonlocal classified
        classified += 1
        return classify(d, need)

    monkeypatch.setattr(_source, "classify", counting)
    error = toolerrors.from_exception(exceptions.MCPError(code, message))
    assert (error.vendor, error.code, error.kind, error.retryable, classified) == expected


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        # FastMCP 4.2.3, fastmcp/server/mixins/mcp_operations.py (read_resource)
        ("Resource not found: 'file:///missing.txt'", ErrorKind.NOT_FOUND),
        # mcp 2.3.0, mcp/server/mcpserver/resources/resource_manager.py
        ("Unknown resource: file:///missing.txt", ErrorKind.NOT_FOUND),
        ("Resource file:///x.txt not found", ErrorKind.NOT_FOUND),
        ("Tool get_resource not found", ErrorKind.INVALID_INPUT),
        ("Invalid params: 'resource-not-found' is no argument", ErrorKind.INVALID_INPUT),
    ],
)
def test_a_32602_whose_words_say_a_resource_is_missing_is_not_found(
    message: str, kind: ErrorKind
) -> None:
    """-32602 without ``data.uri`` is a resource not found where its words say so outside
    the names in it, and never retried; a tool not found stays bad input, as the
    specification says."""
    error = parse({"code": -32602, "message": message})
    assert (error.kind, error.retryable, error.code) == (kind, False, "-32602")
    assert to_wire(error, "jsonrpc") == {"code": -32602, "message": message}


def test_a_null_error_beside_a_result_is_a_success() -> None:
    """JSON-RPC 1.0's servers write ``error: null`` beside every result, and some 2.0
    servers still do (Hyperledger Burrow's, github.com/hyperledger-archives/burrow/
    issues/270): no error."""
    body = {"result": {"chain_id": "blockchain"}, "error": None, "id": "23", "jsonrpc": "2.0"}
    assert toolerrors.error_of(body) is None
    assert toolerrors.error_of({"result": 5, "error": None, "id": 1}) is None
    failed = {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": 1}
    assert toolerrors.error_of(failed) is not None


def test_a_status_code_with_a_reason_phrase_of_another_reads_by_the_status() -> None:
    """ToolHive's authorization middleware answers a denied MCP call with HTTP 403 and a
    JSON-RPC error ``{"code": 403, "message": "Unauthorized"}`` (github.com/stacklok/
    toolhive, pkg/authz/middleware_test.go at e25de16): a reason phrase says no more
    than a status, and the 403 it is sent with decides: a permission denied."""
    body = {"jsonrpc": "2.0", "id": 1, "error": {"code": 403, "message": "Unauthorized"}}
    for error in (parse(body), toolerrors.from_http(403, {}, body)):
        assert (error.kind, error.retryable, error.status_code, error.vendor) == (
            ErrorKind.PERMISSION_DENIED, False, 403, None,
        )  # fmt: skip
    said = parse({"code": 400, "message": "Unauthorized"})  # a catch-all status: the phrase
    assert (said.kind, said.status_code) == (ErrorKind.UNAUTHENTICATED, 400)


@pytest.mark.parametrize(
    ("code", "message", "data", "kind", "retryable"),
    [
        # Tendermint's RPC (github.com/tendermint/tendermint/issues/3046)
        (-32603, "Internal error", "Error on broadcastTxCommit: Tx already exists in cache",
         ErrorKind.CONFLICT, False),
        (-32602, "Invalid params", "try again later", ErrorKind.INVALID_INPUT, False),
        (-32603, "Internal error", {"detail": "Tx already exists"}, ErrorKind.INTERNAL, None),
    ],
)  # fmt: skip
def test_a_text_data_says_what_a_code_and_its_message_leave_open(
    code: int, message: str, data: object, kind: ErrorKind, retryable: bool | None
) -> None:
    """JSON-RPC's ``data`` holds "additional information about the error": a text whose
    words say more than the code and its message decides, but never makes the error
    more retried than its code; a structured ``data`` is kept, not read."""
    body = {"jsonrpc": "2.0", "id": 1, "error": {"code": code, "message": message, "data": data}}
    error = parse(body)
    assert (error.kind, error.retryable, error.code) == (kind, retryable, str(code))
    assert parse(to_wire(error, "jsonrpc")).kind is kind


@pytest.mark.parametrize(
    ("payload", "kind"),
    [
        # Fireblocks' SDK error and MCP server's text; the MCP specification's own -1
        ({"message": "invalid signature", "code": -1}, ErrorKind.UNAUTHENTICATED),
        ("MCP error -32600: Fireblocks API authentication failed. Please check your API key",
         ErrorKind.UNAUTHENTICATED),
        ({"code": -1, "message": "User rejected sampling request"}, ErrorKind.REFUSED),
        ({"code": -1, "message": "x"}, ErrorKind.REFUSED),
        ({"code": -32600, "message": "Invalid Request"}, ErrorKind.INVALID_INPUT),
    ],
)  # fmt: skip
def test_a_catch_all_code_and_minus_one_are_read_by_their_words_first(
    payload: object, kind: ErrorKind
) -> None:
    """-32600 ("Invalid Request") and -1 (a person's no in the MCP specification's
    example, any error to many APIs) are read by their message's words where they say
    anything, never more retried than the code; else by the code."""
    error = parse(payload)
    assert (error.vendor, error.kind, error.retryable) == ("jsonrpc", kind, False)
