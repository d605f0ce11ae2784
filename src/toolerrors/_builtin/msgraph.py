"""Microsoft Graph and Azure as a source: ``{"error": {code, message, innerError?,
details?, target?}}`` (OData v4), Azure's unwrapped ``{code, message}``, and the per-item
errors of a ``$batch`` response.

``innerError`` (or ``innererror``) may nest more specific codes: the deepest code known
decides.  Throttling is a 429 with ``Retry-After`` whatever the code says.  The pydantic
model is in ``toolerrors.msgraph``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, given_back, partly_done
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import camel_words, is_reason_phrase, row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_bare", "read_batch", "read_msgraph", "write"]


rows = Rows("msgraph")


# fmt: off
ROWS: Final = (
    rows.read("accessDenied", ErrorKind.PERMISSION_DENIED, False, "The caller doesn't have permission to perform the action.", writes=True),
    rows.read("activityLimitReached", ErrorKind.RATE_LIMITED, True, "The app or user has been throttled.", writes=True),
    rows.read("extensionError", ErrorKind.UNSUPPORTED, False, "The mailbox is on premises and its server doesn't support the request, or a policy prevents access."),
    rows.read("generalException", ErrorKind.UNKNOWN, None, "An unspecified error has occurred.", writes=True),
    rows.read("invalidRange", ErrorKind.INVALID_INPUT, False, "The specified byte range is invalid or unavailable."),
    rows.read("invalidRequest", ErrorKind.INVALID_INPUT, False, "The request is malformed or incorrect.", writes=True),
    rows.read("itemNotFound", ErrorKind.NOT_FOUND, False, "The resource could not be found.", writes=True),
    rows.read("malwareDetected", ErrorKind.UNSUPPORTED, False, "Malware was detected in the requested resource."),
    rows.read("nameAlreadyExists", ErrorKind.CONFLICT, False, "The specified item name already exists."),
    rows.read("notAllowed", ErrorKind.PERMISSION_DENIED, False, "The action is not allowed by the system."),
    rows.read("notSupported", ErrorKind.UNSUPPORTED, False, "The request is not supported by the system.", writes=True),
    rows.read("resourceModified", ErrorKind.CONFLICT, False, "The resource changed since the caller last read it, usually an eTag mismatch.", writes=True),
    rows.read("resyncRequired", ErrorKind.CONFLICT, False, "The delta token is no longer valid: reset the sync state."),
    rows.read("serviceNotAvailable", ErrorKind.UNAVAILABLE, True, "The service is not available: try again after a delay (there may be a Retry-After).", writes=True),
    rows.read("syncStateNotFound", ErrorKind.CONFLICT, False, "The delta token expired: synchronize again."),
    rows.read("quotaLimitReached", ErrorKind.PAYMENT_REQUIRED, False, "The user has reached their quota limit.", writes=True),
    rows.read("unauthenticated", ErrorKind.UNAUTHENTICATED, False, "The caller is not authenticated.", writes=True),
    rows.read("throttledRequest", ErrorKind.RATE_LIMITED, True, "Detailed (innerError): too many requests."),
    rows.read("maxFileSizeExceeded", ErrorKind.TOO_LARGE, False, "Detailed (innerError): max file size exceeded.", writes=True),
    rows.read("entityTagDoesNotMatch", ErrorKind.CONFLICT, False, "Detailed (innerError): the ETag does not match the item's."),
    rows.read("accessRestricted", ErrorKind.PERMISSION_DENIED, False, "Detailed (innerError): access restricted to the item's owner."),
    rows.read("ErrorItemNotFound", ErrorKind.NOT_FOUND, False, "Exchange: the item was not found."),
    rows.read("ResourceNotFound", ErrorKind.NOT_FOUND, False, "The resource could not be discovered (Graph and Azure)."),
    rows.read("InvalidAuthenticationToken", ErrorKind.UNAUTHENTICATED, False, "The access token is missing, invalid or expired (Graph and Azure)."),
    rows.read("AuthorizationFailed", ErrorKind.PERMISSION_DENIED, False, "Azure: the client does not have authorization to perform the action."),
    rows.read("Authorization_RequestDenied", ErrorKind.PERMISSION_DENIED, False, "Microsoft Entra: insufficient privileges to complete the operation."),
    rows.read("Request_ResourceNotFound", ErrorKind.NOT_FOUND, False, "Microsoft Entra: the resource does not exist."),
    rows.read("TooManyRequests", ErrorKind.RATE_LIMITED, True, "Azure: too many requests; wait as long as Retry-After says."),
    rows.read("UnknownError", ErrorKind.UNKNOWN, None, "An unknown error (sent with throttling 429s too)."),
    rows.read("badRequest", ErrorKind.INVALID_INPUT, False, "Graph's REST guidelines: the request is malformed; details[] may list each field's error.", status=400),
    rows.read("unauthorized", ErrorKind.UNAUTHENTICATED, False, "Graph's REST guidelines: the request is not authorized; an innererror may say more.", status=401),
    rows.read("nullValue", ErrorKind.INVALID_INPUT, False, "Graph's REST guidelines (in details[]): a field must not be null."),
    rows.read("malformedValue", ErrorKind.INVALID_INPUT, False, "Graph's REST guidelines (in details[]): a field's value is not valid."),
    rows.read("passwordError", ErrorKind.INVALID_INPUT, False, "Graph's REST guidelines (innererror): the password is not accepted."),
    rows.read("passwordDoesNotMeetPolicy", ErrorKind.INVALID_INPUT, False, "Graph's REST guidelines (innererror): the password does not meet the policy."),
    rows.read("passwordReuseNotAllowed", ErrorKind.INVALID_INPUT, False, "Graph's REST guidelines (innererror): a previous password may not be reused."),
    *rows.write("unauthenticated", ErrorKind.NOT_CONNECTED),
    *rows.write("invalidRequest", ErrorKind.AMBIGUOUS, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("notAllowed", ErrorKind.PAUSED),
    *rows.write("generalException", ErrorKind.UNKNOWN_OUTCOME, ErrorKind.INTERNAL),
    *rows.write("accessDenied", ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""Microsoft Graph's documented codes, detailed ``innerError`` codes agents meet, and
    common Azure codes."""


