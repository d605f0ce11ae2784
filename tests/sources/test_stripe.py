"""Stripe's errors: ``{"error": {"type", "code"?, "decline_code"?, "message"?, ...}}`` and
its ``Stripe-Should-Retry`` header."""

from __future__ import annotations

import json
from typing import Any

from conftest import corpus_case
from toolerrors import Action, ErrorKind, convert, from_http, parse


def _read(case: dict[str, Any]) -> Any:
    return from_http(case["status"], case["headers"], json.dumps(case["body"]).encode())


def test_a_declined_card_is_never_retried_whatever_the_header_says() -> None:
    """``Stripe-Should-Retry: true`` on a 402 does not make a declined card retryable,
    and the error is written back as it came."""
    case = corpus_case("stripe", "card-declined-402-should-retry-true")
    error = _read(case)
    assert (error.vendor, error.kind, error.retryable, error.code) == (
        "stripe", ErrorKind.PAYMENT_REQUIRED, False, "card_declined",
    )  # fmt: skip
    assert convert(parse(case["body"]), "stripe") == case["body"]


def test_the_header_decides_where_the_body_says_nothing() -> None:
    """An empty ``error`` object: the status gives the kind, the header the advice."""
    refused, invited = (
        _read(corpus_case("stripe", "sdk-should-retry-false-409")),
        _read(corpus_case("stripe", "sdk-should-retry-true-500")),
    )
    assert (refused.kind, refused.retryable) == (ErrorKind.CONFLICT, False)
    assert (invited.kind, invited.retryable) == (ErrorKind.INTERNAL, True)


def test_a_rate_limit_in_a_400_is_a_rate_limit() -> None:
    """The v2 API's ``rate_limit`` type with its code, sent with a 400."""
    error = _read(corpus_case("stripe", "sdk-v2-rate-limit-400"))
    assert (error.vendor, error.kind, error.retryable, error.code, error.action) == (
        "stripe", ErrorKind.RATE_LIMITED, True, "account_rate_limit_exceeded",
        Action.WAIT_AND_RETRY,
    )  # fmt: skip


def test_a_null_param_or_code_is_never_stripes() -> None:
    """Stripe leaves out what it does not say; OpenAI-compatible servers send nulls.
    Ollama's model-not-found, with Stripe's ``api_error`` type, is not Stripe's, and is
    not a retryable outage."""
    body = corpus_case("elsewhere", "ollama-openai-compatible-404")["body"]
    error = from_http(404, {}, body)
    assert error.vendor != "stripe"
    assert (error.kind, error.retryable) == (ErrorKind.NOT_FOUND, False)
    stripe = parse({"error": {"type": "api_error", "message": "Something went wrong."}})
    assert stripe.vendor == "stripe"


def test_an_error_object_beside_a_status_is_not_stripes() -> None:
    """Stripe's body holds its error object alone; People Data Labs' ``{status: 400,
    error: {type: "invalid_request_error", message}}`` (its v4 docs) is no one's."""
    body = {"status": 400, "error": {"type": "invalid_request_error",
                                     "message": "Request object must contain `requests` field"}}  # fmt: skip
    error = from_http(400, {}, body)
    assert (error.kind, error.retryable) == (ErrorKind.INVALID_INPUT, False)
    assert error.vendor != "stripe"


def test_a_code_openai_documents_without_param_is_not_stripes() -> None:
    """Groq's 401 ``{"type": "invalid_request_error", "code": "invalid_api_key"}`` has no
    ``param``, as Stripe's errors do not, but its code is OpenAI's, which Stripe does not
    send (Spring AI's NonTransientAiException, github.com/spring-projects/spring-ai/pull/997):
    named as no one's, and read as a key rejected; Stripe's own code stays Stripe's."""
    body = {"error": {"message": "Invalid API Key", "type": "invalid_request_error",
                      "code": "invalid_api_key"}}  # fmt: skip
    error = from_http(401, {}, body)
    assert (error.vendor, error.kind, error.retryable) == (None, ErrorKind.UNAUTHENTICATED, False)
    missing = {"error": {"type": "invalid_request_error", "code": "resource_missing",
                         "message": "No such customer: 'cus_x'"}}  # fmt: skip
    assert parse(missing).vendor == "stripe"


DECLINED = {
    "error": {
        "type": "card_error",
        "code": "card_declined",
        "decline_code": "insufficient_funds",
        "message": "Your card has insufficient funds.",
    }
}


def test_a_declined_card_is_advised_as_billing_the_owner_must_fix() -> None:
    """A declined card is for the person who pays to fix (ask_owner: another card), not a
    plan to upgrade; its hint names the card.  A Stripe error that is no card error keeps
    the kind's own action."""
    error = parse(DECLINED)
    assert (
        parse({"error": {"type": "invalid_request_error", "code": "account_invalid"}}).action
        is not Action.ASK_OWNER
    )
    assert (error.kind, error.action, error.hint) == (
        ErrorKind.PAYMENT_REQUIRED,
        Action.ASK_OWNER,
        "Credits, billing or the card stand in the way: ask the owner to pay or change it.",
    )


def test_a_declined_card_written_to_use_tool_says_what_it_loses_on_that_page() -> None:
    """Written to use_tool a declined card is forbidden, and the use_tool page says so
    beside its codes."""
    from conftest import ROOT

    assert convert(DECLINED, "use_tool") == {
        "error": "forbidden",
        "message": "Your card has insufficient funds.",
    }
    page = (ROOT / "docs" / "use_tool.md").read_text("utf-8")
    assert (
        "- `payment_required` is written as `forbidden`: loses that credits, billing or the "
        "card are the obstacle; it reads back as `permission_denied` (`ask_owner`)."
    ) in page
