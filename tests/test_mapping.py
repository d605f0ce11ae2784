"""The mapping table: complete, derived lookups, and the decisions the vendors' documentation
forces."""

from __future__ import annotations

import pytest

import toolerrors
from conftest import CONFIGURE_TABLE, PYTHE_TABLE, ROOT, USE_TOOL_TABLE
from toolerrors import VENDORS, Action, ErrorKind, configure, convert, parse
from toolerrors._builtin.configure import SUGGESTED
from toolerrors._enum import TextEnum
from toolerrors._source import SOURCES
from toolerrors._table import KINDS, READ_BY, ROWS, WRITE, of_status
from toolerrors.use_tool import NotDoneYet, Reason, Refused

BRIEF_KINDS = [
    "not_connected", "unauthenticated", "permission_denied", "not_found", "ambiguous",
    "invalid_input", "too_large", "unsupported", "conflict", "commit_required", "rate_limited",
    "payment_required", "paused", "unavailable", "unknown_outcome", "upstream_error", "internal",
    "approval_required", "refused", "unknown",
]  # fmt: skip


def _code_enum(vendor: str) -> type[TextEnum]:
    """A source's public enum of its codes, in its models module: its ``ErrorCode``, or
    the one enum the module exports (Jira's ``Status``, Anthropic's ``ErrorType``)."""
    module = SOURCES[vendor].models_of()
    if "ErrorCode" in module.__all__:
        code: type[TextEnum] = module.ErrorCode
        return code
    (only,) = [
        value
        for name in module.__all__
        if isinstance(value := getattr(module, name), type) and issubclass(value, TextEnum)
    ]
    return only


ENUMS: dict[str, type[TextEnum]] = {vendor: _code_enum(vendor) for vendor in VENDORS}
"""Each source's public enum of its codes, in its models module."""

CODES = {vendor: [code.value for code in ENUMS[vendor]] for vendor in VENDORS}
"""Each source's codes: its enum's, and use_tool's held-back outcomes."""
CODES["use_tool"] += ["not_done_yet", "refused"]


@pytest.mark.parametrize("vendor", VENDORS)
def test_the_public_code_enum_lists_the_sources_codes(vendor: str) -> None:
    """A source's closed list of codes is its public enum's values, in order."""
    assert [code.value for code in ENUMS[vendor]] == list(SOURCES[vendor].codes)


def test_error_kind_values_are_the_briefs() -> None:
    """ErrorKind carries every value of the contract, none renamed."""
    assert [kind.value for kind in ErrorKind] == BRIEF_KINDS


@pytest.mark.parametrize("vendor", VENDORS)
def test_every_vendor_code_reads_as_exactly_one_kind(vendor: str) -> None:
    """Every code of every vendor is in the table once (plus Configure's structured 404)."""
    general = sorted(code for code, rows in READ_BY[vendor].items() if None in rows)
    assert general == sorted(CODES[vendor])


@pytest.mark.parametrize("vendor", VENDORS)
def test_every_kind_is_written_to_every_vendor(vendor: str) -> None:
    """Every kind has one canonical row per vendor, with a real code of that vendor."""
    for kind in ErrorKind:
        assert WRITE[(vendor, kind)].code in CODES[vendor]


def test_rows_read_and_write_once() -> None:
    """No two rows read the same code or write the same kind for one vendor."""
    reads = [(r.vendor, r.code, r.when_status) for r in ROWS if r.reads]
    writes = [(r.vendor, r.kind) for r in ROWS if r.writes]
    assert len(reads) == len(set(reads))
    assert len(writes) == len(set(writes))
    assert set(KINDS) == set(ErrorKind)
    assert set(SUGGESTED) == {a.value for a in configure.SuggestedAction}


