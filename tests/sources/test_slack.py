"""Slack's Web API errors: ``ok: false`` with an ``error`` code, even in an HTTP 200."""

from __future__ import annotations

import pytest

from toolerrors import ErrorKind, ShapeError, convert, from_http, parse


@pytest.mark.parametrize(
    ("payload", "vendor"),
    [
        ({"ok": False, "error": "channel_not_found"}, "slack"),
        ({"ok": False, "code": "not_found", "message": "No such run.", "retryable": False,
          "how_to_fix": "Check the id with list_runs."}, "pythe"),
    ],
    ids=["slack", "pythe"],
)  # fmt: skip
def test_never_read_as_pythe_nor_pythe_as_slack(payload: dict[str, object], vendor: str) -> None:
    """Both say ``ok: false``: Slack with an ``error``, Pythe with a ``code``."""
    error = parse(payload)
    assert (error.vendor, error.kind) == (vendor, ErrorKind.NOT_FOUND)
    assert convert(payload, vendor) == payload  # type: ignore[arg-type]


def test_an_error_in_a_200_is_an_error() -> None:
    """``from_http(200, ...)`` reads Slack's error, where a plain 200 is no error."""
    error = from_http(200, {}, b'{"ok": false, "error": "invalid_arguments", '
                      b'"response_metadata": {"messages": ["[ERROR] missing required field: channel"]}}')  # fmt: skip
    assert (error.kind, error.message) == (
        ErrorKind.INVALID_INPUT, "[ERROR] missing required field: channel",
    )  # fmt: skip
    unknown = parse({"ok": False, "error": "restricted_action_thread_locked"})
    assert (unknown.kind, unknown.code) == (ErrorKind.UNKNOWN, "restricted_action_thread_locked")
    worded = parse({"ok": False, "error": "team_not_found"})
    assert (worded.kind, worded.retryable) == (ErrorKind.NOT_FOUND, False)
    with pytest.raises(ShapeError, match="unknown error 'team_not_found'; expected one of the 35"):
        parse({"ok": False, "error": "team_not_found"}, strict=True)


def test_an_ok_false_beside_a_message_or_a_status_is_not_slacks() -> None:
    """Slack's error response never holds a ``message`` or a ``status``; Outline's API
    answers ``{ok: false, error, status, message}`` (github.com/outline/outline,
    server/middlewares/rateLimiter.ts), which is read by its fields and names no one."""
    body = {"ok": False, "error": "rate_limit_exceeded", "status": 429,
            "message": "Rate limit exceeded for this operation"}  # fmt: skip
    error = parse(body)
    assert (error.vendor, error.kind, error.retryable, error.status_code) == (
        None, ErrorKind.RATE_LIMITED, True, 429,
    )  # fmt: skip
    assert parse({"ok": False, "error": "ratelimited"}).vendor == "slack"
