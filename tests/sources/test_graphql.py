"""GraphQL errors of any server: the first error's code by the servers' tables, else its
words; a partial success never advised to be retried; GitHub's only with GitHub's marks."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.graphql import ErrorCode, GraphQLResponse
from toolerrors.graphql import parse as parse_model


def _error(code: str, message: str = "Something went wrong.") -> dict[str, Any]:
    return {"message": message, "extensions": {"code": code}}


def test_any_servers_errors_are_graphqls_in_a_200() -> None:
    """An Apollo Server error in a 200 is read by its code, as GraphQL's, not GitHub's."""
    body = {"errors": [_error("UNAUTHENTICATED", "You must be logged in.")], "data": None}
    error = from_http(200, {}, body)
    assert (error.vendor, error.kind, error.retryable, error.code, error.status_code) == (
        "graphql",
        ErrorKind.UNAUTHENTICATED,
        False,
        "UNAUTHENTICATED",
        None,  # a 200 is no error status
    )


def test_a_response_without_an_error_is_no_error() -> None:
    """``data`` alone, or an empty ``errors``, is no error; a 200 with one raises as the
    documented "no error" answer."""
    assert error_of({"data": {"viewer": {"login": "octocat"}}}) is None
    assert error_of({"errors": []}) is None
    assert error_of({"errors": [], "data": {"viewer": None}}) is None
    with pytest.raises(ShapeError, match="no error in its body"):
        from_http(200, {}, {"errors": [], "data": {"viewer": None}})


@pytest.mark.parametrize(
    ("response", "kind", "retryable"),
    [
        # graphql-api-koa's parse failure: no path, no data (a request error)
        ({"errors": [{"message": "GraphQL query syntax error: Unexpected ["}]}, ErrorKind.INVALID_INPUT, False),
        # mercurius' mutation sent by GET: no path, data null (a request error still)
        ({"data": None, "errors": [{"message": "Operation cannot be performed via a GET request"}]}, ErrorKind.INVALID_INPUT, False),
        # mercurius' resolver that threw: a field error, beside data
        ({"data": {"add": None}, "errors": [{"message": "this is a dummy error", "path": ["add"]}]}, ErrorKind.INTERNAL, None),
        # a field error with data null: raised while a resolver ran
        ({"data": None, "errors": [{"message": "boom", "path": ["viewer"]}]}, ErrorKind.INTERNAL, None),
        # WPGraphQL (graphql-php) with its category beside the message
        ({"errors": [{"message": "Internal server error", "category": "internal", "path": ["posts"]}], "data": {"posts": None}}, ErrorKind.INTERNAL, None),
    ],
)  # fmt: skip
def test_an_error_with_no_code_nor_known_words_reads_by_its_place(
    response: dict[str, Any], kind: ErrorKind, retryable: bool | None
) -> None:
    """The specification's request errors (no ``path``, no ``data``: raised before
    execution, "typically the fault of the requesting client") are invalid input; its
    field errors (a ``path``) were raised inside the server."""
    error = parse(response)
    assert (error.vendor, error.kind, error.retryable) == ("graphql", kind, retryable)


@pytest.mark.parametrize(
    ("code", "kind", "retryable"),
    [
        ("GRAPHQL_PARSE_FAILED", ErrorKind.INVALID_INPUT, False),
        ("PERSISTED_QUERY_NOT_FOUND", ErrorKind.NOT_FOUND, False),
        ("FORBIDDEN", ErrorKind.PERMISSION_DENIED, False),
        ("INTERNAL_SERVER_ERROR", ErrorKind.INTERNAL, None),
        ("SHOP_INACTIVE", ErrorKind.PAUSED, False),
        ("invalid-jwt", ErrorKind.UNAUTHENTICATED, False),
        ("constraint-violation", ErrorKind.CONFLICT, False),
        ("AUTH_NOT_AUTHORIZED", ErrorKind.PERMISSION_DENIED, False),
        ("NOT_FOUND", ErrorKind.NOT_FOUND, False),  # no row: its words
        ("SERVICE_UNAVAILABLE", ErrorKind.UNAVAILABLE, True),  # no row: its words
        ("SOMETHING_ELSE", ErrorKind.UNKNOWN, None),
    ],
)
def test_the_code_decides_by_its_row_else_its_words(
    code: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """A documented code reads as its row; any other by its words, else ``unknown``."""
    error = parse({"errors": [_error(code)]})
    assert (error.vendor, error.kind, error.retryable, error.code) == (
        "graphql",
        kind,
        retryable,
        code,
    )


def test_a_catch_all_internal_code_lets_the_message_say_more() -> None:
    """Apollo Server codes anything a resolver threw ``INTERNAL_SERVER_ERROR``: the
    message's known words say the kind (graphql-rate-limit-directive's, ravangen/
    graphql-rate-limit#302), never more retryable than the code, which is written for
    a rate limit whose advice is not known; without them it stays internal."""
    limited = parse({"errors": [_error("INTERNAL_SERVER_ERROR", "Too many requests, please try again in 13 seconds.")]})  # fmt: skip
    failed = parse({"errors": [_error("INTERNAL_SERVER_ERROR", "Something went wrong.")]})
    assert (limited.kind, limited.retryable, limited.code) == (
        ErrorKind.RATE_LIMITED, None, "INTERNAL_SERVER_ERROR"
    )  # fmt: skip
    assert (failed.kind, failed.retryable) == (ErrorKind.INTERNAL, None)


@pytest.mark.parametrize(
    ("category", "kind"),
    [
        ("graphql-authentication", ErrorKind.UNAUTHENTICATED),
        ("graphql-authorization", ErrorKind.UNAUTHENTICATED),
        ("graphql-input", ErrorKind.INVALID_INPUT),
        ("graphql-no-such-entity", ErrorKind.NOT_FOUND),
        ("graphql-already-exists", ErrorKind.CONFLICT),
    ],
)
def test_adobe_commerce_names_its_kind_in_extensions_category(
    category: str, kind: ErrorKind
) -> None:
    """graphql-php's ``extensions.category``, which Adobe Commerce fills with its own
    (developer.adobe.com/commerce/webapi/graphql/develop/exceptions), is the code."""
    error = parse({"errors": [{"message": "No.", "extensions": {"category": category}}]})
    assert (error.vendor, error.kind, error.retryable, error.code) == (
        "graphql", kind, False, category
    )  # fmt: skip


def test_errors_with_locations_are_graphqls_whatever_else_they_add() -> None:
    """An error object that gives its ``locations`` in the query is GraphQL's, with members
    of a server's own beside them (start.gg's ``fields`` and ``fieldErrors``)."""
    error = error_of(corpus_case("graphql", "startgg-complexity-validation-category")["body"])
    assert error is not None
    assert (error.vendor, error.kind, error.retryable, error.code) == (
        "graphql", ErrorKind.INVALID_INPUT, False, "validation"
    )  # fmt: skip


def test_appsync_names_its_kind_in_error_type() -> None:
    """AWS AppSync's ``errorType`` is the code where ``extensions.code`` is absent; strict
    reading refuses the member the specification does not give."""
    body = corpus_case("graphql", "appsync-unauthorized-partial")["body"]
    error = parse(body)
    assert (error.kind, error.code) == (ErrorKind.PERMISSION_DENIED, "Unauthorized")
    with pytest.raises(ShapeError, match="unknown field") as raised:
        parse(body, strict=True)
    assert raised.value.where == "/errors/0"


@pytest.mark.parametrize(
    ("code", "retryable"),
    [("THROTTLED", None), ("SERVICE_UNAVAILABLE", None), ("INTERNAL_SERVER_ERROR", None),
     ("BAD_USER_INPUT", False)],
)  # fmt: skip
def test_a_partial_success_is_never_advised_to_be_retried(
    code: str, retryable: bool | None
) -> None:
    """With ``data`` beside the errors part of the operation may have taken effect: the
    kind is the error's, the advice never more than "not known"."""
    body = {"data": {"createIssue": None}, "errors": [_error(code)]}
    alone = parse({"errors": [_error(code)]})
    partial = parse(body)
    assert partial.kind is alone.kind
    assert partial.retryable is retryable
    assert from_http(200, {}, body).retryable is retryable


