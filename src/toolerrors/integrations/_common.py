"""What the framework adapters share: the owner's yes, the refusal that ends a run, and a
tool function run through `toolerrors.retry.Retry` with its outcome settled by the
adapter."""

from __future__ import annotations

import functools
import inspect
from typing import TYPE_CHECKING, Any, Final

from .._errors import ComparedByArgs, derives_from
from .._kinds import ErrorKind
from .._read import error_of
from .._unified import ToolFailure, UnifiedError

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..retry import Retry

__all__ = [
    "APPROVED",
    "OWNER_SAID_NO",
    "Refused",
    "UnsafeWiring",
    "approved",
    "layer_inside",
    "refused_last",
    "run_through",
]

APPROVED: Final = frozenset({"yes", "y", "approve", "approved", "ok"})
"""Answers (case-insensitive) that mean the owner said yes; ``True`` does too.  Anything
else is a no."""


def approved(answer: object) -> bool:
    """Whether the owner's answer to an approval is a yes."""
    return answer is True or (isinstance(answer, str) and answer.strip().lower() in APPROVED)


OWNER_SAID_NO: Final = UnifiedError(ErrorKind.REFUSED, "The owner said no.", retryable=False)
"""What an owner's no to an approval is: a refusal, which ends the run."""

_REFUSED_LINE: Final = f"Tool call failed: {ErrorKind.REFUSED.value}."


def refused_last(messages: Any) -> bool:
    """Whether the tool messages at the end of a LangChain message list hold a refusal:
    an error ``ToolMessage`` whose `toolerrors.model_text` starts with it."""
    for message in reversed(messages):
        if getattr(message, "type", None) != "tool":
            return False
        if getattr(message, "status", None) == "error" and str(message.content).startswith(
            _REFUSED_LINE
        ):
            return True
    return False


class Refused(ToolFailure):
    """The check (or the owner) refused the call: it ends the run."""


class UnsafeWiring(ComparedByArgs, RuntimeError):
    """The adapter is wired where a framework's own retry layer sits inside it and would
    re-run a tool (a payment that timed out after it went through) before toolerrors can
    stop it.  Raised before the tool runs; the message names the fix."""


_MAX_LAYERS: Final = 64
"""How many objects `layer_inside` looks at: a middleware stack is a few layers deep."""


def layer_inside(handler: object, names: frozenset[str]) -> Any:
    """The first object of a class named in ``names``, or derived from one, that
    ``handler`` reaches through closures, bound methods and partials, or ``None``.

    LangChain's ``create_agent`` builds each middleware's handler as a closure over the
    next layer (``_chain_tool_call_wrappers``), and FastMCP binds it as a default
    argument (``_run_middleware``): what a handler holds is what runs inside it.
    """
    queue: list[object] = [handler]
    seen: set[int] = set()
    while queue and len(seen) < _MAX_LAYERS:
        current = queue.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        if derives_from(current, *names):  # a subclass of the framework's layer too
            return current
        for name in ("__self__", "__func__", "func"):
            inner = getattr(current, name, None)
            if inner is not None and not isinstance(inner, type):
                queue.append(inner)
        queue.extend(getattr(current, "__defaults__", None) or ())
        for cell in getattr(current, "__closure__", None) or ():
            try:
                queue.append(cell.cell_contents)
            except ValueError:  # a cell not filled yet
                continue
    return None


def run_through(
    fn: Callable[..., Any],
    runner: Retry,
    settle: Callable[[tuple[Any, ...], dict[str, Any], Any, UnifiedError | None], Any],
) -> Callable[..., Any]:
    """``fn`` (sync or async) run through ``runner``; ``settle(args, kwargs, outcome,
    error)`` gets the outcome and the error in it (``None`` for a success) and returns
    what the tool returns, or raises."""
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                outcome = await runner.acall(fn, *args, **kwargs)
            except ToolFailure as failure:
                return settle(args, kwargs, None, failure.error)
            return settle(args, kwargs, outcome, error_of(outcome))

        return async_wrapper

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            outcome = runner.call(fn, *args, **kwargs)
        except ToolFailure as failure:
            return settle(args, kwargs, None, failure.error)
        return settle(args, kwargs, outcome, error_of(outcome))

    return wrapper
