"""Pythe's envelopes and MCP wrapping, checked against Pythe's documentation."""

from __future__ import annotations

import json

import pytest

from conftest import PYTHE_DOCUMENTED_ERROR, PYTHE_DOCUMENTED_SUCCESS, PYTHE_TABLE
from toolerrors import ShapeError
from toolerrors.pythe import (
    AI_TEAM_TOOLS,
    COMPANY_TOOLS,
    DEFAULT_RETRYABLE,
    GUIDANCE,
    HTTP_STATUS,
    IDEMPOTENCY_KEY,
    IDEMPOTENT_TOOL,
    MEANING,
    ErrorCode,
    ErrorEnvelope,
    SuccessEnvelope,
    parse,
    unwrap,
    wrap,
    wrap_text,
)


def test_codes_are_exactly_the_documented_thirteen() -> None:
    """ErrorCode holds the 13 documented codes."""
    assert [code.value for code in ErrorCode] == [row[0] for row in PYTHE_TABLE]


@pytest.mark.parametrize(
    ("code", "meaning", "todo", "retryable", "status"), PYTHE_TABLE, ids=[r[0] for r in PYTHE_TABLE]
)
def test_each_code_has_the_documented_facts(
    code: str, meaning: str, todo: str, retryable: bool, status: int | None
) -> None:
    """Default retryability, HTTP status, meaning and guidance are as documented."""
    assert DEFAULT_RETRYABLE[ErrorCode(code)] is retryable
    assert HTTP_STATUS.get(ErrorCode(code)) == status
    assert MEANING[ErrorCode(code)] == meaning
    assert GUIDANCE[ErrorCode(code)] == todo
    wire = {
        "ok": False,
        "code": code,
        "message": meaning,
        "retryable": retryable,
        "how_to_fix": todo,
    }
    assert parse(wire, strict=True).to_wire() == wire


def test_documented_error_example_round_trips() -> None:
    """The documented error result parses strictly and dumps unchanged."""
    model = parse(PYTHE_DOCUMENTED_ERROR, strict=True)
    assert isinstance(model, ErrorEnvelope)
    assert model.code is ErrorCode.INSUFFICIENT_CREDITS
    assert model.to_wire() == PYTHE_DOCUMENTED_ERROR


def test_documented_success_example_round_trips() -> None:
    """The documented successful result parses strictly and dumps unchanged."""
    model = parse(PYTHE_DOCUMENTED_SUCCESS, strict=True)
    assert isinstance(model, SuccessEnvelope)
    assert model.run is not None and model.run.employee.name == "Iris"
    assert model.poll_after_seconds == 20 and model.reused is False
    assert model.next is not None and model.next[0].tool == "get_run"
    assert model.to_wire() == PYTHE_DOCUMENTED_SUCCESS


def test_finished_poll_is_null_and_stays_null() -> None:
    """poll_after_seconds is null when finished, and null is written back."""
    wire = {"ok": True, "summary": "Done.", "poll_after_seconds": None, "next": []}
    assert parse(wire, strict=True).to_wire() == wire


@pytest.mark.parametrize("missing", ["code", "message", "retryable", "how_to_fix"])
def test_all_five_error_fields_are_required(missing: str) -> None:
    """An error envelope without any one of its fields is refused, naming it."""
    wire = {k: v for k, v in PYTHE_DOCUMENTED_ERROR.items() if k != missing}
    with pytest.raises(ShapeError, match=f"/{missing}"):
        parse(wire)


def test_ok_must_be_a_real_boolean() -> None:
    """0 is not false, and a string retryable is not a boolean."""
    with pytest.raises(ShapeError, match="/ok"):
        parse({**PYTHE_DOCUMENTED_ERROR, "ok": 0})
    with pytest.raises(ShapeError, match="/retryable"):
        parse({**PYTHE_DOCUMENTED_ERROR, "retryable": "false"})


def test_built_envelopes_carry_ok_on_the_wire() -> None:
    """An envelope built in Python writes ok even though it has a default."""
    built = ErrorEnvelope(code=ErrorCode.NETWORK, message="m", retryable=True, how_to_fix="h")
    assert built.to_wire() == {
        "ok": False,
        "code": "network",
        "message": "m",
        "retryable": True,
        "how_to_fix": "h",
    }
    assert SuccessEnvelope(summary="s").to_wire() == {"ok": True, "summary": "s"}


