"""Google APIs as a source (AIP-193): ``{"error": {code, message, status, details[]}}``.

``status`` is the canonical name of a ``google.rpc.Code``; ``code`` is the HTTP status.
``details`` may hold an ``ErrorInfo`` (a machine-readable reason, which beats the status:
``API_KEY_INVALID`` under ``INVALID_ARGUMENT`` is a bad key), a ``RetryInfo`` whose
``retryDelay`` (``"1.5s"``) becomes ``retry_after``, and ``QuotaFailure``,
``BadRequest``, ``Help``, ``LocalizedMessage`` or ``DebugInfo``, which stay in ``extra``.
Older APIs send ``errors[]`` with a ``domain`` and a ``reason`` (``rateLimitExceeded``)
instead of a status; a bare Status has no ``error`` wrapper.  The pydantic model is in
``toolerrors.google``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .._errors import ShapeError
from .._json import bounded_wait, decode, seconds
from .._kinds import ErrorKind
from .._source import (
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    given_back,
    more_retryable,
    only,
    want,
)
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import UNSAID, names_billing, read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_google", "read_status", "write"]


rows = Rows("google")


# fmt: off
ROWS: Final = (
    rows.read("CANCELLED", ErrorKind.UNKNOWN_OUTCOME, None, "The operation was cancelled, typically by the caller: it may or may not have run.", status=499),
    rows.read("UNKNOWN", ErrorKind.UNKNOWN, None, "Unknown error.", status=500),
    rows.read("INVALID_ARGUMENT", ErrorKind.INVALID_INPUT, False, "The client specified an invalid argument.", status=400, writes=True),
    rows.read("DEADLINE_EXCEEDED", ErrorKind.UNKNOWN_OUTCOME, None, "The deadline expired before the operation could complete: it may have completed.", status=504, writes=True),
    rows.read("NOT_FOUND", ErrorKind.NOT_FOUND, False, "Some requested entity was not found.", status=404, writes=True),
    rows.read("ALREADY_EXISTS", ErrorKind.CONFLICT, False, "The entity the client tried to create already exists.", status=409, writes=True),
    rows.read("PERMISSION_DENIED", ErrorKind.PERMISSION_DENIED, False, "The caller does not have permission to execute the operation.", status=403, writes=True),
    rows.read("RESOURCE_EXHAUSTED", ErrorKind.RATE_LIMITED, True, "Some resource has been exhausted: a per-user quota, or the file system is out of space.", status=429, writes=True),
    rows.read("FAILED_PRECONDITION", ErrorKind.CONFLICT, False, "The system is not in a state required for the operation.", status=400),
    rows.read("ABORTED", ErrorKind.CONFLICT, False, "The operation was aborted, typically by a concurrency issue: retry at a higher level (read, then write).", status=409),
    rows.read("OUT_OF_RANGE", ErrorKind.INVALID_INPUT, False, "The operation was attempted past the valid range.", status=400),
    rows.read("UNIMPLEMENTED", ErrorKind.UNSUPPORTED, False, "The operation is not implemented or not supported.", status=501, writes=True),
    rows.read("INTERNAL", ErrorKind.INTERNAL, None, "Internal error.", status=500, writes=True),
    rows.read("UNAVAILABLE", ErrorKind.UNAVAILABLE, True, "The service is currently unavailable: most likely transient, retry with a backoff.", status=503, writes=True),
    rows.read("DATA_LOSS", ErrorKind.INTERNAL, False, "Unrecoverable data loss or corruption.", status=500),
    rows.read("UNAUTHENTICATED", ErrorKind.UNAUTHENTICATED, False, "The request does not have valid authentication credentials.", status=401, writes=True),
    rows.read("rateLimitExceeded", ErrorKind.RATE_LIMITED, True, "Legacy reason: too many requests; slow down.", status=403),
    rows.read("userRateLimitExceeded", ErrorKind.RATE_LIMITED, True, "Legacy reason: the per-user rate limit has been reached.", status=403),
    rows.read("dailyLimitExceeded", ErrorKind.RATE_LIMITED, False, "Legacy reason: the daily limit has been reached; it resets the next day.", status=403),
    rows.read("quotaExceeded", ErrorKind.PAYMENT_REQUIRED, False, "Legacy reason: the quota (such as storage) is used up.", status=403),
    rows.read("keyInvalid", ErrorKind.UNAUTHENTICATED, False, "Legacy reason: the API key is not valid.", status=400),
    rows.read("authError", ErrorKind.UNAUTHENTICATED, False, "Legacy reason: invalid credentials.", status=401),
    rows.read("forbidden", ErrorKind.PERMISSION_DENIED, False, "Legacy reason: access is forbidden.", status=403),
    rows.read("insufficientPermissions", ErrorKind.PERMISSION_DENIED, False, "Legacy reason: the user lacks sufficient permissions.", status=403),
    rows.read("notFound", ErrorKind.NOT_FOUND, False, "Legacy reason: the resource was not found.", status=404),
    rows.read("required", ErrorKind.INVALID_INPUT, False, "Legacy reason: a required parameter is missing.", status=400),
    rows.read("invalid", ErrorKind.INVALID_INPUT, False, "Legacy reason: a parameter is invalid.", status=400),
    rows.read("backendError", ErrorKind.UNAVAILABLE, True, "Legacy reason: a backend error; retry with exponential backoff.", status=503),
    rows.read("internalError", ErrorKind.INTERNAL, None, "Legacy reason: an internal error.", status=500),
    *rows.write("UNAUTHENTICATED", ErrorKind.NOT_CONNECTED),
    *rows.write("INVALID_ARGUMENT", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE),
    *rows.write("FAILED_PRECONDITION", ErrorKind.COMMIT_REQUIRED, ErrorKind.PAUSED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("PERMISSION_DENIED", ErrorKind.PAYMENT_REQUIRED, lost="that credits or billing are the obstacle"),
    *rows.write("PERMISSION_DENIED", ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("UNKNOWN", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The canonical ``google.rpc.Code`` names, and the legacy ``errors[].reason`` values
    agents meet most."""


