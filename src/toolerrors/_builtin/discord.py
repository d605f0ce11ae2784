"""Discord as a source: the HTTP API's JSON errors, ``{"code", "message", "errors"?}``,
and its rate limits, ``{"message", "retry_after", "global", "code"?}``.

Discord answers a failed request with an HTTP status and, in the body, a JSON error
``code`` and a ``message`` ("Along with the HTTP error code, our API can also return more
detailed error codes through a `code` key"); an ``Invalid Form Body`` (50035) names the
fields at fault in ``errors``.  A rate limit (429) says ``retry_after``, in seconds (a
float), and whether the limit is ``global``.  Code 0, "General error", is no mark of
Discord's: a ``{"message": "401: Unauthorized", "code": 0}`` is read by its status.  The
pydantic model is in ``toolerrors.discord``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, with_extra
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import UNSAID, row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_discord", "write"]


DOCUMENTED: Final[frozenset[int]] = frozenset((
    0, 10001, 10002, 10003, 10004, 10005, 10006, 10007, 10008, 10009, 10010, 10011, 10012,
    10013, 10014, 10015, 10016, 10020, 10021, 10026, 10027, 10028, 10029, 10030, 10031,
    10032, 10033, 10036, 10038, 10049, 10050, 10057, 10059, 10060, 10061, 10062, 10063,
    10065, 10066, 10067, 10068, 10069, 10070, 10071, 10087, 10097, 10124, 10129, 20001,
    20002, 20009, 20012, 20015, 20016, 20018, 20022, 20024, 20028, 20029, 20031, 20035,
    30001, 30002, 30003, 30004, 30005, 30007, 30008, 30010, 30011, 30013, 30015, 30016,
    30018, 30019, 30030, 30031, 30032, 30033, 30034, 30035, 30037, 30038, 30039, 30040,
    30042, 30045, 30046, 30047, 30048, 30052, 30056, 30058, 30060, 30061, 40001, 40002,
    40003, 40004, 40005, 40006, 40007, 40009, 40012, 40018, 40019, 40032, 40033, 40041,
    40043, 40058, 40060, 40061, 40062, 40066, 40067, 40074, 40094, 40333, 50001, 50002,
    50003, 50004, 50005, 50006, 50007, 50008, 50009, 50010, 50011, 50012, 50013, 50014,
    50015, 50016, 50017, 50019, 50020, 50021, 50024, 50025, 50026, 50027, 50028, 50033,
    50034, 50035, 50036, 50039, 50041, 50045, 50046, 50054, 50055, 50057, 50067, 50068,
    50070, 50073, 50074, 50080, 50081, 50083, 50084, 50085, 50086, 50091, 50095, 50097,
    50101, 50109, 50110, 50123, 50124, 50131, 50132, 50138, 50144, 50145, 50146, 50151,
    50159, 50160, 50161, 50162, 50163, 50167, 50173, 50178, 50192, 50278, 50600, 60003,
    80004, 90001, 90002, 110000, 110001, 130000, 150006, 160002, 160004, 160005, 160006,
    160007, 160014, 170001, 170002, 170003, 170004, 170005, 170006, 170007, 180000, 180002,
    200000, 200001, 220001, 220002, 220003, 220004, 240000, 340015, 350000, 350001, 400001,
    500000, 520000, 520001, 520002, 520003, 520004, 520006, 530000, 530001, 530002, 530003,
    530004, 530006, 530007, 1000, 4000, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009,
    4010, 5000, 5001, 5002, 5003, 5004,
))  # fmt: skip
"""Every JSON error code Discord's documentation lists ("JSON Error Codes")."""

rows = Rows("discord")

