"""OAuth 2.0 (RFC 6749 §5.2, RFC 6750 §3): error responses, and bearer challenges in ``WWW-Authenticate``."""

from __future__ import annotations

from toolerrors import ErrorKind, convert, error_of, from_http


def test_written_back_as_it_came() -> None:
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


def test_an_oauth_1_problem_report_is_read_by_its_words() -> None:
    """OAuth 1.0a's Problem Reporting, form-encoded in a text (Xero's rate limit, as its
    .NET SDK's exception carried it: github.com/XeroAPI/Xero-Net/issues/189)."""
    text = (
        "oauth_problem=rate%20limit%20exceeded&oauth_problem_advice=please%20wait%20before"
        "%20retrying%20the%20xero%20api"
    )
    error = error_of(text)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor, error.code) == (
        ErrorKind.RATE_LIMITED,
        True,
        "oauth",
        "rate limit exceeded",
    )
    assert error.message == "rate limit exceeded: please wait before retrying the xero api"
    # Xero answered it with a 503 at the time: the problem's words say more
    assert from_http(503, {}, text).kind is ErrorKind.RATE_LIMITED
    assert error_of("see the oauth_problem parameter in the spec") is None
