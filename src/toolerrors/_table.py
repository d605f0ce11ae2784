"""The mapping: one table of rows, and the lookups derived from it.

Each row ties a vendor's code to an `ErrorKind`.  A row *reads* when a payload
with that code is understood as that kind, and *writes* when it is the canonical choice
for turning that kind into that vendor's shape.  Every other lookup here is derived
from ``ROWS``; ``scripts/gen_docs.py`` renders the same rows as ``docs/mapping.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ._codes import ConfigureCode, PytheCode, SuggestedAction, UseToolCode
from ._kinds import Action, ErrorKind

__all__ = [
    "CARRIED",
    "HTTP",
    "HTTP_OTHER",
    "KINDS",
    "NOT_KNOWN_HINT",
    "NOT_RETRYABLE_HINT",
    "READ",
    "READ_BY",
    "RETRYABLE",
    "RETRY_ACTIONS",
    "ROWS",
    "SUGGESTED",
    "TARGETS",
    "VENDORS",
    "WRITE",
    "KindInfo",
    "Row",
    "Target",
    "Vendor",
    "read_row",
]

Vendor = Literal["use_tool", "pythe", "configure"]
VENDORS: Final[tuple[Vendor, ...]] = ("use_tool", "pythe", "configure")

Target = Literal["use_tool", "pythe", "configure", "problem"]
"""Where `toolerrors.convert` can write: a vendor, or RFC 9457 problem details."""
TARGETS: Final[tuple[Target, ...]] = (*VENDORS, "problem")


@dataclass(frozen=True, slots=True)
class KindInfo:
    """What a kind means for a caller: the default action, our hint, its HTTP status,
    and whether another attempt can ever help without someone acting first."""

    action: Action
    hint: str
    status: int | None
    retries: bool = False


KINDS: Final[dict[ErrorKind, KindInfo]] = {
    ErrorKind.NOT_CONNECTED: KindInfo(
        Action.RECONNECT, "Ask the owner to connect the app; carry on with the rest.", None
    ),
    ErrorKind.UNAUTHENTICATED: KindInfo(
        Action.REAUTHENTICATE, "Sign in again, or supply valid credentials.", 401
    ),
    ErrorKind.PERMISSION_DENIED: KindInfo(
        Action.ASK_OWNER, "Tell the owner what access it needs.", 403
    ),
    ErrorKind.NOT_FOUND: KindInfo(
        Action.FIND_TARGET, "Look the target up again before retrying.", 404
    ),
    ErrorKind.AMBIGUOUS: KindInfo(
        Action.FIND_TARGET, "Use the exact id of the one you mean.", None
    ),
    ErrorKind.INVALID_INPUT: KindInfo(Action.FIX_INPUT, "Fix the input and run it again.", 400),
    ErrorKind.TOO_LARGE: KindInfo(
        Action.USE_ALTERNATIVE, "Use a smaller input, or a link instead.", 413
    ),
    ErrorKind.UNSUPPORTED: KindInfo(
        Action.USE_ALTERNATIVE, "Use another form of the input, or say so.", 415
    ),
    ErrorKind.CONFLICT: KindInfo(Action.READ_AGAIN, "Read it again first, then decide.", 409),
    ErrorKind.COMMIT_REQUIRED: KindInfo(
        Action.COMMIT, "Commit the pending write-back, then retry the read.", None
    ),
    ErrorKind.RATE_LIMITED: KindInfo(
        Action.WAIT_AND_RETRY, "Wait, then try once more.", 429, retries=True
    ),
    ErrorKind.PAYMENT_REQUIRED: KindInfo(
        Action.UPGRADE_PLAN, "Credits or plan stand in the way: ask the owner.", 402
    ),
    ErrorKind.PAUSED: KindInfo(Action.ASK_OWNER, "The owner must resume it.", None),
    ErrorKind.UNAVAILABLE: KindInfo(Action.RETRY, "Try again later, or say so.", 503, retries=True),
    ErrorKind.UNKNOWN_OUTCOME: KindInfo(
        Action.CHECK_FIRST, "Check whether it happened before you run it again.", 504, retries=True
    ),
    ErrorKind.UPSTREAM_ERROR: KindInfo(
        Action.READ_MESSAGE,
        "The app gave an error of its own: read the message.",
        502,
        retries=True,
    ),
    ErrorKind.INTERNAL: KindInfo(
        Action.RETRY, "Something unexpected went wrong; try again later.", 500, retries=True
    ),
    ErrorKind.APPROVAL_REQUIRED: KindInfo(
        Action.ASK_OWNER, "Ask the owner first; once they say yes, do it again.", 403
    ),
    ErrorKind.REFUSED: KindInfo(Action.STOP, "Tell the owner, and don't try another way.", 403),
    ErrorKind.UNKNOWN: KindInfo(
        Action.READ_MESSAGE,
        "An error this library does not know: read the message.",
        None,
        retries=True,
    ),
}
"""Per kind: the default action, our guidance, and the HTTP status that best says it."""

RETRY_ACTIONS: Final = frozenset({Action.RETRY, Action.WAIT_AND_RETRY})
"""Actions that invite another attempt; an error marked not retryable never gets one."""

NOT_RETRYABLE_HINT: Final = "Marked not retryable: read the message before doing anything else."
"""The hint, instead of a retry, for an error whose kind would retry but which says not to."""

NOT_KNOWN_HINT: Final = (
    "Whether another attempt is safe is not known: check before you run it again."
)
"""The hint, instead of a retry, for an error whose kind would retry but whose retry
advice is not known (``retryable`` ``None``)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One vendor code and the kind it stands for."""

    vendor: Vendor
    code: str
    kind: ErrorKind
    retryable: bool | None
    """Retry advice when the payload carries none (use_tool never does, Configure may not)."""
    status: int | None = None
    """The HTTP status the vendor's documentation gives this code; also written when the error has none."""
    reads: bool = True
    """Payloads with this code are read as this kind."""
    writes: bool = False
    """Canonical: this kind is written to this vendor as this code."""
    when_status: int | None = None
    """The row reads only payloads carrying this status (Configure's structured 404)."""
    suggested: SuggestedAction | None = None
    """Configure: the ``suggestedAction`` a written error carries."""
    meaning: str = ""
    hint: str = ""
    """What to do, in the vendor's documented words where it gives them."""
    lost: str = ""
    """What a write through this row cannot say."""

    @property
    def label(self) -> str:
        """The code, with the status it needs when the row reads only that status."""
        return (
            self.code
            if self.when_status is None
            else f"{self.code} + statusCode {self.when_status}"
        )


