"""The LangChain adapter across the ways a user wires it: sync and async tools, the sync
(``invoke``) and async (``ainvoke``) entry points, and either side of LangChain's own
``ToolRetryMiddleware`` and ``ToolErrorMiddleware``; each run asserts the exact number of side effects and what the
model saw.  (An ``async def`` tool has no sync entry point in LangChain.)"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware, ToolErrorMiddleware, ToolRetryMiddleware
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import StructuredTool, ToolException
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from toolerrors.integrations.langchain import ToolFailureMiddleware, UnsafeWiring, retry_on
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
CELLS = [("sync", "invoke"), ("sync", "ainvoke"), ("async", "ainvoke")]
IDS = ["sync-tool-invoke", "sync-tool-ainvoke", "async-tool-ainvoke"]
LAYERS = ["alone", "inside-tool-error-middleware", "around-tool-error-middleware"]
"""Where LangChain's own ``ToolErrorMiddleware`` sits: absent, listed first (outside
ours), listed after (inside ours, answering a raised exception before ours sees it)."""
ACTION_AFTER_TIMEOUT = {
    "alone": "check_first",
    "inside-tool-error-middleware": "check_first",
    "around-tool-error-middleware": "read_message",
}
"""What a timeout after a charge is read as: inside ours, LangChain's layer answers the
exception with its ``on_error``'s words ("pay failed: ConfigureError."), which say no
more than that it failed: an unknown error, retry advice not known, never re-run."""


class ScriptedModel(GenericFakeChatModel):
    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedModel:
        return self


def _call(name: str, **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": f"call-{name}"}])


def _tool(name: str, body: Callable[..., Any], kind: str, **options: Any) -> StructuredTool:
    """A tool running ``body(amount)``, as a sync or an async function; ``options`` for
    ``StructuredTool``."""
    fn = function(name, body, kind)
    if kind == "sync":
        return StructuredTool.from_function(fn, name=name, description=name, **options)
    return StructuredTool.from_function(coroutine=fn, name=name, description=name, **options)


def _run(agent: Any, entry: str, given: Any) -> dict[str, Any]:
    if entry == "invoke":
        return agent.invoke(given, CONFIG)  # type: ignore[no-any-return]
    return asyncio.run(agent.ainvoke(given, CONFIG))  # type: ignore[no-any-return]


def _agent(tools: list[Any], script: list[AIMessage], *middleware: Any) -> Any:
    model = ScriptedModel(messages=iter(script))
    return create_agent(model, tools, middleware=list(middleware), checkpointer=InMemorySaver())


def _named(exc: Exception, request: Any) -> str:
    """An ``on_error`` for LangChain's ``ToolErrorMiddleware`` as its documentation
    advises: it answers every exception, naming its type, never its text."""
    return f"{request.tool_call['name']} failed: {type(exc).__name__}."


def _beside(layer: str, ours: ToolFailureMiddleware) -> list[AgentMiddleware]:
    """``ours`` alone, or beside LangChain's ``ToolErrorMiddleware`` in the order named."""
    if layer == "alone":
        return [ours]
    theirs = ToolErrorMiddleware(_named)
    return [theirs, ours] if layer == "inside-tool-error-middleware" else [ours, theirs]


def _errors(result: dict[str, Any]) -> list[ToolMessage]:
    return [m for m in result["messages"] if isinstance(m, ToolMessage) and m.status == "error"]


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_a_payment_that_timed_out_is_charged_once(kind: str, entry: str, layer: str) -> None:
    """The timeout after the charge is not re-run; the model is told to check first."""
    charged: list[int] = []
    agent = _agent(
        [_tool("pay", timed_out_after_charging(charged), kind)], [_call("pay", amount=5), DONE],
        *_beside(layer, ToolFailureMiddleware(FAST)),
    )  # fmt: skip
    result = _run(agent, entry, ASK)
    assert charged == [5]
    (message,) = _errors(result)
    assert message.artifact["action"] == ACTION_AFTER_TIMEOUT[layer]
    assert str(message.content).splitlines()[2] == CHECK_FIRST


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_a_refusal_ends_the_run(kind: str, entry: str, layer: str) -> None:
    """The refusal is the last message, and no other tool is tried."""
    other: list[int] = []
    agent = _agent(
        [_tool("send", refusing, kind),
         _tool("other", other.append, kind)],
        [_call("send", amount=1), _call("other", amount=1), DONE],
        *_beside(layer, ToolFailureMiddleware(FAST)),
    )  # fmt: skip
    result = _run(agent, entry, ASK)
    (message,) = _errors(result)
    assert (message.artifact["kind"], result["messages"][-1]) == ("refused", message)
    assert other == []


