"""Retrying tool calls: a small helper that knows each vendor's special cases, and
ready-made hooks for tenacity and stamina.

A failed attempt is an exception (read with `from_exception`) or an
in-band error result (read with `error_of`).  Another attempt is made
only when `should_retry` says so, after
`retry_delay`; a rate limit gets one more attempt, not a loop (the
use_tool guidance: "Wait, then try once more"); an unknown outcome runs the caller's
``check`` before anything is re-run; and one idempotency key (the caller's, or one made
here) is sent with every attempt, so a replay is recognised (Pythe's ``assign_task``
contract).  Given the tool call's id, the key made here is `stable_key`: the same for
the same call and arguments in every attempt and in a resumed run, in any process.  When it gives
up on a raised exception, it raises `ToolFailure` from it (the error at ``.error``); an
in-band error result it gives up on is returned as the tool gave it.  A test gives it
fake time in one argument, ``Retry(clock=toolerrors.testing.FakeClock())``.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import inspect
import json
import math
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Generator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeVar

from ._errors import ShapeError
from ._json import seconds
from ._kinds import ErrorKind
from ._python import from_exception
from ._read import error_of
from ._retry import BASE_DELAY, MAX_BACKOFF, retry_delay, should_retry
from ._spans import record_failure
from ._unified import UnifiedError

if TYPE_CHECKING:
    import random

__all__ = [
    "DEFAULT_MAX_WAIT",
    "IDEMPOTENCY_HEADER",
    "IDEMPOTENCY_META",
    "Attempt",
    "Retry",
    "RetryPolicy",
    "acall",
    "call",
    "current_key",
    "stable_key",
    "stamina_hook",
    "tenacity_retry",
    "tenacity_wait",
]

T = TypeVar("T")

NOT_DONE: Final = None
"""What a ``check`` returns when the call did not take effect, so it may be re-run."""


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try."""

    attempts: int = 3
    """Attempts in all, the first included."""
    max_time: float = 60.0
    """Seconds from the first attempt after which no further attempt starts; a server's
    ``retry_after`` that would end past it gives up instead of retrying early."""
    idempotent: bool = False
    """The operation is safe to repeat, so an unknown outcome may be retried."""
    rate_limit_retries: int = 1
    """Further attempts after a rate limit: one, as use_tool's guidance says."""
    base_delay: float = BASE_DELAY
    """Seconds: the first backoff step when the error gave no ``retry_after``; each
    further step doubles it, with full jitter."""
    max_backoff: float = MAX_BACKOFF
    """Seconds: the largest backoff step (a server's ``retry_after`` is never capped)."""
    rng: random.Random | None = None
    """Where backoff's jitter is drawn from: a ``random.Random(7)`` of its own gives the same
    delays on every run (a test's exact expectations); the ``random`` module when
    ``None``."""

    def __post_init__(self) -> None:
        for name in ("attempts", "rate_limit_retries"):
            value = getattr(self, name)
            if type(value) is not int or value < (name == "attempts"):
                least = "at least 1" if name == "attempts" else "0 or more"
                raise ValueError(f"RetryPolicy.{name} must be an integer {least}, got {value!r}")
        for name in ("max_time", "base_delay", "max_backoff"):
            value = getattr(self, name)
            finite = name != "max_time"  # max_time may be math.inf: no time limit
            if (
                type(value) not in (int, float)
                or math.isnan(value)
                or value < 0
                or (finite and not math.isfinite(value))
            ):
                kind = "a finite number" if finite else "a number"
                raise ValueError(
                    f"RetryPolicy.{name} must be {kind} of seconds, 0 or more, got {value!r}"
                )


@dataclass(frozen=True)
class Attempt:
    """One failed attempt, as `Retry` records it when given a ``record`` list."""

    error: UnifiedError
    """What the attempt failed with."""
    delay: float | None
    """Seconds waited before the next attempt; ``None`` when it gave up here."""
    key: str | None
    """The idempotency key the attempt was sent with, if any."""
    gave_up: str = ""
    """Why no further attempt was made although the error allowed one (a server's wait
    past ``RetryPolicy.max_time``, the attempts used up); empty otherwise."""