def _u(code: str, kind: ErrorKind, retryable: bool | None, meaning: str, hint: str) -> Row:
    return Row("use_tool", str(code), kind, retryable, writes=True, meaning=meaning, hint=hint)


def _p(
    code: PytheCode,
    kind: ErrorKind,
    retryable: bool,
    meaning: str,
    hint: str,
    *,
    status: int | None = None,
    writes: bool = False,
) -> Row:
    return Row(
        "pythe", str(code), kind, retryable, status, writes=writes, meaning=meaning, hint=hint
    )


def _c(
    code: ConfigureCode,
    kind: ErrorKind,
    meaning: str,
    *,
    writes: bool = False,
    when_status: int | None = None,
    suggested: SuggestedAction | None = None,
    hint: str = "",
) -> Row:
    return Row(
        "configure",
        str(code),
        kind,
        None,
        when_status,
        writes=writes,
        when_status=when_status,
        suggested=suggested,
        meaning=meaning,
        hint=hint,
    )


def _to(
    vendor: Vendor,
    code: str,
    kind: ErrorKind,
    lost: str,
    *,
    suggested: SuggestedAction | None = None,
) -> Row:
    """A write-only row: how a kind the vendor has no code for is written."""
    return Row(
        vendor, str(code), kind, None, reads=False, writes=True, suggested=suggested, lost=lost
    )


