"""MCP's proposed tool-failure metadata (SEP-3313): ``_meta["io.modelcontextprotocol/
toolFailure"]`` on an error ``CallToolResult``, with a behavioural ``class``
(``capability``, ``reliability``, ``governance``), an open ``code``, ``retryable``,
``retryNotBefore`` (Unix epoch milliseconds), ``correlationId`` and ``agentGuidance``.

Read, its retry advice decides, as a vendor's own ``retryable`` does: ``capability`` and
``governance`` are never retried; ``reliability`` is retried when it says
``retryable: true``, not before ``retryNotBefore``.  Written, it says the same as the
error, so that a client that knows the proposal needs no toolerrors.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ._json import bounded_wait
from ._kinds import ErrorKind

if TYPE_CHECKING:
    from ._unified import UnifiedError

__all__ = ["CLASSES", "KEY", "read", "write"]

clock = time.time
"""Seconds since the epoch, for ``retryNotBefore`` (a test's fake, say)."""

KEY: Final = "io.modelcontextprotocol/toolFailure"
"""The ``_meta`` key the proposal reserves."""

CLASS, CODE, RETRYABLE, NOT_BEFORE, CORRELATION_ID, GUIDANCE = (
    "class",
    "code",
    "retryable",
    "retryNotBefore",
    "correlationId",
    "agentGuidance",
)
"""The proposal's field names, here alone."""

CAPABILITY, RELIABILITY, GOVERNANCE = "capability", "reliability", "governance"
_NAMED: Final = (CAPABILITY, RELIABILITY, GOVERNANCE)
"""A tuple, not a set: a class that is no string (a list, say) is compared, never hashed."""

CLASSES: Final[dict[ErrorKind, tuple[str, str]]] = {
    ErrorKind.NOT_CONNECTED: (GOVERNANCE, "not_connected"),
    ErrorKind.UNAUTHENTICATED: (GOVERNANCE, "auth_required"),
    ErrorKind.PERMISSION_DENIED: (GOVERNANCE, "permission_denied"),
    ErrorKind.NOT_FOUND: (CAPABILITY, "resource_not_found"),
    ErrorKind.AMBIGUOUS: (CAPABILITY, "ambiguous"),
    ErrorKind.INVALID_INPUT: (CAPABILITY, "invalid_input"),
    ErrorKind.TOO_LARGE: (CAPABILITY, "too_large"),
    ErrorKind.UNSUPPORTED: (CAPABILITY, "capability_unsupported"),
    ErrorKind.CONFLICT: (RELIABILITY, "conflict"),
    ErrorKind.COMMIT_REQUIRED: (RELIABILITY, "commit_required"),
    ErrorKind.RATE_LIMITED: (RELIABILITY, "rate_limited"),
    ErrorKind.PAYMENT_REQUIRED: (GOVERNANCE, "payment_required"),
    ErrorKind.PAUSED: (GOVERNANCE, "paused"),
    ErrorKind.UNAVAILABLE: (RELIABILITY, "retryable_transient_error"),
    ErrorKind.UNKNOWN_OUTCOME: (RELIABILITY, "unknown_outcome"),
    ErrorKind.UPSTREAM_ERROR: (RELIABILITY, "upstream_error"),
    ErrorKind.INTERNAL: (RELIABILITY, "internal"),
    ErrorKind.APPROVAL_REQUIRED: (GOVERNANCE, "user_action_required"),
    ErrorKind.REFUSED: (GOVERNANCE, "policy_blocked"),
    ErrorKind.UNKNOWN: (CAPABILITY, "unknown"),
}
"""Each kind's class and code: the proposal's baseline code where one means the kind,
else the kind's own name.  Read back, a known code names its kind."""

KIND_BY_CODE: Final = {code: kind for kind, (_, code) in CLASSES.items()}


def write(error: UnifiedError) -> dict[str, Any]:
    """The metadata for ``error``: ``retryable`` only where the error says (and only
    ``true`` under ``reliability``, as the proposal allows), ``retryNotBefore`` only
    with a wait, ``correlationId`` the error's request id or a new one."""
    klass, code = CLASSES[error.kind]
    meta: dict[str, Any] = {CLASS: klass, CODE: code}
    if error.retryable is False or (error.retryable is True and klass == RELIABILITY):
        meta[RETRYABLE] = error.retryable
    if meta.get(RETRYABLE) is True and error.retry_after is not None:
        meta[NOT_BEFORE] = round((clock() + error.retry_after) * 1000)
    if error.request_id:
        meta[CORRELATION_ID] = error.request_id
    else:
        import uuid  # on first use: its import (and platform's) costs 9 ms of every start

        meta[CORRELATION_ID] = uuid.uuid4().hex
    meta[GUIDANCE] = error.hint
    return meta


def read(error: UnifiedError, meta: object) -> UnifiedError:
    """``error`` (read from a result's content) with the advice of the result's
    ``_meta`` (``meta``, as it came): its class and ``retryable`` decide whether to
    retry, ``retryNotBefore`` how long to wait, a known code the kind of an error read
    from text alone.  ``correlationId`` is left in the result, for its operators.  Metadata
    without a known class is passed over."""
    failure = meta.get(KEY) if isinstance(meta, Mapping) else None
    if not isinstance(failure, Mapping) or failure.get(CLASS) not in _NAMED:
        return error
    klass = failure[CLASS]
    changes: dict[str, Any] = {}
    said = failure.get(RETRYABLE)
    if klass != RELIABILITY or said is False:
        changes.update(retryable=False, retry_after=None)  # the proposal: never retried
    elif said is True:
        changes["retryable"] = True
        not_before = failure.get(NOT_BEFORE)
        if isinstance(not_before, (int, float)) and not isinstance(not_before, bool):
            changes["retry_after"] = bounded_wait(max(not_before / 1000 - clock(), 0.0))
    code = failure.get(CODE)
    kind = KIND_BY_CODE.get(code) if isinstance(code, str) else None
    if kind is not None and error.vendor == "mcp":  # words alone named the kind
        changes["kind"] = kind
    return dataclasses.replace(error, **changes) if changes else error
