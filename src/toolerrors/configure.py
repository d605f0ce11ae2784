"""The Configure SDK: ``ConfigureError``, its codes and suggested actions, and tool calls.

SDK methods reject with `ConfigureError` for API, validation, permission, tool,
timeout and network failures.  The special cases Configure documents are data here:
structured backend 404s arrive as ``INVALID_INPUT`` with ``statusCode`` 404
(``NOT_FOUND`` only for legacy unstructured responses), OTP throttling is
``RATE_LIMITED`` with ``retryable: false``, and local TIMEOUT and NETWORK_ERROR leave
``retryable`` undefined.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Final, TypeAlias

from pydantic import AfterValidator, Field, StrictBool, StrictInt, StrictStr

from ._builtin.configure import CONFIGURE_LOCAL, ROWS, ConfigureError
from ._enum import TextEnum
from ._errors import ShapeError
from ._json import MAX_BYTES, MAX_WAIT, SECONDS, load
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = [
    "AUTH_FLOW_CODES",
    "FORGET_ID",
    "GUIDANCE",
    "LOCAL_CODES",
    "MEANING",
    "OTP_BLOCKED",
    "STRUCTURED_404_TYPES",
    "AuthFlowReason",
    "ConfigureError",
    "ConfigureErrorBody",
    "ErrorCode",
    "ForgetResult",
    "Payload",
    "SuggestedAction",
    "ToolCall",
    "check_forget_id",
    "check_tool_enabled",
    "is_not_found",
    "normalize_tool_call",
    "parse",
]


class AuthFlowReason(TextEnum):
    """The ``reason`` of Configure's hosted sign-in and reconnect flows."""

    SIGNIN = "signin"
    RECONNECT = "reconnect"
    PERMISSIONS = "permissions"


class SuggestedAction(TextEnum):
    """Configure's closed, machine-actionable ``suggestedAction`` (11 values)."""

    REAUTHENTICATE = "reauthenticate"
    FIX_REQUEST = "fix_request"
    CONNECT_TOOL = "connect_tool"
    RETRY = "retry"
    UPGRADE_PLAN = "upgrade_plan"
    SPECIFY_AGENT = "specify_agent"
    USE_SECRET_KEY = "use_secret_key"
    CHECK_PERMISSIONS = "check_permissions"
    USE_HOSTED_AUTH = "use_hosted_auth"
    COMPLETE_APPROVAL = "complete_approval"
    COMMIT_PROFILE = "commit_profile"


class ErrorCode(TextEnum):
    """``ErrorCode`` as exported by the Configure SDK (13 values)."""

    API_KEY_MISSING = "API_KEY_MISSING"
    AUTH_REQUIRED = "AUTH_REQUIRED"
    INVALID_INPUT = "INVALID_INPUT"
    TOOL_NOT_CONNECTED = "TOOL_NOT_CONNECTED"
    NETWORK_ERROR = "NETWORK_ERROR"
    RATE_LIMITED = "RATE_LIMITED"
    NOT_FOUND = "NOT_FOUND"
    SERVER_ERROR = "SERVER_ERROR"
    TIMEOUT = "TIMEOUT"
    ACCESS_DENIED = "ACCESS_DENIED"
    TOOL_ERROR = "TOOL_ERROR"
    PAYMENT_REQUIRED = "PAYMENT_REQUIRED"
    COMMIT_REQUIRED = "COMMIT_REQUIRED"


_ROWS: Final = [row for row in ROWS if row.reads and row.when_status is None]

MEANING: Final[dict[ErrorCode, str]] = {ErrorCode(row.code): row.meaning for row in _ROWS}
"""Each code's typical meaning, from Configure's documentation."""

GUIDANCE: Final[dict[ErrorCode, str]] = {ErrorCode(row.code): row.hint for row in _ROWS if row.hint}
"""What to do, where Configure's documentation says (the hosted flows, and commit before
re-reading)."""

STRUCTURED_404_TYPES: Final = ("resource_missing", "agent_not_found")
"""Structured backend 404s: they arrive as INVALID_INPUT with statusCode 404, not NOT_FOUND.

Configure's documentation names these backend errors without saying which field carries the name;
toolerrors expects it in ``type``.  Nothing depends on it: the 404 is read from
``statusCode``."""

OTP_BLOCKED: Final = "otp_blocked"
"""OTP throttling: surfaces as RATE_LIMITED, but with ``retryable: false`` (the name in
``type``, as for the structured 404s; what counts is ``retryable``)."""

LOCAL_CODES: Final = CONFIGURE_LOCAL
"""Errors the SDK creates locally: ``retryable`` is left undefined, not false."""

AUTH_FLOW_CODES: Final = frozenset({ErrorCode.AUTH_REQUIRED, ErrorCode.TOOL_NOT_CONNECTED})
"""Recovered through the hosted flows, with an `AuthFlowReason`."""

FORGET_ID: Final = re.compile(r"mem_[0-9a-fA-F]{32}")
"""A well-formed ``forget()`` id: ``mem_`` plus 32 hex characters."""

_Seconds = Annotated[float, Field(strict=True, ge=0, le=MAX_WAIT, allow_inf_nan=False)]


def _as_float(value: int) -> int:
    """A whole number of seconds no longer than `toolerrors.MAX_WAIT` (``10**400`` is
    not even a float)."""
    if value > MAX_WAIT:
        raise FieldProblem("retryAfter", f"expected {SECONDS}")
    return value