# fmt: off
ROWS: Final[tuple[Row, ...]] = (
    # use_tool: its documented table of error kinds, then the two check-held outcomes.
    _u(UseToolCode.NOT_CONNECTED, ErrorKind.NOT_CONNECTED, False,
       "The app isn’t connected.",
       "A card offers the owner the connection. Say in a line what it lets you do, and carry on with the rest."),
    _u(UseToolCode.REAUTH, ErrorKind.UNAUTHENTICATED, False,
       "The account needs signing in again, or the connection doesn’t allow this yet, such as a write to read-only Gmail.",
       "A card asks the owner to connect again. Carry on with the rest."),
    _u(UseToolCode.FORBIDDEN, ErrorKind.PERMISSION_DENIED, False,
       "The account doesn’t allow this, such as a file the owner can only view.",
       "Tell the owner what it needs."),
    _u(UseToolCode.NOT_FOUND, ErrorKind.NOT_FOUND, False,
       "Nothing at that id or address, or it was moved.",
       "Search for it again."),
    _u(UseToolCode.RATE_LIMITED, ErrorKind.RATE_LIMITED, True,
       "The app is limiting requests.",
       "Wait, then try once more."),
    _u(UseToolCode.UNAVAILABLE, ErrorKind.UNAVAILABLE, True,
       "The app or service didn’t answer.",
       "Try again later, or say so."),
    _u(UseToolCode.TOO_LARGE, ErrorKind.TOO_LARGE, False,
       "Over a size limit, such as a file over 25 MB.",
       "Use its link instead."),
    _u(UseToolCode.UNSUPPORTED, ErrorKind.UNSUPPORTED, False,
       "A kind of file or request it can’t handle, such as a scanned PDF’s text.",
       "Search for its words, or say so."),
    _u(UseToolCode.BAD_INPUT, ErrorKind.INVALID_INPUT, False,
       "The input can’t run as written. The message says what and where.",
       "Fix the input and run it again."),
    _u(UseToolCode.VENDOR, ErrorKind.UPSTREAM_ERROR, False,
       "The app gave an error of its own, as its message says.",
       "Read the message."),
    _u(UseToolCode.CHANGED, ErrorKind.CONFLICT, False,
       "What it was about changed since it was read.",
       "Read it again first."),
    _u(UseToolCode.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN_OUTCOME, None,
       "It may or may not have happened.",
       "Check before you run it again."),
    _u("not_done_yet", ErrorKind.APPROVAL_REQUIRED, False,
       "The check asks the owner first; nothing ran.",
       "Ask in your reply, saying what you would do. Once they say yes, do it again."),
    _u("refused", ErrorKind.REFUSED, False,
       "The check stopped the action; nothing ran.",
       "Tell the owner, and don't try another way."),
    _to("use_tool", UseToolCode.BAD_INPUT, ErrorKind.AMBIGUOUS,
        "that more than one target matched (the message keeps it)"),
    _to("use_tool", UseToolCode.VENDOR, ErrorKind.COMMIT_REQUIRED,
        "the commit-then-retry step (the message keeps it)"),
    _to("use_tool", UseToolCode.FORBIDDEN, ErrorKind.PAYMENT_REQUIRED,
        "that credits or the plan are the obstacle"),
    _to("use_tool", UseToolCode.FORBIDDEN, ErrorKind.PAUSED,
        "that the target is paused and must be resumed"),
    _to("use_tool", UseToolCode.UNAVAILABLE, ErrorKind.INTERNAL,
        "that the fault is inside the platform"),
    _to("use_tool", UseToolCode.VENDOR, ErrorKind.UNKNOWN,
        "nothing more: the code was unknown to begin with"),
    # Pythe: its documented table of error codes.
    _p(PytheCode.UNAUTHORIZED, ErrorKind.UNAUTHENTICATED, False,
       "No signed-in Pythe connection.",
       "Reconnect Pythe and sign in again.", writes=True),
    _p(PytheCode.FORBIDDEN, ErrorKind.PERMISSION_DENIED, False,
       "The connection cannot reach that workspace.",
       "Reconnect and choose the workspace again.", writes=True),
    _p(PytheCode.NOT_FOUND, ErrorKind.NOT_FOUND, False,
       "No such employee, run or item.",
       "Check the id with list_team or list_runs.", writes=True),
    _p(PytheCode.AMBIGUOUS, ErrorKind.AMBIGUOUS, False,
       "More than one employee matches the name.",
       "Use the employee’s id from list_team.", writes=True),
    _p(PytheCode.INVALID_INPUT, ErrorKind.INVALID_INPUT, False,
       "An argument is wrong.",
       "Check it against the tool’s inputs.", writes=True),
    _p(PytheCode.PAUSED, ErrorKind.PAUSED, False,
       "That employee is paused.",
       "The founder can resume them from Team in Pythe.", writes=True),
    _p(PytheCode.EMPLOYEES, ErrorKind.PAYMENT_REQUIRED, False,
       "AI employees are not on this plan.",
       "Employees are on Base and Premium; the founder can upgrade."),
    _p(PytheCode.GROUP_CHATS, ErrorKind.PAYMENT_REQUIRED, False,
       "Group chats are not on this plan.",
       "Base and Premium."),
    _p(PytheCode.INSUFFICIENT_CREDITS, ErrorKind.PAYMENT_REQUIRED, False,
       "The workspace is out of AI credits.",
       "Check get_credit_balance and ask the founder.", status=402, writes=True),
    _p(PytheCode.NETWORK, ErrorKind.UNAVAILABLE, True,
       "Could not reach Pythe.",
       "Retryable. Try again in a moment."),
    _p(PytheCode.HTTP_5XX, ErrorKind.UNAVAILABLE, True,
       "Server trouble.",
       "Retryable.", writes=True),
    _p(PytheCode.HTTP_429, ErrorKind.RATE_LIMITED, True,
       "Rate limit.",
       "Retryable.", status=429, writes=True),
    _p(PytheCode.INTERNAL, ErrorKind.INTERNAL, True,
       "Something unexpected.",
       "Marked retryable.", writes=True),
    _to("pythe", PytheCode.UNAUTHORIZED, ErrorKind.NOT_CONNECTED,
        "that it is an app connection, not a sign-in"),
    _to("pythe", PytheCode.INVALID_INPUT, ErrorKind.TOO_LARGE,
        "that the input is too large"),
    _to("pythe", PytheCode.INVALID_INPUT, ErrorKind.UNSUPPORTED,
        "that the input's kind is unsupported"),
    _to("pythe", PytheCode.INVALID_INPUT, ErrorKind.CONFLICT,
        "that it changed since it was read"),
    _to("pythe", PytheCode.INVALID_INPUT, ErrorKind.COMMIT_REQUIRED,
        "the commit-then-retry step"),
    _to("pythe", PytheCode.INTERNAL, ErrorKind.UNKNOWN_OUTCOME,
        "that it may have happened; written with retryable false so it is not retried blindly"),
    _to("pythe", PytheCode.INTERNAL, ErrorKind.UPSTREAM_ERROR,
        "that the app behind the tool failed"),
    _to("pythe", PytheCode.FORBIDDEN, ErrorKind.APPROVAL_REQUIRED,
        "the owner and reason as fields (how_to_fix carries the check's instruction)"),
    _to("pythe", PytheCode.FORBIDDEN, ErrorKind.REFUSED,
        "the owner and reason as fields (how_to_fix carries the check's instruction)"),
    _to("pythe", PytheCode.INTERNAL, ErrorKind.UNKNOWN,
        "nothing more: the code was unknown to begin with"),
    # Configure: ErrorCode and its documented common cases.
    _c(ConfigureCode.API_KEY_MISSING, ErrorKind.UNAUTHENTICATED,
       "No API key was provided and CONFIGURE_API_KEY was not set."),
    _c(ConfigureCode.AUTH_REQUIRED, ErrorKind.UNAUTHENTICATED,
       "Token is missing, invalid, expired, or rejected by the API.",
       writes=True, suggested=SuggestedAction.REAUTHENTICATE, hint="Send the user through the hosted sign-in flow (reason: signin)."),
    _c(ConfigureCode.INVALID_INPUT, ErrorKind.INVALID_INPUT,
       "SDK-side or API-side input validation failed.", writes=True, suggested=SuggestedAction.FIX_REQUEST),
    _c(ConfigureCode.INVALID_INPUT, ErrorKind.NOT_FOUND,
       "A structured backend 404 (resource_missing, agent_not_found); branch on statusCode 404.", when_status=404, writes=True),
    _c(ConfigureCode.TOOL_NOT_CONNECTED, ErrorKind.NOT_CONNECTED,
       "A connector-backed tool requires a user connection that is not available.",
       writes=True, suggested=SuggestedAction.CONNECT_TOOL, hint="Send the user through the hosted reconnect flow (reason: reconnect)."),
    _c(ConfigureCode.NETWORK_ERROR, ErrorKind.UNKNOWN_OUTCOME,
       "Fetch failed before an API response was received (the request may have been sent)."),
    _c(ConfigureCode.RATE_LIMITED, ErrorKind.RATE_LIMITED,
       "The API returned a rate limit response.", writes=True),
    _c(ConfigureCode.NOT_FOUND, ErrorKind.NOT_FOUND,
       "The requested resource was not found (legacy unstructured responses only)."),
    _c(ConfigureCode.SERVER_ERROR, ErrorKind.INTERNAL,
       "The backend returned a 5xx or structured API error.", writes=True),
    _c(ConfigureCode.TIMEOUT, ErrorKind.UNKNOWN_OUTCOME,
       "The request timed out.", writes=True),
    _c(ConfigureCode.ACCESS_DENIED, ErrorKind.PERMISSION_DENIED,
       "The current profile object is not allowed to access the requested resource or tool.", writes=True, suggested=SuggestedAction.CHECK_PERMISSIONS),
    _c(ConfigureCode.TOOL_ERROR, ErrorKind.UPSTREAM_ERROR,
       "A connector or provider operation failed.", writes=True),
    _c(ConfigureCode.PAYMENT_REQUIRED, ErrorKind.PAYMENT_REQUIRED,
       "Billing or quota limits blocked the request.", writes=True, suggested=SuggestedAction.UPGRADE_PLAN),
    _c(ConfigureCode.COMMIT_REQUIRED, ErrorKind.COMMIT_REQUIRED,
       "A profile read created a write-back obligation.",
       writes=True, suggested=SuggestedAction.COMMIT_PROFILE, hint="Call profile.commit() (server-side write-back), then retry the read."),
    _to("configure", ConfigureCode.INVALID_INPUT, ErrorKind.AMBIGUOUS,
        "that more than one target matched", suggested=SuggestedAction.FIX_REQUEST),
    _to("configure", ConfigureCode.INVALID_INPUT, ErrorKind.TOO_LARGE,
        "that the input is too large", suggested=SuggestedAction.FIX_REQUEST),
    _to("configure", ConfigureCode.INVALID_INPUT, ErrorKind.UNSUPPORTED,
        "that the input's kind is unsupported", suggested=SuggestedAction.FIX_REQUEST),
    _to("configure", ConfigureCode.INVALID_INPUT, ErrorKind.CONFLICT,
        "that it changed since it was read"),
    _to("configure", ConfigureCode.ACCESS_DENIED, ErrorKind.PAUSED,
        "that the target is paused and must be resumed"),
    _to("configure", ConfigureCode.SERVER_ERROR, ErrorKind.UNAVAILABLE,
        "that the service did not answer at all"),
    _to("configure", ConfigureCode.ACCESS_DENIED, ErrorKind.APPROVAL_REQUIRED,
        "the owner and reason as fields", suggested=SuggestedAction.COMPLETE_APPROVAL),
    _to("configure", ConfigureCode.ACCESS_DENIED, ErrorKind.REFUSED,
        "the owner and reason as fields; written with retryable false"),
    _to("configure", ConfigureCode.SERVER_ERROR, ErrorKind.UNKNOWN,
        "nothing more: the code was unknown to begin with"),
)
# fmt: on

