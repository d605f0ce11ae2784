"""Twilio as a source: the REST API's exception, ``{"code", "message", "more_info",
"status", "detail"?, "details"?}``.

Twilio answers a failed request with a numeric ``code`` from its Error and Warning
Dictionary, a ``message``, the HTTP ``status`` and ``more_info``, the address of the
code's page (``https://www.twilio.com/docs/errors/20404``): that address is the mark of
Twilio's.  The dictionary holds over a thousand codes; the common ones of the REST API,
Messaging and Verify are read by name, and the code decides whatever the status (a
21408 at 400 is a permission, a 60203 at 429 is Verify's send limit).  A code not in the
table is read by its words, else by the body's status.  The pydantic model is in
``toolerrors.twilio``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Response, Shape, Source, canonical_row, with_extra
from .._table import KINDS, Row, Rows, codes_of, error_status, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_twilio", "write"]


rows = Rows("twilio")

# fmt: off
ROWS: Final = (
    rows.read("400", ErrorKind.INVALID_INPUT, False, "Bad request: the input did not pass validation, or the resource to be modified is no longer in a valid state.", status=400, writes=True),
    rows.read("403", ErrorKind.PERMISSION_DENIED, False, "Forbidden: the request is not authorized.", status=403, writes=True),
    rows.read("404", ErrorKind.NOT_FOUND, False, "Not found.", status=404),
    rows.read("503", ErrorKind.UNAVAILABLE, True, "Internal error: the service is unavailable; try again.", status=503),
    rows.read("10001", ErrorKind.PAUSED, False, "Account is not active: it must be reactivated."),
    rows.read("10002", ErrorKind.PAYMENT_REQUIRED, False, "Trial accounts do not support the feature you tried to use: upgrade the account.", writes=True),
    rows.read("20003", ErrorKind.UNAUTHENTICATED, False, "Permission denied: the credentials are incorrect, expired or deleted, or belong to another account.", status=401, writes=True),
    rows.read("20404", ErrorKind.NOT_FOUND, False, "The requested resource was not found.", status=404, writes=True),
    rows.read("20429", ErrorKind.RATE_LIMITED, True, "Too many concurrent requests: a request answered 429 was not processed and is safe to retry after backing off.", status=429, writes=True),
    rows.read("20500", ErrorKind.UNKNOWN_OUTCOME, None, "Internal server error: a GET or DELETE is safe to retry; a POST that sends a message or places a call may have been done.", status=500, writes=True),
    rows.read("20503", ErrorKind.UNAVAILABLE, True, "Service unavailable: try again a few times with exponential back-off.", status=503, writes=True),
    rows.read("21211", ErrorKind.INVALID_INPUT, False, "Invalid 'To' phone number.", status=400),
    rows.read("21212", ErrorKind.INVALID_INPUT, False, "Invalid 'From' phone number.", status=400),
    rows.read("21215", ErrorKind.PERMISSION_DENIED, False, "The account's geographic permissions do not allow calling this number.", status=400),
    rows.read("21408", ErrorKind.PERMISSION_DENIED, False, "Permission to send an SMS has not been enabled for the region of the 'To' number: enable it in the geographic permissions.", status=400),
    rows.read("21608", ErrorKind.PERMISSION_DENIED, False, "The 'To' number is not yet verified for this account: a trial account sends only to verified numbers.", status=400),
    rows.read("21610", ErrorKind.PERMISSION_DENIED, False, "Attempt to send to an unsubscribed recipient: they replied STOP, and cannot be messaged until they reply START.", status=400),
    rows.read("21614", ErrorKind.INVALID_INPUT, False, "The 'To' number is not a valid mobile number.", status=400),
    rows.read("60200", ErrorKind.INVALID_INPUT, False, "Verify: invalid parameter.", status=400),
    rows.read("60202", ErrorKind.RATE_LIMITED, True, "Verify: max (5) check attempts reached; wait for the verification to expire (10 minutes) to create a new one.", status=429),
    rows.read("60203", ErrorKind.RATE_LIMITED, True, "Verify: max send attempts reached; check the verification, or wait for it to expire (10 minutes).", status=429),
    rows.read("60212", ErrorKind.RATE_LIMITED, True, "Verify: too many concurrent requests for the phone number.", status=429),
    *rows.write("20003", ErrorKind.NOT_CONNECTED),
    *rows.write("403", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("400", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.UNSUPPORTED, ErrorKind.CONFLICT, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("20500", ErrorKind.INTERNAL, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The codes read by name; Twilio's dictionary holds many more, each read by its words,
else by the body's status."""

