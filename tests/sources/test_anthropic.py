"""Anthropic's errors: ``{"type": "error", "error": {"type", "message"}, "request_id"?}``,
over HTTP and as an error event in a stream that began with a 200."""

from __future__ import annotations

import json

from conftest import corpus_case
from toolerrors import ErrorKind, convert, from_http, parse


def test_an_error_keeps_its_request_id_and_is_written_back_as_it_came() -> None:
    """A rate limit's ``request_id`` is the error's, and the body is written back whole."""
    case = corpus_case("anthropic", "rate-limit-with-request-id")
    error = from_http(case["status"], case["headers"], json.dumps(case["body"]).encode())
    assert (error.vendor, error.kind, error.retryable, error.code, error.status_code) == (
        "anthropic", ErrorKind.RATE_LIMITED, True, "rate_limit_error", 429,
    )  # fmt: skip
    assert error.request_id == "req_011Ca6u66aLnUk1L2q2MSyRy"
    assert convert(parse(case["body"]), "anthropic") == case["body"]


def test_overloaded_is_unavailable_at_529_and_in_a_stream() -> None:
    """``overloaded_error`` reads alike with its 529 and as an event after a 200."""
    at_529 = corpus_case("anthropic", "sdk-overloaded-529")
    in_stream = corpus_case("anthropic", "sdk-overloaded-mid-stream")
    for error in (
        from_http(at_529["status"], at_529["headers"], json.dumps(at_529["body"]).encode()),
        parse(in_stream["body"]),
    ):
        assert (error.vendor, error.kind, error.retryable, error.code) == (
            "anthropic", ErrorKind.UNAVAILABLE, True, "overloaded_error",
        )  # fmt: skip


def test_an_error_object_without_its_envelope_is_read_by_the_status() -> None:
    """Without ``type: error`` the object is no source's own: the 403 decides."""
    case = corpus_case("anthropic", "sdk-permission-error-no-envelope")
    error = from_http(case["status"], case["headers"], json.dumps(case["body"]).encode())
    assert (error.vendor, error.kind, error.retryable, error.status_code) == (
        None, ErrorKind.PERMISSION_DENIED, False, 403,
    )  # fmt: skip
