"""One tool call run safely, for the LangGraph-based frameworks: LangChain's
``create_agent`` middleware and LangGraph's ``ToolNode`` both hand a wrapper the same
``ToolCallRequest`` and a handler that runs the tool, sync or async.

A failure, raised, returned in-band, or made an error ``ToolMessage`` by a layer inside,
becomes an error ``ToolMessage`` whose content is `toolerrors.model_text` and whose
``artifact`` is the unified error as a dict.  Each call runs through
`toolerrors.retry.Retry`.  An approval pauses with LangGraph's ``interrupt()``; resumed,
LangGraph runs the node again from its start, so the use_tool check decides, and
anything but a yes refuses a call the check still holds.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import TYPE_CHECKING, Any

from langchain_core.messages import ToolMessage
from langchain_core.runnables.config import var_child_runnable_config
from langgraph.errors import GraphBubbleUp
from langgraph.types import interrupt

from .._kinds import ErrorKind
from .._read import error_of
from .._spans import record_failure
from .._text import model_text
from .._unified import ToolFailure, UnifiedError
from ..retry import Retry
from ._common import OWNER_SAID_NO, answered, approved, keyed

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

__all__ = ["ToolCalls"]


def _in_band(message: Any) -> UnifiedError | None:
    """The error a tool returned instead of raising, from its message's content."""
    if not isinstance(message, ToolMessage) or message.status == "error":
        return None
    content = message.content
    return error_of(content) if isinstance(content, (str, dict)) else None


def _handled(message: Any) -> UnifiedError | None:
    """The failure a layer inside already made an error ``ToolMessage`` of (LangGraph's
    ``handle_tool_errors``, a tool's ``handle_tool_error``, another middleware): the
    error its artifact or text carries, else one of kind ``unknown`` (retry advice not
    known) whose message is its text.  It is not retried here: that layer has had its
    say."""
    if not isinstance(message, ToolMessage) or message.status != "error":
        return None
    return answered(str(message.text), message.artifact)


def _approval(error: UnifiedError) -> dict[str, Any]:
    """What ``interrupt()`` shows the owner: the error as a dict, and as text."""
    return {"approval": error.to_dict(), "text": model_text(error)}


def _ask_owner(request: Any, error: UnifiedError) -> bool:
    """The owner's answer to an approval, through ``interrupt()``.  On Python 3.10 an async
    wrapper does not inherit the graph's config (LangGraph reads it from a context
    variable that asyncio tasks copy only from 3.11 on), so it is set from the request's
    runtime for the call."""
    config = getattr(getattr(request, "runtime", None), "config", None)
    if sys.version_info >= (3, 11) or config is None:
        return approved(interrupt(_approval(error)))
    token = var_child_runnable_config.set(config)
    try:
        return approved(interrupt(_approval(error)))
    finally:
        var_child_runnable_config.reset(token)


def _error_message(request: Any, error: UnifiedError) -> ToolMessage:
    """The error ``ToolMessage`` a model sees: `toolerrors.model_text`, the error as a dict
    in its ``artifact``.  Recorded on the current span, when OpenTelemetry is in use."""
    record_failure(error)
    call = request.tool_call
    return ToolMessage(
        content=model_text(error, retried=True),  # it came through the Retry
        name=call["name"],
        tool_call_id=call["id"],
        status="error",
        artifact=error.to_dict(),
    )


def _settled(result: Any) -> tuple[Any, UnifiedError | None]:
    """What `toolerrors.retry.Retry` gave back, as (message, ``None``) or (``None``,
    error): an error result, or an error ``ToolMessage`` a layer inside made."""
    error = result if isinstance(result, UnifiedError) else _handled(result)
    return (result, None) if error is None else (None, error)


class ToolCalls:
    """``wrap`` and ``awrap``: a tool call wrapper, sync and async, as ``ToolNode`` and
    LangChain's middleware take one."""

    def __init__(self, retry: Retry | None = None) -> None:
        runner = retry if retry is not None else Retry()
        self.retry = dataclasses.replace(runner, reraise=(*runner.reraise, GraphBubbleUp))

    def _retry(self, request: Any) -> Retry:
        """The `Retry` for this call: keyed by the model's tool call id and arguments."""
        call = request.tool_call
        return keyed(self.retry, call.get("id"), call.get("args"))

    def _attempt(
        self, request: Any, handler: Callable[[Any], Any]
    ) -> tuple[Any, UnifiedError | None]:
        def run(request: Any) -> Any:
            message = handler(request)  # the key is the tool's through current_key()
            error = _in_band(message)
            return message if error is None else error  # an error result, for Retry to read

        try:
            result = self._retry(request).call(run, request)
        except ToolFailure as failure:
            return None, failure.error
        return _settled(result)

    async def _aattempt(
        self, request: Any, handler: Callable[[Any], Awaitable[Any]]
    ) -> tuple[Any, UnifiedError | None]:
        async def run(request: Any) -> Any:
            message = await handler(request)  # the key is the tool's through current_key()
            error = _in_band(message)
            return message if error is None else error  # an error result, for Retry to read

        try:
            result = await self._retry(request).acall(run, request)
        except ToolFailure as failure:
            return None, failure.error
        return _settled(result)

    def wrap(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        """Run the call; a failure becomes an error ``ToolMessage`` the model can rely on."""
        result, error = self._attempt(request, handler)
        if error is not None and error.kind is ErrorKind.APPROVAL_REQUIRED:
            yes = _ask_owner(request, error)
            result, error = self._attempt(request, handler) if yes else (None, OWNER_SAID_NO)
        return result if error is None else _error_message(request, error)

    async def awrap(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        """`wrap` for ``ainvoke`` and ``astream``, with sync and async tools."""
        result, error = await self._aattempt(request, handler)
        if error is not None and error.kind is ErrorKind.APPROVAL_REQUIRED:
            yes = _ask_owner(request, error)
            result, error = await self._aattempt(request, handler) if yes else (None, OWNER_SAID_NO)
        return result if error is None else _error_message(request, error)
