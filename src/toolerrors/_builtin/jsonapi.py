"""JSON:API as a source: the specification's error document, ``{"errors": [{"id"?,
"links"?, "status"?, "code"?, "title"?, "detail"?, "source"?, "meta"?}], "jsonapi"?,
"meta"?, "links"?}``.

An API that follows JSON:API (jsonapi.org/format/#error-objects) answers a failed request
with an ``errors`` array and no ``data``.  Each error may give the HTTP status that applies
to it, as a string (``"422"``), an application-specific ``code``, a ``title`` and a
``detail``; none is required.  An error is read by its status, through the rows below, and
refined by the known words of its code, title and detail: into any kind they retry less
than the status does, into ``payment_required`` wherever they name billing, and into
what they name when the status is a catch-all (400, 422, 500), never more retryable;
with no status, by its words alone.  Of several errors the one retried least decides, the first of
those; the message holds every error's detail.  The pydantic models are in
``toolerrors.jsonapi``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._decide import CATCH_ALL, GENERIC_STATUSES
from .._errors import ShapeError
from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, more_retryable, want
from .._table import Row, Rows, codes_of, error_status, of_status, read_row
from .._unified import make
from .._words import UNSAID, is_reason_phrase, read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "TITLES", "read_jsonapi", "write"]


rows = Rows("jsonapi")

# fmt: off
ROWS: Final = (
    rows.read("400", ErrorKind.INVALID_INPUT, False, "Bad Request: JSON:API's answer to an invalid query parameter, an include path or sort field the server does not support, or a body that is not JSON.", status=400),
    rows.read("401", ErrorKind.UNAUTHENTICATED, False, "Unauthorized: credentials are missing or were rejected.", status=401, writes=True),
    rows.read("402", ErrorKind.PAYMENT_REQUIRED, False, "Payment Required: the account's plan or credit stands in the way.", status=402, writes=True),
    rows.read("403", ErrorKind.PERMISSION_DENIED, False, "Forbidden: JSON:API's answer to a request the server does not allow (a client-generated ID it does not take, an update to a relationship it forbids), and any permission denied.", status=403, writes=True),
    rows.read("404", ErrorKind.NOT_FOUND, False, "Not Found: the resource, or a related resource the request names, does not exist.", status=404, writes=True),
    rows.read("406", ErrorKind.UNSUPPORTED, False, "Not Acceptable: every JSON:API media type in the Accept header has parameters the server does not support.", status=406),
    rows.read("408", ErrorKind.UNKNOWN_OUTCOME, None, "Request Timeout: the request may or may not have run.", status=408),
    rows.read("409", ErrorKind.CONFLICT, False, "Conflict: JSON:API's answer to a resource whose type is not the collection's, a client-generated ID that exists, or an ID that does not match the URL; servers such as App Store Connect's use it for any entity they refuse.", status=409, writes=True),
    rows.read("413", ErrorKind.TOO_LARGE, False, "Content Too Large: the request is over a size limit.", status=413, writes=True),
    rows.read("415", ErrorKind.UNSUPPORTED, False, "Unsupported Media Type: the request's JSON:API media type has parameters the server does not support.", status=415, writes=True),
    rows.read("422", ErrorKind.INVALID_INPUT, False, "Unprocessable Entity: an attribute's or relationship's value is invalid (the specification's own example).", status=422, writes=True),
    rows.read("424", ErrorKind.UPSTREAM_ERROR, False, "Failed Dependency: the request depended on another action, which failed.", status=424, writes=True),
    rows.read("429", ErrorKind.RATE_LIMITED, True, "Too Many Requests: a rate limit; wait as Retry-After says.", status=429, writes=True),
    rows.read("500", ErrorKind.INTERNAL, None, "Internal Server Error: a fault inside the server, which may or may not have run the request.", status=500, writes=True),
    rows.read("503", ErrorKind.UNAVAILABLE, True, "Service Unavailable: the server is down or overloaded, and ran nothing.", status=503, writes=True),
    rows.read("504", ErrorKind.UNKNOWN_OUTCOME, None, "Gateway Timeout: the request may or may not have run.", status=504, writes=True),
    *rows.write("401", ErrorKind.NOT_CONNECTED),
    *rows.write("403", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("422", ErrorKind.AMBIGUOUS),
    *rows.write("409", ErrorKind.COMMIT_REQUIRED),
    *rows.write("500", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The HTTP statuses, as JSON:API writes them, that the rows read: the source's codes.  An
error's own ``code`` is the application's, and open."""


TITLES: Final[dict[str, str]] = {
    row.code: row.meaning.partition(":")[0] for row in ROWS if row.reads
}
"""Each status's title, as written: the reason phrase its meaning opens with."""