@pytest.mark.parametrize(("answer", "charges"), [("yes", 1), ("no", 0)])
@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_an_approval_pauses_and_runs_once_after_yes(
    kind: str, entry: str, layer: str, answer: str, charges: int
) -> None:
    """The run pauses; resumed, LangGraph runs the tool again from its start, so the
    check decides: told yes, the call runs once; still holding it, "no" refuses it."""
    approved: list[bool] = []
    charged: list[int] = []
    body = held_until_approved(approved, charged)
    agent = _agent(
        [_tool("pay", body, kind)], [_call("pay", amount=5), DONE],
        *_beside(layer, ToolFailureMiddleware(FAST)),
    )  # fmt: skip
    paused = _run(agent, entry, ASK)
    assert paused["__interrupt__"][0].value["approval"]["owner"] == "Ana"
    if answer == "yes":
        approved.append(True)  # the app tells the check the owner's yes
    result = _run(agent, entry, Command(resume=answer))
    assert charged == [5] * charges
    if answer == "no":
        assert _errors(result)[0].artifact["kind"] == "refused"


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_a_rate_limit_waits_and_tries_once_more(kind: str, entry: str, layer: str) -> None:
    """Two calls in all, with the server's wait between them."""
    calls: list[int] = []
    waits: list[float] = []
    body = rate_limited(calls, 3)
    agent = _agent(
        [_tool("search", body, kind)], [_call("search", amount=1), DONE],
        *_beside(layer, ToolFailureMiddleware(Retry(RetryPolicy(attempts=5), sleep=waits.append))),
    )  # fmt: skip
    result = _run(agent, entry, ASK)
    assert (len(calls), waits) == (2, [3])
    assert _errors(result)[0].artifact["kind"] == "rate_limited"
    assert str(_errors(result)[0].content).splitlines()[:3] == retried(3)


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_a_bug_is_not_retried_and_shows_no_detail(kind: str, entry: str, layer: str) -> None:
    """Once, and neither the model nor the artifact sees the bug's text."""
    calls: list[int] = []
    body = buggy(calls)
    agent = _agent(
        [_tool("lookup", body, kind)], [_call("lookup", amount=1), DONE],
        *_beside(layer, ToolFailureMiddleware(Retry(RetryPolicy(attempts=5, idempotent=True)))),
    )  # fmt: skip
    result = _run(agent, entry, ASK)
    (message,) = _errors(result)
    assert calls == [1] and SECRET not in str(message.content)  # the artifact is not sent


@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_an_error_message_made_inside_is_read_as_the_failure_it_is(kind: str, entry: str) -> None:
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
    agent = _agent(
        [_tool("pay", decline, kind, handle_tool_error=True),
         _tool("send", refuse, kind, handle_tool_error=True), _tool("other", other.append, kind)],
        [_call("pay", amount=5), _call("send", amount=1), _call("other", amount=1), DONE],
        ToolFailureMiddleware(retry),
    )  # fmt: skip
    result = _run(agent, entry, ASK)
    declined, refusal = _errors(result)
    assert calls == [5]
    assert (declined.artifact["kind"], declined.artifact["retryable"]) == ("unknown", None)
    assert str(declined.content).endswith('"The card was declined."')
    assert (refusal.artifact["kind"], refusal.artifact["owner"]) == ("refused", "Ana")
    assert result["messages"][-1] is refusal and other == []


def _tool_retry(**options: Any) -> ToolRetryMiddleware:
    return ToolRetryMiddleware(max_retries=3, initial_delay=0, jitter=False, **options)


