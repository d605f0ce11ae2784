"""The LangGraph adapter, offline, in a real graph with LangChain's fake chat model: the
five scenarios every adapter must pass."""

from __future__ import annotations

import operator
from typing import Annotated, Any

import pytest

pytest.importorskip("langgraph")

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.prebuilt import ToolNode
from langgraph.types import Command
from langgraph.types import RetryPolicy as NodeRetryPolicy
from typing_extensions import TypedDict

import toolerrors
from toolerrors.integrations.langgraph import guard, handle_tool_errors, retry_on, stop_on_refusal
from toolerrors.retry import Retry, RetryPolicy
from toolerrors.testing import configure_error, not_done_yet, refused

DONE = AIMessage("All done.")


class State(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]
    runs: Annotated[int, operator.add]


def _call(name: str, call_id: str = "call-1", **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])


def _graph(tools: list[Any], script: list[AIMessage], **node: Any) -> Any:
    """agent -> tools -> (stop_on_refusal) -> agent, with a scripted fake model."""
    model = GenericFakeChatModel(messages=iter(script))

    def agent(state: State) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    def after_agent(state: State) -> str:
        return "tools" if state["messages"][-1].tool_calls else END  # type: ignore[union-attr]

    builder = StateGraph(State)
    builder.add_node("agent", agent)
    builder.add_node("tools", ToolNode(tools, handle_tool_errors=handle_tool_errors), **node)
    builder.add_edge(START, "agent")
    builder.add_conditional_edges("agent", after_agent)
    builder.add_conditional_edges("tools", stop_on_refusal("agent"))
    return builder.compile(checkpointer=InMemorySaver())


def _tool_messages(result: dict[str, Any]) -> list[ToolMessage]:
    return [m for m in result["messages"] if isinstance(m, ToolMessage)]


CONFIG = {"configurable": {"thread_id": "t"}}
START_INPUT = {"messages": [HumanMessage("Pay the invoice.")], "runs": 0}


@pytest.mark.parametrize(("answer", "charges"), [("yes", 1), ("no", 0)])
def test_approval_pauses_and_runs_once_after_yes(answer: str, charges: int) -> None:
    """not_done_yet pauses the run with interrupt(); yes runs the call exactly once, no never."""
    approved: list[bool] = []
    charged: list[int] = []

    @tool
    @guard()
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        if not approved:
            return not_done_yet("Ana")  # the check holds it: nothing ran
        charged.append(amount)
        return {"paid": amount}

    graph = _graph([pay], [_call("pay", amount=5), DONE])
    paused = graph.invoke(START_INPUT, CONFIG)
    (pending,) = paused["__interrupt__"]
    assert pending.value["approval"]["kind"] == "approval_required"
    assert pending.value["approval"]["owner"] == "Ana"
    assert charged == []
    if answer == "yes":
        approved.append(True)  # the owner's yes reaches the check
    result = graph.invoke(Command(resume=answer), CONFIG)
    assert charged == [5] * charges
    (message,) = _tool_messages(result)
    if answer == "yes":
        assert message.status == "success" and "paid" in str(message.content)
        assert result["messages"][-1] == DONE
    else:
        assert message.status == "error"
        assert str(message.content).startswith("Tool call failed: refused.")


def test_refusal_stops_the_run_and_no_other_tool_is_tried() -> None:
    """refused ends the run: the model is not asked again, and the next tool never runs."""
    other: list[int] = []

    @tool
    @guard()
    def send(to: str) -> dict[str, Any]:
        """Send a card number."""
        return refused("Ana")

    @tool
    def send_another_way(to: str) -> str:
        """Another way."""
        other.append(1)
        return "sent"

    graph = _graph(
        [send, send_another_way], [_call("send", to="x"), _call("send_another_way", to="x"), DONE]
    )
    result = graph.invoke(START_INPUT, CONFIG)
    (message,) = _tool_messages(result)
    assert message.status == "error"
    assert message.content.splitlines()[:3] == [  # type: ignore[union-attr]
        "Tool call failed: refused.",
        "What to do: stop: Tell the owner, and don't try another way.",
        "Do not try again, and do not try another way.",
    ]
    assert isinstance(result["messages"][-1], ToolMessage)  # the run ended there
    assert other == []


