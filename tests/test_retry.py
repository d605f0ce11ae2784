"""Retry advice and the retry helper, including each vendor's special cases."""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import sys
from typing import Any

import pytest

from toolerrors import (
    MAX_WAIT,
    Action,
    ErrorKind,
    ToolFailure,
    UnifiedError,
    error_of,
    from_http,
    parse,
    retry,
    retry_delay,
    should_retry,
)
from toolerrors.configure import ConfigureError
from toolerrors.retry import (
    Attempt,
    Retry,
    RetryPolicy,
    call,
    current_key,
    stable_key,
    stamina_hook,
    tenacity_retry,
    tenacity_wait,
)
from toolerrors.testing import FakeClock, FakeTool, every_payload, refused

TIMEOUT = parse({"code": "TIMEOUT", "message": "t"})
NETWORK = parse({"code": "NETWORK_ERROR", "message": "n"})
OUTCOME = parse({"error": "unknown_outcome", "message": "?"})
RATE = parse({"error": "rate_limited", "message": "slow"})
PY429 = parse(
    {"ok": False, "code": "http_429", "message": "m", "retryable": True, "how_to_fix": "h"}
)
OTP = parse({"code": "RATE_LIMITED", "message": "otp", "retryable": False, "type": "otp_blocked"})
CONF429 = parse({"code": "RATE_LIMITED", "message": "m", "retryable": True, "retryAfter": 120})
ASK = parse(
    {
        "not_done_yet": "Check with Ana first: the check couldn’t decide. Ask in your reply, saying what you would do. Once they say yes, do it again."
    }
)
REFUSED = parse(
    {
        "refused": "Not done: it would send a password, card or bank number, or an ID number. Tell Ana, and don't try another way."
    }
)


@pytest.mark.parametrize(
    ("error", "plain", "idempotent"),
    [
        (RATE, True, True),
        (PY429, True, True),
        (CONF429, True, True),
        (OTP, False, False),
        (TIMEOUT, False, True),
        (NETWORK, False, True),
        (OUTCOME, False, True),
        (ASK, False, False),
        (REFUSED, False, False),
        (parse({"error": "bad_input", "message": "m"}), False, False),
        (parse({"error": "forbidden", "message": "m"}), False, False),
        (parse({"error": "not_found", "message": "m"}), False, False),
        (
            parse(
                {
                    "ok": False,
                    "code": "insufficient_credits",
                    "message": "m",
                    "retryable": False,
                    "how_to_fix": "h",
                }
            ),
            False,
            False,
        ),
        (
            parse(
                {
                    "ok": False,
                    "code": "forbidden",
                    "message": "m",
                    "retryable": True,
                    "how_to_fix": "h",
                }
            ),
            False,
            False,
        ),
        (
            parse(
                {
                    "ok": False,
                    "code": "internal",
                    "message": "m",
                    "retryable": False,
                    "how_to_fix": "h",
                }
            ),
            False,
            False,
        ),
        (parse({"code": "SERVER_ERROR", "message": "m", "retryable": True}), True, True),
    ],
    ids=[
        "use_tool-rate",
        "pythe-429",
        "configure-429",
        "otp",
        "timeout",
        "network",
        "unknown-outcome",
        "ask",
        "refused",
        "input",
        "permission",
        "not-found",
        "payment",
        "forbidden-marked-retryable",
        "internal-not-retryable",
        "server-error",
    ],
)
def test_should_retry(error: UnifiedError, plain: bool, idempotent: bool) -> None:
    """True only when another attempt is sensible; None retries only when idempotent."""
    assert should_retry(error) is plain
    assert should_retry(error, idempotent=True) is idempotent


def test_retry_delay_uses_retry_after_uncapped() -> None:
    """The server's retry_after is returned as given, even when long."""
    assert retry_delay(CONF429, 0) == 120.0
    assert retry_delay(CONF429, 9) == 120.0


