"""Failed tool calls on OpenTelemetry spans, read back from the real SDK's in-memory
exporter: the attributes and status of every kind, and what the retry helper and the
adapters record on the current span."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from html import unescape
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("opentelemetry.sdk")

from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import NonRecordingSpan, StatusCode

from conftest import ROOT
from toolerrors import ErrorKind, ToolFailure, UnifiedError, from_http, model_text, parse
from toolerrors.otel import ERROR_TYPES, error_type_resolver, record_current, record_error
from toolerrors.retry import Retry
from toolerrors.testing import FakeClock, not_done_yet, pythe_error

if TYPE_CHECKING:
    from collections.abc import Iterator

    from opentelemetry.sdk.trace import ReadableSpan

EXPORTER = InMemorySpanExporter()
PROVIDER = TracerProvider()
PROVIDER.add_span_processor(SimpleSpanProcessor(EXPORTER))


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    """The exporter of the global tracer provider (set once: OpenTelemetry refuses a
    second), emptied before each test."""
    if trace.get_tracer_provider() is not PROVIDER:
        trace.set_tracer_provider(PROVIDER)
    EXPORTER.clear()
    yield EXPORTER
    EXPORTER.clear()


def _only(exporter: InMemorySpanExporter, name: str = "tool") -> ReadableSpan:
    [span] = [span for span in exporter.get_finished_spans() if span.name == name]
    return span


@pytest.mark.parametrize("kind", list(ErrorKind), ids=str)
def test_every_kind_sets_its_error_type_and_status(
    kind: ErrorKind, spans: InMemorySpanExporter
) -> None:
    """Each kind's span carries its published error.type, the toolerrors attributes, and
    status ERROR, except an approval, which leaves the status unset."""
    error = UnifiedError(kind, "secret text", retryable=False, vendor="pythe", code="CODE")
    with PROVIDER.get_tracer("test").start_as_current_span("tool") as span:
        record_error(span, error)
    span = _only(spans)
    assert dict(span.attributes or {}) == {
        "error.type": "_OTHER" if kind is ErrorKind.UNKNOWN else kind.value,
        "toolerrors.kind": kind.value,
        "toolerrors.action": error.action.value,
        "toolerrors.retryable": False,
        "toolerrors.vendor": "pythe",
        "toolerrors.code": "CODE",
    }
    if kind is ErrorKind.APPROVAL_REQUIRED:
        assert (span.status.status_code, span.status.description) == (StatusCode.UNSET, None)
    else:
        assert (span.status.status_code, span.status.description) == (
            StatusCode.ERROR,
            f"{kind.value} (pythe CODE)",
        )


def test_the_published_error_types_are_the_kinds_and_other() -> None:
    """error.type takes one value a kind, and _OTHER for unknown (the conventions'
    value for a class not known)."""
    assert ERROR_TYPES[ErrorKind.UNKNOWN] == "_OTHER"
    assert sorted(ERROR_TYPES.values()) == sorted(
        ["_OTHER", *(kind.value for kind in ErrorKind if kind is not ErrorKind.UNKNOWN)]
    )


def test_unknown_retry_advice_and_a_server_wait_are_kept_as_they_are(
    spans: InMemorySpanExporter,
) -> None:
    """retryable None is left out, never written as false; retry_after is the seconds."""
    error = UnifiedError(ErrorKind.UNAVAILABLE, "m", retryable=None, retry_after=2.5)
    with PROVIDER.get_tracer("test").start_as_current_span("tool"):
        record_current(error)
    assert dict(_only(spans).attributes or {}) == {
        "error.type": "unavailable",
        "toolerrors.kind": "unavailable",
        "toolerrors.action": "check_first",
        "toolerrors.retry_after": 2.5,
    }


def test_an_error_type_set_by_other_instrumentation_is_kept(spans: InMemorySpanExporter) -> None:
    """The MCP conventions' tool_error stays; a value this library set is replaced by
    the later error's."""
    tracer = PROVIDER.get_tracer("test")
    with tracer.start_as_current_span("tool", attributes={"error.type": "tool_error"}) as span:
        record_error(span, UnifiedError(ErrorKind.REFUSED, "m"))
    with tracer.start_as_current_span("again") as span:
        record_error(span, UnifiedError(ErrorKind.APPROVAL_REQUIRED, "m"))
        record_error(span, UnifiedError(ErrorKind.REFUSED, "m"))
    tool, again = _only(spans), _only(spans, "again")
    assert (tool.attributes or {})["error.type"] == "tool_error"
    assert (tool.attributes or {})["toolerrors.kind"] == "refused"
    assert (again.attributes or {})["error.type"] == "refused"
    assert again.status.status_code is StatusCode.ERROR


