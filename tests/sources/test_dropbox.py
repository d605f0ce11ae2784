"""Dropbox API errors: the union's tags decide, not the 409 every route's error comes with."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.dropbox import ErrorCode, ErrorResponse
from toolerrors.dropbox import parse as parse_model


@pytest.mark.parametrize(
    ("name", "code", "kind"),
    [
        ("not-found-409", "path/not_found", ErrorKind.NOT_FOUND),
        ("conflict-file-upload-session", "path/conflict/file", ErrorKind.CONFLICT),
        ("insufficient-space-upload", "path/insufficient_space", ErrorKind.PAYMENT_REQUIRED),
        ("shared-link-already-exists", "shared_link_already_exists", ErrorKind.CONFLICT),
        ("settings-error-invalid-settings", "settings_error/invalid_settings", ErrorKind.INVALID_INPUT),
        ("email-not-verified", "email_not_verified", ErrorKind.PERMISSION_DENIED),
    ],
)  # fmt: skip
def test_a_409_is_read_by_its_tags_and_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind
) -> None:
    """The code is the path of the union's tags; its deepest known tag decides, not the
    409; written back to Dropbox, the body is the one it came in."""
    case = corpus_case("dropbox", name)
    error = from_http(case["status"], case.get("headers", {}), case["body"])
    assert (error.vendor, error.code, error.kind, error.retryable, error.status_code) == (
        "dropbox",
        code,
        kind,
        False,
        409,
    )
    assert convert(error, "dropbox") == case["body"]


def test_the_request_id_is_the_dropbox_header() -> None:
    """``X-Dropbox-Request-Id`` is the request id."""
    case = corpus_case("dropbox", "insufficient-space-upload")
    error = from_http(case["status"], case["headers"], case["body"])
    assert error.request_id == "351eb73e861d416ea04dcaba699e9af2"


def test_a_rate_limit_waits_for_its_retry_after_or_the_header() -> None:
    """A ``RateLimitError`` is a struct around its reason: the body's ``retry_after`` is
    the wait, and without it the ``Retry-After`` header is."""
    case = corpus_case("dropbox", "too-many-requests-retry-after")
    error = parse(case["body"])
    assert (error.code, error.kind, error.retryable, error.retry_after) == (
        "too_many_requests",
        ErrorKind.RATE_LIMITED,
        True,
        15.0,
    )
    case = corpus_case("dropbox", "too-many-write-operations")
    error = from_http(case["status"], case["headers"], case["body"])
    assert (error.code, error.kind, error.retry_after) == (
        "too_many_write_operations",
        ErrorKind.RATE_LIMITED,
        1.0,
    )


def test_auth_errors_and_their_scope() -> None:
    """An ``AuthError``: an expired token is unauthenticated, a missing scope is a
    permission the user must grant; the scope named is kept."""
    expired = parse(corpus_case("dropbox", "expired-access-token")["body"])
    assert (expired.code, expired.kind) == ("expired_access_token", ErrorKind.UNAUTHENTICATED)
    assert expired.message == "The access token has expired: get a new one with the refresh token."
    scope = parse(corpus_case("dropbox", "missing-scope-content-write")["body"])
    assert (scope.code, scope.kind) == ("missing_scope", ErrorKind.PERMISSION_DENIED)
    assert scope.extra is not None
    assert scope.extra["error"]["required_scope"] == "files.content.write"


def test_a_tag_not_in_the_table_reads_by_its_words_else_the_status() -> None:
    """An unknown route's union names its own outer tag; the deepest known tag decides,
    else the words of the tags or of the user message, else the status."""
    nested = {"error_summary": "from_lookup/not_found/", "error": {".tag": "from_lookup", "from_lookup": {".tag": "not_found"}}}  # fmt: skip
    assert (parse(nested).code, parse(nested).kind) == ("from_lookup/not_found", ErrorKind.NOT_FOUND)  # fmt: skip
    worded = {"error_summary": "doc_not_found/", "error": {".tag": "doc_not_found"}}
    assert parse(worded).kind is ErrorKind.NOT_FOUND
    told = {
        "error_summary": "bad_thing/",
        "error": {".tag": "bad_thing"},
        "user_message": {"locale": "en", "text": "Permission denied for this folder."},
    }
    assert (parse(told).kind, parse(told).message) == (
        ErrorKind.PERMISSION_DENIED,
        "Permission denied for this folder.",
    )
    silent = {"error_summary": "doc_archived/", "error": {".tag": "doc_archived"}}
    assert from_http(409, {}, silent).kind is ErrorKind.CONFLICT
    assert from_http(409, {}, {"error_summary": "other/", "error": {".tag": "other"}}).kind is ErrorKind.CONFLICT  # fmt: skip


def test_only_dropbox_s_errors_are_claimed() -> None:
    """An ``error_summary`` beside a union with a tag; a summary beside anything else
    is not Dropbox's, and is read as an error of no known source."""
    for body in (
        {"error_summary": "x", "error": "oops"},
        {"error_summary": "x", "error": {"message": "no tag"}},
    ):
        found = error_of(body)
        assert found is not None
        assert (found.vendor, found.kind) == (None, ErrorKind.UNKNOWN)


def test_elsewhere_an_error_is_the_union_of_its_kind() -> None:
    """Another source's error becomes the union of its kind's code; a wait becomes
    ``retry_after`` in whole seconds."""
    missing = parse({"ok": False, "error": "channel_not_found"})
    assert convert(missing, "dropbox") == {
        "error_summary": "path/not_found/",
        "error": {".tag": "path", "path": {".tag": "not_found"}},
    }
    limited = from_http(429, {"Retry-After": "2.5"}, {"error": "slow down"})
    assert convert(limited, "dropbox") == {
        "error_summary": "too_many_requests/",
        "error": {"reason": {".tag": "too_many_requests"}, "retry_after": 3},
    }


def test_the_model() -> None:
    """Strict reading holds the response to Dropbox's fields and the error to a union
    with a tag; the model's code is the path of the tags."""
    body = corpus_case("dropbox", "conflict-file-upload-session")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorResponse)
    assert model.code == "path/conflict/file"
    assert model.to_wire() == body
    with pytest.raises(ShapeError, match="error"):
        parse({"error_summary": "x/", "error": {"reason": 1}}, strict=True)
    with pytest.raises(ShapeError, match="hint"):
        parse({"error_summary": "x/", "error": {".tag": "x"}, "hint": 1}, strict=True)
    assert ErrorCode("path/not_found") is ErrorCode.NOT_FOUND
