"""GitHub's REST and GraphQL errors, and its rate-limit and one-time-code headers."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, UnifiedError, convert, error_of, from_http, parse


def test_headers_and_words_beat_a_403() -> None:
    """Spent rate limits, a secondary limit's retry-after and its words; OTP needs a person."""
    body = {"message": "Must have admin rights to Repository.",
            "documentation_url": "https://docs.github.com/rest"}  # fmt: skip
    assert from_http(403, {}, body).kind is ErrorKind.PERMISSION_DENIED
    spent = from_http(403, {"x-ratelimit-remaining": "0"}, body)
    assert (spent.kind, spent.retryable) == (ErrorKind.RATE_LIMITED, True)
    secondary = from_http(403, {"retry-after": "60"}, body)
    assert (secondary.kind, secondary.retry_after) == (ErrorKind.RATE_LIMITED, 60.0)
    worded = parse({"message": "You have exceeded a secondary rate limit.",
                    "documentation_url": "https://docs.github.com/rest", "status": "403"})  # fmt: skip
    assert worded.kind is ErrorKind.RATE_LIMITED
    otp = from_http(401, {"x-github-otp": "required; sms"}, {"message": "Must specify two-factor "
                    "authentication OTP code.", "documentation_url": "https://docs.github.com/rest"})  # fmt: skip
    assert (otp.kind, otp.action.value) == (ErrorKind.APPROVAL_REQUIRED, "ask_owner")


def test_graphql_errors_in_a_200() -> None:
    """GraphQL's errors are errors whatever the status; the first one decides."""
    body = {"data": None, "errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded."},
                                     {"type": "NOT_FOUND", "message": "x"}]}  # fmt: skip
    error = from_http(200, {}, body)
    assert (error.vendor, error.code, error.kind) == (
        "github",
        "RATE_LIMITED",
        ErrorKind.RATE_LIMITED,
    )
    assert convert(body, "github") == body  # type: ignore[arg-type]


def test_graphql_errors_beside_resolved_data_are_never_retried_whole() -> None:
    """A GraphQL response whose data resolved one field and whose error is a rate limit
    on another partly took effect: its kind kept, never retried, written back as it came;
    with no data resolved it is retried as its error says."""
    partial = {
        "data": {"createIssue": {"issue": {"number": 7}}, "addLabel": None},
        "errors": [
            {"type": "RATE_LIMITED", "message": "API rate limit exceeded", "path": ["addLabel"]}
        ],
    }
    error = parse(partial)
    assert (error.kind, error.retryable, error.message) == (
        ErrorKind.RATE_LIMITED, False, "API rate limit exceeded",
    )  # fmt: skip
    assert convert(partial, "github") == partial  # type: ignore[arg-type]
    nothing = {**partial, "data": {"createIssue": None, "addLabel": None}}
    assert (parse(nothing).kind, parse(nothing).retryable) == (ErrorKind.RATE_LIMITED, True)


def test_rate_limit_pages_say_rate_limit() -> None:
    """A REST error that points to GitHub's rate-limit documentation is a rate limit,
    whatever its words or a 403 say; another page leaves the words to decide."""
    pointed = {
        "message": "Slow down.",
        "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
    }
    assert (parse(pointed).kind, parse(pointed).retryable) == (ErrorKind.RATE_LIMITED, True)
    assert from_http(403, {}, pointed).kind is ErrorKind.RATE_LIMITED
    elsewhere = {"message": "Slow down.", "documentation_url": "https://docs.github.com/rest/repos"}
    assert parse(elsewhere).kind is ErrorKind.UNKNOWN
    assert from_http(403, {}, elsewhere).kind is ErrorKind.PERMISSION_DENIED


def test_graphql_errors_with_only_a_documented_type_are_github_s() -> None:
    """``{"errors": [{"type": "RATE_LIMITED"}]}`` in a 200 is GitHub's rate limit: the type
    speaks alone (its row's meaning is the message); strict reading still wants a message,
    and a type GitHub does not document, or one that is no text, is no error."""
    body = {"errors": [{"type": "RATE_LIMITED"}]}
    error = from_http(200, {}, body)
    assert (error.vendor, error.kind, error.retryable, error.code) == (
        "github",
        ErrorKind.RATE_LIMITED,
        True,
        "RATE_LIMITED",
    )
    with pytest.raises(ShapeError, match="an error object with a message"):
        parse(body, strict=True)
    for other in ({"errors": [{"type": "SOMETHING"}]}, {"errors": [{"type": ["RATE_LIMITED"]}]}):
        assert error_of(other) is None


def test_other_apis_errors_lists_are_not_github_s() -> None:
    """An ``errors`` list is GitHub's GraphQL errors only with GraphQL's fields and
    GitHub's: Cloudflare's (``success: false``, integer codes;
    timothymiller/cloudflare-ddns#152) is Cloudflare's, and without its envelope no
    source's; SendGrid's (``field``, ``help``) names no source, and its first error's
    message is kept."""
    cloudflare = {
        "result": None,
        "success": False,
        "errors": [
            {
                "code": 7003,
                "message": "Could not route to /client/v4/zones/myZone.xxx, perhaps your"
                " object identifier is invalid?",
            }
        ],
        "messages": [],
    }
    read = from_http(400, {}, cloudflare)
    assert (read.vendor, read.code, read.kind) == ("cloudflare", "7003", ErrorKind.NOT_FOUND)
    assert read.message.startswith("Could not route to /client/v4/zones/")
    assert error_of({k: v for k, v in cloudflare.items() if k != "success"}) is None
    sendgrid = corpus_case("elsewhere", "sendgrid-401-invalid-grant")
    read = from_http(sendgrid["status"], sendgrid["headers"], sendgrid["body"])
    assert (read.vendor, read.kind) == ("http", ErrorKind.UNAUTHENTICATED)
    assert read.message == "The provided authorization grant is invalid, expired, or revoked"


def test_an_error_with_rate_limit_words_is_not_written_as_a_403() -> None:
    """GitHub reads its rate-limit wording under a 403 as a rate limit: another source's
    permission error that says "rate limit exceeded" is written as GitHub's 422 instead,
    so that it reads back as never retried, not as a rate limit."""
    error = UnifiedError(ErrorKind.PERMISSION_DENIED, "API rate limit exceeded", retryable=False)
    written = convert(error, "github")
    assert written == {
        "message": "API rate limit exceeded",
        "documentation_url": "https://docs.github.com/rest",
        "status": "422",
    }
    assert (parse(written).kind, parse(written).retryable) == (ErrorKind.INVALID_INPUT, False)
    plain = convert(
        UnifiedError(ErrorKind.PERMISSION_DENIED, "No access.", retryable=False), "github"
    )
    assert plain["status"] == "403"


def test_a_rest_error_is_github_s_only_with_github_s_documentation() -> None:
    """``{message, documentation_url}`` is GitHub's REST error where the URL is on
    GitHub's documentation; Looker's SDK sends the same pair with its own docs
    (looker-open-source/sdk-codegen), named as no one's and read by its words."""
    looker = {"message": "Not found", "documentation_url": "http://docs.looker.com/"}
    error = from_http(404, {}, looker)
    assert error.vendor != "github"
    assert (error.kind, error.retryable) == (ErrorKind.NOT_FOUND, False)
    github = {"message": "Not Found",
              "documentation_url": "https://docs.github.com/rest/repos/repos#get-a-repository"}  # fmt: skip
    assert from_http(404, {}, github).vendor == "github"
    older = {"message": "Bad credentials", "documentation_url": "https://developer.github.com/v3"}
    assert from_http(401, {}, older).vendor == "github"
