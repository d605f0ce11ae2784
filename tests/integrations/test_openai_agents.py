"""The openai-agents adapter, offline, with the SDK's own ScriptedModel: the five
scenarios every adapter must pass."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

pytest.importorskip("agents")

from agents import Agent, RunContextWrapper, Runner, function_tool
from agents.exceptions import AgentsException
from agents.testing.model import ScriptedModel, assistant_message, function_call

import toolerrors
from toolerrors.configure import ConfigureError
from toolerrors.integrations.openai_agents import Refused, failure_error_function, guard
from toolerrors.retry import Retry, RetryPolicy, stable_key
from toolerrors.testing import configure_error, not_done_yet, refused

from ._scenarios import KEYED, Server


def _run(agent: Any, given: Any) -> Any:
    """Runner.run in a loop of its own (run_sync leaves a shut-down loop behind)."""
    return asyncio.run(Runner.run(agent, given))


def _tool(fn: Any, **options: Any) -> Any:
    return function_tool(
        fn,
        needs_approval=fn.needs_approval,
        failure_error_function=failure_error_function,
        timeout_error_function=failure_error_function,
        **options,
    )


def _outputs(result: Any) -> list[str]:
    return [str(item.output) for item in result.new_items if item.type == "tool_call_output_item"]


@pytest.mark.parametrize(("approve", "charges"), [(True, 1), (False, 0)])
def test_a_held_call_pauses_when_made_again_and_runs_once_after_yes(
    approve: bool, charges: int
) -> None:
    """The check holds the call: the model is told to ask; the same call made again is an
    interruption, and it runs once after approval, never after a rejection."""
    charged: list[int] = []
    approved: list[bool] = []

    @guard()
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        if not approved:
            return not_done_yet("Ana")
        charged.append(amount)
        return {"paid": amount}

    model = ScriptedModel(
        [
            [function_call("pay", {"amount": 5}, call_id="c1")],
            [function_call("pay", {"amount": 5}, call_id="c2")],
            [assistant_message("All done.")],
        ]
    )
    agent = Agent(name="payer", model=model, tools=[_tool(pay)])
    first = _run(agent, "Pay Bo 5.")
    assert _outputs(first)[0].splitlines()[:2] == [
        "Tool call failed: approval_required.",
        "What to do: ask_owner: Ask in your reply, saying what you would do. Once they say yes, do it again.",
    ]
    (interruption,) = first.interruptions
    assert charged == []
    state = first.to_state()
    if approve:
        approved.append(True)
        state.approve(interruption)
    else:
        state.reject(interruption)
    second = _run(agent, state)
    assert charged == [5] * charges
    assert second.final_output == "All done."


def test_refusal_ends_the_run_and_no_other_tool_is_tried() -> None:
    """A refusal raises Refused out of the run."""
    other: list[int] = []

    @guard()
    def send(to: str) -> dict[str, Any]:
        """Send a card number."""
        return refused("Ana")

    def send_another_way(to: str) -> str:
        """Another way."""
        other.append(1)
        return "sent"

    model = ScriptedModel(
        [
            [function_call("send", {"to": "x"}, call_id="c1")],
            [function_call("send_another_way", {"to": "x"}, call_id="c2")],
            [assistant_message("All done.")],
        ]
    )
    agent = Agent(name="sender", model=model, tools=[_tool(send), function_tool(send_another_way)])
    with pytest.raises(AgentsException) as caught:
        _run(agent, "Send Bo my card.")
    assert isinstance(caught.value.__cause__, Refused)
    stopped = toolerrors.from_exception(caught.value)  # read through the SDK's wrapper
    assert (stopped.kind.value, stopped.owner) == ("refused", "Ana")
    assert other == []


def test_rate_limit_waits_and_tries_once_more() -> None:
    """A rate limit gets one more attempt after the server's wait."""
    waits: list[float] = []
    calls: list[int] = []

    @guard(Retry(RetryPolicy(attempts=5), sleep=waits.append))
    def search(query: str) -> dict[str, Any]:
        """Search."""
        calls.append(1)
        return configure_error("RATE_LIMITED", retryAfter=2)

    model = ScriptedModel(
        [[function_call("search", {"query": "q"}, call_id="c1")], [assistant_message("Done.")]]
    )
    result = _run(Agent(name="s", model=model, tools=[_tool(search)]), "Search.")
    assert (len(calls), waits) == (2, [2])
    assert _outputs(result)[0].startswith("Tool call failed: rate_limited.")


