"""Discord API errors: JSON error codes, invalid form bodies and rate limits."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import Action, ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors._cli import explain
from toolerrors.discord import DOCUMENTED, ErrorCode, ErrorResponse
from toolerrors.discord import parse as parse_model


@pytest.mark.parametrize(
    ("name", "code", "kind"),
    [
        ("missing-access-search", "50001", ErrorKind.PERMISSION_DENIED),
        ("missing-permissions-create-channel", "50013", ErrorKind.PERMISSION_DENIED),
        ("invalid-form-body-not-snowflake", "50035", ErrorKind.INVALID_INPUT),
        ("invalid-form-body-array", "50035", ErrorKind.INVALID_INPUT),
    ],
)
def test_each_error_reads_by_its_code_and_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind
) -> None:
    """The JSON error code decides; written back to Discord, it is the body it was."""
    body = corpus_case("discord", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "discord",
        code,
        kind,
        False,
    )
    assert error.message == body["message"]
    assert convert(error, "discord") == body


@pytest.mark.parametrize(
    ("name", "wait"),
    [("user-rate-limit", 64.57), ("resource-rate-limit", 1336.57), ("global-rate-limit", 64.57)],
)
def test_a_rate_limit_waits_what_its_body_says(name: str, wait: float) -> None:
    """``retry_after`` is the wait, to the hundredth (``Retry-After`` rounds it up); the
    rate limit has no code and goes back as it came."""
    case = corpus_case("discord", name)
    error = from_http(case["status"], case["headers"], case["body"])
    assert (error.vendor, error.code, error.kind, error.retry_after) == (
        "discord",
        None,
        ErrorKind.RATE_LIMITED,
        wait,
    )
    assert error.action is Action.WAIT_AND_RETRY
    assert convert(parse(case["body"]), "discord") == case["body"]
    assert explain(error).splitlines()[3] == "source:  discord (HTTP 429)"


def test_code_0_names_no_source() -> None:
    """ "General error" (0) comes with ``401: Unauthorized``: no mark of Discord's, so the
    status decides and no source is named."""
    for name, kind in (
        ("unauthorized-code-0", ErrorKind.UNAUTHENTICATED),
        ("not-found-code-0", ErrorKind.NOT_FOUND),
    ):
        case = corpus_case("discord", name)
        error = from_http(case["status"], {}, case["body"])
        assert (error.kind, error.vendor) == (kind, "http")
    assert error_of({"message": "General error", "code": 0}) is None


def test_a_documented_code_not_in_the_table() -> None:
    """Read by its message's words, else its series: an ``Unknown ...`` (10xxx) is not
    found, a ``Maximum number of ... reached`` (30xxx) a conflict."""
    unknown = parse({"message": "Unknown Sticker", "code": 10060})
    assert (unknown.vendor, unknown.kind) == ("discord", ErrorKind.NOT_FOUND)
    maximum = parse({"message": "Maximum number of webhooks reached (15)", "code": 30007})
    assert (maximum.vendor, maximum.kind) == ("discord", ErrorKind.CONFLICT)
    assert error_of({"message": "x", "code": 12345}) is None  # not Discord's


def test_elsewhere_a_rate_limit_keeps_its_wait() -> None:
    """Another source's rate limit becomes Discord's rate-limit response, with its wait;
    another error gets the code of its kind."""
    error = parse(
        {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 3"}
    )
    assert convert(error, "discord") == {
        "code": 40062,
        "message": error.message,
        "retry_after": error.retry_after,
        "global": False,
    }
    missing = parse({"ok": False, "error": "channel_not_found"})
    assert convert(missing, "discord") == {"code": 10003, "message": missing.message}


def test_the_model() -> None:
    """``global_`` is the wire's ``global``; strict reading refuses a code Discord does
    not document, and takes every one it does."""
    body = corpus_case("discord", "global-rate-limit")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorResponse)
    assert (model.retry_after, model.global_) == (64.57, True)
    assert model.to_wire() == body
    assert len(DOCUMENTED) == 256
    assert parse_model({"message": "Unknown Sticker", "code": 10060}, strict=True).code == 10060
    with pytest.raises(ShapeError):
        parse_model({"message": "x", "code": 12345}, strict=True)
    with pytest.raises(ShapeError):
        parse({"message": "x", "code": 12345, "retry_after": 1.0, "global": False}, strict=True)
    assert ErrorCode("50035") is ErrorCode.INVALID_FORM_BODY


def test_a_code_discord_documents_beside_a_description_is_not_discords() -> None:
    """Discord's error object is ``{code, message, errors?}``; Kotak Securities' API
    answers an expired one-time token with ``{code: 50001, description, message}``
    (github.com/paramatrixtech/ksapi/issues/39), a number Discord documents too (Missing
    Access), which names Discord on no mark of Discord's."""
    body = {"code": 50001, "description": "Onetimetoken is either expired or not correct",
            "message": "Invalid OneTimeToken"}  # fmt: skip
    assert parse(body).vendor is None
    assert parse({"code": 50001, "message": "Missing Access"}).vendor == "discord"
