"""The FastMCP adapter, offline, with an in-process server and FastMCP's own client: the
five scenarios every adapter must pass, seen from the client."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("fastmcp")

from fastmcp import Client, FastMCP

import toolerrors
from toolerrors import ErrorKind, error_of
from toolerrors.configure import ConfigureError
from toolerrors.integrations.fastmcp import ToolErrorsMiddleware
from toolerrors.retry import Retry, RetryPolicy
from toolerrors.testing import configure_error, not_done_yet, refused


def _server(retry: Retry | None = None) -> FastMCP:
    server = FastMCP("toolerrors-test")
    server.add_middleware(ToolErrorsMiddleware(retry))
    return server


def _call(server: FastMCP, name: str, **args: Any) -> Any:
    async def go() -> Any:
        async with Client(server) as client:
            return await client.call_tool(name, args, raise_on_error=False)

    return asyncio.run(go())


def test_approval_comes_back_whole_and_the_call_runs_once_after_yes() -> None:
    """not_done_yet reaches the client as approval_required with its owner; after the
    owner's yes, calling again runs it once."""
    approved: list[bool] = []
    charged: list[int] = []
    server = _server()

    @server.tool
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        if not approved:
            return not_done_yet("Ana")
        charged.append(amount)
        return {"paid": amount}

    held = error_of(_call(server, "pay", amount=5))
    assert held is not None and (held.kind, held.owner) == (ErrorKind.APPROVAL_REQUIRED, "Ana")
    assert charged == []
    approved.append(True)
    assert error_of(_call(server, "pay", amount=5)) is None
    assert charged == [5]


def test_a_refusal_reaches_the_client_as_a_refusal() -> None:
    """refused comes back as refused (action stop), raised or returned."""
    server = _server()

    @server.tool
    def send(to: str) -> dict[str, Any]:
        """Send a card number."""
        return refused("Ana")

    @server.tool
    def send_raising(to: str) -> None:
        """Send a card number."""
        raise toolerrors.parse(refused("Ana")).exception()

    for name in ("send", "send_raising"):
        error = error_of(_call(server, name, to="x"))
        assert error is not None
        assert (error.kind, error.owner, error.action.value) == (ErrorKind.REFUSED, "Ana", "stop")


def test_rate_limit_waits_and_tries_once_more() -> None:
    """A rate limit gets one more attempt after the server's wait, then is reported."""
    waits: list[float] = []
    calls: list[int] = []
    server = _server(Retry(RetryPolicy(attempts=5), sleep=waits.append))

    @server.tool
    def search(query: str) -> dict[str, Any]:
        """Search."""
        calls.append(1)
        return configure_error("RATE_LIMITED", retryAfter=2)

    error = error_of(_call(server, "search", query="q"))
    assert (len(calls), waits) == (2, [2])
    assert error is not None and (error.vendor, error.code) == ("configure", "RATE_LIMITED")


@pytest.mark.parametrize("how", ["configure-timeout", "httpx-read-timeout", "timeout-error"])
def test_a_timeout_after_charging_charges_once_and_says_check_first(how: str) -> None:
    """One charge, and the client is told to check first; FastMCP's RetryMiddleware would
    have retried the TimeoutError."""
    httpx = pytest.importorskip("httpx")
    charged: list[int] = []
    server = _server(Retry(RetryPolicy(attempts=5), sleep=lambda _: None))

    @server.tool
    def pay(amount: int) -> str:
        """Pay an amount."""
        charged.append(amount)
        if how == "configure-timeout":
            raise ConfigureError("The request timed out.", code="TIMEOUT")
        if how == "httpx-read-timeout":
            raise httpx.ReadTimeout("timed out after https://pay.internal/charge?key=sk_live")
        raise TimeoutError("timed out")

    error = error_of(_call(server, "pay", amount=5))
    assert charged == [5]
    assert error is not None and error.action.value == "check_first"
    assert "sk_live" not in error.message