class _Watched(NonRecordingSpan):
    """A span that is not recording, and counts what is asked of it."""

    def __init__(self) -> None:
        super().__init__(trace.INVALID_SPAN_CONTEXT)
        self.asked: list[str] = []

    def set_attribute(self, key: str, value: Any) -> None:
        self.asked.append(key)

    def set_attributes(self, attributes: Any) -> None:
        self.asked.append("attributes")

    def set_status(self, status: Any, description: str | None = None) -> None:
        self.asked.append("status")


def test_nothing_is_recorded_without_a_recording_span(spans: InMemorySpanExporter) -> None:
    """A span that is not recording is asked nothing, and no span is made."""
    span = _Watched()
    record_error(span, UnifiedError(ErrorKind.REFUSED, "m"))
    record_current(UnifiedError(ErrorKind.REFUSED, "m"))  # no current span
    assert span.asked == []
    assert spans.get_finished_spans() == ()


def _failing(times: int) -> Any:
    calls: list[int] = []

    def tool() -> dict[str, Any]:
        calls.append(1)
        if len(calls) <= times:
            return pythe_error("http_5xx")
        return {"ok": True, "data": {}}

    return tool


def test_retry_records_the_error_it_gives_up_on(spans: InMemorySpanExporter) -> None:
    """A returned isError result that is not retried further marks its tool span."""
    with PROVIDER.get_tracer("test").start_as_current_span("tool"):
        Retry(clock=FakeClock()).call(_failing(times=9))
    span = _only(spans)
    assert (span.attributes or {})["error.type"] == "unavailable"
    assert (span.attributes or {})["toolerrors.code"] == "http_5xx"
    assert span.status.status_code is StatusCode.ERROR


def test_a_retry_that_then_succeeded_leaves_the_span_alone(spans: InMemorySpanExporter) -> None:
    """Failed attempts followed by a success set no error.type and no status."""
    with PROVIDER.get_tracer("test").start_as_current_span("tool"):
        assert Retry(clock=FakeClock()).call(_failing(times=2)) == {"ok": True, "data": {}}
    span = _only(spans)
    assert dict(span.attributes or {}) == {}
    assert span.status.status_code is StatusCode.UNSET


def test_an_approval_asked_for_leaves_the_status_unset(spans: InMemorySpanExporter) -> None:
    """The held call is marked approval_required, and its span not failed."""
    with PROVIDER.get_tracer("test").start_as_current_span("tool"):
        Retry().call(lambda: not_done_yet("Ana"))
    span = _only(spans)
    assert (span.attributes or {})["error.type"] == "approval_required"
    assert span.status.status_code is StatusCode.UNSET


