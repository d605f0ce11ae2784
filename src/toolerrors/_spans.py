"""The one place `toolerrors.retry` and the framework adapters record a failure for
tracing: on the current span, through `toolerrors.otel`, when OpenTelemetry is in use.

"In use" means some code has already imported ``opentelemetry.trace``: then a span may
be recording.  It is never imported from here, so without OpenTelemetry a failure costs
one dictionary lookup (``benchmarks/run.py`` shows it) and the package imports nothing.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._unified import UnifiedError

__all__ = ["record_failure"]


def record_failure(error: UnifiedError) -> None:
    """Record ``error`` on the current span, if OpenTelemetry is in use."""
    if "opentelemetry.trace" not in sys.modules:
        return
    from .otel import record_current

    record_current(error)
