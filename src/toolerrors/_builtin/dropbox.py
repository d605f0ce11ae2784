"""Dropbox as a source: the API v2 error, ``{"error_summary", "error", "user_message"?}``.

Every route of Dropbox's API v2 answers a failure with the same JSON: a text
``error_summary`` and the route's ``error``, a union written as nested ``.tag``\\ s
(``{".tag": "path", "path": {".tag": "not_found"}}``).  The code is the path of those
tags, ``path/not_found``; the summary spells the same path with a tail of dots, and
Dropbox asks that it not be parsed.  Every route's own error comes as a 409, whatever
it means, so the tags, not the status, decide: the deepest tag the table knows
(``not_found`` in ``from_lookup/not_found``).  A 401 carries an ``AuthError``, a 403 an
``AccessError`` and a 429 a ``RateLimitError``, ``{"reason": {".tag"}, "retry_after"?}``.
A tag the table does not know is read by its words, else by the HTTP status.  The
pydantic model is in ``toolerrors.dropbox``.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any, Final

from .._json import bounded_wait
from .._kinds import ErrorKind
from .._source import REQUEST_ID, Claim, Field, Shape, Source, canonical_row, want, with_extra
from .._table import Row, Rows, codes_of
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_dropbox", "write"]


rows = Rows("dropbox")

# fmt: off
ROWS: Final = (
    # LookupError and WriteError, the unions most routes' errors hold (a 409)
    rows.read("path/not_found", ErrorKind.NOT_FOUND, False, "There is nothing at the given path.", status=409, writes=True),
    rows.read("path/malformed_path", ErrorKind.INVALID_INPUT, False, "The given path does not satisfy the required path format.", status=409, writes=True),
    rows.read("path/not_file", ErrorKind.INVALID_INPUT, False, "We were expecting a file, but the given path refers to something that isn't a file.", status=409),
    rows.read("path/not_folder", ErrorKind.INVALID_INPUT, False, "We were expecting a folder, but the given path refers to something that isn't a folder.", status=409),
    rows.read("path/restricted_content", ErrorKind.REFUSED, False, "The file cannot be transferred because the content is restricted: sometimes there are legal restrictions due to copyright claims.", status=409, writes=True),
    rows.read("path/conflict", ErrorKind.CONFLICT, False, "Couldn't write to the target path because there was something in the way.", status=409, writes=True),
    rows.read("path/no_write_permission", ErrorKind.PERMISSION_DENIED, False, "The user doesn't have permissions to write to the target location.", status=409),
    rows.read("path/insufficient_space", ErrorKind.PAYMENT_REQUIRED, False, "The user doesn't have enough available space to write more data.", status=409, writes=True),
    rows.read("path/disallowed_name", ErrorKind.INVALID_INPUT, False, "Dropbox will not save the file or folder because of its name.", status=409),
    # RateLimitError's reasons (a 429), also a WriteError's
    rows.read("too_many_requests", ErrorKind.RATE_LIMITED, True, "You are making too many requests: wait the Retry-After seconds.", status=429, writes=True),
    rows.read("too_many_write_operations", ErrorKind.RATE_LIMITED, True, "There are currently too many write operations happening in the user's Dropbox: retry after a while.", status=429),
    # AuthError (a 401) and AccessError (a 403)
    rows.read("invalid_access_token", ErrorKind.UNAUTHENTICATED, False, "The access token is invalid.", status=401, writes=True),
    rows.read("expired_access_token", ErrorKind.UNAUTHENTICATED, False, "The access token has expired: get a new one with the refresh token.", status=401),
    rows.read("missing_scope", ErrorKind.PERMISSION_DENIED, False, "The access token does not have the required scope to access the route: the user must authorize the app again.", status=401),
    rows.read("user_suspended", ErrorKind.PERMISSION_DENIED, False, "The user has been suspended.", status=401),
    rows.read("route_access_denied", ErrorKind.PERMISSION_DENIED, False, "The route is not available to public.", status=401),
    rows.read("no_permission", ErrorKind.PERMISSION_DENIED, False, "The caller does not have permission to access the resource.", status=403, writes=True),
    rows.read("invalid_account_type", ErrorKind.UNSUPPORTED, False, "The current account type cannot access the resource.", status=403, writes=True),
    # the sharing routes' own
    rows.read("shared_link_already_exists", ErrorKind.CONFLICT, False, "A shared link already exists for the path: list_shared_links returns it.", status=409),
    rows.read("access_denied", ErrorKind.PERMISSION_DENIED, False, "The user is not allowed to create a shared link to this file or folder.", status=409),
    rows.read("email_not_verified", ErrorKind.PERMISSION_DENIED, False, "The user's email address needs to be verified to use this functionality.", status=409),
    rows.read("settings_error", ErrorKind.INVALID_INPUT, False, "There is an error with the given settings.", status=409),
    # every union's catch-all
    rows.read("other", ErrorKind.UNKNOWN, None, "An error Dropbox does not name: the HTTP status says what it can.", writes=True),
    *rows.write("invalid_access_token", ErrorKind.NOT_CONNECTED),
    *rows.write("no_permission", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED),
    *rows.write("path/conflict", ErrorKind.COMMIT_REQUIRED),
    *rows.write("path/malformed_path", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.UPSTREAM_ERROR),
    *rows.write("other", ErrorKind.UNAVAILABLE, ErrorKind.UNKNOWN_OUTCOME, ErrorKind.INTERNAL),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The codes read by name: paths of ``.tag``\\ s, each known by its last tag."""

_BY_TAG: Final = {row.code.rpartition("/")[2]: row for row in ROWS if row.reads}
"""Each row by the last tag of its code: a route names its own union (``from_lookup``,
``path_write``) around the shared ones."""


