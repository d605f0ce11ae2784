"""HTTP responses, against a real server on 127.0.0.1, through urllib and httpx."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING

import pytest

import toolerrors
from toolerrors import MAX_WAIT, ErrorKind, ShapeError, error_of, from_exception, from_http, parse
from toolerrors._http import request_id, retry_after
from toolerrors._table import KINDS, NOT_KNOWN_HINT, RETRY_ACTIONS

if TYPE_CHECKING:
    from collections.abc import Callable

ROUTES: dict[str, tuple[int, dict[str, str], bytes]] = {
    "/429": (429, {"Retry-After": "7", "X-Request-Id": "req-429"}, b""),
    "/502": (
        502,
        {"Content-Type": "text/html"},
        b"<html><body><h1>502 Bad Gateway</h1></body></html>",
    ),
    "/pythe-429-in-200": (
        200,
        {"Content-Type": "application/json", "Retry-After": "3"},
        json.dumps(
            {"ok": False, "code": "http_429", "message": "m", "retryable": True, "how_to_fix": "h"}
        ).encode(),
    ),
    "/configure-404": (
        404,
        {"Content-Type": "application/json", "request-id": "req-9"},
        json.dumps(
            {"code": "INVALID_INPUT", "message": "gone", "type": "resource_missing"}
        ).encode(),
    ),
}


class Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        status, headers, body = ROUTES[self.path]
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server(serve: Callable[[type[BaseHTTPRequestHandler]], str]) -> str:
    return serve(Handler)


def _urllib(url: str) -> urllib.error.HTTPError | bytes:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read()  # type: ignore[no-any-return]
    except urllib.error.HTTPError as exc:
        return exc


def test_urllib_429_with_retry_after(server: str) -> None:
    """A 429 with Retry-After in seconds is a rate limit to wait for, with its request id."""
    exc = _urllib(server + "/429")
    assert isinstance(exc, urllib.error.HTTPError)
    error = from_exception(exc)
    exc.close()
    assert (error.kind, error.retryable, error.retry_after, error.status_code) == (
        ErrorKind.RATE_LIMITED,
        True,
        7.0,
        429,
    )
    assert (error.vendor, error.code, error.request_id, error.message) == (
        "http",
        "429",
        "req-429",
        "HTTP 429 Too Many Requests",
    )


def test_urllib_502_with_html_body(server: str) -> None:
    """A 502 with an HTML page is an upstream that answered badly, retry not known, and the
    page is not the message."""
    exc = _urllib(server + "/502")
    assert isinstance(exc, urllib.error.HTTPError)
    error = from_exception(exc)
    exc.close()
    assert (error.kind, error.retryable, error.status_code, error.message) == (
        ErrorKind.UPSTREAM_ERROR,
        None,
        502,
        "HTTP 502 Bad Gateway",
    )


def test_body_in_a_known_shape_wins_over_the_status(server: str) -> None:
    """A Pythe http_429 envelope in a 200 is a rate limit; the header fills retry_after."""
    body = _urllib(server + "/pythe-429-in-200")
    assert isinstance(body, bytes)
    error = from_http(200, {"Retry-After": "3"}, body)
    assert (error.kind, error.vendor, error.code, error.retry_after, error.status_code) == (
        ErrorKind.RATE_LIMITED, "pythe", "http_429", 3.0, 429,
    )  # fmt: skip
    exc = _urllib(server + "/configure-404")
    assert isinstance(exc, urllib.error.HTTPError)
    configure = from_exception(exc)
    exc.close()
    assert (configure.kind, configure.status_code, configure.request_id, configure.vendor) == (
        ErrorKind.NOT_FOUND, 404, "req-9", "configure",
    )  # fmt: skip


def test_httpx_errors(server: str) -> None:
    """httpx's HTTPStatusError and connection failures map like urllib's."""
    httpx = pytest.importorskip("httpx")
    with httpx.Client() as client:
        response = client.get(server + "/429")
        with pytest.raises(httpx.HTTPStatusError) as caught:
            response.raise_for_status()
    error = from_exception(caught.value)
    assert (error.kind, error.retry_after, error.request_id) == (
        ErrorKind.RATE_LIMITED,
        7.0,
        "req-429",
    )
    with pytest.raises(httpx.ConnectError) as refused:
        httpx.get("http://127.0.0.1:9/", timeout=2)
    assert (from_exception(refused.value).kind, from_exception(refused.value).retryable) == (
        ErrorKind.UNAVAILABLE,
        True,
    )
    read_timeout = httpx.ReadTimeout("timed out")
    assert (from_exception(read_timeout).kind, from_exception(read_timeout).retryable) == (
        ErrorKind.UNKNOWN_OUTCOME,
        None,
    )


@pytest.mark.parametrize(
    ("status", "kind", "retryable"),
    [
        (400, "invalid_input", False), (401, "unauthenticated", False), (402, "payment_required", False),
        (403, "permission_denied", False), (404, "not_found", False), (408, "unknown_outcome", None),
        (409, "conflict", False), (413, "too_large", False), (415, "unsupported", False),
        (422, "invalid_input", False), (424, "upstream_error", None),
        (429, "rate_limited", True), (500, "internal", None),
        (502, "upstream_error", None), (503, "unavailable", True), (504, "unknown_outcome", None),
        (418, "invalid_input", False), (599, "unavailable", None),
    ],
)  # fmt: skip
def test_status_decides_without_a_body(status: int, kind: str, retryable: bool | None) -> None:
    """With no error body, the status table decides kind and retry advice; where the
    advice is not known, the hint says to check first instead of inviting a retry."""
    error = from_http(status)
    assert (error.kind.value, error.retryable, error.status_code) == (kind, retryable, status)
    if retryable is None and KINDS[error.kind].action in RETRY_ACTIONS:
        assert error.hint == NOT_KNOWN_HINT
    else:
        assert error.hint == KINDS[error.kind].hint  # no vendor row: the kind's own hint


def test_not_an_error_is_a_shape_error() -> None:
    """A 200 with an ordinary body, or a status that is not one, is refused."""
    with pytest.raises(ShapeError, match="HTTP 200 with no error"):
        from_http(200, None, b'{"ok": true, "summary": "s"}')
    with pytest.raises(ShapeError, match="expected an HTTP status"):
        from_http(99)
    assert from_http(500, None, b'{"ok": false}').kind is ErrorKind.INTERNAL


def test_retry_after_forms() -> None:
    """retry-after-ms, seconds, and the three HTTP date forms (as UTC); bad values give
    None, and a wait past MAX_WAIT (infinite included) is MAX_WAIT."""
    now = 784111777.0  # Sun, 06 Nov 1994 08:49:37 GMT
    assert retry_after({"retry-after-ms": "1500"}) == 1.5
    assert retry_after({"Retry-After": "120"}) == 120.0
    for date in (
        "Sun, 06 Nov 1994 08:50:37 GMT",
        "Sunday, 06-Nov-94 08:50:37 GMT",
        "Sun Nov  6 08:50:37 1994",
    ):
        assert retry_after({"Retry-After": date}, now=now) == 60.0
    for bad in ("-5", "nan", "-inf", "soon", "Sun, 06 Nov 1994 08:40:37 GMT"):
        assert retry_after({"Retry-After": bad}, now=now) is None
    assert retry_after([("retry-after-ms", "-1")]) is None
    for long in ("inf", "9" * 400, "1e300", "31536001", "Fri, 31 Dec 9999 23:59:59 GMT"):
        assert retry_after({"Retry-After": long}, now=now) == MAX_WAIT
    for long in ("inf", "9" * 400, "1e300", "31536000001"):
        assert retry_after({"retry-after-ms": long}) == MAX_WAIT
    assert retry_after(None) is None
    future = formatdate(now + 30, usegmt=True)
    assert retry_after({"retry-after": future}, now=now) == 30.0


def test_request_id_headers() -> None:
    """x-request-id and request-id, any case."""
    assert request_id({"X-Request-ID": "a"}) == "a"
    assert request_id([("Request-Id", "b")]) == "b"
    assert request_id({}) is None


def test_header_names_in_any_spelling_and_of_any_type() -> None:
    """Every spelling of a name is read alike, however many names a server sends; raw
    bytes are read as Latin-1 text, and a name that is neither (a number) is not one of
    those read, and does no harm."""
    from toolerrors import _http

    spellings = ("Retry-After", "retry-after", "RETRY-AFTER", "rEtRy-AfTeR")
    for seconds, name in enumerate(spellings, 1):
        assert retry_after({name: str(seconds)}) == float(seconds)
    many = {f"X-Trace-{i}": "v" for i in range(3_000)}
    assert retry_after({**many, "Retry-After": "9"}) == 9.0
    assert len(_http._NAMES) <= 1024  # the remembered spellings stay bounded
    assert retry_after({"Retry-After": "4"}) == 4.0
    assert _http._NAMES["Retry-After"] == "retry-after"  # and the usual ones come back
    assert retry_after([(7, "x"), (None, "5")]) is None
    assert request_id([(b"X-Request-Id", "a"), ("X-Request-Id", "b")]) == "b"


def test_raw_byte_headers_read_as_text() -> None:
    """ASGI's ``scope["headers"]`` and httpx's ``Headers.raw`` are (bytes, bytes) pairs:
    they say what the same headers as text say, Latin-1 as HTTP sends them."""
    raw = [(b"retry-after", b"7"), (b"X-Request-Id", b"req-\xe9"), (b"x-should-retry", b"false")]
    error = from_http(429, raw, b"")
    assert (error.kind, error.retryable, error.retry_after, error.request_id) == (
        ErrorKind.RATE_LIMITED, False, 7.0, "req-é",
    )  # fmt: skip
    assert retry_after([(bytearray(b"Retry-After"), bytearray(b"3"))]) == 3.0
    assert error == from_http(429, {"Retry-After": "7", "X-Request-Id": "req-é",
                                    "X-Should-Retry": "false"}, b"")  # fmt: skip


def test_a_status_is_any_int_but_a_bool() -> None:
    """``http.HTTPStatus`` reads as its number; a bool, a float or text is refused."""
    from http import HTTPStatus

    error = from_http(HTTPStatus.TOO_MANY_REQUESTS, {"Retry-After": "2"})
    assert (error.kind, error.status_code, error.code, type(error.status_code)) == (
        ErrorKind.RATE_LIMITED, 429, "429", int,
    )  # fmt: skip
    assert error == from_http(429, {"Retry-After": "2"})
    for bad in (True, 429.0, "429", 99, 1000, None):
        with pytest.raises(ShapeError) as caught:
            from_http(bad)  # type: ignore[arg-type]
        assert caught.value.where == "status"
        assert str(caught.value).startswith("status: expected an HTTP status from 100 to 999")


@pytest.mark.parametrize(
    ("status", "body", "kind", "retryable"),
    [
        # Qiniu's storage API (github.com/qiniu/developer.qiniu.com, docs/v6/api/
        # reference/codes.md): 631 a bucket that does not exist (github.com/qiniu/
        # nodejs-sdk/issues/207), 614 a resource that exists already (qiniu/qshell#263)
        (631, {"error": "no such bucket"}, ErrorKind.NOT_FOUND, False),
        (614, {"error": "file exists"}, ErrorKind.CONFLICT, False),
        (631, None, ErrorKind.INTERNAL, None),
    ],
)
def test_a_status_past_599_is_read_as_a_server_error(
    status: int, body: object, kind: ErrorKind, retryable: bool | None
) -> None:
    """RFC 9110, section 15: a client "SHOULD process the response as if it had a 5xx
    (Server Error) status code" when the status is past 599: its body's words first,
    else an internal error; the status is kept as sent."""
    error = from_http(status, {}, body)
    assert (error.kind, error.retryable, error.status_code) == (kind, retryable, status)


@pytest.mark.parametrize(
    ("headers", "got"),
    [
        (5, "int"),
        ("Retry-After: 5", "str"),
        ([("Retry-After",)], "item 0, ('Retry-After',)"),
        ([("X-Request-Id", "a"), 7], "item 1, 7"),
        ([("Retry-After", "1", "x")], "item 0, ('Retry-After', '1', 'x')"),
    ],
)
def test_headers_that_are_no_headers_are_refused_saying_why(headers: object, got: str) -> None:
    """Neither a mapping nor (name, value) pairs: a ShapeError at ``headers``, not the
    TypeError or ValueError of unpacking them."""
    with pytest.raises(ShapeError) as caught:
        from_http(429, headers, b"")  # type: ignore[arg-type]
    assert (caught.value.where, caught.value.problem) == (
        "headers", f"expected a mapping or (name, value) pairs, got {got}",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("status", "headers", "wait"),
    [
        (429, {"x-ratelimit-reset": "60"}, 60.0),
        (403, {"x-ratelimit-remaining": "0", "x-ratelimit-reset": "60"}, 60.0),
        (429, {"RateLimit-Remaining": "0", "RateLimit-Reset": "12"}, 12.0),
        (403, {"RateLimit": '"default";r=0;t=30'}, 30.0),
        (429, {"RateLimit": "limit=10, remaining=0, reset=7"}, 7.0),
        (429, {"x-ratelimit-reset": "9" * 400}, MAX_WAIT),
        (429, {"x-ratelimit-reset": "1e300"}, MAX_WAIT),
        (429, {"x-ratelimit-reset": "nan"}, None),
        (429, {"x-ratelimit-reset": "-60"}, None),
    ],
    ids=[
        "reset-seconds-429",
        "reset-seconds-403",
        "ietf-split",
        "ietf-structured",
        "ietf-draft-07",
        "reset-400-digits",
        "reset-far-off",
        "reset-nan",
        "reset-negative",
    ],
)
def test_a_rate_limit_reset_in_seconds_is_a_wait(
    status: int, headers: dict[str, str], wait: float | None
) -> None:
    """A reset that cannot be a recent Unix time is seconds from now, as Reddit and the
    IETF RateLimit draft send it; the draft's own headers are read too.  A reset past
    MAX_WAIT waits that long; a negative one or NaN gives no wait."""
    error = from_http(status, headers, b'{"message": "Slow down."}')
    assert (error.kind, error.retryable, error.retry_after) == (ErrorKind.RATE_LIMITED, True, wait)


def test_the_rate_limit_headers_are_read_once_and_only_when_one_is_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The common 429, with a Retry-After and no rate-limit header, reads no limits; one
    with them reads them once, for both the quota left and the reset."""
    from toolerrors import _http

    read: list[dict[str, str]] = []

    def limits(lowered: dict[str, str]) -> tuple[str | None, str | None]:
        read.append(dict(lowered))
        return real(lowered)

    real = _http._limits
    monkeypatch.setattr(_http, "_limits", limits)
    body = b'{"message": "Slow down."}'
    assert from_http(429, {"Retry-After": "7"}, body).retry_after == 7
    assert from_http(403, {"Retry-After": "7"}, body).kind is ErrorKind.RATE_LIMITED
    assert read == []
    limited = from_http(429, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "30"}, body)
    assert (limited.kind, limited.retry_after) == (ErrorKind.RATE_LIMITED, 30)
    assert read == [{"x-ratelimit-remaining": "0", "x-ratelimit-reset": "30"}]