def test_rate_limit_waits_and_tries_once_more() -> None:
    """A rate limit gets one more attempt after the wait, inside the tool call."""
    waits: list[float] = []
    calls: list[int] = []

    @tool
    @guard(Retry(RetryPolicy(attempts=5), sleep=waits.append))
    def search(query: str) -> dict[str, Any]:
        """Search."""
        calls.append(1)
        if len(calls) == 1:
            raise toolerrors.from_http(429, {"Retry-After": "2"}).exception()
        return {"hits": 3}

    graph = _graph([search], [_call("search", query="q"), DONE])
    result = graph.invoke(START_INPUT, CONFIG)
    assert (len(calls), waits) == (2, [2.0])
    (message,) = _tool_messages(result)
    assert message.status == "success"


@pytest.mark.parametrize("how", ["configure-timeout", "httpx-read-timeout"])
def test_a_timeout_after_charging_charges_once_and_says_check_first(how: str) -> None:
    """Even under a RetryPolicy with retry_on, a timeout after the charge is not re-run."""
    httpx = pytest.importorskip("httpx")
    charged: list[int] = []

    @tool
    @guard()
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        charged.append(amount)  # the charge went through; then the call timed out
        if how == "configure-timeout":
            return configure_error("TIMEOUT")
        raise httpx.ReadTimeout("timed out")

    graph = _graph(
        [pay], [_call("pay", amount=5), DONE], retry_policy=NodeRetryPolicy(retry_on=retry_on)
    )
    result = graph.invoke(START_INPUT, CONFIG)
    assert charged == [5]
    (message,) = _tool_messages(result)
    assert message.status == "error"
    assert message.content.splitlines()[1] == (  # type: ignore[union-attr]
        "What to do: check_first: Check whether it happened before you run it again."
    )


def test_a_bug_is_not_retried_and_shows_no_detail() -> None:
    """A plain bug runs once, and the model sees none of its text."""
    calls: list[int] = []

    @tool
    @guard(Retry(RetryPolicy(attempts=5, idempotent=True)))
    def lookup(key: str) -> str:
        """Look up."""
        calls.append(1)
        return {"a": 1}["postgres://admin:hunter2@db"]  # KeyError, with a secret in it

    graph = _graph(
        [lookup], [_call("lookup", key="k"), DONE], retry_policy=NodeRetryPolicy(retry_on=retry_on)
    )
    result = graph.invoke(START_INPUT, CONFIG)
    assert calls == [1]
    (message,) = _tool_messages(result)
    assert message.status == "error" and "hunter2" not in str(message.content)
    assert str(message.content).splitlines()[0] == "Tool call failed: internal."


def test_retry_policy_re_runs_the_whole_node_so_retry_inside_the_tool() -> None:
    """What the docs warn about: RetryPolicy re-runs every call in the node, a successful
    charge included; retry_on refuses to, and guard retries per call instead."""
    charged: list[str] = []

    @tool
    def pay(amount: int) -> str:
        """Pay."""
        charged.append("pay")
        return "paid"

    failures: list[int] = []

    @tool
    def flaky(q: str) -> str:
        """Flaky."""
        failures.append(1)
        if len(failures) == 1:
            raise ConnectionRefusedError("refused")
        return "ok"

    calls = AIMessage(
        "",
        tool_calls=[
            {"name": "pay", "args": {"amount": 5}, "id": "a"},
            {"name": "flaky", "args": {"q": "x"}, "id": "b"},
        ],
    )
    model = GenericFakeChatModel(messages=iter([calls, DONE]))

    def agent(state: State) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    builder = StateGraph(State)
    builder.add_node("agent", agent)
    builder.add_node(
        "tools",
        ToolNode([pay, flaky], handle_tool_errors=False),
        retry_policy=NodeRetryPolicy(retry_on=retry_on, initial_interval=0),
    )
    builder.add_edge(START, "agent")
    builder.add_edge("agent", "tools")
    builder.add_edge("tools", END)
    builder.compile().invoke(START_INPUT)
    assert charged == ["pay", "pay"]  # the successful charge ran twice: RetryPolicy's nature


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
