"""Upstream sources that share keys with the built-in ones: which reads what, and why."""

from __future__ import annotations

import pytest

import toolerrors
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse


@pytest.mark.parametrize(
    ("payload", "vendor", "kind"),
    [
        ({"error": "not_found", "message": "No such file."}, "use_tool", ErrorKind.NOT_FOUND),
        ({"error": "teapot", "message": "Short and stout."}, "use_tool", ErrorKind.UNKNOWN),
        ({"error": "invalid_grant"}, "oauth", ErrorKind.UNAUTHENTICATED),
        ({"error": "invalid_client", "message": "Client authentication failed."}, "oauth",
         ErrorKind.UNAUTHENTICATED),
        ({"error": "teapot", "error_description": "Short and stout."}, "oauth", ErrorKind.UNKNOWN),
        ({"code": -32601, "message": "Method not found"}, "jsonrpc", ErrorKind.UNSUPPORTED),
        ({"code": "NOT_FOUND", "message": "Gone."}, "configure", ErrorKind.NOT_FOUND),
        ({"code": 404, "message": "Gone."}, None, None),
    ],
    ids=["use_tool", "use_tool-unknown", "oauth-bare", "oauth-with-message",
         "oauth-description", "jsonrpc", "configure", "positive-int-code"],
)  # fmt: skip
def test_shared_keys_are_told_apart_by_the_whole_shape(
    payload: dict[str, object], vendor: str | None, kind: ErrorKind | None
) -> None:
    """use_tool and OAuth share ``error``; Configure and JSON-RPC share ``code``."""
    if vendor is None:  # a positive integer code is neither JSON-RPC's nor Configure's
        with pytest.raises(ShapeError, match="/code: expected a string, got number"):
            parse(payload)
        assert error_of(payload) is None
        return
    error = parse(payload)
    assert (error.vendor, error.kind) == (vendor, kind)


def test_oauth_is_written_back_as_it_came() -> None:
    """A description is written only where there was one; elsewhere the canonical code."""
    assert convert({"error": "invalid_grant"}, "oauth") == {"error": "invalid_grant"}  # type: ignore[arg-type]
    assert convert({"ok": False, "code": "unauthorized", "message": "Sign in.", "retryable": False,
                    "how_to_fix": "Reconnect."}, "oauth") == {  # type: ignore[arg-type]
        "error": "invalid_token", "error_description": "Sign in."
    }  # fmt: skip
    refused = convert({"refused": "Not done: no. Tell Ana, and don't try another way."}, "oauth")  # type: ignore[arg-type]
    assert refused == {
        "error": "access_denied",
        "error_description": "Not done: no. Tell Ana, and don't try another way.",
    }


def test_a_bearer_challenge_is_read_when_the_body_says_nothing() -> None:
    """RFC 6750 §3: the error may come only in ``WWW-Authenticate``."""
    challenge = (
        'Bearer realm="x", error="insufficient_scope", error_description="Needs \\"admin\\""'
    )
    error = from_http(403, {"WWW-Authenticate": challenge}, b"")
    assert (error.kind, error.vendor, error.code, error.message, error.status_code) == (
        ErrorKind.PERMISSION_DENIED, "oauth", "insufficient_scope", 'Needs "admin"', 403,
    )  # fmt: skip
    plain = from_http(401, {"WWW-Authenticate": 'Bearer realm="x"'}, b"")
    assert (plain.kind, plain.vendor) == (ErrorKind.UNAUTHENTICATED, "http")


