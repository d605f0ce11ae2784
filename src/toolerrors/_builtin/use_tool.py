"""The ``use_tool`` runtime as a source: its codes, shapes, rows, reader and writer.

A tool that fails returns ``{error, message, card?}``; when the check holds an action
back, nothing ran and ``use_tool`` returns ``{"not_done_yet": text}`` or
``{"refused": text}`` instead.  The pydantic models are in ``toolerrors.use_tool``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._errors import ShapeError
from .._held import Outcome, Reason, match, render
from .._kinds import ErrorKind
from .._source import (
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    home,
    only,
    required_str,
    want,
    with_extra,
)
from .._table import READ_BY, Row, Rows, codes_of
from .._unified import make

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "held_keys", "read_held", "read_use_tool", "write"]


_NO_CHECK: Final = "forbidden"
"""What an approval or a refusal that no use_tool check gave (it has no owner and reason
to fill the check's template with: Stripe's 3-D Secure challenge, a JSON-RPC user
rejection) is written as: a tool error that is never retried, not the check's outcome."""

_NO_CHECK_LOST: Final = (
    "the check's outcome when there is no owner and reason to fill its template with"
    " (it did not come from a use_tool check): it is written as `forbidden`"
)


rows = Rows("use_tool", writes=True)

# fmt: off
ROWS: Final = (
    rows.read("not_connected", ErrorKind.NOT_CONNECTED, False, "The app isn’t connected.", hint="A card offers the owner the connection. Say in a line what it lets you do, and carry on with the rest."),
    rows.read("reauth", ErrorKind.UNAUTHENTICATED, False, "The account needs signing in again, or the connection doesn’t allow this yet, such as a write to read-only Gmail.", hint="A card asks the owner to connect again. Carry on with the rest."),
    rows.read("forbidden", ErrorKind.PERMISSION_DENIED, False, "The account doesn’t allow this, such as a file the owner can only view.", hint="Tell the owner what it needs."),
    rows.read("not_found", ErrorKind.NOT_FOUND, False, "Nothing at that id or address, or it was moved.", hint="Search for it again."),
    rows.read("rate_limited", ErrorKind.RATE_LIMITED, True, "The app is limiting requests.", hint="Wait, then try once more."),
    rows.read("unavailable", ErrorKind.UNAVAILABLE, True, "The app or service didn’t answer.", hint="Try again later, or say so."),
    rows.read("too_large", ErrorKind.TOO_LARGE, False, "Over a size limit, such as a file over 25 MB.", hint="Use its link instead."),
    rows.read("unsupported", ErrorKind.UNSUPPORTED, False, "A kind of file or request it can’t handle, such as a scanned PDF’s text.", hint="Search for its words, or say so."),
    rows.read("bad_input", ErrorKind.INVALID_INPUT, False, "The input can’t run as written. The message says what and where.", hint="Fix the input and run it again."),
    rows.read("vendor", ErrorKind.UPSTREAM_ERROR, False, "The app gave an error of its own, as its message says.", hint="Read the message."),
    rows.read("changed", ErrorKind.CONFLICT, False, "What it was about changed since it was read.", hint="Read it again first."),
    rows.read("unknown_outcome", ErrorKind.UNKNOWN_OUTCOME, None, "It may or may not have happened.", hint="Check before you run it again."),
    rows.read("not_done_yet", ErrorKind.APPROVAL_REQUIRED, False, "The check asks the owner first; nothing ran.", hint="Ask in your reply, saying what you would do. Once they say yes, do it again.", lost=_NO_CHECK_LOST),
    rows.read("refused", ErrorKind.REFUSED, False, "The check stopped the action; nothing ran.", hint="Tell the owner, and don't try another way.", lost=_NO_CHECK_LOST),
    *rows.write("bad_input", ErrorKind.AMBIGUOUS, lost="that more than one target matched (the message keeps it)"),
    *rows.write("vendor", ErrorKind.COMMIT_REQUIRED, lost="the commit-then-retry step (the message keeps it)"),
    *rows.write("forbidden", ErrorKind.PAYMENT_REQUIRED, ErrorKind.PAUSED),
    *rows.write("unavailable", ErrorKind.INTERNAL),
    *rows.write("vendor", ErrorKind.UNKNOWN),
)
# fmt: on

HELD: Final = {outcome.key: outcome for outcome in Outcome}
"""The check's outcomes by their keys: codes in the table, never ``error`` values."""

