"""The mapping's invariants, over generated payloads of every code of every vendor."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolerrors import (
    MAX_DEPTH,
    MAX_WAIT,
    TARGETS,
    VENDORS,
    ErrorKind,
    ShapeError,
    UnifiedError,
    convert,
    error_of,
    from_http,
    parse,
    should_retry,
)
from toolerrors._table import RETRY_ACTIONS
from toolerrors._words import read_words
from toolerrors.sources import registered
from toolerrors.strategies import error_payloads, near_misses

RANK = {False: 0, None: 1, True: 2}
MANY = settings(max_examples=1000, deadline=None)


def _exact(value: object) -> str:
    """JSON text with sorted keys: tells 30 from 30.0 and absent from null."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@MANY
@given(error_payloads())
def test_lossless_at_home(payload: dict[str, object]) -> None:
    """Parsed and converted back to its own vendor, a payload is the same JSON."""
    error = parse(payload)
    assert error.vendor is not None
    assert _exact(convert(payload, to=error.vendor)) == _exact(payload)  # type: ignore[arg-type]


@MANY
@given(error_payloads(extra_fields=False))
def test_generated_payloads_are_strictly_valid(payload: dict[str, object]) -> None:
    """Without unknown fields, every generated payload passes strict parsing."""
    assert parse(payload, strict=True) == parse(payload)


@MANY
@given(error_payloads(), st.sampled_from(VENDORS))
def test_never_more_retryable_after_conversion(payload: dict[str, object], target: str) -> None:
    """Converted anywhere and read back, an error is never more retryable than it was."""
    before = parse(payload)
    after = parse(convert(payload, to=target))  # type: ignore[arg-type]
    assert RANK[after.retryable] <= RANK[before.retryable]
    if before.retryable is False:
        assert after.retryable is False or target == "use_tool"
        assert not should_retry(after, idempotent=True)
    assert should_retry(after, idempotent=True) <= should_retry(before, idempotent=True)


