"""Pythe's MCP server as a source: its codes, envelope, rows, reader and writer.

Errors come back in-band as ``{ok: false, code, message, retryable, how_to_fix}``; the
pydantic models, and the success envelope, are in ``toolerrors.pythe``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._errors import ShapeError
from .._kinds import ErrorKind
from .._source import (
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    home,
    retry_to_write,
    want,
    with_extra,
)
from .._table import READ_BY, Row, Rows, codes_of
from .._unified import make

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_pythe", "write"]


rows = Rows("pythe")

# fmt: off
ROWS: Final = (
    rows.read("unauthorized", ErrorKind.UNAUTHENTICATED, False, "No signed-in Pythe connection.", hint="Reconnect Pythe and sign in again.", writes=True),
    rows.read("forbidden", ErrorKind.PERMISSION_DENIED, False, "The connection cannot reach that workspace.", hint="Reconnect and choose the workspace again.", writes=True),
    rows.read("not_found", ErrorKind.NOT_FOUND, False, "No such employee, run or item.", hint="Check the id with list_team or list_runs.", writes=True),
    rows.read("ambiguous", ErrorKind.AMBIGUOUS, False, "More than one employee matches the name.", hint="Use the employee’s id from list_team.", writes=True),
    rows.read("invalid_input", ErrorKind.INVALID_INPUT, False, "An argument is wrong.", hint="Check it against the tool’s inputs.", writes=True),
    rows.read("paused", ErrorKind.PAUSED, False, "That employee is paused.", hint="The founder can resume them from Team in Pythe.", writes=True),
    rows.read("employees", ErrorKind.PAYMENT_REQUIRED, False, "AI employees are not on this plan.", hint="Employees are on Base and Premium; the founder can upgrade."),
    rows.read("group_chats", ErrorKind.PAYMENT_REQUIRED, False, "Group chats are not on this plan.", hint="Base and Premium."),
    rows.read("insufficient_credits", ErrorKind.PAYMENT_REQUIRED, False, "The workspace is out of AI credits.", hint="Check get_credit_balance and ask the founder.", status=402, writes=True),
    rows.read("network", ErrorKind.UNAVAILABLE, True, "Could not reach Pythe.", hint="Retryable. Try again in a moment."),
    rows.read("http_5xx", ErrorKind.UNAVAILABLE, True, "Server trouble.", hint="Retryable.", writes=True),
    rows.read("http_429", ErrorKind.RATE_LIMITED, True, "Rate limit.", hint="Retryable.", status=429, writes=True),
    rows.read("internal", ErrorKind.INTERNAL, True, "Something unexpected.", hint="Marked retryable.", writes=True),
    *rows.write("unauthorized", ErrorKind.NOT_CONNECTED),
    *rows.write("invalid_input", ErrorKind.TOO_LARGE, ErrorKind.UNSUPPORTED, ErrorKind.CONFLICT, ErrorKind.COMMIT_REQUIRED),
    *rows.write("internal", ErrorKind.UNKNOWN_OUTCOME, lost="that it may have happened; written with retryable false so it is not retried blindly"),
    *rows.write("internal", ErrorKind.UPSTREAM_ERROR, lost="that the app behind the tool failed"),
    *rows.write("forbidden", ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED, lost="the owner and reason as fields (how_to_fix carries the check's instruction)"),
    *rows.write("internal", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The ``code`` of a Pythe error envelope (13 codes)."""


ENVELOPE: Final = Shape(
    "error envelope",
    (
        Field("ok", (bool,), required=True, const=False),
        Field("code", (str,), required=True, fills="code", closed=frozenset(CODES)),
        Field("message", (str,), required=True, fills="message"),
        Field("retryable", (bool,), required=True, fills="retryable"),
        Field("how_to_fix", (str,), required=True),
    ),
    model="ErrorEnvelope",
)  # fmt: skip


_UNKNOWN: Final = ErrorKind.UNKNOWN
_KNOWN: Final = frozenset(CODES)
_MISSING: Final = object()


def says_false(ok: object) -> bool:
    """An ``ok`` that is no ``false`` but means it: falsy (``0``, ``""``, ``null``) or
    spelled as text (``"false"``, ``"0"``), as careless encoders send it."""
    return not ok or (type(ok) is str and ok.strip().lower() in ("false", "0"))