EXPECTED_KINDS = {
    ("use_tool", "not_connected"): "not_connected", ("use_tool", "reauth"): "unauthenticated",
    ("use_tool", "forbidden"): "permission_denied", ("use_tool", "not_found"): "not_found",
    ("use_tool", "rate_limited"): "rate_limited", ("use_tool", "unavailable"): "unavailable",
    ("use_tool", "too_large"): "too_large", ("use_tool", "unsupported"): "unsupported",
    ("use_tool", "bad_input"): "invalid_input", ("use_tool", "vendor"): "upstream_error",
    ("use_tool", "changed"): "conflict", ("use_tool", "unknown_outcome"): "unknown_outcome",
    ("pythe", "unauthorized"): "unauthenticated", ("pythe", "forbidden"): "permission_denied",
    ("pythe", "not_found"): "not_found", ("pythe", "ambiguous"): "ambiguous",
    ("pythe", "invalid_input"): "invalid_input", ("pythe", "paused"): "paused",
    ("pythe", "employees"): "payment_required", ("pythe", "group_chats"): "payment_required",
    ("pythe", "insufficient_credits"): "payment_required", ("pythe", "network"): "unavailable",
    ("pythe", "http_5xx"): "unavailable", ("pythe", "http_429"): "rate_limited",
    ("pythe", "internal"): "internal",
    ("configure", "API_KEY_MISSING"): "unauthenticated", ("configure", "AUTH_REQUIRED"): "unauthenticated",
    ("configure", "INVALID_INPUT"): "invalid_input", ("configure", "TOOL_NOT_CONNECTED"): "not_connected",
    ("configure", "NETWORK_ERROR"): "unknown_outcome", ("configure", "RATE_LIMITED"): "rate_limited",
    ("configure", "NOT_FOUND"): "not_found", ("configure", "SERVER_ERROR"): "internal",
    ("configure", "TIMEOUT"): "unknown_outcome", ("configure", "ACCESS_DENIED"): "permission_denied",
    ("configure", "TOOL_ERROR"): "upstream_error", ("configure", "PAYMENT_REQUIRED"): "payment_required",
    ("configure", "COMMIT_REQUIRED"): "commit_required",
}  # fmt: skip


def _payload(vendor: str, code: str) -> dict[str, object]:
    if vendor == "use_tool":
        return {"error": code, "message": "m"}
    if vendor == "pythe":
        return {"ok": False, "code": code, "message": "m", "retryable": False, "how_to_fix": "h"}
    return {"code": code, "message": "m"}


@pytest.mark.parametrize(
    ("vendor", "code"), list(EXPECTED_KINDS), ids=[f"{v}-{c}" for v, c in EXPECTED_KINDS]
)
def test_each_code_parses_to_its_kind(vendor: str, code: str) -> None:
    """Each code of each vendor reads as the kind this project documents for it."""
    error = parse(_payload(vendor, code), strict=True)
    assert (error.kind.value, error.vendor, error.code) == (
        EXPECTED_KINDS[vendor, code],
        vendor,
        code,
    )


def test_expected_kinds_cover_the_documented_tables() -> None:
    """The table above names every row of the three vendors' documented tables."""
    documented = {("use_tool", r[0]) for r in USE_TOOL_TABLE} | {
        ("pythe", r[0]) for r in PYTHE_TABLE
    }
    documented |= {("configure", r[0]) for r in CONFIGURE_TABLE}
    assert set(EXPECTED_KINDS) == documented


def test_configure_invalid_input_404_is_not_found_everywhere() -> None:
    """A structured 404 is not_found, and becomes not_found in the other vendors."""
    wire = {
        "code": "INVALID_INPUT",
        "message": "gone",
        "statusCode": 404,
        "type": "resource_missing",
    }
    error = parse(wire)
    assert (error.kind, error.status_code, error.action) == (
        ErrorKind.NOT_FOUND,
        404,
        Action.FIND_TARGET,
    )
    assert convert(wire, to="use_tool") == {"error": "not_found", "message": "gone"}
    assert convert(wire, to="pythe")["code"] == "not_found"
    assert convert({"error": "not_found", "message": "gone"}, to="configure") == {
        "code": "INVALID_INPUT", "message": "gone", "statusCode": 404, "retryable": False,
    }  # fmt: skip


@pytest.mark.parametrize("code", ["TIMEOUT", "NETWORK_ERROR"])
def test_local_configure_errors_are_unknown_outcomes_with_retryable_unset(code: str) -> None:
    """TIMEOUT and NETWORK_ERROR are unknown_outcome; retryable stays None and unwritten."""
    error = parse({"code": code, "message": "m"})
    assert (error.kind, error.retryable, error.action) == (
        ErrorKind.UNKNOWN_OUTCOME,
        None,
        Action.CHECK_FIRST,
    )
    assert convert(error, to="use_tool") == {"error": "unknown_outcome", "message": "m"}
    assert convert(error, to="configure") == {"code": code, "message": "m"}
    assert convert({"error": "unknown_outcome", "message": "m"}, to="configure") == {
        "code": "TIMEOUT",
        "message": "m",
    }


def test_otp_blocked_stays_not_retryable_in_every_vendor() -> None:
    """RATE_LIMITED with retryable false never turns into an invitation to retry."""
    wire = {
        "code": "RATE_LIMITED",
        "message": "Too many codes.",
        "type": "otp_blocked",
        "retryable": False,
    }
    error = parse(wire)
    assert (error.kind, error.retryable, error.action) == (
        ErrorKind.RATE_LIMITED,
        False,
        Action.READ_MESSAGE,
    )
    assert not toolerrors.should_retry(error, idempotent=True)
    assert convert(wire, to="pythe")["code"] == "http_429"
    assert convert(wire, to="pythe")["retryable"] is False
    assert convert(wire, to="use_tool") == {"error": "vendor", "message": "Too many codes."}


