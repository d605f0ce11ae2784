"""HTTP responses as unified errors: status, ``Retry-After`` and request-id headers, body."""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable, Mapping
from typing import TypeAlias

from ._errors import ShapeError
from ._read import error_of
from ._table import HTTP, HTTP_OTHER, read_row
from ._unified import UnifiedError, make

__all__ = ["Headers", "from_http", "request_id", "retry_after"]

Headers: TypeAlias = Mapping[str, str] | Iterable[tuple[str, str]] | None
"""A mapping (``dict``, ``http.client.HTTPMessage``, ``httpx.Headers``) or (name, value) pairs."""

_REQUEST_ID_HEADERS = ("x-request-id", "request-id")


def _lower(headers: Headers) -> dict[str, str]:
    if headers is None:
        return {}
    items = headers.items() if hasattr(headers, "items") else headers  # HTTPMessage too
    return {str(name).lower(): str(value) for name, value in items}


def _seconds(value: float) -> float | None:
    return value if math.isfinite(value) and value >= 0 else None


def retry_after(headers: Headers, *, now: float | None = None) -> float | None:
    """Seconds to wait, from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date).

    All three HTTP date forms are read, as UTC.  Negative, NaN, infinite, past or
    unparsable values give ``None``.
    """
    lowered = _lower(headers)
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return _seconds(float(millis) / 1000)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return _seconds(float(value))
    except ValueError:
        pass
    from calendar import timegm  # only dates need these, and they cost import time
    from email.utils import parsedate_tz

    parsed = parsedate_tz(value)
    if parsed is None:
        return None
    moment = timegm(parsed[:6]) - (parsed[9] or 0)  # no zone given: UTC
    return _seconds(moment - (time.time() if now is None else now))


def request_id(headers: Headers) -> str | None:
    """The request id from ``x-request-id`` or ``request-id``."""
    lowered = _lower(headers)
    return next((lowered[name] for name in _REQUEST_ID_HEADERS if name in lowered), None)


def from_http(status: int, headers: Headers = None, body: object = None) -> UnifiedError:
    """An HTTP response as a `UnifiedError`.

    A body in any known shape decides the kind (a Pythe ``http_429`` envelope in a 200
    response is still a rate limit); the status and headers fill in ``status_code``,
    ``retry_after`` and ``request_id`` where the body leaves them unset.  Otherwise the
    status decides.  A response that is neither an error status nor an error body
    raises `ShapeError`.
    """
    if type(status) is not int or not 100 <= status <= 599:
        raise ShapeError(f"expected an HTTP status from 100 to 599, got {status!r}", "status")
    wait = retry_after(headers)
    rid = request_id(headers)
    found = None
    if body not in (None, b"", ""):
        try:
            found = error_of(body)
        except ShapeError:
            found = None  # a broken error body: the status still says what happened
    if found is not None:
        filled = found.status_code is None and status >= 400
        row = read_row(found.vendor or "", found.code or "", status) if filled else None
        return dataclasses.replace(
            found,
            kind=row.kind if row is not None else found.kind,
            status_code=status if filled else found.status_code,
            retry_after=found.retry_after if found.retry_after is not None else wait,
            request_id=found.request_id if found.request_id is not None else rid,
        )
    if status < 400:
        raise ShapeError(f"HTTP {status} with no error in its body is not an error", "status")
    kind, retryable = HTTP.get(status) or HTTP_OTHER[status // 100]
    from http import HTTPStatus

    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    return make(
        kind,
        f"HTTP {status} {phrase}",
        retryable,
        wait,
        status,
        "http",
        str(status),
        None,
        None,
        rid,
    )
