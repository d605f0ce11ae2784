"""The Configure SDK's error, codes, common cases and tool calls, checked against its
documentation."""

from __future__ import annotations

import copy
import pickle

import pytest

from conftest import CONFIGURE_FIELDS, CONFIGURE_TABLE, SUGGESTED_ACTIONS
from toolerrors import ShapeError, convert, error_of
from toolerrors.configure import (
    FORGET_ID,
    LOCAL_CODES,
    MEANING,
    OTP_BLOCKED,
    STRUCTURED_404_TYPES,
    AuthFlowReason,
    ConfigureError,
    ConfigureErrorBody,
    ErrorCode,
    ForgetResult,
    SuggestedAction,
    ToolCall,
    check_forget_id,
    check_tool_enabled,
    is_not_found,
    normalize_tool_call,
    parse,
)

FULL = {
    "code": "RATE_LIMITED",
    "message": "Too many requests.",
    "statusCode": 429,
    "type": "rate_limited",
    "param": "agent",
    "retryable": True,
    "suggestedAction": "retry",
    "docUrl": "https://docs.configure.dev/errors#rate_limited",
    "retryAfter": 30,
    "requestId": "req_123",
}


def test_error_codes_are_the_documented_thirteen() -> None:
    """ErrorCode exports exactly the documented values."""
    assert [c.value for c in ErrorCode] == [row[0] for row in CONFIGURE_TABLE]
    assert {c: MEANING[ErrorCode(c)] for c, _ in CONFIGURE_TABLE} == dict(CONFIGURE_TABLE)


def test_suggested_actions_are_the_closed_eleven() -> None:
    """suggestedAction is the documented closed enum."""
    assert [a.value for a in SuggestedAction] == SUGGESTED_ACTIONS
    assert [r.value for r in AuthFlowReason] == ["signin", "reconnect", "permissions"]


def test_configure_error_exposes_the_documented_fields_and_no_others() -> None:
    """Keyword construction under the SDK's names; no status, no details."""
    err = ConfigureError(message="Slow down", code="RATE_LIMITED", statusCode=429, retryAfter=30)
    assert (err.message, err.code, err.statusCode, err.retryAfter) == (
        "Slow down",
        "RATE_LIMITED",
        429,
        30,
    )
    assert (err.type, err.param, err.retryable, err.suggestedAction, err.docUrl, err.requestId) == (
        None,
    ) * 6
    assert not hasattr(err, "status")
    assert not hasattr(err, "details")
    assert str(err) == "Slow down"
    assert err.fields() == {"code": "RATE_LIMITED", "statusCode": 429, "retryAfter": 30}


def test_configure_error_pickles_and_copies_to_an_equal_error() -> None:
    """Unlike some SDKs' exceptions, it survives pickle, copy and deepcopy."""
    err = ConfigureError(**FULL)
    for clone in (pickle.loads(pickle.dumps(err)), copy.copy(err), copy.deepcopy(err)):
        assert clone == err
        assert clone is not err
        assert hash(clone) == hash(err)
        assert clone.to_wire() == FULL
    assert ConfigureError("m", code="TIMEOUT") != ConfigureError(
        "m", code="TIMEOUT", retryable=False
    )


def test_local_errors_leave_retryable_undefined() -> None:
    """TIMEOUT and NETWORK_ERROR have retryable None, which is not False and not written."""
    assert {ErrorCode.TIMEOUT, ErrorCode.NETWORK_ERROR} == LOCAL_CODES
    err = ConfigureError("The request timed out.", code="TIMEOUT")
    assert err.retryable is None
    assert err.to_wire() == {"code": "TIMEOUT", "message": "The request timed out."}
    assert parse(err).retryable is None


def test_wire_body_round_trips_and_omits_unset_fields() -> None:
    """The camelCase body dumps the same JSON; an undefined field is absent, not null."""
    assert parse(FULL, strict=True).to_wire() == FULL
    built = ConfigureErrorBody(code=ErrorCode.TIMEOUT, message="t")
    assert built.to_wire() == {"code": "TIMEOUT", "message": "t"}
    assert built.to_error() == ConfigureError("t", code="TIMEOUT")


def test_retry_after_keeps_its_number_form() -> None:
    """An integer retryAfter stays an integer; a fraction stays a fraction."""
    assert parse({**FULL, "retryAfter": 30}).to_wire()["retryAfter"] == 30
    assert type(parse({**FULL, "retryAfter": 30}).to_wire()["retryAfter"]) is int
    assert parse({**FULL, "retryAfter": 1.5}).to_wire()["retryAfter"] == 1.5
    with pytest.raises(ShapeError, match="/retryAfter"):
        parse({**FULL, "retryAfter": -1})


def test_strict_rejects_unknown_suggested_action_code_null_and_field() -> None:
    """Strict mode keeps to the documented closed lists; lenient keeps newer values verbatim."""
    for bad, match in [
        ({"suggestedAction": "pray"}, "unknown suggestedAction 'pray'"),
        ({"code": "QUOTA"}, "unknown code 'QUOTA'"),
        ({"param": None}, "null in param"),
        ({"details": {}}, "unknown field"),
    ]:
        with pytest.raises(ShapeError, match=match):
            parse({**FULL, **bad}, strict=True)
        assert parse({**FULL, **bad}).to_wire() == {**FULL, **bad}


