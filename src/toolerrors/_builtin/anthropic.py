"""Anthropic's API as a source: ``{"type": "error", "error": {type, message}, "request_id"?}``.

The same shape comes back as an HTTP error and, after a 200, as a server-sent event in the
middle of a stream (``overloaded_error`` most often).  OpenAI's realtime events are
``{"type": "error", "error": {...}}`` too, with a ``code`` and a ``param`` inside: the two
are told apart by the error object's fields.  The pydantic model is in
``toolerrors.anthropic``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import SHOULD_RETRY, Claim, Field, Shape, Source, canonical_row, home, with_extra
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_anthropic", "write"]


rows = Rows("anthropic", writes=True)


# fmt: off
ROWS: Final = (
    rows.read("invalid_request_error", ErrorKind.INVALID_INPUT, False, "There was an issue with the format or content of the request.", status=400),
    rows.read("authentication_error", ErrorKind.UNAUTHENTICATED, False, "There's an issue with the API key.", status=401),
    rows.read("billing_error", ErrorKind.PAYMENT_REQUIRED, False, "There's an issue with billing or payment information.", status=402),
    rows.read("permission_error", ErrorKind.PERMISSION_DENIED, False, "The API key does not have permission to use the specified resource.", status=403),
    rows.read("not_found_error", ErrorKind.NOT_FOUND, False, "The requested resource was not found.", status=404),
    rows.read("request_too_large", ErrorKind.TOO_LARGE, False, "The request exceeds the maximum allowed number of bytes.", status=413),
    rows.read("rate_limit_error", ErrorKind.RATE_LIMITED, True, "The account has hit a rate limit.", status=429),
    rows.read("api_error", ErrorKind.INTERNAL, None, "An unexpected error has occurred internal to Anthropic's systems; a write may have happened (x-should-retry says when to retry).", status=500),
    rows.read("timeout_error", ErrorKind.UNKNOWN_OUTCOME, None, "The request timed out while processing.", status=504),
    rows.read("overloaded_error", ErrorKind.UNAVAILABLE, True, "The API is temporarily overloaded; it can also come mid-stream after a 200.", status=529),
    *rows.write("authentication_error", ErrorKind.NOT_CONNECTED, lost="that it is an app connection, not a key"),
    *rows.write("invalid_request_error", ErrorKind.AMBIGUOUS, ErrorKind.UNSUPPORTED, ErrorKind.CONFLICT, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("permission_error", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("api_error", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The ``error.type`` values Anthropic documents."""


INNER: Final = (
    Field("type", (str,), required=True, fills="code",
          closed=frozenset(CODES)),
    Field("message", (str,), required=True, fills="message"),
)  # fmt: skip
ERROR: Final = Shape(
    "error response",
    (
        Field("type", (str,), required=True, const="error"),
        Field("error", (dict,), required=True, fields=INNER),
        Field("request_id", (str,), fills="request_id",
              samples=("req_011CYK5mje9HkutJtmfPzzNC", "req_011CSHoEeqs5C35K2UUqR7Fy")),
    ),
    model="ErrorResponse",
)  # fmt: skip


def read_anthropic(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"type": "error", "error": {type, message}, "request_id"?}``."""
    ERROR.check(d, strict, where)
    inner = d["error"]
    code, message, request = inner["type"], inner["message"], d.get("request_id")
    row = read_row("anthropic", code, None)
    kind, retryable = row_or_words(row, code, message)
    return make(kind, message, retryable=retryable, vendor="anthropic", code=code, request_id=request, extra=d)  # fmt: skip


def _in_envelope(d: Mapping[str, Any]) -> bool:
    """``type: error`` around the error object."""
    return d.get("type") == "error"


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Anthropic's error response; at home, everything it came with."""
    at_home = home(error, "anthropic")
    code = error.code if at_home and error.code is not None else None
    inner = (error.extra or {}).get("error") if at_home else None
    out: dict[str, Any] = {
        "type": "error",
        "error": {
            **(inner if type(inner) is dict else {}),
            "type": code if code is not None else canonical_row(error, "anthropic").code,
            "message": error.message,
        },
    }
    if error.request_id is not None:
        out["request_id"] = error.request_id
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error response, with a request id as Anthropic sends it."""
    return {
        "type": "error",
        "error": {"type": row.code, "message": message},
        "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy",
    }


SOURCE: Final = Source(
    name="anthropic",
    title="Anthropic",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            240,
            "error",
            read_anthropic,
            "`type: error` around an error object with a text `type` and no `code`,"
            " `param` or `event_id`",
            is_a=dict,
            texts=("error/type",),
            refuses=("error/code", "error/param", "error/event_id"),
            when=_in_envelope,
        ),
    ),
    write=write,
    models=".anthropic",
    example=example,
    headers={"x-should-retry": SHOULD_RETRY},
    docs="anthropic.md",
)
