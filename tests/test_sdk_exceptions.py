"""The HTTP errors vendors' Python SDKs raise, read by `from_exception`: each SDK is called
for real, offline, against a server on 127.0.0.1 that answers with a real payload from
`tests/corpus/`."""

from __future__ import annotations

import asyncio
import json
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from toolerrors import ErrorKind, from_exception, parse

if TYPE_CHECKING:
    from collections.abc import Callable

CORPUS = Path(__file__).parent / "corpus"
TWILIO_ACCOUNT = "AC" + "0" * 32

ROUTES: dict[str, tuple[str, int, dict[str, str]]] = {
    # path: (corpus payload, status, headers)
    "/openai/chat/completions": (
        "openai/insufficient-quota-with-code.json", 429,
        {"x-request-id": "req_openai", "retry-after": "20"},
    ),
    "/anthropic/v1/messages": (
        "anthropic/sdk-overloaded-529.json", 529, {"request-id": "req_anthropic"},
    ),
    "/stripe/v1/payment_intents": (
        "stripe/card-declined-generic.json", 402, {"request-id": "req_stripe"},
    ),
    "/slack/chat.getPermalink": ("slack/openapi-channel-not-found.json", 200, {}),
    "/slack/conversations.list": ("slack/sdk-ratelimited-429.json", 429, {}),
    "/github/users/octocat": ("github/rest-403-rate-limit-remaining-0.json", 403, {}),
    **{  # google-genai 2 calls v1beta; 3, v1
        f"/gemini/{version}/models/gemini-2.5-flash:generateContent": (
            "google/aip-193-resource-exhausted-full.json", 429, {},
        )
        for version in ("v1beta", "v1")
    },
    "/google/v1/documents:analyzeSentiment": (
        "google/api-key-invalid-errorinfo.json", 400, {},
    ),
    "/dynamodb": ("aws/dynamodb-put-item.json", 400, {"x-amzn-RequestId": "req_aws"}),
    "/bedrock/model/m/converse": ("aws/bedrock-throttling-too-many-tokens.json", 429, {}),
    "/services/data/v59.0/query/": ("salesforce/invalid-session-id-expired.json", 401, {}),
    "/services/async/59.0/job": ("salesforce/bulk-invalid-session-id.json", 400, {}),
    f"/2010-04-01/Accounts/{TWILIO_ACCOUNT}/Messages.json": (
        "twilio/sms-region-not-enabled-21408.json", 400, {},
    ),
    f"/2010-04-01/Accounts/{TWILIO_ACCOUNT}/AvailablePhoneNumbers/US/Local.json": (
        "twilio/service-unavailable-20503.json", 503, {},
    ),
}  # fmt: skip

_OWN: frozenset[str] = frozenset({"content-type", "content-length", "connection"})
"""Headers a recorded response has that this server sends itself."""

STREAMS: dict[str, tuple[str, str]] = {
    # path: (the corpus payload sent as a server-sent event after a 200, its event name)
    "/anthropic-stream/v1/messages": ("anthropic/sdk-overloaded-mid-stream.json", "error"),
    "/openai-stream/chat/completions": ("openai/context-length-exceeded-400.json", ""),
}

MESSAGE_START: dict[str, object] = {
    "type": "message_start",
    "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": "m",
        "stop_reason": None, "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    },
}  # fmt: skip


class Handler(BaseHTTPRequestHandler):
    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        path = self.path.split("?")[0]
        if path in STREAMS:
            name, event = STREAMS[path]
            data = json.loads((CORPUS / name).read_text(encoding="utf-8"))["body"]
            first = f"event: message_start\ndata: {json.dumps(MESSAGE_START)}\n\n" if event else ""
            named = f"event: {event}\n" if event else ""
            text = f"{first}{named}data: {json.dumps(data)}\n\n"
            self._send(200, {}, "text/event-stream", text.encode())
            return
        name, status, headers = ROUTES[path]
        recorded = json.loads((CORPUS / name).read_text(encoding="utf-8"))
        headers = {**recorded.get("headers", {}), **headers}
        headers = {key: value for key, value in headers.items() if key.lower() not in _OWN}
        self._send(status, headers, "application/json", json.dumps(recorded["body"]).encode())

    def _send(self, status: int, headers: dict[str, str], media: str, body: bytes) -> None:
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server(serve: Callable[[type[BaseHTTPRequestHandler]], str]) -> str:
    return serve(Handler)


