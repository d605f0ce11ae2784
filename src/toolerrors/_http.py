"""HTTP responses as unified errors: status, ``Retry-After`` and request-id headers, body.

The order `from_http` decides in is written once, in its docstring.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping
from typing import Final, TypeAlias

from ._conventions import stated_wait
from ._decide import NEVER_RETRIED, decide, failed_item, generic_code, said_in, said_text
from ._errors import ShapeError
from ._intext import marked, readable, xml_error
from ._json import MAX_BYTES, bounded_wait, decode, size
from ._kinds import ErrorKind
from ._problem import is_problem, read_problem
from ._read import error_of, from_mapping
from ._source import HEADER_NAMES, HEADERS, IN_BODY, ONE_TIME_CODE, ROUTE_STATUS, SHOULD_RETRY
from ._table import BOUND, error_status, of_status, read_row
from ._unified import UnifiedError, make, refill
from ._words import UNSAID, is_reason_phrase, read_words, reason_phrase

__all__ = ["Headers", "from_http", "request_id", "retry_after"]

Headers: TypeAlias = Mapping[str, str] | Iterable[tuple[str | bytes, str | bytes]] | None
"""A mapping (``dict``, ``http.client.HTTPMessage``, ``httpx.Headers``) or (name, value)
pairs, as text or as the raw bytes ASGI servers and httpx's ``Headers.raw`` give."""

_REQUEST_ID_HEADERS: Final = ("x-request-id", "request-id")
_MESSAGE_KEYS: Final = ("detail", "message", "error_description", "title")
"""Where a body that is not an error of a known shape may still say what went wrong
(FastAPI and Django REST framework use ``detail``)."""


_READ: Final = frozenset({
    "retry-after-ms", "retry-after", *_REQUEST_ID_HEADERS, "content-type", "www-authenticate",
    "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit", "ratelimit-remaining",
    "ratelimit-reset",
})  # fmt: skip
"""The headers every response is read by, besides the sources' own (`HEADERS`, read by
what they say); a real response has many more, which are not kept."""

_NAMES: Final = HEADER_NAMES
"""Header names as given (``Retry-After``, ``b"retry-after"``) to the name read, or
``""`` for one not read: responses repeat the same few spellings, and a lookup is
cheaper than lowering."""


def _text(value: object) -> str:
    """A header's name or value as text: raw bytes are Latin-1, as HTTP sends them and
    as ASGI and httpx decode them."""
    if type(value) is str:
        return value
    if type(value) is bytes or type(value) is bytearray:
        return value.decode("latin-1")
    return str(value)


_VENDOR_LIMIT: Final = r"x-(?:[a-z0-9]+-)*rate-?limit-(reset|remaining)"
"""A vendor's own spelling of the rate-limit headers (``X-Rate-Limit-Reset``,
``X-<Vendor>-RateLimit-Reset``), read as ``x-*-ratelimit-reset`` and ``-remaining``
where the common ``X-RateLimit-*`` headers are absent."""
_VENDOR_RESET: Final = "x-*-ratelimit-reset"
_VENDOR_REMAINING: Final = "x-*-ratelimit-remaining"


def _name(name: object) -> str:
    """The lower-case name of a header read by, else ``""``; remembered when it is text
    or bytes."""
    given = _text(name).lower()
    key = HEADERS.get(given) or (given if given in _READ else "")
    if not key and "limit" in given:  # compiled by re's own cache, on first use
        limit = re.fullmatch(_VENDOR_LIMIT, given)
        key = f"x-*-ratelimit-{limit[1]}" if limit else ""
    if type(name) is str or type(name) is bytes:
        if len(_NAMES) >= 1024:  # many one-off names: start again, and keep the usual ones
            _NAMES.clear()
        _NAMES[name] = key
    return key


