"""JSON:API error documents: each error by its status, refined by its words only where
that retries no more; the least retried of several decides; GraphQL's, Cloudflare's and
GitHub's errors stay theirs."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.jsonapi import ErrorDocument, Status
from toolerrors.jsonapi import parse as parse_model


def _doc(*errors: dict[str, Any]) -> dict[str, Any]:
    return {"errors": list(errors)}


def test_an_error_object_is_jsonapis_and_read_by_its_status() -> None:
    """The specification's own example is JSON:API's, read by its string status."""
    body = _doc(
        {
            "status": "422",
            "source": {"pointer": "/data/attributes/firstName"},
            "title": "Invalid Attribute",
            "detail": "First name must contain at least two characters.",
        }
    )
    error = parse(body)
    assert (error.vendor, error.kind, error.retryable, error.code, error.status_code) == (
        "jsonapi",
        ErrorKind.INVALID_INPUT,
        False,
        "422",
        422,
    )
    assert error.message == "First name must contain at least two characters."


@pytest.mark.parametrize(
    ("error", "kind", "retryable"),
    [
        ({"status": "404", "title": "Not Found"}, ErrorKind.NOT_FOUND, False),
        ({"status": "429", "title": "Too Many Requests"}, ErrorKind.RATE_LIMITED, True),
        ({"status": "503"}, ErrorKind.UNAVAILABLE, True),
        ({"status": "418"}, ErrorKind.INVALID_INPUT, False),  # no row: the HTTP table
        # less retryable than the status: taken from any status
        ({"status": "429", "code": "quota_exceeded"}, ErrorKind.PAYMENT_REQUIRED, False),
        ({"status": "503", "detail": "No such project."}, ErrorKind.NOT_FOUND, False),
        # retried alike: the status stands, unless the words name billing
        ({"status": "400", "title": "Not Found"}, ErrorKind.INVALID_INPUT, False),
        # a catch-all status: words that name what happened decide (PostNL's bad key,
        # github.com/postnl/postnl-magento1-End-of-life/issues/55)
        ({"status": "400", "title": "Bad Request", "detail": "API key not valid"},
         ErrorKind.UNAUTHENTICATED, False),
        ({"status": "409", "code": "ENTITY_ERROR.ATTRIBUTE.INVALID"}, ErrorKind.CONFLICT, False),
        ({"status": "402", "title": "Payment Required"}, ErrorKind.PAYMENT_REQUIRED, False),
        ({"status": "401", "detail": "Invalid token"}, ErrorKind.UNAUTHENTICATED, False),
        ({"status": "403", "detail": "Your credit balance is too low."}, ErrorKind.PAYMENT_REQUIRED, False),
        # more retryable than the status: never
        ({"status": "504", "detail": "Service unavailable"}, ErrorKind.UNKNOWN_OUTCOME, None),
        ({"status": "422", "detail": "Rate limit exceeded"}, ErrorKind.INVALID_INPUT, False),
        ({"status": "500", "detail": "Service unavailable"}, ErrorKind.INTERNAL, None),
        # no status: the words alone, else unknown
        ({"title": "Record not found"}, ErrorKind.NOT_FOUND, False),
        ({"code": "server_unavailable"}, ErrorKind.UNAVAILABLE, True),
        ({"title": "Oops"}, ErrorKind.UNKNOWN, None),
    ],
)  # fmt: skip
def test_the_status_decides_and_words_refine_it_no_more_retryable(
    error: dict[str, Any], kind: ErrorKind, retryable: bool | None
) -> None:
    """Words take an error to a kind retried less than its status, or to billing; never
    to one retried alike or more."""
    read = parse(_doc(error))
    assert (read.vendor, read.kind, read.retryable) == ("jsonapi", kind, retryable)


def test_of_several_errors_the_least_retried_decides() -> None:
    """A 422 beside a 503 is not retried; among errors retried alike, the first decides;
    the message holds every error's detail, else its title."""
    body = _doc(
        {"status": "503", "detail": "Try later."},
        {"status": "422", "title": "Invalid Attribute", "detail": "Name is blank."},
        {"status": "404", "title": "Not Found"},
    )
    error = parse(body)
    assert (error.kind, error.retryable, error.code, error.status_code) == (
        ErrorKind.INVALID_INPUT,
        False,
        "422",
        422,
    )
    assert error.message == "Try later.; Name is blank.; Not Found"


def test_a_status_as_a_number_is_read_leniently_and_refused_strictly() -> None:
    """Drupal's contributed module sends ``status`` and ``code`` as numbers."""
    body = corpus_case("jsonapi", "drupal-contrib-403-integer-status")["body"]
    error = parse(body)
    assert (error.kind, error.retryable, error.code, error.status_code) == (
        ErrorKind.PERMISSION_DENIED,
        False,
        "403",
        403,
    )
    with pytest.raises(ShapeError, match="three digits") as raised:
        parse(body, strict=True)
    assert raised.value.where == "/errors/0/status"


def test_the_jsonapi_member_marks_the_document() -> None:
    """Beside ``jsonapi`` any error objects are JSON:API's, even with a ``message``;
    without it, an error with a ``message`` is GraphQL's."""
    errors = [{"message": "Name is blank.", "path": ["name"]}]
    assert parse({"jsonapi": {"version": "1.1"}, "errors": errors}).vendor == "jsonapi"
    assert parse({"errors": errors}).vendor == "graphql"


