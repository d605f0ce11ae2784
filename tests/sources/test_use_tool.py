"""The use_tool runtime's shapes, checked row by row against use_tool's documentation."""

from __future__ import annotations

import pytest

import toolerrors
from conftest import ASK_TEMPLATE, REASONS_TABLE, STOP_TEMPLATE, USE_TOOL_TABLE
from toolerrors import ErrorKind, ShapeError, UnifiedError, convert, error_of, should_retry
from toolerrors.use_tool import (
    GUIDANCE,
    MEANING,
    ErrorCode,
    NotDoneYet,
    Outcome,
    Reason,
    Refused,
    ToolError,
    parse,
)

OWNERS = ["Ana", "Mary Ann", "Dr. Kim", "Jean-Luc", "O'Brien", "O’Brien", "Zoë", "Łukasz", "李"]


def test_error_kinds_are_exactly_the_documented_twelve() -> None:
    """ErrorCode holds the twelve documented error kinds and nothing else."""
    assert [code.value for code in ErrorCode] == [row[0] for row in USE_TOOL_TABLE]


@pytest.mark.parametrize(
    ("code", "meaning", "guidance"), USE_TOOL_TABLE, ids=[r[0] for r in USE_TOOL_TABLE]
)
def test_each_kind_round_trips_with_the_documented_guidance(
    code: str, meaning: str, guidance: str
) -> None:
    """Every kind parses strictly, dumps to the same JSON, and carries the documented words."""
    wire = {"error": code, "message": f"{code} happened"}
    model = parse(wire, strict=True)
    assert isinstance(model, ToolError)
    assert model.error is ErrorCode(code)
    assert model.to_wire() == wire
    assert MEANING[code] == meaning
    assert GUIDANCE[code] == guidance


def test_card_is_kept_as_given_and_absent_when_not_given() -> None:
    """A card is an opaque object kept verbatim; without one, no card key is written."""
    card = {"type": "connect", "app": "gmail", "nested": {"a": [1, None, "x"]}}
    with_card = parse({"error": "not_connected", "message": "m", "card": card}, strict=True)
    assert with_card.to_wire() == {"error": "not_connected", "message": "m", "card": card}
    without = ToolError(error=ErrorCode.NOT_FOUND, message="m")
    assert without.to_wire() == {"error": "not_found", "message": "m"}


def test_strict_rejects_null_card_unknown_kind_and_unknown_field() -> None:
    """Strict mode refuses what the documentation does not describe, naming the place."""
    with pytest.raises(ShapeError, match="card is null"):
        parse({"error": "not_found", "message": "m", "card": None}, strict=True)
    with pytest.raises(ShapeError, match="unknown error kind 'teapot'"):
        parse({"error": "teapot", "message": "m"}, strict=True)
    with pytest.raises(ShapeError, match="unknown field"):
        parse({"error": "not_found", "message": "m", "trace": "x"}, strict=True)


def test_lenient_keeps_unknown_kind_and_fields_verbatim() -> None:
    """A newer server's kind and fields survive a lenient round trip unchanged."""
    wire = {"error": "teapot", "message": "m", "trace": {"id": 7}, "card": None}
    model = parse(wire)
    assert model.to_wire() == wire


def test_message_is_required_everywhere() -> None:
    """An error without its message is not a use_tool error."""
    with pytest.raises(ShapeError, match="/message"):
        parse({"error": "not_found"})
    with pytest.raises(ShapeError, match="/message"):
        parse({"error": "not_found", "message": 3})


def test_reasons_are_the_documented_six_with_their_outcomes() -> None:
    """Each reason is word for word, curly apostrophes included, and knows its outcome."""
    assert [(r.outcome.value, r.value) for r in Reason] == REASONS_TABLE


@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("reason", list(Reason), ids=[r.name for r in Reason])
def test_held_outcome_renders_the_template_and_parses_back(owner: str, reason: Reason) -> None:
    """Rendering writes the documented template exactly; parsing gives owner and reason back."""
    model = (NotDoneYet if reason.outcome is Outcome.ASK else Refused).of(owner, reason)
    template = ASK_TEMPLATE if reason.outcome is Outcome.ASK else STOP_TEMPLATE
    text = template.format(owner=owner, reason=reason.value)
    assert model.to_wire() == {reason.outcome.key: text}
    back = parse({reason.outcome.key: text}, strict=True)
    assert type(back) is type(model)
    assert (back.owner, back.reason) == (owner, reason)
    assert back.reason is reason