def test_retry_delay_backs_off_with_full_jitter() -> None:
    """Without retry_after: uniform in [0, min(max_backoff, base * 2**attempt)]."""
    rng = random.Random(7)
    draws = [retry_delay(RATE, 3, base=1.0, max_backoff=30.0, rng=rng) for _ in range(500)]
    assert all(0.0 <= d <= 8.0 for d in draws)
    assert max(draws) > 7.0 and min(draws) < 1.0
    assert all(0.0 <= retry_delay(RATE, 40, base=1.0, max_backoff=30.0) <= 30.0 for _ in range(100))
    with pytest.raises(ValueError, match="attempt must be 0 or more"):
        retry_delay(RATE, -1)


def _no_sleep(waits: list[float]):  # type: ignore[no-untyped-def]
    return waits.append


def test_success_after_a_transient_error() -> None:
    """A retryable error is retried after the delay, and the success returned."""
    waits: list[float] = []
    tool = FakeTool(
        [
            {"ok": False, "code": "http_5xx", "message": "m", "retryable": True, "how_to_fix": "h"},
            {"ok": True, "summary": "s"},
        ]
    )
    assert Retry(sleep=waits.append).call(tool) == {"ok": True, "summary": "s"}
    assert len(tool.calls) == 2 and len(waits) == 1


def test_rate_limit_gets_one_more_attempt_not_a_loop() -> None:
    """use_tool's 'wait, then try once more': a second rate limit is returned as it is."""
    waits: list[float] = []
    limited = {"error": "rate_limited", "message": "slow"}
    tool = FakeTool([limited, limited, {"ok": True, "summary": "never reached"}])
    assert Retry(RetryPolicy(attempts=5), sleep=waits.append).call(tool) == limited
    assert len(tool.calls) == 2


def test_retry_after_is_waited_and_too_long_gives_up() -> None:
    """A retry_after within max_time is waited exactly; beyond it, the helper gives up."""
    waits: list[float] = []
    limited = ConfigureError("slow", code="RATE_LIMITED", retryable=True, retryAfter=2)
    tool = FakeTool([limited, "done"])
    assert Retry(sleep=waits.append).call(tool) == "done"
    assert waits == [2.0]
    patient = FakeTool(
        [ConfigureError("slow", code="RATE_LIMITED", retryable=True, retryAfter=600), "done"]
    )
    with pytest.raises(ToolFailure) as caught:
        Retry(RetryPolicy(max_time=60), sleep=waits.append).call(patient)
    assert caught.value.error.retry_after == 600
    assert isinstance(caught.value.__cause__, ConfigureError)
    assert len(patient.calls) == 1


def test_exception_not_retried_is_raised_as_tool_failure_from_it() -> None:
    """A refused or input error is not retried; the original stays as __cause__."""
    original = ConfigureError("nope", code="ACCESS_DENIED")
    tool = FakeTool([original])
    with pytest.raises(ToolFailure) as caught:
        Retry(sleep=lambda _: None).call(tool)
    assert caught.value.__cause__ is original
    assert caught.value.error.kind is ErrorKind.PERMISSION_DENIED
    assert len(tool.calls) == 1


def test_timeout_is_not_retried_unless_idempotent() -> None:
    """A local timeout leaves retryable unset: retried only when the caller says idempotent."""
    tool = FakeTool([TimeoutError("slow"), "done"])
    with pytest.raises(ToolFailure):
        Retry(sleep=lambda _: None).call(tool)
    again = FakeTool([TimeoutError("slow"), "done"])
    assert Retry(RetryPolicy(idempotent=True), sleep=lambda _: None).call(again) == "done"


def test_unknown_outcome_runs_the_check_first() -> None:
    """For an unknown outcome the check runs before anything is re-run."""
    seen: list[UnifiedError] = []
    happened = FakeTool([TimeoutError("t")])
    assert (
        Retry(check=lambda e: seen.append(e) or "it ran", sleep=lambda _: None).call(happened)
        == "it ran"
    )
    assert len(happened.calls) == 1 and seen[0].kind is ErrorKind.UNKNOWN_OUTCOME
    did_not = FakeTool([TimeoutError("t"), "second"])
    assert Retry(check=lambda e: None, sleep=lambda _: None).call(did_not) == "second"
    assert len(did_not.calls) == 2


