"""toolerrors.testing: assertions that say what differs, and factories for every code."""

from __future__ import annotations

import asyncio

import pytest

from conftest import PYTHE_TABLE
from toolerrors import ErrorKind, convert, error_of, from_http, parse
from toolerrors._table import ROWS
from toolerrors.configure import ConfigureError
from toolerrors.sources import registered
from toolerrors.testing import (
    ABSENT,
    FakeClock,
    assert_error,
    assert_shape,
    configure_error,
    every_payload,
    http_response,
    not_done_yet,
    payload,
    pythe_error,
    refused,
    use_tool_error,
)
from toolerrors.use_tool import Reason

PYTHE_CODES = [row[0] for row in PYTHE_TABLE]


def test_assert_error_passes_and_returns_the_error() -> None:
    """A matching payload passes; the parsed error comes back."""
    error = assert_error(
        pythe_error("http_429"),
        kind="rate_limited",
        vendor="pythe",
        code="http_429",
        retryable=True,
        status_code=429,
    )
    assert error.kind is ErrorKind.RATE_LIMITED


def test_assert_error_names_every_difference() -> None:
    """Each differing field is named with expected and actual values."""
    with pytest.raises(AssertionError) as caught:
        assert_error(
            pythe_error("http_429"),
            kind="unavailable",
            retryable=False,
            status_code=429,
            action="retry",
        )
    assert str(caught.value) == (
        "pythe http_429 error differs in 3 field(s):\n"
        "  kind: expected 'unavailable', got 'rate_limited'\n"
        "  retryable: expected False, got True\n"
        "  action: expected 'retry', got 'wait_and_retry'"
    )


def test_assert_error_tells_none_from_false() -> None:
    """retryable None (not known) is not False."""
    with pytest.raises(AssertionError, match="retryable: expected False, got None"):
        assert_error(configure_error("TIMEOUT"), retryable=False)
    assert_error(configure_error("TIMEOUT"), retryable=None, kind=ErrorKind.UNKNOWN_OUTCOME)


def test_assert_error_on_a_non_error_says_what_it_was() -> None:
    """A success envelope fails with what it was."""
    with pytest.raises(AssertionError, match=r"not a tool error: .*success envelope"):
        assert_error({"ok": True, "summary": "s"}, kind="unknown")
    with pytest.raises(TypeError, match="can't check colour"):
        assert_error(use_tool_error(), colour="red")


def test_assert_shape_points_at_the_field() -> None:
    """An invalid payload fails naming the field; lenient accepts unknown fields."""
    with pytest.raises(
        AssertionError,
        match=r"not a valid pythe payload: /code: unknown code 'x'; expected one of 'ambiguous', ",
    ):
        assert_shape(pythe_error("internal", code="x"), "pythe")
    with pytest.raises(AssertionError, match=r"/extra_field: |unknown field"):
        assert_shape(use_tool_error(extra_field=1), "use_tool")
    assert (
        assert_shape(use_tool_error(extra_field=1), "use_tool", strict=False).error == "not_found"
    )


def test_factories_have_realistic_defaults_and_overrides() -> None:
    """Defaults come from the vendors' documentation; keywords override; ABSENT removes."""
    assert pythe_error("http_429") == {
        "ok": False,
        "code": "http_429",
        "message": "Rate limit.",
        "retryable": True,
        "how_to_fix": "Retryable.",
    }
    assert configure_error("INVALID_INPUT", statusCode=404, type="resource_missing", suggestedAction=ABSENT) == {
        "code": "INVALID_INPUT", "message": "SDK-side or API-side input validation failed.", "statusCode": 404,
        "retryable": False, "requestId": "req_0123456789abcdef", "type": "resource_missing",
    }  # fmt: skip
    assert configure_error("TIMEOUT") == {"code": "TIMEOUT", "message": "The request timed out."}
    assert not_done_yet("Zoë", Reason.UNNAMED_RECIPIENT) == {
        "not_done_yet": "Check with Zoë first: it goes to someone the owner hasn’t named. Ask in your reply, saying what you would do. Once they say yes, do it again."
    }
    assert parse(refused()).kind is ErrorKind.REFUSED
    assert use_tool_error("not_connected", card={"app": "gmail"}) == {
        "error": "not_connected",
        "message": "The app isn’t connected.",
        "card": {"app": "gmail"},
    }
    with pytest.raises(ValueError, match="unknown pythe code 'teapot'"):
        pythe_error("teapot")
    with pytest.raises(ValueError, match="check-held outcome"):
        use_tool_error("refused")