@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_outside_langchain_s_retry_layer_the_payment_is_charged_once(kind: str, entry: str) -> None:
    """``[ToolRetryMiddleware(), ToolFailureMiddleware()]``: ours inside never raises, so
    LangChain's default retry has nothing to re-run."""
    charged: list[int] = []
    agent = _agent(
        [_tool("pay", timed_out_after_charging(charged), kind)], [_call("pay", amount=5), DONE],
        _tool_retry(), ToolFailureMiddleware(FAST),
    )  # fmt: skip
    result = _run(agent, entry, ASK)
    assert charged == [5]
    assert _errors(result)[0].artifact["action"] == "check_first"


@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_around_langchain_s_retry_layer_it_refuses_before_anything_runs(
    kind: str, entry: str
) -> None:
    """``[ToolFailureMiddleware(), ToolRetryMiddleware()]`` would charge 9 times: it raises
    `UnsafeWiring`, naming the fix, before the tool runs; with ``retry_on`` it is safe."""
    charged: list[int] = []
    agent = _agent(
        [_tool("pay", timed_out_after_charging(charged), kind)], [_call("pay", amount=5), DONE],
        ToolFailureMiddleware(FAST), _tool_retry(),
    )  # fmt: skip
    with pytest.raises(UnsafeWiring, match=r"list ToolFailureMiddleware after it"):
        _run(agent, entry, ASK)
    assert charged == []
    safe = _agent(
        [_tool("pay", timed_out_after_charging(charged), kind)], [_call("pay", amount=5), DONE],
        ToolFailureMiddleware(FAST), _tool_retry(retry_on=retry_on),
    )  # fmt: skip
    _run(safe, entry, ASK)
    assert charged == [5]


@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_inside_a_catch_all_error_layer_the_unsafe_wiring_is_logged_and_nothing_runs(
    kind: str, entry: str, caplog: pytest.LogCaptureFixture
) -> None:
    """LangChain's ``ToolErrorMiddleware`` listed outside, a retry layer inside: the
    catch-all turns `UnsafeWiring` into the model's message, so the fix is logged on the
    ``toolerrors`` logger; the tool never runs."""
    charged: list[int] = []
    agent = _agent(
        [_tool("pay", timed_out_after_charging(charged), kind)], [_call("pay", amount=5), DONE],
        ToolErrorMiddleware(_named), ToolFailureMiddleware(FAST), _tool_retry(),
    )  # fmt: skip
    with caplog.at_level("ERROR", logger="toolerrors"):
        result = _run(agent, entry, ASK)
    assert charged == []
    assert [m.content for m in _errors(result)] == ["pay failed: UnsafeWiring."]
    (record,) = caplog.records
    assert (record.name, record.levelname) == ("toolerrors", "ERROR")
    assert "list ToolFailureMiddleware after it" in record.getMessage()


class PaymentRetry(ToolRetryMiddleware):
    """A retry layer of the user's own, made from LangChain's."""


class Passing(AgentMiddleware):
    """A middleware that only hands each call on."""

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return handler(request)

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return await handler(request)


def _passing(count: int) -> list[AgentMiddleware]:
    """``count`` middlewares that only hand each call on, each of a class of its own
    (``create_agent`` refuses two of one class)."""
    return [type(f"Passing{number}", (Passing,), {})() for number in range(count)]


@pytest.mark.parametrize("between", [0, 12], ids=["next-to-it", "12-others-between"])
@pytest.mark.parametrize("layer", [ToolRetryMiddleware, PaymentRetry])
@pytest.mark.parametrize(("kind", "entry"), CELLS, ids=IDS)
def test_around_a_retry_layer_of_langchain_s_class_it_refuses_wherever_it_sits(
    kind: str, entry: str, layer: type[ToolRetryMiddleware], between: int
) -> None:
    """A subclass of ``ToolRetryMiddleware`` is one too, and any number of middlewares
    between the two layers hides neither: it raises `UnsafeWiring` before the tool runs."""
    charged: list[int] = []
    agent = _agent(
        [_tool("pay", timed_out_after_charging(charged), kind)], [_call("pay", amount=5), DONE],
        ToolFailureMiddleware(FAST), *_passing(between),
        layer(max_retries=3, initial_delay=0, jitter=False),
    )  # fmt: skip
    with pytest.raises(UnsafeWiring, match=r"list ToolFailureMiddleware after it"):
        _run(agent, entry, ASK)
    assert charged == []