CODES: Final = tuple(code for code in codes_of(ROWS) if code not in HELD)
"""The ``error`` of a failed ``use_tool`` call (12 kinds)."""


def _held_text(row: Row, name: str, pick: int) -> str:
    """A held-back text for ``row`` in use_tool's words: ``name`` as the owner, the
    outcome's ``pick``-th reason."""
    outcome = HELD[row.code]
    reasons = [reason for reason in Reason if reason.outcome is outcome]
    return render(outcome, name, reasons[pick % len(reasons)].value)


TOOL_ERROR: Final = Shape(
    "tool error",
    (
        Field("error", (str,), required=True, fills="code",
              closed=frozenset(CODES)),
        Field("message", (str,), required=True, fills="message"),
        Field("card", (dict,)),
    ),
    model="ToolError",
)  # fmt: skip
SHAPES: Final = (
    TOOL_ERROR,
    *(
        Shape(
            key,
            (Field(key, (str,), required=True, fills="message", samples=_held_text),),
            model="NotDoneYet" if outcome is Outcome.ASK else "Refused",
            codes=frozenset({key}),
        )
        for key, outcome in HELD.items()
    ),
)


_UNKNOWN: Final = ErrorKind.UNKNOWN
_ALLOWED: Final = TOOL_ERROR.names
_FOREIGN: Final = frozenset({"status", "statusCode", "status_code", "code"})
"""Keys use_tool never sends that another API's ``{error, message}`` body has: an HTTP
status or a code of its own beside an ``error`` that may spell a use_tool code without
being one (Mercado Libre's ``{"message", "error": "not_found", "status": 401, "cause"}``).
Leniently such a body is the generic reader's; other keys are kept, as use_tool's own."""
_MISSING: Final = object()

# The readers keep the payload itself as ``extra`` when it has fields the unified
# attributes don't carry: they own it (fresh from the JSON parser, or copied by the
# dispatcher), and keeping it costs nothing.