def test_every_payload_is_strictly_valid_and_covers_every_code() -> None:
    """every_payload gives one valid payload per code of every vendor, plus the special cases."""
    cases = dict(every_payload())
    reading = [(row.vendor, row.code) for row in ROWS if row.reads and row.when_status is None]
    special = [case for source in registered().values() for case in source.cases]
    assert len(cases) == len(reading) + len(special)
    assert [case_id for case_id in cases if case_id.startswith("configure-INVALID_INPUT")] == [
        "configure-INVALID_INPUT",
        "configure-INVALID_INPUT-404",
    ]
    for case_id, wire in cases.items():
        vendor = case_id.split("-")[0]
        assert_shape(wire, vendor)  # type: ignore[arg-type]
        assert_error(wire, vendor=vendor)
    assert_error(cases["configure-INVALID_INPUT-404"], kind="not_found", status_code=404)
    assert_error(cases["configure-RATE_LIMITED-otp_blocked"], kind="rate_limited", retryable=False)
    assert payload("use_tool", "not_done_yet") == not_done_yet()
    assert list(dict(every_payload("pythe"))) == [f"pythe-{code}" for code in PYTHE_CODES]


def test_assert_error_reads_a_raised_error() -> None:
    """A ``ToolFailure`` (or any exception ``from_exception`` reads) is checked like a
    payload, in the library's words; kinds may be given as text."""
    from toolerrors import parse

    failure = parse(refused("Ana")).exception()
    assert assert_error(failure, kind="refused", owner="Ana").vendor == "use_tool"
    assert assert_error(TimeoutError("slow"), kind="unknown_outcome", retryable=None).code == (
        "builtins.TimeoutError"
    )
    with pytest.raises(AssertionError, match=r"kind: expected 'approval_required', got 'refused'"):
        assert_error(failure, kind="approval_required")


def test_assert_error_matches_a_reason_with_either_apostrophe() -> None:
    """``hasn't`` matches use_tool's ``hasn’t``, as parsing reads either."""
    held = not_done_yet("Ana", Reason.UNNAMED_RECIPIENT)
    assert assert_error(held, reason="it goes to someone the owner hasn't named").reason is (
        Reason.UNNAMED_RECIPIENT
    )


def test_error_payloads_takes_a_kind_as_text() -> None:
    """``error_payloads(kind="rate_limited")`` is the enum's strategy; an unknown kind is
    refused by name."""
    pytest.importorskip("hypothesis")
    from toolerrors.strategies import error_payloads

    error_payloads(kind="rate_limited")
    with pytest.raises(ValueError, match="unknown kind 'rate_limit'"):
        error_payloads(kind="rate_limit")


def test_fake_clock_is_fake_time_in_one_argument_whose_waits_use_up_the_budget() -> None:
    """``Retry(clock=FakeClock())`` waits at once, records each wait, and moves the clock,
    so a second 40 s wait does not fit a 60 s budget; faking only ``sleep`` leaves the
    real clock standing and both waits are taken."""
    from toolerrors.retry import Retry, RetryPolicy

    policy = RetryPolicy(attempts=5, rate_limit_retries=5, max_time=60)
    calls: list[int] = []

    def limited() -> dict[str, object]:
        calls.append(1)
        return configure_error("RATE_LIMITED", retryAfter=40)

    clock = FakeClock()
    Retry(policy, clock=clock).call(limited)
    assert (clock.sleeps, clock.now, len(calls)) == ([40.0], 40.0, 2)
    waited: list[float] = []
    Retry(policy, sleep=waited.append).call(limited)
    assert waited == [40.0, 40.0, 40.0, 40.0]  # the time budget never ran out


def test_fake_clock_serves_acall_too() -> None:
    """Under ``acall`` the fake clock's sync ``sleep`` is waited on as it is."""

    from toolerrors.retry import Retry, RetryPolicy
    from toolerrors.testing import FakeClock

    async def limited() -> dict[str, object]:
        return configure_error("RATE_LIMITED", retryAfter=3)

    clock = FakeClock()
    asyncio.run(Retry(RetryPolicy(attempts=3), clock=clock).acall(limited))
    assert clock.sleeps == [3.0]


