"""What the framework adapters share: the owner's yes, the refusal that ends a run, and a
tool function run through `toolerrors.retry.Retry` with its outcome settled by the
adapter."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import logging
from collections import deque
from types import CellType, FunctionType, MethodType
from typing import TYPE_CHECKING, Any, Final, TypeGuard

from .._errors import ComparedByArgs
from .._kinds import ErrorKind
from .._python import from_exception
from .._read import error_of
from .._text import model_text, told
from .._unified import ToolFailure, UnifiedError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from ..retry import Retry

__all__ = [
    "APPROVED",
    "OWNER_SAID_NO",
    "Refused",
    "UnsafeWiring",
    "answered",
    "approved",
    "bare",
    "keyed",
    "layer_inside",
    "refused_last",
    "run_through",
    "unsafe_wiring",
]

APPROVED: Final = frozenset({"yes", "y", "approve", "approved", "ok"})
"""Answers (case-insensitive) that mean the owner said yes; ``True`` does too.  Anything
else is a no."""


def approved(answer: object) -> bool:
    """Whether the owner's answer to an approval is a yes."""
    return answer is True or (isinstance(answer, str) and answer.strip().lower() in APPROVED)


def keyed(retry: Retry, key: object, arguments: object = None, *, given: bool = False) -> Retry:
    """``retry`` for one call the framework identifies.  Where ``retry`` makes its own key
    (``idempotency_key=True``, no ``call_id``), the call's key is `stable_key` of the
    framework's call id ``key`` and the call's ``arguments`` (or ``key`` itself when the
    caller ``given`` it, an MCP client's ``_meta`` key): the same in every attempt, and
    when a paused run resumes the held call, so that a server which saw an earlier
    attempt recognises it.  Otherwise ``retry`` as it is: a key of the caller's wins,
    and a call with no id (or arguments JSON cannot hold) gets a random one."""
    from ..retry import stable_key

    if retry.idempotency_key is not True or retry.call_id is not None:
        return retry
    if not isinstance(key, str) or not key:
        return retry
    if not given:
        if isinstance(arguments, dict):  # a key argument of the tool's is no argument
            arguments = {k: v for k, v in arguments.items() if k != "idempotency_key"}
        try:
            key = stable_key(key, arguments)
        except TypeError:
            return retry
    return dataclasses.replace(retry, idempotency_key=key)


def bare(retry: object, name: str) -> TypeGuard[Callable[..., Any]]:
    """Whether a decorator that takes a `toolerrors.retry.Retry` was put on a function
    without parentheses (``@guard``), so that ``retry`` is the function itself.

    Anything but a function, a ``Retry`` or ``None`` is refused with a ``TypeError``
    naming both forms, rather than failing later on an attribute it lacks.
    """
    from ..retry import Retry

    if retry is None or isinstance(retry, Retry):
        return False
    if callable(retry) and not isinstance(retry, type):
        return True
    raise TypeError(
        f"{name}() takes a toolerrors.retry.Retry or nothing, got {type(retry).__name__}: "
        f"write @{name} or @{name}(Retry(...))"
    )


def answered(text: str, carrier: object = None) -> UnifiedError:
    """The failure a framework's own error layer answered with ``text`` (LangChain's
    ``ToolErrorMiddleware`` or a tool's ``handle_tool_error``, pydantic-ai's
    ``ModelRetry`` or ``ToolFailed`` for an MCP server's error): the error ``carrier``
    (a message's artifact) or ``text`` carries, else one of kind ``unknown`` whose retry
    advice is not known and whose message is ``text``.  That layer has had its say, so
    it is never run again on toolerrors' account."""
    found = error_of(carrier) or error_of(text)
    return found if found is not None else UnifiedError(ErrorKind.UNKNOWN, text)


def given_up(error: UnifiedError) -> ToolFailure:
    """``error``, which the adapter's `Retry` gave up on, as the exception a framework
    formats: marked `ToolFailure.retried`, so that its `toolerrors.model_text` tells the
    model the attempts were made."""
    failure = error.exception()
    failure.retried = True
    return failure


def failure_text(exc: BaseException) -> str:
    """`toolerrors.model_text` for an exception a framework caught: the error it carries,
    and whether a retry layer already gave up on it."""
    retried = isinstance(exc, ToolFailure) and exc.retried
    return model_text(from_exception(exc), retried=retried)


OWNER_SAID_NO: Final = UnifiedError(ErrorKind.REFUSED, "The owner said no.", retryable=False)
"""What an owner's no to an approval is: a refusal, which ends the run."""


def refused_last(messages: Any) -> bool:
    """Whether the tool messages at the end of a LangChain message list hold a refusal:
    an error ``ToolMessage`` whose `toolerrors.model_text` tells one."""
    for message in reversed(messages):
        if getattr(message, "type", None) != "tool":
            return False
        if getattr(message, "status", None) == "error" and (
            told(str(message.content)) is ErrorKind.REFUSED
        ):
            return True
    return False


