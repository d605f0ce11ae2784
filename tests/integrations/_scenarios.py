"""The scenarios every framework's matrix runs (``test_*_matrix.py``), written once: each
tool's body, with what it records, the retry it runs under, and what a model must be
told.  Each matrix wires them into its framework and asserts what the framework shows."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Final

from toolerrors.configure import ConfigureError
from toolerrors.retry import Retry, RetryPolicy, current_key
from toolerrors.testing import configure_error, not_done_yet, refused

if TYPE_CHECKING:
    from collections.abc import Callable

FAST: Final = Retry(RetryPolicy(attempts=5), sleep=lambda _: None)
"""Five attempts, with no real waits."""

CHECK_FIRST: Final = "It may have happened: check before you run it again."
"""The third line of what a model is told about a call that may have happened."""


def retried(wait: int) -> list[str]:
    """The first lines of what a model is told about a rate limit the adapter waited out
    (``wait`` seconds, as the server asked) and met again: the attempts were made, so
    the model must not start them over."""
    return [
        "Tool call failed: rate_limited.",
        "What to do: wait_and_retry: done here, as far as the caller's retry policy allows.",
        f"Don't call it again now: the server asked for a wait of {wait} s; say that it"
        " failed, or try after it.",
    ]


SECRET: Final = "hunter2"
"""What a bug's text holds, which no model may see."""


def function(name: str, body: Callable[[int], Any], kind: str) -> Callable[..., Any]:
    """``body(amount)`` as a ``"sync"`` or ``"async"`` function named ``name``."""
    if kind == "sync":

        def run(amount: int) -> Any:
            return body(amount)

        fn: Callable[..., Any] = run
    else:

        async def arun(amount: int) -> Any:
            await asyncio.sleep(0)
            return body(amount)

        fn = arun
    fn.__name__ = name
    return fn


def timed_out_after_charging(charged: list[int]) -> Callable[[int], Any]:
    """A payment that went through, then timed out: each charge is recorded."""

    def body(amount: int) -> Any:
        charged.append(amount)
        raise ConfigureError("The request timed out.", code="TIMEOUT")

    return body


def refusing(amount: int) -> Any:
    """A call the check refuses, for its owner Ana."""
    return refused("Ana")


def held_until_approved(approved: list[bool], charged: list[int]) -> Callable[[int], Any]:
    """A payment the check holds for Ana until ``approved`` holds her yes."""

    def body(amount: int) -> Any:
        if not approved:
            return not_done_yet("Ana")
        charged.append(amount)
        return {"paid": amount}

    return body


def rate_limited(calls: list[int], wait: int = 2) -> Callable[[int], Any]:
    """A search always rate-limited, the server asking for ``wait`` seconds."""

    def body(amount: int) -> Any:
        calls.append(amount)
        return configure_error("RATE_LIMITED", retryAfter=wait)

    return body


def buggy(calls: list[int]) -> Callable[[int], Any]:
    """A lookup with a bug whose text holds `SECRET`."""

    def body(amount: int) -> Any:
        calls.append(amount)
        return {"a": 1}[f"postgres://admin:{SECRET}@db"]

    return body


def run_pydantic_ai(agent: Any, entry: str, *args: Any, **kwargs: Any) -> Any:
    """A pydantic-ai agent's ``run`` (in ``asyncio.run``) or ``run_sync``, as ``entry``
    says; ``run_sync`` leaves the event loop it uses open, so it is given one to close."""
    if entry == "run":
        return asyncio.run(agent.run(*args, **kwargs))
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        return agent.run_sync(*args, **kwargs)
    finally:
        asyncio.set_event_loop(None)
        loop.close()


KEYED = Retry(idempotency_key=True, sleep=lambda _: None)


class Server:
    """A payment server that deduplicates by key: a replayed key charges nothing."""

    def __init__(self) -> None:
        self.keys: list[str | None] = []
        self.charged: list[int] = []

    def pay(self, amount: int, *, time_out: bool = False) -> dict[str, Any]:
        key = current_key()
        if key not in self.keys:
            self.charged.append(amount)
        self.keys.append(key)
        if time_out:
            raise TimeoutError("timed out after the charge")
        return {"paid": amount}
