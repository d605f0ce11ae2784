"""Python exceptions as unified errors, and ToolFailure."""

from __future__ import annotations

import asyncio
import copy
import pickle
import socket
import urllib.error

import pytest

from toolerrors import ErrorKind, ToolFailure, from_exception, parse
from toolerrors.configure import ConfigureError


@pytest.mark.parametrize(
    ("exc", "kind", "retryable"),
    [
        (TimeoutError("slow"), "unknown_outcome", None),
        (asyncio.TimeoutError(), "unknown_outcome", None),
        (TimeoutError("t"), "unknown_outcome", None),
        (ConnectionRefusedError("refused"), "unavailable", True),
        (socket.gaierror("no such host"), "unavailable", True),
        (ConnectionResetError("reset"), "unknown_outcome", None),
        (BrokenPipeError("pipe"), "unknown_outcome", None),
        (urllib.error.URLError(ConnectionRefusedError("refused")), "unavailable", True),
        (urllib.error.URLError(TimeoutError("t")), "unknown_outcome", None),
        (ValueError("bad"), "unknown", None),
    ],
    ids=[
        "timeout",
        "asyncio-timeout",
        "socket-timeout",
        "refused",
        "dns",
        "reset",
        "pipe",
        "urlerror-refused",
        "urlerror-timeout",
        "other",
    ],
)
def test_exception_kinds(exc: BaseException, kind: str, retryable: bool | None) -> None:
    """Timeouts may have run; failures before sending did not; others are unknown."""
    error = from_exception(exc)
    assert (error.kind.value, error.retryable) == (kind, retryable)
    assert error.vendor == "python"


@pytest.mark.parametrize("module", ["httpx", "httpx2"])
def test_httpx_and_httpx2_transport_errors(module: str) -> None:
    """httpx2, the client of newer OpenAI and Anthropic SDKs, names its errors as httpx:
    a connect timeout sent nothing, a read timeout may have run."""
    httpx = pytest.importorskip(module)
    for exc, kind, retryable in (
        (httpx.ConnectTimeout("connect"), "unavailable", True),
        (httpx.ConnectError("refused"), "unavailable", True),
        (httpx.PoolTimeout("pool"), "unavailable", True),
        (httpx.ReadTimeout("read"), "unknown_outcome", None),
        (httpx.RemoteProtocolError("closed"), "unknown_outcome", None),
    ):
        error = from_exception(exc)
        assert (error.kind.value, error.retryable, error.code) == (
            kind, retryable, f"{module}.{type(exc).__name__}",
        )  # fmt: skip


def test_configure_error_maps_as_parse_does() -> None:
    """A ConfigureError is read the way parse reads it."""
    exc = ConfigureError("gone", code="INVALID_INPUT", statusCode=404)
    assert from_exception(exc) == parse(exc)
    assert from_exception(exc).kind is ErrorKind.NOT_FOUND


def test_tool_failure_carries_the_error_and_keeps_the_cause() -> None:
    """raise error.exception() from exc keeps the original; from_exception gives the error back."""
    original = TimeoutError("slow")
    error = from_exception(original)
    with pytest.raises(ToolFailure) as caught:
        raise error.exception() from original
    assert caught.value.error == error
    assert caught.value.__cause__ is original
    assert from_exception(caught.value) == error
    assert str(caught.value) == "unknown_outcome: slow"


def test_tool_failure_pickles_and_copies_equal() -> None:
    """ToolFailure survives pickle, copy and deepcopy equal to itself."""
    failure = parse({"error": "vendor", "message": "m", "card": {"a": 1}}).exception()
    for clone in (pickle.loads(pickle.dumps(failure)), copy.copy(failure), copy.deepcopy(failure)):
        assert clone == failure and hash(clone) == hash(failure)