def _lower(headers: Headers) -> dict[str, str]:
    """The headers a response is read by, by lower-case name, each value as text."""
    if not headers:
        return {}
    found: dict[str, str] = {}
    pairs = headers.items() if type(headers) is dict or hasattr(headers, "items") else headers
    try:
        for name, value in pairs:
            try:
                key = _NAMES[name]
            except (KeyError, TypeError):  # a spelling not seen yet, or a name that is not text
                key = _name(name)
            if key:
                found[key] = value if type(value) is str else _text(value)
    except (TypeError, ValueError):  # not iterable, or an item that is no pair
        raise _not_headers(headers) from None
    return found


def _not_headers(headers: object) -> ShapeError:
    """What is wrong with ``headers`` that are neither a mapping nor (name, value) pairs."""
    if isinstance(headers, (str, bytes, bytearray)) or not isinstance(headers, Iterable):
        got = type(headers).__name__
    else:
        got = next(
            (f"item {i}, {item!r}" for i, item in enumerate(headers)
             if isinstance(item, (str, bytes)) or not isinstance(item, Iterable)
             or len(tuple(item)) != 2),
            type(headers).__name__,
        )  # fmt: skip
    return ShapeError(f"expected a mapping or (name, value) pairs, got {got}", "headers")


def _number(text: str) -> float | None:
    """The number a header gives, or ``None``."""
    try:
        return float(text)
    except ValueError:
        return None


def _seconds(text: str, scale: float) -> float | None:
    """A wait of ``text`` times ``1 / scale`` seconds, bounded; ``None`` for a negative
    value, NaN or no number."""
    value = _number(text)
    return None if value is None else bounded_wait(value / scale)


def _date(text: str, now: float | None) -> float | None:
    """Seconds until an HTTP date (any of the three forms, as UTC), or ``None``."""
    from calendar import timegm  # only dates need these, and they cost import time
    from email.utils import parsedate_tz

    try:
        parsed = parsedate_tz(text)
        if parsed is None:
            return None
        moment = timegm(parsed[:6]) - (parsed[9] or 0)  # no zone given: UTC
    except (ValueError, OverflowError, TypeError):  # a year past 9999, say
        return None
    return bounded_wait(moment - (time.time() if now is None else now))


def _wait(lowered: Mapping[str, str], now: float | None) -> float | None:
    if "retry-after-ms" in lowered:
        wait = _seconds(lowered["retry-after-ms"], 1000)
        if wait is not None:
            return wait  # an invalid retry-after-ms leaves Retry-After to speak
    value = lowered.get("retry-after")
    if value is None:
        return None
    if len(value) < 16 and value.isdigit() and value.isascii():  # whole seconds, as usual
        return bounded_wait(int(value))
    wait = _seconds(value, 1)
    return wait if wait is not None else _date(value, now)


def retry_after(headers: Headers, *, now: float | None = None) -> float | None:
    """Seconds to wait, from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date).

    All three HTTP date forms are read, as UTC.  Negative, NaN, past or unparsable
    values give ``None``; an unusable ``retry-after-ms`` falls back on ``Retry-After``.
    A wait longer than `toolerrors.MAX_WAIT` (infinite included) is that maximum.
    """
    return _wait(_lower(headers), now)


def _request_id(lowered: Mapping[str, str]) -> str | None:
    found = lowered.get(_REQUEST_ID_HEADERS[0])
    return found if found is not None else lowered.get(_REQUEST_ID_HEADERS[1])


def request_id(headers: Headers) -> str | None:
    """The request id from ``x-request-id`` or ``request-id``."""
    return _request_id(_lower(headers))


_PARAM: Final = r'([A-Za-z_]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))'
"""A challenge's parameters.  This module's patterns are compiled on first use, by
``re``'s own cache: compiled at import, they cost 0.16 ms of start-up."""


def _challenge(header: str) -> dict[str, str] | None:
    """The bearer-token error in a ``WWW-Authenticate: Bearer error="invalid_token", ...``
    challenge (RFC 6750 §3), as the JSON body would say it; ``None`` without one."""
    params = {
        name.lower(): quoted.replace('\\"', '"') if quoted is not None else bare
        for name, quoted, bare in (match.groups() for match in re.finditer(_PARAM, header))
    }
    if "error" not in params:
        return None
    return {
        key: params[key] for key in ("error", "error_description", "error_uri") if key in params
    }


