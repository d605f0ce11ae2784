"""Status against code: which of an HTTP status and a body's own code or words decides.

The more specific of the two decides.  A catch-all code (`GENERIC_CODES`, such as a
chat-completions provider's ``invalid_request_error``) or a catch-all kind
(`CATCH_ALL`) says less than a status such as 401, 402, 404 or 429; a code or words
that name what happened say more than a catch-all status (`GENERIC_STATUSES`, and any
status the table does not name, such as 418 or 432).  Whichever decides, words may make
an error less retryable than its status freely, and more retryable only where they are
unambiguous about a transient state (`TRANSIENT`: a rate limit, a service down or not
responding) or say more of the status's own situation (a 409's object still being
modified), and never into a retry of an unknown outcome.  `decide` is the one place
this rule is applied; docs/http.md shows the data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ._kinds import ErrorKind
from ._source import more_retryable
from ._table import HTTP
from ._words import is_reason_phrase, names_privilege, only_a_quota, read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "CATCH_ALL",
    "GENERIC_CODES",
    "GENERIC_STATUSES",
    "NEVER_RETRIED",
    "STATUS_OVER",
    "TEXTS",
    "TRANSIENT",
    "VAGUE",
    "WORDS_UNDER",
    "decide",
    "failed_item",
    "generic_code",
    "said_in",
    "said_text",
    "said_texts",
]

Reading = tuple[ErrorKind, bool | None]

GENERIC_STATUSES: Final = frozenset({400, 422, 500})
"""Statuses that say only that the request, or the server, failed: a code or words that
name what happened decide over them.  A status the table does not name (418, 432, 529)
is read the same way."""

GENERIC_CODES: Final = frozenset({
    "bad_request", "badrequest", "error", "invalid_argument", "invalid_request",
    "invalid_request_error", "request_error", "unprocessable_entity", "validation_error",
})  # fmt: skip
"""Codes, in lower case, that name no situation but a failed request (the
chat-completions providers' ``invalid_request_error``, ``INVALID_ARGUMENT``, PayPal's
``UNPROCESSABLE_ENTITY``): a specific status decides over them."""

CATCH_ALL: Final = frozenset({ErrorKind.UNKNOWN, ErrorKind.INVALID_INPUT})
"""Kinds a body may give that say less than a specific status: an ``invalid_input`` body
sent with a 401 is a bad key."""

VAGUE: Final = frozenset({ErrorKind.INTERNAL})
"""Kinds that name no situation at all, only a fault: any error status says more (a
provider's ``internal_error_proxy`` type on a 422 is bad input)."""

STATUS_OVER: Final = frozenset({(ErrorKind.PERMISSION_DENIED, ErrorKind.RATE_LIMITED)})
"""(the body's kind, the status's kind) where a specific status is the more exact though
the body names a kind: a 429 is throttling whatever the code says (``accessDenied``)."""

WORDS_UNDER: Final = frozenset({
    (ErrorKind.PERMISSION_DENIED, ErrorKind.UNAUTHENTICATED),
    (ErrorKind.NOT_FOUND, ErrorKind.UNAUTHENTICATED),
    (ErrorKind.UNAVAILABLE, ErrorKind.RATE_LIMITED),
    (ErrorKind.CONFLICT, ErrorKind.RATE_LIMITED),
    (ErrorKind.PERMISSION_DENIED, ErrorKind.CONFLICT),
    (ErrorKind.PERMISSION_DENIED, ErrorKind.UNSUPPORTED),
    (ErrorKind.PERMISSION_DENIED, ErrorKind.PAYMENT_REQUIRED),
    (ErrorKind.UNAUTHENTICATED, ErrorKind.PAYMENT_REQUIRED),
    (ErrorKind.PAUSED, ErrorKind.PAYMENT_REQUIRED),
})  # fmt: skip
"""(the words' kind, the status's kind) where the status is the more exact, though a
source's code would not be: a 401 is a key missing or rejected whatever its words say
(Typesense's "Forbidden - a valid `x-typesense-api-key` header must be sent", Brevo's
"Key not found"), unless they name a right the caller lacks and no credential
(`_a_right`), and a 429 is throttling whatever words say ("API limit reached. Please
try again later", Finnhub's; Vespa's "2 requests already enqueued"), a 409 is the
resource's state standing in the way whatever "not allowed" says (RubyGems' "Repushing
of gem versions is not allowed"), and a 405 a method the resource does not take (Vespa's
"'PATCH' not allowed at ..."), a 402 a plan's limit or a bill whatever "does not have
access", "suspended" or "please log in" say (Baserow's premium features, Swetrix's
suspended account), while a source's documented ``missing_scope`` with a 401 is a
permission, and a source's documented busy object with a 429 is busy."""

_LOST: Final = ErrorKind.UNKNOWN_OUTCOME
_DENIED: Final = ErrorKind.PERMISSION_DENIED
_NOBODY: Final = ErrorKind.UNAUTHENTICATED
NEVER_RETRIED: Final = frozenset({ErrorKind.PAYMENT_REQUIRED, ErrorKind.REFUSED})
"""Exhausted credit and a person's no: never retried, whatever a header or a body's flag
says."""
_SPENT: Final = ErrorKind.PAYMENT_REQUIRED
_RATE: Final = ErrorKind.RATE_LIMITED
TRANSIENT: Final = frozenset({ErrorKind.RATE_LIMITED, ErrorKind.UNAVAILABLE})
"""Kinds whose words are unambiguous about a transient state (a rate limit, too many
requests, a service down, unavailable or not responding, try again later): only these
may make an error more retryable than its status says."""


def _a_right(said: ErrorKind, heard: ErrorKind, texts: tuple[str | None, ...]) -> bool:
    """Whether words that name a permission say a right the caller lacks, and no
    credential, beside a 401 (`names_privilege`): many APIs answer a missing right with a
    401 (Canvas' "Insufficient scopes on access token", Invoice Ninja's "You are not
    authorized to view or perform this action"), and the status then says less."""
    return said is _DENIED and heard is _NOBODY and names_privilege(*texts)


def generic_code(code: str | None) -> bool:
    """Whether ``code`` is a catch-all (`GENERIC_CODES`), in any case."""
    return code is not None and code.lower() in GENERIC_CODES


def decide(
    status: int,
    heard: Reading | None,
    said: Reading | None,
    *,
    generic: bool = False,
    documented: bool = False,
    worded: bool = False,
    texts: tuple[str | None, ...] = (),
) -> Reading | None:
    """``(kind, retryable)`` from what the status (or its headers) says, ``heard``, and
    what the body's code or words say, ``said`` (``generic``: by a catch-all code, which a
    specific status decides over, and a catch-all status does not: Teller's
    ``bad_request`` "Missing certificate" with a 400 is a credential); the more specific
    decides, and words never invite a retry the status does not, unless
    they name a transient state or say more of the status's own (a 409's object
    "currently being modified": a conflict a retry may clear).  A ``documented`` code (a
    source's row, whose retry advice its vendor documents: a database's row-lock code
    sent with a 400) keeps its advice when it decides.  What only words say
    (``worded``) gives way to a status `WORDS_UNDER` names, and a quota that ``texts``
    give no word of money or of a month beside (`only_a_quota`) to a 429: a rate."""
    specific = status in HTTP and status not in GENERIC_STATUSES
    if said is None or (generic and specific) or said[0] is ErrorKind.UNKNOWN:
        return heard
    if heard is None:
        return said
    kind, retryable = said
    if kind is not heard[0] and (
        kind in VAGUE
        or (specific and (kind in CATCH_ALL or (kind, heard[0]) in STATUS_OVER))
        or (worded and (kind, heard[0]) in WORDS_UNDER and not _a_right(kind, heard[0], texts))
        or (worded and kind is _SPENT and heard[0] is _RATE and only_a_quota(*texts))
    ):
        return heard
    if (
        not documented
        and more_retryable(retryable, heard[1])
        and ((kind not in TRANSIENT and kind is not heard[0]) or heard[0] is _LOST)
    ):
        retryable = heard[1]
    return kind, retryable


TEXTS: Final = (
    "message", "msg", "detail", "error_description", "title", "description", "errorDetail",
    "error_message", "error_msg", "errmsg", "status_message", "ret_msg", "err-msg", "info",
    "cause", "errorMessage", "user_message", "userMessage", "errormsg", "errMsg", "error_info",
    "_error_message", "statusDescription",
)  # fmt: skip
"""Where a convention's body says what went wrong, most common first (MediaWiki's API
says it as ``info``, Hypixel's as ``cause``, dbt Cloud's as ``user_message``, Sailthru's
as ``errormsg``, Kotak Neo's as ``errMsg``, Phabricator's Conduit as ``error_info``,
Taiga's as ``_error_message``, ClouDNS as ``statusDescription``)."""
_TEXT_KEYS: Final = (
    *TEXTS, "error", "error-text", "error_text", "reason", "issue", "err", "Message", "Detail",
    "Fault", "fault", "details",
)  # fmt: skip
"""Where a body of no known shape says what went wrong: a convention's texts (`TEXTS`),
and the keys whose text may be a code or hold an object (``error``, ``reason``, Intuit's
``Fault``)."""
_CODE_KEYS: Final = (
    "code", "error_code", "errorCode", "type", "name", "error_type", "error_name",
)  # fmt: skip
_LISTS: Final = ("errors", "details", "Error", "error", "Errors", "reasons")
"""Where a body of no known shape says what went wrong: texts, codes that are one word,
and lists of either (Vault's ``{"errors": ["permission denied"]}``, Kagi's ``{"error":
[{"code": 1, "msg": "Missing q parameter"}]}``, PayPal's
``details[].issue``, Figma's ``{"status": 403, "err": "Invalid token"}``, Zuora's
``reasons``), also inside a
``Fault`` (Intuit's ``{"Fault": {"Error": [{"Message", "Detail", "code"}]}}``)."""


_BY_FIELD: Final = ("errors", "error_details", "errordetails")
"""How the name of an object that lists errors by field ends (``errors``,
``fieldErrors``, ``validationErrors``, Lago's ``error_details``), in lower case."""


def _strings(d: Mapping[str, Any], depth: int = 0, codes: bool = True) -> list[str]:
    found: list[str] = []
    for key in _CODE_KEYS if codes else ():
        value = d.get(key)
        if type(value) is str and value and " " not in value:
            found.append(value)
    for key in _TEXT_KEYS:
        value = d.get(key)
        if type(value) is str and value and value[:1] not in "{[" and not is_reason_phrase(value):
            found.append(value)  # not a document in text, nor a status's name
        elif type(value) is dict and depth == 0:
            found.extend(_strings(value, 1, codes) or _by_field(value))
    if depth == 0:
        found.extend(_fields_of(d, sentences=not found))
    data = d.get("data")
    if type(data) is dict and depth == 0 and d.get("success") is False:
        found.extend(_strings(data, 1, codes))  # Imgur's {"data": {"error"}, "success": false}
    if depth < 2:
        for key in _LISTS:
            items = d.get(key)
            if type(items) is list:
                found.extend(_listed(items, codes))
    if not found and depth == 0:
        found.extend(_by_field(d))  # Django REST framework's {"url": ["... already exists."]}
    return found


def _fields_of(d: Mapping[str, Any], sentences: bool) -> list[str]:
    """The texts of the objects in ``d`` that list errors by field (`_BY_FIELD`: Rails'
    ``{"errors": {"email": ["has already ..."]}}``, FusionAuth's ``fieldErrors``), and of
    the lists of errors named so (FusionAuth's ``generalErrors``); a field's one sentence
    only where the body says nothing else (``sentences``)."""
    found: list[str] = []
    for key in list(d)[:16]:
        value = d[key]
        if type(key) is not str or not key.lower().endswith(_BY_FIELD):
            continue
        if type(value) is dict:
            found.extend(_by_field(value, sentences))
        elif type(value) is list and key not in _LISTS:  # FusionAuth's generalErrors
            found.extend(_listed(value, codes=True))
    return found


def _by_field(d: Mapping[str, Any], sentences: bool = False) -> list[str]:
    """The texts of errors listed by the field they are about (Rails' and GitLab's
    ``{"name": ["has already been taken"]}``, Cronofy's ``{"name": [{"key",
    "description"}]}``), the first eight fields'; with ``sentences``, a field's one
    sentence too (Metabase's ``{"username": "Too many attempts! ..."}``)."""
    found: list[str] = []
    for value in list(d.values())[:8]:
        if type(value) is list:
            found.extend(_listed(value, codes=True))
        elif sentences and type(value) is str and " " in value:
            found.append(value)
    return found


def _listed(items: list[Any], codes: bool) -> list[str]:
    """The texts and codes of a list of errors: texts, or objects read as `_strings`."""
    found: list[str] = []
    for item in items[:8]:
        if type(item) is str and item and not is_reason_phrase(item):
            found.append(item)
        elif type(item) is dict:
            found.extend(_strings(item, 2, codes))
    return found


def said_texts(d: Mapping[str, Any]) -> list[str]:
    """Every text a body of no known shape says went wrong in, where `said_in` looks."""
    return _strings(d, codes=False)


def said_text(d: Mapping[str, Any]) -> str | None:
    """The first text a body of no known shape says went wrong in, where `said_in`
    looks, or ``None``."""
    return next(iter(_strings(d, codes=False)), None)


def said_in(d: Mapping[str, Any]) -> Reading | None:
    """What a body of no known shape says by its words, codes and lists of errors."""
    strings = _strings(d)
    return read_words(*strings) if strings else None


_MARKS: Final = ("error", "error-text", "error_text", "error_message", "errorMessage")
"""Keys whose non-empty value says why a batch item failed (Vonage's ``error-text``,
Elasticsearch's bulk ``error``)."""
_STATUS_KEYS: Final = ("status", "status_code", "statusCode")
_REASONS: Final = ("reasons", "errors")
"""The lists of errors an item marked ``"success": false`` says why in."""
_FAILED_WORDS: Final = frozenset({"failed", "failure", "error", "errored"})


def _failing(status: object) -> bool:
    """Whether an item's own status says it failed: an HTTP error status (Elasticsearch's
    bulk items), a status code other than ``"0"`` (Vonage's), or a word for failure."""
    if type(status) is int:
        return 400 <= status <= 599
    if type(status) is str and status:
        return status != "0" if status.isdigit() else status.lower() in _FAILED_WORDS
    return False


def _failed(item: object) -> Mapping[str, Any] | None:
    """``item`` when it is marked failed twice over: a reason, and a status that says so;
    a record that only mentions an error (a job's last error, say) is data."""
    if type(item) is not dict:
        return None
    if any(type(item.get(key)) in (str, dict) and item.get(key) for key in _MARKS) and any(
        _failing(item.get(key)) for key in _STATUS_KEYS
    ):
        return item
    if _says_why_it_failed(item):
        return item  # Zuora's bulk {"success": false, "reasons": [{"code", "message"}]}
    if len(item) == 1:  # Elasticsearch's {"index": {...}}: the action, then its result
        inner = next(iter(item.values()))
        return _failed(inner) if type(inner) is dict and len(inner) > 1 else None
    return None


def _says_why_it_failed(d: Mapping[str, Any]) -> bool:
    """``"success": false`` beside a list of reasons (`_REASONS`) that is not empty."""
    return d.get("success") is False and any(
        type(d.get(key)) is list and d[key] for key in _REASONS
    )


def failed_item(d: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The first item marked failed in a list at the top of a body (a batch's results),
    or the body itself where it is marked so (``"success": false`` beside a list of
    reasons: Zuora's), or ``None``: a batch whose items failed is an error whatever its
    status."""
    if _says_why_it_failed(d):
        return d
    for value in d.values():
        if type(value) is list:
            for item in value[:64]:
                found = _failed(item)
                if found is not None:
                    return found
    return None