def test_rendering_uses_the_documented_characters() -> None:
    """Reasons use ’; the refused template uses a straight ' in "don't"."""
    asked = NotDoneYet.of("Ana", Reason.UNDECIDED).not_done_yet
    assert asked == (
        "Check with Ana first: the check couldn’t decide. Ask in your reply, saying what you "
        "would do. Once they say yes, do it again."
    )
    stopped = Refused.of("Ana", Reason.SENSITIVE_DATA).refused
    assert stopped == (
        "Not done: it would send a password, card or bank number, or an ID number. "
        "Tell Ana, and don't try another way."
    )


def test_straight_apostrophes_are_accepted_and_come_back_in_the_documented_form() -> None:
    """Text with ' where the documentation has ’ parses; rendering it again gives the
    documented form."""
    straight = (
        "Check with Ana first: it goes to someone the owner hasn't named. Ask in your reply, "
        "saying what you would do. Once they say yes, do it again."
    )
    model = parse({"not_done_yet": straight}, strict=True)
    assert model.reason is Reason.UNNAMED_RECIPIENT
    assert NotDoneYet.of(model.owner or "", model.reason).not_done_yet == straight.replace(
        "hasn't", "hasn’t"
    )
    curly_dont = "Not done: it would send a password, card or bank number, or an ID number. Tell Bo, and don’t try another way."
    refused = parse({"refused": curly_dont}, strict=True)
    assert (refused.owner, refused.reason) == ("Bo", Reason.SENSITIVE_DATA)


def test_strict_rejects_unlisted_reason_wrong_outcome_and_other_text() -> None:
    """Strict parsing accepts only the documented reasons, under their own outcome."""
    unlisted = ASK_TEMPLATE.format(owner="Ana", reason="it felt risky")
    with pytest.raises(ShapeError, match="not one of use_tool's six documented reasons"):
        parse({"not_done_yet": unlisted}, strict=True)
    wrong = STOP_TEMPLATE.format(owner="Ana", reason=Reason.UNDECIDED.value)
    with pytest.raises(ShapeError, match="belongs to 'not_done_yet'"):
        parse({"refused": wrong}, strict=True)
    with pytest.raises(ShapeError, match="template"):
        parse({"refused": "No."}, strict=True)


def test_lenient_keeps_unlisted_reason() -> None:
    """Lenient parsing keeps a reason the documentation does not list, verbatim."""
    model = parse({"not_done_yet": ASK_TEMPLATE.format(owner="Ana", reason="it felt risky")})
    assert (model.owner, model.reason) == ("Ana", "it felt risky")


def test_both_outcomes_at_once_is_a_shape_error() -> None:
    """The check gives one outcome, never both."""
    with pytest.raises(ShapeError, match="one outcome"):
        parse({"not_done_yet": "a", "refused": "b"})


@pytest.mark.parametrize("flag", [False, 0, "", {}, [], None], ids=repr)
def test_an_error_key_that_is_false_or_empty_marks_no_error(flag: object) -> None:
    """``{"error": false, "message": "Record created"}`` is a success: nothing reads it as an
    error, so a retry helper never runs the call again; parse says why it is none."""
    from toolerrors import parse as parse_any
    from toolerrors.retry import Retry

    result = {"error": flag, "message": "Record created"}
    assert error_of(result) is None
    calls = []

    def create(*, idempotency_key: str) -> dict[str, object]:
        calls.append(idempotency_key)
        return result

    assert Retry(idempotency_key=True, sleep=lambda _: None).call(create) == result
    assert len(calls) == 1
    with pytest.raises(ShapeError) as raised:
        parse_any(result)
    if flag is not None:
        assert raised.value.where == "/error"
        assert raised.value.problem == f"an 'error' of {flag!r} marks no error"


