"""FastMCP (``pip install "toolerrors[fastmcp]"``): tool failures as structured results.

One line of glue on the server::

    mcp.add_middleware(ToolFailureMiddleware())

- A tool's failure, raised or returned in-band, comes back to the client as an MCP result
  with ``isError: true`` and the same JSON as the first text block and as
  ``structuredContent``: the error in its own vendor's shape (use_tool, Pythe,
  Configure), else as RFC 9457 problem details, which keep approval, refusal and unknown
  outcome.  A second text block is `toolerrors.model_text`: what a model should do,
  for clients that show the model the text alone.
- A vendor's error is shown as it is; a Python exception (a bug, a timeout) is masked:
  the client learns its kind and retry advice (a bug: failed inside, don't run it again;
  a timeout: check first), never its text.  FastMCP's ``ToolError`` and its own errors
  ("Unknown tool: 'x'") are shown in their words.
- Each call runs through `toolerrors.retry.Retry`: a rate limit waits and tries once
  more, an unknown outcome is never re-run blindly, a bug never.  Unlike FastMCP's
  ``RetryMiddleware``, which retries ``TimeoutError`` whatever the tool did.
- With ``Retry(idempotency_key=True)``, a key the client sent in the request's
  ``_meta`` (`toolerrors.retry.IDEMPOTENCY_META`) is the call's key: the tool reads it
  with `toolerrors.retry.current_key` and sends it on, so that a client's retry of a
  call that timed out is recognised downstream.

Beside FastMCP's own ``ErrorHandlingMiddleware``, in either order, a failure reads the
same: added first, it has nothing to handle; added after, the exception it raises as an
``MCPError`` is read by the tool's exception it was raised from, so a bug stays masked
and a timeout an unknown outcome.

Add it after FastMCP's ``RetryMiddleware``, if you keep one: it then runs inside, and
that retry has nothing to re-run.  Added before one, it raises `UnsafeWiring` before the
tool runs (the server's log names the fix).

On the client, `toolerrors.error_of` reads the results (``raise_on_error=False``).
"""

from __future__ import annotations

import json
from typing import Any, Final

from .._extras import missing

try:
    from fastmcp.server.middleware import Middleware
    from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware, RetryMiddleware
    from fastmcp.tools.base import ToolResult
    from mcp import MCPError
    from mcp.types import TextContent
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "fastmcp") from exc

from .._kinds import ErrorKind
from .._read import error_of
from .._text import model_text
from .._toolfailure import KEY, write
from .._unified import ToolFailure, UnifiedError
from .._write import keeping, to_wire
from ..retry import IDEMPOTENCY_META, Retry
from ._common import UnsafeWiring, keyed, layer_inside, unsafe_wiring

__all__ = ["ToolErrorsMiddleware", "ToolFailureMiddleware", "UnsafeWiring"]

_MASKED: Final = {
    ErrorKind.INTERNAL: "The tool failed inside itself.",
    ErrorKind.UNKNOWN_OUTCOME: "The tool's call was cut short: it may or may not have happened.",
}
"""What a client is told instead of a Python exception's text, which may hold internal
detail: the kind, the retry advice and these words are kept."""


def _masked(error: UnifiedError) -> UnifiedError:
    text = _MASKED.get(error.kind, "The tool failed; its own error text is not shown.")
    return UnifiedError(error.kind, text, retryable=error.retryable, vendor="mcp")


def _result(error: UnifiedError) -> ToolResult:
    if error.vendor == "python":
        error = _masked(error)  # a Python exception's text never leaves the server
    wire = to_wire(error, keeping(error))
    return ToolResult(
        content=[
            TextContent(type="text", text=json.dumps(wire, ensure_ascii=False)),
            # what to do, for a model; the error came through the Retry
            TextContent(type="text", text=model_text(error, retried=True)),
        ],
        structured_content=wire,
        is_error=True,
        meta={KEY: write(error)},  # MCP's proposed tool-failure metadata
    )


def _check_wiring(call_next: Any) -> None:
    """Refuse a ``RetryMiddleware`` (or a subclass) added after this one, which runs
    inside it and would re-run a tool that timed out (``TimeoutError`` by default) before
    toolerrors can stop it."""
    inner = layer_inside(call_next, (RetryMiddleware,))
    retried: tuple[type[BaseException], ...] = getattr(inner, "retry_exceptions", ())
    if retried:  # FastMCP's own default: TimeoutError and ConnectionError
        raise unsafe_wiring(
            "RetryMiddleware was added after ToolFailureMiddleware, so it runs inside it and"
            " would re-run a tool that may already have acted (a payment that timed out)"
            " before toolerrors can stop it: add ToolFailureMiddleware after RetryMiddleware,"
            " or leave RetryMiddleware out (ToolFailureMiddleware retries what is safe)"
        )


def _translated_inside(call_next: Any) -> bool:
    """Whether FastMCP's ``ErrorHandlingMiddleware`` (or a subclass), added after this
    one, runs inside it and turns a tool's exception into an ``MCPError`` raised from it
    ("Not found: ..." for a bug's ``KeyError``, with its text): the exception it was
    raised from is then the one to read."""
    inner = layer_inside(call_next, (ErrorHandlingMiddleware,))
    return bool(getattr(inner, "transform_errors", False))


def _keyed(retry: Retry, context: Any) -> Retry:
    """The `Retry` for one call: keyed by the client's own key, where it sent one in the
    request's ``_meta`` (`toolerrors.retry.IDEMPOTENCY_META`) and ``retry`` keys calls.
    FastMCP keeps the request's ``_meta`` on its request context, not on the message."""
    request = getattr(getattr(context, "fastmcp_context", None), "request_context", None)
    for meta in (getattr(context.message, "meta", None), getattr(request, "meta", None)):
        if isinstance(meta, dict) and IDEMPOTENCY_META in meta:
            return keyed(retry, meta[IDEMPOTENCY_META], given=True)
    return retry


class ToolFailureMiddleware(Middleware):
    """Structured, safe tool failures for a FastMCP server: see the module's description."""

    def __init__(self, retry: Retry | None = None) -> None:
        self.retry = retry if retry is not None else Retry()

    async def on_call_tool(self, context: Any, call_next: Any) -> Any:
        _check_wiring(call_next)
        translated = _translated_inside(call_next)

        async def attempt(context: Any) -> Any:
            try:  # the key is the tool's through current_key()
                result = await call_next(context)
            except MCPError as exc:
                cause = exc.__cause__
                if translated and cause is not None:  # the tool's own exception, as if alone
                    raise cause from cause.__cause__
                raise
            found = error_of(result)  # in its structured content, or its text alone
            return found if found is not None else result  # an error result, for Retry

        try:
            outcome = await _keyed(self.retry, context).acall(attempt, context)
        except ToolFailure as failure:
            return _result(failure.error)
        return _result(outcome) if isinstance(outcome, UnifiedError) else outcome


ToolErrorsMiddleware = ToolFailureMiddleware
"""The old name of `ToolFailureMiddleware` (the same class), kept so that code written
for it goes on working."""
