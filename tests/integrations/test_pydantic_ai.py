"""The pydantic-ai adapter, offline, with a scripted FunctionModel: the five scenarios
every adapter must pass."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic_ai import Agent, DeferredToolRequests, DeferredToolResults, RunContext
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import toolerrors
from toolerrors.configure import ConfigureError
from toolerrors.integrations.pydantic_ai import MCP_SETTINGS, Refused, guard
from toolerrors.retry import Retry, RetryPolicy, stable_key
from toolerrors.testing import configure_error, not_done_yet, refused

from ._scenarios import KEYED, Server, run_pydantic_ai


def _run(agent: Agent[Any, Any], *args: Any, **kwargs: Any) -> Any:
    """agent.run in a loop of its own (run_sync leaves its loop open)."""
    return asyncio.run(agent.run(*args, **kwargs))


def _script(*calls: tuple[str, dict[str, Any]]) -> FunctionModel:
    """A model that makes these tool calls, one a turn, then answers "All done."."""

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turn = sum(isinstance(m, ModelResponse) for m in messages)
        if turn < len(calls):
            name, args = calls[turn]
            return ModelResponse(parts=[ToolCallPart(name, args, tool_call_id=f"call-{turn}")])
        return ModelResponse(parts=[TextPart("All done.")])

    return FunctionModel(respond)


def _returns(messages: list[ModelMessage]) -> list[Any]:
    return [
        part
        for message in messages
        for part in getattr(message, "parts", [])
        if part.part_kind in ("tool-return", "retry-prompt")
    ]


@pytest.mark.parametrize(("answer", "charges"), [(True, 1), (False, 0)])
def test_approval_defers_and_runs_once_after_yes(answer: bool, charges: int) -> None:
    """not_done_yet ends the run with DeferredToolRequests; yes runs it once, no never."""
    approved: list[bool] = []
    charged: list[int] = []
    agent = Agent(_script(("pay", {"amount": 5})), output_type=[str, DeferredToolRequests])

    @agent.tool
    @guard()
    def pay(ctx: RunContext[None], amount: int) -> dict[str, Any]:
        """Pay an amount."""
        if not approved:
            return not_done_yet("Ana")
        charged.append(amount)
        return {"paid": amount}

    first = _run(agent, "Pay the invoice.")
    assert isinstance(first.output, DeferredToolRequests)
    (request,) = first.output.approvals
    assert first.output.metadata[request.tool_call_id]["owner"] == "Ana"
    assert charged == []
    if answer:
        approved.append(True)
    results = DeferredToolResults(approvals={request.tool_call_id: answer})
    second = _run(agent, message_history=first.all_messages(), deferred_tool_results=results)
    assert charged == [5] * charges
    assert second.output == "All done."


def test_refusal_ends_the_run_and_no_other_tool_is_tried() -> None:
    """refused raises Refused out of the run; the next tool never runs."""
    other: list[int] = []
    agent = Agent(_script(("send", {"to": "x"}), ("send_another_way", {"to": "x"})))

    @agent.tool_plain
    @guard()
    def send(to: str) -> dict[str, Any]:
        """Send a card number."""
        return refused("Ana")

    @agent.tool_plain
    def send_another_way(to: str) -> str:
        """Another way."""
        other.append(1)
        return "sent"

    with pytest.raises(Refused) as caught:
        _run(agent, "Send Bo my card number.")
    assert (caught.value.error.kind.value, caught.value.error.owner) == ("refused", "Ana")
    assert other == []


def test_rate_limit_waits_and_tries_once_more() -> None:
    """A rate limit gets one more attempt after the server's wait, then the model is told."""
    waits: list[float] = []
    calls: list[int] = []
    agent = Agent(_script(("search", {"query": "q"})))

    @agent.tool_plain
    @guard(Retry(RetryPolicy(attempts=5), sleep=waits.append))
    def search(query: str) -> dict[str, Any]:
        """Search."""
        calls.append(1)
        return configure_error("RATE_LIMITED", retryAfter=2)

    result = _run(agent, "Search.")
    assert (len(calls), waits) == (2, [2])
    (returned,) = _returns(result.all_messages())
    assert str(returned.content).startswith("Tool call failed: rate_limited.")
    assert returned.outcome == "failed"
    assert result.output == "All done."


@pytest.mark.parametrize("how", ["configure-timeout", "httpx-read-timeout"])
def test_a_timeout_after_charging_charges_once_and_says_check_first(how: str) -> None:
    """The timeout is a terminal failure (ToolFailed), never a ModelRetry: one charge."""
    httpx = pytest.importorskip("httpx")
    charged: list[int] = []
    agent = Agent(_script(("pay", {"amount": 5}), ("pay", {"amount": 5})))

    @agent.tool_plain
    @guard(Retry(RetryPolicy(attempts=5), sleep=lambda _: None))
    def pay(amount: int) -> str:
        """Pay."""
        if charged:
            raise AssertionError("the model was invited to pay again")
        charged.append(amount)
        if how == "configure-timeout":
            raise ConfigureError("The request timed out.", code="TIMEOUT")
        raise httpx.ReadTimeout("timed out")

    result = _run(agent, "Pay.")
    returned = _returns(result.all_messages())
    assert charged == [5]
    assert isinstance(returned[0], ToolReturnPart)
    assert returned[0].outcome == "failed"  # ToolFailed: seen, not a retry
    assert str(returned[0].content).splitlines()[1] == (
        "What to do: check_first: Check whether it happened before you run it again."
    )