@pytest.mark.parametrize("how", ["configure-timeout", "httpx-read-timeout", "sdk-tool-timeout"])
def test_a_timeout_after_charging_charges_once_and_says_check_first(how: str) -> None:
    """One charge, and the model is told to check first, whichever way the call timed out."""
    httpx = pytest.importorskip("httpx")
    charged: list[int] = []

    @guard(Retry(RetryPolicy(attempts=5), sleep=lambda _: None))
    async def pay(amount: int) -> str:
        """Pay an amount."""
        charged.append(amount)
        if how == "configure-timeout":
            raise ConfigureError("The request timed out.", code="TIMEOUT")
        if how == "httpx-read-timeout":
            raise httpx.ReadTimeout("timed out")
        await asyncio.sleep(5)  # the charge went through; the SDK's timeout cancels the rest
        return "paid"

    model = ScriptedModel(
        [[function_call("pay", {"amount": 5}, call_id="c1")], [assistant_message("Done.")]]
    )
    tool = _tool(pay, timeout=0.05) if how == "sdk-tool-timeout" else _tool(pay)
    started = time.monotonic()
    result = _run(Agent(name="p", model=model, tools=[tool]), "Pay.")
    assert time.monotonic() - started < 4
    assert charged == [5]
    assert _outputs(result)[0].splitlines()[1] == (
        "What to do: check_first: Check whether it happened before you run it again."
    )


def test_a_bug_is_not_retried_and_shows_no_detail() -> None:
    """A plain bug runs once and the model sees none of its text."""
    calls: list[int] = []

    @guard(Retry(RetryPolicy(attempts=5, idempotent=True)))
    def lookup(key: str) -> str:
        """Look up."""
        calls.append(1)
        return {"a": 1}["postgres://admin:hunter2@db"]

    model = ScriptedModel(
        [[function_call("lookup", {"key": "k"}, call_id="c1")], [assistant_message("Done.")]]
    )
    result = _run(Agent(name="l", model=model, tools=[_tool(lookup)]), "Look up.")
    assert calls == [1]
    (output,) = _outputs(result)
    assert "hunter2" not in output and output.splitlines()[0] == "Tool call failed: internal."


def test_the_run_wide_formatter_gives_model_text() -> None:
    """RunConfig(tool_error_formatter=...) shows model_text for a tool's exception, with
    nothing from a bug's text, and a refusal for an owner's rejection."""
    from agents import RunConfig

    from toolerrors.integrations.openai_agents import tool_error_formatter

    def lookup(key: str) -> str:
        """Look up."""
        return {"a": 1}["postgres://admin:hunter2@db"]

    model = ScriptedModel(
        [[function_call("lookup", {"key": "k"}, call_id="c1")], [assistant_message("Done.")]]
    )
    agent = Agent(name="l", model=model, tools=[function_tool(lookup)])
    result = asyncio.run(
        Runner.run(
            agent, "Look up.", run_config=RunConfig(tool_error_formatter=tool_error_formatter)
        )
    )
    (output,) = _outputs(result)
    assert output.splitlines()[0] == "Tool call failed: internal." and "hunter2" not in output


def test_held_calls_belong_to_their_run() -> None:
    """A call the check held in one run does not pause the same call in another run (for
    another user, say): the held calls live on the run's context, not in the process."""
    charged: list[int] = []

    @guard()
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        return not_done_yet("Ana")  # the check always holds it

    def agent() -> Agent[Any]:
        model = ScriptedModel(
            [[function_call("pay", {"amount": 5}, call_id="c1")], [assistant_message("Asked.")]]
        )
        return Agent(name="payer", model=model, tools=[_tool(pay)])

    first = _run(agent(), "Pay Bo 5.")
    second = _run(agent(), "Pay Bo 5.")  # a fresh run: told to ask, not paused at once
    for result in (first, second):
        assert result.interruptions == []
        assert _outputs(result)[0].startswith("Tool call failed: approval_required.")
    assert charged == []


def _payer(turns: list[list[Any]], charged: list[int], approved: list[bool]) -> Agent[Any]:
    """An agent whose ``pay`` the check holds until ``approved`` has a yes in it."""

    @guard()
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        if not approved:
            return not_done_yet("Ana")
        charged.append(amount)
        return {"paid": amount}

    return Agent(name="payer", model=ScriptedModel(turns), tools=[_tool(pay)])


TWO_TURNS = [
    [function_call("pay", {"amount": 5}, call_id="c1")],
    [assistant_message("Ana must say yes first. Shall I?")],
    [function_call("pay", {"amount": 5}, call_id="c2")],
    [assistant_message("Paid.")],
]


