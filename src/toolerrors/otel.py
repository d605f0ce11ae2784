"""OpenTelemetry (``pip install "toolerrors[otel]"``): a failed tool call recorded on its
span as the OpenTelemetry GenAI semantic conventions say, where tracing backends look.

- ``error.type`` is the error's kind (``rate_limited``), or ``_OTHER`` for ``unknown``:
  a short list of values (`ERROR_TYPES`), fit for grouping and alerts.  A value that
  other instrumentation set first (the MCP conventions' ``tool_error``) is kept.
- The span's status is ``ERROR`` with a short description (the kind, the vendor and its
  code; never the vendor's message, which may hold detail not meant for a trace), except
  where the error is handled: an approval asked for (`HANDLED`).
- The rest is under ``toolerrors.``: ``kind``, ``retryable`` (absent when not known),
  ``retry_after``, ``action``, ``vendor`` and ``code``.
- Nothing is recorded as a span event: exceptions stay with the instrumentation that
  caught them.

`toolerrors.retry` and the framework adapters call `record_error` on the current span by
themselves when OpenTelemetry is in use, and a retry that then succeeded records
nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ._extras import missing

try:
    from opentelemetry import trace
    from opentelemetry.trace import Status, StatusCode
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "otel") from exc

from ._python import from_exception
from ._semconv import ERROR_TYPE, ERROR_TYPES, HANDLED
from ._unified import ToolFailure

if TYPE_CHECKING:
    from opentelemetry.trace import Span
    from opentelemetry.util.types import AttributeValue

    from ._unified import UnifiedError

__all__ = [
    "ERROR_TYPE",
    "ERROR_TYPES",
    "HANDLED",
    "attributes",
    "error_type",
    "error_type_resolver",
    "record_current",
    "record_error",
]

_OURS: Final = frozenset(ERROR_TYPES.values())
"""The values this library writes, which a later error of its own may replace."""


def error_type(error: UnifiedError) -> str:
    """``error``'s ``error.type``."""
    return ERROR_TYPES[error.kind]


def attributes(error: UnifiedError) -> dict[str, AttributeValue]:
    """The ``toolerrors.`` attributes of ``error``; a field that is not known (a
    ``retryable`` of ``None``) is left out, never written as ``False``."""
    found: dict[str, AttributeValue] = {
        "toolerrors.kind": error.kind.value,
        "toolerrors.action": error.action.value,
    }
    optional = {
        "toolerrors.retryable": error.retryable,
        "toolerrors.retry_after": None if error.retry_after is None else float(error.retry_after),
        "toolerrors.vendor": error.vendor,
        "toolerrors.code": error.code,
    }
    found.update((name, value) for name, value in optional.items() if value is not None)
    return found


def _description(error: UnifiedError) -> str:
    said = " ".join(part for part in (error.vendor, error.code) if part)
    return f"{error.kind.value} ({said})" if said else error.kind.value


def record_error(span: Span, error: UnifiedError) -> None:
    """Record ``error`` on ``span`` (see the module's description); nothing on a span
    that is not recording."""
    if not span.is_recording():
        return
    # Only SDK spans can be read back; the API's Span has no attributes to read.
    current = (getattr(span, "attributes", None) or {}).get(ERROR_TYPE)
    if current is None or current in _OURS:  # another instrumentation's value is kept
        span.set_attribute(ERROR_TYPE, error_type(error))
    span.set_attributes(attributes(error))
    if error.kind not in HANDLED:
        span.set_status(Status(StatusCode.ERROR, _description(error)))


def record_current(error: UnifiedError) -> None:
    """`record_error` on the current span."""
    record_error(trace.get_current_span(), error)


def error_type_resolver(exception: BaseException) -> str | None:
    """The ``error.type`` of an exception a source's reader knows (a `ToolFailure`, a
    vendor SDK's HTTP error), else ``None``: an ``ErrorTypeResolver`` for
    ``opentelemetry-util-genai``, which then falls back to the exception's type name."""
    error = from_exception(exception)
    if error.vendor == "python" and not isinstance(exception, ToolFailure):
        return None
    return error_type(error)
