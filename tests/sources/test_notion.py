"""Notion API errors: the code decides, and the request id comes in the body."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.notion import ErrorCode, ErrorResponse
from toolerrors.notion import parse as parse_model


@pytest.mark.parametrize(
    ("name", "code", "kind", "retryable"),
    [
        ("rate-limited", "rate_limited", ErrorKind.RATE_LIMITED, True),
        ("unauthorized-token-invalid-mcp", "unauthorized", ErrorKind.UNAUTHENTICATED, False),
        ("invalid-request-url", "invalid_request_url", ErrorKind.INVALID_INPUT, False),
        ("object-not-found-page", "object_not_found", ErrorKind.NOT_FOUND, False),
        ("validation-error-parent", "validation_error", ErrorKind.INVALID_INPUT, False),
    ],
)
def test_the_code_decides_and_the_error_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind, retryable: bool
) -> None:
    """The code, its message, the status and the request id are the error's; written
    back to Notion, the error object is the one it came in."""
    body = corpus_case("notion", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "notion",
        code,
        kind,
        retryable,
    )
    assert (error.message, error.status_code) == (body["message"], body["status"])
    assert error.request_id == body.get("request_id")
    assert convert(error, "notion") == body


def test_the_request_id_header_stands_in_for_the_body_s() -> None:
    """A body without ``request_id`` takes ``X-Notion-Request-Id``."""
    body = corpus_case("notion", "object-not-found-database")["body"]
    error = from_http(404, {"x-notion-request-id": "292c30e5-d974-4616-9f41-43fa3fd9879b"}, body)
    assert error.request_id == "292c30e5-d974-4616-9f41-43fa3fd9879b"


def test_a_code_not_in_the_table_reads_by_its_words_else_the_status() -> None:
    """A code Notion does not document is read by its words, else by the status, and
    named as no one's: Anytype's API sends Notion's very object with codes of its own
    (``resource_gone``, ``rate_limit_exceeded``: anyproto/anytype-api's OpenAPI)."""
    worded = {"object": "error", "status": 400, "code": "page_not_found", "message": "x"}
    assert (parse(worded).kind, parse(worded).vendor) == (ErrorKind.NOT_FOUND, None)
    silent = {"object": "error", "status": 503, "code": "brand_new", "message": "x"}
    assert from_http(503, {}, silent).kind is ErrorKind.UNAVAILABLE
    anytype = {"code": "rate_limit_exceeded", "message": "Rate limit exceeded",
               "object": "error", "status": 429}  # fmt: skip
    error = from_http(429, {}, anytype)
    assert (error.kind, error.retryable, error.vendor) == (ErrorKind.RATE_LIMITED, True, None)


def test_only_notion_s_error_is_claimed() -> None:
    """``object: "error"`` with a text code and a status; the OpenAI-compatible servers'
    ``{"object": "error", "type", "param", "code": 400}`` is not Notion's."""
    vllm = {
        "object": "error",
        "message": "x",
        "type": "BadRequestError",
        "param": None,
        "code": 400,
    }
    found = error_of(vllm)
    assert found is None or found.vendor != "notion"
    assert error_of({"object": "list", "results": []}) is None


def test_elsewhere_an_error_is_the_code_of_its_kind_with_its_status() -> None:
    """Another source's error becomes the code of its kind; its status, else the one
    Notion documents for the code."""
    missing = parse({"ok": False, "error": "channel_not_found"})
    assert convert(missing, "notion") == {
        "object": "error",
        "status": 404,
        "code": "object_not_found",
        "message": missing.message,
    }


def test_the_model() -> None:
    """Strict reading holds the error to Notion's fields and codes."""
    body = corpus_case("notion", "rate-limited")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorResponse)
    assert model.code is ErrorCode.RATE_LIMITED
    assert model.to_wire() == body
    with pytest.raises(ShapeError, match="code"):
        parse({"object": "error", "status": 400, "code": "nope", "message": "x"}, strict=True)
    with pytest.raises(ShapeError, match="hint"):
        parse(
            {"object": "error", "status": 400, "code": "invalid_json", "message": "x", "hint": 1},
            strict=True,
        )