def test_a_rate_limit_reset_as_a_unix_time_is_the_wait_until_then() -> None:
    """GitHub's ``x-ratelimit-reset`` is a Unix time: the wait is the time until then."""
    import time

    reset = int(time.time()) + 120
    error = from_http(403, {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)})
    assert error.retry_after is not None
    assert 100 < error.retry_after <= 120


@pytest.mark.parametrize(
    "headers",
    [{"x-ratelimit-remaining": "0"}, {"retry-after": "5"}, {"RateLimit": "r=0;t=5"}],
    ids=["remaining-0", "retry-after", "ietf"],
)
@pytest.mark.parametrize(
    "body",
    [
        {"error": "forbidden", "message": "View only."},
        {"ok": False, "code": "forbidden", "message": "No.", "retryable": False, "how_to_fix": "x"},
    ],
    ids=["use_tool", "pythe"],
)
def test_headers_never_make_a_body_s_stated_error_a_retryable_rate_limit(
    headers: dict[str, str], body: dict[str, object]
) -> None:
    """A 403 whose body states its own code (and ``retryable: false``) stays that error
    whatever rate-limit headers come with it; a body that says nothing lets them decide."""
    error = from_http(403, headers, body)
    assert (error.kind, error.retryable) == (ErrorKind.PERMISSION_DENIED, False)
    bare = from_http(403, headers, {"message": "You have exceeded a limit."})
    assert (bare.kind, bare.retryable) == (ErrorKind.RATE_LIMITED, True)


