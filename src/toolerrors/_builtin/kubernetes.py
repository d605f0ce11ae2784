"""Kubernetes as a source: the API server's ``Status``, ``{"kind": "Status", "apiVersion":
"v1", "status": "Failure", "message", "reason", "details"?, "code"}``.

A request the API server refuses answers with a ``Status`` whose ``reason`` is one of the
``StatusReason`` values apimachinery documents (``NotFound``, ``Conflict``, ...), each
with its HTTP ``code``.  ``details`` may name the object, list ``causes`` (an ``Invalid``
object's fields) and give ``retryAfterSeconds``.  A ``Status`` with ``status:
"Success"`` is no error.  Its numeric ``code`` beside a ``message`` is also the shape of
Google's ``Status``; the ``kind`` and ``status`` tell them apart.  The pydantic model is
in ``toolerrors.kubernetes``.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, home, with_extra
from .._table import Row, Rows, codes_of, error_status, of_status, read_row
from .._unified import make
from .._words import UNSAID, read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_kubernetes", "write"]


rows = Rows("kubernetes", writes=True)


# fmt: off
ROWS: Final = (
    rows.read("Unauthorized", ErrorKind.UNAUTHENTICATED, False, "The request needs credentials the user has not presented, or presented insufficient ones.", status=401),
    rows.read("Forbidden", ErrorKind.PERMISSION_DENIED, False, "The server refuses to act: it is configured to deny the client access to the resource.", status=403),
    rows.read("NotFound", ErrorKind.NOT_FOUND, False, "One or more resources the operation needs could not be found.", status=404),
    rows.read("AlreadyExists", ErrorKind.CONFLICT, False, "The resource being created already exists.", status=409, writes=False),
    rows.read("Conflict", ErrorKind.CONFLICT, False, "The operation conflicts with the resource's state (a stale resourceVersion): read it again, then alter the request.", status=409),
    rows.read("Gone", ErrorKind.NOT_FOUND, False, "The item is no longer available at the server, and no forwarding address is known.", status=410, writes=False),
    rows.read("Invalid", ErrorKind.INVALID_INPUT, False, "The create or update carries invalid data: details.causes says which fields.", status=422),
    rows.read("ServerTimeout", ErrorKind.UNAVAILABLE, True, "The server could not complete the action in time; the client should retry, after details.retryAfterSeconds.", status=500, writes=False),
    rows.read("StorageReadError", ErrorKind.INTERNAL, None, "The server could not read the resources from its backend store.", status=500, writes=False),
    rows.read("Timeout", ErrorKind.UNKNOWN_OUTCOME, None, "The request could not be completed within the given time; it might succeed with a longer timeout.", status=504),
    rows.read("TooManyRequests", ErrorKind.RATE_LIMITED, True, "Too many requests in a window: wait at least details.retryAfterSeconds.", status=429),
    rows.read("BadRequest", ErrorKind.INVALID_INPUT, False, "The request makes no sense (deleting a read-only object): it can never succeed.", status=400, writes=False),
    rows.read("MethodNotAllowed", ErrorKind.UNSUPPORTED, False, "The action is not supported on the resource: it can never succeed.", status=405),
    rows.read("NotAcceptable", ErrorKind.UNSUPPORTED, False, "The accept types the client asked for are not acceptable to the server.", status=406, writes=False),
    rows.read("RequestEntityTooLarge", ErrorKind.TOO_LARGE, False, "The request entity is too large.", status=413),
    rows.read("UnsupportedMediaType", ErrorKind.UNSUPPORTED, False, "The content type sent is not acceptable to the server.", status=415, writes=False),
    rows.read("InternalError", ErrorKind.INTERNAL, None, "An unexpected internal error occurred; the outcome of the call is unknown.", status=500),
    rows.read("Expired", ErrorKind.CONFLICT, False, "The content requested has expired (a watch too old to serve): list again.", status=410, writes=False),
    rows.read("ServiceUnavailable", ErrorKind.UNAVAILABLE, True, "The request was valid, but the service is unavailable; retrying after some time might succeed.", status=503),
    *rows.write("Unauthorized", ErrorKind.NOT_CONNECTED),
    *rows.write("Forbidden", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED),
    *rows.write("Invalid", ErrorKind.AMBIGUOUS, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("InternalError", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The ``StatusReason`` values apimachinery documents, but the empty one (no reason)."""