def test_one_idempotency_key_for_every_attempt() -> None:
    """A key is made once and sent on every attempt; it also makes unknown outcomes retryable."""
    tool = FakeTool(
        [TimeoutError("t"), TimeoutError("t"), {"ok": True, "summary": "s", "reused": True}]
    )
    assert Retry(idempotency_key=True, sleep=lambda _: None).call(tool)["reused"] is True  # type: ignore[index]
    keys = {c.idempotency_key for c in tool.calls}
    assert len(tool.calls) == 3 and len(keys) == 1 and len(next(iter(keys))) == 32  # type: ignore[arg-type]
    fixed = FakeTool(["ok"])
    Retry(idempotency_key="k-1").call(fixed)
    assert [call.kwargs for call in fixed.calls] == [{"idempotency_key": "k-1"}]


PAY_KEY = "c82010e43d06fe09ffbf28540fd5f3ec5549f25244489919eb4821ee33c9dd96"
"""``stable_key("call-1", {"amount": 5, "to": "Bo"})``: the SHA-256 of
``["call-1",{"amount":5,"to":"Bo"}]``, the same in every process."""


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_call_id_gives_every_attempt_and_a_resumed_run_one_stable_key(mode: str) -> None:
    """With the tool call's id, the key is derived from it and the arguments: the same on
    the attempt after a timeout, and from another `Retry` (a resumed run), whatever the
    order of the arguments."""
    keys: list[str] = []
    for arguments in ({"amount": 5, "to": "Bo"}, {"to": "Bo", "amount": 5}):
        tool = FakeTool([TimeoutError("t"), {"paid": True}])
        retry = Retry(call_id="call-1", sleep=lambda _: None)
        if mode == "sync":
            retry.call(tool, **arguments)
        else:
            asyncio.run(retry.acall(tool.acall, **arguments))
        keys += [str(c.idempotency_key) for c in tool.calls]
    assert keys == [PAY_KEY] * 4
    assert stable_key("call-1", {"to": "Bo", "amount": 5}) == PAY_KEY


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_the_tool_reads_the_call_s_key_in_every_attempt_without_taking_it(mode: str) -> None:
    """`current_key` is the key of the keyed call running now, in each attempt (and in a
    task the tool starts); an unkeyed call inside it has none, and none is left after."""
    seen: list[tuple[str | None, str | None]] = []

    def pay(amount: int, to: str, idempotency_key: str) -> dict[str, Any]:
        seen.append((current_key(), Retry().call(current_key)))
        if len(seen) == 1:
            raise TimeoutError("timed out")
        return {"paid": amount}

    async def key() -> str | None:
        return current_key()

    async def apay(amount: int, to: str, idempotency_key: str) -> dict[str, Any]:
        seen.append((await asyncio.create_task(key()), await Retry().acall(key)))
        if len(seen) == 1:
            raise TimeoutError("timed out")
        return {"paid": amount}

    retry = Retry(call_id="call-1", sleep=lambda _: None)
    if mode == "sync":
        assert retry.call(pay, amount=5, to="Bo") == {"paid": 5}
    else:
        asyncio.run(retry.acall(apay, amount=5, to="Bo"))
    assert seen == [(PAY_KEY, None), (PAY_KEY, None)]
    assert current_key() is None


def test_the_key_is_passed_only_to_a_function_that_takes_it_by_keyword() -> None:
    """A tool without an ``idempotency_key`` parameter (one whose schema a model sees)
    gets the key as `current_key` alone, never an argument it would refuse; one that
    takes ``**kwargs`` gets it; one whose key a framework filled by position keeps that
    value, the key still its `current_key`."""
    got: list[tuple[object, ...]] = []

    def plain(amount: int) -> None:
        got.append((amount, current_key()))

    def loose(amount: int, **options: object) -> None:
        got.append((amount, options, current_key()))

    def positional(amount: int, idempotency_key: str = "") -> None:
        got.append((amount, idempotency_key, current_key()))

    keyed = Retry(idempotency_key="k-1")
    keyed.call(plain, 5)
    keyed.call(loose, 5)
    keyed.call(positional, 5, "")
    keyed.call(positional, 5)
    assert got == [
        (5, "k-1"),
        (5, {"idempotency_key": "k-1"}, "k-1"),
        (5, "", "k-1"),
        (5, "k-1", "k-1"),
    ]


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize(("reads", "charges"), [(False, [5]), (True, [5])])
def test_a_timeout_is_re_run_under_a_key_only_when_the_key_reached_the_tool(
    mode: str, reads: bool, charges: list[int]
) -> None:
    """A keyed `Retry` around a tool that neither takes the key nor reads `current_key`
    sends no key: its timed-out payment is not re-run (one attempt); a tool that reads
    the key is re-run, and the server, seeing the key again, charges once."""
    keys: list[str | None] = []
    charged: list[int] = []

    def pay(amount: int) -> dict[str, Any]:
        key = current_key() if reads else None
        if key is None or key not in keys:
            charged.append(amount)
        keys.append(key)
        if len(keys) == 1:
            raise TimeoutError("timed out after the charge")
        return {"paid": amount}

    async def apay(amount: int) -> dict[str, Any]:
        return pay(amount)

    retry = Retry(idempotency_key="order-77", sleep=lambda _: None)
    with pytest.raises(ToolFailure) if not reads else contextlib.nullcontext():
        if mode == "sync":
            retry.call(pay, 5)
        else:
            asyncio.run(retry.acall(apay, 5))
    assert (charged, len(keys)) == (charges, 2 if reads else 1)