def _raised(cls: type[BaseException], call: Any, *args: Any, **kwargs: Any) -> BaseException:
    """What ``call`` raises, which must be exactly a ``cls``."""
    with pytest.raises(cls) as caught:
        call(*args, **kwargs)
    assert type(caught.value) is cls
    return caught.value


def _alone(exc: BaseException) -> BaseException:
    """The exception without what it was raised from or during, as a framework that
    stores or re-raises it may hand it over: it must say everything itself."""
    exc.__cause__ = exc.__context__ = None
    return exc


def test_openai_sdk_status_error(server: str) -> None:
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(api_key="sk-test", base_url=f"{server}/openai", max_retries=0)
    create = client.chat.completions.create
    exc = _raised(openai.RateLimitError, create, model="gpt-4o", messages=[])
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code) == (
        ErrorKind.PAYMENT_REQUIRED, False, "openai", "insufficient_quota",
    )  # fmt: skip
    assert (error.status_code, error.retry_after, error.request_id) == (429, 20.0, "req_openai")
    assert error.message == (
        "You exceeded your current quota, please check your plan and billing details."
    )
    body = parse(exc.body)  # the SDK keeps the object inside "error"
    assert (body.kind, body.vendor, body.code, body.message) == (
        ErrorKind.PAYMENT_REQUIRED, "openai", "insufficient_quota", error.message,
    )  # fmt: skip


def test_anthropic_sdk_status_error(server: str) -> None:
    anthropic = pytest.importorskip("anthropic")
    client = anthropic.Anthropic(api_key="k", base_url=f"{server}/anthropic", max_retries=0)
    create = client.messages.create
    exc = _raised(anthropic.OverloadedError, create, model="m", max_tokens=1, messages=[])
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.message) == (
        ErrorKind.UNAVAILABLE, True, "anthropic", "overloaded_error", "later",
    )  # fmt: skip
    assert (error.status_code, error.request_id) == (529, "req_anthropic")
    assert parse(exc.body).code == "overloaded_error"  # the SDK keeps the whole body


def test_anthropic_sdk_error_in_a_stream(server: str) -> None:
    """An ``overloaded_error`` event after the stream's 200: the SDK raises it with the
    event as its ``body``, and it is transient all the same."""
    anthropic = pytest.importorskip("anthropic")
    client = anthropic.Anthropic(api_key="k", base_url=f"{server}/anthropic-stream", max_retries=0)

    def stream() -> None:
        with client.messages.stream(model="m", max_tokens=1, messages=[]) as events:
            for _ in events:
                pass

    exc = _raised(anthropic.APIStatusError, stream)
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.message) == (
        ErrorKind.UNAVAILABLE, True, "anthropic", "overloaded_error", "later",
    )  # fmt: skip


def test_openai_sdk_error_in_a_stream(server: str) -> None:
    """An error in a stream after its 200: the OpenAI SDK raises a bare ``APIError``,
    with no status, keeping the object inside ``error`` as ``body``."""
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(api_key="sk-test", base_url=f"{server}/openai-stream", max_retries=0)

    def stream() -> None:
        with client.chat.completions.create(model="gpt-4o", messages=[], stream=True) as events:
            for _ in events:
                pass

    exc = _raised(openai.APIError, stream)
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code) == (
        ErrorKind.TOO_LARGE, False, "openai", "context_length_exceeded",
    )  # fmt: skip
    assert error.message.startswith("This model's maximum context length is 4097 tokens.")


def test_stripe_sdk_card_error(server: str) -> None:
    stripe = pytest.importorskip("stripe")
    client = stripe.StripeClient(
        "sk_test_123", base_addresses={"api": f"{server}/stripe"}, max_network_retries=0
    )
    create = client.v1.payment_intents.create
    exc = _raised(stripe.CardError, create, params={"amount": 100, "currency": "usd"})
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.message) == (
        ErrorKind.PAYMENT_REQUIRED, False, "stripe", "card_declined", "Your card was declined.",
    )  # fmt: skip
    assert (error.status_code, error.request_id) == (402, "req_stripe")


def _salesforce(server: str) -> Any:
    """simple-salesforce's client for the test server: it builds ``https://`` addresses
    from the instance, so its session sends them over plain HTTP."""
    requests = pytest.importorskip("requests")
    simple_salesforce = pytest.importorskip("simple_salesforce")

    class PlainHttp(requests.Session):  # type: ignore[misc]
        def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> Any:
            return super().request(method, url.replace("https://", "http://", 1), *args, **kwargs)

    return simple_salesforce.Salesforce(
        instance_url=server, session_id="00Dxx!expired", version="59.0", session=PlainHttp()
    )