_BILLING: Final = ErrorKind.PAYMENT_REQUIRED
"""The one kind an error's words take it to from a status retried alike: exhausted quota,
billing or credit is never retried, whatever the status says (a 403 that says the
balance is too low)."""


def _errors(row: Row, name: str, pick: int) -> list[dict[str, Any]]:
    """The ``errors`` of a row: its status, with a drawn detail and, sometimes, its title
    and a pointer."""
    error: dict[str, Any] = {"status": row.code, "detail": name}
    if pick % 2:
        error["title"] = TITLES[row.code]
    if pick % 3 == 0:
        error["source"] = {"pointer": "/data/attributes/name"}
    return [error]


ERROR: Final = Shape(
    "JSON:API error object",
    (
        Field("id", (str,)),
        Field("links", (dict,)),
        Field("status", (str, int)),
        Field("code", (str, int)),
        Field("title", (str,)),
        Field("detail", (str,)),
        Field(
            "source",
            (dict,),
            fields=(
                Field("pointer", (str,)),
                Field("parameter", (str,)),
                Field("header", (str,)),
            ),
        ),
        Field("meta", (dict,)),
    ),
    model="JsonApiError",
)
"""One error object, as the specification gives its members (a ``status`` or ``code`` as a
number only under lenient reading)."""

DOCUMENT: Final = Shape(
    "JSON:API error document",
    (
        Field("errors", (list,), required=True, samples=_errors),
        Field("jsonapi", (dict,), samples=({"version": "1.0"}, {"version": "1.1"})),
        Field("meta", (dict,), samples=({"request-id": "7f1c"},)),
        Field("links", (dict,), samples=({"self": "https://api.example.com/articles/1"},)),
    ),
    model="ErrorDocument",
)

_MEMBERS: Final = ERROR.names
_RECOGNISED: Final = _MEMBERS | {"href", "paths"}
"""The members an error object of JSON:API's has: the specification's, and the ``href``
and ``paths`` of its 2015 release candidates, which early servers still send."""
_TELLING: Final = frozenset({"status", "code", "title", "detail", "source"})
"""The members that mark an error object as JSON:API's when it has no other."""


def _status(value: object) -> int | None:
    """An error's ``status`` as a number: the specification's text (``"422"``), or the
    number some servers send instead (Drupal's contributed module's 403); else ``None``."""
    if type(value) is str and len(value) == 3 and value.isascii() and value.isdigit():
        return int(value)
    return value if type(value) is int else None


def _strictly(error: Mapping[str, Any], where: str) -> None:
    """What the specification asks beyond the members' types: a ``status`` and a ``code``
    are text, the status three digits."""
    status, code = error.get("status"), error.get("code")
    if status is not None and (type(status) is not str or _status(status) is None):
        raise want(status, "an HTTP status as a string of three digits", f"{where}/status")
    if code is not None and type(code) is not str:
        raise want(code, "a string", f"{where}/code")


def _fits(item: object, strict: bool, where: str) -> None:
    """Hold one error to the specification's members, or raise where it is wrong."""
    if type(item) is not dict:
        raise want(item, "an error object", where)
    ERROR.check(item, strict, where)
    if strict:
        _strictly(item, where)


def meaning(error: Mapping[str, Any]) -> tuple[ErrorKind, bool | None]:
    """One error's kind and retry advice: its status's, refined by the known words of its
    code, title and detail where they retry less, or name billing; with no status, its
    words alone.  A status is the server's own word on the error: words that are retried
    alike do not change it (App Store Connect's 409 coded ``...NOT_ALLOWED``), unless the
    status is a catch-all (`toolerrors._decide.GENERIC_STATUSES`) and the words name what
    happened (PostNL's 400 "API key not valid" is a credential).  A title that is a
    status's reason phrase is the status again, not words (Snyk's 400 titled "Not
    Found")."""
    code, title = error.get("code"), error.get("title")
    said = read_words(
        code if type(code) is str else None,
        None if type(title) is str and is_reason_phrase(title) else title,  # the status again
        error.get("detail"),
    )
    status = _status(error.get("status"))
    row = read_row("jsonapi", str(status), None)
    known = (row.kind, row.retryable) if row is not None else of_status(status)
    if known is None:
        return said or UNSAID
    if said is None or said[0] is known[0] or more_retryable(said[1], known[1]):
        return known
    if (
        more_retryable(known[1], said[1])
        or said[0] is _BILLING
        or (status in GENERIC_STATUSES and said[0] not in CATCH_ALL)
    ):
        return said
    return known