def test_pythe_retryable_wins_over_the_default() -> None:
    """A Pythe payload's own retryable value is kept, whatever the code's default."""
    wire = {"ok": False, "code": "internal", "message": "m", "retryable": False, "how_to_fix": "h"}
    assert parse(wire).retryable is False
    assert parse({**wire, "code": "forbidden", "retryable": True}).retryable is True


def test_insufficient_credits_is_payment_required_402() -> None:
    """insufficient_credits is payment_required with status 402, carried into Configure."""
    wire = {
        "ok": False,
        "code": "insufficient_credits",
        "message": "m",
        "retryable": False,
        "how_to_fix": "h",
    }
    error = parse(wire)
    assert (error.kind, error.status_code) == (ErrorKind.PAYMENT_REQUIRED, 402)
    assert convert(wire, to="configure") == {
        "code": "PAYMENT_REQUIRED", "message": "m", "statusCode": 402, "retryable": False,
        "suggestedAction": "upgrade_plan",
    }  # fmt: skip


def test_not_done_yet_becomes_complete_approval() -> None:
    """not_done_yet is approval_required and becomes Configure complete_approval."""
    held = NotDoneYet.of("Ana", Reason.UNNAMED_RECIPIENT).to_wire()
    error = parse(held)
    assert (error.kind, error.owner, error.reason, error.code) == (
        ErrorKind.APPROVAL_REQUIRED, "Ana", Reason.UNNAMED_RECIPIENT, "not_done_yet",
    )  # fmt: skip
    assert error.action is Action.ASK_OWNER
    assert convert(held, to="configure") == {
        "code": "ACCESS_DENIED", "message": held["not_done_yet"], "retryable": False,
        "suggestedAction": "complete_approval",
    }  # fmt: skip


def test_refused_is_never_retryable_anywhere() -> None:
    """A refusal is retryable false in every vendor that can say so, and never retried."""
    held = Refused.of("Ana", Reason.SENSITIVE_DATA).to_wire()
    error = parse(held)
    assert (error.kind, error.action, error.retryable) == (ErrorKind.REFUSED, Action.STOP, False)
    assert convert(held, to="pythe")["retryable"] is False
    assert convert(held, to="configure")["retryable"] is False
    for vendor in VENDORS:
        assert not toolerrors.should_retry(parse(convert(held, to=vendor)), idempotent=True)


def test_suggested_action_refines_the_action() -> None:
    """Configure's suggestedAction refines the kind's default action."""
    base = {"code": "INVALID_INPUT", "message": "m"}
    assert parse(base).action is Action.FIX_INPUT
    assert parse({**base, "suggestedAction": "use_hosted_auth"}).action is Action.REAUTHENTICATE
    assert parse({**base, "suggestedAction": "commit_profile"}).action is Action.COMMIT


@pytest.mark.parametrize("vendor", ["pythe", "configure"])
def test_the_mapping_page_says_a_refusal_reads_back_as_a_permission_problem(vendor: str) -> None:
    """Pythe and Configure have no code that says stop: a refusal written to them reads
    back as ``permission_denied`` (``ask_owner``), never retried, and the mapping page says
    so rather than claiming only the owner and reason are lost."""
    back = parse(convert(toolerrors.UnifiedError(ErrorKind.REFUSED, "No."), to=vendor))
    assert (back.kind, back.action, back.retryable) == (
        ErrorKind.PERMISSION_DENIED,
        Action.ASK_OWNER,
        False,
    )
    page = (ROOT / "docs" / "mapping.md").read_text("utf-8")
    line = next(line for line in page.splitlines() if line.startswith(f"- `refused` → {vendor} "))
    assert line.endswith("it reads back as `permission_denied` (`ask_owner`).")


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_refusal_written_anywhere_never_reads_back_as_a_retry(vendor: str) -> None:
    """Whatever a vendor's codes can say, a refusal written there is not retried."""
    from toolerrors._table import RETRY_ACTIONS

    back = parse(convert(toolerrors.UnifiedError(ErrorKind.REFUSED, "No."), to=vendor))
    assert back.retryable is False
    assert back.action not in RETRY_ACTIONS


def test_a_status_stands_for_a_kind_only_when_it_is_an_error() -> None:
    """``of_status``: no status, a success and a number past HTTP say nothing; a 4xx or
    5xx it does not name falls back on its class (a 599 is no safe retry)."""
    assert [of_status(status) for status in (None, 200, 399, 600)] == [None] * 4
    assert of_status(404) == (ErrorKind.NOT_FOUND, False)
    assert of_status(429) == (ErrorKind.RATE_LIMITED, True)
    assert of_status(499) == of_status(400)
    assert of_status(599) is not None and of_status(599)[1] is not True
