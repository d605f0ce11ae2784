"""The unified side of the mapping: what each kind means, the row type, and HTTP statuses.

Each source declares its own rows (see ``toolerrors._source``): a row ties one of its
codes to an `ErrorKind`.  A row *reads* when a payload with that code is understood as
that kind, and *writes* when it is the canonical choice for turning that kind into that
source's shape.  ``scripts/gen_docs.py`` renders every source's rows as
``docs/mapping.md`` and as the table in each source's own page.
"""

from __future__ import annotations

from typing import Final, NamedTuple, TypeAlias

from ._kinds import Action, ErrorKind

__all__ = [
    "BOUND",
    "CARRIED",
    "HTTP",
    "HTTP_OTHER",
    "KINDS",
    "NOT_KNOWN_HINT",
    "NOT_RETRYABLE_HINT",
    "READ_BY",
    "RETRY_ACTIONS",
    "ROWS",
    "WRITE",
    "KindInfo",
    "Row",
    "Rows",
    "Target",
    "Vendor",
    "error_status",
    "of_status",
    "read_row",
    "row_for",
]


Vendor: TypeAlias = str
"""A source's name, as `UnifiedError.vendor` holds it (``"pythe"``): a built-in one
(`toolerrors.VENDORS`) or one added with `toolerrors.sources.register`."""

Target: TypeAlias = str
"""Where `toolerrors.convert` can write: a source's name, or ``"problem"`` for RFC 9457
problem details (`toolerrors.TARGETS` lists the built-in ones)."""


class KindInfo(NamedTuple):
    """What a kind means for a caller: the default action, our hint, its HTTP status,
    and whether another attempt can ever help without someone acting first."""

    action: Action
    hint: str
    status: int | None
    retries: bool = False
    lost: str = ""
    """What writing this kind as another kind's code cannot say, unless the row says
    otherwise (`Rows.write`)."""


KINDS: Final[dict[ErrorKind, KindInfo]] = {
    ErrorKind.NOT_CONNECTED: KindInfo(
        Action.RECONNECT,
        "Ask the owner to connect the app; carry on with the rest.",
        None,
        lost="that it is an app connection, not a sign-in",
    ),
    ErrorKind.UNAUTHENTICATED: KindInfo(
        Action.REAUTHENTICATE,
        "Sign in again, or supply valid credentials.",
        401,
        lost="that the person must sign in",
    ),
    ErrorKind.PERMISSION_DENIED: KindInfo(
        Action.ASK_OWNER,
        "Tell the owner what access it needs.",
        403,
        lost="that access must be granted",
    ),
    ErrorKind.NOT_FOUND: KindInfo(
        Action.FIND_TARGET,
        "Look the target up again before retrying.",
        404,
        lost="that the target was not found",
    ),
    ErrorKind.AMBIGUOUS: KindInfo(
        Action.FIND_TARGET,
        "Use the exact id of the one you mean.",
        None,
        lost="that more than one target matched",
    ),
    ErrorKind.INVALID_INPUT: KindInfo(
        Action.FIX_INPUT,
        "Fix the input and run it again.",
        400,
        lost="that the input was wrong",
    ),
    ErrorKind.TOO_LARGE: KindInfo(
        Action.USE_ALTERNATIVE,
        "Use a smaller input, or a link instead.",
        413,
        lost="that the input is too large",
    ),
    ErrorKind.UNSUPPORTED: KindInfo(
        Action.USE_ALTERNATIVE,
        "Use another form of the input, or say so.",
        415,
        lost="that the input's kind is unsupported",
    ),
    ErrorKind.CONFLICT: KindInfo(
        Action.READ_AGAIN,
        "Read it again first, then decide.",
        409,
        lost="that it changed since it was read",
    ),
    ErrorKind.COMMIT_REQUIRED: KindInfo(
        Action.COMMIT,
        "Commit the pending write-back, then retry the read.",
        None,
        lost="the commit-then-retry step",
    ),
    ErrorKind.RATE_LIMITED: KindInfo(
        Action.WAIT_AND_RETRY,
        "Wait, then try once more.",
        429,
        retries=True,
        lost="that it is a rate limit, and how long to wait",
    ),
    ErrorKind.PAYMENT_REQUIRED: KindInfo(
        Action.UPGRADE_PLAN,
        "Credits, billing or the card stand in the way: ask the owner to pay or change it.",
        402,
        lost="that credits, billing or the card are the obstacle",
    ),
    ErrorKind.PAUSED: KindInfo(
        Action.ASK_OWNER,
        "The owner must resume it.",
        None,
        lost="that the target is paused and must be resumed",
    ),
    ErrorKind.UNAVAILABLE: KindInfo(
        Action.RETRY,
        "Try again later, or say so.",
        503,
        retries=True,
        lost="that the service did not answer",
    ),
    ErrorKind.UNKNOWN_OUTCOME: KindInfo(
        Action.CHECK_FIRST,
        "Check whether it happened before you run it again.",
        504,
        retries=True,
        lost="that it may have happened",
    ),
    ErrorKind.UPSTREAM_ERROR: KindInfo(
        Action.READ_MESSAGE,
        "The app gave an error of its own: read the message.",
        502,
        retries=True,
        lost="that the app behind the tool failed; written so that it is not retried blindly",
    ),
    ErrorKind.INTERNAL: KindInfo(
        Action.RETRY,
        "Something unexpected went wrong; try again later.",
        500,
        retries=True,
        lost="that the fault is inside the platform",
    ),
    ErrorKind.APPROVAL_REQUIRED: KindInfo(
        Action.ASK_OWNER,
        "Ask the owner first; once they say yes, do it again.",
        403,
        lost="that the owner can approve it",
    ),
    ErrorKind.REFUSED: KindInfo(
        Action.STOP,
        "Tell the owner, and don't try another way.",
        403,
        lost="that a person said no: it reads as a permission problem, never retried",
    ),
    ErrorKind.UNKNOWN: KindInfo(
        Action.READ_MESSAGE,
        "An error this library does not know: read the message.",
        None,
        retries=True,
        lost="nothing more: the code was unknown to begin with",
    ),
}
"""Per kind: the default action, our guidance, the HTTP status that best says it, and
what a write as another code loses."""

