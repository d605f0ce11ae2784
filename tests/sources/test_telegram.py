"""Telegram's Bot API errors: ``ok: false``, an ``error_code``, a ``description``, and
``parameters`` that say how to handle some of them."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, from_http, parse
from toolerrors.telegram import ErrorCode, ErrorResponse
from toolerrors.telegram import parse as parse_model


@pytest.mark.parametrize(
    ("payload", "vendor"),
    [
        ({"ok": False, "error_code": 400, "description": "Bad Request: chat not found"}, "telegram"),
        ({"ok": False, "error": "channel_not_found"}, "slack"),
        ({"ok": False, "code": "not_found", "message": "No such run.", "retryable": False,
          "how_to_fix": "Check the id with list_runs."}, "pythe"),
    ],
    ids=["telegram", "slack", "pythe"],
)  # fmt: skip
def test_three_ok_false_shapes_each_read_as_its_own(
    payload: dict[str, object], vendor: str
) -> None:
    """Slack, Pythe and Telegram all say ``ok: false``; their fields tell them apart."""
    error = parse(payload)
    assert (error.vendor, error.kind) == (vendor, ErrorKind.NOT_FOUND)
    assert convert(payload, vendor) == payload  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "kind", "retryable", "wait"),
    [
        ("chat-not-found", ErrorKind.NOT_FOUND, False, None),
        ("file-too-big", ErrorKind.TOO_LARGE, False, None),
        ("message-not-modified", ErrorKind.INVALID_INPUT, False, None),
        ("not-enough-rights-photos", ErrorKind.PERMISSION_DENIED, False, None),
        ("group-chat-migrated", ErrorKind.NOT_FOUND, False, None),
        ("bot-blocked-by-user", ErrorKind.PERMISSION_DENIED, False, None),
        ("webhook-is-active", ErrorKind.CONFLICT, False, None),
        ("retry-after-2282", ErrorKind.RATE_LIMITED, True, 2282.0),
        ("retry-after-134-no-parameters", ErrorKind.RATE_LIMITED, True, 134.0),
        ("500-restart", ErrorKind.INTERNAL, None, None),
        ("502-bad-gateway", ErrorKind.UNAVAILABLE, True, None),
    ],
)
def test_a_bad_request_is_read_by_its_description_every_other_code_by_itself(
    name: str, kind: ErrorKind, retryable: bool | None, wait: float | None
) -> None:
    """A 400's description's words decide its kind; a wait comes from ``parameters``, or
    from the text where an older response says it only there."""
    body = corpus_case("telegram", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.status_code) == (
        "telegram",
        str(body["error_code"]),
        body["error_code"],
    )
    assert (error.kind, error.retryable, error.retry_after) == (kind, retryable, wait)
    assert error.message == body["description"]
    assert convert(error, "telegram") == body


@pytest.mark.parametrize(
    "description",
    ["Bad Request: rate limit, retry later", "Bad Request: the request timed out"],
)
def test_a_bad_requests_words_never_make_it_more_retryable(description: str) -> None:
    """Words that would invite another attempt (a rate limit, a timeout) do not refine a
    400: it stays a bad request, never retried as it is."""
    error = parse({"ok": False, "error_code": 400, "description": description})
    assert (error.kind, error.retryable) == (ErrorKind.INVALID_INPUT, False)


def test_another_sources_bad_input_written_here_reads_back_no_more_retryable() -> None:
    """Notion's ``invalid_json`` with rate-limit words in its message, written as a
    Telegram 400 with that message, reads back as bad input, not as a rate limit."""
    notion = {"object": "error", "status": 400, "code": "invalid_json", "message": "RATELIMIT"}
    written = convert(notion, "telegram")
    assert written == {"ok": False, "error_code": 400, "description": "RATELIMIT"}
    assert (parse(written).kind, parse(written).retryable) == (ErrorKind.INVALID_INPUT, False)


def test_a_code_telegram_has_not_sent_reads_by_its_words_and_strictly_is_refused() -> None:
    """Telegram says its codes may change: a new one is read, and refused only strictly."""
    payload = {"ok": False, "error_code": 418, "description": "I'm a teapot: not found"}
    error = parse(payload)
    assert (error.kind, error.code, error.status_code) == (ErrorKind.NOT_FOUND, "418", 418)
    with pytest.raises(ShapeError) as caught:
        parse(payload, strict=True)
    assert (caught.value.where, caught.value.problem) == (
        "/error_code",
        "unknown error_code 418; expected one of '400', '401', '403', '404', '409', '429',"
        " '500', '502'",
    )
    with pytest.raises(ValueError, match="unknown telegram error_code 418"):
        parse_model(payload, strict=True)


def test_the_shape_is_held_where_it_breaks() -> None:
    """A text ``error_code`` or a text wait is refused strictly, with where."""
    with pytest.raises(ShapeError, match="error_code"):
        parse({"ok": False, "error_code": "400", "description": "Bad Request"}, strict=True)
    with pytest.raises(ShapeError, match="parameters/retry_after"):
        parse(
            {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests",
                "parameters": {"retry_after": "3"},
            },
            strict=True,
        )


def test_another_sources_error_is_written_with_its_kinds_code_and_wait() -> None:
    """A rate limit from elsewhere becomes a 429 with ``parameters.retry_after`` in whole
    seconds; an unknown outcome a 500, never a code that invites a retry."""
    limited = from_http(429, {"retry-after": "2.5"}, b'{"ok": false, "error": "ratelimited"}')
    written = convert(limited, "telegram")
    assert (written["error_code"], written["parameters"]) == (429, {"retry_after": 3})
    assert parse(written).retry_after == 3.0
    timeout = parse({"error": "timeout", "message": "The tool timed out."})
    assert convert(timeout, "telegram") == {
        "ok": False,
        "error_code": 500,
        "description": "The tool timed out.",
    }


def test_the_model_holds_the_fields_telegram_documents() -> None:
    """``ErrorResponse`` with its ``ResponseParameters``, and the codes as an enum."""
    model = parse_model(corpus_case("telegram", "group-chat-migrated")["body"])
    assert isinstance(model, ErrorResponse)
    assert model.parameters is not None
    assert model.parameters.migrate_to_chat_id == -123456789
    assert [code.value for code in ErrorCode] == [
        "400", "401", "403", "404", "409", "429", "500", "502",
    ]  # fmt: skip