def test_a_stable_key_changes_with_the_arguments_and_the_call() -> None:
    """Other arguments, or another call, have another key; positional arguments count."""
    assert stable_key("call-1", {"amount": 6, "to": "Bo"}) != PAY_KEY
    assert stable_key("call-2", {"amount": 5, "to": "Bo"}) != PAY_KEY
    tool = FakeTool(["ok"])
    Retry(call_id="call-1").call(tool, 5, to="Bo")
    assert tool.calls[0].idempotency_key == stable_key("call-1", [[5], {"to": "Bo"}])


def test_the_caller_s_key_wins_over_a_stable_one() -> None:
    """A key passed to the call, or given as ``idempotency_key``, is sent instead."""
    passed = FakeTool(["ok"])
    Retry(call_id="call-1").call(passed, amount=5, idempotency_key="order-77")
    given = FakeTool(["ok"])
    Retry(idempotency_key="k-1", call_id="call-1").call(given, amount=5)
    assert (passed.calls[0].idempotency_key, given.calls[0].idempotency_key) == (
        "order-77",
        "k-1",
    )


def test_a_stable_key_refuses_arguments_json_cannot_hold() -> None:
    """A date is named, with the way out, rather than keyed by its ``repr``."""
    import datetime

    with pytest.raises(TypeError) as caught:
        stable_key("call-1", {"when": datetime.date(2026, 1, 2)})
    assert str(caught.value) == (
        "stable_key() needs arguments JSON can hold, for call 'call-1': Object of type date "
        "is not JSON serializable; pass idempotency_key= yourself instead"
    )


@pytest.mark.parametrize("key", [True, "k-1"])
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_key_the_caller_passes_is_sent_on_every_attempt(mode: str, key: bool | str) -> None:
    """``pay(5, idempotency_key="order-77")`` through a keyed `Retry` keeps the caller's
    key on every attempt and in the record, so the server recognises the replay."""
    tool = FakeTool([TimeoutError("t"), TimeoutError("t"), {"paid": True}])
    record: list[Attempt] = []
    retry = Retry(idempotency_key=key, sleep=lambda _: None, record=record)
    if mode == "sync":
        outcome = retry.call(tool, 5, idempotency_key="order-77")
    else:
        outcome = asyncio.run(retry.acall(tool.acall, 5, idempotency_key="order-77"))
    assert outcome == {"paid": True}
    assert [(call.args, call.kwargs) for call in tool.calls] == [
        ((5,), {"idempotency_key": "order-77"})
    ] * 3
    assert [attempt.key for attempt in record] == ["order-77", "order-77"]


def test_attempts_and_time_are_bounded() -> None:
    """No more attempts than the policy allows, and none past max_time."""
    busy = {"ok": False, "code": "http_5xx", "message": "m", "retryable": True, "how_to_fix": "h"}
    tool = FakeTool([*[busy] * 10])
    assert Retry(RetryPolicy(attempts=4), sleep=lambda _: None).call(tool) == busy
    assert len(tool.calls) == 4
    clock = FakeClock()

    def slow_tool() -> object:
        started.append(clock.now)
        clock.now += 10  # every attempt takes ten seconds
        return busy

    started: list[float] = []
    Retry(RetryPolicy(attempts=10, max_time=25, base_delay=0.001), clock=clock).call(slow_tool)
    assert len(started) == 3 and started[-1] < 25
    with pytest.raises(ValueError, match="attempts must be an integer at least 1"):
        RetryPolicy(attempts=0)