RETRYABLE: Final[dict[tuple[str, str], bool | None]] = {
    (row.vendor, row.code): row.retryable for row in ROWS if row.reads and row.when_status is None
}
"""(vendor, code) -> the retry advice a payload with that code gives by default."""

READ: Final[dict[tuple[str, str, int | None], Row]] = {
    (row.vendor, row.code, row.when_status): row for row in ROWS if row.reads
}
"""(vendor, code, status or None) -> the row a payload is read by."""

WRITE: Final[dict[tuple[str, ErrorKind], Row]] = {
    (row.vendor, row.kind): row for row in ROWS if row.writes
}
"""(vendor, kind) -> the canonical row a kind is written by."""


def _by_vendor_and_code() -> dict[str, dict[str, dict[int | None, Row]]]:
    index: dict[str, dict[str, dict[int | None, Row]]] = {}
    for row in READ.values():
        index.setdefault(row.vendor, {}).setdefault(row.code, {})[row.when_status] = row
    return index


READ_BY: Final = _by_vendor_and_code()
"""``READ`` nested as vendor -> code -> status, so a lookup builds no tuple."""


def read_row(vendor: str, code: str, status: int | None) -> Row | None:
    """The row a payload with this vendor, code and status is read by, if any."""
    codes = READ_BY.get(vendor)
    rows = codes.get(code) if codes is not None else None
    if rows is None:
        return None
    return rows.get(status) or rows.get(None) if status is not None else rows.get(None)