def test_an_empty_error_object_lets_the_status_decide() -> None:
    """``{"error": {}}`` says nothing: a 500 is ``internal`` (a fault inside, which may
    have run) and a 503 ``unavailable``."""
    assert (
        from_http(500, None, {"error": {}}).kind,
        from_http(500, None, {"error": {}}).retryable,
    ) == (ErrorKind.INTERNAL, None)
    assert from_http(503, None, {"error": {}}).kind is ErrorKind.UNAVAILABLE


def test_a_body_that_marks_an_error_gives_its_status_and_wait() -> None:
    """Telegram's Bot API: ``error_code`` is the HTTP status, which decides only where the
    words say nothing; ``parameters.retry_after`` (or a ``retry_after`` at the top) is the
    wait."""
    limited = parse(
        {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 7",
         "parameters": {"retry_after": 7}}
    )  # fmt: skip
    assert (limited.kind, limited.retryable, limited.retry_after, limited.status_code) == (
        ErrorKind.RATE_LIMITED, True, 7.0, 429
    )  # fmt: skip
    unauthorized = parse({"ok": False, "error_code": 401, "description": "Unauthorized"})
    assert (unauthorized.kind, unauthorized.status_code) == (ErrorKind.UNAUTHENTICATED, 401)
    words_first = parse({"ok": False, "error_code": 400, "description": "chat not found"})
    assert (words_first.kind, words_first.status_code) == (ErrorKind.NOT_FOUND, 400)
    top = parse({"ok": False, "description": "Flood control", "retry_after": 2.5})
    assert (top.kind, top.retry_after) == (ErrorKind.UNKNOWN, 2.5)
    bad_wait = parse({"ok": False, "description": "Flood", "parameters": {"retry_after": -1}})
    assert bad_wait.retry_after is None
    assert parse({"ok": False, "error_code": 200, "description": "Odd"}).status_code is None