def test_async_call_and_decorator() -> None:
    """acall and @Retry work for coroutine functions, with an async check."""
    attempts: list[int] = []

    @Retry(RetryPolicy(idempotent=True))
    async def flaky() -> str:
        attempts.append(1)
        if len(attempts) < 2:
            raise ConnectionRefusedError("refused")
        return "ok"

    async def check(error: UnifiedError) -> str:
        return "checked"

    async def times_out() -> str:
        raise TimeoutError

    async def main() -> tuple[str, str]:
        return await flaky(), await Retry(check=check, sleep=lambda _: asyncio.sleep(0)).acall(
            times_out
        )

    assert asyncio.run(main()) == ("ok", "checked")
    assert len(attempts) == 2


def test_sync_decorator() -> None:
    """@Retry wraps plain functions with call."""
    calls: list[int] = []

    @Retry(RetryPolicy(attempts=2))
    def tool() -> dict[str, object]:
        calls.append(1)
        return {"error": "bad_input", "message": "m"}

    assert tool() == {"error": "bad_input", "message": "m"}
    assert calls == [1]


def test_tenacity_predicate_and_wait() -> None:
    """With tenacity: retries what should_retry allows and waits retry_after."""
    tenacity = pytest.importorskip("tenacity")
    waits: list[float] = []
    tool = FakeTool(
        [ConfigureError("slow", code="RATE_LIMITED", retryable=True, retryAfter=3), "done"]
    )
    retrier = tenacity.Retrying(
        retry=tenacity_retry(),
        wait=tenacity_wait,
        sleep=waits.append,
        stop=tenacity.stop_after_attempt(3),
        reraise=True,
    )
    assert retrier(tool) == "done"
    assert waits == [3.0]
    refused = FakeTool([ConfigureError("no", code="ACCESS_DENIED"), "never"])
    with pytest.raises(ConfigureError):
        tenacity.Retrying(retry=tenacity_retry(), sleep=waits.append, reraise=True)(refused)
    assert len(refused.calls) == 1
    in_band = FakeTool(
        [
            {"ok": False, "code": "http_5xx", "message": "m", "retryable": True, "how_to_fix": "h"},
            "done",
        ]
    )
    assert (
        tenacity.Retrying(retry=tenacity_retry(), wait=tenacity_wait, sleep=lambda _: None)(in_band)
        == "done"
    )


def test_stamina_hook() -> None:
    """With stamina: the hook stops on what should not retry and passes retry_after on."""
    stamina = pytest.importorskip("stamina")
    hook = stamina_hook()
    assert hook(ConfigureError("no", code="ACCESS_DENIED")) is False
    assert hook(ConfigureError("slow", code="RATE_LIMITED", retryable=True, retryAfter=2)) == 2.0
    assert hook(ConnectionRefusedError()) is True
    assert hook(TimeoutError()) is False
    assert stamina_hook(idempotent=True)(TimeoutError()) is True
    stamina.set_testing(True, attempts=3)
    try:
        tool = FakeTool([ConnectionRefusedError(), "done"])
        assert stamina.retry(on=hook)(tool)() == "done"
        denied = FakeTool([ConfigureError("no", code="ACCESS_DENIED"), "never"])
        with pytest.raises(ConfigureError):
            stamina.retry(on=hook)(denied)()
        assert len(denied.calls) == 1
    finally:
        stamina.set_testing(False)