def test_retry_records_each_attempt_with_its_delay_and_key() -> None:
    """``Retry(record=[...])`` gets one `Attempt` per failure: its error, the wait before the
    next attempt (``None`` where it gave up) and the idempotency key it was sent with."""
    from toolerrors.retry import Attempt, Retry, RetryPolicy

    record: list[Attempt] = []

    def limited(*, idempotency_key: str) -> dict[str, object]:
        return configure_error("RATE_LIMITED", retryAfter=2)

    Retry(RetryPolicy(attempts=5), idempotency_key="k-1", clock=FakeClock(), record=record).call(
        limited
    )
    assert [(a.error.kind.value, a.delay, a.key) for a in record] == [
        ("rate_limited", 2.0, "k-1"),
        ("rate_limited", None, "k-1"),  # a rate limit gets one more attempt, not a loop
    ]


def test_a_policy_with_its_own_random_gives_the_same_delays_every_run() -> None:
    """``RetryPolicy(rng=random.Random(7))``: backoff's jitter is reproducible."""
    import random

    from toolerrors.retry import Retry, RetryPolicy

    def unavailable() -> dict[str, object]:
        return pythe_error("network")

    runs = []
    for _ in range(2):
        clock = FakeClock()
        Retry(RetryPolicy(attempts=4, rng=random.Random(7)), clock=clock).call(unavailable)
        runs.append(clock.sleeps)
    assert runs[0] == runs[1] and len(runs[0]) == 3
    assert all(0 <= delay <= 0.5 * 2**i for i, delay in enumerate(runs[0]))


def test_raises_tool_error_asserts_on_the_error_a_block_raised() -> None:
    """In the way of ``pytest.raises``: the error's fields and ``match=`` on its message;
    a block that raises nothing, or the wrong error, fails in the library's words."""
    from toolerrors.testing import raises_tool_error

    with raises_tool_error(kind="refused", owner="Ana", match=r"^Not done: ") as raised:
        raise parse(refused("Ana")).exception()
    assert raised.error is not None and raised.error.reason is not None
    with pytest.raises(AssertionError, match="no tool error was raised"), raises_tool_error():
        pass
    wrong = r"kind: expected 'refused', got 'unknown_outcome'"
    with pytest.raises(AssertionError, match=wrong), raises_tool_error(kind="refused"):
        raise TimeoutError("slow")
    with (
        pytest.raises(AssertionError, match="does not match 'quota'"),
        raises_tool_error(match="quota"),
    ):
        raise parse(pythe_error("network")).exception()


def test_success_factories_are_never_read_as_errors() -> None:
    """A Pythe success envelope and a successful MCP result are no errors."""
    from toolerrors.testing import mcp_success, pythe_success

    for success in (pythe_success(), pythe_success("Done.", reused=True), mcp_success({"id": 1})):
        assert error_of(success) is None
    assert pythe_success()["ok"] is True and mcp_success()["isError"] is False


def test_fake_tool_answers_from_its_script_and_records_every_call() -> None:
    """A charge that times out after the money moved, retried with a key: two calls, the
    same key, the script's answers in order."""
    from toolerrors.retry import Retry, RetryPolicy
    from toolerrors.testing import FakeClock, FakeTool

    charge = FakeTool([ConfigureError("The request timed out.", code="TIMEOUT"), {"id": "ch_1"}])
    retry = Retry(RetryPolicy(attempts=3), idempotency_key=True, clock=FakeClock())
    assert retry.call(charge, 500) == {"id": "ch_1"}
    assert [call.args for call in charge.calls] == [(500,), (500,)]
    first, second = (call.idempotency_key for call in charge.calls)
    assert first == second and first is not None


def test_fake_tool_fails_the_test_on_an_extra_call_through_any_retry_layer() -> None:
    """A call past the script raises `UnexpectedCall`, which no retry layer swallows."""

    from toolerrors.retry import Retry, RetryPolicy
    from toolerrors.testing import FakeClock, FakeTool, UnexpectedCall

    flaky = FakeTool([pythe_error("network")])
    with pytest.raises(UnexpectedCall, match="call 2 of a tool scripted for 1"):
        Retry(RetryPolicy(attempts=3), clock=FakeClock()).call(flaky)
    also = FakeTool([pythe_error("network")])
    with pytest.raises(UnexpectedCall):
        asyncio.run(Retry(RetryPolicy(attempts=3), clock=FakeClock()).acall(also.acall))
    assert len(also.calls) == 2