def test_structured_404_arrives_as_invalid_input() -> None:
    """resource_missing and agent_not_found are INVALID_INPUT with statusCode 404."""
    assert STRUCTURED_404_TYPES == ("resource_missing", "agent_not_found")
    for kind in STRUCTURED_404_TYPES:
        err = ConfigureError("gone", code="INVALID_INPUT", statusCode=404, type=kind)
        assert is_not_found(err)
    assert is_not_found(ConfigureError("gone", code="NOT_FOUND"))
    assert not is_not_found(ConfigureError("bad", code="INVALID_INPUT", statusCode=400))


def test_otp_blocked_is_a_rate_limit_that_is_not_retryable() -> None:
    """OTP throttling surfaces as RATE_LIMITED with retryable false."""
    assert OTP_BLOCKED == "otp_blocked"
    body = parse(
        {"code": "RATE_LIMITED", "message": "m", "type": OTP_BLOCKED, "retryable": False},
        strict=True,
    )
    assert (body.code, body.retryable) == (ErrorCode.RATE_LIMITED, False)


def test_forget_result_is_a_result_and_ids_are_checked() -> None:
    """forget() resolves with {deleted: false, message}; ids are mem_ plus 32 hex characters."""
    result = ForgetResult.model_validate({"deleted": False, "message": "Nothing to forget."})
    assert result.to_wire() == {"deleted": False, "message": "Nothing to forget."}
    good = "mem_" + "0123456789abcdef" * 2
    assert check_forget_id(good) == good
    assert FORGET_ID.fullmatch("mem_" + "AB" * 16)
    for bad in ["mem_123", "mem_" + "g" * 32, "mem_" + "a" * 33, "note_" + "a" * 32, 7]:
        with pytest.raises(ConfigureError) as caught:
            check_forget_id(bad)
        assert caught.value.code == "INVALID_INPUT"


@pytest.mark.parametrize(
    "call",
    [
        {"name": "configure_email_send", "arguments": {"to": "a@b.c"}},
        {"name": "configure_email_send", "arguments": '{"to": "a@b.c"}'},
        {"name": "configure_email_send", "input": {"to": "a@b.c"}},
        {"function": {"name": "configure_email_send", "arguments": {"to": "a@b.c"}}},
        {"function": {"name": "configure_email_send", "arguments": '{"to": "a@b.c"}'}},
    ],
    ids=["arguments", "arguments-json", "input", "function", "function-json"],
)
def test_the_three_tool_call_shapes_normalize_to_one(call: dict[str, object]) -> None:
    """{name, arguments}, {name, input} and {function: {name, arguments}} all become one ToolCall."""
    assert normalize_tool_call(call) == ToolCall("configure_email_send", {"to": "a@b.c"})


@pytest.mark.parametrize(
    ("call", "problem"),
    [
        ("configure_email_send", "expected an object"),
        ({"arguments": {}}, "name must be"),
        ({"name": "x", "arguments": "{not json"}, "arguments is not valid JSON"),
        ({"name": "x", "arguments": "[1]"}, "arguments must be an object"),
        ({"name": "x"}, "expected arguments or input"),
        ({"function": "x"}, "function must be an object"),
        ({"function": {"name": "x", "input": {}}}, "expected function.arguments"),
    ],
)
def test_other_tool_calls_are_invalid_input(call: object, problem: str) -> None:
    """Anything else raises ConfigureError INVALID_INPUT saying what is wrong."""
    with pytest.raises(ConfigureError, match=problem) as caught:
        normalize_tool_call(call)
    assert caught.value.code == "INVALID_INPUT"


def test_names_outside_the_enabled_set_are_access_denied() -> None:
    """Any tool name not in the enabled set, unknown or not, is ACCESS_DENIED."""
    enabled = {"configure_profile_get", "configure_memory_remember"}
    call = {"name": "configure_email_send", "arguments": {}}
    with pytest.raises(ConfigureError) as caught:
        check_tool_enabled(call, enabled)
    assert caught.value.code == "ACCESS_DENIED"
    assert check_tool_enabled({"name": "configure_profile_get", "input": {}}, enabled) == ToolCall(
        "configure_profile_get", {}
    )


def test_configure_error_fields_are_the_documented_ones() -> None:
    """The nine structured fields, in the documented order."""
    err = ConfigureError(**FULL)
    assert list(err.fields()) == CONFIGURE_FIELDS


def test_a_kept_field_never_turns_an_error_into_a_success() -> None:
    """``ok: true`` carried in a problem document's payload is not written to Configure."""
    problem = {
        "type": "urn:toolerrors:kind:internal", "title": "Internal", "detail": "m",
        "kind": "internal", "vendor": "configure", "code": "SERVER_ERROR",
        "payload": {"code": "SERVER_ERROR", "message": "m", "ok": True},
    }  # fmt: skip
    wire = convert(problem, to="configure")
    assert wire == {"code": "SERVER_ERROR", "message": "m"}
    assert error_of(wire) is not None