def test_retry_on_is_the_safe_predicate_for_any_retry_layer() -> None:
    """retry_on reads causes and carried JSON, never retries bugs or interruptions, and
    retries an unknown outcome only when the call is idempotent."""
    from toolerrors import retry_on

    rate_limited = ToolFailure(parse({"error": "rate_limited", "message": "slow"}))
    assert retry_on(rate_limited) is True
    timeout = ConfigureError("The request timed out.", code="TIMEOUT")
    assert (retry_on(timeout), retry_on(timeout, idempotent=True)) == (False, True)
    for never in (TypeError("x"), KeyError("k"), KeyboardInterrupt(), asyncio.CancelledError()):
        assert retry_on(never, idempotent=True) is False
    outer = RuntimeError("wrapped")
    outer.__cause__ = ConnectionRefusedError("refused")
    assert retry_on(outer) is True  # the cause says nothing was sent
    carried = RuntimeError('{"error": "unavailable", "message": "down"}')
    assert retry_on(carried) is True
    assert retry_on(RuntimeError('{"refused": "Not done."}'), idempotent=True) is False


def test_tool_failure_is_left_alone_by_guessing_retry_layers() -> None:
    """ToolFailure is a RuntimeError, which LangGraph's default retry_on does not retry."""
    failure = ToolFailure(parse({"code": "TIMEOUT", "message": "m"}))
    assert isinstance(failure, RuntimeError)
    assert failure == ToolFailure(parse({"code": "TIMEOUT", "message": "m"}))


def test_options_never_collide_with_the_callees_keywords() -> None:
    """call passes every keyword to the tool; Retry holds the options."""
    seen: dict[str, object] = {}

    def tool(query: str, *, check: str, clock: str, sleep: str, policy: str) -> str:
        seen.update(check=check, clock=clock, sleep=sleep, policy=policy)
        return query

    assert call(tool, "q", check="mine", clock="c", sleep="s", policy="p") == "q"
    assert seen == {"check": "mine", "clock": "c", "sleep": "s", "policy": "p"}
    waits: list[float] = []
    calls: list[int] = []

    @Retry(RetryPolicy(attempts=2), sleep=waits.append, clock=lambda: 0.0)
    def limited(*, clock: str) -> dict[str, object]:
        calls.append(1)
        return {"error": "rate_limited", "message": clock}

    assert limited(clock="tool's own") == {"error": "rate_limited", "message": "tool's own"}
    assert (len(calls), len(waits)) == (2, 1)


def test_acall_of_a_sync_function_runs_it_once_and_says_why() -> None:
    """A function that returns no awaitable is a bug: one call, then a clear TypeError."""
    charges: list[int] = []

    def charge(*, idempotency_key: str) -> dict[str, object]:
        charges.append(1)
        return {"charged": True}

    with pytest.raises(
        TypeError, match=r"acall\(\) needs a coroutine function; .*charge returned dict"
    ):
        asyncio.run(Retry(idempotency_key=True).acall(charge))  # type: ignore[arg-type]
    assert charges == [1]


def test_call_refuses_a_coroutine_function_and_an_awaitable_result_at_once() -> None:
    """``call`` on an async tool would return a coroutine that never ran, and a success
    read from it: it raises a TypeError naming ``acall`` before anything runs."""
    import warnings

    runs = []

    async def pay() -> str:
        runs.append(1)
        return "charged"

    def starts_pay() -> Any:  # a sync function that hands back the coroutine
        return pay()

    with pytest.raises(TypeError, match=r"coroutine function .*\.pay: await acall\(\) instead"):
        Retry().call(pay)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the coroutine is closed: no "never awaited"
        with pytest.raises(TypeError, match=r"got coroutine from .*starts_pay, which never ran"):
            Retry().call(starts_pay)
    assert runs == []


def test_error_of_refuses_an_awaitable() -> None:
    """An un-awaited coroutine is no result: reading it raises instead of calling it a
    success."""

    async def tool() -> dict[str, str]:
        return {"error": "not_found", "message": "m"}

    pending = tool()
    try:
        with pytest.raises(TypeError, match="await it first"):
            error_of(pending)
    finally:
        pending.close()


@pytest.mark.skipif(sys.version_info < (3, 11), reason="asyncio.TaskGroup is Python 3.11's")
@pytest.mark.parametrize("idempotent", [True, False])
def test_a_refusal_inside_a_task_group_is_not_retried(idempotent: bool) -> None:
    """``acall`` around a tool whose TaskGroup raised a refusal runs it once."""
    import asyncio

    from toolerrors import parse

    runs = []

    async def tool(**_: object) -> None:
        runs.append(1)

        async def held() -> None:
            raise parse(refused()).exception()

        async with asyncio.TaskGroup() as group:
            group.create_task(held())

    retry = Retry(idempotency_key=idempotent, sleep=lambda _: None)
    with pytest.raises(ToolFailure) as raised:
        asyncio.run(retry.acall(tool))
    assert raised.value.error.kind.value == "refused"
    assert runs == [1]


