"""OpenAI's API, and APIs compatible with it, as a source: ``{"error": {message, type,
param, code}}``.

The same error object comes inside realtime events, ``{"type": "error", "event_id",
"error": {...}}``.  ``code`` names the error when it is set (``insufficient_quota``,
``rate_limit_exceeded``, ``context_length_exceeded``, ``invalid_api_key``), and ``type``
when it is not.  The pydantic model is in ``toolerrors.openai``.
"""

from __future__ import annotations

from types import NoneType
from typing import TYPE_CHECKING, Any, Final

from .._errors import ShapeError
from .._kinds import ErrorKind
from .._source import (
    SHOULD_RETRY,
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    given_back,
    home,
    more_retryable,
    unknown,
)
from .._table import Row, Rows, codes_of, error_status, read_row
from .._unified import make
from .._words import read_words, row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_openai", "write"]


rows = Rows("openai")


# fmt: off
ROWS: Final = (
    rows.read("invalid_api_key", ErrorKind.UNAUTHENTICATED, False, "Incorrect API key provided.", status=401, writes=True),
    rows.read("account_deactivated", ErrorKind.UNAUTHENTICATED, False, "The account has been deactivated.", status=401),
    rows.read("insufficient_quota", ErrorKind.PAYMENT_REQUIRED, False, "You exceeded your current quota, please check your plan and billing details: a retry never helps.", status=429, writes=True),
    rows.read("billing_hard_limit_reached", ErrorKind.PAYMENT_REQUIRED, False, "The billing hard limit has been reached.", status=400),
    rows.read("rate_limit_exceeded", ErrorKind.RATE_LIMITED, True, "Rate limit reached for requests or tokens.", status=429, writes=True),
    rows.read("context_length_exceeded", ErrorKind.TOO_LARGE, False, "The messages exceed the model's maximum context length.", status=400, writes=True),
    rows.read("model_not_found", ErrorKind.NOT_FOUND, False, "The model does not exist or you do not have access to it.", status=404, writes=True),
    rows.read("unsupported_country_region_territory", ErrorKind.PERMISSION_DENIED, False, "Country, region, or territory not supported.", status=403, writes=True),
    rows.read("invalid_request_error", ErrorKind.INVALID_INPUT, False, "The request was invalid (an error type, when code is null).", status=400, writes=True),
    rows.read("authentication_error", ErrorKind.UNAUTHENTICATED, False, "Authentication failed (an error type, when code is null).", status=401),
    rows.read("permission_error", ErrorKind.PERMISSION_DENIED, False, "Permission denied (an error type, when code is null).", status=403),
    rows.read("not_found_error", ErrorKind.NOT_FOUND, False, "Not found (an error type, when code is null).", status=404),
    rows.read("requests", ErrorKind.RATE_LIMITED, True, "A rate limit on requests (an error type, when code is null).", status=429),
    rows.read("tokens", ErrorKind.RATE_LIMITED, True, "A rate limit on tokens (an error type, when code is null).", status=429),
    rows.read("server_error", ErrorKind.INTERNAL, None, "The server had an error while processing the request.", status=500, writes=True),
    rows.read("internal_error", ErrorKind.INTERNAL, None, "Evals API: the eval run failed due to an internal error (EvalApiError, {code, message} with no wrapper).", status=500),
    rows.read("content_filter", ErrorKind.INVALID_INPUT, False, "Azure OpenAI's content filter stopped the prompt or the completion: change the prompt, don't send it again.", status=400),
    *rows.write("invalid_api_key", ErrorKind.NOT_CONNECTED, lost="that it is an app connection, not a key"),
    *rows.write("invalid_request_error", ErrorKind.AMBIGUOUS, ErrorKind.UNSUPPORTED, ErrorKind.CONFLICT, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("unsupported_country_region_territory", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("server_error", ErrorKind.UNAVAILABLE, ErrorKind.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The ``code`` values OpenAI documents, the ``type`` values that name an error when
    ``code`` is null, and Azure OpenAI's ``content_filter``."""


INNER: Final = (
    Field("message", (str,), required=True, fills="message"),
    Field("type", (str,), samples=("invalid_request_error", "requests", "server_error")),
    Field("param", (object,), required=True, samples=("messages", "model")),
    Field("code", (str, NoneType), required=True, fills="code",
          closed=frozenset(CODES)),
    Field("event_id", (str,), samples=("event_567",)),
)  # fmt: skip
"""The error object; in a Realtime error event it names the client event that failed
(``event_id``)."""
ERROR: Final = Shape(
    "error response",
    (
        Field("error", (dict,), required=True, fields=INNER),
        Field("type", (str,), samples=("error",)),
        Field("event_id", (str,), samples=("event_890",)),
    ),
    model="ErrorResponse",
)


_KNOWN: Final = frozenset(CODES)
_TYPES: Final = frozenset({"invalid_request_error", "authentication_error", "permission_error",
                           "not_found_error", "requests", "tokens", "server_error"})  # fmt: skip
"""Codes that are error types: written in ``type``, with a null ``code``."""


def read_openai(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"error": {message, type, param, code}}``, or a realtime error event around it."""
    ERROR.check(d, strict, where)
    inner = d["error"]
    message, code, kind_of = inner["message"], inner.get("code"), inner.get("type")
    status = error_status(d.get("status"))  # a Realtime event's own, read leniently
    name = code if code is not None else kind_of
    row = read_row("openai", name, None) if name is not None else None
    if row is None and strict:  # a null code, and a type that names no error of ours
        raise unknown("type", kind_of, _KNOWN, f"{where}/error/type")
    kind, retryable = row_or_words(row, name, message)
    if name == _CATCH_ALL:  # the type of every bad request: its words may say more
        said = read_words(message)
        if said is not None and not more_retryable(said[1], retryable):
            kind, retryable = said
    return make(
        kind, message, retryable=retryable, status_code=status, vendor="openai", code=name, extra=d
    )


_CATCH_ALL: Final = "invalid_request_error"
"""The type OpenAI gives every bad request with no code, and OpenAI-compatible servers
give every error they send ("Not authenticated", "Image provided but current GGUF model
does not support vision."): its message's known words say more, where they invite no
retry it does not (a kind written as this type keeps its advice when read back)."""


def _no_text_status(d: Mapping[str, Any]) -> bool:
    """OpenAI's own marks: a code, or a type, that OpenAI documents (or none at all),
    and no text ``status``, which is Google's (Azure OpenAI adds the HTTP status as a
    number).  A provider that answers in OpenAI's shape with codes of its own (Alibaba
    Cloud's DashScope, ``{"code": "Arrearage", "type": "Arrearage"}``) is not OpenAI:
    the conventions read it, naming no system."""
    inner = d["error"]
    if type(inner.get("status")) is str:
        return False
    code, kind_of = inner.get("code"), inner.get("type")
    if type(code) is not str or type(kind_of) is not str:
        return True  # none, or a field of the wrong type, for a strict reading to name
    return code in _KNOWN or kind_of in _KNOWN or kind_of in _TYPES


def read_unwrapped(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """OpenAI's error object without the ``error`` around it, as the OpenAI SDK keeps it
    (``APIStatusError.body``) and pydantic-ai passes it on (``ModelHTTPError.body``):
    read as the response it came in, which is what it gives back.  Strictly, it is no
    response OpenAI sends."""
    if strict:
        raise ShapeError(
            "OpenAI's error object outside an error response (an SDK's body, a Responses"
            ' stream\'s error event); strict reading takes the response, {"error": {...}}',
            where,
        )
    return read_openai({"error": d}, strict, where)


def _documented(d: Mapping[str, Any]) -> bool:
    """A code, or a type when the code is null, that OpenAI documents; or, whatever its
    code, the Responses API's streaming ``error`` event (``{"type": "error", code,
    message, param, sequence_number}``), which carries OpenAI's own marks."""
    code = d.get("code")
    name = code if code is not None else d.get("type")
    if type(name) is str and name in _KNOWN:
        return True
    return d.get("type") == "error" and "sequence_number" in d


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as OpenAI's error response; at home, everything it came with."""
    extra = error.extra
    if home(error, "openai") and extra is not None:
        return given_back(extra, error.message)
    code = canonical_row(error, "openai").code
    return {"error": _object(code, error.message)}


def _object(code: str, message: str) -> dict[str, Any]:
    if code in _TYPES:
        return {"message": message, "type": code, "param": None, "code": None}
    kind_of = "insufficient_quota" if code == "insufficient_quota" else "invalid_request_error"
    if code == "rate_limit_exceeded":
        kind_of = "requests"
    return {"message": message, "type": kind_of, "param": None, "code": code}


def example(row: Row, message: str) -> dict[str, Any]:
    """The error response as OpenAI sends it."""
    return {"error": _object(row.code, message)}


SOURCE: Final = Source(
    name="openai",
    title="OpenAI",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            260,
            "error",
            read_openai,
            "an error object with a text `message` and a `param` (even null), a `code` or"
            " `type` OpenAI documents (or neither), and no text `status` (Azure OpenAI's is"
            " a number)",
            is_a=dict,
            needs=("error/param",),
            texts=("error/message",),
            when=_no_text_status,
        ),
        Claim(
            600,
            "param",
            read_unwrapped,
            "OpenAI's error object without its `error` wrapper (as the OpenAI SDK keeps"
            " it), with a text `message`, whose `code`, or `type` when the code is null,"
            " is one of OpenAI's; or the Responses stream's `error` event (`type: error`"
            " with a `sequence_number`)",
            texts=("message",),
            when=_documented,
        ),
    ),
    write=write,
    models=".openai",
    example=example,
    headers={"x-should-retry": SHOULD_RETRY},
    docs="openai.md",
)