def test_other_errors_arrays_stay_their_sources() -> None:
    """GraphQL's, GitHub's and Cloudflare's errors, and an empty array, are not
    JSON:API's."""
    assert parse({"errors": [{"message": "x", "extensions": {"code": "FORBIDDEN"}}]}).vendor == (
        "graphql"
    )
    github = corpus_case("github", "graphql-not-found-two-errors")["body"]
    assert parse(github).vendor == "github"
    cloudflare = corpus_case("cloudflare", "authentication-error-graphql")["body"]
    assert parse(cloudflare).vendor == "cloudflare"
    assert error_of({"errors": []}) is None
    assert error_of({"errors": [{"type": "RATE_LIMITED"}]}).vendor == "github"  # type: ignore[union-attr]
    square = {
        "errors": [{"category": "AUTHENTICATION_ERROR", "code": "UNAUTHORIZED", "detail": "x"}]
    }
    read = error_of(square)  # Square's own member: not JSON:API's, but a coded error
    assert read is not None
    assert (read.vendor, read.kind, read.code) == (None, ErrorKind.UNAUTHENTICATED, "UNAUTHORIZED")
    early = corpus_case("jsonapi", "jsonapi-resources-0-status-not-found")["body"]
    assert parse(early).vendor == "jsonapi"  # a draft's `href`


def test_from_http_reads_the_body_with_the_response_status() -> None:
    """A body without a status takes the response's."""
    case = corpus_case("jsonapi", "spec-422-missing-data-member")
    error = from_http(case["status"], case["headers"], case["body"])
    assert (error.vendor, error.kind, error.retryable, error.status_code) == (
        "jsonapi",
        ErrorKind.INVALID_INPUT,
        False,
        422,
    )
    assert from_http(503, {}, _doc({"detail": "Down for maintenance."})).retryable is True


def test_strict_reading_holds_the_document_to_the_specification() -> None:
    """No ``data`` beside ``errors``, no member the specification does not name, a text
    ``code``; the corpus's documents from the specification pass."""
    for name in ("spec-422-error-codes", "spec-400-invalid-query-parameter"):
        body = corpus_case("jsonapi", name)["body"]
        assert parse(body, strict=True) == parse(body)
    with pytest.raises(ShapeError, match="unknown field") as raised:
        parse({"errors": [{"status": "404"}], "data": None}, strict=True)
    assert raised.value.where == ""
    with pytest.raises(ShapeError, match="a string") as raised:
        parse(_doc({"status": "404"}, {"code": 7}), strict=True)
    assert raised.value.where == "/errors/1/code"
    with pytest.raises(ShapeError, match="unknown field") as raised:
        parse(_doc({"status": "400", "source": {"line": 3}}), strict=True)
    assert raised.value.where == "/errors/0/source"
    with pytest.raises(ShapeError, match="an error object") as raised:
        parse(_doc({"status": "400"}, "oops"), strict=True)  # type: ignore[arg-type]
    assert raised.value.where == "/errors/1"


def test_lenient_reading_passes_over_an_error_that_does_not_fit() -> None:
    """An error that is not an object, or has a member of the wrong type, is passed over
    while another error fits; when none fits, the document is still an error."""
    broken = parse(_doc({"status": "404", "title": 5}, "oops", {"status": "400"}))  # type: ignore[arg-type]
    assert (broken.vendor, broken.kind, broken.retryable, broken.message) == (
        "jsonapi",
        ErrorKind.INVALID_INPUT,
        False,
        "a JSON:API error with no title or detail",
    )
    assert parse(_doc({"status": "404", "title": 5})).kind is ErrorKind.UNKNOWN


def test_written_at_home_as_it_came_and_elsewhere_with_the_status_of_its_kind() -> None:
    """A JSON:API document goes back as it came; another source's error becomes one error
    with its kind's status and title, its own code and its message, and reads back the
    same."""
    body = corpus_case("jsonapi", "drupal-core-403-permission-required")["body"]
    assert convert(body, "jsonapi") == body
    missing = parse({"ok": False, "error": "channel_not_found"})
    written = convert(missing, "jsonapi")
    assert written == {
        "errors": [
            {
                "status": "404",
                "code": "channel_not_found",
                "title": "Not Found",
                "detail": missing.message,
            }
        ]
    }
    again = parse(written)
    assert (again.kind, again.retryable) == (ErrorKind.NOT_FOUND, False)


def test_every_status_written_reads_back_as_its_kind() -> None:
    """Each row's status and title, as written, read as the row's kind."""
    from toolerrors._builtin.jsonapi import ROWS, TITLES

    for row in ROWS:
        if row.reads:
            error = parse(_doc({"status": row.code, "title": TITLES[row.code]}))
            assert (error.kind, error.retryable) == (row.kind, row.retryable), row.code


def test_the_model() -> None:
    """The document model keeps the errors in order; strict reading asks text statuses."""
    body = corpus_case("jsonapi", "spec-422-error-codes")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorDocument)
    assert [e.code for e in model.errors] == ["123", "225", "226"]
    assert model.errors[0].source is not None
    assert model.errors[0].source.pointer == "/data/attributes/first-name"
    assert model.to_wire() == body
    assert Status("422") is Status.UNPROCESSABLE_ENTITY
    drupal = corpus_case("jsonapi", "drupal-contrib-403-integer-status")["body"]
    assert parse_model(drupal).errors[0].status == 403
    with pytest.raises(ShapeError, match="three digits"):
        parse_model(drupal, strict=True)
    with pytest.raises(ShapeError):
        parse_model({"errors": []}, strict=True)