_ADVICE: Final[dict[str, bool]] = {"true": True, "false": False}
"""What a `SHOULD_RETRY` header says: the server's own word on whether this response may
be retried, which beats the status and the body."""

_UNKNOWN: Final = ErrorKind.UNKNOWN
_RATE_LIMITED: Final = ErrorKind.RATE_LIMITED
_APPROVAL: Final = ErrorKind.APPROVAL_REQUIRED


_RATELIMIT_PARAM: Final = r"(?:^|[;,\s])(r|t|remaining|reset)\s*=\s*(\d+)"
"""The remaining quota and the seconds to its reset in the IETF draft's ``RateLimit``
header: ``"default";r=0;t=60`` (drafts 08 on) or ``limit=10, remaining=0, reset=60``."""
_RATELIMIT_NAMES: Final = {"r": "r", "remaining": "r", "t": "t", "reset": "t"}

_LIMIT_HEADERS: Final = frozenset(
    {"ratelimit", "x-ratelimit-remaining", "x-ratelimit-reset"}
    | {"ratelimit-remaining", "ratelimit-reset", _VENDOR_RESET, _VENDOR_REMAINING}
)
"""The headers `_limits` reads: a response with none of them is not asked (measured on
``from_http(429, {"Retry-After": "7"}, body)``: 4.77 µs with the question asked, 4.31
without)."""
_NO_LIMITS: Final[tuple[str | None, str | None]] = (None, None)
"""No remaining quota and no reset: what a response without `_LIMIT_HEADERS` says."""


def _limits(lowered: Mapping[str, str]) -> tuple[str | None, str | None]:
    """The remaining quota and the reset, as given: ``X-RateLimit-*`` (the common
    convention), else the IETF draft's ``RateLimit-Remaining`` and ``RateLimit-Reset``, else
    its ``RateLimit`` header's ``r``/``remaining`` and ``t``/``reset`` parameters."""
    remaining = lowered.get(
        "x-ratelimit-remaining",
        lowered.get("ratelimit-remaining", lowered.get(_VENDOR_REMAINING)),
    )
    reset = lowered.get(
        "x-ratelimit-reset", lowered.get("ratelimit-reset", lowered.get(_VENDOR_RESET))
    )
    if "ratelimit" in lowered and (remaining is None or reset is None):
        found = re.findall(_RATELIMIT_PARAM, lowered["ratelimit"])
        params = {_RATELIMIT_NAMES[name]: value for name, value in found}
        remaining = remaining if remaining is not None else params.get("r")
        reset = reset if reset is not None else params.get("t")
    return remaining, reset


def _spent(lowered: Mapping[str, str], status: int, remaining: str | None) -> bool:
    """A 403 or 429 whose rate-limit headers say none is left (``X-RateLimit-Remaining:
    0``; the IETF draft's ``RateLimit``), or a 403 with ``retry-after`` (a secondary rate
    limit), is a rate limit."""
    if status == 403 and "retry-after" in lowered:
        return True
    return remaining is not None and remaining.strip() == "0"


_EPOCH_FROM: Final = 1_000_000_000.0
"""2001-09-09 as a Unix time: a reset below it cannot be a recent moment, so it is a
number of seconds from now (Reddit's ``x-ratelimit-reset``, the IETF draft's)."""


def _reset(reset: str | None) -> float | None:
    """Seconds until the rate limit resets, when the headers say: a Unix time (most
    ``x-ratelimit-reset`` headers), or seconds from now for a value that cannot be a recent Unix
    time."""
    value = _number(reset or "")
    if value is None or not value >= 0:  # negative, or NaN
        return None
    return bounded_wait(value if value < _EPOCH_FROM else max(0.0, value - time.time()))