Check = Callable[[UnifiedError], Any]
"""Called after an unknown outcome: return the result if the call took effect after
all, or ``None`` (``NOT_DONE``) if it did not and may be re-run."""


class _Plan:
    """The decisions shared by the sync and async loops."""

    def __init__(self, policy: RetryPolicy, key: _Key | None, clock: Callable[[], float]) -> None:
        self.policy = policy
        self.key = key
        self.clock = clock
        self.start = clock()
        self.attempt = 0
        self.rate_limits = 0
        self.gave_up = ""
        """Why `next_delay` last gave up on an error that allowed another attempt."""

    def failure(self, outcome: Any, exc: BaseException | None) -> UnifiedError | None:
        """The error in an attempt's outcome, or ``None`` when it succeeded."""
        return from_exception(exc) if exc is not None else _in_band(outcome)

    def next_delay(self, error: UnifiedError, checked: bool) -> float | None:
        """Seconds to wait before the next attempt, or ``None`` to give up."""
        self.attempt += 1
        self.gave_up = ""
        idempotent = self.policy.idempotent or checked or (self.key is not None and self.key.sent)
        if not should_retry(error, idempotent=idempotent):
            return None
        policy = self.policy
        if self.attempt >= policy.attempts:
            self.gave_up = f"gave up after {policy.attempts} attempts (RetryPolicy.attempts)"
            return None
        if error.kind is ErrorKind.RATE_LIMITED:
            self.rate_limits += 1
            if self.rate_limits > policy.rate_limit_retries:
                self.gave_up = (
                    f"gave up: rate limited again after {policy.rate_limit_retries} further "
                    "attempt(s) (RetryPolicy.rate_limit_retries)"
                )
                return None
        delay = retry_delay(
            error,
            self.attempt - 1,
            base=self.policy.base_delay,
            max_backoff=self.policy.max_backoff,
            rng=self.policy.rng,
        )
        if self.clock() - self.start + delay > policy.max_time:
            self.gave_up = (
                f"gave up rather than wait {seconds(delay)} s: it would end past "
                f"RetryPolicy.max_time ({seconds(policy.max_time)} s from the first attempt)"
            )
            return None
        return delay

    def needs_check(self, error: UnifiedError) -> bool:
        return error.retryable is None and error.kind is ErrorKind.UNKNOWN_OUTCOME


def _give_up(error: UnifiedError, exc: BaseException | None, outcome: Any, why: str) -> Any:
    """The outcome given up on; ``why``, when the error allowed another attempt, is a note
    on the raised `ToolFailure` (shown in its traceback) and in `Attempt.gave_up`."""
    record_failure(error)  # on the current span, when OpenTelemetry is in use
    if exc is None:
        return outcome  # an in-band error result: the caller gets it as the tool gave it
    failure = error.exception()
    failure.retried = True
    if why:
        _note(failure, why)
    raise failure from exc


def _note(exc: BaseException, why: str) -> None:
    """Say on ``exc`` why no further attempt was made: a note its traceback shows."""
    note = f"toolerrors.retry: {why}"
    if sys.version_info >= (3, 11):
        exc.add_note(note)
    else:  # pragma: no cover - Python 3.10, where a traceback shows no notes
        exc.__dict__.setdefault("__notes__", []).append(note)


IDEMPOTENCY_HEADER: Final = "Idempotency-Key"
"""The HTTP header a tool sends its ``idempotency_key`` in, as the IETF draft on
idempotency keys names it."""

IDEMPOTENCY_META: Final = "idempotencyKey"
"""The ``_meta`` key an MCP client sends a call's ``idempotency_key`` under: the name the
MCP proposal for request idempotency (SEP-3182) gives the key, unprefixed, since the
``io.modelcontextprotocol/`` prefix is the specification's own."""