def _text(error: Mapping[str, Any]) -> str | None:
    """What one error says: its detail, else its title, else its code."""
    for key in ("detail", "title", "code"):
        value = error.get(key)
        if type(value) is str and value:
            return value
    return None


def said(errors: list[Any]) -> str:
    """Every error's detail (else title, else code), in order, in one line."""
    texts = [text for e in errors if type(e) is dict and (text := _text(e)) is not None]
    return "; ".join(texts) or "a JSON:API error with no title or detail"


def read_jsonapi(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"errors": [{...}], "jsonapi"?, "meta"?, "links"?}``: each error by its status and
    words; the one retried least decides (the first of those), and the message holds
    every error's detail.  Leniently, an error that does not fit is passed over while
    another does."""
    DOCUMENT.check(d, strict, where)
    errors = d["errors"]
    if not errors:
        raise want(errors, "an array of error objects", f"{where}/errors")
    chosen: tuple[ErrorKind, bool | None] | None = None
    first: Mapping[str, Any] = {}
    wrong: ShapeError | None = None
    for index, item in enumerate(errors):
        try:
            _fits(item, strict, f"{where}/errors/{index}")
        except ShapeError as problem:
            if strict:
                raise
            wrong = wrong or problem  # leniently, the errors that fit say what they can
            continue
        this = meaning(item)
        if chosen is None or more_retryable(chosen[1], this[1]):
            chosen, first = this, item
    if chosen is None:
        raise wrong or want(errors, "an array of error objects", f"{where}/errors")
    kind, retryable = chosen
    code, status = first.get("code"), first.get("status")
    number = _status(status)
    if type(code) is not str:
        code = status if type(status) is str else (str(number) if number is not None else None)
    return make(
        kind,
        said(errors),
        retryable=retryable,
        status_code=error_status(number),
        vendor="jsonapi",
        code=code,
        extra=d,
    )


def _at_home(error: UnifiedError) -> bool:
    """A JSON:API error whose document, read again, says the same."""
    extra = error.extra
    if error.vendor != "jsonapi" or extra is None:
        return False
    try:
        again = read_jsonapi(extra, False, "")
    except ShapeError:
        return False
    return (again.kind, again.message, again.retryable, again.code) == (
        error.kind,
        error.message,
        error.retryable,
        error.code,
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a JSON:API error document: one error with the status of its kind, its
    title, its code (the error's own, else its kind's name) and its message as the
    detail; a JSON:API error that reads the same is given back as it came."""
    if _at_home(error):
        return dict(error.extra or {})
    row = canonical_row(error, "jsonapi")
    code = error.code if error.code is not None else error.kind.value
    return {
        "errors": [
            {"status": row.code, "code": code, "title": TITLES[row.code], "detail": error.message}
        ]
    }


def example(row: Row, message: str) -> dict[str, Any]:
    """One error with the row's status and title, and the message as its detail."""
    return {"errors": [{"status": row.code, "title": TITLES[row.code], "detail": message}]}


def _error_objects(d: Mapping[str, Any]) -> bool:
    """A non-empty ``errors`` whose first is an error object of JSON:API's: only the
    members the specification names (or its drafts', which jsonapi-resources sent), one
    of them telling; so no ``message`` (GraphQL's, SendGrid's, Twitter's and Cloudflare's
    errors have one) and no member of another API's own (Square's ``category``)."""
    errors = d["errors"]
    if not errors or type(errors[0]) is not dict:
        return False
    first = errors[0]
    return _RECOGNISED.issuperset(first) and not _TELLING.isdisjoint(first)


def _marked(d: Mapping[str, Any]) -> bool:
    """A non-empty ``errors`` array of objects beside the ``jsonapi`` member."""
    errors = d["errors"]
    return type(errors) is list and bool(errors) and type(errors[0]) is dict


SOURCE: Final = Source(
    name="jsonapi",
    title="JSON:API",
    codes=CODES,
    shapes=(DOCUMENT,),
    rows=ROWS,
    claims=(
        Claim(
            430,
            "jsonapi",
            read_jsonapi,
            "a `jsonapi` object beside a non-empty `errors` array of objects, whatever"
            " members they have",
            is_a=dict,
            needs=("errors",),
            when=_marked,
        ),
        Claim(
            450,
            "errors",
            read_jsonapi,
            "JSON:API error objects: a first error with only the specification's members"
            " (its drafts' `href` and `paths` too), one of `status`, `code`, `title`,"
            " `detail` or `source`, so no `message`; never beside a top-level `message` or"
            " Cloudflare's `success`",
            is_a=list,
            refuses=("message", "success"),
            when=_error_objects,
        ),
    ),
    write=write,
    models=".jsonapi",
    example=example,
    docs="jsonapi.md",
)
