"""LangChain 1.x (``pip install "toolerrors[langchain]"``): one middleware for
``create_agent`` that makes tool failures safe.

One line of glue::

    agent = create_agent(model, tools, middleware=[ToolErrorsMiddleware()],
                         checkpointer=InMemorySaver())

- A failure, raised or returned in-band, becomes ``ToolMessage(status="error")`` whose
  content is `toolerrors.model_text` (our guidance; the vendor's message as data; nothing
  from a bug's text) and whose ``artifact`` is the unified error as a dict.
- Each call runs through `toolerrors.retry.Retry`: a rate limit waits and tries once
  more, an unknown outcome is never re-run blindly, a bug never.
- An approval pauses the run with LangGraph's ``interrupt()``; resumed with a yes, the
  call runs once, and with anything else it is refused and never runs.
- A refusal ends the run: the model is not asked again, so it can't try another way.
- `retry_on` is the predicate for ``ToolRetryMiddleware(retry_on=...)`` if you keep one.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

try:
    from langchain.agents.middleware.types import AgentMiddleware, hook_config
    from langchain_core.messages import ToolMessage
    from langgraph.errors import GraphBubbleUp
    from langgraph.types import interrupt
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise ImportError(
        f'{__name__} needs LangChain: pip install "langchain>=1.5" (or "toolerrors[langchain]")'
    ) from exc

from .._kinds import ErrorKind
from .._read import error_of
from .._retry import retry_on
from .._text import model_text
from .._unified import ToolFailure, UnifiedError
from ..retry import Retry
from ._common import APPROVED, OWNER_SAID_NO, approved, refused_last

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["APPROVED", "ToolErrorsMiddleware", "retry_on"]


def _in_band(message: Any) -> UnifiedError | None:
    """The error a tool returned instead of raising, from its message's content."""
    if not isinstance(message, ToolMessage) or message.status == "error":
        return None
    content = message.content
    return error_of(content) if isinstance(content, (str, dict)) else None


class ToolErrorsMiddleware(AgentMiddleware):
    """Safe tool failures for ``create_agent``: see the module's description."""

    def __init__(self, retry: Retry | None = None) -> None:
        super().__init__()
        runner = retry if retry is not None else Retry()
        self.retry = dataclasses.replace(runner, reraise=(*runner.reraise, GraphBubbleUp))

    def _attempt(
        self, request: Any, handler: Callable[[Any], Any]
    ) -> tuple[Any, UnifiedError | None]:
        def run(request: Any) -> Any:
            message = handler(request)
            error = _in_band(message)
            return message if error is None else error  # an error result, for Retry to read

        try:
            result = self.retry.call(run, request)
        except ToolFailure as failure:
            return None, failure.error
        return (None, result) if isinstance(result, UnifiedError) else (result, None)

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        """Run the call; a failure becomes an error ``ToolMessage`` the model can rely on."""
        result, error = self._attempt(request, handler)
        if error is not None and error.kind is ErrorKind.APPROVAL_REQUIRED:
            answer = interrupt({"approval": error.to_dict(), "text": model_text(error)})
            yes = approved(answer)
            result, error = self._attempt(request, handler) if yes else (None, OWNER_SAID_NO)
        if error is None:
            return result
        call = request.tool_call
        return ToolMessage(
            content=model_text(error),
            name=call["name"],
            tool_call_id=call["id"],
            status="error",
            artifact=error.to_dict(),
        )

    @hook_config(can_jump_to=["end"])
    def before_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """End the run after a refusal, before the model could look for another way."""
        return {"jump_to": "end"} if refused_last(state["messages"]) else None
