"""The HTTP errors vendors' Python SDKs raise, read by `from_exception`: each SDK is called
for real, offline, against a server on 127.0.0.1 that answers with a real payload from
`tests/corpus/`."""

from __future__ import annotations

import asyncio
import json
import socket
import urllib.request
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import pytest

from toolerrors import ErrorKind, from_exception, parse

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

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
    "/stripe-500/v1/payment_intents": ("stripe/api-error-500.json", 500, {}),
    "/stripe-500-retry/v1/payment_intents": (
        "stripe/api-error-500.json", 500, {"Stripe-Should-Retry": "true"},
    ),
    "/anthropic-500/v1/messages/batches": ("anthropic/api-error-500.json", 500, {}),
    "/anthropic-500-retry/v1/messages/batches": (
        "anthropic/api-error-500.json", 500, {"x-should-retry": "true"},
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


@pytest.mark.parametrize(("route", "retryable"), [("stripe-500", None), ("stripe-500-retry", True)])
def test_stripe_sdk_server_error_on_a_write(
    server: str, route: str, retryable: bool | None
) -> None:
    """A 500 on a PaymentIntent create may have been processed, as Stripe documents: it
    is retried only when the caller's idempotency key protects it, or when Stripe says
    so with ``Stripe-Should-Retry: true``."""
    import stripe

    client = stripe.StripeClient(
        "sk_test_123", base_addresses={"api": f"{server}/{route}"}, max_network_retries=0
    )
    create = client.v1.payment_intents.create
    exc = _raised(stripe.APIError, create, params={"amount": 100, "currency": "usd"})
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.UNKNOWN_OUTCOME, retryable, "stripe", "api_error", 500,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("route", "retryable"), [("anthropic-500", None), ("anthropic-500-retry", True)]
)
def test_anthropic_sdk_server_error_on_a_batch_create(
    server: str, route: str, retryable: bool | None
) -> None:
    """A 500 on a batch create may have created the batch: retried only when the
    caller says it is idempotent, or when Anthropic says so with ``x-should-retry``."""
    anthropic = pytest.importorskip("anthropic")  # as above: absent from the lowest run

    client = anthropic.Anthropic(api_key="k", base_url=f"{server}/{route}", max_retries=0)
    create = client.messages.batches.create
    exc = _raised(anthropic.InternalServerError, create, requests=[])
    error = from_exception(_alone(exc))
    assert (error.kind, error.retryable, error.vendor, error.code, error.status_code) == (
        ErrorKind.INTERNAL, retryable, "anthropic", "api_error", 500,
    )  # fmt: skip


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


# Transport failures, provoked for real on 127.0.0.1: each client library is read by how
# far its request got, whatever the class that wraps the failure.

TIMEOUT = 0.2
"""Every connect and read below gives up after this many seconds."""


