"""pydantic-ai (``pip install "toolerrors[pydantic-ai]"``): safe tool failures in an agent.

One line of glue for a whole toolset, whatever the number of its tools::

    agent = Agent(model, toolsets=[GuardedToolset(FunctionToolset([pay, search]))])

or one per tool, under the tool decorator::

    @agent.tool
    @guard()
    def pay(ctx: RunContext[None], amount: int) -> dict: ...

Each call runs through `toolerrors.retry.Retry` (a rate limit waits and tries once more,
an unknown outcome is never re-run blindly, a bug never), then:

- approval_required raises ``ApprovalRequired`` with the unified error as its metadata:
  the run ends with ``DeferredToolRequests``, and after the owner's yes
  (``DeferredToolResults(approvals={call_id: True})``) the call runs once; after a no,
  never;
- refused raises `Refused` (a `toolerrors.ToolFailure`), which ends the run: no further
  tool runs in it;
- the kinds the model can fix (invalid input, not found, ambiguous) raise ``ModelRetry``
  with `toolerrors.model_text`;
- everything else raises ``ToolFailed`` with `toolerrors.model_text`: a terminal failure
  the model sees and does not retry, with nothing from a bug's text.

`MCP_SETTINGS` are ``MCPToolset`` settings that never turn a server's error into a
``ModelRetry`` (its default, which re-runs a timed-out payment).  In a `GuardedToolset`,
any ``tool_error_behavior`` is safe: the server's error is read from the ``ModelRetry``,
``ToolFailed`` or ``ToolError`` it was raised as, and settled as above.  Don't give a
non-idempotent tool pydantic-ai's own ``timeout=``: it cancels the call mid-write and asks
the model to try again.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NoReturn, overload

from .._extras import missing

try:
    from pydantic_ai import RunContext
    from pydantic_ai.exceptions import ApprovalRequired, ModelRetry, ToolFailed
    from pydantic_ai.toolsets import WrapperToolset
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "pydantic-ai") from exc

from .._kinds import ErrorKind
from .._read import error_of
from .._text import model_text
from .._unified import ToolFailure
from ..retry import Retry
from ._common import Refused, answered, bare, keyed, run_through

if TYPE_CHECKING:
    from collections.abc import Callable

    from .._unified import UnifiedError

__all__ = ["FIX_INPUT", "MCP_SETTINGS", "GuardedToolset", "Refused", "guard"]

FIX_INPUT: Final = frozenset({ErrorKind.INVALID_INPUT, ErrorKind.NOT_FOUND, ErrorKind.AMBIGUOUS})
"""Kinds the model can fix by calling again differently: these become ``ModelRetry``."""

MCP_SETTINGS: Final = {"tool_error_behavior": "failed"}
"""Keyword arguments for ``MCPToolset``: a server's error becomes ``ToolFailed`` (seen,
not retried) instead of ``ModelRetry``."""


def _context(args: tuple[Any, ...]) -> RunContext[Any] | None:
    return next((arg for arg in args if isinstance(arg, RunContext)), None)


def _raise(error: UnifiedError, approved: bool) -> NoReturn:
    if error.kind is ErrorKind.APPROVAL_REQUIRED and not approved:
        raise ApprovalRequired(metadata=error.to_dict())
    if error.kind is ErrorKind.REFUSED:
        raise Refused(error)
    if error.kind in FIX_INPUT:
        raise ModelRetry(model_text(error))
    raise ToolFailed(model_text(error, retried=True))  # it came through the Retry


def _runner(retry: Retry | None) -> Retry:
    """``retry`` (``Retry()`` when not given) that lets pydantic-ai's own control flow
    (``ApprovalRequired``, ``ModelRetry``, ``ToolFailed``) through untouched."""
    runner = retry if isinstance(retry, Retry) else Retry()
    return dataclasses.replace(
        runner, reraise=(ApprovalRequired, ModelRetry, ToolFailed, *runner.reraise)
    )


@overload
def guard(retry: Retry | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...
@overload
def guard(retry: Callable[..., Any]) -> Any: ...
def guard(retry: Retry | Callable[..., Any] | None = None) -> Any:
    """Decorate a tool function (under ``@agent.tool`` or ``@agent.tool_plain``; its
    signature stays the tool's).  See the module's description; `GuardedToolset` does
    the same for every tool of a toolset."""
    if bare(retry, "guard"):  # @guard, without parentheses
        return guard()(retry)
    runner = _runner(retry if isinstance(retry, Retry) else None)

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        def settle(args: Any, kwargs: Any, outcome: Any, error: UnifiedError | None) -> Any:
            if error is None:
                return outcome
            context = _context(args)
            _raise(error, approved=context is not None and context.tool_call_approved)

        return run_through(fn, runner, settle, identify=_identify)

    return decorate


def _identify(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[object, object]:
    """The model's tool call id, from the ``RunContext`` a tool that takes one is given,
    and the call's arguments."""
    context = _context(args)
    return (None if context is None else context.tool_call_id), kwargs


def _answers_for_a_server(tool: Any) -> bool:
    """Whether ``tool``'s toolset is pydantic-ai's own error layer for an MCP server: one
    with a ``tool_error_behavior`` (``MCPToolset``), which raises a server's error as
    ``ModelRetry`` (its default, which would have the model run a timed-out payment
    again) or ``ToolFailed``, its kind lost either way."""
    return hasattr(getattr(tool, "toolset", None), "tool_error_behavior")


@dataclass
class GuardedToolset(WrapperToolset[Any]):
    """Every tool of ``wrapped`` (a ``FunctionToolset``, an ``MCPToolset``, ...) run as
    `guard` runs one, whatever their number: ``Agent(model,
    toolsets=[GuardedToolset(FunctionToolset([pay, search]))])``.  ``retry`` is the
    `toolerrors.retry.Retry` for every call (``Retry()`` when not given); with
    ``idempotency_key``, the key is passed to each tool as that argument (and is
    `toolerrors.retry.current_key`), made from the model's tool call id and arguments
    when ``idempotency_key=True``: the same in every attempt and after a resumed
    approval."""

    retry: Retry | None = None

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: Any
    ) -> Any:
        """Run the call through the `Retry`; a failure is raised as `guard` raises it."""

        async def call(**key: Any) -> Any:
            try:
                return await self.wrapped.call_tool(name, {**tool_args, **key}, ctx, tool)
            except (ModelRetry, ToolFailed) as exc:
                if not _answers_for_a_server(tool):
                    raise  # the tool's own word to the model
                return answered(exc.message)  # the server's error, for Retry to read

        try:
            runner = keyed(_runner(self.retry), ctx.tool_call_id, tool_args)
            outcome = await runner.acall(call)
        except ToolFailure as failure:
            _raise(failure.error, approved=ctx.tool_call_approved)
        error = error_of(outcome)
        if error is not None:
            _raise(error, approved=ctx.tool_call_approved)
        return outcome
