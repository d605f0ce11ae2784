"""Telegram's Bot API as a source: ``{"ok": false, "error_code", "description",
"parameters"?}``.

A failed Bot API request answers with ``ok: false``, an ``error_code`` that is the HTTP
status it came with (Telegram: "its contents are subject to change in the future"), and a
``description``, its only precise word: ``Bad Request: chat not found``.  ``parameters``
may say how to handle it: ``retry_after`` (flood control's wait, in seconds) and
``migrate_to_chat_id`` (the group became a supergroup with that id).  Older responses
state the wait only in the text: ``Too Many Requests: retry after 3``.  Slack's errors
and Pythe's envelopes have ``ok: false`` too, with a text ``error`` or ``code``: the
three are told apart by their fields.  The pydantic model is in ``toolerrors.telegram``.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, more_retryable, with_extra
from .._table import Row, Rows, codes_of, of_status, read_row, row_for
from .._unified import make
from .._words import UNSAID, read_words, wait_in_text

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_telegram", "write"]


rows = Rows("telegram", writes=True)


# fmt: off
ROWS: Final = (
    rows.read("400", ErrorKind.INVALID_INPUT, False, "Bad Request: the description says what is wrong (chat not found, message is not modified, file is too big, ...).", status=400),
    rows.read("401", ErrorKind.UNAUTHENTICATED, False, "Unauthorized: the bot token is wrong or was revoked.", status=401),
    rows.read("403", ErrorKind.PERMISSION_DENIED, False, "Forbidden: the bot may not do this here (blocked by the user, kicked from the chat, not a member of it).", status=403),
    rows.read("404", ErrorKind.NOT_FOUND, False, "Not Found: no such method, or no bot with the token in the request's address.", status=404),
    rows.read("409", ErrorKind.CONFLICT, False, "Conflict: another getUpdates request, or a webhook, is taking the bot's updates.", status=409),
    rows.read("429", ErrorKind.RATE_LIMITED, True, "Too Many Requests: flood control; wait parameters.retry_after seconds.", status=429),
    rows.read("500", ErrorKind.INTERNAL, None, "Internal Server Error (\"Internal Server Error: restart\"): it may or may not have been done.", status=500),
    rows.read("502", ErrorKind.UNAVAILABLE, True, "Bad Gateway: Telegram's servers did not answer.", status=502),
    *rows.write("401", ErrorKind.NOT_CONNECTED),
    *rows.write("403", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED),
    *rows.write("400", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.UNSUPPORTED, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("500", ErrorKind.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The ``error_code`` values of Telegram's Bot API that real responses carry, as text."""


ERROR: Final = Shape(
    "error response",
    (
        Field("ok", (bool,), required=True, const=False),
        Field("error_code", (int,), required=True, fills="code", closed=frozenset(CODES)),
        Field("description", (str,), required=True, fills="message"),
        Field("parameters", (dict,), fields=(
            Field("migrate_to_chat_id", (int,), samples=(-1001234567890,)),
            Field("retry_after", (int,), fills="retry_after", seconds=True),
        )),
    ),
    model="ErrorResponse",
)  # fmt: skip


_GENERIC: Final = row_for(ROWS, "400")
"""The row whose description says more than its code: a ``Bad Request`` is read by the
known words of its description (``chat not found`` is not found) where it has some."""
_MIGRATED: Final = (ErrorKind.NOT_FOUND, False)
"""A group that became a supergroup: the chat id no longer finds it; the new one is in
``parameters.migrate_to_chat_id``."""


def _kind(
    row: Row | None, number: int, description: str, migrated: bool
) -> tuple[ErrorKind, bool | None]:
    """The kind and retry advice: a migrated chat, else the code's row (a Bad Request
    refined by its description's words, into a kind retried no more than a bad request
    is: "Bad Request: retry later" is still a bad request), else the description's words,
    else the status."""
    if migrated:
        return _MIGRATED
    if row is not None and row is not _GENERIC:
        return row.kind, row.retryable
    said = read_words(description)
    if said is not None and (row is None or not more_retryable(said[1], row.retryable)):
        return said
    if row is not None:
        return row.kind, row.retryable
    return of_status(number) or UNSAID


def read_telegram(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"ok": false, "error_code": int, "description": text, "parameters"?}``."""
    ERROR.check(d, strict, where)
    number, description = d["error_code"], d["description"]
    code = str(number)
    row = read_row("telegram", code, None)
    parameters = d.get("parameters")
    given = parameters if type(parameters) is dict else {}
    kind, retryable = _kind(row, number, description, "migrate_to_chat_id" in given)
    wait = given.get("retry_after")
    return make(
        kind,
        description,
        retryable=retryable,
        retry_after=float(wait) if wait is not None else wait_in_text(description),
        status_code=number if 400 <= number <= 599 else None,
        vendor="telegram",
        code=code,
        extra=d,
    )


def _at_home(error: UnifiedError) -> bool:
    """The error came from Telegram and its code still reads as its kind: a ``Bad Request``
    whose description says "not found" is at home as a 400, as it was sent."""
    code, extra = error.code, error.extra
    if error.vendor != "telegram" or code is None or not (code.isascii() and code.isdigit()):
        return False
    parameters = extra.get("parameters") if extra else None
    migrated = type(parameters) is dict and "migrate_to_chat_id" in parameters
    return (
        _kind(read_row("telegram", code, None), int(code), error.message, migrated)[0] is error.kind
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a Bot API error response.  At home its fields come back as they were;
    elsewhere a wait becomes ``parameters.retry_after``, in whole seconds."""
    if _at_home(error):
        out = {"ok": False, "error_code": int(error.code or 0), "description": error.message}
        return with_extra(out, error)
    row = canonical_row(error, "telegram")
    out = {"ok": False, "error_code": int(row.code), "description": error.message}
    if error.retry_after is not None:
        out["parameters"] = {"retry_after": ceil(error.retry_after)}
    return out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error response as Telegram sends it: the description starts with the status's
    name (``Too Many Requests: retry after 3`` comes with its wait)."""
    out: dict[str, Any] = {"ok": False, "error_code": int(row.code), "description": message}
    if row.code == "429":
        out["parameters"] = {"retry_after": 3}
    return out


SOURCE: Final = Source(
    name="telegram",
    title="Telegram Bot API",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            160,
            "ok",
            read_telegram,
            "`ok: false` with an integer `error_code` and a text `description`",
            is_a=bool,
            one_of=frozenset({False}),
            texts=("description",),
            needs=("error_code",),
            refuses=("error", "code"),
        ),
    ),
    write=write,
    models=".telegram",
    example=example,
    docs="telegram.md",
)