def test_simple_salesforce_expired_session(server: str) -> None:
    """The REST API's 401 with its ``errorCode`` array, as simple-salesforce raises it."""
    client = _salesforce(server)
    expired = pytest.importorskip("simple_salesforce.exceptions").SalesforceExpiredSession
    exc = _raised(expired, client.query, "SELECT Id FROM Account")
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.UNAUTHENTICATED, False, "salesforce", "INVALID_SESSION_ID", 401,
    )  # fmt: skip
    assert error.message == "Session expired or invalid"


def test_simple_salesforce_bulk_expired_session_at_its_400(server: str) -> None:
    """Bulk API sends an expired session with a 400, which simple-salesforce raises as a
    malformed request: the code says sign in again, not fix the input."""
    client = _salesforce(server)
    malformed = pytest.importorskip("simple_salesforce.exceptions").SalesforceMalformedRequest
    exc = _raised(malformed, client.bulk.Account.insert, [{"Name": "x"}])
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.UNAUTHENTICATED, False, "salesforce", "InvalidSessionId", 400,
    )  # fmt: skip
    assert error.message == "Invalid session id"


def _twilio(server: str) -> Any:
    """twilio-python's client for the test server: its addresses are Twilio's, so its
    HTTP client sends them here."""
    twilio_http = pytest.importorskip("twilio.http.http_client")
    rest = pytest.importorskip("twilio.rest")

    class Here(twilio_http.TwilioHttpClient):  # type: ignore[misc]
        def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> Any:
            return super().request(
                method, url.replace("https://api.twilio.com", server), *args, **kwargs
            )

    return rest.Client(TWILIO_ACCOUNT, "token", http_client=Here())


def test_twilio_sdk_rest_exception_at_a_400(server: str) -> None:
    """A region not enabled comes with a 400, which twilio-python raises as its
    ``TwilioRestException``: the code says it is a permission, not the caller's input."""
    client = _twilio(server)
    rest_exception = pytest.importorskip("twilio.base.exceptions").TwilioRestException
    exc = _raised(
        rest_exception, client.messages.create, to="+2348000000000", from_="+15005550006", body="hi"
    )
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.PERMISSION_DENIED, False, "twilio", "21408", 400,
    )  # fmt: skip
    assert error.message.startswith("Unable to create record: Permission to send an SMS")


def test_twilio_sdk_page_not_fetched(server: str) -> None:
    """A list twilio-python cannot fetch raises a bare ``TwilioException`` that keeps
    the response: the 503 of the report the corpus has it from, on the same request."""
    client = _twilio(server)
    twilio_exception = pytest.importorskip("twilio.base.exceptions").TwilioException
    local = client.available_phone_numbers("US").local
    exc = _raised(twilio_exception, local.list)
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.UNAVAILABLE, True, "twilio", "20503", 503,
    )  # fmt: skip


def test_slack_sdk_api_error(server: str) -> None:
    slack_sdk = pytest.importorskip("slack_sdk")
    client = slack_sdk.WebClient(token="xoxb-test", base_url=f"{server}/slack/")
    call = client.chat_getPermalink
    exc = _raised(slack_sdk.errors.SlackApiError, call, channel="C1", message_ts="1.0")
    error = from_exception(_alone(exc))
    # A 200 is no error status: Slack's code alone says it.
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.NOT_FOUND, False, "slack", "channel_not_found", None,
    )  # fmt: skip
    # A 429 keeps Slack's own code, and the wait its Retry-After gives.
    limited = _raised(slack_sdk.errors.SlackApiError, client.conversations_list)
    error = from_exception(_alone(limited))
    assert (error.kind, error.vendor, error.code, error.status_code, error.retry_after) == (
        ErrorKind.RATE_LIMITED, "slack", "ratelimited", 429, 1.0,
    )  # fmt: skip


def test_pygithub_rate_limit(server: str) -> None:
    github = pytest.importorskip("github")
    client = github.Github(base_url=f"{server}/github", retry=None)
    exc = _raised(github.RateLimitExceededException, client.get_user, "octocat")
    error = from_exception(_alone(exc))
    # The body has no documentation_url: the status and x-ratelimit-remaining decide.
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.RATE_LIMITED, True, "http", "403", 403,
    )  # fmt: skip
    assert error.message == "API Rate Limit Exceeded for 92.104.200.119"