@pytest.mark.parametrize("memory", ["to_input_list", "session"])
def test_a_call_held_in_one_turn_pauses_in_the_next_turn_of_the_conversation(
    memory: str,
) -> None:
    """The usual next turn after "ask the owner first" is a new run, given the previous
    turn's items (``to_input_list()``) or the same ``Session``: the same call made in it
    pauses as an interruption, and runs once after the owner's yes."""
    from agents import SQLiteSession

    charged: list[int] = []
    approved: list[bool] = []
    agent = _payer(TWO_TURNS, charged, approved)
    session = SQLiteSession("conversation-1") if memory == "session" else None
    first = asyncio.run(Runner.run(agent, "Pay Bo 5.", session=session))
    assert (first.interruptions, first.final_output) == ([], "Ana must say yes first. Shall I?")
    yes = {"role": "user", "content": "Yes, send it."}
    given: Any = [yes] if session is not None else [*first.to_input_list(), yes]
    second = asyncio.run(Runner.run(agent, given, session=session))
    (interruption,) = second.interruptions
    assert (interruption.name, interruption.arguments, charged) == ("pay", '{"amount":5}', [])
    state = second.to_state()
    approved.append(True)
    state.approve(interruption)
    third = asyncio.run(Runner.run(agent, state, session=session))
    assert (charged, third.final_output) == ([5], "Paid.")
    if session is not None:
        session.close()  # Python 3.13 warns of an SQLite connection left open


def test_a_call_held_in_one_conversation_never_pauses_another() -> None:
    """Another conversation (another session, or input without the held call), with the
    same arguments, is told to ask the owner, not paused by the first one's hold."""
    from agents import SQLiteSession

    charged: list[int] = []
    turns = [
        [function_call("pay", {"amount": 5}, call_id="c1")],
        [assistant_message("Ana must say yes first.")],
    ]
    ana, bo = SQLiteSession("ana"), SQLiteSession("bo")
    held = asyncio.run(Runner.run(_payer(turns, charged, []), "Pay Bo 5.", session=ana))
    assert _outputs(held)[0].startswith("Tool call failed: approval_required.")
    for session, given in [(bo, "Yes, send it."), (None, "Pay Bo 5.")]:
        other = asyncio.run(Runner.run(_payer(turns, charged, []), given, session=session))
        assert other.interruptions == []
        assert _outputs(other)[0].startswith("Tool call failed: approval_required.")
    assert charged == []
    ana.close()  # Python 3.13 warns of an SQLite connection left open
    bo.close()


def test_a_call_that_ran_after_its_hold_is_held_no_more() -> None:
    """Once the held call has run, the same call later in the conversation is a new
    call: it is not paused by the old hold."""
    charged: list[int] = []
    approved = [True]
    pay_again = [
        [function_call("pay", {"amount": 5}, call_id="c3")],
        [assistant_message("Paid again.")],
    ]
    earlier = [
        {"type": "function_call", "name": "pay", "arguments": '{"amount":5}', "call_id": "c1"},
        {
            "type": "function_call_output",
            "call_id": "c1",
            "output": "Tool call failed: approval_required.\nWhat to do: ask_owner: ...",
        },
        {"type": "function_call", "name": "pay", "arguments": '{"amount": 5}', "call_id": "c2"},
        {"type": "function_call_output", "call_id": "c2", "output": "{'paid': 5}"},
        {"role": "user", "content": "Pay it again."},
    ]
    result = _run(_payer(pay_again, charged, approved), earlier)
    assert (result.interruptions, charged) == ([], [5])
    held = _run(_payer(pay_again, [], approved), earlier[:2] + earlier[-1:])
    assert [item.name for item in held.interruptions] == ["pay"]


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


def test_openai_agents_guard_keys_a_call_by_its_tool_context_s_id() -> None:
    """``guard`` on a tool that takes the SDK's ``ToolContext`` keys the call by the
    model's ``call_id`` and the arguments by name; the tool, whose schema the model sees,
    takes no key argument and reads it with ``current_key()``."""
    server = Server()

    @guard(KEYED)
    def pay(ctx: RunContextWrapper[Any], amount: int) -> Any:
        """Pay an amount."""
        return server.pay(amount, time_out=len(server.keys) == 0)

    model = ScriptedModel(
        [[function_call("pay", {"amount": 5}, call_id="c-5")], [assistant_message("Paid.")]]
    )
    agent = Agent("a", model=model, tools=[function_tool(pay, needs_approval=pay.needs_approval)])
    asyncio.run(Runner.run(agent, "Pay."))
    assert server.keys == [stable_key("c-5", {"amount": 5})] * 2
    assert server.charged == [5]