HELD: Final = frozenset({"not_done_yet", "refused"})

CARRIED: Final[dict[str, frozenset[str]]] = {
    "use_tool": frozenset({"error", "message", *HELD}),
    "pythe": frozenset({"ok", "code", "message", "retryable"}),
    "configure": frozenset(
        {"code", "message", "statusCode", "retryable", "retryAfter", "requestId"}
    ),
}
"""Each vendor's wire fields that the unified attributes carry; a payload's other fields
are the vendor's own, kept verbatim to give the payload back unchanged."""
"""use_tool's check-held keys; they are codes in the table, not ``error`` values."""

SUGGESTED: Final[dict[str, Action]] = {
    SuggestedAction.REAUTHENTICATE: Action.REAUTHENTICATE,
    SuggestedAction.FIX_REQUEST: Action.FIX_INPUT,
    SuggestedAction.CONNECT_TOOL: Action.RECONNECT,
    SuggestedAction.RETRY: Action.RETRY,
    SuggestedAction.UPGRADE_PLAN: Action.UPGRADE_PLAN,
    SuggestedAction.SPECIFY_AGENT: Action.FIX_INPUT,
    SuggestedAction.USE_SECRET_KEY: Action.REAUTHENTICATE,
    SuggestedAction.CHECK_PERMISSIONS: Action.ASK_OWNER,
    SuggestedAction.USE_HOSTED_AUTH: Action.REAUTHENTICATE,
    SuggestedAction.COMPLETE_APPROVAL: Action.ASK_OWNER,
    SuggestedAction.COMMIT_PROFILE: Action.COMMIT,
}
"""Configure's ``suggestedAction`` -> the unified `Action` it refines to."""