def test_a_bug_is_not_retried_and_is_masked() -> None:
    """A plain bug runs once, and the client learns only that the tool failed inside."""
    calls: list[int] = []
    server = _server(Retry(RetryPolicy(attempts=5, idempotent=True)))

    @server.tool
    def lookup(key: str) -> str:
        """Look up."""
        calls.append(1)
        return {"a": 1}["postgres://admin:hunter2@db"]

    result = _call(server, "lookup", key="k")
    error = error_of(result)
    assert calls == [1]
    assert error is not None and (error.kind, error.retryable) == (ErrorKind.INTERNAL, False)
    assert error.message == "The tool failed inside itself."
    assert "hunter2" not in str(result.content) and "hunter2" not in str(result.structured_content)


def _timing_out(server: FastMCP, charged: list[int], kind: str) -> None:
    if kind == "sync":

        @server.tool
        def pay(amount: int) -> str:
            """Pay an amount."""
            charged.append(amount)
            raise TimeoutError("the bank did not answer")

        return

    @server.tool
    async def pay_async(amount: int) -> str:  # registered as "pay"
        """Pay an amount."""
        charged.append(amount)
        raise TimeoutError("the bank did not answer")


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_inside_fastmcp_s_retry_middleware_the_payment_is_charged_once(kind: str) -> None:
    """``RetryMiddleware()`` added first, then ours: ours turns the timeout into an error
    result, so FastMCP's retry has nothing to re-run; the client is told to check first."""
    from fastmcp.server.middleware.error_handling import RetryMiddleware

    charged: list[int] = []
    server = FastMCP("toolerrors-test")
    server.add_middleware(RetryMiddleware(base_delay=0))
    server.add_middleware(
        ToolErrorsMiddleware(Retry(RetryPolicy(attempts=5), sleep=lambda _: None))
    )
    _timing_out(server, charged, kind)
    error = error_of(_call(server, "pay" if kind == "sync" else "pay_async", amount=5))
    assert charged == [5]
    assert error is not None and error.action.value == "check_first"


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_around_fastmcp_s_retry_middleware_it_refuses_before_anything_runs(
    kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Ours added first, then ``RetryMiddleware()``, would charge 4 times: the call fails
    before the tool runs, and the server's log names the fix."""
    from fastmcp.server.middleware.error_handling import RetryMiddleware
    from mcp.shared.exceptions import MCPError

    charged: list[int] = []
    server = FastMCP("toolerrors-test")
    server.add_middleware(ToolErrorsMiddleware())
    server.add_middleware(RetryMiddleware(base_delay=0))
    _timing_out(server, charged, kind)
    with pytest.raises(MCPError):
        _call(server, "pay" if kind == "sync" else "pay_async", amount=5)
    assert charged == []
    assert "UnsafeWiring: RetryMiddleware was added after ToolErrorsMiddleware" in caplog.text
    assert "add ToolErrorsMiddleware after RetryMiddleware" in caplog.text


def test_a_subclass_of_fastmcp_s_retry_middleware_is_refused_as_it_is(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A user's own subclass of ``RetryMiddleware``, added after ours, is recognised by
    its base: the call fails before the tool runs, and nothing is charged."""
    from fastmcp.server.middleware.error_handling import RetryMiddleware
    from mcp.shared.exceptions import MCPError

    class PatientRetry(RetryMiddleware):
        pass

    charged: list[int] = []
    server = FastMCP("toolerrors-test")
    server.add_middleware(ToolErrorsMiddleware())
    server.add_middleware(PatientRetry(base_delay=0))
    _timing_out(server, charged, "sync")
    with pytest.raises(MCPError):
        _call(server, "pay", amount=5)
    assert charged == []
    assert "UnsafeWiring: RetryMiddleware was added after ToolErrorsMiddleware" in caplog.text


def test_the_model_sees_what_to_do_beside_the_vendor_s_json() -> None:
    """The first text block is the error's JSON (as ``structuredContent``), the second
    `model_text`: a Configure ``TIMEOUT`` tells a text-only model to check first, and
    ``error_of`` reads the same error from the result and from its first block alone."""
    server = _server()

    @server.tool
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        return configure_error("TIMEOUT")

    result = _call(server, "pay", amount=5)
    first, advice = (block.text for block in result.content)
    error = error_of(result)
    assert error is not None and error == error_of(first)
    assert advice == toolerrors.model_text(error)
    assert advice.splitlines()[2] == "It may have happened: check before you run it again."