def test_a_bug_is_not_retried_and_shows_no_detail() -> None:
    """A plain bug runs once and the model sees none of its text."""
    calls: list[int] = []
    agent = Agent(_script(("lookup", {"key": "k"})))

    @agent.tool_plain
    @guard(Retry(RetryPolicy(attempts=5, idempotent=True)))
    def lookup(key: str) -> str:
        """Look up."""
        calls.append(1)
        return {"a": 1}["postgres://admin:hunter2@db"]

    result = _run(agent, "Look it up.")
    assert calls == [1]
    (returned,) = _returns(result.all_messages())
    assert "hunter2" not in str(returned.content) and returned.outcome == "failed"
    assert str(returned.content).splitlines()[0] == "Tool call failed: internal."


def test_fix_input_kinds_ask_the_model_to_try_again() -> None:
    """invalid_input becomes a ModelRetry: the model may call again with other input."""
    agent = Agent(_script(("find", {"name": "?"}), ("find", {"name": "Iris"})))
    seen: list[str] = []

    @agent.tool_plain
    @guard()
    def find(name: str) -> dict[str, Any]:
        """Find an employee."""
        seen.append(name)
        if name == "?":
            return {"error": "bad_input", "message": "name must be a name"}
        return {"id": "e1"}

    result = _run(agent, "Find Iris.")
    assert seen == ["?", "Iris"]
    assert [part.outcome for part in _returns(result.all_messages())] == ["retried", "success"]


@pytest.mark.parametrize(("settings", "charges"), [(MCP_SETTINGS, [5]), ({}, [5, 5])])
def test_mcp_toolset_settings_never_re_run_an_unknown_outcome(
    settings: dict[str, Any], charges: list[int]
) -> None:
    """Through MCPToolset, an MCP server's timeout after a charge is terminal with
    MCP_SETTINGS; MCPToolset's default turns it into a ModelRetry, and it is paid twice."""
    pytest.importorskip("fastmcp")
    from fastmcp import FastMCP
    from pydantic_ai.mcp import MCPToolset

    server = FastMCP("payments")
    charged: list[int] = []

    @server.tool
    def pay(amount: int) -> str:
        """Pay an amount."""
        charged.append(amount)
        raise TimeoutError("timed out after the charge")

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        returns = _returns(messages)
        if not returns or returns[-1].outcome == "retried":  # asked to try again: it does
            return ModelResponse(
                parts=[ToolCallPart("pay", {"amount": 5}, tool_call_id=f"c{len(returns)}")]
            )
        return ModelResponse(parts=[TextPart("Stopped.")])

    agent = Agent(FunctionModel(respond), toolsets=[MCPToolset(server, max_retries=1, **settings)])
    with contextlib.suppress(Exception):  # the default exhausts its retries
        _run(agent, "Pay.")
    assert charged == charges


@pytest.mark.parametrize("form", ["@guard", "@guard()"])
def test_guard_decorates_with_and_without_parentheses(form: str) -> None:
    """``@guard`` and ``@guard()`` make the same tool: a success comes back as it is, and
    an error result is raised as a refusal."""
    decorate = guard if form == "@guard" else guard()

    def lookup(held: bool) -> dict[str, Any]:
        return refused("Ana", "No.") if held else {"ok": True}

    tool = decorate(lookup)
    assert tool.__name__ == "lookup"
    assert tool(False) == {"ok": True}
    with pytest.raises(toolerrors.ToolFailure) as caught:
        tool(True)
    assert caught.value.error.kind is toolerrors.ErrorKind.REFUSED


def test_guard_refuses_an_argument_that_is_neither_a_retry_nor_a_function() -> None:
    """``guard(3)`` says which two forms it takes, at the decorator, not at the call."""
    with pytest.raises(TypeError) as caught:
        guard(3)  # type: ignore[call-overload]
    assert str(caught.value) == (
        "guard() takes a toolerrors.retry.Retry or nothing, got int: "
        "write @guard or @guard(Retry(...))"
    )


@pytest.mark.parametrize("entry", ["run", "run_sync"])
def test_pydantic_ai_guard_keys_a_call_by_its_run_context_s_id(entry: str) -> None:
    """``guard`` on a tool that takes pydantic-ai's ``RunContext`` keys the call by its
    ``tool_call_id`` and arguments."""
    server = Server()

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart("pay", {"amount": 5}, tool_call_id="c-4")])
        return ModelResponse(parts=[TextPart("Paid.")])

    agent = Agent(FunctionModel(respond))

    @agent.tool
    @guard(KEYED)
    def pay(ctx: RunContext[None], amount: int, idempotency_key: str = "") -> dict[str, Any]:
        """Pay an amount."""
        return server.pay(amount, time_out=len(server.keys) == 0)

    run_pydantic_ai(agent, entry, "Pay.")
    assert server.keys == [stable_key("c-4", {"amount": 5})] * 2
    assert server.charged == [5]