SAYING: tuple[str, ...] = (
    "rate limit exceeded",
    "the request timed out",
    "quota exceeded",
    "not found",
    "already exists",
    "forbidden",
    "service unavailable",
    "internal server error",
    "invalid value",
    "rejected",
    "HTTP 503",
    "GET https://api.example.com/x: 404 Not Found",
    "Payment declined: 500 Euros exceeds your daily limit",
    "Transfer rejected (503 Pounds is over the daily limit)",
    "Address not found: 429 Main Street",
    "Deliver to 503 Service Road, try again in 15 days",
    '{"error": "rate_limited", "message": "Slow down."}',
    '{"ok": false, "code": "http_503", "message": "Down.", "retryable": true, "how_to_fix": "Wait."}',
    '{"jsonrpc": "2.0", "id": 1, "error": {"code": 429, "message": "Too Many Requests"}}',
    '{"type": "about:blank", "title": "Service Unavailable", "status": 503}',
    "Charged $503.00 to the card ending 4290.",
    "Sent 429 EUR to 503 Main Street, Springfield.",
    "Connected to 10.0.5.3:503, then to [2001:db8::429]:8429.",
    "POST https://api.example.com/v1/orders/503/items/429 gave no answer",
    json.dumps(
        {
            "error": {
                "code": 503,
                "message": "The service is currently unavailable.",
                "status": "UNAVAILABLE",
            }
        }
    ),
    json.dumps([{"error": {"code": 429, "message": "Slow down.", "status": "RESOURCE_EXHAUSTED"}}]),
    json.dumps({"error": "rate_limited", "message": "Slow down."}),
    json.dumps({"code": "RATE_LIMITED", "message": "Slow down.", "retryable": True}),
    json.dumps(
        {"ok": False, "code": "unavailable", "message": "m", "retryable": True, "how_to_fix": "h"}
    ),
    json.dumps({"error": {"message": "Overloaded", "type": "server_error", "code": None}}),
    json.dumps({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal"}}),
)
"""Messages that say a kind or an HTTP status of their own, whatever the error's kind:
in words, in amounts and addresses that hold a status's digits, and as the JSON text
of another source's error (an upstream 503's body quoted as the message)."""


@pytest.mark.parametrize("target", TARGETS)
def test_no_message_makes_a_conversion_more_retryable(target: str) -> None:
    """Every kind, with each retry advice and a message whose words or stated status say
    something else, written to ``target`` and read back: never more retryable than it
    was, an unknown outcome never a plain retry, and a refusal never retried."""
    for kind, retryable, message in itertools.product(ErrorKind, (False, None, True), SAYING):
        before = UnifiedError(kind, message, retryable=retryable)
        after = parse(convert(before, to=target))  # type: ignore[arg-type]
        said = (kind.value, retryable, message, after.kind.value, after.retryable)
        assert RANK[after.retryable] <= RANK[retryable], said
        if kind is ErrorKind.UNKNOWN_OUTCOME and retryable is not True:
            assert after.retryable is not True, said
        if kind is ErrorKind.REFUSED and retryable is False:
            assert after.retryable is False, said


@pytest.mark.parametrize("vendor", VENDORS)
def test_written_at_home_an_error_is_never_more_retryable_than_it_is(vendor: str) -> None:
    """An error of ``vendor``'s, with each of its codes, each kind and retry advice that
    says less than the code does (as `from_http` reads it beside ``x-should-retry:
    false``, or as a caller sets it), written to ``vendor`` and read back: never more
    retryable than it is, and a refusal never retried."""
    codes = sorted({row.code for row in registered()[vendor].rows})
    for code, kind, retryable in itertools.product(codes, ErrorKind, (False, None)):
        before = UnifiedError(kind, "Plain words.", retryable=retryable, vendor=vendor, code=code)
        after = parse(convert(before, to=vendor))  # type: ignore[arg-type]
        said = (code, kind.value, retryable, after.kind.value, after.retryable)
        assert RANK[after.retryable] <= RANK[retryable], said


@MANY
@given(error_payloads(kind=ErrorKind.UNKNOWN_OUTCOME), st.sampled_from(VENDORS))
def test_unknown_outcome_never_becomes_a_plain_retry(
    payload: dict[str, object], target: str
) -> None:
    """Whatever the vendor, an unknown outcome is retried only when the caller says idempotent."""
    after = parse(convert(payload, to=target))  # type: ignore[arg-type]
    assert not should_retry(after)
    assert after.action not in RETRY_ACTIONS


@MANY
@given(error_payloads(kind=ErrorKind.REFUSED), st.sampled_from(VENDORS))
def test_refusal_never_invites_another_try(payload: dict[str, object], target: str) -> None:
    """A refusal converted anywhere is not retryable and does not suggest a retry."""
    after = parse(convert(payload, to=target))  # type: ignore[arg-type]
    assert after.retryable is False
    assert not should_retry(after, idempotent=True)
    assert after.action not in RETRY_ACTIONS


@MANY
@given(error_payloads(), st.sampled_from(VENDORS))
def test_an_error_never_becomes_a_success(payload: dict[str, object], target: str) -> None:
    """Every conversion is still an error in the target's shape."""
    converted = convert(payload, to=target)  # type: ignore[arg-type]
    assert converted.get("ok") is not True
    found = error_of(converted)
    assert found is not None and found.vendor == target


@MANY
@given(near_misses())
def test_near_misses_are_shape_errors(payload: dict[str, object]) -> None:
    """Right keys, wrong types or a missing field: strictly always a ShapeError; leniently
    an error where a marker says so, and error_of never raises."""
    try:
        parse(payload, strict=True)
    except ShapeError:
        pass
    else:
        raise AssertionError(f"accepted {payload!r}")
    found = error_of(payload)  # never a ShapeError on a tool result in lenient mode
    if found is not None:
        assert parse(payload) == found


def test_every_code_of_every_vendor_is_generated() -> None:
    """The strategy has payloads of every code the table reads (so the properties cover
    them all), each reading as its code: `error_payloads` draws one branch a row, and each
    branch is drawn here rather than left to chance (drawn by chance, which codes a few
    hundred examples reach has changed with the tests run before in the process)."""
    from toolerrors.strategies import _extras, _payloads

    missed: list[tuple[str, str, str | None]] = []
    for source in registered().values():
        for row in source.rows:
            if not row.reads:
                continue

            @settings(max_examples=2, deadline=None, derandomize=True, database=None)
            @given(_payloads(source, row, _extras))
            def read(payload: dict[str, object]) -> None:
                error = parse(payload)
                status = error.status_code if error.code == "INVALID_INPUT" else None
                found = (error.code, status if status == 404 else None)
                if found != (row.code, row.when_status):  # noqa: B023
                    missed.append((source.name, row.code, error.code))  # noqa: B023

            read()
    assert missed == []


_CODES = st.sampled_from(["not_done_yet", "refused", "teapot", ""]) | st.text(max_size=12)
_UNKNOWN_CODES = st.one_of(
    st.builds(lambda code, message: {"error": code, "message": message}, _CODES, st.text()),
    st.builds(
        lambda code, message, retryable: {
            "ok": False,
            "code": code,
            "message": message,
            "retryable": retryable,
            "how_to_fix": "h",
        },
        _CODES,
        st.text(),
        st.booleans(),
    ),
    st.builds(lambda code, message: {"code": code, "message": message}, _CODES, st.text()),
)


@MANY
@given(_UNKNOWN_CODES)
def test_lossless_at_home_with_any_code(payload: dict[str, object]) -> None:
    """Codes no table knows, the check-held keys as tool-error codes among them, come back
    unchanged; a tool error coded ``refused`` never turns into the check's outcome."""
    error = error_of(payload)
    if error is None:  # a bare {code, message} whose code is not Configure's is a result,
        # and so is an empty ``error``
        assert not payload.get("error") and "ok" not in payload
        return
    if error.vendor is None:  # an ``error`` none of use_tool's codes names no system
        assert payload["error"] not in registered()["use_tool"].codes
        assert error.extra == payload  # kept whole, as read
        return
    assert _exact(convert(payload, to=error.vendor)) == _exact(payload)  # type: ignore[arg-type]


@MANY
@given(error_payloads())
def test_to_dict_reads_back_equal(payload: dict[str, object]) -> None:
    """A unified error kept as a dict (to_dict) reads back as the same error."""
    error = parse(payload)
    assert parse(error.to_dict()) == error
    assert error_of(error.to_dict()) == error


def test_strict_convert_writes_only_what_strict_reading_accepts() -> None:
    """For every payload of every source and every target: whatever ``convert(...,
    strict=True)`` writes, ``parse(..., strict=True)`` reads (an approval or refusal with
    no owner and reason is never written as a use_tool check's outcome off its template)."""
    from toolerrors import TARGETS, convert, parse
    from toolerrors.testing import every_payload

    refused = []
    for case, payload in every_payload():
        for target in TARGETS:
            wire = convert(payload, to=target, strict=True)
            try:
                parse(wire, strict=True)
            except ShapeError as exc:
                refused.append((case, target, str(exc)))
    assert refused == []


_FOREVER = "9" * 400
LONG_WAITS: dict[str, object] = {
    "text": {"isError": True, "content": [{"type": "text", "text": f"Rate limited. Try again in {_FOREVER} seconds."}]},
    "text-in-days": {"isError": True, "content": [{"type": "text", "text": "Rate limited. Try again in 400 days."}]},
    "near-miss-text": {"error": f"Too many requests, retry after {_FOREVER}"},
    "near-miss-field": {"error": "Too many requests", "retry_after": 10**400},
    "telegram-text": {"ok": False, "error_code": 429, "description": f"Too Many Requests: retry after {_FOREVER}"},
    "google-duration": {"error": {"code": 429, "message": "Slow down.", "status": "RESOURCE_EXHAUSTED", "details": [
        {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": f"{_FOREVER}s"}]}},
    "dropbox-field": {"error_summary": "too_many_requests/", "error": {
        "reason": {".tag": "too_many_requests"}, "retry_after": 10**400}},
}  # fmt: skip
"""Payloads that state a wait past any bound, one for each place a wait is read."""


@pytest.mark.parametrize("payload", LONG_WAITS.values(), ids=LONG_WAITS)
def test_a_wait_past_the_maximum_is_the_maximum_and_goes_anywhere(payload: object) -> None:
    """A stated wait past `MAX_WAIT` reads as `MAX_WAIT` (never none, never an earlier
    one); the error converts to every target as finite JSON and reads back from its dict."""
    error = parse(payload)
    assert (error.kind, error.retry_after) == (ErrorKind.RATE_LIMITED, MAX_WAIT)
    for target in TARGETS:
        json.dumps(convert(error, to=target), allow_nan=False)  # type: ignore[arg-type]
    assert UnifiedError.from_dict(json.loads(json.dumps(error.to_dict()))) == error


@pytest.mark.parametrize(
    ("status", "headers"),
    [
        (429, {"Retry-After": _FOREVER}),
        (429, {"Retry-After": "Fri, 31 Dec 9999 23:59:59 GMT"}),
        (429, {"retry-after-ms": "inf"}),
        (429, {"x-ratelimit-reset": _FOREVER}),
        (403, {"x-ratelimit-remaining": "0", "x-ratelimit-reset": "1e300"}),
    ],
    ids=["retry-after", "retry-after-date", "retry-after-ms", "reset", "reset-unix"],
)
def test_a_header_wait_past_the_maximum_is_the_maximum(
    status: int, headers: dict[str, str]
) -> None:
    """The same for the wait an HTTP response's headers state."""
    error = from_http(status, headers, b'{"message": "Slow down."}')
    assert (error.kind, error.retry_after) == (ErrorKind.RATE_LIMITED, MAX_WAIT)
    assert UnifiedError.from_dict(error.to_dict()) == error


_SAID = st.sampled_from(
    ["Payment declined", "Transfer rejected", "Address not found", "Request timed out",
     "Invalid amount", "Permission denied", "Forbidden", "Already exists"]
)  # fmt: skip
_NUMBERED = st.sampled_from(
    ["Euros", "Pounds", "Main Street", "Oak Avenue", "Users", "Items", "Dollars", "Tokens"]
)
_JOINED = st.sampled_from([": {n} {w}", " ({n} {w})", "\n{n} {w}", " - {n} {w}", ": {w} {n}"])


def _text_payloads(text: str) -> tuple[dict[str, object] | str, ...]:
    """``text`` where each reader of texts meets it: an MCP result's, a JSON-RPC error's
    (an application's code and -32603), a body of no known shape's, a Telegram
    description, the TypeScript MCP SDK's error text, and an MCP result's text with an
    object after it."""
    return (
        {"isError": True, "content": [{"type": "text", "text": text}]},
        {"error": text},
        {"jsonrpc": "2.0", "id": 1, "error": {"code": 1234, "message": text}},
        {"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": text}},
        {"ok": False, "error_code": 400, "description": text},
        f"MCP error -32603: {text}",
        {"isError": True, "content": [{"type": "text", "text": f"Error: {text} - {{}}"}]},
    )


@MANY
@given(_SAID, st.integers(400, 599), _NUMBERED, _JOINED, st.booleans())
def test_no_number_in_a_text_makes_it_more_retryable(
    said: str, number: int, word: str, joined: str, first: bool
) -> None:
    """A text whose words say a kind, with an amount, an address or a count in it that
    looks like an HTTP status, is never read as more retryable than the same words
    without it, wherever a text is read; where the words alone decide (an MCP result, a
    body of no known shape), never more than they say."""
    number_part = joined.format(n=number, w=word)
    text = f"{number_part.lstrip(': -(')} {said}" if first else f"{said}{number_part}"
    words = read_words(text)
    assert words is not None
    for numbered, plain in zip(_text_payloads(text), _text_payloads(said), strict=True):
        error, without = parse(numbered), parse(plain)
        assert RANK[error.retryable] <= RANK[without.retryable], (numbered, error)
    for payload in _text_payloads(text)[:2]:
        assert RANK[parse(payload).retryable] <= RANK[words[1]], payload


@settings(max_examples=200, deadline=None)
@given(error_payloads(), st.integers(1, MAX_DEPTH), st.booleans())
def test_an_error_nested_in_responses_reads_as_itself(
    payload: dict[str, object], levels: int, as_text: bool
) -> None:
    """A failed tool result whose structured content is an error, as the result of
    responses nested up to `MAX_DEPTH` deep, reads as that error: never more retryable,
    nor another kind, for being wrapped."""
    alone = parse(payload)
    nested: object = {"isError": True, "structuredContent": payload, "content": []}
    for index in range(levels):
        nested = {"jsonrpc": "2.0", "id": index, "result": nested}
    read = parse(json.dumps(nested) if as_text else nested)
    assert (read.kind, read.retryable, read.retry_after, read.code, read.vendor) == (
        alone.kind, alone.retryable, alone.retry_after, alone.code, alone.vendor,
    )  # fmt: skip


_JSON_SAID = st.sampled_from(
    ['{"error": {"type": "rate_limit_error", "message": "m"}}',
     '{"ok": false, "code": "http_503", "message": "m", "retryable": true, "how_to_fix": "h"}',
     '{"code": "SERVICE_UNAVAILABLE", "message": "m", "retryable": true}',
     '{"error": "not_found", "message": "m"}']
)  # fmt: skip


@MANY
@given(_SAID, _JSON_SAID, st.sampled_from(["Error: ", "failed - ", "MCP error -32603: x "]))
def test_json_in_a_text_is_never_more_retryable_than_the_text(
    said: str, document: str, prefix: str
) -> None:
    """An object embedded in a failed tool's text never makes it more retryable than the
    text's own words (the object's included) or, after an McpError's mark, its code."""
    text = f"{prefix}{said}: {document}"
    error = parse({"isError": True, "content": [{"type": "text", "text": text}]})
    bound = read_words(text)
    assert bound is not None
    limit = None if prefix.startswith("MCP") else bound[1]
    assert RANK[error.retryable] <= RANK[limit], (text, error)
