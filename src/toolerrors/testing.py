"""Testing with toolerrors: one-line assertions and realistic error payloads.

``assert_error`` checks what an error means, ``assert_shape`` that a payload is valid
wire JSON for a vendor, and the factories build valid payloads for every code of every
vendor.  Failures are plain ``AssertionError``s; under pytest, this module's own frames
are hidden from the traceback.  Nothing here imports pytest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ._codes import CONFIGURE_SDK_MADE, CONFIGURE_TRANSIENT, Outcome, Reason
from ._errors import ShapeError
from ._held import render
from ._kinds import Action, ErrorKind
from ._read import parse
from ._table import KINDS, ROWS, VENDORS, WRITE, Row, Vendor

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ._unified import UnifiedError

__all__ = [
    "ABSENT",
    "FIELDS",
    "assert_error",
    "assert_shape",
    "configure_error",
    "every_payload",
    "not_done_yet",
    "payload",
    "pythe_error",
    "refused",
    "use_tool_error",
]

FIELDS: Final = (
    "kind", "vendor", "code", "retryable", "retry_after", "status_code",
    "action", "owner", "reason", "message",
)  # fmt: skip
"""What ``assert_error`` can check."""


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = _Absent()
"""Pass as a factory override to leave a field out of the payload."""


def assert_error(payload: object, **expected: Any) -> UnifiedError:
    """Parse ``payload`` and check any of `FIELDS`; return the error.

    Factories take the code (and message) positionally and any wire field by its own
    name as a keyword, so ``pythe_error("internal", code="x")`` builds an unknown code.

    Every differing field is named with its expected and actual values.  A payload that
    is not an error fails with what it was.
    """
    __tracebackhide__ = True
    unknown = sorted(set(expected) - set(FIELDS))
    if unknown:
        raise TypeError(
            f"assert_error() can't check {', '.join(unknown)}; it checks {', '.join(FIELDS)}"
        )
    try:
        error = parse(payload)
    except ShapeError as exc:
        raise AssertionError(f"not a tool error: {exc}") from None
    differences = [
        f"  {name}: expected {_show(want)}, got {_show(getattr(error, name))}"
        for name, want in expected.items()
        if not _same(getattr(error, name), want)
    ]
    if differences:
        source = f"{error.vendor} {error.code}" if error.code else str(error.vendor)
        raise AssertionError(
            f"{source} error differs in {len(differences)} field(s):\n" + "\n".join(differences)
        )
    return error


def _same(actual: object, want: object) -> bool:
    if isinstance(want, bool) or want is None or isinstance(actual, bool) or actual is None:
        return actual is want
    return actual == want


def _show(value: object) -> str:
    return repr(value.value) if isinstance(value, (ErrorKind, Action, Reason)) else repr(value)


def assert_shape(payload: object, vendor: Vendor, strict: bool = True) -> Any:
    """``payload`` is valid wire JSON for ``vendor`` (strict: nothing the vendor does not document);
    returns the vendor's model.  The failure points at the offending field."""
    __tracebackhide__ = True
    from . import configure, pythe, use_tool

    modules = {"use_tool": use_tool, "pythe": pythe, "configure": configure}
    if vendor not in modules:
        raise TypeError(f"unknown vendor {vendor!r}; expected one of {', '.join(modules)}")
    try:
        return modules[vendor].parse(payload, strict=strict)
    except ShapeError as exc:
        raise AssertionError(f"not a valid {vendor} payload: {exc}") from None