def test_google_api_core_error(server: str) -> None:
    exceptions = pytest.importorskip("google.api_core.exceptions")
    requests = pytest.importorskip("requests")
    response = requests.post(f"{server}/google/v1/documents:analyzeSentiment", timeout=5)
    exc = exceptions.from_http_response(response)  # as google's REST transports raise
    assert type(exc) is exceptions.BadRequest
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.UNAUTHENTICATED, False, "google", "INVALID_ARGUMENT", 400,
    )  # fmt: skip
    assert error.message == "API key not valid. Please pass a valid API key."


def test_pydantic_ai_model_http_error_reads_through_its_cause(server: str) -> None:
    """pydantic-ai raises its own ``ModelHTTPError`` from the SDK's error, and keeps the
    body without OpenAI's ``error`` wrapper, beside the status and headers: it reads
    as the SDK's error beneath it does."""
    pytest.importorskip("pydantic_ai")
    openai = pytest.importorskip("openai")
    from pydantic_ai import Agent
    from pydantic_ai.exceptions import ModelHTTPError
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    client = openai.AsyncOpenAI(api_key="sk-test", base_url=f"{server}/openai", max_retries=0)
    agent = Agent(OpenAIChatModel("gpt-4o", provider=OpenAIProvider(openai_client=client)))
    with pytest.raises(ModelHTTPError) as caught:
        asyncio.run(agent.run("hi"))  # closes its event loop, unlike run_sync
    assert type(caught.value.__cause__) is openai.RateLimitError
    error = from_exception(caught.value)
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.PAYMENT_REQUIRED, False, "openai", "insufficient_quota", 429,
    )  # fmt: skip
    assert (error.retry_after, error.request_id) == (20.0, "req_openai")
    # Alone, its own status, headers and body say the same.
    assert from_exception(_alone(caught.value)) == error


def test_google_genai_error(server: str) -> None:
    genai = pytest.importorskip("google.genai")
    types = pytest.importorskip("google.genai.types")
    errors = pytest.importorskip("google.genai.errors")
    options = types.HttpOptions(
        base_url=f"{server}/gemini", retry_options=types.HttpRetryOptions(attempts=1)
    )
    client = genai.Client(api_key="k", http_options=options)
    generate = client.models.generate_content
    exc = _raised(errors.ClientError, generate, model="gemini-2.5-flash", contents="hi")
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.RATE_LIMITED, True, "google", "RESOURCE_EXHAUSTED", 429,
    )  # fmt: skip
    assert error.message.startswith("The zone 'us-east1-a' does not have enough resources")


def _botocore_client(server: str, service: str) -> Any:
    """A botocore client of ``service`` that calls ``server`` once, with no retries."""
    session = pytest.importorskip("botocore.session").get_session()
    config = pytest.importorskip("botocore.config").Config(retries={"total_max_attempts": 1})
    return session.create_client(
        service,
        region_name="us-east-1",
        endpoint_url=f"{server}/{service.partition('-')[0]}",
        aws_access_key_id="AKIDEXAMPLE",
        aws_secret_access_key="secret",
        config=config,
    )


def test_botocore_client_error(server: str) -> None:
    """DynamoDB throttles with a 400: botocore's modeled error (a ``ClientError``) reads by
    its code, as a rate limit that is retried."""
    client = _botocore_client(server, "dynamodb")
    raised = client.exceptions.ProvisionedThroughputExceededException
    exc = _raised(raised, client.put_item, TableName="t", Item={})
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code) == (
        ErrorKind.RATE_LIMITED, True, "aws", "ProvisionedThroughputExceededException",
    )  # fmt: skip
    assert (error.status_code, error.request_id) == (400, "req_aws")
    assert error.message.startswith("The level of configured provisioned throughput")


def test_botocore_error_named_in_a_header(server: str) -> None:
    """Bedrock names its error only in ``x-amzn-ErrorType``: botocore's ``ClientError``
    keeps the code it read there."""
    client = _botocore_client(server, "bedrock-runtime")
    exc = _raised(
        client.exceptions.ThrottlingException,
        client.converse,
        modelId="m",
        messages=[{"role": "user", "content": [{"text": "hi"}]}],
    )
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.RATE_LIMITED, True, "aws", "ThrottlingException", 429,
    )  # fmt: skip
    assert error.request_id == "ca47a5ce-e260-4824-aa0e-2e62669d5d6e"
    assert error.message == "Too many tokens, please wait before trying again."
