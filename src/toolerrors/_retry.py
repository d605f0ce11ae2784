"""Retry advice: whether another attempt is sensible, and how long to wait first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from ._python import from_exception
from ._table import KINDS

if TYPE_CHECKING:
    from random import Random

    from ._unified import UnifiedError

__all__ = ["retry_delay", "retry_on", "should_retry"]

BASE_DELAY: Final = 0.5
"""Seconds: the first backoff step when the source gave no ``retry_after``."""

MAX_BACKOFF: Final = 30.0
"""Seconds: the largest backoff step (a server's ``retry_after`` is never capped here)."""


def should_retry(error: UnifiedError, *, idempotent: bool = False) -> bool:
    """``True`` only when another attempt is sensible.

    ``retryable`` ``True`` retries and ``False`` never does; ``None`` (Configure TIMEOUT
    and NETWORK_ERROR, use_tool ``unknown_outcome``) retries only when the operation is
    idempotent or an idempotency key protects it.  Kinds that need someone to act first
    (approval, refusal, input, permission, payment, not found, ...) never retry.
    """
    if not KINDS[error.kind].retries:
        return False
    if error.retryable is None:
        return idempotent
    return error.retryable


Verdict = Literal["yes", "if_idempotent", "no"]
"""Whether to run a failed call again: yes, only if it is idempotent (whether it ran is
not known), or no."""


def verdict(error: UnifiedError) -> Verdict:
    """`should_retry`'s answer in the one form every reader words it from: the CLI's
    ``retry:`` line and `model_text`'s."""
    if should_retry(error):
        return "yes"
    return "if_idempotent" if should_retry(error, idempotent=True) else "no"


def retry_delay(
    error: UnifiedError,
    attempt: int,
    *,
    base: float = BASE_DELAY,
    max_backoff: float = MAX_BACKOFF,
    rng: Random | None = None,
) -> float:
    """Seconds to wait before attempt ``attempt + 1`` (``attempt`` counts from 0).

    The source's ``retry_after`` when it gave one, as given: a caller that cannot wait
    that long should give up rather than retry early.  Otherwise exponential backoff
    with full jitter: uniform in ``[0, min(max_backoff, base * 2**attempt)]``.
    """
    if attempt < 0:
        raise ValueError(f"attempt must be 0 or more, got {attempt}")
    if error.retry_after is not None:
        return float(error.retry_after)
    ceiling = min(max_backoff, base * 2.0 ** min(attempt, 64))
    import random  # here, not at import: it costs 2 ms of start-up

    return (rng or random).uniform(0.0, ceiling)


def retry_on(exc: BaseException, *, idempotent: bool = False) -> bool:
    """The predicate for any retry layer: ``True`` only when another attempt is sensible.

    It reads the exception with `toolerrors.from_exception` (its causes, and any error
    carried as JSON in its text, included) and asks `should_retry`.  An interruption
    (``KeyboardInterrupt``, ``asyncio.CancelledError``, ...) and a programming error are
    never retried.  Use it as tenacity's ``retry_if_exception(retry_on)``, LangGraph's
    ``RetryPolicy(retry_on=retry_on)``, LangChain's ``ToolRetryMiddleware(retry_on=...)``
    or stamina's ``on=retry_on``.
    """
    if not isinstance(exc, Exception):
        return False
    return should_retry(from_exception(exc), idempotent=idempotent)