def _message(data: object, status: int) -> str:
    """What a body of no known shape says went wrong: a message at its top, else its
    first error's (``{"errors": [{"message": ...}]}``), else the first text where
    `said_in` looks, else the status's phrase."""
    if isinstance(data, Mapping):
        for key in _MESSAGE_KEYS:
            text = data.get(key)
            if type(text) is str and text:
                return text
        errors = data.get("errors")
        if type(errors) is list and errors and isinstance(errors[0], Mapping):
            text = errors[0].get("message")
            if type(text) is str and text:
                return text
        text = said_text(data)  # deeper: Intuit's Fault.Error[0].Message
        if text is not None:
            return text
    return f"HTTP {status} {reason_phrase(status) or 'Error'}"


def from_http(status: int, headers: Headers = None, body: object = None) -> UnifiedError:
    """An HTTP response as a `UnifiedError`.

    How it decides, first to last (the one place this order is written):

    1. **The body's own code.**  A body of a known shape says the kind and its retry
       advice (a Pythe ``http_429`` envelope in a 200 is a rate limit; a use_tool
       ``forbidden`` in a 403 stays forbidden).  A body sent as
       ``application/problem+json`` is read as problem details.
    2. **The server's word on this response**: a header a source declares to say so
       (`SHOULD_RETRY`, such as ``x-should-retry``) sets the retry
       advice, except for ``payment_required`` and ``refused``, which are never retried;
       so does a ``Retry-After`` on a 409 (pretix's "Concurrent request with
       idempotency key.", ``Retry-After: 5``): a conflict the server says will clear.
    3. **A status bound to a code**: a row read differently with a status (Configure's
       structured 404 arriving as ``INVALID_INPUT``).
    4. **The more specific of status and code** (`decide`, the one place this is
       weighed): a catch-all code or kind sent with a specific status takes the status's
       kind (an ``invalid_request_error`` with a 402 is spent credit); a code or words that
       name what happened beat a catch-all or unknown status (``ITEM_LOGIN_REQUIRED`` with
       a 400), and make an error more retryable than its status only where they name a
       transient state; not with the one status a source sends with every error of its
       routes (`Source.route_status`).
    5. **Rate-limit and one-time-code headers** (``X-RateLimit-Remaining: 0``, the IETF
       draft's ``RateLimit``, ``Retry-After`` on a 403, a source's `ONE_TIME_CODE`
       header), only where the
       body says no kind of its own: headers never make a body's stated error retryable.
    6. **The status**, where the body says nothing; a body in no known shape, or a
       short text that is not markup or is an XML error document (S3's), is first read
       by its words, as in 4, and a 2xx
       body's batch whose items failed by its first failed item (its message and stated
       wait, ``retry_after_ms`` included, are kept).

    Headers and status fill in ``status_code``, ``retry_after`` (``retry-after-ms``,
    ``Retry-After`` in seconds or as an HTTP date, or a rate limit's reset) and
    ``request_id`` wherever the body leaves them unset.  A response that is neither an
    error status nor a body with an error in it raises `ShapeError`.

    ``status`` is an ``int`` or an ``http.HTTPStatus``, from 100 to 999 (one past 599,
    which RFC 9110 calls invalid, is read as a server error's, by its body's words first);
    ``headers`` a mapping or (name, value) pairs, as text or as raw bytes (ASGI's, httpx's
    ``Headers.raw``).
    """
    if type(status) is not int or not 100 <= status <= 599:
        status = _status(status)
    lowered = _lower(headers)
    found, data = _in_body(body, lowered)
    known = of_status(status if status < _INVALID else 500)
    wait = rid = advice = headed = None
    if lowered:
        wait = _wait(lowered, None)
        rid = _request_id(lowered)
        if status in (403, 429):
            # Read once, and only where a rate-limit header is (most 429s have none).
            remaining, reset = (
                _NO_LIMITS if _LIMIT_HEADERS.isdisjoint(lowered) else _limits(lowered)
            )
            if _spent(lowered, status, remaining):
                headed = (_RATE_LIMITED, True)
            if wait is None and (headed or status == 429):
                wait = _reset(reset)
        elif status == 401 and lowered.get(ONE_TIME_CODE, "").startswith("required"):
            headed = (_APPROVAL, False)  # a person must give the one-time code
        said = lowered.get(SHOULD_RETRY)
        advice = _ADVICE.get(said) if said is not None else None
        if advice is None and status == 409 and wait is not None:
            advice = True  # a conflict the server says when to try again (pretix's)
    if found is not None:
        return _merged(found, status, known=known, headed=headed, advice=advice, wait=wait, rid=rid)
    worded, data = _said(body, data, known is not None)
    texts = (said_text(data),) if worded is not None and isinstance(data, Mapping) else ()
    known = decide(status, headed or known, worded, worded=True, texts=texts) or worded
    if known is None:
        raise ShapeError(f"HTTP {status} with no error in its body is not an error", "status")
    kind, retryable = known
    if advice is not None and kind not in NEVER_RETRIED:
        retryable = advice
    stated = stated_wait(data) if isinstance(data, Mapping) else None
    if stated is not None:  # the body's own wait is the more exact (64.57 s, not 65)
        wait = stated
    return make(
        kind,
        _message(data, status),
        retryable=retryable,
        retry_after=wait,
        status_code=status,
        vendor="http",
        code=str(status),
        request_id=rid,
    )


