"""Anthropic's API as a source: ``{"type": "error", "error": {type, message}, "request_id"?}``.

The same shape comes back as an HTTP error and, after a 200, as a server-sent event in the
middle of a stream (``overloaded_error`` most often).  OpenAI's realtime events are
``{"type": "error", "error": {...}}`` too, with a ``code`` and a ``param`` inside: the two
are told apart by the error object's fields.  The pydantic model is in
``toolerrors.anthropic``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final

from ._enum import TextEnum
from ._errors import ShapeError
from ._kinds import ErrorKind
from ._source import (
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    check,
    home,
    register,
    with_extra,
)
from ._table import Row
from ._unified import make
from ._words import read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ._unified import UnifiedError

__all__ = ["SOURCE", "AnthropicType", "read_anthropic", "write"]


class AnthropicType(TextEnum):
    """The ``error.type`` values Anthropic documents."""

    INVALID_REQUEST_ERROR = "invalid_request_error"
    AUTHENTICATION_ERROR = "authentication_error"
    BILLING_ERROR = "billing_error"
    PERMISSION_ERROR = "permission_error"
    NOT_FOUND_ERROR = "not_found_error"
    REQUEST_TOO_LARGE = "request_too_large"
    RATE_LIMIT_ERROR = "rate_limit_error"
    API_ERROR = "api_error"
    TIMEOUT_ERROR = "timeout_error"
    OVERLOADED_ERROR = "overloaded_error"


INNER: Final = (
    Field("type", (str,), required=True, fills="code",
          closed=frozenset(code.value for code in AnthropicType)),
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


_r = partial(Row.reading, "anthropic", writes=True)
_to = partial(Row.write_only, "anthropic")


_C = AnthropicType
_K = ErrorKind

# fmt: off
ROWS: Final = (
    _r(_C.INVALID_REQUEST_ERROR, _K.INVALID_INPUT, False, "There was an issue with the format or content of the request.", status=400),
    _r(_C.AUTHENTICATION_ERROR, _K.UNAUTHENTICATED, False, "There's an issue with the API key.", status=401),
    _r(_C.BILLING_ERROR, _K.PAYMENT_REQUIRED, False, "There's an issue with billing or payment information.", status=402),
    _r(_C.PERMISSION_ERROR, _K.PERMISSION_DENIED, False, "The API key does not have permission to use the specified resource.", status=403),
    _r(_C.NOT_FOUND_ERROR, _K.NOT_FOUND, False, "The requested resource was not found.", status=404),
    _r(_C.REQUEST_TOO_LARGE, _K.TOO_LARGE, False, "The request exceeds the maximum allowed number of bytes.", status=413),
    _r(_C.RATE_LIMIT_ERROR, _K.RATE_LIMITED, True, "The account has hit a rate limit.", status=429),
    _r(_C.API_ERROR, _K.INTERNAL, True, "An unexpected error has occurred internal to Anthropic's systems.", status=500),
    _r(_C.TIMEOUT_ERROR, _K.UNKNOWN_OUTCOME, None, "The request timed out while processing.", status=504),
    _r(_C.OVERLOADED_ERROR, _K.UNAVAILABLE, True, "The API is temporarily overloaded; it can also come mid-stream after a 200.", status=529),
    _to(_C.AUTHENTICATION_ERROR, _K.NOT_CONNECTED, "that it is an app connection, not a key"),
    _to(_C.INVALID_REQUEST_ERROR, _K.AMBIGUOUS, "that more than one target matched"),
    _to(_C.INVALID_REQUEST_ERROR, _K.UNSUPPORTED, "that the input's kind is unsupported"),
    _to(_C.INVALID_REQUEST_ERROR, _K.CONFLICT, "that it changed since it was read"),
    _to(_C.INVALID_REQUEST_ERROR, _K.COMMIT_REQUIRED, "the commit-then-retry step"),
    _to(_C.INVALID_REQUEST_ERROR, _K.UPSTREAM_ERROR, "that the app behind the tool failed; written so that it is not retried blindly"),
    _to(_C.PERMISSION_ERROR, _K.PAUSED, "that the target is paused and must be resumed"),
    _to(_C.PERMISSION_ERROR, _K.APPROVAL_REQUIRED, "that the owner can approve it"),
    _to(_C.PERMISSION_ERROR, _K.REFUSED, "that a person said no: it reads as a permission problem, never retried"),
    _to(_C.API_ERROR, _K.UNKNOWN, "nothing more: the code was unknown to begin with"),
)
# fmt: on

_ROWS: Final = {row.code: row for row in ROWS if row.reads}
_ALLOWED: Final = ERROR.names
_INNER: Final = frozenset(spec.name for spec in INNER)


def read_anthropic(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"type": "error", "error": {type, message}, "request_id"?}``."""
    check(ERROR, d, strict, where)
    inner = d["error"]
    code, message, request = inner["type"], inner["message"], d.get("request_id")
    row = _ROWS.get(code)
    if row is not None:
        kind, retryable = row.kind, row.retryable
    elif strict:
        raise ShapeError(f"unknown anthropic type {code!r}", f"{where}/error/type")
    else:
        kind, retryable = read_words(code, message) or (ErrorKind.UNKNOWN, None)
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


SOURCE: Final = register(
    Source(
        name="anthropic",
        title="Anthropic",
        codes=tuple(code.value for code in AnthropicType),
        shapes=(ERROR,),
        rows=ROWS,
        claims=(
            Claim(
                24,
                "error",
                read_anthropic,
                "`type: error` around an error object with a text `type` and no `code`,"
                " `param` or `event_id` (which make it OpenAI's)",
                is_a=dict,
                texts=("error/type",),
                refuses=("error/code", "error/param", "error/event_id"),
                when=_in_envelope,
            ),
        ),
        write=write,
        models=".anthropic",
        example=example,
        docs="anthropic.md",
    )
)
