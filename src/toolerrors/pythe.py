"""Pythe's MCP server: result envelopes, error envelopes, and their MCP wrapping.

The AI-team tools return the same JSON both as text and as ``structuredContent``;
errors come back in-band with ``isError: true``, so the model can react to them rather
than the call failing at the protocol level.  The company, plan and note tools return a
text result with a ``structuredContent`` object.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import Field, StrictBool, StrictInt, StrictStr

from ._builtin.pythe import ROWS
from ._enum import TextEnum
from ._errors import ShapeError
from ._json import MAX_BYTES, load
from ._wire import ExactBool, FieldProblem, WireModel, as_data, validate

__all__ = [
    "AI_TEAM_TOOLS",
    "COMPANY_TOOLS",
    "DEFAULT_RETRYABLE",
    "GUIDANCE",
    "HTTP_STATUS",
    "IDEMPOTENCY_KEY",
    "IDEMPOTENT_TOOL",
    "MEANING",
    "Employee",
    "ErrorCode",
    "ErrorEnvelope",
    "NextStep",
    "Payload",
    "Run",
    "SuccessEnvelope",
    "parse",
    "unwrap",
    "wrap",
    "wrap_text",
]


class ErrorCode(TextEnum):
    """The ``code`` of a Pythe error envelope (13 codes)."""

    UNAUTHORIZED = "unauthorized"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    AMBIGUOUS = "ambiguous"
    INVALID_INPUT = "invalid_input"
    PAUSED = "paused"
    EMPLOYEES = "employees"
    GROUP_CHATS = "group_chats"
    INSUFFICIENT_CREDITS = "insufficient_credits"
    NETWORK = "network"
    HTTP_5XX = "http_5xx"
    HTTP_429 = "http_429"
    INTERNAL = "internal"


_ROWS: Final = [row for row in ROWS if row.reads]

DEFAULT_RETRYABLE: Final[dict[ErrorCode, bool]] = {
    ErrorCode(row.code): row.retryable is True for row in _ROWS
}
"""Each code's retryability by default: network, http_5xx, http_429 and internal are."""

HTTP_STATUS: Final[dict[ErrorCode, int]] = {
    ErrorCode(row.code): row.status for row in _ROWS if row.status is not None
}
"""The HTTP status where Pythe's documentation gives one (insufficient_credits 402,
http_429 429)."""

MEANING: Final[dict[ErrorCode, str]] = {ErrorCode(row.code): row.meaning for row in _ROWS}
"""What each code means, from Pythe's documentation."""

GUIDANCE: Final[dict[ErrorCode, str]] = {ErrorCode(row.code): row.hint for row in _ROWS}
"""What to do, word for word from Pythe's documentation."""

AI_TEAM_TOOLS: Final = (
    "list_team", "assign_task", "list_runs", "get_run", "answer_run", "cancel_run",
    "list_approvals", "search_library", "get_library_item", "list_memory", "get_plan_build",
)  # fmt: skip
"""Tools that return the uniform envelope, as text and as structured content."""

COMPANY_TOOLS: Final = (
    "get_founder_context", "get_operating_plan", "get_task_prompt", "list_artifacts",
    "get_credit_balance", "run_research", "save_note", "save_chat", "add_milestone",
    "update_operating_plan", "list_workspaces", "set_active_workspace",
)  # fmt: skip
"""Company, plan and note tools: a text result with a ``structuredContent`` object."""

IDEMPOTENT_TOOL: Final = "assign_task"
IDEMPOTENCY_KEY: Final = "idempotency_key"
"""Send the same ``idempotency_key`` to ``assign_task`` when you retry, and the task
starts once: the replay says ``reused: true`` and gives the existing run."""


class Employee(WireModel):
    """An AI employee: ``{id, name, role}``."""

    id: StrictStr
    name: StrictStr
    role: StrictStr


class Run(WireModel):
    """A run of a task: ``{id, status, employee}``."""

    id: StrictStr
    status: StrictStr
    employee: Employee


class NextStep(WireModel):
    """What would sensibly come next: a tool, why, and arguments."""

    tool: StrictStr
    why: StrictStr
    args: dict[str, Any]


class SuccessEnvelope(WireModel):
    """``{ok: true, summary, run?, reused?, poll_after_seconds, next}``."""

    ALWAYS = frozenset({"ok"})
    ok: Annotated[Literal[True], ExactBool] = True
    summary: StrictStr
    """One sentence a model can relay to the founder."""
    run: Run | None = None
    reused: StrictBool | None = None
    """``True`` when an ``idempotency_key`` replay gave back the existing run."""
    poll_after_seconds: (
        StrictInt | Annotated[float, Field(strict=True, allow_inf_nan=False)] | None
    ) = None
    """How long to wait before polling again; ``None`` when finished."""
    next: list[NextStep] | None = None


class ErrorEnvelope(WireModel):
    """``{ok: false, code, message, retryable, how_to_fix}``: every field is required."""

    ALWAYS = frozenset({"ok"})
    ok: Annotated[Literal[False], ExactBool] = False
    code: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr
    retryable: StrictBool
    how_to_fix: StrictStr

    def check_strict(self) -> None:
        if not isinstance(self.code, ErrorCode):
            raise FieldProblem("code", f"unknown code {self.code!r}")


Payload: TypeAlias = ErrorEnvelope | SuccessEnvelope
"""An AI-team tool's result."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """An envelope (dict, JSON text, model, or an MCP result wrapping one) as its model."""
    data = as_data(payload)
    if "ok" not in data and ("structuredContent" in data or "content" in data):
        data = unwrap(data)
    if data.get("ok") is True:
        return validate(SuccessEnvelope, data, strict)
    return validate(ErrorEnvelope, data, strict)


def wrap(envelope: Payload | Mapping[str, Any]) -> dict[str, Any]:
    """An AI-team tool's CallToolResult: the same JSON as text and as structured content,
    with ``isError: true`` for an error envelope."""
    data = envelope.to_wire() if isinstance(envelope, WireModel) else dict(envelope)
    return {
        "content": [{"type": "text", "text": json.dumps(data, ensure_ascii=False)}],
        "structuredContent": data,
        "isError": data.get("ok") is False,
    }


def wrap_text(text: str, structured: Mapping[str, Any]) -> dict[str, Any]:
    """A company, plan or note tool's CallToolResult: text with a structured object."""
    return {"content": [{"type": "text", "text": text}], "structuredContent": dict(structured)}


def unwrap(result: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON object inside a CallToolResult: ``structuredContent``, else the text."""
    structured = result.get("structuredContent")
    if isinstance(structured, dict):
        return structured
    for index, block in enumerate(result.get("content") or ()):
        if isinstance(block, Mapping) and block.get("type") == "text":
            text = block.get("text")
            if not isinstance(text, str):
                continue
            try:
                value = load(text, MAX_BYTES, f"/content/{index}/text")
            except ShapeError:
                continue
            if isinstance(value, dict):
                return value
            raise ShapeError("expected a JSON object in the text content", f"/content/{index}/text")
    raise ShapeError("no structuredContent and no JSON text content", "")