def test_a_jsonrpc_response_is_read_by_what_it_carries() -> None:
    """The error object, whatever its shape; a failed tool result; never a success."""
    configure_inside = {"jsonrpc": "2.0", "id": "r1", "error": {"code": "RATE_LIMITED",
                                                               "message": "Slow down.", "retryAfter": 3}}  # fmt: skip
    error = parse(configure_inside)
    assert (error.vendor, error.kind, error.retry_after, error.request_id) == (
        "configure", ErrorKind.RATE_LIMITED, 3, "r1",
    )  # fmt: skip
    assert error_of({"jsonrpc": "2.0", "id": 1, "result": {"content": []}}) is None
    with pytest.raises(ShapeError, match="a JSON-RPC result is not an error"):
        parse({"jsonrpc": "2.0", "id": 1, "result": {"content": []}})
    with pytest.raises(ShapeError, match="/error: expected an object, got string"):
        parse({"jsonrpc": "2.0", "id": 1, "error": "boom"}, strict=True)
    assert parse({"jsonrpc": "2.0", "id": 1, "error": "boom"}).message == "boom"
    with pytest.raises(ShapeError, match=r"unknown field\(s\) 'extra'"):
        parse({"jsonrpc": "2.0", "id": 1, "extra": 1, "error": {"code": -32603, "message": "x"}},
              strict=True)  # fmt: skip


def test_a_declined_request_is_refused_whatever_its_code() -> None:
    """A person said no: never retried, even under a code that would be."""
    error = parse({"code": -32603, "message": "The user declined the request"})
    assert (error.kind, error.retryable, toolerrors.should_retry(error, idempotent=True)) == (
        ErrorKind.REFUSED, False, False,
    )  # fmt: skip
    assert convert(error, "jsonrpc") == {"code": -32603, "message": "The user declined the request"}


@pytest.mark.parametrize(
    ("payload", "vendor"),
    [
        ({"ok": False, "error": "channel_not_found"}, "slack"),
        ({"ok": False, "code": "not_found", "message": "No such run.", "retryable": False,
          "how_to_fix": "Check the id with list_runs."}, "pythe"),
    ],
    ids=["slack", "pythe"],
)  # fmt: skip
def test_slack_and_pythe_never_read_as_each_other(payload: dict[str, object], vendor: str) -> None:
    """Both say ``ok: false``: Slack with an ``error``, Pythe with a ``code``."""
    error = parse(payload)
    assert (error.vendor, error.kind) == (vendor, ErrorKind.NOT_FOUND)
    assert convert(payload, vendor) == payload  # type: ignore[arg-type]


def test_slack_in_a_200_is_an_error() -> None:
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
    with pytest.raises(ShapeError, match="unknown slack code 'team_not_found'"):
        parse({"ok": False, "error": "team_not_found"}, strict=True)


def test_google_variants_read_alike() -> None:
    """Wrapped, bare, numbered, in an array, or as the JSON text of another error."""
    status = {"code": 404, "message": "Not found.", "status": "NOT_FOUND"}
    wrapped = parse({"error": status})
    assert (wrapped.vendor, wrapped.kind, wrapped.status_code) == (
        "google",
        ErrorKind.NOT_FOUND,
        404,
    )
    assert parse(status).kind is ErrorKind.NOT_FOUND  # a bare Status
    assert parse({"code": 5, "message": "gone", "details": []}).code == "NOT_FOUND"  # gRPC
    assert parse([{"error": status}]) == wrapped
    inner = parse({"error": {"message": '{"error": {"code": 404, "message": "Not found.", '
                                        '"status": "NOT_FOUND"}}', "code": 404,
                             "status": "Not Found"}})  # fmt: skip
    assert (inner.kind, inner.message) == (ErrorKind.NOT_FOUND, "Not found.")
    assert convert({"error": status}, "google") == {"error": status}  # type: ignore[arg-type]