# fmt: off
ROWS: Final = (
    rows.read("10003", ErrorKind.NOT_FOUND, False, "Unknown channel.", status=404, writes=True),
    rows.read("10004", ErrorKind.NOT_FOUND, False, "Unknown guild.", status=404),
    rows.read("10007", ErrorKind.NOT_FOUND, False, "Unknown member.", status=404),
    rows.read("10008", ErrorKind.NOT_FOUND, False, "Unknown message.", status=404),
    rows.read("10011", ErrorKind.NOT_FOUND, False, "Unknown role.", status=404),
    rows.read("10013", ErrorKind.NOT_FOUND, False, "Unknown user.", status=404),
    rows.read("10015", ErrorKind.NOT_FOUND, False, "Unknown webhook.", status=404),
    rows.read("10062", ErrorKind.NOT_FOUND, False, "Unknown interaction: it expired, or was answered already.", status=404),
    rows.read("20001", ErrorKind.PERMISSION_DENIED, False, "Bots cannot use this endpoint.", status=403),
    rows.read("20016", ErrorKind.RATE_LIMITED, True, "This action cannot be performed due to slowmode rate limit.", status=429),
    rows.read("20028", ErrorKind.RATE_LIMITED, True, "The write action you are performing on the channel has hit the write rate limit.", status=429),
    rows.read("30001", ErrorKind.CONFLICT, False, "Maximum number of guilds reached (100).", status=400),
    rows.read("30013", ErrorKind.CONFLICT, False, "Maximum number of guild channels reached (500).", status=400),
    rows.read("40001", ErrorKind.UNAUTHENTICATED, False, "Unauthorized. Provide a valid token and try again.", status=401, writes=True),
    rows.read("40002", ErrorKind.PERMISSION_DENIED, False, "You need to verify your account in order to perform this action.", status=403),
    rows.read("40005", ErrorKind.TOO_LARGE, False, "Request entity too large. Try sending something smaller in size.", status=413, writes=True),
    rows.read("40060", ErrorKind.CONFLICT, False, "Interaction has already been acknowledged.", status=400, writes=True),
    rows.read("40062", ErrorKind.RATE_LIMITED, True, "Service resource is being rate limited.", status=429, writes=True),
    rows.read("50001", ErrorKind.PERMISSION_DENIED, False, "Missing access: the bot cannot see the channel or guild.", status=403, writes=True),
    rows.read("50006", ErrorKind.INVALID_INPUT, False, "Cannot send an empty message.", status=400),
    rows.read("50007", ErrorKind.PERMISSION_DENIED, False, "Cannot send messages to this user.", status=403),
    rows.read("50013", ErrorKind.PERMISSION_DENIED, False, "You lack permissions to perform that action.", status=403),
    rows.read("50014", ErrorKind.UNAUTHENTICATED, False, "Invalid authentication token provided.", status=401),
    rows.read("50025", ErrorKind.UNAUTHENTICATED, False, "Invalid OAuth2 access token provided.", status=401),
    rows.read("50026", ErrorKind.PERMISSION_DENIED, False, "Missing required OAuth2 scope.", status=403),
    rows.read("50035", ErrorKind.INVALID_INPUT, False, "Invalid form body, or invalid Content-Type: errors names the fields at fault.", status=400, writes=True),
    rows.read("50041", ErrorKind.UNSUPPORTED, False, "Invalid API version provided.", status=400, writes=True),
    rows.read("50045", ErrorKind.TOO_LARGE, False, "File uploaded exceeds the maximum size.", status=413),
    rows.read("50109", ErrorKind.INVALID_INPUT, False, "The request body contains invalid JSON.", status=400),
    rows.read("60003", ErrorKind.APPROVAL_REQUIRED, False, "Two factor is required for this operation: a person must give a code.", status=403, writes=True),
    rows.read("110001", ErrorKind.UNAVAILABLE, True, "Application not yet available. Try again later.", status=503),
    rows.read("130000", ErrorKind.UNAVAILABLE, True, "API resource is currently overloaded. Try again a little later.", status=503, writes=True),
    rows.read("200000", ErrorKind.PERMISSION_DENIED, False, "Message was blocked by automatic moderation.", status=403),
    *rows.write("40001", ErrorKind.NOT_CONNECTED),
    *rows.write("50001", ErrorKind.PAUSED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED),
    *rows.write("50035", ErrorKind.AMBIGUOUS, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR, ErrorKind.UNKNOWN_OUTCOME, ErrorKind.INTERNAL, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The codes read by name; every other code Discord documents (`DOCUMENTED`) is read by
its message's words, else by its series."""

SERIES: Final[dict[int, tuple[ErrorKind, bool | None]]] = {
    1: (ErrorKind.NOT_FOUND, False),  # 10001-10129: "Unknown account", "Unknown channel", ...
    3: (ErrorKind.CONFLICT, False),  # 30001-30061: "Maximum number of ... reached"
}
"""A documented code's series (its first digit of five), where every code in it says the
same: how a code not in the table is read when its message's words say nothing."""


ERROR: Final = Shape(
    "error",
    (
        Field("code", (int,), fills="code", closed=frozenset(map(str, DOCUMENTED))),
        Field("message", (str,), required=True, fills="message"),
        Field("errors", (dict,)),
        Field("retry_after", (int, float), fills="retry_after", seconds=True),
        Field("global", (bool,)),
    ),
    model="ErrorResponse",
)  # fmt: skip


_LIMITED: Final = (ErrorKind.RATE_LIMITED, True)


def kind_of(code: int | None, message: str, limited: bool) -> tuple[ErrorKind, bool | None]:
    """The kind and retry advice: the code's row, else a rate limit (a ``retry_after``),
    else the message's words, else the code's series; ``unknown`` when none says (the
    status then decides)."""
    row = read_row("discord", str(code), None) if code is not None else None
    if row is None and limited:
        return _LIMITED
    said = row_or_words(row, message)
    if said is UNSAID and code is not None and 10000 <= code < 100000:
        return SERIES.get(code // 10000) or UNSAID
    return said


def read_discord(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"code"?: int, "message": text, "errors"?, "retry_after"?, "global"?}``."""
    ERROR.check(d, strict, where)
    number, message, wait = d.get("code"), d["message"], d.get("retry_after")
    kind, retryable = kind_of(number, message, wait is not None)
    return make(
        kind,
        message,
        retryable=retryable,
        retry_after=float(wait) if wait is not None else None,
        vendor="discord",
        code=str(number) if number is not None else None,
        extra=d,
    )


def _number(code: str | None) -> int | None:
    return int(code) if code is not None and code.isascii() and code.isdigit() else None


def _at_home(error: UnifiedError) -> bool:
    """The error came from Discord and its code still reads as its kind."""
    code = error.code
    if error.vendor != "discord" or (code is not None and not (code.isascii() and code.isdigit())):
        return False
    limited = error.retry_after is not None
    return kind_of(_number(error.code), error.message, limited)[0] is error.kind


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Discord's JSON error; a rate limit as its rate-limit response, with
    ``retry_after`` and ``global``.  At home, everything it came with."""
    if _at_home(error):
        out: dict[str, Any] = {"message": error.message}
        number = _number(error.code)
        if number is not None:
            out["code"] = number
        extra = error.extra or {}
        if error.retry_after is not None:
            sent = extra.get("retry_after")
            out["retry_after"] = sent if sent == error.retry_after else error.retry_after
        if "global" in extra:  # the anchor of a rate limit: kept here, not by with_extra
            out["global"] = extra["global"]
        return with_extra(out, error)
    row = canonical_row(error, "discord")
    out = {"code": int(row.code), "message": error.message}
    if error.kind is ErrorKind.RATE_LIMITED and error.retry_after is not None:
        out.update({"retry_after": error.retry_after, "global": False})
    return out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error as Discord sends it: a rate limit with its wait, an invalid form body
    with the field at fault."""
    out: dict[str, Any] = {"code": int(row.code), "message": message}
    if row.kind is ErrorKind.RATE_LIMITED:
        out.update({"retry_after": 1.5, "global": False})
    elif row.code == "50035":
        required = {"code": "BASE_TYPE_REQUIRED", "message": "This field is required"}
        out["errors"] = {"content": {"_errors": [required]}}
    return out


SOURCE: Final = Source(
    name="discord",
    title="Discord",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            520,
            "code",
            read_discord,
            "an integer `code` Discord documents (but 0) with a text `message`;"
            " never beside a `status`, `details`, `error`, `ok`, `data` or `description`"
            " (SiliconFlow's `{code, message, data}`, Kotak Securities' `{code: 50001,"
            " description, message}`: its codes are numbers any API may use)",
            is_a=int,
            one_of=DOCUMENTED - {0},
            texts=("message",),
            refuses=("status", "details", "error", "ok", "data", "description"),
        ),
        Claim(
            530,
            "global",
            read_discord,
            "a rate limit: a boolean `global` beside a `retry_after` and a text `message`",
            is_a=bool,
            needs=("retry_after",),
            texts=("message",),
        ),
    ),
    write=write,
    models=".discord",
    example=example,
    docs="discord.md",
)