class ConfigureErrorBody(WireModel):
    """A ``ConfigureError``'s fields as JSON, camelCase as the SDK names them.

    Unset fields are absent when dumped, never ``null``.
    """

    code: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr
    status_code: StrictInt | None = Field(None, alias="statusCode")
    type: StrictStr | None = None
    param: StrictStr | None = None
    retryable: StrictBool | None = None
    suggested_action: Annotated[
        SuggestedAction | StrictStr | None,
        Field(alias="suggestedAction", union_mode="left_to_right"),
    ] = None
    doc_url: StrictStr | None = Field(None, alias="docUrl")
    retry_after: (
        Annotated[int, Field(strict=True, ge=0), AfterValidator(_as_float)] | _Seconds | None
    ) = Field(None, alias="retryAfter")
    request_id: StrictStr | None = Field(None, alias="requestId")

    def check_strict(self) -> None:
        if not isinstance(self.code, ErrorCode):
            raise FieldProblem("code", f"unknown code {self.code!r}")
        if self.suggested_action is not None and not isinstance(
            self.suggested_action, SuggestedAction
        ):
            raise FieldProblem(
                "suggestedAction", f"unknown suggestedAction {self.suggested_action!r}"
            )
        nulls = sorted(name for name in self.model_fields_set if getattr(self, name) is None)
        if nulls:
            alias = type(self).model_fields[nulls[0]].alias or nulls[0]
            raise FieldProblem(alias, f"null in {alias}; leave undefined fields out")

    def to_error(self) -> ConfigureError:
        """The exception the SDK would reject with."""
        return ConfigureError.from_wire(self.to_wire())


class ForgetResult(WireModel):
    """What ``forget()`` resolves with for an unknown id or another agent's memory.

    It is a result, not an error: check ``deleted``, not just the catch block.
    """

    deleted: StrictBool
    message: StrictStr


Payload: TypeAlias = ConfigureErrorBody
"""A Configure error on the wire."""


def parse(payload: object, *, strict: bool = False) -> ConfigureErrorBody:
    """A Configure error (dict, JSON text, model or ``ConfigureError``) as its wire model."""
    if isinstance(payload, ConfigureError):
        payload = payload.to_wire()
    return validate(ConfigureErrorBody, as_data(payload), strict)


def is_not_found(error: ConfigureError) -> bool:
    """Both forms of not found: the structured ``statusCode`` 404 and legacy NOT_FOUND."""
    return error.statusCode == 404 or error.code == ErrorCode.NOT_FOUND


def check_forget_id(memory_id: object) -> str:
    """``memory_id`` when well formed, else the INVALID_INPUT ``ConfigureError`` the SDK throws."""
    if isinstance(memory_id, str) and FORGET_ID.fullmatch(memory_id):
        return memory_id
    raise ConfigureError(
        f"Malformed forget id {memory_id!r}: expected mem_ plus 32 hex characters.",
        code=ErrorCode.INVALID_INPUT.value,
    )


@dataclass(frozen=True)
class ToolCall:
    """A tool call in the one shape the rest of the code works with."""

    name: str
    arguments: dict[str, Any] = field(default_factory=dict)


def _invalid(problem: str) -> ConfigureError:
    return ConfigureError(f"Invalid tool call: {problem}", code=ErrorCode.INVALID_INPUT.value)


def _arguments(value: object, where: str) -> dict[str, Any]:
    if isinstance(value, str):
        try:
            value = load(value, MAX_BYTES)
        except ShapeError as exc:
            joint = " is " if exc.problem.startswith("not ") else ": "
            raise _invalid(f"{where}{joint}{exc.problem}") from None
    if not isinstance(value, dict):
        raise _invalid(f"{where} must be an object or a JSON string of one")
    return value


def normalize_tool_call(call: object) -> ToolCall:
    """One `ToolCall` from ``{name, arguments}``, ``{name, input}`` or
    ``{function: {name, arguments}}`` (``arguments`` may be a JSON string).

    Anything else raises ``ConfigureError`` with code INVALID_INPUT.
    """
    if isinstance(call, ToolCall):
        return call
    if not isinstance(call, Mapping):
        raise _invalid(f"expected an object, got {type(call).__name__}")
    where = ""
    if "function" in call:
        call, where = call["function"], "function."
        if not isinstance(call, Mapping):
            raise _invalid("function must be an object")
    name = call.get("name")
    if not isinstance(name, str) or not name:
        raise _invalid(f"{where}name must be a non-empty string")
    if "arguments" in call:
        return ToolCall(name, _arguments(call["arguments"], f"{where}arguments"))
    if "input" in call and not where:
        value = call["input"]
        if not isinstance(value, dict):
            raise _invalid("input must be an object")
        return ToolCall(name, value)
    raise _invalid(f"expected {where}arguments" + ("" if where else " or input"))


def check_tool_enabled(call: object, enabled: Iterable[str]) -> ToolCall:
    """The normalized call, or ``ConfigureError`` ACCESS_DENIED for any name outside the
    enabled set (unknown or not), as ``executeTool()`` rejects it."""
    normalized = normalize_tool_call(call)
    if normalized.name not in set(enabled):
        raise ConfigureError(
            f"Tool {normalized.name!r} is not enabled; "
            "call profile.tools() with its connector first.",
            code=ErrorCode.ACCESS_DENIED.value,
        )
    return normalized