def test_shopify_throttled_waits_as_its_cost_says() -> None:
    """The points the query lacks over the points restored each second; without the
    restore rate, no wait."""
    body = corpus_case("graphql", "shopify-throttled-with-cost")["body"]
    error = parse(body)
    assert (error.kind, error.retryable, error.retry_after) == (
        ErrorKind.RATE_LIMITED,
        True,
        1.72,
    )
    cost = body["extensions"]["cost"]
    unrated = {**body, "extensions": {"cost": {**cost, "throttleStatus": {
        "maximumAvailable": 1000.0, "currentlyAvailable": 666}}}}  # fmt: skip
    assert parse(unrated).retry_after is None


def test_github_keeps_only_errors_with_its_marks() -> None:
    """A ``type`` GitHub documents, or a ``documentation_url``, is GitHub's; a bare
    ``message``, or a ``type`` GitHub does not document, is GraphQL's."""
    github = corpus_case("github", "graphql-not-found-two-errors")["body"]
    assert parse(github).vendor == "github"
    pointed = {"errors": [{"message": "x", "documentation_url": "https://docs.github.com/graphql"}]}
    assert parse(pointed).vendor == "github"
    assert parse({"errors": [{"message": "x"}]}).vendor == "graphql"
    other = parse({"errors": [{"type": "MAX_NODE_LIMIT_EXCEEDED", "message": "Too many."}]})
    assert (other.vendor, other.code) == ("graphql", "MAX_NODE_LIMIT_EXCEEDED")