def test_assert_shape_speaks_the_library_s_words_and_takes_problem() -> None:
    """A wrong type is named as parsing names it (a string ``retryAfter`` is not "an
    integer"); RFC 9457 problem details are a target too; a success envelope has a valid
    shape (use ``assert_error`` for "is an error")."""

    with pytest.raises(AssertionError) as caught:
        assert_shape({"code": "RATE_LIMITED", "message": "m", "retryAfter": "30"}, "configure")
    assert str(caught.value) == (
        "not a valid configure payload: /retryAfter: expected a number of seconds"
        " (not negative, at most 31536000), got string"
    )
    problem = convert(pythe_error("insufficient_credits"), to="problem")
    assert assert_shape(problem, "problem").kind is ErrorKind.PAYMENT_REQUIRED
    with pytest.raises(AssertionError, match="not valid RFC 9457 problem details: /title"):
        assert_shape({"title": 1, "status": 500}, "problem")
    assert assert_shape({"ok": True, "summary": "s"}, "pythe").ok is True


def test_assert_shape_reports_every_problem_in_one_failure() -> None:
    """All that is wrong with a broken envelope, each at its field, in the shape's order,
    then what strict reading also refuses (a field the vendor does not document)."""
    broken = configure_error("RATE_LIMITED", retryAfter="30", retryable="yes", message=5)
    with pytest.raises(AssertionError) as caught:
        assert_shape({**broken, "hint": "x"}, "configure")
    assert str(caught.value) == (
        "not a valid configure payload, 4 problems:\n"
        "  /message: expected a string, got number\n"
        "  /retryable: expected a boolean, got string\n"
        "  /retryAfter: expected a number of seconds (not negative, at most 31536000), got string\n"
        "  <input>: unknown field(s) 'hint'"
    )
    with pytest.raises(AssertionError) as caught:  # leniently, the unknown field is no problem
        assert_shape({**broken, "hint": "x"}, "configure", strict=False)
    assert str(caught.value).startswith("not a valid configure payload, 3 problems:")
    nested = {"type": "error", "error": {"type": 5, "message": None}, "request_id": 7}
    with pytest.raises(AssertionError) as caught:
        assert_shape(nested, "anthropic")
    assert str(caught.value) == (
        "not a valid anthropic payload, 3 problems:\n"
        "  /error/type: expected a string, got number\n"
        "  /error/message: expected a string, got null\n"
        "  /request_id: expected a string, got number"
    )


