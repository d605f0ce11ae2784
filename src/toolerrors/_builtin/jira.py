"""Jira as a source: the REST API's error collection, ``{"errorMessages", "errors"?,
"warningMessages"?, "status"?}``.

Jira answers a failed request with its messages (``errorMessages``) and the fields at
fault (``errors``, field to message), and no code of its own: the HTTP status is the code,
as Jira's documentation gives each operation's statuses.  So `toolerrors.from_http`
reads the status; a body read alone is ``unknown`` with its messages kept, unless it
repeats the status in ``status``, as Jira Cloud's lately do (the API's ``ErrorCollection``
schema has it).  The words are not read: "The value 'X' does not exist for the field
'project'" comes with a 400.  The pydantic model is in ``toolerrors.jira``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row
from .._table import Row, Rows, codes_of, error_status, read_row
from .._unified import make
from .._words import UNSAID

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_jira", "write"]


rows = Rows("jira")

# fmt: off
ROWS: Final = (
    rows.read("400", ErrorKind.INVALID_INPUT, False, "The request is invalid: errorMessages and errors say what, errors by field.", status=400, writes=True),
    rows.read("401", ErrorKind.UNAUTHENTICATED, False, "The authentication credentials are incorrect or missing.", status=401, writes=True),
    rows.read("403", ErrorKind.PERMISSION_DENIED, False, "The user does not have the necessary permission.", status=403, writes=True),
    rows.read("404", ErrorKind.NOT_FOUND, False, "The item is not found, or the user does not have permission to view it.", status=404, writes=True),
    rows.read("409", ErrorKind.CONFLICT, False, "The request conflicts with the item's state, or the item already exists.", status=409, writes=True),
    rows.read("413", ErrorKind.TOO_LARGE, False, "The attachments exceed the maximum size.", status=413, writes=True),
    rows.read("429", ErrorKind.RATE_LIMITED, True, "A rate limit: wait as long as Retry-After says.", status=429, writes=True),
    rows.read("500", ErrorKind.INTERNAL, None, "An error within Jira.", status=500, writes=True),
    rows.read("503", ErrorKind.UNAVAILABLE, True, "Jira is unavailable, or overloaded: try again later.", status=503, writes=True),
    *rows.write("401", ErrorKind.NOT_CONNECTED),
    *rows.write("403", ErrorKind.PAYMENT_REQUIRED, ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("400", ErrorKind.AMBIGUOUS, ErrorKind.UNSUPPORTED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("409", ErrorKind.COMMIT_REQUIRED),
    *rows.write("500", ErrorKind.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The statuses Jira's documentation gives its errors, which are its codes."""


ERROR: Final = Shape(
    "error collection",
    (
        Field("errorMessages", (list,), required=True, samples=lambda row, name, pick: [name]),
        Field("errors", (dict,), samples=({}, {"summary": "You must specify a summary of the issue."})),
        Field("warningMessages", (list,), samples=([],)),
        Field("status", (int,), fills="code", samples=lambda row, name, pick: int(row.code)),
    ),
    model="ErrorCollection",
)  # fmt: skip


def said(d: Mapping[str, Any]) -> str:
    """The collection's messages, then its fields' (``field: message``), in one line."""
    messages = [text for text in d.get("errorMessages") or () if type(text) is str]
    errors = d.get("errors")
    if type(errors) is dict:
        messages += [f"{name}: {text}" for name, text in errors.items() if type(text) is str]
    return "; ".join(messages) or "Jira answered with an error and no message"


def read_jira(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"errorMessages": [text], "errors"?: {field: text}, "warningMessages"?,
    "status"?: int}``: the status the body repeats decides; without it, the response's."""
    ERROR.check(d, strict, where)
    status = d.get("status")
    code = str(status) if type(status) is int else None
    row = read_row("jira", code or "", None)
    kind, retryable = (row.kind, row.retryable) if row is not None else UNSAID
    return make(
        kind,
        said(d),
        retryable=retryable,
        status_code=error_status(status),
        vendor="jira",
        code=code,
        extra=d,
    )


def _at_home(error: UnifiedError) -> bool:
    """A Jira error with its message, and the kind of its status (the one its body
    repeats, else the response's), unchanged."""
    extra = error.extra
    if error.vendor != "jira" or extra is None or "errorMessages" not in extra:
        return False
    if said(extra) != error.message or (
        error.code is not None and not (error.code.isascii() and error.code.isdigit())
    ):
        return False
    row = read_row("jira", error.code or str(error.status_code), None)
    return row is None or row.kind is error.kind


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Jira's error collection, with the status of its kind; a Jira error
    with its message unchanged is given back as it came, with the status it came with
    (the one its body repeated, else the response's), without which it could not say
    its kind."""
    if _at_home(error):
        out = dict(error.extra or {})
        status = error.code or error.status_code  # the body's status is carried as the code
        if status is not None:
            out["status"] = int(status)
        return out
    row = canonical_row(error, "jira")
    return {"errorMessages": [error.message], "errors": {}, "status": int(row.code)}


def example(row: Row, message: str) -> dict[str, Any]:
    """The error collection as Jira Cloud sends it, with the status it repeats."""
    return {"errorMessages": [message], "errors": {}, "status": int(row.code)}


def _collection(d: Mapping[str, Any]) -> bool:
    """``errorMessages`` holds text only, and ``errors``, if any, is an object."""
    return (
        all(type(text) is str for text in d["errorMessages"]) and type(d.get("errors", {})) is dict
    )


SOURCE: Final = Source(
    name="jira",
    title="Jira",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            312,
            "errorMessages",
            read_jira,
            "an array of text `errorMessages`, with an object `errors` if any; never"
            " beside an `errorCode`, which Jira does not send (Enphase's `{errorCode: 7,"
            " errorMessages}`)",
            is_a=list,
            refuses=("errorCode",),
            when=_collection,
        ),
    ),
    write=write,
    models=".jira",
    example=example,
    docs="jira.md",
)