class Refused(ToolFailure):
    """The check (or the owner) refused the call: it ends the run."""


class UnsafeWiring(ComparedByArgs, RuntimeError):
    """The adapter is wired where a framework's own retry layer sits inside it and would
    re-run a tool (a payment that timed out after it went through) before toolerrors can
    stop it.  Raised before the tool runs; the message names the fix."""


def unsafe_wiring(message: str) -> UnsafeWiring:
    """`UnsafeWiring` with ``message``, also logged as an error on the ``toolerrors``
    logger: a framework's catch-all error layer around the adapter (LangChain's
    ``ToolErrorMiddleware``) turns the exception into a message for the model, and the
    log is then where the developer learns the fix (Python prints it to stderr when
    logging is not set up)."""
    logging.getLogger("toolerrors").error("%s", message)
    return UnsafeWiring(message)


def layer_inside(handler: object, kinds: tuple[type, ...]) -> Any:
    """The first instance of one of ``kinds`` (a subclass included) that ``handler``
    reaches through closures, default arguments, bound methods and partials, or ``None``.

    LangChain's ``create_agent`` builds each middleware's handler as a closure over the
    next layer (``_chain_tool_call_wrappers``), and FastMCP binds it as a default
    argument (``_run_middleware``): what a handler holds is what runs inside it.  Only
    functions, methods and partials are opened, and each object once, so the walk ends
    where the chain does, however many layers it has and whatever else they hold.
    """
    queue: deque[object] = deque([handler])
    seen = {id(handler)}
    while queue:
        current = queue.popleft()
        if isinstance(current, kinds):
            return current
        for inner in _held(current):
            if id(inner) not in seen:
                seen.add(id(inner))
                queue.append(inner)
    return None


def _held(obj: object) -> tuple[object, ...]:
    """What a function, bound method or partial holds and may call; nothing for any
    other object (its attributes are its own business, and may be made up on request)."""
    if isinstance(obj, MethodType):
        return (obj.__self__, obj.__func__)
    if isinstance(obj, functools.partial):
        return (obj.func, *obj.args, *obj.keywords.values())
    if isinstance(obj, FunctionType):
        cells = tuple(_filled(obj.__closure__ or ()))
        return (*(obj.__defaults__ or ()), *(obj.__kwdefaults__ or {}).values(), *cells)
    return ()


def _filled(cells: tuple[CellType, ...]) -> Iterator[object]:
    for cell in cells:
        try:
            yield cell.cell_contents
        except ValueError:  # a cell not filled yet
            continue


def run_through(
    fn: Callable[..., Any],
    runner: Retry,
    settle: Callable[[tuple[Any, ...], dict[str, Any], Any, UnifiedError | None], Any],
    ask: Callable[[UnifiedError], None] | None = None,
    identify: Callable[[tuple[Any, ...], dict[str, Any]], tuple[object, object]] | None = None,
) -> Callable[..., Any]:
    """``fn`` (sync or async) run through ``runner``; ``settle(args, kwargs, outcome,
    error)`` gets the outcome and the error in it (``None`` for a success) and returns
    what the tool returns, or raises.

    With ``ask``, a call the check holds for approval is the owner's to decide where the
    framework can pause inside a tool: ``ask(error)`` returns when the owner said yes
    (and raises otherwise), and the call is tried once more, its outcome settled.  With
    ``identify(args, kwargs)``, the framework's call id and the call's arguments, found
    in the arguments it passes the tool (its run context), key the call (`keyed`)."""

    def keyed_for(args: Any, kwargs: Any) -> Retry:
        return runner if identify is None else keyed(runner, *identify(args, kwargs))

    if inspect.iscoroutinefunction(fn):

        async def attempt_async(args: Any, kwargs: Any) -> tuple[Any, UnifiedError | None]:
            try:
                outcome = await keyed_for(args, kwargs).acall(fn, *args, **kwargs)
            except ToolFailure as failure:
                return None, failure.error
            return outcome, error_of(outcome)

        @functools.wraps(fn)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            outcome, error = await attempt_async(args, kwargs)
            if ask is not None and _held_back(error):
                ask(error)
                outcome, error = await attempt_async(args, kwargs)
            return settle(args, kwargs, outcome, error)

        return async_wrapper

    def attempt(args: Any, kwargs: Any) -> tuple[Any, UnifiedError | None]:
        try:
            outcome = keyed_for(args, kwargs).call(fn, *args, **kwargs)
        except ToolFailure as failure:
            return None, failure.error
        return outcome, error_of(outcome)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        outcome, error = attempt(args, kwargs)
        if ask is not None and _held_back(error):
            ask(error)
            outcome, error = attempt(args, kwargs)
        return settle(args, kwargs, outcome, error)

    return wrapper


def _held_back(error: UnifiedError | None) -> TypeGuard[UnifiedError]:
    """Whether the check held the call back for the owner's approval."""
    return error is not None and error.kind is ErrorKind.APPROVAL_REQUIRED