def test_a_body_of_no_known_shape_gives_from_http_its_wait() -> None:
    """A 429 body of no known shape (Discord's without its ``global`` flag): its status
    decides, but the wait it states is more exact than its ``Retry-After`` (64.57 s, not
    65); a stated zero counts."""
    body = {"message": "You are being rate limited.", "retry_after": 64.57}
    limited = from_http(429, {"Retry-After": "65"}, body)
    assert (limited.kind, limited.retry_after, limited.message) == (
        ErrorKind.RATE_LIMITED, 64.57, "You are being rate limited."
    )  # fmt: skip
    assert from_http(429, {"Retry-After": "65"}, {**body, "retry_after": 0}).retry_after == 0.0
    assert from_http(429, {"Retry-After": "65"}, {"message": "m"}).retry_after == 65.0
    assert error_of(body) is None  # nothing in it marks an error: only its status does
    given = parse(body)  # given as an error, it is read by its words
    assert (given.kind, given.retryable, given.retry_after) == (ErrorKind.RATE_LIMITED, True, 64.57)
    with pytest.raises(ShapeError, match="expected an error of a known shape"):
        parse({"message": "m", "retry_after": 3})  # no word of an error


@pytest.mark.parametrize(
    ("status", "kind", "retryable"),
    [
        (401, ErrorKind.UNAUTHENTICATED, False),
        (403, ErrorKind.PERMISSION_DENIED, False),
        (404, ErrorKind.NOT_FOUND, False),
        (429, ErrorKind.RATE_LIMITED, True),
        (503, ErrorKind.UNAVAILABLE, True),
    ],
)
def test_status_decides_when_a_fastapi_body_says_less(
    status: int, kind: ErrorKind, retryable: bool
) -> None:
    """``{"detail": "..."}`` keeps its text as the message; the status gives the kind."""
    error = from_http(status, None, b'{"detail": "Nope."}')
    assert (error.kind, error.retryable, error.status_code, error.message) == (
        kind,
        retryable,
        status,
        "Nope.",
    )