def test_without_opentelemetry_nothing_of_it_is_imported() -> None:
    """The package and a failed retried call import no OpenTelemetry module."""
    code = (
        "import sys\n"
        "from toolerrors.retry import Retry\n"
        "Retry().call(lambda: {'ok': False, 'code': 'not_found', 'message': 'm',"
        " 'retryable': False, 'how_to_fix': 'f'})\n"
        "print(sorted(m for m in sys.modules if m.startswith('opentelemetry')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout == "[]\n"


def test_the_resolver_names_what_a_reader_knows() -> None:
    """opentelemetry-util-genai's ErrorTypeResolver: a tool failure's kind, and None
    for a plain Python exception (the type name is then used)."""
    failure = parse(pythe_error("http_429")).exception()
    assert error_type_resolver(failure) == "rate_limited"
    assert error_type_resolver(ValueError("x")) is None


def test_the_resolver_fits_opentelemetry_util_genai() -> None:
    """The util's Error takes its error.type from the resolver, else the type name."""
    types = pytest.importorskip("opentelemetry.util.genai.types")
    failure = parse(pythe_error("http_429")).exception()
    assert types.Error.from_exception(failure, error_type_resolver).type == "rate_limited"
    assert types.Error.from_exception(KeyError("k"), error_type_resolver).type == "KeyError"


def test_fastmcp_s_tool_span_is_marked_by_the_middleware(spans: InMemorySpanExporter) -> None:
    """A tool that returns an in-band error through ToolFailureMiddleware marks FastMCP's
    own span of the call."""
    pytest.importorskip("fastmcp")
    from fastmcp import Client, FastMCP

    from toolerrors.integrations.fastmcp import ToolFailureMiddleware

    server = FastMCP("otel")
    server.add_middleware(ToolFailureMiddleware())

    @server.tool
    def look(path: str) -> dict[str, Any]:
        """Look a path up."""
        return pythe_error("not_found")

    async def go() -> Any:
        async with Client(server) as client:
            return await client.call_tool("look", {"path": "x"}, raise_on_error=False)

    assert asyncio.run(go()).is_error is True
    marked = [s for s in spans.get_finished_spans() if "toolerrors.kind" in (s.attributes or {})]
    assert [(s.name, (s.attributes or {})["error.type"], s.status.status_code) for s in marked] == [
        ("tools/call look", "not_found", StatusCode.ERROR)
    ]


def test_the_picture_of_a_trace_is_what_the_sdk_records(spans: InMemorySpanExporter) -> None:
    """docs/pictures/trace.svg shows, span by span, the status, its description and the
    attributes that the real SDK records for the calls it describes."""
    tracer = trace.get_tracer("agent")
    answers: list[object] = [
        from_http(429, {"Retry-After": "2"}, _stripe("rate_limit", "Too many requests")),
        "charged",
    ]
    missing = from_http(404, {}, _stripe("resource_missing", "No such charge: 'ch_1'"))
    denied = pythe_error("forbidden", "The key may not send invoices.")
    waits: list[float] = []

    def charge() -> object:
        answer = answers.pop(0)
        if isinstance(answer, UnifiedError):
            raise answer.exception()
        return answer

    def refund() -> None:
        raise missing.exception()

    def tool(name: str) -> Any:
        return tracer.start_as_current_span(
            f"execute_tool {name}",
            attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name},
        )

    with tracer.start_as_current_span("invoke_agent billing"):
        with tool("charge_card"):
            assert Retry(sleep=waits.append).call(charge) == "charged"
        with tool("refund_charge"):
            with pytest.raises(ToolFailure) as caught:
                Retry(sleep=waits.append).call(refund)
            assert model_text(caught.value.error)  # what goes back to the model
        with tool("send_invoice"):
            assert Retry(sleep=waits.append).call(lambda: denied) == denied
    assert waits == [2.0]

    def shown(span: ReadableSpan) -> tuple[str, str | None, list[str]]:
        attributes = [
            f"{key} = {str(value).lower() if isinstance(value, bool) else value}"
            for key, value in (span.attributes or {}).items()
            if not key.startswith("gen_ai.")
        ]
        status = span.status.status_code
        return (
            ("ERROR" if status is StatusCode.ERROR else "unset"),
            span.status.description,
            attributes,
        )

    recorded = {span.name: shown(span) for span in spans.get_finished_spans()}
    svg = (ROOT / "docs" / "pictures" / "trace.svg").read_text("utf-8")
    pictured = {}
    for name, body in re.findall(r'<g class="trace-span" data-name="([^"]+)">(.*?)</g>', svg, re.S):
        texts = dict.fromkeys(("status", "desc"))
        for cls, text in re.findall(r'<text class="(status|desc)[^"]*"[^>]*>([^<]*)</text>', body):
            texts[cls] = unescape(text)
        attrs = [unescape(a) for a in re.findall(r'<text class="attr"[^>]*>([^<]*)</text>', body)]
        pictured[unescape(name)] = (
            str(texts["status"]).removeprefix("status: "),
            texts["desc"],
            attrs,
        )
    assert pictured == {
        name: recorded[name] for name in recorded if name.startswith("execute_tool")
    }
    assert recorded["invoke_agent billing"] == ("unset", None, [])


def _stripe(code: str, message: str) -> dict[str, Any]:
    return {"error": {"type": "invalid_request_error", "code": code, "message": message}}
