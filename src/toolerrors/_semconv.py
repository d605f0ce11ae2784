"""The names OpenTelemetry's semantic conventions give a failed tool call, apart from
`toolerrors.otel` so that they are known (to the docs, say) without OpenTelemetry."""

from __future__ import annotations

from typing import Final

from ._kinds import ErrorKind

__all__ = ["ERROR_TYPE", "ERROR_TYPES", "HANDLED"]

ERROR_TYPE: Final = "error.type"
"""The conventions' attribute for the class of error an operation ended with."""

ERROR_TYPES: Final[dict[ErrorKind, str]] = {
    kind: "_OTHER" if kind is ErrorKind.UNKNOWN else kind.value for kind in ErrorKind
}
"""The published ``error.type`` of each kind: its value, and the conventions' ``_OTHER``
for a code no table knows."""

HANDLED: Final = frozenset({ErrorKind.APPROVAL_REQUIRED})
"""Kinds that leave the span's status alone: the call is waiting for the owner, not
failed."""