_STATUS: Final = {
    row.code: row.status or KINDS[row.kind].status or 500 for row in ROWS if row.reads
}
"""The status each code comes with: Twilio's, else its kind's."""
_KNOWN: Final = frozenset(CODES)
_PAGE: Final = "https://www.twilio.com/docs/errors/"
"""Where ``more_info`` points: the code's page in Twilio's dictionary."""

ERROR: Final = Shape(
    "error",
    (
        Field("code", (int,), required=True, fills="code"),
        Field("message", (str,), required=True, fills="message"),
        Field("more_info", (str,), required=True,
              samples=lambda row, name, pick: _PAGE + row.code),
        Field("status", (int,), required=True, fills="status_code",
              samples=lambda row, name, pick: _STATUS[row.code]),
        Field("detail", (str,)),
        Field("details", (dict,)),
    ),
    model="RestException",
)  # fmt: skip


def _kind(
    code: str | None, message: str, status: object, *, detail: object = None
) -> tuple[ErrorKind, bool | None]:
    """The code's row, else the words of the message (and ``detail``), else the status."""
    said = detail if type(detail) is str else None
    return row_or_words(
        read_row("twilio", code or "", None), message, said, status=error_status(status)
    )


def read_twilio(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"code": int, "message": text, "more_info": text, "status": int, ...}``."""
    ERROR.check(d, strict, where)
    code, message, status = str(d["code"]), d["message"], d["status"]
    kind, retryable = _kind(code, message, status, detail=d.get("detail"))
    return make(
        kind,
        message,
        retryable=retryable,
        status_code=error_status(status),
        vendor="twilio",
        code=code,
        extra=d,
    )


def _read_exception(exc: BaseException) -> UnifiedError:
    """twilio-python's ``TwilioRestException``, by what it keeps of the response: the
    status, the code, and the message, which the SDK begins with what it was doing
    ("Unable to create record: ...")."""
    number, message, status = (getattr(exc, name, None) for name in ("code", "msg", "status"))
    code = str(number) if type(number) is int else None
    if code not in _KNOWN and number == status:
        code = None  # the SDK gives the status as the code where the body had none
    text = message if type(message) is str and message else str(exc)
    kind, retryable = _kind(code, text, status)
    return make(
        kind,
        text,
        retryable=retryable,
        status_code=error_status(status),
        vendor="twilio",
        code=code,
    )


def _at_home(error: UnifiedError) -> bool:
    """The error came from Twilio and its code, a number, still reads as its kind: a code
    outside the table is kept too, Twilio's dictionary being far larger than it."""
    code, extra = error.code, error.extra or {}
    if error.vendor != "twilio" or code is None or not (code.isascii() and code.isdigit()):
        return False
    detail = extra.get("detail")
    return _kind(code, error.message, error.status_code, detail=detail)[0] is error.kind


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Twilio's exception; at home, everything it came with.  The status is
    the error's, else the one Twilio documents for the code."""
    at_home = _at_home(error)
    code = error.code if at_home and error.code is not None else canonical_row(error, "twilio").code
    page = (error.extra or {}).get("more_info") if at_home else None  # as it came
    out: dict[str, Any] = {
        "code": int(code),
        "message": error.message,
        "more_info": page if type(page) is str else _PAGE + code,
        "status": error.status_code or _STATUS.get(code, 400),
    }
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The exception as Twilio sends it."""
    return {
        "code": int(row.code),
        "message": message,
        "more_info": _PAGE + row.code,
        "status": _STATUS[row.code],
    }


def _twilio_page(d: Mapping[str, Any]) -> bool:
    """``more_info`` is a page of Twilio's documentation."""
    return "twilio.com/docs/" in d["more_info"]


SOURCE: Final = Source(
    name="twilio",
    title="Twilio",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            291,
            "more_info",
            read_twilio,
            "a text `more_info` that is a page of Twilio's documentation, beside a `code`",
            is_a=str,
            needs=("code",),
            when=_twilio_page,
        ),
    ),
    write=write,
    models=".twilio",
    example=example,
    docs="twilio.md",
    exceptions={"twilio.base.exceptions.TwilioRestException": _read_exception},
    # a page twilio-python could not fetch: TwilioException("Unable to fetch page", response)
    responses=(Response("args.1.status_code", "args.1.headers", ("args.1.text",)),),
)
