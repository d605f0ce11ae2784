"""LangGraph (``pip install "toolerrors[langgraph]"``): safe tool errors in a graph.

Two lines of glue, whatever the number of tools::

    builder.add_node("tools", tool_node(tools))   # every call made safe
    builder.add_conditional_edges("tools", stop_on_refusal("agent"))

- `tool_node` is a ``ToolNode`` whose every call runs through `toolerrors.retry.Retry`
  and whose failures become the text a model should see (it takes over
  ``handle_tool_errors``, which would hide them from it); `guard`, per tool, with
  ``ToolNode(..., handle_tool_errors=handle_tool_errors)``, does the same for one tool.

- `handle_tool_errors` turns any failure into the text a model should see
  (`toolerrors.model_text`): our guidance first, the vendor's message as data, no detail
  from a bug.  The ``ToolMessage`` has ``status="error"``.
- `stop_on_refusal` ends the run after a refusal, instead of letting the model look for
  another way.
- `guard` runs the tool through `toolerrors.retry.Retry` (a rate limit waits and tries
  once more; an unknown outcome is never re-run blindly), turns an in-band error result
  into an error the handler formats, and pauses for the owner's approval with LangGraph's
  ``interrupt()``.  A resume runs the tool again from its start, so the use_tool check
  decides: told yes, the call runs once; still holding it, anything but a yes refuses
  it.  On an ``async def`` tool it stays a coroutine function (``ainvoke``).
- `retry_on` is the predicate for ``RetryPolicy(retry_on=...)``.  Mind that a
  ``RetryPolicy`` re-runs the whole node, every tool call in it included, even those that
  succeeded: retry per call, inside the tool, with `guard`.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, overload

from .._extras import missing

try:
    from langgraph.errors import GraphBubbleUp
    from langgraph.graph import END
    from langgraph.prebuilt import ToolNode
    from langgraph.types import interrupt

    from ._toolcall import ToolCalls
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "langgraph") from exc

from .._retry import retry_on
from .._text import model_text
from ..retry import Retry
from ._common import (
    APPROVED,
    OWNER_SAID_NO,
    approved,
    bare,
    failure_text,
    given_up,
    refused_last,
    run_through,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .._unified import UnifiedError

__all__ = ["APPROVED", "guard", "handle_tool_errors", "retry_on", "stop_on_refusal", "tool_node"]


def tool_node(tools: Sequence[Any], retry: Retry | None = None, **options: Any) -> ToolNode:
    """``ToolNode(tools, **options)`` in which every call is made safe, whatever the
    number of tools, sync or ``async def``: a failure becomes the ``ToolMessage`` a model
    should see (`toolerrors.model_text`, the error as a dict in its ``artifact``), each
    call runs through ``retry`` (a `toolerrors.retry.Retry`; ``Retry()`` when not given),
    and an approval pauses with ``interrupt()``.  The per-tool `guard` does the same for
    one tool.

    ``handle_tool_errors`` in ``options`` is taken over: LangGraph's handling catches a
    tool's exception inside the adapter and hands it the text ("Please fix your
    mistakes." after a timeout, a refusal's repr), so every exception reaches the
    adapter instead, and only arguments that fail validation are answered by LangGraph
    (an error ``ToolMessage``, which the adapter reads as the failure it is)."""
    calls = ToolCalls(retry)
    options.pop("handle_tool_errors", None)
    return ToolNode(tools, wrap_tool_call=calls.wrap, awrap_tool_call=calls.awrap, **options)


def handle_tool_errors(exc: Exception) -> str:
    """``ToolNode(handle_tool_errors=...)``: the text a model should see for ``exc``."""
    return failure_text(exc)


def stop_on_refusal(next_node: str) -> Callable[[Any], str]:
    """A router for after the tools node: ``END`` when a tool call was refused (by the
    check, or by the owner), else ``next_node``."""

    def route(state: Any) -> str:
        messages = state["messages"] if isinstance(state, dict) else state.messages
        return END if refused_last(messages) else next_node

    return route


@overload
def guard(retry: Retry | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...
@overload
def guard(retry: Callable[..., Any]) -> Any: ...
def guard(retry: Retry | Callable[..., Any] | None = None) -> Any:
    """Decorate a tool function (below ``@tool``, so its signature stays the tool's).

    Each call runs through ``retry`` (a `toolerrors.retry.Retry`: its policy, check,
    idempotency key and sleep; ``Retry()`` when not given).  An error result is
    raised as `ToolFailure`, for `handle_tool_errors` to format.  When the check holds
    the call for approval, the graph pauses with ``interrupt()``, showing the owner the
    error as a dict (``{"approval": ..., "text": ...}``).  On resume LangGraph runs the
    tool again from its start: if the check still holds it, anything but a yes refuses
    it; told yes, the check lets it run once.  An ``async def`` tool stays a coroutine
    function, run through `toolerrors.retry.Retry.acall`.
    """

    if bare(retry, "guard"):  # @guard, without parentheses
        return guard()(retry)
    runner = retry if isinstance(retry, Retry) else Retry()
    runner = dataclasses.replace(runner, reraise=(*runner.reraise, GraphBubbleUp))

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        return run_through(fn, runner, _settled, ask=_ask_owner)

    return decorate


def _ask_owner(error: UnifiedError) -> None:
    """Pause the graph for the owner's answer; anything but a yes is a refusal."""
    answer = interrupt({"approval": error.to_dict(), "text": model_text(error)})
    if not approved(answer):
        raise OWNER_SAID_NO.exception()


def _settled(args: Any, kwargs: Any, result: Any, error: UnifiedError | None) -> Any:
    """The tool's result, or its error raised for `handle_tool_errors` to format."""
    if error is not None:
        raise given_up(error)
    return result