RETRY_ACTIONS: Final = frozenset({Action.RETRY, Action.WAIT_AND_RETRY})
"""Actions that invite another attempt; an error marked not retryable never gets one."""

NOT_RETRYABLE_HINT: Final = "Marked not retryable: read the message before doing anything else."
"""The hint, instead of a retry, for an error whose kind would retry but which says not to."""

NOT_KNOWN_HINT: Final = (
    "Whether another attempt is safe is not known: check before you run it again."
)
"""The hint, instead of a retry, for an error whose kind would retry but whose retry
advice is not known (``retryable`` ``None``)."""


class Row(NamedTuple):
    """One vendor code and the kind it stands for.

    The declarations every source makes (`Row`, `Rows`, `KindInfo`, `Field`, `Claim`,
    `Source`) are named tuples, not frozen dataclasses: on Python 3.11 a frozen
    dataclass costs 1.6 ms of import to define and a named tuple 0.2 ms (`Claim` and
    `Source`, 2.6 ms and 1.3 ms).  Only `Shape` stays a dataclass: it keeps the check
    it writes on first use."""

    vendor: str
    """The source it belongs to (``"acme"``)."""
    code: str
    """The vendor's code, as its payloads carry it (``"rate_limited"``, ``"-32603"``)."""
    kind: ErrorKind
    """The kind a payload with this code is read as, and the kind written as this code
    when the row `writes`."""
    retryable: bool | None
    """Retry advice when the payload carries none (use_tool never does, Configure may not).
    A reader passes it on (`lookup` gives the row): `register` refuses a source whose
    payloads say nothing of retrying and whose reader drops it."""
    status: int | None = None
    """The HTTP status the vendor's documentation gives this code; also written when the
    error has none."""
    reads: bool = True
    """Payloads with this code are read as this kind."""
    writes: bool = False
    """Canonical: this kind is written to this vendor as this code."""
    when_status: int | None = None
    """The row reads only payloads carrying this status (Configure's structured 404)."""
    suggested: str | None = None
    """The source's own suggested action a written error carries (Configure's
    ``suggestedAction``)."""
    meaning: str = ""
    """What the code means, in the vendor's documentation's words (for the docs)."""
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


def codes_of(rows: tuple[Row, ...]) -> tuple[str, ...]:
    """The codes ``rows`` read, in order, each once: a source's closed list of codes."""
    return tuple(dict.fromkeys(row.code for row in rows if row.reads))


def row_for(rows: tuple[Row, ...], code: str) -> Row:
    """The row of ``rows`` that reads ``code`` with any status: a reader's own row for a
    code it names when its module is defined, before the registry's index (`read_row`)
    holds its source."""
    return next(row for row in rows if row.reads and row.code == code and row.when_status is None)


class Rows(NamedTuple):
    """Builds one source's rows, so that each row says only what is its own::

    rows = Rows("acme")
    ROWS = (
        rows.read("no_token", ErrorKind.NOT_CONNECTED, False, "No token.", writes=True),
        *rows.write("bad_request", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE),
    )
    """

    vendor: str
    writes: bool = False
    """Whether a row read is also how its kind is written, unless the row says."""

    def read(
        self,
        code: str,
        kind: ErrorKind,
        retryable: bool | None,
        meaning: str,
        *,
        status: int | None = None,
        writes: bool | None = None,
        when_status: int | None = None,
        suggested: str | None = None,
        hint: str = "",
        lost: str = "",
    ) -> Row:
        """A code the source sends, what it means in the vendor's words, and the kind it is
        read as (and, with ``writes``, the code that kind is written as)."""
        return Row(
            self.vendor,
            str(code),
            kind,
            retryable,
            status,
            writes=self.writes if writes is None else writes,
            when_status=when_status,
            suggested=suggested,
            meaning=meaning,
            hint=hint,
            lost=lost,
        )

    def write(
        self,
        code: str,
        *kinds: ErrorKind,
        lost: str = "",
        retryable: bool | None = None,
        suggested: str | None = None,
    ) -> tuple[Row, ...]:
        """How kinds the source has no code for are written: each as ``code``, losing what
        its `KindInfo.lost` says unless ``lost`` says otherwise."""
        return tuple(
            Row(
                self.vendor,
                str(code),
                kind,
                retryable,
                reads=False,
                writes=True,
                suggested=suggested,
                lost=lost or KINDS[kind].lost,
            )
            for kind in kinds
        )