SAFER: Final[dict[Vendor, ErrorKind]] = {"use_tool": ErrorKind.UPSTREAM_ERROR}
"""For a vendor with no ``retryable`` field: the kind whose row to write instead of one
that would invite a retry the error does not allow ("Read the message")."""

HTTP: Final[dict[int, tuple[ErrorKind, bool | None]]] = {
    400: (ErrorKind.INVALID_INPUT, False),
    401: (ErrorKind.UNAUTHENTICATED, False),
    402: (ErrorKind.PAYMENT_REQUIRED, False),
    403: (ErrorKind.PERMISSION_DENIED, False),
    404: (ErrorKind.NOT_FOUND, False),
    408: (ErrorKind.UNKNOWN_OUTCOME, None),
    409: (ErrorKind.CONFLICT, False),
    413: (ErrorKind.TOO_LARGE, False),
    415: (ErrorKind.UNSUPPORTED, False),
    422: (ErrorKind.INVALID_INPUT, False),
    429: (ErrorKind.RATE_LIMITED, True),
    503: (ErrorKind.UNAVAILABLE, True),
    504: (ErrorKind.UNKNOWN_OUTCOME, None),
}
"""HTTP status -> (kind, retryable) when no body says more.  408 and 504 may have run;
503 and 429 were refused before running, so they may be retried."""

HTTP_OTHER: Final[dict[int, tuple[ErrorKind, bool | None]]] = {
    4: (ErrorKind.INVALID_INPUT, False),
    5: (ErrorKind.UNAVAILABLE, None),
}
"""By status class, for statuses ``HTTP`` does not name: not every 5xx is safe to retry."""
