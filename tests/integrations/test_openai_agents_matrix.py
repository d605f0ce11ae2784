"""The openai-agents adapter across the ways a user wires it: ``guard`` with
``function_tool`` on each tool or ``guarded_tools`` for all, sync and async tools, through
``Runner.run`` and ``Runner.run_sync``; each run asserts the exact number of side effects
and what the model saw.  (The SDK has no tool retry layer of its own.)"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("agents")

from agents import Agent, Runner, function_tool
from agents.exceptions import AgentsException
from agents.testing.model import ScriptedModel, assistant_message, function_call

from toolerrors.integrations.openai_agents import (
    Refused,
    failure_error_function,
    guard,
    guarded_tools,
)
from toolerrors.retry import Retry, RetryPolicy

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

CELLS = [
    (wiring, kind, entry)
    for wiring in ("guard", "guarded_tools")
    for kind in ("sync", "async")
    for entry in ("run", "run_sync")
]
IDS = [f"{wiring}-{kind}-tool-{entry}" for wiring, kind, entry in CELLS]


def _tool(
    name: str, body: Callable[[int], Any], kind: str, wiring: str, retry: Retry = FAST
) -> Any:
    """``body(amount)`` as a sync or async tool, guarded by hand or by `guarded_tools`."""
    fn = function(name, body, kind)
    if wiring == "guarded_tools":
        (tool,) = guarded_tools(fn, retry=retry)
        return tool
    guarded = guard(retry)(fn)
    assert asyncio.iscoroutinefunction(guarded) is (kind == "async")
    return function_tool(
        guarded,
        needs_approval=guarded.needs_approval,
        failure_error_function=failure_error_function,
        timeout_error_function=failure_error_function,
    )


def _run(agent: Any, entry: str, given: Any) -> Any:
    if entry == "run":
        return asyncio.run(Runner.run(agent, given))
    loop = asyncio.new_event_loop()  # run_sync leaves the loop it uses behind: close it
    asyncio.set_event_loop(loop)
    try:
        return Runner.run_sync(agent, given)
    finally:
        asyncio.set_event_loop(None)
        loop.close()


def _model(*names: str) -> ScriptedModel:
    turns: list[Any] = [
        [function_call(name, {"amount": 5}, call_id=f"c{i}")] for i, name in enumerate(names)
    ]
    return ScriptedModel([*turns, [assistant_message("All done.")]])


def _outputs(result: Any) -> list[str]:
    return [str(item.output) for item in result.new_items if item.type == "tool_call_output_item"]


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_payment_that_timed_out_is_charged_once(wiring: str, kind: str, entry: str) -> None:
    """Once, and the model is told to check first."""
    charged: list[int] = []
    body = timed_out_after_charging(charged)
    agent = Agent(name="p", model=_model("pay"), tools=[_tool("pay", body, kind, wiring)])
    (output,) = _outputs(_run(agent, entry, "Pay."))
    assert charged == [5]
    assert output.splitlines()[2] == CHECK_FIRST


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_refusal_ends_the_run(wiring: str, kind: str, entry: str) -> None:
    """``Refused`` out of the run (as the SDK's error's cause); no other tool is tried."""
    other: list[int] = []
    tools = [
        _tool("send", refusing, kind, wiring),
        _tool("other", other.append, kind, wiring),
    ]
    agent = Agent(name="s", model=_model("send", "other"), tools=tools)
    with pytest.raises(AgentsException) as raised:
        _run(agent, entry, "Send it.")
    assert isinstance(raised.value.__cause__, Refused)
    assert other == []


@pytest.mark.parametrize(("approve", "charges"), [(True, 1), (False, 0)])
@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_held_call_pauses_when_made_again_and_runs_once_after_yes(
    wiring: str, kind: str, entry: str, approve: bool, charges: int
) -> None:
    """Told to ask first; the same call made again pauses; approved it runs once."""
    charged: list[int] = []
    approved: list[bool] = []
    body = held_until_approved(approved, charged)
    agent = Agent(name="p", model=_model("pay", "pay"), tools=[_tool("pay", body, kind, wiring)])
    first = _run(agent, entry, "Pay.")
    (interruption,) = first.interruptions
    state = first.to_state()
    if approve:
        approved.append(True)
        state.approve(interruption)
    else:
        state.reject(interruption)
    _run(agent, entry, state)
    assert charged == [5] * charges


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_rate_limit_waits_and_tries_once_more(wiring: str, kind: str, entry: str) -> None:
    """Two calls in all, with the server's wait between them."""
    calls: list[int] = []
    waits: list[float] = []
    body = rate_limited(calls)
    retry = Retry(RetryPolicy(attempts=5), sleep=waits.append)
    agent = Agent(
        name="s", model=_model("search"), tools=[_tool("search", body, kind, wiring, retry)]
    )
    (output,) = _outputs(_run(agent, entry, "Search."))
    assert (len(calls), waits) == (2, [2])
    assert output.splitlines()[:3] == retried(2)


@pytest.mark.parametrize(("wiring", "kind", "entry"), CELLS, ids=IDS)
def test_a_bug_is_not_retried_and_shows_no_detail(wiring: str, kind: str, entry: str) -> None:
    """Once, and the model does not see the bug's text."""
    calls: list[int] = []
    body = buggy(calls)
    retry = Retry(RetryPolicy(attempts=5, idempotent=True))
    agent = Agent(
        name="l", model=_model("lookup"), tools=[_tool("lookup", body, kind, wiring, retry)]
    )
    (output,) = _outputs(_run(agent, entry, "Look up."))
    assert calls == [5] and SECRET not in output