NUMBERS: Final = (
    "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
    "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
    "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS",
    "UNAUTHENTICATED",
)  # fmt: skip
"""``google.rpc.Code`` by number: a bare gRPC Status carries the number."""

INNER: Final = (
    Field("code", (int,), required=True, fills="status_code",
          samples=(400, 401, 403, 404, 409, 429, 500, 503)),
    Field("message", (str,), fills="message"),
    Field("status", (str,), fills="code", closed=frozenset(CODES)),
    Field("details", (object,), samples=(
        [], [{"@type": "type.googleapis.com/google.rpc.Help", "links": []}],
        [{"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "internal"}],
    )),
    Field("errors", (object,), samples=(
        [{"domain": "global", "reason": "invalid", "message": "Invalid value"}],
    )),
)  # fmt: skip
ERROR: Final = Shape.under("error", INNER)


_KNOWN: Final = frozenset(CODES)

REASONS: Final[dict[str, tuple[ErrorKind, bool | None]]] = {
    "API_KEY_INVALID": (ErrorKind.UNAUTHENTICATED, False),
    "ACCESS_TOKEN_EXPIRED": (ErrorKind.UNAUTHENTICATED, False),
    "ACCESS_TOKEN_SCOPE_INSUFFICIENT": (ErrorKind.PERMISSION_DENIED, False),
    "SERVICE_DISABLED": (ErrorKind.PERMISSION_DENIED, False),
    "API_KEY_SERVICE_BLOCKED": (ErrorKind.PERMISSION_DENIED, False),
    "BILLING_DISABLED": (ErrorKind.PAYMENT_REQUIRED, False),
    "RATE_LIMIT_EXCEEDED": (ErrorKind.RATE_LIMITED, True),
}
"""``ErrorInfo.reason`` values that say more than the status they come with."""

_INFO: Final = "type.googleapis.com/google.rpc.ErrorInfo"
_RETRY: Final = "type.googleapis.com/google.rpc.RetryInfo"
_QUOTA: Final = "type.googleapis.com/google.rpc.QuotaFailure"
_GOOGLE_TYPES: Final = "type.googleapis.com/"
_PER_MINUTE: Final = ("PerMinute", "per_minute", "PerSecond", "per_second")
_PER_DAY: Final = ("PerDay", "per_day")
"""How a ``QuotaFailure`` violation's ``quotaId`` or ``quotaMetric`` names its period
(Gemini's ``GenerateRequestsPerMinutePerProjectPerModel-FreeTier``,
``GenerateRequestsPerDayPerProjectPerModel-FreeTier``)."""
_TOP: Final = frozenset({"error"})
_INNER: Final = frozenset(spec.name for spec in INNER)


def _delay(text: object) -> float | None:
    """A protobuf Duration as JSON (``"1.5s"``) in seconds, or ``None``."""
    if type(text) is not str or not text.endswith("s"):
        return None
    try:
        seconds = float(text[:-1])
    except ValueError:
        return None
    return bounded_wait(seconds)


class _Details(NamedTuple):
    """What a Status's ``details`` add to its status."""

    reason: str | None
    """The ``ErrorInfo`` reason."""
    wait: float | None
    """The ``RetryInfo`` delay, in seconds."""
    period: str | None
    """The longest period a ``QuotaFailure`` violation names: ``"day"``, ``"minute"``
    (a second counts as one), or ``None`` when none names one."""


def _period(violations: object) -> str | None:
    """The longest period the violations' quota ids or metrics name."""
    period = None
    if type(violations) is list:
        for violation in violations:
            if type(violation) is dict:
                named = f"{violation.get('quotaId', '')} {violation.get('quotaMetric', '')}"
                if any(word in named for word in _PER_DAY):
                    return "day"
                if any(word in named for word in _PER_MINUTE):
                    period = "minute"
    return period


def _details(details: object) -> _Details:
    """The ``ErrorInfo`` reason, the ``RetryInfo`` delay and the quota's period among
    ``details``."""
    reason = wait = period = None
    if type(details) is list:
        for item in details:
            if type(item) is dict:
                kind = item.get("@type")
                if kind == _INFO and type(item.get("reason")) is str:
                    reason = item["reason"]
                elif kind == _RETRY:
                    wait = _delay(item.get("retryDelay"))
                elif kind == _QUOTA:
                    period = _period(item.get("violations"))
    return _Details(reason, wait, period)


def _legacy(errors: object) -> str | None:
    """The first ``errors[].reason``."""
    if type(errors) is list and errors and type(errors[0]) is dict:
        reason = errors[0].get("reason")
        return reason if type(reason) is str else None
    return None


def _status(
    d: Mapping[str, Any],
    where: str,
    strict: bool,
    keep: Mapping[str, Any],
    vendor: str | None = "google",
) -> UnifiedError:
    """A Status object, wrapped or bare; ``keep`` is what the error keeps as ``extra``;
    ``vendor`` is ``None`` for a gRPC status with no mark of Google's own."""
    number, message, status = d.get("code"), d.get("message"), d.get("status")
    if number is not None and type(number) is not int:
        raise want(number, "an integer", f"{where}/code")
    if message is not None and type(message) is not str:
        raise want(message, "a string", f"{where}/message")
    if status is not None and type(status) is not str:
        raise want(status, "a string", f"{where}/status")
    name = status if status in _KNOWN else _legacy(d.get("errors")) or status
    if name is None and type(number) is int and 0 < number < len(NUMBERS):
        name = NUMBERS[number]  # a gRPC Status: the number is the code
    row = read_row("google", name, None) if name is not None else None
    details = _details(d.get("details"))
    wait = details.wait
    inner = _inner_error(message) if message is not None else None
    if inner is not None:  # an error whose message is the JSON text of another
        found = read_google(inner, strict, f"{where}/message")
        if (row is None and details.reason not in REASONS) or not more_retryable(
            found.retryable, _kind(row, details, name, message)[1]
        ):
            return found  # unless it would be retried more than its own status is
    if strict:
        only(d, _INNER, where)
        for key in ("details", "errors"):
            if key in d and type(d[key]) is not list:
                raise want(d[key], "an array", f"{where}/{key}")
    if row is None and strict:
        if name is None:
            raise ShapeError("missing 'status' (or a legacy errors[].reason)", where)
        raise ShapeError(f"unknown google status {name!r}", f"{where}/status")
    kind, retryable = _kind(row, details, name, message)
    if message is None:  # AIP-193's smallest error: a code and a status
        message = row.meaning if row is not None else f"Google API error {name or number}"
    http = number if type(number) is int and number >= 100 else None
    return make(
        kind,
        message,
        retryable=retryable,
        retry_after=wait,
        status_code=http,
        vendor=vendor,
        code=name,
        extra=keep,
    )


_RATE_LIMITED: Final = ErrorKind.RATE_LIMITED
_PAYMENT: Final = ErrorKind.PAYMENT_REQUIRED


def _kind(
    row: Row | None, details: _Details, name: str | None, message: str | None
) -> tuple[ErrorKind, bool | None]:
    """The status's kind, refined by the ``ErrorInfo`` reason, and by the words of a
    quota that says to check billing; an unknown status's words say what they can.

    Gemini says "check your plan and billing details" of every exhausted quota, its
    free tier's per-minute limits included: a quota that names its period, or a
    ``RetryInfo`` wait, is a rate limit (one per day is not retried until the day
    turns), and only one with neither reads as billing."""
    if details.reason in REASONS:
        return REASONS[details.reason]
    if row is None:
        return read_words(name, message) or UNSAID
    if row.kind is _RATE_LIMITED:
        if details.period == "day":
            return _RATE_LIMITED, False
        if details.period is None and details.wait is None and names_billing(message):
            return _PAYMENT, False
    return row.kind, row.retryable


def _inner_error(message: str) -> Mapping[str, Any] | None:
    """The error in a message that is the JSON text of one (``{"error": {...}}``)."""
    if not message.startswith(("{", "[")):
        return None
    try:
        value = decode(message)
    except ValueError:
        return None
    if type(value) is list and value and type(value[0]) is dict:
        value = value[0]
    if type(value) is dict and type(value.get("error")) is dict:
        return value
    return None


def read_google(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"error": {code, message, status?, details?, errors?}}``."""
    inner = d.get("error")
    if type(inner) is not dict:
        raise want(inner, "an object", f"{where}/error")
    if strict:
        only(d, _TOP, where)
    return _status(inner, f"{where}/error", strict, d)


def read_status(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A bare Status, ``{code, message, status?, details?}``, with no ``error`` wrapper.
    Google's JSON mapping writes the code's name as ``status``, and its ``ErrorInfo``
    names a ``googleapis.com`` domain; without either, the body is a gRPC status as any
    gRPC-gateway server answers (Pinecone's ``{"code": 3, "message", "details": []}``),
    read by the same table and named as no system's."""
    return _status(d, where, strict, d, "google" if strict or _googles(d) else None)


def _googles(d: Mapping[str, Any]) -> bool:
    """A bare Status with Google's own mark: its code's name as ``status``, or a detail
    whose ``domain`` is Google's (``googleapis.com``, ``aiplatform.googleapis.com``)."""
    if type(d.get("status")) is str:
        return True
    details = d.get("details")
    return type(details) is list and any(
        type(item) is dict
        and type(item.get("domain")) is str
        and item["domain"].endswith("googleapis.com")
        for item in details
    )


def _is_status(d: Mapping[str, Any]) -> bool:
    """A Status inside ``error``, by a mark Google documents: a ``status`` that is a
    ``google.rpc.Code`` name, ``details`` of a ``type.googleapis.com`` type, legacy
    ``errors[]`` with a ``reason``, or a message that is the JSON text of a Google error
    with one of these marks, beside no text code (as Google's Gemini clients wrap one; a
    JSON-RPC error quoted as a message is none, and Graph's text codes are Graph's).  PagerDuty's ``{"error": {"message", "code",
    "errors": [texts]}}`` has none of them.  No Status has a ``type`` or ``param``, which
    Stripe's, OpenAI's and Anthropic's errors have: the claim says so, and the dispatcher
    tests it."""
    inner = d["error"]  # an object: the claim asks only then
    status = inner.get("status")
    if type(status) is str and status in _KNOWN:
        return True
    details, errors = inner.get("details"), inner.get("errors")
    if type(details) is list and details and type(details[0]) is dict:
        kind = details[0].get("@type")
        if type(kind) is str and kind.startswith(_GOOGLE_TYPES):
            return True
    if type(errors) is list and errors and type(errors[0]) is dict and "reason" in errors[0]:
        return True
    message, code = inner.get("message"), inner.get("code")
    if type(message) is not str or type(code) is str:  # a text code is no Status's
        return False
    wrapped = _inner_error(message)
    return wrapped is not None and _is_status(wrapped)  # Google's own, not any error's


def _is_bare(d: Mapping[str, Any]) -> bool:
    """A bare Status: a numeric ``code`` from 0 with a ``status`` that is a
    ``google.rpc.Code`` name, or ``details``; a ``status`` of another word (Twelve Data's
    ``"error"``) is no mark of Google's."""
    return d["code"] >= 0 and (d.get("status") in CODES or type(d.get("details")) is list)


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as an AIP-193 error response; a Google error is given back as it came."""
    extra = error.extra
    if error.vendor == "google" and extra is not None:  # AIP-193's smallest has no message
        return given_back(extra, error.message, if_said=True)
    row = canonical_row(error, "google")
    inner: dict[str, Any] = {
        "code": error.status_code or row.status or 500,
        "message": error.message,
        "status": row.code,
    }
    if error.retry_after is not None:
        inner["details"] = [{"@type": _RETRY, "retryDelay": f"{seconds(error.retry_after)}s"}]
    return {"error": inner}


def example(row: Row, message: str) -> dict[str, Any]:
    """An AIP-193 error; a legacy reason comes in ``errors[]``."""
    if row.code in NUMBERS:
        return {"error": {"code": row.status, "message": message, "status": row.code}}
    return {
        "error": {
            "code": row.status,
            "message": message,
            "errors": [{"domain": "global", "reason": row.code, "message": message}],
        }
    }


SOURCE: Final = Source(
    name="google",
    title="Google APIs",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            220,
            "error",
            read_google,
            "an error object with a `google.rpc.Code` name as its `status`, `details` of"
            " a `type.googleapis.com` type, legacy `errors[]` with a `reason`, or a"
            " message that is the JSON text of one; never one with a `type` or `param`",
            is_a=dict,
            refuses=("error/type", "error/param"),
            when=_is_status,
        ),
        Claim(
            570,
            "code",
            read_status,
            "a bare Status: a numeric `code` from 0 with a text `message` and a"
            " `google.rpc.Code` name as `status`, or `details`",
            is_a=int,
            texts=("message",),
            when=_is_bare,
        ),
    ),
    write=write,
    models=".google",
    example=example,
    docs="google.md",
)