INNER: Final = (
    Field("code", (str,), required=True, fills="code",
          closed=frozenset(CODES)),
    Field("message", (str,), required=True, fills="message"),
    Field("innerError", (dict,), samples=({"date": "2018-06-26T09:37:28",
                                            "request-id": "f53b8a98-f17d-4a2f-b4c1-c2c0abfd5786"},)),
    Field("details", (list,), samples=([],)),
    Field("target", (str,), samples=("displayName",)),
    Field("innererror", (dict,), samples=({"code": "PasswordError"},)),
    Field("localizedMessage", (str,), samples=("This item might have been deleted.",)),
)  # fmt: skip
"""The OData error object; Azure spells ``innererror`` in lower case, and OneDrive adds a
``localizedMessage``."""
ERROR: Final = Shape.under("error", INNER)
BARE: Final = Shape("error object", INNER, model="ErrorObject")
"""Azure's error object with no ``error`` around it."""


_KNOWN: Final = frozenset(CODES)
_FAILURE: Final = ("Failed", "Denied", "NotFound", "Exceeded", "Error")
"""How an unknown code that names a failure ends (``…Failed``, ``…NotFound``)."""


def _deepest(error: Mapping[str, Any], code: str) -> str:
    """The deepest code known along the ``innerError`` chain, else the top one."""
    found = code
    inner = error.get("innerError") or error.get("innererror")
    depth = 16  # a chain, not a tree; bounded all the same
    while type(inner) is dict and depth:
        deeper = inner.get("code")
        if type(deeper) is str and deeper in _KNOWN:
            found = deeper
        inner = inner.get("innerError") or inner.get("innererror")
        depth -= 1
    return found


def _object(
    inner: Mapping[str, Any], strict: bool, where: str, keep: Mapping[str, Any]
) -> UnifiedError:
    """An OData error object, held to its shape already."""
    code, message = inner["code"], inner["message"]
    row = read_row("msgraph", _deepest(inner, code), None)
    kind, retryable = row_or_words(row, code, message)
    return make(kind, message, retryable=retryable, vendor="msgraph", code=code, extra=keep)


def read_msgraph(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"error": {code, message, innerError?, details?, target?}}``."""
    ERROR.check(d, strict, where)
    return _object(d["error"], strict, f"{where}/error", d)


def read_bare(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """Azure's unwrapped ``{code, message}``."""
    BARE.check(d, strict, where)
    return _object(d, strict, where, d)