def _union(tags: str) -> dict[str, Any]:
    """The nested ``.tag`` object a path of tags stands for (``path/not_found``)."""
    tag, _, rest = tags.partition("/")
    return {".tag": tag, tag: _union(rest)} if rest else {".tag": tag}


def _error_of(row: Row, name: str, pick: int) -> dict[str, Any]:
    """A row's ``error``, as a route or, for a rate limit, as a ``RateLimitError``."""
    if row.kind is ErrorKind.RATE_LIMITED:
        return {"reason": {".tag": row.code}, "retry_after": 1 + pick % 300}
    return _union(row.code)


ERROR: Final = Shape(
    "error",
    (
        Field("error_summary", (str,), required=True, samples=lambda row, name, pick: f"{row.code}/" + "." * (pick % 4)),
        Field("error", (dict,), required=True, samples=_error_of),  # the union: its tags are the code
        Field("user_message", (dict,), fields=(Field("locale", (str,)), Field("text", (str,)))),
    ),
    model="ErrorResponse",
)  # fmt: skip


def tags_of(error: Mapping[str, Any]) -> str:
    """The path of ``.tag``\\ s in a union: each tag's value under its own name, or in a
    field of a struct around it (``reason``); ``""`` when there is none."""
    tags: list[str] = []
    node: object = error
    while type(node) is dict:
        tag = node.get(".tag")
        if type(tag) is str:
            tags.append(tag)
        inner = node.get(tag) if type(tag) is str else None
        node = inner if type(inner) is dict else next(
            (v for k, v in node.items() if k != ".tag" and type(v) is dict and ".tag" in v), None
        )  # fmt: skip
    return "/".join(tags)


def row_of(code: str | None) -> Row | None:
    """The row of the deepest tag the table knows."""
    for tag in reversed(code.split("/") if code else ()):
        row = _BY_TAG.get(tag)
        if row is not None:
            return row
    return None


def kind_of(code: str | None, text: str | None) -> tuple[ErrorKind, bool | None]:
    """The row of the code's deepest known tag, else the words of the user message and
    of the tags (``path/not_found``); ``unknown`` when none says (the status decides)."""
    return row_or_words(row_of(code), text, code and code.replace("_", " "))


def _code(d: Mapping[str, Any]) -> str | None:
    """The tags of ``error``, else the summary's path without its tail of dots."""
    error, summary = d.get("error"), d.get("error_summary")
    code = tags_of(error) if type(error) is dict else ""
    if not code and type(summary) is str:
        code = summary.rstrip("./")
    return code or None


def _text(d: Mapping[str, Any]) -> str | None:
    """The ``user_message``'s text, meant for the user to read, if any."""
    said = d.get("user_message")
    text = said.get("text") if type(said) is dict else None
    return text if type(text) is str and text else None


def read_dropbox(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"error_summary": text, "error": {".tag", ...}, "user_message"?}``."""
    ERROR.check(d, strict, where)
    code = _code(d)
    if strict and not tags_of(d["error"]):
        raise want(d["error"], "a union with a .tag", f"{where}/error")
    row, text = row_of(code), _text(d)
    kind, retryable = kind_of(code, text)
    error = d["error"]
    wait = error.get("retry_after") if type(error) is dict else None
    return make(
        kind,
        text or (row.meaning if row is not None else d["error_summary"]),
        retryable=retryable,
        retry_after=bounded_wait(wait) if type(wait) is int else None,
        vendor="dropbox",
        code=code,
        extra=d,
    )


def _at_home(error: UnifiedError) -> bool:
    """The error came from Dropbox with its union, and its code still reads as its kind."""
    extra = error.extra
    return (
        error.vendor == "dropbox"
        and extra is not None
        and type(extra.get("error")) is dict
        and type(extra.get("error_summary")) is str
        and kind_of(error.code, _text(extra))[0] is error.kind
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a Dropbox API error.  At home, the summary and union it came with;
    elsewhere the union of its kind's code (a rate limit with its wait, in whole
    seconds).  Dropbox has no field for a message but the one meant for end users."""
    extra = error.extra
    if _at_home(error) and extra is not None:  # the summary, an anchor, is kept here
        out = {"error_summary": extra["error_summary"], "error": extra["error"]}
        return with_extra(out, error)
    row = canonical_row(error, "dropbox")
    if row.kind is ErrorKind.RATE_LIMITED:
        limited: dict[str, Any] = {"reason": {".tag": row.code}}
        if error.retry_after is not None:
            limited["retry_after"] = ceil(error.retry_after)
        return {"error_summary": f"{row.code}/", "error": limited}
    return {"error_summary": f"{row.code}/", "error": _union(row.code)}


def example(row: Row, message: str) -> dict[str, Any]:
    """The error as Dropbox sends it, its summary ending in a dot."""
    error = (
        {"reason": {".tag": row.code}, "retry_after": 15}
        if row.kind is ErrorKind.RATE_LIMITED
        else _union(row.code)
    )
    return {"error_summary": f"{row.code}/.", "error": error}  # fmt: skip


def _a_union(d: Mapping[str, Any]) -> bool:
    """Dropbox's ``error``: an object with a ``.tag``, or a struct around one."""
    error = d["error"]
    return type(error) is dict and bool(tags_of(error))


SOURCE: Final = Source(
    name="dropbox",
    title="Dropbox",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            200,
            "error_summary",
            read_dropbox,
            "a text `error_summary` beside an `error` union with a `.tag`",
            is_a=str,
            needs=("error",),
            when=_a_union,
        ),
    ),
    write=write,
    models=".dropbox",
    example=example,
    docs="dropbox.md",
    headers={"x-dropbox-request-id": REQUEST_ID},
    route_status=409,
)
