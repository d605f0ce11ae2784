"""The LangGraph adapter across the ways a user wires it: ``guard`` on each tool or one
``tool_node`` for all, sync and ``async def`` tools, the graph's ``invoke`` and
``ainvoke``, and inside a node ``RetryPolicy``; each run asserts the exact number of side
effects and what the model saw.  (An ``async def`` tool has no sync entry point in
LangGraph's ``ToolNode``.)"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Annotated, Any

import pytest

pytest.importorskip("langgraph")

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_core.tools import StructuredTool, ToolException
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.prebuilt import ToolNode
from langgraph.types import Command
from langgraph.types import RetryPolicy as NodeRetryPolicy
from typing_extensions import TypedDict

from toolerrors import parse
from toolerrors.configure import ConfigureError
from toolerrors.integrations.langgraph import guard, handle_tool_errors, stop_on_refusal, tool_node
from toolerrors.retry import Retry, RetryPolicy
from toolerrors.testing import refused

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
    timed_out_after_charging,
)

if TYPE_CHECKING:
    from collections.abc import Callable

CONFIG = {"configurable": {"thread_id": "t"}}
ASK = {"messages": [HumanMessage("Pay the invoice.")]}
DONE = AIMessage("All done.")
CELLS = [
    (wiring, kind, entry)
    for wiring in ("guard", "tool_node")
    for kind, entry in (("sync", "invoke"), ("sync", "ainvoke"), ("async", "ainvoke"))
]
IDS = [f"{wiring}-{kind}-tool-{entry}" for wiring, kind, entry in CELLS]


class State(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]


def _call(name: str, **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": f"call-{name}"}])


def _tool(
    name: str,
    body: Callable[..., Any],
    kind: str,
    wiring: str,
    retry: Retry = FAST,
    **options: Any,
) -> StructuredTool:
    """``body(amount)`` as a sync or ``async def`` tool, guarded unless `tool_node` will
    make it safe; ``options`` for ``StructuredTool``."""
    wrap = guard(retry) if wiring == "guard" else (lambda fn: fn)
    guarded = wrap(function(name, body, kind))
    if kind == "sync":
        return StructuredTool.from_function(guarded, name=name, description=name, **options)
    assert asyncio.iscoroutinefunction(guarded)  # still a coroutine function
    return StructuredTool.from_function(coroutine=guarded, name=name, description=name, **options)


def _graph(
    tools: list[Any],
    script: list[AIMessage],
    wiring: str,
    retry: Retry = FAST,
    *,
    options: dict[str, Any] | None = None,
    **node: Any,
) -> Any:
    model = GenericFakeChatModel(messages=iter(script))

    def agent(state: State) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    def after_agent(state: State) -> str:
        return "tools" if state["messages"][-1].tool_calls else END  # type: ignore[union-attr]

    builder = StateGraph(State)
    builder.add_node("agent", agent)
    if wiring == "guard":
        tools_node = ToolNode(tools, handle_tool_errors=handle_tool_errors)
    else:
        tools_node = tool_node(tools, retry, **(options or {}))
    builder.add_node("tools", tools_node, **node)
    builder.add_edge(START, "agent")
    builder.add_conditional_edges("agent", after_agent)
    builder.add_conditional_edges("tools", stop_on_refusal("agent"))
    return builder.compile(checkpointer=InMemorySaver())


def _run(graph: Any, entry: str, given: Any) -> dict[str, Any]:
    if entry == "invoke":
        return graph.invoke(given, CONFIG)  # type: ignore[no-any-return]
    return asyncio.run(graph.ainvoke(given, CONFIG))  # type: ignore[no-any-return]


def _errors(result: dict[str, Any]) -> list[str]:
    return [
        str(m.content)
        for m in result["messages"]
        if isinstance(m, ToolMessage) and m.status == "error"
    ]


@pytest.mark.parametrize("node_retry", [False, True], ids=["alone", "inside-node-retry-policy"])
@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_payment_that_timed_out_is_charged_once(
    wiring: str, kind: str, entry: str, node_retry: bool
) -> None:
    """Not re-run by ``guard``, nor by a node ``RetryPolicy`` around the tools node (the
    error becomes a message, so the node does not fail); the model is told to check first."""
    charged: list[int] = []
    node = {"retry_policy": NodeRetryPolicy(max_attempts=3)} if node_retry else {}
    graph = _graph(
        [_tool("pay", timed_out_after_charging(charged), kind, wiring)], [_call("pay", amount=5), DONE], wiring,
        **node,
    )  # fmt: skip
    result = _run(graph, entry, ASK)
    assert charged == [5]
    (text,) = _errors(result)
    assert text.splitlines()[2] == CHECK_FIRST


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_refusal_ends_the_run(wiring: str, kind: str, entry: str) -> None:
    """The refusal is the last message; no other tool is tried."""
    other: list[int] = []
    graph = _graph(
        [_tool("send", refusing, kind, wiring),
         _tool("other", other.append, kind, wiring)],
        [_call("send", amount=1), _call("other", amount=1), DONE],
        wiring,
    )  # fmt: skip
    result = _run(graph, entry, ASK)
    (text,) = _errors(result)
    assert text.startswith("Tool call failed: refused.")
    assert isinstance(result["messages"][-1], ToolMessage) and other == []


@pytest.mark.parametrize(("answer", "charges"), [("yes", 1), ("no", 0)])
@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_an_approval_pauses_and_runs_once_after_yes(
    wiring: str, kind: str, entry: str, answer: str, charges: int
) -> None:
    """The graph pauses; resumed, LangGraph runs the tool again from its start, so the
    check decides: told yes, the call runs once; still holding it, "no" refuses it."""
    approved: list[bool] = []
    charged: list[int] = []
    body = held_until_approved(approved, charged)
    graph = _graph([_tool("pay", body, kind, wiring)], [_call("pay", amount=5), DONE], wiring)
    paused = _run(graph, entry, ASK)
    assert paused["__interrupt__"][0].value["approval"]["owner"] == "Ana"
    if answer == "yes":
        approved.append(True)  # the app tells the check the owner's yes
    result = _run(graph, entry, Command(resume=answer))
    assert charged == [5] * charges
    if answer == "no":
        assert _errors(result)[0].startswith("Tool call failed: refused.")


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_rate_limit_waits_and_tries_once_more(wiring: str, kind: str, entry: str) -> None:
    """Two calls in all, with the server's wait between them."""
    calls: list[int] = []
    waits: list[float] = []
    body = rate_limited(calls, 3)
    retry = Retry(RetryPolicy(attempts=5), sleep=waits.append)
    graph = _graph(
        [_tool("search", body, kind, wiring, retry)], [_call("search", amount=1), DONE], wiring,
        retry,
    )  # fmt: skip
    result = _run(graph, entry, ASK)
    assert (len(calls), waits) == (2, [3])
    assert _errors(result)[0].splitlines()[:3] == retried(3)


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_bug_is_not_retried_and_shows_no_detail(wiring: str, kind: str, entry: str) -> None:
    """Once, and the model does not see the bug's text."""
    calls: list[int] = []
    body = buggy(calls)
    retry = Retry(RetryPolicy(attempts=5, idempotent=True))
    graph = _graph(
        [_tool("lookup", body, kind, wiring, retry)], [_call("lookup", amount=1), DONE], wiring,
        retry,
    )  # fmt: skip
    (text,) = _errors(_run(graph, entry, ASK))
    assert calls == [1] and SECRET not in text


