"""openai-agents (``pip install "toolerrors[openai-agents]"``): safe tool failures.

One line of glue, whatever the number of tools::

    agent = Agent(name="payer", tools=guarded_tools(pay, search, send))

or, per tool::

    @guard()
    def pay(amount: int) -> dict: ...

    tool = function_tool(pay, needs_approval=pay.needs_approval,
                         failure_error_function=failure_error_function,
                         timeout_error_function=failure_error_function)

- `failure_error_function` gives the model `toolerrors.model_text` instead of the SDK's
  "Please try again.": our guidance, the vendor's message as data, nothing from a bug's
  text.  The SDK's own tool timeout reads as an unknown outcome: check first.
- A refusal raises `Refused` out of the run (the SDK wraps it in its ``UserError``;
  `toolerrors.from_exception` reads it through the cause): no other tool is tried.
- `guard` runs each call through `toolerrors.retry.Retry` (a rate limit waits and tries
  once more; an unknown outcome is never re-run blindly; a bug never) and raises an error
  result, for `failure_error_function` to format.  The SDK can't pause inside a tool, so
  a call the check holds for approval is told to the model ("ask the owner first"), and
  the same call made again in the same conversation is an SDK interruption
  (``needs_approval``): approved with ``state.approve(...)`` it runs once, rejected it
  never runs.  The usual next turn is a new run, given the previous turn's items
  (``result.to_input_list()``) or the same ``Session``: the held call is found again in
  that input.  What the check held belongs to its conversation (the run's own context
  and the items it is given), never to the process: another conversation, for another
  user, with the same arguments is not paused by it.
- `tool_error_formatter` is the run-wide form, for ``RunConfig(tool_error_formatter=...)``.
"""

from __future__ import annotations

import inspect
import json
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Final, TypeVar, overload

from .._extras import missing

try:
    from agents import FunctionTool, RunContextWrapper, function_tool
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "openai-agents") from exc

from .._kinds import ErrorKind
from .._python import from_exception
from .._text import model_text, told
from ..retry import Retry
from ._common import OWNER_SAID_NO, Refused, bare, failure_text, given_up, run_through

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from .._unified import UnifiedError

__all__ = ["Refused", "failure_error_function", "guard", "guarded_tools", "tool_error_formatter"]


def failure_error_function(context: Any, error: Exception) -> str:
    """``function_tool(failure_error_function=...)`` and ``timeout_error_function``: the
    text a model should see; a refusal ends the run instead."""
    unified = from_exception(error)
    if unified.kind is ErrorKind.REFUSED:
        raise Refused(unified) from error
    return failure_text(error)


def tool_error_formatter(args: Any) -> str | None:
    """``RunConfig(tool_error_formatter=...)``: `model_text` for a tool's exception, and
    for an owner's rejection; the SDK's own text otherwise."""
    if args.kind == "tool_exception" and args.error is not None:
        return failure_text(args.error)
    if args.kind == "approval_rejected":
        return model_text(OWNER_SAID_NO)
    return None


def _key(arguments: dict[str, Any]) -> str:
    return json.dumps(arguments, sort_keys=True, default=repr)


def _arguments(signature: inspect.Signature, args: Any, kwargs: Any) -> dict[str, Any]:
    """The call's arguments by name, as ``needs_approval`` receives them: the run
    context, which the SDK passes first to a tool that takes it, left out."""
    bound = signature.bind_partial(*args, **kwargs).arguments
    return {
        name: value for name, value in bound.items() if not isinstance(value, RunContextWrapper)
    }


_HELD: ContextVar[set[tuple[str, str]] | None] = ContextVar("toolerrors_held", default=None)
"""The held calls of the run whose tool call is being decided: set by ``needs_approval``,
which the SDK awaits just before it runs the call, and read when the call settles."""

_ATTRIBUTE: Final = "_toolerrors_held"


def _held_in(context: Any) -> set[tuple[str, str]]:
    """The calls the check held in this run, kept on the run's own context wrapper (which
    ``to_state()`` and a resumed run keep): they end with the run, never in the process."""
    held: set[tuple[str, str]] | None = getattr(context, _ATTRIBUTE, None)
    if held is None:
        held = set()
        setattr(context, _ATTRIBUTE, held)
    return held