def test_other_errors_lists_are_not_graphqls() -> None:
    """Cloudflare's stays Cloudflare's; JSON:API's error objects, SendGrid's and an
    integer ``code`` (Twitter's) are not GraphQL's."""
    cloudflare = corpus_case("cloudflare", "authentication-error-graphql")["body"]
    assert parse(cloudflare).vendor == "cloudflare"
    for body in (
        {"errors": [{"status": "422", "title": "Invalid Attribute", "detail": "x"}]},
        {"errors": [{"message": "x", "field": None, "help": None}]},
        {"errors": [{"code": 88, "message": "Rate limit exceeded"}]},
    ):
        found = error_of(body)
        assert found is None or found.vendor != "graphql"


def test_written_at_home_as_it_came_and_elsewhere_with_the_code_of_its_kind() -> None:
    """A GraphQL error goes back as it came; another source's becomes one error with the
    code of its kind, no ``data``, and reads back the same."""
    body = corpus_case("graphql", "appsync-unauthorized-partial")["body"]
    assert convert(body, "graphql") == body
    missing = parse({"ok": False, "error": "channel_not_found"})
    written = convert(missing, "graphql")
    assert written == {
        "errors": [{"message": missing.message, "extensions": {"code": "not-found"}}]
    }
    assert (parse(written).kind, parse(written).retryable) == (ErrorKind.NOT_FOUND, False)


def test_strict_reading_holds_errors_to_the_specification() -> None:
    """Every error must be an object with a text message; codes are open."""
    assert parse({"errors": [_error("MY_OWN_CODE")]}, strict=True).code == "MY_OWN_CODE"
    with pytest.raises(ShapeError, match="a string") as raised:
        parse({"errors": [_error("FORBIDDEN"), {"message": 7}]}, strict=True)
    assert raised.value.where == "/errors/1/message"
    with pytest.raises(ShapeError, match="a string"):
        parse({"errors": [{"message": "x", "extensions": {"code": 7}}]}, strict=True)


def test_the_model() -> None:
    """The response model keeps the errors in order, and strict reading its members."""
    body = corpus_case("graphql", "shopify-throttled-with-cost")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, GraphQLResponse)
    assert model.errors[0].message == "Throttled"
    assert model.to_wire() == body
    assert ErrorCode("THROTTLED") is ErrorCode.THROTTLED
    with pytest.raises(ShapeError):
        parse_model({"errors": []}, strict=True)


def test_an_error_with_members_of_its_own_is_graphql_s_by_its_path() -> None:
    """KeystoneJS adds ``name``, ``time_thrown`` and ``uid`` to the specification's
    members: its ``path`` beside the response's ``data`` still marks it GraphQL's, read
    by its words (github.com/keystonejs/keystone/issues/1047)."""
    body = {
        "errors": [
            {
                "message": "You do not have access to this resource",
                "name": "AccessDeniedError",
                "time_thrown": "2019-04-23T10:10:32.812Z",
                "data": {"type": "query", "target": "User"},
                "path": ["User"],
                "uid": "cjutmp629002i3dw18otugefp",
            }
        ],
        "data": {"User": None},
        "extensions": {},
    }
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (
        ErrorKind.PERMISSION_DENIED,
        False,
        "graphql",
    )
    # without the response's data, such a list is no one's mark: a tool's answer
    assert (
        error_of({"errors": [{"message": "Not found", "name": "NotFound", "path": ["x"]}]}) is None
    )