STATUS: Final = Shape(
    "Status",
    (
        Field("kind", (str,), required=True, const="Status"),
        Field("apiVersion", (str,), required=True, samples=("v1",)),
        Field("metadata", (dict,)),
        Field("status", (str,), required=True, const="Failure"),
        Field("message", (str,)),  # kept as sent: absent, the row's meaning stands in
        Field("reason", (str,), fills="code", closed=frozenset(CODES)),
        Field("details", (dict,), fields=(
            Field("name", (str,), samples=("web-0", "nginx")),
            Field("group", (str,), samples=("apps",)),
            Field("kind", (str,), samples=("pods", "deployments")),
            Field("uid", (str,)),
            Field("causes", (list,)),
            Field("retryAfterSeconds", (int,), fills="retry_after", seconds=True),
        )),
        Field("code", (int,)),  # kept as sent: 0 when not set, which no status is
    ),
    model="Status",
)  # fmt: skip


def read_kubernetes(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"kind": "Status", "status": "Failure", "reason"?, "message"?, "code"?, ...}``."""
    STATUS.check(d, strict, where)
    reason, message, number = d.get("reason") or None, d.get("message"), d.get("code")
    row = read_row("kubernetes", reason, None) if reason is not None else None
    status = error_status(number)
    if row is not None:
        kind, retryable = row.kind, row.retryable
    else:  # no reason, or one this version does not know: the status, then the words
        said = of_status(status) or read_words(message)
        kind, retryable = said or UNSAID
    details = d.get("details")
    wait = details.get("retryAfterSeconds") if type(details) is dict else None
    return make(
        kind,
        message or (row.meaning if row is not None else f"Kubernetes {reason or status}"),
        retryable=retryable,
        retry_after=float(wait) if wait is not None else None,
        status_code=status,
        vendor="kubernetes",
        code=reason,
        extra=d,
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as the API server's ``Status``; at home, everything it came with and
    nothing more.  One made rather than read (no payload kept) is a whole ``Status``."""
    if home(error, "kubernetes") and error.extra is not None:
        out: dict[str, Any] = {"kind": "Status", "status": "Failure"}
        if error.code is not None:
            out["reason"] = error.code
        return with_extra(out, error)
    out = _status(canonical_row(error, "kubernetes"), error.message)
    if error.retry_after is not None:
        out["details"] = {"retryAfterSeconds": ceil(error.retry_after)}
    return out


def _status(row: Row, message: str) -> dict[str, Any]:
    """The ``Status`` the API server sends for ``row``'s reason."""
    return {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": message,
        "reason": row.code,
        "code": row.status,
    }


def example(row: Row, message: str) -> dict[str, Any]:
    """The ``Status`` as the API server sends it (a ``NotFound`` names the object)."""
    out = _status(row, message)
    if row.code == "NotFound":
        out["details"] = {"name": "web-0", "kind": "pods"}
    return out


def _failed(d: Mapping[str, Any]) -> bool:
    """A ``Status`` that reports a failure: ``status: "Success"`` is no error."""
    return d.get("status") == "Failure"


SOURCE: Final = Source(
    name="kubernetes",
    title="Kubernetes",
    codes=CODES,
    shapes=(STATUS,),
    rows=ROWS,
    claims=(
        Claim(
            350,
            "kind",
            read_kubernetes,
            '`kind: "Status"` with `status: "Failure"`',
            is_a=str,
            one_of=frozenset({"Status"}),
            when=_failed,
        ),
    ),
    write=write,
    models=".kubernetes",
    example=example,
    docs="kubernetes.md",
)
