"""Cloudflare as a source: the API's envelope, ``{"success": false, "errors": [{"code",
"message", "error_chain"?}], "messages", "result": null}``.

Cloudflare's API v4 answers every request with the same envelope; a failure has
``success: false`` and a list of ``errors``, each with an integer ``code`` and a
``message``, and sometimes an ``error_chain`` of the causes (``6003 Invalid request
headers`` caused by ``6103 Invalid format for X-Auth-Key header``).  The first error
decides.  Its codes are documented product by product; a code not in the table is read
by its message's words, else by the HTTP status.  The pydantic model is in
``toolerrors.cloudflare``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._errors import ShapeError
from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, want, with_extra
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_cloudflare", "write"]


rows = Rows("cloudflare")

# fmt: off
ROWS: Final = (
    rows.read("1003", ErrorKind.INVALID_INPUT, False, "Invalid or missing zone id.", status=400, writes=True),
    rows.read("6003", ErrorKind.UNAUTHENTICATED, False, "Invalid request headers: the error_chain says which (an API token sent as X-Auth-Key, say).", status=400),
    rows.read("7000", ErrorKind.NOT_FOUND, False, "No route for that URI.", status=400),
    rows.read("7003", ErrorKind.NOT_FOUND, False, "Could not route to the path: the object identifier in it (a zone id) is invalid.", status=400, writes=True),
    rows.read("9103", ErrorKind.UNAUTHENTICATED, False, "Unknown X-Auth-Key or X-Auth-Email.", status=400),
    rows.read("9106", ErrorKind.UNAUTHENTICATED, False, "Missing X-Auth-Key, X-Auth-Email or Authorization headers.", status=400),
    rows.read("10000", ErrorKind.UNAUTHENTICATED, False, "Authentication error: the token is invalid, or lacks the permission the call needs.", status=403, writes=True),
    rows.read("971", ErrorKind.RATE_LIMITED, True, "Please wait and consider throttling your request speed.", status=429, writes=True),
    rows.read("81044", ErrorKind.NOT_FOUND, False, "Record does not exist.", status=404),
    rows.read("81053", ErrorKind.CONFLICT, False, "An A, AAAA, or CNAME record with that host already exists.", status=400),
    rows.read("81057", ErrorKind.CONFLICT, False, "Record already exists.", status=400, writes=True),
    *rows.write("10000", ErrorKind.PERMISSION_DENIED, ErrorKind.NOT_CONNECTED, ErrorKind.PAUSED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED, ErrorKind.APPROVAL_REQUIRED),
    *rows.write("1003", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.UNSUPPORTED, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR, ErrorKind.UNAVAILABLE, ErrorKind.UNKNOWN_OUTCOME, ErrorKind.INTERNAL, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The codes read by name, as text: the API's authentication and routing errors, its
rate limit, and DNS records' own."""


def _errors(row: Row, name: str, pick: int) -> list[dict[str, Any]]:
    """The ``errors`` of a row's envelope, with a drawn message."""
    return [{"code": int(row.code), "message": name or row.meaning}]


ENVELOPE: Final = Shape(
    "envelope",
    (
        Field("success", (bool,), required=True, const=False),
        Field("errors", (list,), required=True, samples=_errors),
        Field("messages", (list,), samples=([],)),
        Field("result", (object,), samples=(None,)),
    ),
    model="Envelope",
)  # fmt: skip

_ERROR: Final = frozenset({"code", "message", "error_chain", "documentation_url", "source"})
"""An error object's fields: the ones every error has, the causes, and the ones some
products add."""


def _first(d: Mapping[str, Any], strict: bool, where: str) -> Mapping[str, Any]:
    """The first error, which decides; strictly, every error an object with an integer
    ``code`` and a text ``message``."""
    errors = d["errors"]
    if not errors:
        raise want(errors, "at least one error", f"{where}/errors")
    for index, item in enumerate(errors if strict else errors[:1]):
        at = f"{where}/errors/{index}"
        if type(item) is not dict:
            raise want(item, "an error object", at)
        if strict:
            if type(item.get("code")) is not int:
                raise want(item.get("code"), "an integer code", f"{at}/code")
            if type(item.get("message")) is not str:
                raise want(item.get("message"), "a text message", f"{at}/message")
            unknown = sorted(set(item) - _ERROR)
            if unknown:
                raise ShapeError(f"unknown field(s) {', '.join(map(repr, unknown))}", at)
    first: Mapping[str, Any] = errors[0]
    return first


def read_cloudflare(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"success": false, "errors": [{"code", "message", ...}], "messages"?, "result"?}``."""
    ENVELOPE.check(d, strict, where)
    first = _first(d, strict, where)
    number, message = first.get("code"), first.get("message")
    code = str(number) if type(number) is int else None
    text = message if type(message) is str and message else None
    row = read_row("cloudflare", code or "", None)
    kind, retryable = row_or_words(row, text)
    return make(
        kind,
        text or (row.meaning if row is not None else f"Cloudflare error {code}"),
        retryable=retryable,
        vendor="cloudflare",
        code=code,
        extra=d,
    )


def _at_home(error: UnifiedError) -> bool:
    """The error came from Cloudflare, as an envelope, and its code still reads as its
    kind."""
    extra = error.extra
    return (
        error.vendor == "cloudflare"
        and extra is not None
        and type(extra.get("errors")) is list
        and row_or_words(read_row("cloudflare", error.code or "", None), error.message)[0]
        is error.kind
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Cloudflare's envelope.  At home, the envelope it came in; elsewhere
    one error, the code of its kind with the error's message."""
    extra = error.extra
    if _at_home(error) and extra is not None:  # errors, an anchor, is kept here
        return with_extra({"success": False, "errors": extra["errors"]}, error)
    row = canonical_row(error, "cloudflare")
    error_ = {"code": int(row.code), "message": error.message}
    return {"success": False, "errors": [error_], "messages": [], "result": None}


def example(row: Row, message: str) -> dict[str, Any]:
    """The envelope as the API sends it."""
    error_ = {"code": int(row.code), "message": message}
    return {"success": False, "errors": [error_], "messages": [], "result": None}


def _an_error_list(d: Mapping[str, Any]) -> bool:
    """Cloudflare's errors: a first one with an integer ``code``, of Cloudflare's four
    digits or more (1000 and up) or one it documents (971), or beside its envelope's
    ``messages`` or ``result`` (Mews' channel manager answers ``{"success": false,
    "errors": [{"code": 8, "message"}]}``)."""
    errors = d["errors"]
    if not (type(errors) is list and errors and type(errors[0]) is dict):
        return False
    code = errors[0].get("code")
    return type(code) is int and (
        code >= 1000 or str(code) in CODES or "messages" in d or "result" in d
    )


SOURCE: Final = Source(
    name="cloudflare",
    title="Cloudflare",
    codes=CODES,
    shapes=(ENVELOPE,),
    rows=ROWS,
    claims=(
        Claim(
            190,
            "success",
            read_cloudflare,
            "`success: false` beside `errors` whose first has an integer `code` of four"
            " digits or more or one Cloudflare documents, or beside `messages` or `result`",
            is_a=bool,
            one_of=frozenset({False}),
            needs=("errors",),
            when=_an_error_list,
        ),
    ),
    write=write,
    models=".cloudflare",
    example=example,
    docs="cloudflare.md",
)