TOOL_NODE_CELLS = [cell[1:] for cell in CELLS if cell[0] == "tool_node"]
TOOL_NODE_IDS = [f"{kind}-tool-{entry}" for kind, entry in TOOL_NODE_CELLS]
LANGGRAPH_S_HANDLING = [True, "The tool failed.", repr, ConfigureError]


@pytest.mark.parametrize("handling", LANGGRAPH_S_HANDLING, ids=["True", "text", "fn", "type"])
@pytest.mark.parametrize(("kind", "entry"), TOOL_NODE_CELLS, ids=TOOL_NODE_IDS)
def test_tool_node_takes_over_handle_tool_errors(kind: str, entry: str, handling: Any) -> None:
    """``tool_node(tools, handle_tool_errors=...)``: LangGraph's own handling would catch
    the tool's exception inside the adapter; the adapter gets it instead, so a raised
    refusal ends the run and a payment that timed out is charged once, told to check."""
    charged: list[int] = []
    other: list[int] = []

    def refuse(amount: int) -> Any:
        raise parse(refused("Ana")).exception()

    options = {"handle_tool_errors": handling}
    graph = _graph(
        [_tool("pay", timed_out_after_charging(charged), kind, "tool_node"),
         _tool("send", refuse, kind, "tool_node"), _tool("other", other.append, kind, "tool_node")],
        [_call("pay", amount=5), _call("send", amount=1), _call("other", amount=1), DONE],
        "tool_node", options=options,
    )  # fmt: skip
    result = _run(graph, entry, ASK)
    timed_out, refusal = _errors(result)
    assert charged == [5]
    assert timed_out.splitlines()[2] == CHECK_FIRST
    assert refusal.startswith("Tool call failed: refused.")
    assert isinstance(result["messages"][-1], ToolMessage) and other == []


@pytest.mark.parametrize(("kind", "entry"), TOOL_NODE_CELLS, ids=TOOL_NODE_IDS)
def test_tool_node_reads_an_error_message_made_inside_as_the_failure_it_is(
    kind: str, entry: str
) -> None:
    """A tool's own ``handle_tool_error`` answers with an error ``ToolMessage``: a refusal
    in it ends the run, and words no source knows are a failure of kind ``unknown``,
    retry advice not known, that is not run again."""
    calls: list[int] = []
    other: list[int] = []

    def decline(amount: int) -> Any:
        calls.append(amount)
        raise ToolException("The card was declined.")

    def refuse(amount: int) -> Any:
        raise ToolException(json.dumps(refused("Ana")))

    retry = Retry(RetryPolicy(attempts=5, idempotent=True), sleep=lambda _: None)
    graph = _graph(
        [_tool("pay", decline, kind, "tool_node", handle_tool_error=True),
         _tool("send", refuse, kind, "tool_node", handle_tool_error=True),
         _tool("other", other.append, kind, "tool_node")],
        [_call("pay", amount=5), _call("send", amount=1), _call("other", amount=1), DONE],
        "tool_node", retry,
    )  # fmt: skip
    result = _run(graph, entry, ASK)
    declined, refusal = (m for m in result["messages"] if isinstance(m, ToolMessage))
    assert calls == [5]
    assert (declined.status, declined.artifact["kind"], declined.artifact["retryable"]) == (
        "error", "unknown", None,
    )  # fmt: skip
    assert str(declined.content).endswith('"The card was declined."')
    assert (refusal.artifact["kind"], refusal.artifact["owner"]) == ("refused", "Ana")
    assert result["messages"][-1] is refusal and other == []