def test_a_401_is_a_key_whatever_its_words_say_but_a_source_s_code_still_decides() -> None:
    """Words that say "forbidden" with a 401 read as the rejected key the status names
    (Typesense's, typesense/typesense#476); Dropbox's documented ``missing_scope`` with a
    401 stays a permission."""
    words = from_http(401, None, {"message": "Forbidden - a valid `x-typesense-api-key` header must be sent."})  # fmt: skip
    coded = from_http(401, None, {"error_summary": "missing_scope/", "error": {".tag": "missing_scope", "required_scope": "files.content.read"}})  # fmt: skip
    assert (words.kind, words.retryable) == (ErrorKind.UNAUTHENTICATED, False)
    assert (coded.kind, coded.retryable, coded.vendor) == (
        ErrorKind.PERMISSION_DENIED, False, "dropbox"
    )  # fmt: skip


def test_a_405_is_a_method_the_resource_does_not_take_whatever_not_allowed_says() -> None:
    """Vespa's document API's 405 (vespa-engine/vespa, DocumentV1ApiTest) says "not
    allowed" of a method: unsupported, as the status says, not a permission."""
    body = {
        "pathId": "/document/v1/space/music/docid/one",
        "message": "'PATCH' not allowed at '/document/v1/space/music/docid/one'. Allowed"
        " methods are: GET, POST, PUT, DELETE",
    }
    error = from_http(405, None, body)
    assert (error.kind, error.retryable, error.status_code) == (
        ErrorKind.UNSUPPORTED, False, 405
    )  # fmt: skip