class _Key:
    """A keyed call's key, and whether it reached the tool: passed as its argument, or
    read with `current_key`."""

    __slots__ = ("key", "sent")

    def __init__(self, key: str, sent: bool) -> None:
        self.key = key
        self.sent = sent


_KEY: ContextVar[_Key | None] = ContextVar("toolerrors.retry.key", default=None)


def current_key() -> str | None:
    """The idempotency key of the keyed call `Retry` is running now (in this thread or
    task, and in the tasks it starts), ``None`` outside one.  A tool sends it as it
    sends any key, without taking an ``idempotency_key`` argument: ``headers=
    {IDEMPOTENCY_HEADER: current_key()}`` over HTTP, ``meta={IDEMPOTENCY_META:
    current_key()}`` to an MCP server.  It is the same in every attempt of the call.

    Reading it is how `Retry` knows the key reached the tool: an unknown outcome (a
    timed-out payment) is re-run under a key only when the tool took the key as its
    argument or read it here, never for a tool that ignores it."""
    found = _KEY.get()
    if found is None:
        return None
    found.sent = True
    return found.key


def stable_key(call_id: str, arguments: object) -> str:
    """An idempotency key for one tool call: the SHA-256, in hex, of its ``call_id`` (the
    framework's, which a resumed run keeps) and its ``arguments`` as canonical JSON
    (keys sorted, no spaces).  The same call with the same arguments has the same key in
    every attempt, after a timeout and in a resumed run in a new process; other
    arguments have another.  Arguments JSON cannot hold (a ``datetime``, an object) are
    refused with a ``TypeError`` naming the type: pass a key of your own for them."""
    try:
        text = json.dumps(
            [call_id, arguments],
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
            allow_nan=False,
        )
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"stable_key() needs arguments JSON can hold, for call {call_id!r}: {exc}; "
            "pass idempotency_key= yourself instead"
        ) from None
    return hashlib.sha256(text.encode()).hexdigest()


def _with_key(
    fn: object,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    idempotency_key: bool | str,
    call_id: str | None,
) -> _Key | None:
    """The call's key (and whether it is sent), or ``None`` for a call not keyed; it is
    put in ``kwargs`` where ``fn`` takes it and the caller passed none there (a key
    passed is kept: the server deduplicates by the key it was first sent).  A key of the caller's in
    ``idempotency_key`` wins over one derived from ``call_id``, which wins over a random
    one."""
    if idempotency_key is False and call_id is None:
        return None
    given = kwargs.get("idempotency_key")
    if given:  # not a framework's empty default
        return _Key(str(given), sent=True)
    if isinstance(idempotency_key, str):
        key = idempotency_key
    elif call_id is not None:  # keyword arguments alone, as every framework calls a tool
        key = stable_key(call_id, [list(args), kwargs] if args else kwargs)
    else:
        key = uuid.uuid4().hex
    sent = _takes_key(fn, len(args))
    if sent:
        kwargs["idempotency_key"] = key
    return _Key(key, sent)


def _takes_key(fn: object, positional: int) -> bool:
    """Whether ``fn`` takes an ``idempotency_key`` by keyword that the call's
    ``positional`` arguments do not already fill (a framework that passes every argument
    by position, defaults included): else the key reaches it as `current_key` alone."""
    try:
        parameters = inspect.signature(fn).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):  # a callable with no signature to read: as before
        return True
    taken = parameters.get("idempotency_key")
    if taken is None:
        return any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    if taken.kind is inspect.Parameter.POSITIONAL_ONLY:
        return False
    return list(parameters).index("idempotency_key") >= positional


_CALL, _CHECK, _SLEEP = "call", "check", "sleep"

Steps = Generator[tuple[str, Any], Any, Any]