def read_use_tool(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{error, message, card?}``."""
    code = d.get("error")
    message = d.get("message")
    if type(code) is not str or type(message) is not str or not code:
        if not code:
            raise ShapeError(f"an 'error' of {code!r} marks no error", f"{where}/error")
        code, message = required_str(d, "error", where), required_str(d, "message", where)
    extra = None
    if len(d) > 2:
        card = d.get("card", _MISSING)
        if card is not _MISSING and type(card) is not dict and (strict or card is not None):
            raise want(card, "an object" if strict else "an object or null", f"{where}/card")
        if strict:
            only(d, _ALLOWED, where)
        elif not _FOREIGN.isdisjoint(d):
            raise ShapeError("an HTTP status or a code beside it: not use_tool's", where)
        extra = d
    # The index itself, not read_row(): the call took parse against the benchmark's
    # hand-written if-chain from 1.46-1.50 to 1.58-1.64; this, 1.48-1.52.
    rows = READ_BY["use_tool"].get(code)
    row = rows.get(None) if rows is not None else None
    if row is None or code in HELD:  # a check-held key has a row, but is no error code
        if code in HELD and not strict:  # a held-back outcome's key: use_tool's own word
            return make(_UNKNOWN, message, vendor="use_tool", code=code, extra=extra)
        if code in HELD:
            raise ShapeError(f"{code!r} is a key of its own, not an error code", f"{where}/error")
        # Not one of use_tool's codes, so not use_tool's mark: leniently, the generic
        # reader reads it by its words, naming no system.
        raise ShapeError(f"unknown use_tool code {code!r}", f"{where}/error")
    return make(
        row.kind, message, retryable=row.retryable, vendor="use_tool", code=code, extra=extra
    )


_HELD_READ: Final = {
    row.code: (HELD[row.code], frozenset({row.code}), row.kind) for row in ROWS if row.code in HELD
}


def held_keys(d: Mapping[str, Any]) -> tuple[str, ...]:
    """The check's outcome keys ``d`` gives a value to.  A value that is false, zero,
    empty or null holds nothing back (``{"not_done_yet": [], "result": ...}`` is work
    done), as an ``error`` that is marks no error."""
    return tuple(key for key in HELD if d.get(key))


def read_held(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"not_done_yet": text}`` or ``{"refused": text}``."""
    key = "not_done_yet" if d.get("not_done_yet") else "refused"
    if not d.get(key) or (key == "not_done_yet" and d.get("refused")):
        if d.get(key):
            raise ShapeError(
                "both 'not_done_yet' and 'refused': the check gives one outcome", where
            )
        key = "not_done_yet" if "not_done_yet" in d else "refused"
        raise ShapeError(f"a {key!r} of {d.get(key)!r} holds nothing back", f"{where}/{key}")
    outcome, keys, kind = _HELD_READ[key]
    text = d[key]
    if type(text) is not str:
        raise want(text, "a string", f"{where}/{key}")
    if strict and len(d) > 1:
        only(d, keys, where)
    found = match(outcome, text)
    owner: str | None = None
    reason: str | None = None
    if found is not None:
        owner, reason = found
    if strict:
        if found is None:
            raise ShapeError(
                f"text does not follow use_tool's documented {key!r} template", f"{where}/{key}"
            )
        if not isinstance(reason, Reason):
            raise ShapeError(
                f"reason {reason!r} is not one of use_tool's six documented reasons",
                f"{where}/{key}",
            )
        if reason.outcome is not outcome:
            raise ShapeError(
                f"reason {reason.value!r} belongs to {reason.outcome.key!r}", f"{where}/{key}"
            )
    extra = d if len(d) > 1 else None
    return make(
        kind,
        text,
        retryable=False,
        vendor="use_tool",
        code=key,
        owner=owner,
        reason=reason,
        extra=extra,
    )


_HELD_KINDS: Final = frozenset({ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED})
"""The kinds use_tool writes as the check's outcome, ``{"not_done_yet": …}`` or
``{"refused": …}``, never as a tool error: a refusal must keep saying stop."""


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as use_tool's wire JSON."""
    at_home = home(error, "use_tool") or (  # {"error": "refused"} reads as unknown
        error.vendor == "use_tool" and error.kind is _UNKNOWN and error.code in HELD
    )
    code = (
        error.code if at_home and error.code is not None else canonical_row(error, "use_tool").code
    )
    out: dict[str, Any]
    outcome = HELD.get(code)
    if outcome is not None and error.kind in _HELD_KINDS:
        if error.owner is not None and error.reason is not None:
            out = {code: render(outcome, error.owner, error.reason)}
        elif at_home:  # read leniently from a text off the template: given back as it came
            out = {code: error.message}
        else:  # no check held it: never the check's outcome, which strict reading refuses
            out = {"error": _NO_CHECK, "message": error.message}
    else:
        out = {"error": code, "message": error.message}
    return with_extra(out, error) if at_home else out


_DEFAULT_REASON: Final = {Outcome.ASK: Reason.UNDECIDED, Outcome.STOP: Reason.SENSITIVE_DATA}


def example(row: Row, message: str) -> dict[str, Any]:
    """``{error, message}``, or a held-back outcome for Ana with its usual reason."""
    outcome = HELD.get(row.code)
    if outcome is not None:
        return {row.code: render(outcome, "Ana", _DEFAULT_REASON[outcome].value)}
    return {"error": row.code, "message": message}


SOURCE: Final = Source(
    name="use_tool",
    title="use_tool",
    codes=CODES,
    shapes=SHAPES,
    rows=ROWS,
    claims=(
        # A held-back key that is false, zero, empty or null holds nothing back.
        Claim(101, "not_done_yet", read_held, "the held-back outcome: not done yet", given=True),
        Claim(110, "refused", read_held, "the held-back outcome: refused", given=True),
        *(
            Claim(
                rank,
                key,
                read_held,
                f"when asked for an error, after every other claim: `{key}` that is false,"
                " zero, empty or null (to say it holds nothing back)",
                parsing_only=True,
            )
            for rank, key in zip((921, 931), HELD, strict=True)
        ),
        # Asked for an error, any: the reader says what is wrong (an error that is
        # false, zero, empty or null marks none). First, so that parse calls nothing.
        Claim(
            320,
            "error",
            read_use_tool,
            "`{error, message, card?}`, any `error` when asked for an error",
            parsing_only=True,
        ),
        Claim(
            330,
            "error",
            read_use_tool,
            "`{error, message, card?}` with an `error` that is given: one that is false,"
            " zero, empty or null marks no error",
            given=True,
        ),
    ),
    write=write,
    models=".use_tool",
    example=example,
    docs="use_tool.md",
)