# The lookups below are derived from every registered source's rows, and refilled by
# ``toolerrors._source.register``; nothing else writes them.

ROWS: Final[list[Row]] = []
"""Every registered source's rows, in order."""

BOUND: Final[set[int]] = set()
"""The HTTP statuses some row is read with (Configure's structured 404): only with one of
these can a status change the row a payload is read by."""

READ_BY: Final[dict[str, dict[str, dict[int | None, Row]]]] = {}
"""vendor -> code -> status (``None`` for any) -> the row a payload is read by: the one
index of the rows that read, nested so that a lookup builds no tuple (`read_row`).  A
code's retry advice by default is its row's for any status."""

WRITE: Final[dict[tuple[str, ErrorKind], Row]] = {}
"""(vendor, kind) -> the canonical row a kind is written by."""

CARRIED: Final[dict[str, frozenset[str]]] = {}
"""Each vendor's wire fields that the unified attributes carry; a payload's other fields
are the vendor's own, kept verbatim to give the payload back unchanged."""


def read_row(vendor: str, code: str, status: int | None) -> Row | None:
    """The row a payload with this vendor, code and status is read by, if any: the one
    for that status, else the one for any (``status`` ``None`` asks for that one alone)."""
    codes = READ_BY.get(vendor)
    rows = codes.get(code) if codes is not None else None
    if rows is None:
        return None
    return rows.get(status) or rows.get(None) if status is not None else rows.get(None)


HTTP: Final[dict[int, tuple[ErrorKind, bool | None]]] = {
    400: (ErrorKind.INVALID_INPUT, False),
    401: (ErrorKind.UNAUTHENTICATED, False),
    402: (ErrorKind.PAYMENT_REQUIRED, False),
    403: (ErrorKind.PERMISSION_DENIED, False),
    404: (ErrorKind.NOT_FOUND, False),
    405: (ErrorKind.UNSUPPORTED, False),
    408: (ErrorKind.UNKNOWN_OUTCOME, None),
    409: (ErrorKind.CONFLICT, False),
    410: (ErrorKind.NOT_FOUND, False),
    412: (ErrorKind.CONFLICT, False),
    413: (ErrorKind.TOO_LARGE, False),
    415: (ErrorKind.UNSUPPORTED, False),
    422: (ErrorKind.INVALID_INPUT, False),
    424: (ErrorKind.UPSTREAM_ERROR, None),
    429: (ErrorKind.RATE_LIMITED, True),
    451: (ErrorKind.REFUSED, False),
    500: (ErrorKind.INTERNAL, None),
    502: (ErrorKind.UPSTREAM_ERROR, None),
    503: (ErrorKind.UNAVAILABLE, True),
    504: (ErrorKind.UNKNOWN_OUTCOME, None),
}
"""HTTP status -> (kind, retryable) when no body says more.  A 410 is a resource gone for
good, a 405 a method the resource does not take, a 412 a condition (``If-Match``) that
no longer holds: the resource changed since it was read.  408 and 504 may have run;
503 and 429 were refused before running, so they may be retried.  500 is a fault inside
the service, which may or may not have run; 502 a gateway's or proxy's upstream that
answered badly (RFC 9110's "invalid response from an inbound server"), which may have
run too, as may a 424, whose action depended on another that failed (RFC 4918's Failed
Dependency: Calendly's calendar that could not be reached).  A 451 is access refused
for legal reasons (RFC 7725): no other way round it is to be tried (Codat's "Platform
... is not currently available for compliance purposes")."""

HTTP_OTHER: Final[dict[int, tuple[ErrorKind, bool | None]]] = {
    4: (ErrorKind.INVALID_INPUT, False),
    5: (ErrorKind.UNAVAILABLE, None),
}
"""By status class, for statuses ``HTTP`` does not name: not every 5xx is safe to retry."""


def error_status(value: object) -> int | None:
    """``value`` when it is an HTTP error status (an ``int`` from 400 to 599), else
    ``None``: how a body's own status field is taken."""
    return value if type(value) is int and 400 <= value <= 599 else None


def of_status(status: int | None) -> tuple[ErrorKind, bool | None] | None:
    """``(kind, retryable)`` an error status stands for when nothing says more; ``None``
    for no status, a status that is no error (below 400) or no HTTP status (600 and
    up)."""
    if status is None or status < 400:
        return None
    return HTTP.get(status) or HTTP_OTHER.get(status // 100)