def test_strict_rejects_unknown_code_and_field_lenient_keeps_them() -> None:
    """Strict refuses a code or field the documentation lacks; lenient keeps both verbatim."""
    wire = {**PYTHE_DOCUMENTED_ERROR, "code": "http_503", "trace_id": "t1"}
    with pytest.raises(ShapeError, match="unknown code 'http_503'"):
        parse({**PYTHE_DOCUMENTED_ERROR, "code": "http_503"}, strict=True)
    with pytest.raises(ShapeError, match="unknown field"):
        parse({**PYTHE_DOCUMENTED_ERROR, "trace_id": "t1"}, strict=True)
    assert parse(wire).to_wire() == wire


def test_tool_names_are_the_documented_ones() -> None:
    """Eleven AI-team tools and twelve company, plan and note tools, in the documented order."""
    assert AI_TEAM_TOOLS == (
        "list_team", "assign_task", "list_runs", "get_run", "answer_run", "cancel_run",
        "list_approvals", "search_library", "get_library_item", "list_memory", "get_plan_build",
    )  # fmt: skip
    assert COMPANY_TOOLS == (
        "get_founder_context", "get_operating_plan", "get_task_prompt", "list_artifacts",
        "get_credit_balance", "run_research", "save_note", "save_chat", "add_milestone",
        "update_operating_plan", "list_workspaces", "set_active_workspace",
    )  # fmt: skip
    assert (IDEMPOTENT_TOOL, IDEMPOTENCY_KEY) == ("assign_task", "idempotency_key")


def test_wrap_puts_the_same_json_in_text_and_structured_content() -> None:
    """AI-team results carry the same JSON twice; errors are in-band with isError."""
    result = wrap(parse(PYTHE_DOCUMENTED_ERROR))
    assert result == {
        "content": [
            {"type": "text", "text": json.dumps(PYTHE_DOCUMENTED_ERROR, ensure_ascii=False)}
        ],
        "structuredContent": PYTHE_DOCUMENTED_ERROR,
        "isError": True,
    }
    assert wrap(PYTHE_DOCUMENTED_SUCCESS)["isError"] is False
    assert unwrap(result) == PYTHE_DOCUMENTED_ERROR


def test_unwrap_reads_text_when_there_is_no_structured_content() -> None:
    """A client that only kept the text still gets the envelope back."""
    text_only = {
        "content": [{"type": "text", "text": json.dumps(PYTHE_DOCUMENTED_ERROR)}],
        "isError": True,
    }
    assert unwrap(text_only) == PYTHE_DOCUMENTED_ERROR
    assert parse(text_only).to_wire() == PYTHE_DOCUMENTED_ERROR
    with pytest.raises(ShapeError, match="no structuredContent"):
        unwrap({"content": [{"type": "text", "text": "plain words"}]})


def test_wrap_text_for_company_tools() -> None:
    """Company, plan and note tools return text with a structuredContent object."""
    assert wrap_text("Balance: 12 credits", {"credits": 12}) == {
        "content": [{"type": "text", "text": "Balance: 12 credits"}],
        "structuredContent": {"credits": 12},
    }


def test_idempotent_replay_says_reused() -> None:
    """A replayed assign_task returns reused: true with the existing run."""
    replay = parse({**PYTHE_DOCUMENTED_SUCCESS, "reused": True}, strict=True)
    assert isinstance(replay, SuccessEnvelope) and replay.reused is True
    assert replay.run is not None and replay.run.id == "…"


@pytest.mark.parametrize("ok", [0, "false", "False", "0", "", None], ids=repr)
def test_an_ok_that_only_means_false_beside_pythe_fields_is_an_error(ok: object) -> None:
    """``ok: 0`` or ``"false"`` beside a Pythe code, ``retryable`` and ``how_to_fix`` is a
    Pythe error leniently, with the envelope's own advice; strict reading refuses it at
    ``/ok``; a lone ``{"ok": 0}`` is a careless success, not an error."""
    from toolerrors import error_of
    from toolerrors import parse as parse_any

    envelope = {
        "ok": ok, "code": "http_429", "message": "Slow down.", "retryable": True,
        "how_to_fix": "Retryable.",
    }  # fmt: skip
    error = error_of(envelope)
    assert error is not None
    assert (error.vendor, error.code, error.kind.value, error.retryable) == (
        "pythe",
        "http_429",
        "rate_limited",
        True,
    )
    assert parse_any(envelope).kind.value == "rate_limited"
    with pytest.raises(ShapeError) as raised:
        parse_any(envelope, strict=True)
    assert raised.value.where == "/ok"
    assert raised.value.problem.startswith("expected false, got ")
    assert error_of({"ok": ok}) is None
