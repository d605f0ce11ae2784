"""The unified vocabulary: what kind of failure it was, and what to do next."""

from __future__ import annotations

from typing import Final

from ._enum import TextEnum

__all__ = ["ACTION_BY_VALUE", "KIND_BY_VALUE", "Action", "ErrorKind"]


class ErrorKind(TextEnum):
    """The caller's situation after a failed tool call, whichever system reported it."""

    NOT_CONNECTED = "not_connected"
    UNAUTHENTICATED = "unauthenticated"
    PERMISSION_DENIED = "permission_denied"
    NOT_FOUND = "not_found"
    AMBIGUOUS = "ambiguous"
    INVALID_INPUT = "invalid_input"
    TOO_LARGE = "too_large"
    UNSUPPORTED = "unsupported"
    CONFLICT = "conflict"
    COMMIT_REQUIRED = "commit_required"
    RATE_LIMITED = "rate_limited"
    PAYMENT_REQUIRED = "payment_required"
    PAUSED = "paused"
    UNAVAILABLE = "unavailable"
    UNKNOWN_OUTCOME = "unknown_outcome"
    UPSTREAM_ERROR = "upstream_error"
    INTERNAL = "internal"
    APPROVAL_REQUIRED = "approval_required"
    REFUSED = "refused"
    UNKNOWN = "unknown"


class Action(TextEnum):
    """What a caller should do next: a closed set, so code can branch on it."""

    RETRY = "retry"
    """Try again now; the failure was transient."""
    WAIT_AND_RETRY = "wait_and_retry"
    """Wait (``retry_after`` when given), then try again."""
    CHECK_FIRST = "check_first"
    """It may have happened: check before running it again."""
    FIX_INPUT = "fix_input"
    """Change the input, then run it again."""
    FIND_TARGET = "find_target"
    """Look the target up again (search, or use an exact id)."""
    READ_AGAIN = "read_again"
    """Read the current state first; it changed since it was read."""
    COMMIT = "commit"
    """Commit the pending write-back, then retry the read."""
    RECONNECT = "reconnect"
    """The owner connects the app or tool."""
    REAUTHENTICATE = "reauthenticate"
    """Sign in again or supply valid credentials."""
    UPGRADE_PLAN = "upgrade_plan"
    """Credits, billing or plan (a declined card included): the owner must act."""
    ASK_OWNER = "ask_owner"
    """The owner must allow, approve or resume something."""
    USE_ALTERNATIVE = "use_alternative"
    """This form can't be handled; use another (a link, a search)."""
    READ_MESSAGE = "read_message"
    """Nothing generic applies: read the message and decide."""
    STOP = "stop"
    """Don't try again, and don't try another way."""


KIND_BY_VALUE: Final = {kind.value: kind for kind in ErrorKind}
"""A kind's wire value -> the kind, for readers that must not raise on an unknown one."""

ACTION_BY_VALUE: Final = {action.value: action for action in Action}
"""An action's wire value -> the action."""