def test_a_402_is_a_plan_s_limit_whatever_no_access_says() -> None:
    """Baserow's premium features answer a user without the licence with 402
    ``ERROR_FEATURE_NOT_AVAILABLE`` "The related user does not have access to these
    features." (bram2w/baserow, premium/backend/src/baserow_premium/license/
    exceptions.py): payment, as the status says, not a permission."""
    body = {
        "error": "ERROR_FEATURE_NOT_AVAILABLE",
        "detail": "The related user does not have access to these features.",
    }
    error = from_http(402, None, body)
    assert (error.kind, error.retryable, error.status_code) == (
        ErrorKind.PAYMENT_REQUIRED, False, 402
    )  # fmt: skip
    # Swetrix's suspended account asks to log in to resolve a billing issue (Swetrix/
    # swetrix, backend/apps/cloud/src/analytics/analytics.service.ts): a bill to pay
    suspended = {"statusCode": 402, "message": "The account that owns this site is"
                 " currently suspended, this is because of a billing issue. Please log in"
                 " to your account on Swetrix or contact our support to resolve the issue."}  # fmt: skip
    assert from_http(402, None, suspended).kind is ErrorKind.PAYMENT_REQUIRED


def test_a_body_s_err_text_is_read_by_its_words() -> None:
    """Figma's ``{"status": 403, "err": "Invalid token"}`` (risa-labs-inc/MagicPencil#2)
    is a token rejected, which says more than the 403."""
    error = from_http(403, None, {"status": 403, "err": "Invalid token"})
    assert (error.kind, error.retryable, error.status_code) == (
        ErrorKind.UNAUTHENTICATED, False, 403
    )  # fmt: skip


@pytest.mark.parametrize(
    "body",
    [
        {"detail": "Token invalid/expired"},  # authentik's
        {"reason": "accessDenied", "message": "Invalid authorization"},  # Clash of Clans'
    ],
)
def test_a_403_that_names_a_rejected_credential_is_unauthenticated(body: object) -> None:
    """A 403 whose words say the credential itself was rejected is a key to replace, not
    a permission to ask for: the words say more than the status."""
    error = from_http(403, None, body)
    assert (error.kind, error.retryable) == (ErrorKind.UNAUTHENTICATED, False)
    assert from_http(403, None, {"detail": "Forbidden"}).kind is ErrorKind.PERMISSION_DENIED