def test_google_details_decide_before_the_status() -> None:
    """ErrorInfo beats the status; RetryInfo gives the wait; DebugInfo stays out."""
    error = parse({"error": {"code": 429, "message": "Slow down.", "status": "RESOURCE_EXHAUSTED",
                             "details": [
                                 {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2.5s"},
                                 {"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "stack at x.cc:1"},
                             ]}})  # fmt: skip
    assert (error.kind, error.retry_after, error.message) == (
        ErrorKind.RATE_LIMITED,
        2.5,
        "Slow down.",
    )
    billing = parse({"error": {"code": 429, "status": "RESOURCE_EXHAUSTED",
                               "message": "You exceeded your current quota, please check your plan and billing details."}})  # fmt: skip
    assert (billing.kind, billing.retryable) == (ErrorKind.PAYMENT_REQUIRED, False)
    written = convert({"ok": False, "code": "http_429", "message": "Busy.", "retryable": True,
                       "how_to_fix": "Retryable."}, "google")  # type: ignore[arg-type]  # fmt: skip
    assert written == {"error": {"code": 429, "message": "Busy.", "status": "RESOURCE_EXHAUSTED"}}


def test_github_headers_and_words_beat_a_403() -> None:
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


def test_github_graphql_errors_in_a_200() -> None:
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


def test_azure_bare_pairs_are_errors_only_when_they_name_one() -> None:
    """``{code, message}`` is Azure's error with a known or failing code, else a result."""
    failed = parse({"code": "DeploymentFailed", "message": "At least one resource failed."})
    assert (failed.vendor, failed.kind) == ("msgraph", ErrorKind.UNKNOWN)
    known = parse({"code": "AuthorizationFailed", "message": "No authorization."})
    assert known.kind is ErrorKind.PERMISSION_DENIED
    assert error_of({"code": "ok", "message": "Saved."}) is None
    assert error_of({"code": "Succeeded", "message": "Deployed."}) is None


def test_a_batch_reads_as_its_first_failed_item() -> None:
    """Per-item errors of a ``$batch`` response; all succeeded is no error."""
    ok = {"id": "1", "status": 200, "body": {"value": []}}
    failed = {"id": "2", "status": 404, "body": {"error": {"code": "itemNotFound",
                                                           "message": "Gone."}}}  # fmt: skip
    assert error_of({"responses": [ok]}) is None
    error = parse({"responses": [ok, failed]})
    assert (error.kind, error.status_code, error.code) == (ErrorKind.NOT_FOUND, 404, "itemNotFound")


@pytest.mark.parametrize(
    ("payload", "vendor", "kind", "retryable"),
    [
        ({"code": "rate_limit_exceeded", "message": "Slow down."}, None, ErrorKind.RATE_LIMITED, True),
        ({"code": "not_found", "message": "No such thing."}, None, ErrorKind.NOT_FOUND, False),
        ({"code": "weird", "message": "Boom."}, None, ErrorKind.UNKNOWN, None),
        ({"code": "I_AM_NEW", "message": "m"}, "configure", ErrorKind.UNKNOWN, None),
        ({"code": "weird", "message": "m", "statusCode": 503}, "configure", ErrorKind.UNKNOWN, None),
    ],
    ids=["words-in-code", "words-in-code-2", "no-words", "configure-form", "configure-field"],
)  # fmt: skip
def test_a_bare_code_and_message_is_read_by_its_words_unless_it_is_configures(
    payload: dict[str, object], vendor: str | None, kind: ErrorKind, retryable: bool | None
) -> None:
    """Configure writes its codes in upper case and has fields of its own; a pair of any
    other form is nobody's in particular: its code and words decide, and strictly it is
    no documented shape.  Only `parse`, which needs an error, reads such a pair."""
    error = parse(payload)
    assert (error.vendor, error.kind, error.retryable, error.code) == (
        vendor, kind, retryable, payload["code"]
    )  # fmt: skip
    assert error.message == payload["message"]
    with pytest.raises(ShapeError, match="unknown") as caught:
        parse(payload, strict=True)
    assert caught.value.where == "/code"
    assert error_of(payload) is None  # as a tool's result, a pair may be a success


def test_a_body_that_marks_an_error_gives_its_status_and_wait() -> None:
    """Telegram's Bot API: ``error_code`` is the HTTP status, which decides only where the
    words say nothing; ``parameters.retry_after`` (or a ``retry_after`` at the top) is the
    wait."""
    limited = parse(
        {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 7",
         "parameters": {"retry_after": 7}}
    )  # fmt: skip
    assert (limited.kind, limited.retryable, limited.retry_after, limited.status_code) == (
        ErrorKind.RATE_LIMITED, True, 7.0, 429
    )  # fmt: skip
    unauthorized = parse({"ok": False, "error_code": 401, "description": "Unauthorized"})
    assert (unauthorized.kind, unauthorized.status_code) == (ErrorKind.UNAUTHENTICATED, 401)
    words_first = parse({"ok": False, "error_code": 400, "description": "chat not found"})
    assert (words_first.kind, words_first.status_code) == (ErrorKind.NOT_FOUND, 400)
    top = parse({"ok": False, "description": "Flood control", "retry_after": 2.5})
    assert (top.kind, top.retry_after) == (ErrorKind.UNKNOWN, 2.5)
    bad_wait = parse({"ok": False, "description": "Flood", "parameters": {"retry_after": -1}})
    assert bad_wait.retry_after is None
    assert parse({"ok": False, "error_code": 200, "description": "Odd"}).status_code is None


def test_a_body_of_no_known_shape_gives_from_http_its_wait() -> None:
    """Discord's 429 body is no error shape, so its status decides, but the wait it
    states is more exact than its ``Retry-After`` (64.57 s, not 65); a stated zero counts."""
    body = {"message": "You are being rate limited.", "retry_after": 64.57, "global": False}
    limited = from_http(429, {"Retry-After": "65"}, body)
    assert (limited.kind, limited.retry_after, limited.message) == (
        ErrorKind.RATE_LIMITED, 64.57, "You are being rate limited."
    )  # fmt: skip
    assert from_http(429, {"Retry-After": "65"}, {**body, "retry_after": 0}).retry_after == 0.0
    assert from_http(429, {"Retry-After": "65"}, {"message": "m"}).retry_after == 65.0
    with pytest.raises(ShapeError, match="expected an error of a known shape"):
        parse(body)  # nothing in it marks an error: only its status does


def test_github_rate_limit_pages_say_rate_limit() -> None:
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


@pytest.mark.parametrize(
    ("payload", "where"),
    [
        ({"error": {"message": "m", "param": None, "code": 5, "type": "x"}}, "/error/code"),
        ({"error": {"message": "m", "param": None, "code": "x", "type": 7}}, "/error/type"),
        ({"error": {"message": "m", "param": None, "code": 5, "type": 7}}, "/error/code"),
        ({"type": "error", "event_id": 5, "error": {"message": "m", "param": None}}, "/event_id"),
    ],
)
def test_openai_fields_of_the_wrong_type_are_said_where(
    payload: dict[str, object], where: str
) -> None:
    """Strictly, OpenAI's text fields must be text (or null) and the error says which;
    leniently, such a payload is still an error, of no source in particular."""
    with pytest.raises(ShapeError) as caught:
        parse(payload, strict=True)
    assert caught.value.where == where
    assert parse(payload).vendor is None


def test_azure_openai_adds_a_numeric_status_and_is_still_openai() -> None:
    """Azure OpenAI's error object carries the HTTP status as a number and an
    ``innererror``; a text ``status`` is Google's, and with a ``param`` beside it the
    object is no one's."""
    azure = {
        "error": {
            "message": "The response was filtered due to the prompt triggering Azure OpenAI's"
            " content management policy. Please modify your prompt and retry.",
            "type": None,
            "param": "prompt",
            "code": "content_filter",
            "status": 400,
            "innererror": {"code": "ResponsibleAIPolicyViolation"},
        }
    }
    error = parse(azure)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "openai", "content_filter", ErrorKind.INVALID_INPUT, False,
    )  # fmt: skip
    assert error.extra == azure  # given back as it came
    with pytest.raises(ShapeError, match="/error: unknown field"):
        parse(azure, strict=True)  # OpenAI documents neither status nor innererror
    texted = {"error": {"message": "Bad.", "param": "x", "code": 3, "status": "INVALID_ARGUMENT"}}
    assert parse(texted).vendor is None


def test_openai_error_object_without_its_wrapper() -> None:
    """The OpenAI SDK keeps the object inside ``error`` as ``APIStatusError.body``: with
    a code OpenAI documents (or, with a null code, a type), it reads as the response it
    came in, and gives that back; any other such object is no one's."""
    body = {
        "message": "You exceeded your current quota, please check your plan and billing details.",
        "type": "insufficient_quota",
        "param": None,
        "code": "insufficient_quota",
    }
    for read in (parse, error_of, lambda value: from_http(429, None, value)):
        error = read(dict(body))
        assert error is not None
        assert (error.vendor, error.code, error.kind, error.retryable) == (
            "openai", "insufficient_quota", ErrorKind.PAYMENT_REQUIRED, False,
        )  # fmt: skip
        assert error.extra == {"error": body}
    assert convert(body, to="openai") == {"error": body}
    with pytest.raises(ShapeError) as caught:
        parse(body, strict=True)
    assert caught.value.where == ""
    assert caught.value.problem.startswith("OpenAI's error object outside an error response")
    typed = {"message": "Invalid API key.", "type": "invalid_request_error", "param": None,
             "code": None}  # fmt: skip
    assert (parse(typed).vendor, parse(typed).code) == ("openai", "invalid_request_error")
    # A code OpenAI does not document: no one's, read by its words when an error is needed.
    other = {**body, "code": "quota_gone", "type": "billing"}
    assert (error_of(other), parse(other).vendor, parse(other).kind) == (
        None, None, ErrorKind.PAYMENT_REQUIRED,
    )  # fmt: skip
    assert error_of({"message": "hello", "type": "text", "param": None, "code": None}) is None
    # Configure's own form, with its type and param, stays Configure's.
    configure = {"code": "I_AM_NEW", "message": "m", "type": "invalid_request_error",
                 "param": "agent"}  # fmt: skip
    assert parse(configure).vendor == "configure"


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


def test_a_google_status_without_its_wrapper_is_google_s() -> None:
    """A ``google.rpc.Status`` as gRPC-JSON transcoding surfaces it, with no ``error``
    around it: read by its numeric code and its typed details."""
    error = parse(
        {
            "code": 429,
            "message": "Quota exceeded for quota metric 'Requests'.",
            "details": [
                {
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "RATE_LIMIT_EXCEEDED",
                    "domain": "googleapis.com",
                }
            ],
        }
    )
    assert (error.vendor, error.kind, error.retryable, error.status_code) == (
        "google",
        ErrorKind.RATE_LIMITED,
        True,
        429,
    )


def test_a_realtime_error_event_keeps_its_own_status() -> None:
    """An OpenAI error event with the HTTP status beside its error object keeps it."""
    error = parse(
        {
            "type": "error",
            "event_id": "event_890",
            "status": 400,
            "error": {
                "type": "invalid_request_error",
                "code": "invalid_value",
                "message": "m",
                "param": "x",
            },
        }
    )
    assert (error.vendor, error.kind, error.status_code) == ("openai", ErrorKind.INVALID_INPUT, 400)


def test_a_pythe_envelope_is_never_azure_s_for_sharing_a_code() -> None:
    """Graph's and Pythe's ``unauthorized`` coincide: a Pythe-shaped envelope whose ``ok``
    is no error flag (``"true"``) is no one's error, not Azure's bare ``{code, message}``,
    and ``parse`` says what is wrong with its ``ok``."""
    envelope = {
        "ok": "true", "code": "unauthorized", "message": "m", "retryable": False, "how_to_fix": "",
    }  # fmt: skip
    assert error_of(envelope) is None
    with pytest.raises(ShapeError, match="expected false, got string"):
        parse(envelope)
    assert parse({"code": "unauthorized", "message": "m"}).vendor == "msgraph"
