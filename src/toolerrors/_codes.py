"""The vendors' own codes, as closed enums.

They live apart from the wire models so that reading a payload never has to build
a pydantic model; each vendor module re-exports its own.
"""

from __future__ import annotations

from typing import Final

from ._enum import TextEnum

__all__ = [
    "CONFIGURE_LOCAL",
    "CONFIGURE_SDK_MADE",
    "CONFIGURE_TRANSIENT",
    "REASON_BY_VALUE",
    "AuthFlowReason",
    "ConfigureCode",
    "Outcome",
    "PytheCode",
    "Reason",
    "SuggestedAction",
    "UseToolCode",
]


class UseToolCode(TextEnum):
    """The ``error`` of a failed ``use_tool`` call (12 kinds)."""

    NOT_CONNECTED = "not_connected"
    REAUTH = "reauth"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    RATE_LIMITED = "rate_limited"
    UNAVAILABLE = "unavailable"
    TOO_LARGE = "too_large"
    UNSUPPORTED = "unsupported"
    BAD_INPUT = "bad_input"
    VENDOR = "vendor"
    CHANGED = "changed"
    UNKNOWN_OUTCOME = "unknown_outcome"


class Outcome(TextEnum):
    """How the check held an action back: it asks the owner, or it stops."""

    ASK = "ask"
    STOP = "stop"

    @property
    def key(self) -> str:
        """The JSON key ``use_tool`` returns for this outcome."""
        return "not_done_yet" if self is Outcome.ASK else "refused"


class Reason(TextEnum):
    """The six reasons the check gives, word for word (curly apostrophes included)."""

    UNNAMED_RECIPIENT = "it goes to someone the owner hasn’t named"
    UNREQUESTED_CHANGE = "it removes or rewrites something the owner didn’t point to"
    INDIRECT_REQUEST = "the request came from what you read, not from the owner"
    SENSITIVE_DATA = "it would send a password, card or bank number, or an ID number"
    UNDECIDED = "the check couldn’t decide"
    UNREACHABLE = "the check couldn’t be reached"

    @property
    def outcome(self) -> Outcome:
        """Whether this reason asks the owner or stops the action."""
        return Outcome.STOP if self is Reason.SENSITIVE_DATA else Outcome.ASK


class PytheCode(TextEnum):
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


class ConfigureCode(TextEnum):
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


REASON_BY_VALUE: Final = {reason.value: reason for reason in Reason}
"""A reason's exact words -> the `Reason`."""

CONFIGURE_LOCAL: Final = frozenset({ConfigureCode.TIMEOUT, ConfigureCode.NETWORK_ERROR})
"""Configure errors the SDK creates locally: ``retryable`` is left undefined, not false."""

CONFIGURE_SDK_MADE: Final = CONFIGURE_LOCAL | {ConfigureCode.API_KEY_MISSING}
"""Configure errors the SDK makes before any response: no ``statusCode``, no ``requestId``
and no ``retryable`` (API_KEY_MISSING: "No API key was provided and CONFIGURE_API_KEY was
not set")."""

CONFIGURE_TRANSIENT: Final = frozenset(
    {ConfigureCode.RATE_LIMITED, ConfigureCode.SERVER_ERROR, ConfigureCode.TOOL_ERROR}
)
"""Marked ``retryable: true`` by the backend: the plain rate limit, transient tool
failures and 5xx-class errors."""


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


class AuthFlowReason(TextEnum):
    """The ``reason`` of Configure's hosted sign-in and reconnect flows."""

    SIGNIN = "signin"
    RECONNECT = "reconnect"
    PERMISSIONS = "permissions"