RETRY_ACTIONS = {Action.RETRY, Action.WAIT_AND_RETRY}


def _all_errors() -> list[UnifiedError]:
    errors = [parse(case) for _, case in every_payload()]
    errors += [from_http(status) for status in range(400, 600)]
    errors += [parse({"content": [{"type": "text", "text": "boom"}], "isError": True})]
    errors += [parse({"code": "RATE_LIMITED", "message": "m"})]
    errors += [
        UnifiedError(kind, "m", retryable=r) for kind in ErrorKind for r in (True, False, None)
    ]
    return errors


def test_tenacity_reraises_a_cancellation_at_once() -> None:
    """tenacity with the toolerrors predicate runs a cancelled call once and re-raises."""
    tenacity = pytest.importorskip("tenacity")
    calls: list[int] = []

    @tenacity.retry(
        retry=retry.tenacity_retry(idempotent=True),
        wait=tenacity.wait_none(),
        stop=tenacity.stop_after_attempt(5),
        reraise=True,
    )
    def cancelled() -> None:
        calls.append(1)
        raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        cancelled()
    assert calls == [1]


def test_stamina_does_not_retry_a_keyboard_interrupt() -> None:
    """stamina with the toolerrors hook lets a KeyboardInterrupt through at once."""
    stamina = pytest.importorskip("stamina")
    calls: list[int] = []

    @stamina.retry(on=retry.stamina_hook(idempotent=True), attempts=5, wait_initial=0)
    def interrupted() -> None:
        calls.append(1)
        raise KeyboardInterrupt

    with stamina.set_testing(True, attempts=5), pytest.raises(KeyboardInterrupt):
        interrupted()
    assert calls == [1]


def test_accepted_waits_work_in_retry_delay() -> None:
    """The largest accepted wait still gives a float from retry_delay, and a longer one
    read leniently is that one."""
    error = parse({"code": "RATE_LIMITED", "message": "m", "retryAfter": MAX_WAIT})
    assert retry_delay(error, 0) == MAX_WAIT
    error = parse({"code": "RATE_LIMITED", "message": "m", "retryAfter": 10**300})
    assert retry_delay(error, 0) == MAX_WAIT


def test_action_never_invites_a_retry_that_should_retry_refuses() -> None:
    """Whenever action says retry or wait_and_retry, should_retry agrees (not idempotent)."""
    for error in _all_errors():
        if error.action in RETRY_ACTIONS:
            assert should_retry(error), error
    assert from_http(500).action is Action.CHECK_FIRST
    assert parse({"code": "RATE_LIMITED", "message": "m"}).action is Action.CHECK_FIRST


@pytest.mark.parametrize(
    "options",
    [
        {"base_delay": -1}, {"base_delay": math.nan}, {"base_delay": math.inf},
        {"max_backoff": -1}, {"max_backoff": math.nan}, {"max_time": math.nan},
        {"max_time": -1}, {"attempts": 0}, {"attempts": 2.5}, {"rate_limit_retries": -1},
    ],
    ids=str,
)  # fmt: skip
def test_retry_policy_refuses_bad_numbers(options: dict[str, Any]) -> None:
    """RetryPolicy says which field is wrong at construction, never later in sleep."""
    name = next(iter(options))
    with pytest.raises(ValueError, match=rf"RetryPolicy\.{name} must be"):
        retry.RetryPolicy(**options)
    assert retry.RetryPolicy(max_time=math.inf).max_time == math.inf


def test_retry_put_on_a_function_without_parentheses_says_so() -> None:
    """``@Retry`` (a function taken for the policy) fails where it is written, naming
    the fix, not at the first call with an attribute error."""
    with pytest.raises(TypeError) as caught:

        @retry.Retry  # type: ignore[arg-type]
        def send() -> None: ...

    assert str(caught.value) == (
        "Retry got test_retry_put_on_a_function_without_parentheses_says_so.<locals>.send "
        "as its policy: decorate with @Retry(), with parentheses"
    )
    with pytest.raises(TypeError, match=r"^Retry\.policy must be a RetryPolicy, got 3$"):
        retry.Retry(3)  # type: ignore[arg-type]