class CutShort(BaseHTTPRequestHandler):
    """Reads the request, then answers it badly: not at all, or with a body cut short."""

    protocol_version = "HTTP/1.1"
    ANSWERS: ClassVar[dict[str, bytes]] = {
        "/disconnect": b"",
        "/short": b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789",
        "/chunked": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
    }

    def _answer(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.wfile.write(self.ANSWERS[self.path.split("?")[0]])
        self.close_connection = True

    do_GET = do_POST = _answer

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def addresses(serve: Callable[[type[BaseHTTPRequestHandler]], str]) -> Iterator[dict[str, str]]:
    """Base URLs on 127.0.0.1 for each way a call can fail: a closed port; a port whose
    accept queue is full, so connecting times out; one that accepts and never answers;
    and a server that closes without an answer or cuts its body short."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    silent = socket.create_server(("127.0.0.1", 0), backlog=8)
    full = socket.create_server(("127.0.0.1", 0), backlog=0)
    queued = socket.create_connection(full.getsockname(), timeout=TIMEOUT)  # the queue's one
    bad = serve(CutShort)
    yield {
        "refused": f"http://127.0.0.1:{closed}/",
        "connect-timeout": f"http://127.0.0.1:{full.getsockname()[1]}/",
        "read-timeout": f"http://127.0.0.1:{silent.getsockname()[1]}/",
        **{name: f"{bad}/{name}" for name in ("disconnect", "short", "chunked")},
    }
    for sock in (queued, full, silent):
        sock.close()


def _requests(url: str) -> None:
    import requests

    requests.get(url, timeout=TIMEOUT).content  # noqa: B018


def _httpx(url: str) -> None:
    import httpx

    httpx.get(url, timeout=TIMEOUT).read()


def _urllib(url: str) -> None:
    with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        response.read()


def _aiohttp(url: str) -> None:
    import aiohttp

    async def get() -> None:
        timeout = aiohttp.ClientTimeout(total=1, sock_connect=TIMEOUT, sock_read=TIMEOUT)
        async with aiohttp.ClientSession(timeout=timeout) as session, session.get(url) as got:
            await got.read()

    asyncio.run(get())


def _botocore(url: str) -> None:
    from botocore.config import Config
    from botocore.session import get_session

    config = Config(
        connect_timeout=TIMEOUT, read_timeout=TIMEOUT, retries={"total_max_attempts": 1}
    )
    client = get_session().create_client(
        "dynamodb",
        region_name="us-east-1",
        endpoint_url=url,
        aws_access_key_id="AKIDEXAMPLE",
        aws_secret_access_key="secret",
        config=config,
    )
    try:
        client.list_tables()
    finally:
        client.close()


CLIENTS: dict[str, Callable[[str], None]] = {
    "requests": _requests, "httpx": _httpx, "urllib": _urllib, "aiohttp": _aiohttp,
    "botocore": _botocore,
}  # fmt: skip

NOT_SENT = ("unavailable", True)
SENT = ("unknown_outcome", None)

PHASES: list[tuple[str, str, tuple[str, bool | None], str]] = [
    # client, failure, (kind, retryable), the class that decides
    ("requests", "refused", NOT_SENT, "urllib3.exceptions.NewConnectionError"),
    ("requests", "connect-timeout", NOT_SENT, "requests.exceptions.ConnectTimeout"),
    ("requests", "read-timeout", SENT, "requests.exceptions.ReadTimeout"),
    ("requests", "disconnect", SENT, "urllib3.exceptions.ProtocolError"),
    ("requests", "short", SENT, "requests.exceptions.ChunkedEncodingError"),
    ("requests", "chunked", SENT, "requests.exceptions.ChunkedEncodingError"),
    ("httpx", "refused", NOT_SENT, "httpx.ConnectError"),
    ("httpx", "connect-timeout", NOT_SENT, "httpx.ConnectTimeout"),
    ("httpx", "read-timeout", SENT, "httpx.ReadTimeout"),
    ("httpx", "disconnect", SENT, "httpx.RemoteProtocolError"),
    ("httpx", "short", SENT, "httpx.RemoteProtocolError"),
    ("httpx", "chunked", SENT, "httpx.RemoteProtocolError"),
    ("urllib", "refused", NOT_SENT, "builtins.ConnectionRefusedError"),
    ("urllib", "connect-timeout", SENT, "urllib.error.URLError"),  # it can't say which
    ("urllib", "read-timeout", SENT, "builtins.TimeoutError"),
    ("urllib", "disconnect", SENT, "http.client.RemoteDisconnected"),
    ("urllib", "short", SENT, "http.client.IncompleteRead"),
    ("urllib", "chunked", SENT, "http.client.IncompleteRead"),
    ("aiohttp", "refused", NOT_SENT, "aiohttp.client_exceptions.ClientConnectorError"),
    ("aiohttp", "connect-timeout", NOT_SENT, "aiohttp.client_exceptions.ConnectionTimeoutError"),
    ("aiohttp", "read-timeout", SENT, "aiohttp.client_exceptions.SocketTimeoutError"),
    ("aiohttp", "disconnect", SENT, "aiohttp.client_exceptions.ServerDisconnectedError"),
    ("aiohttp", "short", SENT, "aiohttp.client_exceptions.ClientPayloadError"),
    ("aiohttp", "chunked", SENT, "aiohttp.client_exceptions.ClientPayloadError"),
    ("botocore", "refused", NOT_SENT, "botocore.exceptions.EndpointConnectionError"),
    ("botocore", "connect-timeout", NOT_SENT, "botocore.exceptions.ConnectTimeoutError"),
    ("botocore", "read-timeout", SENT, "botocore.exceptions.ReadTimeoutError"),
    ("botocore", "disconnect", SENT, "botocore.exceptions.ConnectionClosedError"),
    ("botocore", "chunked", SENT, "botocore.exceptions.ConnectionClosedError"),
]


@pytest.mark.parametrize(
    ("client", "failure", "expected", "decides"),
    PHASES,
    ids=[f"{client}-{failure}" for client, failure, _, _ in PHASES],
)
def test_transport_errors_read_by_how_far_the_request_got(
    addresses: dict[str, str],
    client: str,
    failure: str,
    expected: tuple[str, bool | None],
    decides: str,
) -> None:
    """A connection refused or timed out sent nothing, and another attempt is safe; a
    request sent and then lost (a read timeout, a server that closed, a body cut short)
    may have happened.  The class that says so decides, not the wrapper around it."""
    with pytest.raises(Exception) as caught:  # noqa: PT011 - each client raises its own
        CLIENTS[client](addresses[failure])
    error = from_exception(caught.value)
    assert ((error.kind.value, error.retryable), error.code) == (expected, decides)
    assert error.vendor == "python"


UNUSABLE: list[tuple[str, str, str]] = [
    # client, address, the class that decides
    ("requests", "no-scheme.test/", "requests.exceptions.MissingSchema"),
    ("requests", "gopher://127.0.0.1/", "requests.exceptions.InvalidSchema"),
    ("httpx", "no-scheme.test/", "httpx.UnsupportedProtocol"),
    ("httpx", "gopher://127.0.0.1/", "httpx.UnsupportedProtocol"),
    ("urllib", "no-scheme.test/", "builtins.ValueError"),
    ("urllib", "gopher://127.0.0.1/", "urllib.error.URLError"),
    ("aiohttp", "no-scheme.test/", "aiohttp.client_exceptions.InvalidUrlClientError"),
    ("aiohttp", "gopher://127.0.0.1/", "aiohttp.client_exceptions.NonHttpUrlClientError"),
]


@pytest.mark.parametrize(
    ("client", "url", "decides"),
    UNUSABLE,
    ids=[f"{client}-{url.partition(':')[0]}" for client, url, _ in UNUSABLE],
)
def test_an_address_no_client_can_send_to_is_invalid_input(
    client: str, url: str, decides: str
) -> None:
    """No scheme, or one the client does not speak: nothing was sent, and another
    attempt fails the same, so it is the caller's input to fix and never retried."""
    with pytest.raises(Exception) as caught:  # noqa: PT011 - each client raises its own
        CLIENTS[client](url)
    error = from_exception(caught.value)
    assert (error.kind, error.retryable, error.code) == (ErrorKind.INVALID_INPUT, False, decides)


def test_botocore_parameters_it_refuses_are_invalid_input(addresses: dict[str, str]) -> None:
    """botocore checks a call's parameters against the service's model before sending."""
    from botocore.exceptions import ParamValidationError
    from botocore.session import get_session

    client = get_session().create_client(
        "dynamodb",
        region_name="us-east-1",
        endpoint_url=addresses["refused"],
        aws_access_key_id="AKIDEXAMPLE",
        aws_secret_access_key="secret",
    )
    try:
        exc = _raised(ParamValidationError, client.list_tables, Limit="ten")
    finally:
        client.close()
    error = from_exception(exc)
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.INVALID_INPUT, False, "botocore.exceptions.ParamValidationError",
    )  # fmt: skip


def test_aiohttp_response_error_is_read_by_its_status_and_headers(server: str) -> None:
    """aiohttp's ``raise_for_status`` keeps the status and headers but not the body: the
    status and ``Retry-After`` say what happened."""
    import aiohttp

    async def get() -> None:
        async with aiohttp.ClientSession() as session:
            await session.get(f"{server}/slack/conversations.list", raise_for_status=True)

    with pytest.raises(aiohttp.ClientResponseError) as caught:
        asyncio.run(get())
    error = from_exception(_alone(caught.value))
    assert (error.kind, error.retryable, error.status_code, error.retry_after) == (
        ErrorKind.RATE_LIMITED, True, 429, 1.0,
    )  # fmt: skip