def read_batch(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A ``$batch`` response: its first failed item, with that item's status; where any
    other item may have taken effect (a 2xx, or no failing status), never retried as a
    whole, and saying which items failed."""
    items = d["responses"]
    failed = [index for index, item in enumerate(items) if _failed(item)]
    first = items[failed[0]]
    body = first["body"]
    error = read_msgraph(body, strict, f"{where}/responses/{failed[0]}/body")
    error = make(error.kind, error.message, retryable=error.retryable, status_code=first["status"], vendor="msgraph", code=error.code, extra=body)  # fmt: skip
    stopped = [
        str(item.get("id", index)) for index, item in enumerate(items) if not _took_effect(item)
    ]
    return partly_done(error, done=len(items) - len(stopped), failed=stopped)


def _took_effect(item: object) -> bool:
    """An item of a ``$batch`` response that may have done what it asked: one whose status
    is not a failing one (a 424 is an item not run because one it depends on failed)."""
    return not (type(item) is dict and type(item.get("status")) is int and item["status"] >= 400)


def _failed(item: object) -> bool:
    return (
        type(item) is dict
        and type(item.get("status")) is int
        and item["status"] >= 400
        and type(item.get("body")) is dict
        and type(item["body"].get("error")) is dict
    )


def _known_or_failing(d: Mapping[str, Any]) -> bool:
    """A code Graph documents, or one whose words name a failure (``…Failed``) beside a
    member of Microsoft's error object (`_MARKS`, `_GUIDELINES`); never a code that is one plain word
    (``unauthorized``, ``forbidden``) or an HTTP status's name (``TooManyRequests``),
    which any API may send and which marks no system: Backblaze B2's ``{code, message,
    status}`` says ``unauthorized`` too, Oracle Cloud's ``{"code": "TooManyRequests",
    "message"}`` the other, and Volcengine's ``AccountOverdueError`` beside a ``param``
    and a ``type`` is no Azure error."""
    code: str = d["code"]
    if code in _KNOWN:
        return not ((code.isalpha() and code.islower()) or is_reason_phrase(camel_words(code)))
    return code.endswith(_FAILURE) and any(mark in d for mark in (*_MARKS, *_GUIDELINES))


_GUIDELINES: Final = ("target", "details")
"""What Microsoft's REST API guidelines give an error beside its code and message: a
failing code (Azure's ``DeploymentFailed``) beside them is Azure's."""
_MARKS: Final = ("innerError", "innererror")
"""What Graph's error object has beside its code and message (its request id and date):
an error object without it is Graph's only by its code.  The REST guidelines' ``target``
and ``details`` mark no system: APIs that follow the guidelines send them too
(SmartThings' ``{"error": {"code": "ConstraintViolationError", ..., "details": [...]}}``)."""


def _marked(d: Mapping[str, Any]) -> bool:
    """An error object with Graph's own mark: a code Graph documents, or Graph's
    ``innerError`` (`_MARKS`)."""
    inner = d["error"]
    return inner["code"] in _KNOWN or any(key in inner for key in _MARKS)


def _any_failed(d: Mapping[str, Any]) -> bool:
    """A ``$batch`` response with an item that failed."""
    return any(_failed(item) for item in d["responses"])


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Graph's error response; a Graph error is given back as it came."""
    extra = error.extra
    if error.vendor == "msgraph" and extra is not None:
        return given_back(extra, error.message)
    return {"error": {"code": canonical_row(error, "msgraph").code, "message": error.message}}


def example(row: Row, message: str) -> dict[str, Any]:
    """The error response as Graph sends it."""
    return {"error": {"code": row.code, "message": message,
                      "innerError": {"date": "2018-06-26T09:37:28", "request-id": "f53b8a98"}}}  # fmt: skip


SOURCE: Final = Source(
    name="msgraph",
    title="Microsoft Graph and Azure",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            270,
            "error",
            read_msgraph,
            "an error object with a text `code` and `message`, and no `type`, `param` or"
            " `status`, whose code Graph documents or beside Graph's `innerError`",
            is_a=dict,
            texts=("error/code", "error/message"),
            refuses=("error/type", "error/param", "error/status"),
            when=_marked,
        ),
        Claim(
            590,
            "code",
            read_bare,
            "Azure's `{code, message}`: a known code but one plain word or a status's name"
            " (`unauthorized`, `TooManyRequests` mark no system), or one that names a failure"
            " (`…Failed`); never beside an `ok` flag, which Azure does not send (a Pythe"
            ' envelope whose `ok` is `"true"` shares Graph\'s `unauthorized`)',
            is_a=str,
            texts=("message",),
            refuses=("ok",),
            when=_known_or_failing,
        ),
        Claim(
            480,
            "responses",
            read_batch,
            "a `$batch` response with a failed item",
            is_a=list,
            when=_any_failed,
        ),
    ),
    write=write,
    models=".msgraph",
    example=example,
    docs="msgraph.md",
)