def test_testing_helpers_refuse_instead_of_weakening(pytester: pytest.Pytester) -> None:
    """every_payload refuses an unknown vendor, an empty message stays empty, and
    every_code runs the codes of every vendor it names."""
    with pytest.raises(ValueError, match="unknown vendor 'pythee'"):
        every_payload("pythee")  # type: ignore[arg-type]
    assert pythe_error("internal", "")["message"] == ""
    pytester.makepyfile(
        test_two="""
import pytest

@pytest.mark.every_code("pythe", "configure")
def test_both(error_payload, tool_errors):
    tool_errors.assert_error(error_payload)
"""
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    expected = len(list(every_payload("pythe"))) + len(list(every_payload("configure")))
    result.assert_outcomes(passed=expected)


CODES_READ = [
    (source.name, row.code, row.status)
    for source in registered().values()
    for row in source.rows
    if row.reads and row.when_status is None
]


@pytest.mark.parametrize(("vendor", "code", "documented"), CODES_READ)
def test_an_http_response_is_read_as_its_body_says(
    vendor: str, code: str, documented: int | None
) -> None:
    """Every code of every source, as a response: the status the vendor documents for it,
    and a body ``from_http`` reads as ``parse`` does (a body of kind ``unknown`` leaves
    the status to speak)."""
    response = http_response(vendor, code)
    if documented is not None:
        assert response.status == documented
    body = parse(response.body)
    error = from_http(*response)
    assert (error.vendor, error.code, error.status_code) == (vendor, body.code, response.status)
    if body.kind is not ErrorKind.UNKNOWN:
        assert (error.kind, error.retryable) == (body.kind, body.retryable)


def test_an_http_response_carries_the_headers_its_vendor_sends() -> None:
    """``Retry-After`` in seconds (``retry-after-ms`` for a fraction), the source's own
    should-retry header with the code's advice or the one given, then any header given."""
    stripe = http_response("stripe", "rate_limit", retry_after=2)
    assert stripe == (429, {"retry-after": "2", "stripe-should-retry": "true"}, stripe.body)
    assert_error(from_http(*stripe), kind="rate_limited", retryable=True, retry_after=2.0)
    openai = http_response("openai", "rate_limit_exceeded", retry_after=0.5)
    assert openai.headers == {"retry-after-ms": "500", "x-should-retry": "true"}
    assert from_http(*openai).retry_after == 0.5
    told = http_response("anthropic", "overloaded_error", should_retry=False)
    assert told.headers == {"x-should-retry": "false"}
    assert from_http(*told).retryable is False
    assert http_response("slack", "ratelimited").headers == {}  # Slack declares no such header
    given = http_response(
        "github", "401", status=401, headers={"X-GitHub-OTP": "required; app"}, message="2FA"
    )
    assert (given.status, given.headers, given.body["message"]) == (
        401,
        {"X-GitHub-OTP": "required; app"},
        "2FA",
    )
    assert from_http(*given).kind is ErrorKind.UNAUTHENTICATED


def test_an_http_response_for_an_unknown_code_names_the_codes() -> None:
    with pytest.raises(ValueError, match="unknown stripe code 'nope'; expected one of "):
        http_response("stripe", "nope")


def test_assert_shape_lists_an_unknown_code_beside_the_shape_s_problems() -> None:
    """A code outside the vendor's closed set is one of every problem listed, when other
    fields are wrong too, at its field and in parsing's words; nested codes included."""
    broken = configure_error("RATE_LIMITED", code="NOPE", retryAfter="30")
    with pytest.raises(AssertionError) as caught:
        assert_shape(broken, "configure")
    assert str(caught.value) == (
        "not a valid configure payload, 2 problems:\n"
        "  /retryAfter: expected a number of seconds (not negative, at most 31536000), got string\n"
        "  /code: unknown code 'NOPE'; expected one of 'ACCESS_DENIED', 'API_KEY_MISSING',"
        " 'AUTH_REQUIRED', 'COMMIT_REQUIRED', 'INVALID_INPUT', 'NETWORK_ERROR', 'NOT_FOUND',"
        " 'PAYMENT_REQUIRED', 'RATE_LIMITED', 'SERVER_ERROR', 'TIMEOUT', 'TOOL_ERROR',"
        " 'TOOL_NOT_CONNECTED'"
    )
    with pytest.raises(AssertionError) as caught:  # leniently, an unknown code is kept
        assert_shape(broken, "configure", strict=False)
    assert str(caught.value).startswith("not a valid configure payload: /retryAfter:")
    nested = {"type": "error", "error": {"type": "nope", "message": "m"}, "request_id": 7}
    with pytest.raises(AssertionError) as caught:
        assert_shape(nested, "anthropic")
    assert str(caught.value) == (
        "not a valid anthropic payload, 2 problems:\n"
        "  /request_id: expected a string, got number\n"
        "  /error/type: unknown type 'nope'; expected one of 'api_error',"
        " 'authentication_error', 'billing_error', 'invalid_request_error', 'not_found_error',"
        " 'overloaded_error', 'permission_error', 'rate_limit_error', 'request_too_large',"
        " 'timeout_error'"
    )


def test_an_override_lands_where_its_field_is_inside_an_envelope() -> None:
    """Stripe's fields live inside ``{"error": {...}}``: an override by wire name is set
    there (and ABSENT takes it out there), so the payload keeps Stripe's shape; a field
    at the top stays at the top."""
    declined = payload("stripe", "card_declined", decline_code="insufficient_funds")
    assert declined == {
        "error": {
            "type": "card_error",
            "code": "card_declined",
            "message": "The card was declined; decline_code says why.",
            "decline_code": "insufficient_funds",
        }
    }
    assert_shape(declined, "stripe")
    assert http_response("stripe", "resource_missing", param="id").body["error"]["param"] == "id"
    assert "message" not in payload("stripe", "card_declined", message=ABSENT)["error"]
    limited = payload("anthropic", "rate_limit_error", request_id="req_1", message="Slow.")
    assert limited == {
        "type": "error",
        "error": {"type": "rate_limit_error", "message": "Slow."},
        "request_id": "req_1",
    }
