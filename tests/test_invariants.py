"""The mapping's invariants, over generated payloads of every code of every vendor."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolerrors import (
    TARGETS,
    VENDORS,
    ErrorKind,
    ShapeError,
    UnifiedError,
    convert,
    error_of,
    parse,
    should_retry,
)
from toolerrors._table import RETRY_ACTIONS
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
)
"""Messages that say a kind or an HTTP status of their own, whatever the error's kind."""


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
    """The strategy reaches every code the table reads (so the properties cover them all):
    drawn by source and kind, so that a code shared by few rows is not left to chance."""
    from toolerrors._table import ROWS

    groups: dict[tuple[str, ErrorKind], set[tuple[str, int | None]]] = {}
    for row in ROWS:
        if row.reads:
            groups.setdefault((row.vendor, row.kind), set()).add((row.code, row.when_status))
    for (vendor, kind), expected in groups.items():
        seen: set[tuple[str, int | None]] = set()

        @settings(max_examples=40 * len(expected), deadline=None, derandomize=True, database=None)
        @given(error_payloads(vendor, kind))
        def collect(payload: dict[str, object]) -> None:
            error = parse(payload)
            status = error.status_code if error.code == "INVALID_INPUT" else None
            seen.add((error.code or "", status if status == 404 else None))  # noqa: B023

        collect()
        assert expected <= seen, (vendor, kind)


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