_TEXT_READ: Final = 2048
"""The longest text body (not JSON) whose words are read: a platform's short error page
("Code: DEPLOYMENT_PAUSED"), not a document."""


def _said(
    body: object, data: object, erred: bool
) -> tuple[tuple[ErrorKind, bool | None] | None, object]:
    """What a body in no known shape says, and the part of it that says so: the first
    failed item of a batch, at any status (a 200 whose items failed); else, with an
    error status, the words of the body (or of a short text that is not markup: its
    source's mark first, `toolerrors._intext.marked`; or of a short XML error document's
    text: an S3-compatible store's ``<Error><Code>InvalidAccessKeyId</Code>``))."""
    if isinstance(data, Mapping):
        item = failed_item(data)
        if item is not None:
            said = said_in(item) or of_status(error_status(item.get("status")))
            return said or UNSAID, item
        return (said_in(data) if erred else None), data
    if erred and data is None and isinstance(body, (str, bytes, bytearray)):
        text = body if isinstance(body, str) else body.decode("utf-8", "replace")
        if 0 < len(text) <= _TEXT_READ and not text.lstrip().startswith("<"):
            found = marked(text)  # a source's mark, wherever it stands
            if found is not None:
                return (found.kind, found.retryable), data
            return (None if is_reason_phrase(text) else read_words(text)), data
        if 0 < len(text) <= _TEXT_READ and xml_error(text):  # S3's <Error><Code>
            return read_words(readable(text)), data
    return None, data


_INVALID: Final = 600
"""The first status RFC 9110 calls invalid (section 15): a client "SHOULD process the
response as if it had a 5xx (Server Error) status code", as `from_http` does, its body's
words first (Qiniu's storage answers a missing bucket with 631, a resource that exists
already with 614)."""


def _status(status: object) -> int:
    """An HTTP status given as an ``int`` subclass (``http.HTTPStatus``), as a plain
    ``int``; anything else, or a number that is not three digits, is refused."""
    if isinstance(status, int) and not isinstance(status, bool) and 100 <= status <= 999:
        return int(status)
    raise ShapeError(f"expected an HTTP status from 100 to 999, got {status!r}", "status")