_Call = TypeVar("_Call")


def _note(held: set[_Call], call: _Call, kind: ErrorKind | None) -> None:
    """What a call's outcome (``None`` for a success) does to the held calls: the check's
    hold keeps the call, running frees it, any other failure leaves it as it was."""
    if kind is None:
        held.discard(call)
    elif kind is ErrorKind.APPROVAL_REQUIRED:
        held.add(call)


def _held_earlier(items: Iterable[Any], tool: str) -> set[str]:
    """The calls of ``tool`` (by `_key`) that the check held earlier in the conversation,
    read from the input a run was given (the previous turns' items, a ``Session``'s
    history): each function call, and the `model_text` its output told the model."""
    calls: dict[Any, str] = {}
    held: set[str] = set()
    for item in items:
        if not isinstance(item, dict):
            continue
        if item.get("type") == "function_call" and item.get("name") == tool:
            try:
                calls[item.get("call_id")] = _key(json.loads(item["arguments"]))
            except (KeyError, TypeError, ValueError):
                continue
        elif item.get("type") == "function_call_output" and item.get("call_id") in calls:
            output = item.get("output")
            if isinstance(output, str):
                _note(held, calls[item["call_id"]], told(output))
    return held


@overload
def guard(retry: Retry | None = None) -> Callable[[Callable[..., Any]], Any]: ...
@overload
def guard(retry: Callable[..., Any]) -> Any: ...
def guard(retry: Retry | Callable[..., Any] | None = None) -> Any:
    """Decorate a tool function before ``function_tool``; the result also has
    ``needs_approval``, the policy that pauses a call the check held before in the same
    conversation (give it to ``function_tool``: the held calls are remembered only
    through it).  The conversation's earlier calls are found by the tool's name, the
    function's own, as ``function_tool`` names it."""
    if bare(retry, "guard"):  # @guard, without parentheses
        return guard()(retry)
    runner = retry if isinstance(retry, Retry) else Retry()

    def decorate(fn: Callable[..., Any]) -> Any:
        signature = inspect.signature(fn)
        name = f"{fn.__module__}.{fn.__qualname__}"

        def settle(args: Any, kwargs: Any, outcome: Any, error: UnifiedError | None) -> Any:
            held = _HELD.get()
            call = (name, _key(_arguments(signature, args, kwargs)))
            if held is not None:  # the same call made again in this run pauses for the owner
                _note(held, call, None if error is None else error.kind)
            if error is None:
                return outcome
            raise given_up(error)

        async def needs_approval(context: Any, params: dict[str, Any], call_id: str) -> bool:
            held = _held_in(context)
            _HELD.set(held)
            key = _key(params)
            return (name, key) in held or key in _held_earlier(context.turn_input, fn.__name__)

        def identify(args: Any, kwargs: Any) -> tuple[object, object]:
            """The model's call id, from the ``ToolContext`` a tool that takes one is
            given, and the call's arguments by name."""
            context = next((a for a in args if isinstance(a, RunContextWrapper)), None)
            return getattr(context, "tool_call_id", None), _arguments(signature, args, kwargs)

        wrapper = run_through(fn, runner, settle, identify=identify)
        wrapper.needs_approval = needs_approval  # type: ignore[attr-defined]
        return wrapper

    return decorate


def guarded_tools(
    *functions: Callable[..., Any], retry: Retry | None = None, **options: Any
) -> list[FunctionTool]:
    """Each function as a ``function_tool`` with `guard`, its ``needs_approval`` and
    `failure_error_function` (also as ``timeout_error_function``): the whole glue, in one
    line whatever the number of tools, ``Agent(..., tools=guarded_tools(pay, search))``.
    ``options`` go to every ``function_tool`` (``timeout=``, ``strict_mode=``, ...)."""
    tools = []
    for fn in functions:
        guarded = guard(retry)(fn)
        tools.append(
            function_tool(
                guarded,
                needs_approval=guarded.needs_approval,
                failure_error_function=failure_error_function,
                timeout_error_function=failure_error_function,
                **options,
            )
        )
    return tools
