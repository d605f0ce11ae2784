"""The pydantic-ai adapter across the ways a user wires it: ``guard`` on each tool or one
``GuardedToolset`` for all, sync and async tools, through ``agent.run`` and
``agent.run_sync``, and under pydantic-ai's own per-tool ``retries``; each run asserts the
exact number of side effects and what the model saw."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic_ai import Agent, DeferredToolRequests, DeferredToolResults, RunContext
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.toolsets import FunctionToolset

from toolerrors.integrations.pydantic_ai import GuardedToolset, Refused, guard
from toolerrors.retry import Retry, RetryPolicy
from toolerrors.testing import configure_error

from ._scenarios import (
    CHECK_FIRST,
    FAST,
    SECRET,
    buggy,
    function,
    held_until_approved,
    rate_limited,
    refusing,
    retried,
    run_pydantic_ai,
    timed_out_after_charging,
)

if TYPE_CHECKING:
    from collections.abc import Callable

WIRINGS = ("guard", "toolset", "mcp-retry", "mcp-failed", "mcp-error")
"""``guard`` on each tool, one `GuardedToolset` for all, or one around an ``MCPToolset``
serving them, for each of its ``tool_error_behavior``s (pydantic-ai's own layer for an MCP
server's errors: ``ModelRetry``, ``ToolFailed`` or FastMCP's ``ToolError``)."""
CELLS = [
    (wiring, kind, entry)
    for wiring in WIRINGS
    for kind in ("sync", "async")
    for entry in ("run", "run_sync")
]
IDS = [f"{wiring}-{kind}-tool-{entry}" for wiring, kind, entry in CELLS]


def _script(*calls: tuple[str, dict[str, Any]]) -> FunctionModel:
    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turn = sum(isinstance(m, ModelResponse) for m in messages)
        if turn < len(calls):
            name, args = calls[turn]
            return ModelResponse(parts=[ToolCallPart(name, args, tool_call_id=f"call-{turn}")])
        return ModelResponse(parts=[TextPart("All done.")])

    return FunctionModel(respond)


def _agent(
    script: FunctionModel,
    tools: list[tuple[str, Callable[[int], Any]]],
    kind: str,
    wiring: str,
    retry: Retry = FAST,
    **options: Any,
) -> Agent[Any, Any]:
    """An agent with ``body(amount)`` tools, sync or async, each under pydantic-ai's own
    ``retries=3``: guarded one by one, in one `GuardedToolset`, or served by an MCP server
    whose ``MCPToolset`` is in one."""
    if wiring.startswith("mcp-"):
        return _mcp_agent(script, tools, kind, wiring.removeprefix("mcp-"), retry, **options)
    functions = [_function(name, body, kind) for name, body in tools]
    if wiring == "guard":
        agent: Agent[Any, Any] = Agent(script, **options)
        for fn in functions:
            agent.tool(retries=3)(guard(retry)(fn))
        return agent
    toolset = FunctionToolset(functions, max_retries=3)
    return Agent(script, toolsets=[GuardedToolset(toolset, retry=retry)], **options)


def _mcp_agent(
    script: FunctionModel,
    tools: list[tuple[str, Callable[[int], Any]]],
    kind: str,
    behavior: str,
    retry: Retry,
    **options: Any,
) -> Agent[Any, Any]:
    """The tools served by a FastMCP server with toolerrors' middleware (which masks a
    bug's text and retries nothing here: the client's `Retry` does), reached through an
    ``MCPToolset`` with ``tool_error_behavior=behavior`` and ``max_retries=3``, in one
    `GuardedToolset`."""
    pytest.importorskip("fastmcp")
    from fastmcp import FastMCP
    from pydantic_ai.mcp import MCPToolset

    from toolerrors.integrations.fastmcp import ToolFailureMiddleware

    server = FastMCP("tools")
    server.add_middleware(ToolFailureMiddleware(Retry(RetryPolicy(attempts=1))))
    for name, body in tools:
        server.tool(function(name, body, kind))
    toolset = MCPToolset(server, max_retries=3, tool_error_behavior=behavior)  # type: ignore[arg-type]
    return Agent(script, toolsets=[GuardedToolset(toolset, retry=retry)], **options)


def _function(name: str, body: Callable[[int], Any], kind: str) -> Callable[..., Any]:
    if kind == "sync":

        def run(ctx: RunContext[None], amount: int) -> Any:
            return body(amount)

        fn: Callable[..., Any] = run
    else:

        async def arun(ctx: RunContext[None], amount: int) -> Any:
            await asyncio.sleep(0)
            return body(amount)

        fn = arun
    fn.__name__ = name
    return fn


def _texts(result: Any) -> list[str]:
    return [
        str(part.content)
        for message in result.all_messages()
        for part in getattr(message, "parts", [])
        if part.part_kind in ("tool-return", "retry-prompt")
    ]


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_payment_that_timed_out_is_charged_once(wiring: str, kind: str, entry: str) -> None:
    """Not re-run by ``guard`` nor by pydantic-ai's ``retries=3``; the model is told to
    check first."""
    charged: list[int] = []
    body = timed_out_after_charging(charged)
    agent = _agent(_script(("pay", {"amount": 5})), [("pay", body)], kind, wiring)
    result = run_pydantic_ai(agent, entry, "Pay.")
    assert charged == [5]
    (text,) = _texts(result)
    assert text.splitlines()[2] == CHECK_FIRST


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_refusal_ends_therun_pydantic_ai(wiring: str, kind: str, entry: str) -> None:
    """``Refused`` is raised out of the run; no other tool is tried."""
    other: list[int] = []
    agent = _agent(
        _script(("send", {"amount": 1}), ("other", {"amount": 1})),
        [("send", refusing), ("other", other.append)],
        kind,
        wiring,
    )
    with pytest.raises(Refused) as raised:
        run_pydantic_ai(agent, entry, "Send it.")
    assert raised.value.error.owner == "Ana"
    assert other == []


@pytest.mark.parametrize(("answer", "charges"), [(True, 1), (False, 0)])
@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_an_approval_defers_and_runs_once_after_yes(
    wiring: str, kind: str, entry: str, answer: bool, charges: int
) -> None:
    """The run ends with ``DeferredToolRequests``; yes runs it once, no never."""
    approved: list[bool] = []
    charged: list[int] = []
    body = held_until_approved(approved, charged)
    agent = _agent(
        _script(("pay", {"amount": 5})), [("pay", body)], kind, wiring,
        output_type=[str, DeferredToolRequests],
    )  # fmt: skip
    first = run_pydantic_ai(agent, entry, "Pay.")
    (request,) = first.output.approvals
    if answer:
        approved.append(True)
    results = DeferredToolResults(approvals={request.tool_call_id: answer})
    run_pydantic_ai(
        agent, entry, message_history=first.all_messages(), deferred_tool_results=results
    )
    assert charged == [5] * charges


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_rate_limit_waits_and_tries_once_more(wiring: str, kind: str, entry: str) -> None:
    """Two calls in all, with the server's wait between them."""
    calls: list[int] = []
    waits: list[float] = []
    body = rate_limited(calls)
    retry = Retry(RetryPolicy(attempts=5), sleep=waits.append)
    agent = _agent(_script(("search", {"amount": 1})), [("search", body)], kind, wiring, retry)
    result = run_pydantic_ai(agent, entry, "Search.")
    assert (len(calls), waits) == (2, [2])
    assert _texts(result)[0].splitlines()[:3] == retried(2)


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_bug_is_not_retried_and_shows_no_detail(wiring: str, kind: str, entry: str) -> None:
    """Once, and the model does not see the bug's text."""
    calls: list[int] = []
    body = buggy(calls)
    retry = Retry(RetryPolicy(attempts=5, idempotent=True))
    agent = _agent(_script(("lookup", {"amount": 1})), [("lookup", body)], kind, wiring, retry)
    (text,) = _texts(run_pydantic_ai(agent, entry, "Look it up."))
    assert calls == [1] and SECRET not in text


def test_a_guarded_toolset_gives_every_attempt_the_same_idempotency_key() -> None:
    """With ``Retry(idempotency_key=True)``, each tool of the toolset gets one key as its
    ``idempotency_key`` argument, the same on the attempt after a rate limit."""
    keys: list[str] = []

    def assign(ctx: RunContext[None], amount: int, idempotency_key: str = "") -> Any:
        keys.append(idempotency_key)
        return configure_error("RATE_LIMITED", retryAfter=0) if len(keys) == 1 else {"ok": 1}

    retry = Retry(idempotency_key=True, sleep=lambda _: None)
    toolset = GuardedToolset(FunctionToolset([assign]), retry=retry)
    agent = Agent(_script(("assign", {"amount": 1})), toolsets=[toolset])
    run_pydantic_ai(agent, "run", "Assign it.")
    assert len(keys) == 2 and keys[0] == keys[1] != ""