def _steps(plan: _Plan, check: object, record: list[Attempt] | None, key: str | None) -> Steps:
    """The retry loop without its input and output, shared by `call` and `acall`.

    It yields what to do next — (``"call"``, None), (``"check"``, the error) or
    (``"sleep"``, seconds) — receives the call's ``(outcome, exception)`` or the check's
    answer, and returns the final result (or raises ``ToolFailure``).
    """
    while True:
        outcome, exc = yield (_CALL, None)
        error = plan.failure(outcome, exc)
        if error is None:
            return outcome
        checked = False
        if check is not None and plan.needs_check(error):
            found = yield (_CHECK, error)
            if found is not NOT_DONE:
                return found
            checked = True
        delay = plan.next_delay(error, checked)
        if record is not None:
            record.append(Attempt(error, delay, key, plan.gave_up))
        if delay is None:
            return _give_up(error, exc, outcome, plan.gave_up)
        yield (_SLEEP, delay)


@dataclass(frozen=True)
class Retry:
    """How to retry one kind of call: its policy, its check and its key, and the sleep
    and clock to use (a test's fakes, say).  The options live here, apart from the
    callee's arguments, so that none of them can collide with the callee's keywords::

        careful = Retry(
            RetryPolicy(attempts=5), check=already_sent, idempotency_key=True
        )
        careful.call(send_email, "ana@example.com", check="the tool's own check")

    ``Retry()`` also decorates a function or a coroutine function.
    """

    policy: RetryPolicy = RetryPolicy()
    check: Check | None = None
    """Called after an unknown outcome; may be a coroutine function under `acall`."""
    idempotency_key: bool | str = False
    """``True`` makes one key (`stable_key` when `call_id` is given, else a random one)
    and passes it as ``idempotency_key=`` on every attempt, to a function that takes it
    (a string is used as the key); in every attempt it is `current_key`.  With a key,
    an unknown outcome may be retried.  A key the caller passes as ``idempotency_key=``
    is kept, and sent on every attempt instead."""
    sleep: Callable[[float], Any] | None = None
    """How to wait: ``time.sleep`` for `call`, ``asyncio.sleep`` for `acall` when ``None``."""
    clock: Callable[[], float] = time.monotonic
    """Seconds, for ``policy.max_time``.  A clock with a ``sleep`` of its own (a test's
    `toolerrors.testing.FakeClock`) is also how `Retry` waits, when ``sleep`` is
    ``None``: fake time in one argument, whose waits use up the time budget."""
    call_id: str | None = None
    """The tool call's id, as the framework gives it (a resumed run keeps it): with it, the
    call is keyed, and the key made for it is `stable_key` of the id and the call's
    arguments instead of a random one: the same in every attempt and in a resumed run.  A
    key of the caller's (a string ``idempotency_key``, or ``idempotency_key=`` passed to
    the call) wins.  Set per call: ``dataclasses.replace(retry, call_id=call["id"])``."""
    reraise: tuple[type[BaseException], ...] = ()
    """Exceptions that are a framework's control flow, not failures (LangGraph's
    ``GraphBubbleUp`` for ``interrupt()``): raised on as they are, never read or retried."""
    record: list[Attempt] | None = None
    """A list that each failed attempt is appended to, as an `Attempt` (its error, the
    delay before the next one, its key), as structlog's ``capture_logs`` records."""

    def __post_init__(self) -> None:
        """Refuses a policy that is not a `RetryPolicy`, naming the usual slip: ``@Retry``
        put on a function without parentheses."""
        policy: object = self.policy
        if isinstance(policy, RetryPolicy):
            return
        if callable(policy):
            raise TypeError(
                f"Retry got {_qualname(policy)} as its policy: decorate with @Retry(), "
                "with parentheses"
            )
        raise TypeError(f"Retry.policy must be a RetryPolicy, got {policy!r}")

    def _steps(
        self, fn: object, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[Steps, _Key | None]:
        """The retry loop for one call, and its key, added to ``kwargs`` when asked."""
        key = _with_key(fn, args, kwargs, self.idempotency_key, self.call_id)
        plan = _Plan(self.policy, key, self.clock)
        return _steps(plan, self.check, self.record, None if key is None else key.key), key

    def _sleep(self, default: Callable[[float], Any]) -> Callable[[float], Any]:
        if self.sleep is not None:
            return self.sleep
        own: Callable[[float], Any] | None = getattr(self.clock, "sleep", None)
        return own if own is not None else default

    def call(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """Call ``fn(*args, **kwargs)``, retrying as the errors allow.

        An in-band error result that is not retried is returned as it is; an exception
        that is not retried is raised as `ToolFailure` from it.  A coroutine function,
        or a call that returns an awaitable, is refused at once with a ``TypeError``
        naming `acall`: its result would be a coroutine that never ran, not the tool's.
        """
        if inspect.iscoroutinefunction(fn):
            raise TypeError(
                f"call() cannot run the coroutine function {_qualname(fn)}: await acall() instead"
            )
        sleep = self._sleep(time.sleep)
        check = self.check
        steps, key = self._steps(fn, args, kwargs)
        token = _KEY.set(key)
        try:
            what, arg = next(steps)
            while True:
                reply: Any = None
                if what == _CALL:
                    try:
                        reply = (fn(*args, **kwargs), None)
                    except self.reraise:
                        raise
                    except Exception as caught:
                        reply = (None, caught)
                    if inspect.isawaitable(reply[0]):
                        _refuse_awaitable(fn, reply[0])
                elif what == _CHECK:
                    assert check is not None
                    reply = check(arg)
                else:
                    sleep(arg)
                what, arg = steps.send(reply)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        finally:
            _KEY.reset(token)

    async def acall(self, fn: Callable[..., Awaitable[T]], /, *args: Any, **kwargs: Any) -> T:
        """`call` for coroutine functions; ``check`` may be sync or async.

        A function that does not return an awaitable is a programming error: it is
        reported at once, never retried (it ran, and may have had effects).
        """
        sleep = self._sleep(asyncio.sleep)
        check = self.check
        steps, key = self._steps(fn, args, kwargs)
        token = _KEY.set(key)
        try:
            what, arg = next(steps)
            while True:
                reply: Any = None
                if what == _CALL:
                    result: Any = None
                    try:
                        result = fn(*args, **kwargs)
                        if inspect.isawaitable(result):
                            reply = (await result, None)
                    except self.reraise:
                        raise
                    except Exception as caught:
                        reply = (None, caught)
                    if reply is None:  # it ran, and gave no awaitable: a bug, never retried
                        raise TypeError(
                            f"acall() needs a coroutine function; {_qualname(fn)} returned "
                            f"{type(result).__name__}: use call() for it"
                        )
                elif what == _CHECK:
                    assert check is not None
                    reply = check(arg)
                    if inspect.isawaitable(reply):
                        reply = await reply
                else:
                    waited = sleep(arg)
                    if inspect.isawaitable(waited):
                        await waited
                what, arg = steps.send(reply)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        finally:
            _KEY.reset(token)

    def __call__(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Decorate ``fn``: every call of it goes through `call` (or `acall` for a
        coroutine function), with all its arguments passed on as they are."""
        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                return await self.acall(fn, *args, **kwargs)

            return async_wrapper

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return self.call(fn, *args, **kwargs)

        return wrapper


def _refuse_awaitable(fn: object, result: object) -> NoReturn:
    """A sync call that gave an awaitable (a function that returns a coroutine): nothing
    of the tool ran, so the coroutine is closed, never awaited, and the call refused."""
    close = getattr(result, "close", None)
    if inspect.iscoroutine(result) and callable(close):
        close()  # no "never awaited" warning: it is refused, on purpose
    raise TypeError(
        f"call() got {type(result).__name__} from {_qualname(fn)}, which never ran: "
        "await acall() instead"
    )


def _qualname(fn: object) -> str:
    return str(getattr(fn, "__qualname__", type(fn).__name__))


_DEFAULT: Final = Retry()


def call(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """``Retry().call(fn, *args, **kwargs)``: retry with the default policy.  Every
    keyword goes to ``fn``; give options through `Retry`."""
    return _DEFAULT.call(fn, *args, **kwargs)


async def acall(fn: Callable[..., Awaitable[T]], /, *args: Any, **kwargs: Any) -> T:
    """``Retry().acall(fn, *args, **kwargs)``: `call` for coroutine functions."""
    return await _DEFAULT.acall(fn, *args, **kwargs)


DEFAULT_MAX_WAIT: Final = 60.0
"""Seconds: the longest server-stated wait the tenacity and stamina hooks will sleep.  A
longer ``retry_after`` gives up instead: never retry early, never stall a worker."""


def _hook_allows(
    exc: BaseException | None, error: UnifiedError, idempotent: bool, max_wait: float
) -> bool:
    """Another attempt is sensible, within ``max_wait``; an interruption (a
    ``BaseException`` that is not an ``Exception``) never gets one.  A wait given up on
    although the error allowed another attempt is said on the raised exception."""
    if exc is not None and not isinstance(exc, Exception):
        return False
    if not should_retry(error, idempotent=idempotent):
        return False
    if error.retry_after is not None and error.retry_after > max_wait:
        if exc is not None:
            _note(
                exc,
                f"gave up rather than wait {seconds(error.retry_after)} s, the server's"
                f" retry_after: it is over max_wait ({seconds(max_wait)} s)",
            )
        return False
    return True


def tenacity_retry(
    *, idempotent: bool = False, max_wait: float = DEFAULT_MAX_WAIT
) -> Callable[[Any], bool]:
    """A tenacity ``retry=`` predicate: retry when `should_retry` says so.

    It reads a raised exception, or an in-band error result, of the last attempt.  A
    server's ``retry_after`` over ``max_wait`` seconds gives up rather than wait that
    long, and says so in a note on the exception tenacity re-raises; pair it with
    `tenacity_wait`, which never waits less than the server asked.
    """

    def predicate(retry_state: Any) -> bool:
        outcome = retry_state.outcome
        if outcome is None:
            return False
        exc = outcome.exception()
        error = _error(exc, outcome)
        return error is not None and _hook_allows(exc, error, idempotent, max_wait)

    return predicate


def tenacity_wait(retry_state: Any) -> float:
    """A tenacity ``wait=`` function: the server's ``retry_after``, else full-jitter backoff."""
    outcome = retry_state.outcome
    error = None if outcome is None else _error(outcome.exception(), outcome)
    attempt = max(int(retry_state.attempt_number) - 1, 0)
    if error is None:
        return 0.0
    return retry_delay(error, attempt)


def _error(exc: BaseException | None, outcome: Any) -> UnifiedError | None:
    return from_exception(exc) if exc is not None else _in_band(outcome.result())


def _in_band(result: object) -> UnifiedError | None:
    """The error in a call's result; a result that marks an error but is broken is an
    error of kind ``unknown`` that is not retried, never a crash after the call ran."""
    try:
        return error_of(result)
    except ShapeError as exc:
        return UnifiedError(ErrorKind.UNKNOWN, str(exc), retryable=False)


def stamina_hook(
    *, idempotent: bool = False, max_wait: float = DEFAULT_MAX_WAIT
) -> Callable[[Exception], bool | float]:
    """A stamina ``on=`` backoff hook: ``False`` to stop, the server's ``retry_after`` in
    seconds when it gave one, else ``True`` for stamina's own backoff.

    A ``retry_after`` over ``max_wait`` seconds (set it to no more than stamina's own
    ``timeout``) stops instead of sleeping past it, and says so in a note on the
    exception stamina re-raises.
    """

    def hook(exc: Exception) -> bool | float:
        error = from_exception(exc)
        if not _hook_allows(exc, error, idempotent, max_wait):
            return False
        return float(error.retry_after) if error.retry_after else True

    return hook