def test_hooks_give_up_on_a_server_wait_past_the_callers_bound() -> None:
    """A Retry-After past max_wait gives up: never sleep it, never retry early."""
    slow = ToolFailure(
        parse({"code": "RATE_LIMITED", "message": "m", "retryable": True, "retryAfter": 3})
    )
    assert retry.stamina_hook(max_wait=0.5)(slow) is False
    assert retry.stamina_hook(max_wait=5)(slow) == 3.0
    year_9999 = from_http(429, {"Retry-After": "Fri, 31 Dec 9999 23:59:59 GMT"})
    assert year_9999.retry_after == MAX_WAIT

    class _Outcome:
        def exception(self) -> BaseException:
            return year_9999.exception()

    class _State:
        outcome = _Outcome()
        attempt_number = 1

    assert retry.tenacity_retry()(_State()) is False
    clock = FakeClock()

    def limited() -> None:
        raise year_9999.exception()

    with pytest.raises(ToolFailure):
        retry.Retry(clock=clock).call(limited)
    assert clock.sleeps == []


def test_a_wait_past_max_time_is_never_dropped_silently() -> None:
    """Giving up on a 120 s Retry-After that would end past max_time says so: in the
    record, and as a note on the ToolFailure raised."""
    record: list[retry.Attempt] = []

    def busy() -> None:
        raise from_http(429, {"Retry-After": "120"}).exception()

    with pytest.raises(ToolFailure) as caught:
        retry.Retry(clock=FakeClock(), record=record).call(busy)
    why = "gave up rather than wait 120 s: it would end past RetryPolicy.max_time (60 s from the first attempt)"
    assert caught.value.__notes__ == [f"toolerrors.retry: {why}"]
    assert [(a.delay, a.gave_up) for a in record] == [(None, why)]


def test_attempts_used_up_say_so_and_a_refused_retry_says_nothing() -> None:
    """Running out of attempts is a reason recorded; an error that allowed no retry
    needs none."""
    record: list[retry.Attempt] = []
    tool = FakeTool([from_http(503).exception()] * 2)
    with pytest.raises(ToolFailure):
        retry.Retry(retry.RetryPolicy(attempts=2), sleep=lambda s: None, record=record).call(tool)
    assert [a.gave_up for a in record] == [
        "",
        "gave up after 2 attempts (RetryPolicy.attempts)",
    ]
    record.clear()
    retry.Retry(record=record).call(lambda: {"error": "bad_input", "message": "x"})
    assert [a.gave_up for a in record] == [""]


def test_hooks_say_on_the_exception_that_they_gave_up_a_wait() -> None:
    """tenacity and stamina re-raise the tool's own exception when a hook stops on a wait
    past max_wait: it carries a note saying so, as `Retry`'s `ToolFailure` does."""
    stamina = pytest.importorskip("stamina")
    tenacity = pytest.importorskip("tenacity")

    said = (
        "toolerrors.retry: gave up rather than wait 120 s, the server's retry_after: it is"
        " over max_wait (60 s)"
    )

    def slow() -> None:
        raise from_http(429, {"Retry-After": "120"}).exception()

    with pytest.raises(ToolFailure) as by_tenacity:
        tenacity.Retrying(retry=tenacity_retry(), wait=tenacity_wait, reraise=True)(slow)
    assert by_tenacity.value.__notes__ == [said]
    stamina.set_testing(True, attempts=3)
    try:
        with pytest.raises(ToolFailure) as by_stamina:
            stamina.retry(on=stamina_hook())(slow)()
    finally:
        stamina.set_testing(False)
    assert by_stamina.value.__notes__ == [said]
    denied = ToolFailure(parse({"code": "ACCESS_DENIED", "message": "m"}))
    assert stamina_hook(max_wait=0)(denied) is False
    assert not hasattr(denied, "__notes__")  # not retried for its kind: nothing given up