def _problem(d: Mapping[str, Any], strict: bool, where: str) -> ShapeError:
    """What is wrong with an envelope that failed the quick check of `read_pythe`."""
    ok = d.get("ok")
    if ok is not False and (strict or not says_false(ok)):
        return want(ok, "false", f"{where}/ok")
    for spec in ENVELOPE.fields[1:]:
        value = d.get(spec.name, _MISSING)
        if value is _MISSING:
            return ShapeError(f"missing required field {spec.name!r}", where)
        if type(value) not in spec.types:
            return want(value, spec.expected, f"{where}/{spec.name}")
    raise AssertionError("unreachable: the envelope passed every check")  # pragma: no cover


def read_pythe(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{ok: false, code, message, retryable, how_to_fix}``; ``how_to_fix`` stays in ``extra``."""
    code = d.get("code")
    message = d.get("message")
    retryable = d.get("retryable")
    ok = d.get("ok")
    if (
        (ok is not False and (strict or not says_false(ok)))
        or type(code) is not str
        or type(message) is not str
        or type(retryable) is not bool
        or type(d.get("how_to_fix")) is not str
    ):
        raise _problem(d, strict, where)
    if strict:
        ENVELOPE.check(d, strict, where)  # what strict reading refuses beyond the above
    # The index itself, not read_row(): the call took parse against the benchmark's
    # hand-written if-chain from 1.28-1.29 to 1.34-1.39 (guard 1.3); this, 1.30-1.31.
    rows = READ_BY["pythe"].get(code)
    row = rows.get(None) if rows is not None else None
    if row is None:
        return make(_UNKNOWN, message, retryable=retryable, vendor="pythe", code=code, extra=d)
    return make(
        row.kind,
        message,
        retryable=retryable,
        status_code=row.status,
        vendor="pythe",
        code=code,
        extra=d,
    )


def _means_false(d: Mapping[str, Any]) -> bool:
    """An ``ok`` that only means false (`says_false`) beside Pythe's own error fields (a
    text ``code`` it knows, or ``how_to_fix``), which strict reading refuses at ``/ok``.
    A lone ``{"ok": 0}`` is a careless success, not an error."""
    return (d["code"] in _KNOWN or "how_to_fix" in d) and says_false(d["ok"])


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a Pythe error envelope."""
    at_home = home(error, "pythe")
    out = {
        "ok": False,
        "code": error.code if at_home else canonical_row(error, "pythe").code,
        "message": error.message,
        "retryable": retry_to_write(error, at_home) is True,
    }
    extra = error.extra
    fix = extra.get("how_to_fix") if at_home and extra else None
    out["how_to_fix"] = fix if fix is not None else error.hint
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The envelope with the code's default retryability and Pythe's documented advice."""
    return {
        "ok": False,
        "code": row.code,
        "message": message,
        "retryable": row.retryable is True,
        "how_to_fix": row.hint,
    }


SOURCE: Final = Source(
    name="pythe",
    title="Pythe",
    codes=CODES,
    shapes=(ENVELOPE,),
    rows=ROWS,
    claims=(
        Claim(
            170,
            "ok",
            "a Pythe success envelope (ok: true) is not an error",
            "`ok: true`: a success, not an error",
            is_a=bool,
            one_of=frozenset({True}),
        ),
        Claim(180, "ok", read_pythe, "`ok: false`", is_a=bool, one_of=frozenset({False})),
        Claim(
            221,
            "ok",
            read_pythe,
            'an `ok` that only means false (`0`, `"false"`) beside a Pythe code or `how_to_fix`',
            texts=("code",),
            when=_means_false,
        ),
        # Only a boolean ok speaks for Pythe; asked for an error, the reader says what
        # is wrong with any other (ok: null beside error is a stray field of a use_tool
        # error, which ranks before this).
        Claim(
            400,
            "ok",
            read_pythe,
            "any other `ok`, when asked for an error: Pythe says what is wrong with it",
            parsing_only=True,
        ),
    ),
    write=write,
    models=".pythe",
    schemas=("SuccessEnvelope",),
    example=example,
    docs="pythe.md",
)