@pytest.mark.parametrize("flag", [False, 0, "", {}, [], None], ids=repr)
@pytest.mark.parametrize("key", ["not_done_yet", "refused"])
def test_a_held_back_key_that_is_false_or_empty_holds_nothing_back(key: str, flag: object) -> None:
    """``{"not_done_yet": [], "result": ...}`` is work done: nothing reads it as the check
    holding the call, so a retry helper runs it once; parse says why it is no error."""
    from toolerrors import parse as parse_any
    from toolerrors.retry import Retry

    result = {key: flag, "result": "Invoice sent"}
    assert error_of(result) is None
    calls = []

    def send(*, idempotency_key: str) -> dict[str, object]:
        calls.append(idempotency_key)
        return result

    assert Retry(idempotency_key=True, sleep=lambda _: None).call(send) == result
    assert len(calls) == 1
    with pytest.raises(ShapeError) as raised:
        parse_any(result)
    assert (raised.value.where, raised.value.problem) == (
        f"/{key}",
        f"a {key!r} of {flag!r} holds nothing back",
    )
    error = {"error": "rate_limited", "message": "Slow down.", key: flag}
    assert error_of(error) == parse_any(error)
    assert (parse_any(error).kind, parse_any(error).code) == (
        ErrorKind.RATE_LIMITED,
        "rate_limited",
    )
    assert parse(error) == ToolError.model_validate(error)


def test_a_refusal_beside_an_approval_is_never_lost() -> None:
    """Both outcomes at once is no documented shape; read leniently, the refusal wins,
    and an empty outcome beside a given one is passed over."""
    ask = ASK_TEMPLATE.format(owner="Ana", reason=Reason.UNDECIDED.value)
    stop = STOP_TEMPLATE.format(owner="Ana", reason=Reason.SENSITIVE_DATA.value)
    error = toolerrors.parse({"not_done_yet": ask, "refused": stop})
    assert (error.kind, error.retryable, error.message) == (ErrorKind.REFUSED, False, stop)
    assert toolerrors.parse({"not_done_yet": None, "refused": stop}).code == "refused"
    assert isinstance(parse({"not_done_yet": "", "refused": stop}), Refused)


@pytest.mark.parametrize("kind", ["refused", "approval_required"])
def test_an_approval_or_refusal_no_check_gave_is_written_as_forbidden(kind: str) -> None:
    """Without an owner and a reason no use_tool check held it (Stripe's 3-D Secure
    challenge, a JSON-RPC user rejection): it is written as ``forbidden``, which strict
    reading accepts and which is never retried, not as a check's outcome off the template."""
    from toolerrors import ErrorKind, convert
    from toolerrors import parse as parse_any

    for error in (
        UnifiedError(ErrorKind(kind), "No."),
        parse_any(
            {"type": "urn:toolerrors:kind:" + kind, "title": "t", "detail": "No.", "kind": kind}
        ),
    ):
        wire = convert(error, to="use_tool")
        assert wire == {"error": "forbidden", "message": "No."}
        back = parse_any(wire, strict=True)
        assert (back.kind.value, back.retryable, back.action.value) == (
            "permission_denied",
            False,
            "ask_owner",
        )
        assert not should_retry(back, idempotent=True)


@pytest.mark.parametrize("key", ["refused", "not_done_yet"])
def test_a_check_outcome_is_written_in_its_template_and_kept_at_home(key: str) -> None:
    """With an owner and a reason the outcome is use_tool's template; a held text read
    leniently off the template comes back as it came."""
    from toolerrors import convert

    reason = Reason.SENSITIVE_DATA if key == "refused" else Reason.UNDECIDED
    template = STOP_TEMPLATE if key == "refused" else ASK_TEMPLATE
    text = template.format(owner="Ana", reason=reason.value)
    assert convert({key: text}, to="use_tool", strict=True) == {key: text}
    assert convert({key: "Not now."}, to="use_tool") == {key: "Not now."}


@pytest.mark.parametrize("key", ["not_done_yet", "refused"])
def test_a_tool_error_coded_like_a_held_outcome_stays_a_tool_error(key: str) -> None:
    """``{"error": "refused", ...}`` is an unknown tool error, and converts back unchanged."""
    payload = {"error": key, "message": "m"}
    assert toolerrors.parse(payload).kind is ErrorKind.UNKNOWN
    assert convert(payload, to="use_tool") == payload