def test_s3s_slow_down_is_a_rate_limit_whatever_its_503() -> None:
    """S3's ``SlowDown`` (the Internet Archive's S3 interface's 503) asks to reduce the
    request rate: a rate limit, which its words say more exactly than the 503."""
    body = "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>"
    error = from_http(503, None, body)
    assert (error.kind, error.retryable) == (ErrorKind.RATE_LIMITED, True)


def test_an_s3_compatible_stores_xml_error_is_read_by_its_code() -> None:
    """Ceph RGW's 403 ``InvalidAccessKeyId`` (ceph/ceph#17736's boto trace) is a key
    rejected, which says more than the 403; an HTML page's words are not weighed."""
    body = (
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidAccessKeyId</Code>'
        "<RequestId>tx000000000000000000001-0059c21870-4a58-default</RequestId></Error>"
    )
    error = from_http(403, None, body)
    assert (error.kind, error.retryable) == (ErrorKind.UNAUTHENTICATED, False)
    page = "<html><body><h1>403</h1><p>Invalid API key? Ask your admin.</p></body></html>"
    assert from_http(403, None, page).kind is ErrorKind.PERMISSION_DENIED


_BOM = b"\xef\xbb\xbf"


def test_a_body_after_a_byte_order_mark_is_read_not_left_to_the_status() -> None:
    """A JSON body that opens with a UTF-8 byte order mark (as .NET services send it) is
    read: an out-of-credit 503 is not retried, and an error in a 200 is an error."""
    quota = {
        "error": {
            "message": "You exceeded your current quota.",
            "type": "insufficient_quota",
            "code": "insufficient_quota",
            "param": None,
        }
    }
    error = from_http(503, {}, _BOM + json.dumps(quota).encode())
    assert (error.kind, error.retryable, error.vendor, error.code) == (
        ErrorKind.PAYMENT_REQUIRED, False, "openai", "insufficient_quota",
    )  # fmt: skip
    body = "\ufeff" + json.dumps({"error": "rate_limited", "message": "slow"})
    for form in (body, body.encode()):
        error = from_http(200, {}, form)
        assert (error.kind, error.retryable, error.vendor, error.code) == (
            ErrorKind.RATE_LIMITED, True, "use_tool", "rate_limited",
        )  # fmt: skip


def test_retry_after_edge_cases() -> None:
    """A date past year 9999 gives None; an invalid retry-after-ms leaves Retry-After."""
    assert toolerrors._http.retry_after({"Retry-After": "Fri, 01 Jan 10000 00:00:00 GMT"}) is None
    assert toolerrors._http.retry_after({"retry-after-ms": "soon", "Retry-After": "7"}) == 7.0
    assert toolerrors._http.retry_after({"retry-after-ms": "-5", "Retry-After": "7"}) == 7.0
    assert toolerrors._http.retry_after({"retry-after-ms": "1500", "Retry-After": "7"}) == 1.5


def test_advice_from_a_header_is_not_lost_when_written_back_to_the_body_s_source() -> None:
    """Anthropic's ``api_error`` reads as retried; beside ``x-should-retry: false`` it is
    not. Written back as Anthropic's, the body alone would invite the retry, so it is
    written as an error from elsewhere is: one that reads back as never retried."""
    body = {"type": "error", "error": {"type": "api_error", "message": "Internal server error"}}
    error = from_http(500, {"x-should-retry": "false"}, json.dumps(body).encode())
    assert (error.vendor, error.code, error.retryable) == ("anthropic", "api_error", False)
    written = toolerrors.convert(error, "anthropic")
    assert written == {
        "type": "error",
        "error": {"type": "invalid_request_error", "message": "Internal server error"},
    }
    assert parse(written).retryable is False
    assert parse(error.to("anthropic")).retryable is False  # the wire model, likewise
    assert toolerrors.convert(parse(body), "anthropic") == body  # from the body alone, as it came


