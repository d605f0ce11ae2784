"""The LangChain adapter, offline: create_agent with a scripted fake chat model and the
ToolFailureMiddleware, on the five scenarios every adapter must pass."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from toolerrors.configure import ConfigureError
from toolerrors.integrations.langchain import ToolFailureMiddleware
from toolerrors.retry import Retry, RetryPolicy
from toolerrors.testing import configure_error, not_done_yet, refused

DONE = AIMessage("All done.")
CONFIG = {"configurable": {"thread_id": "t"}}
ASK = {"messages": [HumanMessage("Pay the invoice.")]}


class ScriptedModel(GenericFakeChatModel):
    """LangChain's fake chat model, which create_agent can bind tools to."""

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedModel:
        return self


def _call(name: str, call_id: str = "call-1", **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])


def _agent(tools: list[Any], script: list[AIMessage], retry: Retry | None = None) -> Any:
    model = ScriptedModel(messages=iter(script))
    return create_agent(
        model, tools, middleware=[ToolFailureMiddleware(retry)], checkpointer=InMemorySaver()
    )


def _tool_messages(result: dict[str, Any]) -> list[ToolMessage]:
    return [m for m in result["messages"] if isinstance(m, ToolMessage)]


@pytest.mark.parametrize(("answer", "charges"), [("yes", 1), ("no", 0)])
def test_approval_pauses_and_runs_once_after_yes(answer: str, charges: int) -> None:
    """not_done_yet pauses the run; yes runs the call exactly once, no never."""
    approved: list[bool] = []
    charged: list[int] = []

    @tool
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        if not approved:
            return not_done_yet("Ana")
        charged.append(amount)
        return {"paid": amount}

    agent = _agent([pay], [_call("pay", amount=5), DONE])
    paused = agent.invoke(ASK, CONFIG)
    (pending,) = paused["__interrupt__"]
    assert (pending.value["approval"]["kind"], pending.value["approval"]["owner"]) == (
        "approval_required",
        "Ana",
    )
    assert charged == []
    if answer == "yes":
        approved.append(True)
    result = agent.invoke(Command(resume=answer), CONFIG)
    assert charged == [5] * charges
    (message,) = _tool_messages(result)
    if answer == "yes":
        assert message.status == "success"
        assert result["messages"][-1].content == "All done."
    else:
        assert (message.status, message.artifact["kind"]) == ("error", "refused")
        assert result["messages"][-1] is not DONE and isinstance(
            result["messages"][-1], ToolMessage
        )


def test_refusal_ends_the_run_and_no_other_tool_is_tried() -> None:
    """A refusal is the last message: the model is not asked again."""
    other: list[int] = []

    @tool
    def send(to: str) -> dict[str, Any]:
        """Send a card number."""
        return refused("Ana")

    @tool
    def send_another_way(to: str) -> str:
        """Another way."""
        other.append(1)
        return "sent"

    agent = _agent(
        [send, send_another_way], [_call("send", to="x"), _call("send_another_way", to="x"), DONE]
    )
    result = agent.invoke(ASK, CONFIG)
    (message,) = _tool_messages(result)
    assert (message.status, message.artifact["kind"], message.artifact["owner"]) == (
        "error",
        "refused",
        "Ana",
    )
    assert (
        str(message.content).splitlines()[1]
        == "What to do: stop: Tell the owner, and don't try another way."
    )
    assert result["messages"][-1] is message
    assert other == []


def test_rate_limit_waits_and_tries_once_more() -> None:
    """An in-band rate limit gets one more attempt, after the server's wait."""
    waits: list[float] = []
    calls: list[int] = []

    @tool
    def search(query: str) -> dict[str, Any]:
        """Search."""
        calls.append(1)
        if len(calls) < 3:
            return configure_error("RATE_LIMITED", retryAfter=3)
        return {"hits": 3}

    agent = _agent(
        [search],
        [_call("search", query="q"), DONE],
        Retry(RetryPolicy(attempts=5), sleep=waits.append),
    )
    result = agent.invoke(ASK, CONFIG)
    assert (len(calls), waits) == (2, [3])  # once more, not a loop
    (message,) = _tool_messages(result)
    assert (message.status, message.artifact["kind"]) == ("error", "rate_limited")


@pytest.mark.parametrize("how", ["configure-timeout", "httpx-read-timeout"])
def test_a_timeout_after_charging_charges_once_and_says_check_first(how: str) -> None:
    """A timeout after the charge is not re-run, and the model is told to check first."""
    httpx = pytest.importorskip("httpx")
    charged: list[int] = []

    @tool
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        charged.append(amount)
        if how == "configure-timeout":
            raise ConfigureError("The request timed out.", code="TIMEOUT")
        raise httpx.ReadTimeout("timed out")

    agent = _agent(
        [pay], [_call("pay", amount=5), DONE], Retry(RetryPolicy(attempts=5), sleep=lambda _: None)
    )
    result = agent.invoke(ASK, CONFIG)
    assert charged == [5]
    (message,) = _tool_messages(result)
    assert (message.status, message.artifact["action"]) == ("error", "check_first")
    assert (
        str(message.content).splitlines()[2]
        == "It may have happened: check before you run it again."
    )


def test_a_bug_is_not_retried_and_shows_no_detail() -> None:
    """A plain bug runs once, and neither the model nor the artifact shows its text."""
    calls: list[int] = []

    @tool
    def lookup(key: str) -> str:
        """Look up."""
        calls.append(1)
        return {"a": 1}["postgres://admin:hunter2@db"]

    agent = _agent(
        [lookup], [_call("lookup", key="k"), DONE], Retry(RetryPolicy(attempts=5, idempotent=True))
    )
    result = agent.invoke(ASK, CONFIG)
    assert calls == [1]
    (message,) = _tool_messages(result)
    assert message.status == "error" and "hunter2" not in str(message.content)
    assert str(message.content).splitlines()[0] == "Tool call failed: internal."


def test_retry_on_is_a_safe_predicate_for_tool_retry_middleware() -> None:
    """ToolRetryMiddleware(retry_on=retry_on) re-runs neither a timeout after a charge nor
    a refusal, which its default would retry."""
    from langchain.agents.middleware import ToolRetryMiddleware

    from toolerrors.integrations.langchain import retry_on

    charged: list[int] = []

    @tool
    def pay(amount: int) -> str:
        """Pay an amount."""
        charged.append(amount)
        raise ConfigureError("The request timed out.", code="TIMEOUT")

    model = ScriptedModel(messages=iter([_call("pay", amount=5), DONE]))
    retrying = ToolRetryMiddleware(retry_on=retry_on, max_retries=3, initial_delay=0, jitter=False)
    agent = create_agent(model, [pay], middleware=[ToolFailureMiddleware(), retrying])
    agent.invoke(ASK)
    assert charged == [5]


def test_tool_errors_middleware_is_the_old_name_of_the_same_class() -> None:
    """``ToolErrorsMiddleware``, one letter from LangChain's ``ToolErrorMiddleware``, is
    the old name of `ToolFailureMiddleware`: the same class, still importable."""
    from langchain.agents.middleware import ToolErrorMiddleware

    from toolerrors.integrations.langchain import ToolErrorsMiddleware

    assert ToolErrorsMiddleware is ToolFailureMiddleware
    assert ToolErrorMiddleware is not ToolFailureMiddleware