def _in_body(body: object, lowered: Mapping[str, str]) -> tuple[UnifiedError | None, object]:
    """The error the body holds, or else a ``WWW-Authenticate`` challenge; and the body
    as JSON values (``None`` when it is empty, or text that is not JSON, such as a proxy's
    HTML page, or too large to read)."""
    data: object = body
    owned = False  # values the caller still holds are copied before a reader keeps them
    if type(body) is bytes or type(body) is str or type(body) is bytearray:
        data, owned = None, True
        if body and (len(body) << 2 <= MAX_BYTES or size(body, MAX_BYTES) <= MAX_BYTES):
            try:
                data = decode(body)
            except ValueError:
                data = None  # not JSON (a proxy's HTML page): the status decides
    if IN_BODY and not IN_BODY.keys().isdisjoint(lowered):
        data, owned = _with_code(data, owned, lowered)
    found = None
    try:
        if "problem+json" in lowered.get("content-type", "") and (
            isinstance(data, Mapping) and is_problem(data, media_type=True)
        ):
            found = read_problem(data if owned else dict(data), False, "")
        elif type(data) is dict:  # copied by from_mapping, unless decoded here (owned)
            found = from_mapping(data, strict=False, where="", need=False, owned=owned)
        elif data is not None:
            found = error_of(data)
    except ShapeError:
        pass  # a broken error body: the status still says what happened
    if found is None and "www-authenticate" in lowered:
        challenge = _challenge(lowered["www-authenticate"])
        found = from_mapping(challenge, strict=False, where="", need=False) if challenge else None
    return found, data


def _with_code(data: object, owned: bool, lowered: Mapping[str, str]) -> tuple[object, bool]:
    """The body with the error's code a header names (a source's `in_body` header), where
    the body is empty or a JSON object that does not say it."""
    for says, key in IN_BODY.items():
        if says in lowered:
            if data is None:
                data = {}
            if type(data) is dict and key not in data:
                data, owned = {key: lowered[says], **data}, True
    return data, owned


def _merged(
    found: UnifiedError,
    status: int,
    *,
    known: tuple[ErrorKind, bool | None] | None,
    headed: tuple[ErrorKind, bool | None] | None,
    advice: bool | None,
    wait: float | None,
    rid: str | None,
) -> UnifiedError:
    """The body's error, with what the status and headers add, in the order `from_http`'s
    docstring gives: ``known`` is what the status says, ``headed`` what the rate-limit or
    one-time-code headers say, which only a body of unknown kind lets decide."""
    kind, retryable, code_status = found.kind, found.retryable, found.status_code
    if code_status is None and known is not None:
        code_status = status
        row = read_row(found.vendor or "", found.code or "", status) if status in BOUND else None
        if row is not None and row.when_status is not None:
            kind = row.kind  # read differently with this status: Configure's structured 404
        elif kind is _UNKNOWN:  # a code no table holds: its words, else headers or status
            said = read_words(found.code) if found.code else None
            kind, advised = decide(status, headed or known, said) or known
            retryable = advised if retryable is None else retryable
        elif (kind, retryable) != known and ROUTE_STATUS.get(found.vendor or "") != status:
            # the body and the status disagree, and the status is not one sent with every
            # error: the more specific decides; agreeing, as a 429's rate limit does (the
            # benchmark's case), they need no weighing
            code = found.code or ""
            documented = read_row(found.vendor or "", code, None) is not None
            kind, retryable = decide(
                status,
                known,
                (kind, retryable),
                generic=generic_code(code) or is_reason_phrase(found.message),
                documented=documented,
                worded=not documented,  # read by its words: a 401 is a key all the same
                texts=(found.message, code),
            ) or (kind, retryable)
    if advice is not None and kind not in NEVER_RETRIED:
        retryable = advice  # the server's own word on this very response
    if (
        code_status == found.status_code
        and kind is found.kind
        and retryable is found.retryable
        and (found.retry_after is not None or wait is None)
        and (found.request_id is not None or rid is None)
    ):
        return found  # the body said it all
    return refill(
        found,
        kind,
        retryable=retryable,
        retry_after=found.retry_after if found.retry_after is not None else wait,
        status_code=code_status,
        request_id=found.request_id if found.request_id is not None else rid,
    )
