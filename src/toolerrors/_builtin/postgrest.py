"""PostgREST (and Supabase's Data API) as a source: ``{"code", "details", "hint",
"message"}``.

PostgREST answers a failed request with PostgreSQL's error structure: the ``code`` is a
PostgreSQL SQLSTATE (``23505``, ``42501``) forwarded from the database, or one of
PostgREST's own, ``PGRST`` and three digits (``PGRST116``, ``PGRST205``); ``details``
and ``hint`` are text or null.  The code decides; a SQLSTATE not in the table is read
by its words, else by its class (its first two characters) where PostgREST gives the
class one status, else as the SQLSTATE source reads the code or its class (``40P01``, a
deadlock, is a conflict to retry), else by the HTTP status.  The pydantic model is in
``toolerrors.postgrest``.
"""

from __future__ import annotations

import re
from types import NoneType
from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, with_extra
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import UNSAID, row_or_words
from .sqlstate import kind_of as sqlstate_kind

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_postgrest", "write"]


rows = Rows("postgrest")

# fmt: off
ROWS: Final = (
    # PostgREST's own: connection, request, schema cache and JWT errors
    rows.read("PGRST000", ErrorKind.UNAVAILABLE, True, "Could not connect with the database due to an incorrect db-uri or due to the PostgreSQL service not running.", status=503),
    rows.read("PGRST001", ErrorKind.UNAVAILABLE, True, "Could not connect with the database due to an internal error.", status=503, writes=True),
    rows.read("PGRST002", ErrorKind.UNAVAILABLE, True, "Could not connect with the database when building the schema cache.", status=503),
    rows.read("PGRST003", ErrorKind.UNAVAILABLE, True, "The request timed out waiting for a pool connection to be available.", status=504),
    rows.read("PGRST100", ErrorKind.INVALID_INPUT, False, "Parsing error in the query string parameter.", status=400),
    rows.read("PGRST102", ErrorKind.INVALID_INPUT, False, "An invalid request body was sent (e.g. an empty body or malformed JSON).", status=400, writes=True),
    rows.read("PGRST106", ErrorKind.INVALID_INPUT, False, "The schema specified when switching schemas is not present in the db-schemas configuration variable.", status=406),
    rows.read("PGRST107", ErrorKind.UNSUPPORTED, False, "The Accept media type sent in the request is invalid.", status=406),
    rows.read("PGRST116", ErrorKind.NOT_FOUND, False, "More than 1 or no items were returned when requesting a singular response: the details say how many.", status=406, writes=True),
    rows.read("PGRST117", ErrorKind.UNSUPPORTED, False, "The HTTP verb used in the request is not supported.", status=405, writes=True),
    rows.read("PGRST125", ErrorKind.NOT_FOUND, False, "Invalid path is specified in request URL.", status=404),
    rows.read("PGRST200", ErrorKind.INVALID_INPUT, False, "Stale foreign key relationships, or the embedded resources or the relationship may not exist: reload the schema cache.", status=400),
    rows.read("PGRST201", ErrorKind.AMBIGUOUS, False, "An ambiguous embedding request was made (PostgREST answers 300 Multiple Choices).", writes=True),
    rows.read("PGRST202", ErrorKind.NOT_FOUND, False, "Caused by a stale function signature, otherwise the function may not exist in the database.", status=404),
    rows.read("PGRST203", ErrorKind.AMBIGUOUS, False, "Overloaded functions with the same argument names but different types were requested (PostgREST answers 300 Multiple Choices)."),
    rows.read("PGRST204", ErrorKind.INVALID_INPUT, False, "The column specified in the columns query parameter is not found.", status=400),
    rows.read("PGRST205", ErrorKind.NOT_FOUND, False, "The table specified in the URI is not found.", status=404),
    rows.read("PGRST301", ErrorKind.UNAUTHENTICATED, False, "Provided JWT couldn't be decoded or it is invalid.", status=401, writes=True),
    rows.read("PGRST302", ErrorKind.UNAUTHENTICATED, False, "A request without bearer authentication when the anonymous role is disabled.", status=401),
    rows.read("PGRST303", ErrorKind.UNAUTHENTICATED, False, "JWT claims validation or parsing failed (an expired token, say).", status=401),
    # PostgreSQL's, as PostgREST maps them to statuses
    rows.read("23503", ErrorKind.CONFLICT, False, "Foreign key violation.", status=409),
    rows.read("23505", ErrorKind.CONFLICT, False, "Uniqueness violation.", status=409, writes=True),
    rows.read("23502", ErrorKind.INVALID_INPUT, False, "Not-null violation: the details show the failing row.", status=400),
    rows.read("23514", ErrorKind.INVALID_INPUT, False, "Check violation.", status=400),
    rows.read("22P02", ErrorKind.INVALID_INPUT, False, "Invalid text representation (not a valid uuid or integer, say).", status=400),
    rows.read("42501", ErrorKind.PERMISSION_DENIED, False, "Insufficient privileges, or a row-level security policy refused the row: 403 when authenticated, else 401.", status=403, writes=True),
    rows.read("42P01", ErrorKind.NOT_FOUND, False, "Undefined table.", status=404),
    rows.read("42883", ErrorKind.NOT_FOUND, False, "Undefined function.", status=404),
    rows.read("42703", ErrorKind.INVALID_INPUT, False, "Undefined column: the hint may name the one meant.", status=400),
    rows.read("40001", ErrorKind.CONFLICT, True, "Serialization failure: the transaction can be retried.", status=500),
    rows.read("53300", ErrorKind.UNAVAILABLE, True, "Too many connections.", status=503),
    rows.read("P0001", ErrorKind.INVALID_INPUT, False, "Default code for RAISE in a function: its message says why.", status=400),
    rows.read("XX000", ErrorKind.INTERNAL, None, "Internal error.", status=500, writes=True),
    *rows.write("PGRST301", ErrorKind.NOT_CONNECTED),
    *rows.write("42501", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED),
    *rows.write("PGRST102", ErrorKind.TOO_LARGE, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("PGRST003", ErrorKind.RATE_LIMITED, lost="that it is a rate limit, not a busy pool"),
    *rows.write("XX000", ErrorKind.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The codes read by name: PostgREST's own and the SQLSTATEs PostgREST maps by name."""

CLASSES: Final[dict[str, tuple[ErrorKind, bool | None]]] = {
    "08": (ErrorKind.UNAVAILABLE, True),  # connection exception: 503
    "53": (ErrorKind.UNAVAILABLE, True),  # insufficient resources: 503
    "0L": (ErrorKind.PERMISSION_DENIED, False),  # invalid grantor: 403
    "0P": (ErrorKind.PERMISSION_DENIED, False),  # invalid role specification: 403
    "28": (ErrorKind.PERMISSION_DENIED, False),  # invalid authorization specification: 403
    "22": (ErrorKind.INVALID_INPUT, False),  # data exception: 400
    "23": (ErrorKind.INVALID_INPUT, False),  # integrity constraint violation: 400
}
"""A SQLSTATE class PostgREST gives one meaning: how a code not in the table is read."""

_ROW_COUNT: Final = r"contains? (\d+) rows"
"""The row count in ``PGRST116``'s details: ``The result contains 0 rows``, ``Results
contain 2 rows, application/vnd.pgrst.object+json requires 1 row``; compiled on first use, by
``re``'s own cache (0.03 ms less start-up)."""
_AMBIGUOUS: Final = (ErrorKind.AMBIGUOUS, False)


def kind_of(code: str, message: str, details: object) -> tuple[ErrorKind, bool | None]:
    """The code's row (a singular response with more than one row is ambiguous, with
    none not found), else the message's words, else its SQLSTATE class as PostgREST
    gives it a status, else what the SQLSTATE table says of the code or its class;
    ``unknown`` when none says (the status then decides)."""
    row = read_row("postgrest", code, None)
    if code == "PGRST116" and type(details) is str:
        counted = re.search(_ROW_COUNT, details)
        if counted is not None and int(counted.group(1)) > 1:
            return _AMBIGUOUS
    said = row_or_words(row, message)
    if said is UNSAID and not code.startswith("PGRST"):
        return CLASSES.get(code[:2]) or sqlstate_kind(code) or UNSAID
    return said


ERROR: Final = Shape(
    "error",
    (
        Field("code", (str,), required=True, fills="code"),
        Field("details", (str, NoneType), required=True,
              samples=("The result contains 0 rows", None, "Key (email)=(a@example.com) already exists.")),
        Field("hint", (str, NoneType), required=True, samples=(None,)),
        Field("message", (str,), required=True, fills="message"),
    ),
    model="ErrorResponse",
)  # fmt: skip


def read_postgrest(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"code": text, "details": text | null, "hint": text | null, "message": text}``."""
    ERROR.check(d, strict, where)
    code, message = d["code"], d["message"]
    kind, retryable = kind_of(code, message, d.get("details"))
    return make(kind, message, retryable=retryable, vendor="postgrest", code=code, extra=d)


def _at_home(error: UnifiedError) -> bool:
    """The error came from PostgREST and its code (and details) still read as its kind."""
    details = error.extra.get("details") if error.extra else None
    return (
        error.vendor == "postgrest"
        and error.code is not None
        and kind_of(error.code, error.message, details)[0] is error.kind
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as PostgREST's error; at home, its details and hint as they came."""
    extra = error.extra or {}
    if _at_home(error) and error.code is not None:  # the hint, an anchor, is kept here
        out = {"code": error.code, "details": extra.get("details"), "hint": extra.get("hint")}
        return with_extra({**out, "message": error.message}, error)
    code = canonical_row(error, "postgrest").code
    return {"code": code, "details": None, "hint": None, "message": error.message}


def example(row: Row, message: str) -> dict[str, Any]:
    """The error as PostgREST sends it; a singular response's with its row count."""
    details = "The result contains 0 rows" if row.code == "PGRST116" else None
    return {"code": row.code, "details": details, "hint": None, "message": message}


_SQLSTATE: Final = r"PGRST\d{3}|[0-9A-Z]{5}"  # compiled on first use, by re's cache


def _a_code(d: Mapping[str, Any]) -> bool:
    """PostgREST's code: ``PGRST`` and three digits, or a five-character SQLSTATE."""
    code = d["code"]
    return type(code) is str and re.fullmatch(_SQLSTATE, code) is not None


SOURCE: Final = Source(
    name="postgrest",
    title="PostgREST",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            540,
            "hint",
            read_postgrest,
            "a `hint` beside `details`, a text `message` and a `code` that is a"
            " SQLSTATE or `PGRST` and three digits; never with a `kind`",
            needs=("details",),
            texts=("code", "message"),
            refuses=("kind",),
            when=_a_code,
        ),
    ),
    write=write,
    models=".postgrest",
    example=example,
    docs="postgrest.md",
)
