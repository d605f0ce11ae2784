"""MCP's JSON-RPC errors: error objects, the responses that carry them, and refusals."""

from __future__ import annotations

import pytest

import toolerrors
from toolerrors import ErrorKind, ShapeError, convert, error_of, parse


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


def test_a_declined_request_is_refused_whatever_its_code() -> None:
    """A person said no: never retried, even under a code that would be."""
    error = parse({"code": -32603, "message": "The user declined the request"})
    assert (error.kind, error.retryable, toolerrors.should_retry(error, idempotent=True)) == (
        ErrorKind.REFUSED, False, False,
    )  # fmt: skip
    assert convert(error, "jsonrpc") == {"code": -32603, "message": "The user declined the request"}
