"""LangChain 1.x (``pip install "toolerrors[langchain]"``): one middleware for
``create_agent`` that makes tool failures safe.

One line of glue::

    agent = create_agent(model, tools, middleware=[ToolFailureMiddleware()],
                         checkpointer=InMemorySaver())

- A failure, raised, returned in-band, or made an error message by a layer inside (a
  tool's ``handle_tool_error``), becomes ``ToolMessage(status="error")`` whose
  content is `toolerrors.model_text` (our guidance; the vendor's message as data; nothing
  from a bug's text) and whose ``artifact`` is the unified error as a dict.
- Each call runs through `toolerrors.retry.Retry`: a rate limit waits and tries once
  more, an unknown outcome is never re-run blindly, a bug never.
- An approval pauses the run with LangGraph's ``interrupt()``.  A resume runs the tool
  again from its start, so the use_tool check decides: told yes, the call runs once;
  still holding it, anything but a yes refuses it and it never runs.
- A refusal ends the run: the model is not asked again, so it can't try another way.
- ``invoke`` and ``ainvoke``/``astream`` alike, with sync and async tools.
- List it after ``ToolRetryMiddleware``; listed before one, it raises `UnsafeWiring`
  before the tool runs, unless that one is given the safe predicate, `retry_on`.
- Beside LangChain's own ``ToolErrorMiddleware``, in either order, a payment is charged
  once: listed first, it has nothing to answer; listed after, the failures its
  ``on_error`` answers are read from its message and never re-run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._extras import missing

try:
    from langchain.agents.middleware.tool_retry import ToolRetryMiddleware
    from langchain.agents.middleware.types import AgentMiddleware, hook_config

    from ._toolcall import ToolCalls
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "langchain") from exc

from .._retry import retry_on
from ._common import APPROVED, UnsafeWiring, layer_inside, refused_last, unsafe_wiring

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from ..retry import Retry

__all__ = [
    "APPROVED",
    "ToolErrorsMiddleware",
    "ToolFailureMiddleware",
    "UnsafeWiring",
    "retry_on",
]


def _check_wiring(handler: Callable[..., Any]) -> None:
    """Refuse a ``ToolRetryMiddleware`` (or a subclass) inside this one: it would re-run
    the tool on its own terms (every exception, by default) before toolerrors could stop
    it."""
    inner = layer_inside(handler, (ToolRetryMiddleware,))
    if inner is not None and getattr(inner, "retry_on", None) is not retry_on:
        raise unsafe_wiring(
            "ToolRetryMiddleware runs inside ToolFailureMiddleware, so it would re-run a tool"
            " that may already have acted (a payment that timed out) before toolerrors can"
            " stop it: list ToolFailureMiddleware after it, middleware=[ToolRetryMiddleware("
            "...), ToolFailureMiddleware()], or give it"
            " retry_on=toolerrors.integrations.langchain.retry_on"
        )


class ToolFailureMiddleware(AgentMiddleware):
    """Safe tool failures for ``create_agent``: see the module's description."""

    def __init__(self, retry: Retry | None = None) -> None:
        super().__init__()
        self._calls = ToolCalls(retry)
        self.retry = self._calls.retry

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        """Run the call; a failure becomes an error ``ToolMessage`` the model can rely on."""
        _check_wiring(handler)
        return self._calls.wrap(request, handler)

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        """`wrap_tool_call` for ``ainvoke`` and ``astream``, with sync and async tools."""
        _check_wiring(handler)
        return await self._calls.awrap(request, handler)

    @hook_config(can_jump_to=["end"])
    def before_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """End the run after a refusal, before the model could look for another way."""
        return {"jump_to": "end"} if refused_last(state["messages"]) else None


ToolErrorsMiddleware = ToolFailureMiddleware
"""The old name of `ToolFailureMiddleware` (the same class), kept so that code written
for it goes on working; one letter from LangChain's own ``ToolErrorMiddleware``."""