def _apply(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    for key, value in overrides.items():
        if value is ABSENT:
            base.pop(key, None)
        else:
            base[key] = value
    return base


def _row(vendor: str, code: str) -> Row:
    for row in ROWS:
        if row.vendor == vendor and row.code == code and row.reads and row.when_status is None:
            return row
    codes = sorted({r.code for r in ROWS if r.vendor == vendor and r.reads})
    raise ValueError(f"unknown {vendor} code {code!r}; expected one of {', '.join(codes)}")


def _message(message: str | None, row: Row) -> str:
    """The message given (an empty one too), else the code's documented meaning."""
    return row.meaning if message is None else message


def use_tool_error(
    code: str = "not_found", message: str | None = None, /, **overrides: Any
) -> dict[str, Any]:
    """``{error, message}`` for a use_tool kind; add ``card={...}`` or any override."""
    row = _row("use_tool", code)
    if code in ("not_done_yet", "refused"):
        raise ValueError(f"{code!r} is a check-held outcome: use not_done_yet() or refused()")
    return _apply({"error": code, "message": _message(message, row)}, overrides)


def not_done_yet(
    owner: str = "Ana", reason: Reason | str = Reason.UNDECIDED, /, **overrides: Any
) -> dict[str, Any]:
    """The check asks the owner first, in use_tool's documented words."""
    return _apply({"not_done_yet": render(Outcome.ASK, owner, str(reason))}, overrides)


def refused(
    owner: str = "Ana", reason: Reason | str = Reason.SENSITIVE_DATA, /, **overrides: Any
) -> dict[str, Any]:
    """The check stopped the action, in use_tool's documented words."""
    return _apply({"refused": render(Outcome.STOP, owner, str(reason))}, overrides)


def pythe_error(
    code: str = "internal", message: str | None = None, /, **overrides: Any
) -> dict[str, Any]:
    """A Pythe error envelope with the code's default retryability and Pythe's documented advice."""
    row = _row("pythe", code)
    base = {
        "ok": False,
        "code": code,
        "message": _message(message, row),
        "retryable": row.retryable is True,
    }
    return _apply(base | {"how_to_fix": row.hint}, overrides)


def configure_error(
    code: str = "SERVER_ERROR", message: str | None = None, /, **overrides: Any
) -> dict[str, Any]:
    """A Configure error as the backend sends it (or, for TIMEOUT, NETWORK_ERROR and
    API_KEY_MISSING, as the SDK makes it), camelCase; ``statusCode=404`` and the like
    override."""
    row = _row("configure", code)
    base: dict[str, Any] = {"code": code, "message": _message(message, row)}
    if code not in CONFIGURE_SDK_MADE:
        status = KINDS[row.kind].status
        if status is not None:
            base["statusCode"] = status
        base["retryable"] = code in CONFIGURE_TRANSIENT
        suggested = WRITE[("configure", row.kind)].suggested
        if suggested is not None and WRITE[("configure", row.kind)].code == code:
            base["suggestedAction"] = suggested.value
        if code == "RATE_LIMITED":
            base["retryAfter"] = 30
        base["requestId"] = "req_0123456789abcdef"
    return _apply(base, overrides)


def payload(vendor: Vendor, code: str, /, **overrides: Any) -> dict[str, Any]:
    """A valid payload for any code of any vendor (``not_done_yet`` and ``refused`` too)."""
    if vendor == "use_tool" and code == "not_done_yet":
        return not_done_yet(**overrides)
    if vendor == "use_tool" and code == "refused":
        return refused(**overrides)
    makers = {"use_tool": use_tool_error, "pythe": pythe_error, "configure": configure_error}
    if vendor not in makers:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(makers)}")
    return makers[vendor](code, **overrides)


def every_payload(vendor: Vendor | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(id, payload)`` for every code of ``vendor`` (or of every vendor), plus
    Configure's structured 404 and ``otp_blocked``: for parametrizing tests.

    An unknown vendor raises ``ValueError`` at once, rather than giving no cases.
    """
    if vendor is not None and vendor not in VENDORS:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(VENDORS)}")
    return _every_payload(vendor)


def _every_payload(vendor: Vendor | None) -> Iterator[tuple[str, dict[str, Any]]]:
    for row in ROWS:
        if row.reads and (vendor is None or row.vendor == vendor):
            if row.when_status is None:
                yield f"{row.vendor}-{row.code}", payload(row.vendor, row.code)
            else:
                yield (
                    f"{row.vendor}-{row.code}-{row.when_status}",
                    configure_error(row.code, statusCode=row.when_status, type="resource_missing"),
                )
    if vendor in (None, "configure"):
        yield (
            "configure-RATE_LIMITED-otp_blocked",
            configure_error("RATE_LIMITED", type="otp_blocked", retryable=False, retryAfter=ABSENT),
        )