def test_waits_in_milliseconds_and_vendor_reset_headers_are_read() -> None:
    """``retry_after_ms`` in a body, and a vendor's own ``X-<Vendor>-RateLimit-Reset``
    or ``X-Rate-Limit-Reset``, give the wait."""
    body = b'{"errcode": "M_LIMIT_EXCEEDED", "error": "Too many requests", "retry_after_ms": 2000}'
    assert from_http(429, None, body).retry_after == 2.0
    assert from_http(429, None, b'{"message": "Slow", "retryAfterMs": 1500}').retry_after == 1.5
    for name in ("X-Acme-RateLimit-Reset", "X-Rate-Limit-Reset", "x-acme-rate-limit-reset"):
        assert from_http(429, {name: "30"}, b'{"message": "Slow"}').retry_after == 30.0
    spent = {"X-Acme-RateLimit-Remaining": "0", "X-Acme-RateLimit-Reset": "12"}
    error = from_http(403, spent, b"")
    assert (error.kind, error.retry_after) == (ErrorKind.RATE_LIMITED, 12.0)
    assert from_http(429, {"X-Acme-Limit-Reset": "30"}, b"").retry_after is None


def test_an_unsuccessful_envelope_s_data_says_what_went_wrong() -> None:
    """Imgur's ``{"data": {"error"}, "success": false}``: its words, a service over
    capacity that says to try again later, beat the 403 it came with
    (github.com/mikf/gallery-dl/issues/910); a successful envelope's data is not read."""
    body = {
        "data": {"error": "Imgur is temporarily over capacity. Please try again later."},
        "success": False,
        "status": 403,
    }
    error = from_http(403, {}, body)
    assert (error.kind, error.retryable) == (ErrorKind.UNAVAILABLE, True)
    done = {"data": {"error": "Imgur is temporarily over capacity."}, "success": True}
    assert from_http(403, {}, done).kind is ErrorKind.PERMISSION_DENIED


def test_a_problem_s_words_say_more_than_a_bare_400() -> None:
    """Mailchimp's problem details: "Member Exists", "already a list member"
    (github.com/mailchimp/APIv3-examples/issues/49)."""
    body = {
        "type": "http://developer.mailchimp.com/documentation/mailchimp/guides/error-glossary/",
        "title": "Member Exists",
        "status": 400,
        "detail": "test1@test.cz is already a list member. Use PUT to insert or update list"
        " members.",
        "instance": "85c2fcb7-c094-4d00-85d8-3db71bff8622",
    }
    error = from_http(400, {}, body)
    assert (error.kind, error.retryable) == (ErrorKind.CONFLICT, False)


def test_a_412_is_a_condition_that_no_longer_holds() -> None:
    """Precondition Failed: the resource changed since it was read (Kinto's "Resource was
    modified meanwhile", github.com/mozilla-services/cliquet docs, errors.rst)."""
    body = {
        "code": 412,
        "errno": 114,
        "error": "Precondition Failed",
        "message": "Resource was modified meanwhile",
        "info": "https://server/docs/api.html#errors",
    }
    error = from_http(412, {}, body)
    assert (error.kind, error.retryable) == (ErrorKind.CONFLICT, False)
    assert from_http(412, {}, None).kind is ErrorKind.CONFLICT


def test_a_conflict_with_retry_after_may_be_retried_after_it() -> None:
    """pretix's 409 "Concurrent request with idempotency key." with ``Retry-After: 5``
    (pretix's REST API docs): the server says when the conflict clears; without the
    header a conflict is not retried."""
    body = {"detail": "Concurrent request with idempotency key."}
    error = from_http(409, {"Retry-After": "5"}, body)
    assert (error.kind, error.retryable, error.retry_after) == (ErrorKind.CONFLICT, True, 5.0)
    assert from_http(409, {}, body).retryable is False
    taken = from_http(400, {"Retry-After": "5"}, {"message": "name already exists"})
    assert (taken.kind, taken.retryable) == (ErrorKind.CONFLICT, False)
