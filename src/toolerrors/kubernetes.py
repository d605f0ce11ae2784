"""Kubernetes API errors: the API server's ``Status``, ``{"kind": "Status", "apiVersion":
"v1", "status": "Failure", "message", "reason", "details"?, "code"}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status.  ``reason`` is one of apimachinery's ``StatusReason`` values;
``details.retryAfterSeconds`` is the wait where the server gives one, and
``details.causes`` the fields an ``Invalid`` object got wrong.
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias

from pydantic import StrictInt, StrictStr

from ._builtin.kubernetes import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "Payload", "Status", "StatusDetails", "StatusReason", "parse"]


class StatusReason(TextEnum):
    """apimachinery's ``StatusReason`` values, but the empty one (no reason given)."""

    UNAUTHORIZED = "Unauthorized"
    FORBIDDEN = "Forbidden"
    NOT_FOUND = "NotFound"
    ALREADY_EXISTS = "AlreadyExists"
    CONFLICT = "Conflict"
    GONE = "Gone"
    INVALID = "Invalid"
    SERVER_TIMEOUT = "ServerTimeout"
    STORAGE_READ_ERROR = "StorageReadError"
    TIMEOUT = "Timeout"
    TOO_MANY_REQUESTS = "TooManyRequests"
    BAD_REQUEST = "BadRequest"
    METHOD_NOT_ALLOWED = "MethodNotAllowed"
    NOT_ACCEPTABLE = "NotAcceptable"
    REQUEST_ENTITY_TOO_LARGE = "RequestEntityTooLarge"
    UNSUPPORTED_MEDIA_TYPE = "UnsupportedMediaType"
    INTERNAL_ERROR = "InternalError"
    EXPIRED = "Expired"
    SERVICE_UNAVAILABLE = "ServiceUnavailable"


MEANING: Final[dict[StatusReason, str]] = {
    StatusReason(row.code): row.meaning for row in ROWS if row.reads
}
"""What each reason means, from apimachinery's documentation."""

_REASONS: Final = frozenset(reason.value for reason in StatusReason)


class StatusDetails(WireModel):
    """``{name?, group?, kind?, uid?, causes?, retryAfterSeconds?}``."""

    name: StrictStr | None = None
    group: StrictStr | None = None
    kind: StrictStr | None = None
    uid: StrictStr | None = None
    causes: list[Any] | None = None
    retryAfterSeconds: StrictInt | None = None


class Status(WireModel):
    """``{kind: "Status", apiVersion, metadata?, status: "Failure", message?, reason?,
    details?, code?}``."""

    ALWAYS = frozenset({"kind", "status"})
    kind: Literal["Status"] = "Status"
    apiVersion: StrictStr
    metadata: dict[str, Any] | None = None
    status: Literal["Failure"] = "Failure"
    message: StrictStr | None = None
    reason: StrictStr | None = None
    details: StatusDetails | None = None
    code: StrictInt | None = None

    def check_strict(self) -> None:
        if self.reason is not None and self.reason not in _REASONS:
            raise FieldProblem("reason", f"unknown kubernetes reason {self.reason!r}")


Payload: TypeAlias = Status
"""A Kubernetes API error."""


def parse(payload: object, *, strict: bool = False) -> Status:
    """A ``Status`` (dict, JSON text or model) as its model."""
    return validate(Status, as_data(payload), strict)
