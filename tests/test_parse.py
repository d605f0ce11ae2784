"""parse, error_of and convert: every input form, and clear errors for everything else."""

from __future__ import annotations

import json
import math
from types import SimpleNamespace
from typing import Any

import pytest

from conftest import PYTHE_DOCUMENTED_ERROR, PYTHE_DOCUMENTED_SUCCESS, corpus_case
from toolerrors import (
    MAX_WAIT,
    ErrorKind,
    ShapeError,
    UnifiedError,
    configure,
    convert,
    error_of,
    from_http,
    parse,
    pythe,
    retry,
)
from toolerrors.configure import ConfigureError
from toolerrors.pythe import wrap
from toolerrors.use_tool import ToolError

USE_TOOL = {"error": "rate_limited", "message": "Slow down."}
CONFIGURE = {
    "code": "RATE_LIMITED",
    "message": "Slow down.",
    "statusCode": 429,
    "retryable": True,
    "retryAfter": 30,
}


def test_every_input_form_gives_the_same_error() -> None:
    """A dict, JSON str, bytes and a model give equal unified errors."""
    expected = parse(USE_TOOL)
    text = json.dumps(USE_TOOL)
    forms = [text, text.encode(), bytearray(text.encode()), ToolError.model_validate(USE_TOOL)]
    for form in forms:
        assert parse(form) == expected
    assert parse(expected) is expected


def test_a_leading_byte_order_mark_is_skipped_before_the_json() -> None:
    """JSON text that opens with a UTF-8 byte order mark (as .NET services send it) reads
    as the same error, as str, bytes and bytearray, and in an MCP result's text block."""
    expected = parse(USE_TOOL)
    text = "\ufeff" + json.dumps(USE_TOOL)
    for form in (text, text.encode(), bytearray(text.encode())):
        assert parse(form) == expected
        assert parse(form, strict=True) == expected
    block = {"type": "text", "text": text}
    assert parse({"content": [block], "isError": True}) == expected
    assert error_of({"content": [block]}) == expected


def test_configure_error_instance_parses() -> None:
    """A raised ConfigureError reads like its wire body."""
    error = parse(ConfigureError(**CONFIGURE))
    assert (error.kind, error.retry_after, error.status_code, error.retryable) == (
        ErrorKind.RATE_LIMITED,
        30,
        429,
        True,
    )
    assert error == parse(CONFIGURE)


def test_mcp_results_as_dicts_and_objects() -> None:
    """CallToolResults parse from dicts, camelCase or snake_case objects."""
    result = wrap(PYTHE_DOCUMENTED_ERROR)
    expected = parse(PYTHE_DOCUMENTED_ERROR)
    assert parse(result) == expected
    assert parse(json.dumps(result)) == expected
    text_block = SimpleNamespace(type="text", text=json.dumps(PYTHE_DOCUMENTED_ERROR))
    assert (
        parse(SimpleNamespace(content=[text_block], structured_content=None, is_error=True))
        == expected
    )
    assert (
        parse(SimpleNamespace(content=[], structuredContent=PYTHE_DOCUMENTED_ERROR, isError=True))
        == expected
    )


def test_mcp_text_only_error_is_still_an_error() -> None:
    """isError with plain text content (a crashed tool) is an internal error from 'mcp'."""
    crashed = {
        "content": [{"type": "text", "text": "Error executing tool boom: division by zero"}],
        "isError": True,
    }
    error = parse(crashed)
    assert (error.kind, error.vendor, error.code, error.retryable) == (
        ErrorKind.INTERNAL,
        "mcp",
        None,
        None,
    )
    assert error.message == "Error executing tool boom: division by zero"
    assert error_of(crashed) == error


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        (PYTHE_DOCUMENTED_SUCCESS, "success envelope"),
        ({"deleted": False, "message": "Nothing to forget."}, r"forget\(\) result"),
        ({"hello": "world"}, "expected an error of a known shape"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object, or an array whose first item is one, got array"),
        (b"\xff\xfe", "not valid JSON"),
        ("NaN", "not valid JSON"),
        (42, "got number"),
        (None, "got null"),
        ({"ok": "no"}, "/ok: expected false, got string"),
        (
            {"content": [{"type": "text", "text": "fine"}], "isError": False},
            "without isError: true",
        ),
        ({"content": "oops", "isError": True}, "/content: expected an array"),
    ],
    ids=[
        "success",
        "forget",
        "unknown-dict",
        "bad-json",
        "array",
        "bytes",
        "nan",
        "int",
        "none",
        "ok-not-bool",
        "mcp-success",
        "mcp-bad-content",
    ],
)
def test_non_errors_raise_shape_error_saying_what(payload: object, problem: str) -> None:
    """Whatever is not an error of a known shape raises ShapeError, a ValueError, saying why."""
    with pytest.raises(ShapeError, match=problem) as caught:
        parse(payload)
    assert isinstance(caught.value, ValueError)


def test_shape_error_points_at_the_field() -> None:
    """The message names the path of the offending value."""
    with pytest.raises(ShapeError) as caught:
        parse({"code": "RATE_LIMITED", "message": "m", "statusCode": "429"}, strict=True)
    assert caught.value.where == "/statusCode"
    assert str(caught.value) == "/statusCode: expected an integer, got string"
    result = wrap({**PYTHE_DOCUMENTED_ERROR, "retryable": "no"})
    with pytest.raises(ShapeError) as nested:
        parse(result, strict=True)
    assert nested.value.where == "/structuredContent/retryable"


def test_lenient_unknown_code_is_kind_unknown_strict_rejects_it() -> None:
    """An unknown code in a known shape is kept verbatim as kind unknown, unless strict."""
    for payload in (
        {**PYTHE_DOCUMENTED_ERROR, "code": "http_418"},
        {"code": "I_AM_NEW", "message": "m"},
    ):
        error = parse(payload)
        assert error.kind is ErrorKind.UNKNOWN
        assert error.code in ("http_418", "I_AM_NEW")
        assert convert(payload, to=error.vendor) == payload  # type: ignore[arg-type]
        with pytest.raises(ShapeError, match="unknown"):
            parse(payload, strict=True)


def test_an_error_that_is_none_of_use_tools_codes_names_no_system() -> None:
    """use_tool's ``{error, message}`` names use_tool only with one of its codes: any
    other ``error`` is read by its words, with no vendor, and strictly is refused."""
    for payload, kind in (
        ({"error": "teapot", "message": "m"}, ErrorKind.UNKNOWN),
        ({"error": "not_found", "message": "m"}, ErrorKind.NOT_FOUND),
    ):
        error = parse(payload)
        assert (error.vendor, error.kind, error.code) == (
            "use_tool" if kind is ErrorKind.NOT_FOUND else None,
            kind,
            payload["error"],
        )
    with pytest.raises(ShapeError, match="unknown use_tool code 'teapot'"):
        parse({"error": "teapot", "message": "m"}, strict=True)


def test_unlisted_reason_is_still_held_back() -> None:
    """A check-held text with an unlisted reason is still approval_required or refused."""
    ask = {
        "not_done_yet": "Check with Ana first: it smells odd. Ask in your reply, saying what you would do. Once they say yes, do it again."
    }
    stop = {"refused": "Not done: it smells odd. Tell Ana, and don't try another way."}
    odd = {"refused": "No, never."}
    assert (parse(ask).kind, parse(ask).reason, parse(ask).owner) == (
        ErrorKind.APPROVAL_REQUIRED,
        "it smells odd",
        "Ana",
    )
    assert parse(stop).kind is ErrorKind.REFUSED
    assert (parse(odd).kind, parse(odd).owner, parse(odd).reason) == (ErrorKind.REFUSED, None, None)
    for payload in (ask, stop, odd):
        assert convert(payload, to="use_tool") == payload
        with pytest.raises(ShapeError):
            parse(payload, strict=True)


def test_error_of_says_none_for_ordinary_results() -> None:
    """Results that nothing marks as an error give None."""
    for result in [
        PYTHE_DOCUMENTED_SUCCESS,
        wrap(PYTHE_DOCUMENTED_SUCCESS),
        {"deleted": False, "message": "Nothing to forget."},
        {"rows": [1, 2, 3]},
        {"error": None, "data": 1},
        {"code": "print(1)", "output": "1"},
        "plain text output",
        "[1, 2]",
        [1, 2],
        None,
        {"content": [{"type": "text", "text": "fine"}], "isError": False},
    ]:
        assert error_of(result) is None, result


def test_error_of_finds_each_marker() -> None:
    """isError, ok false, an error key, a check-held key and a Configure code all mark errors."""
    assert error_of(PYTHE_DOCUMENTED_ERROR) == parse(PYTHE_DOCUMENTED_ERROR)
    assert error_of(USE_TOOL) == parse(USE_TOOL)
    assert error_of({"code": "TIMEOUT", "message": "t"}) == parse(
        {"code": "TIMEOUT", "message": "t"}
    )
    assert error_of({"refused": "Not done: x. Tell Bo, and don't try another way."}) is not None
    assert error_of(json.dumps(USE_TOOL)) == parse(USE_TOOL)


def test_a_marker_around_a_broken_shape_is_still_an_error() -> None:
    """Leniently, an error marker around a broken shape is an error, read by its words;
    strictly it is a ShapeError naming what is wrong."""
    for broken, kind in [
        ({"ok": False, "code": "x"}, ErrorKind.UNKNOWN),
        ({"error": "not_found"}, ErrorKind.NOT_FOUND),
        ({"code": "TIMEOUT", "message": 5}, ErrorKind.UNKNOWN_OUTCOME),
        ({"not_done_yet": 5}, ErrorKind.APPROVAL_REQUIRED),
        ({"refused": ["no"]}, ErrorKind.REFUSED),
    ]:
        error = error_of(broken)
        assert error is not None and error.kind is kind, broken
        assert parse(broken) == error
        with pytest.raises(ShapeError):
            parse(broken, strict=True)


def test_size_limit_is_enforced_before_parsing() -> None:
    """Text over the limit is refused by parse; error_of, which reads any result, finds no
    error in it rather than raising after the call has run."""
    big = json.dumps({"error": "vendor", "message": "x" * 100})
    with pytest.raises(ShapeError, match="over the 50-byte limit"):
        parse(big, max_bytes=50)
    assert error_of(big, max_bytes=50) is None
    assert parse(big).kind is ErrorKind.UPSTREAM_ERROR


def test_deep_nesting_is_refused_without_recursion_error() -> None:
    """Hundreds of thousands of brackets give a ShapeError, not a RecursionError."""
    for deep in ("[" * 300_000 + "]" * 300_000, '{"a":' * 100_000 + "1" + "}" * 100_000):
        with pytest.raises(ShapeError, match="not valid JSON"):
            parse(deep)


def test_convert_rejects_unknown_vendor() -> None:
    """A vendor name outside the three is a clear ValueError."""
    with pytest.raises(ValueError, match="unknown vendor 'acme'"):
        convert(USE_TOOL, to="acme")  # type: ignore[arg-type]


def test_unified_error_to_returns_the_vendor_model() -> None:
    """UnifiedError.to gives the vendor's wire model."""
    from toolerrors import configure, use_tool

    error = parse(USE_TOOL)
    assert error.to("use_tool") == use_tool.ToolError(
        error=use_tool.ErrorCode.RATE_LIMITED, message="Slow down."
    )
    assert isinstance(error.to("pythe"), pythe.ErrorEnvelope)
    assert error.to("configure").to_wire() == {
        "code": "RATE_LIMITED",
        "message": "Slow down.",
        "retryable": True,
    }
    assert isinstance(error.to("configure"), configure.ConfigureErrorBody)


@pytest.mark.parametrize(
    ("payload", "vendor", "kind", "retryable"),
    [
        ({"code": "rate_limit_exceeded", "message": "Slow down."}, None, ErrorKind.RATE_LIMITED, True),
        ({"code": "not_found", "message": "No such thing."}, None, ErrorKind.NOT_FOUND, False),
        ({"code": "weird", "message": "Boom."}, None, ErrorKind.UNKNOWN, None),
        ({"code": "42P01", "message": 'relation "x" does not exist'}, None, ErrorKind.NOT_FOUND, False),
        ({"code": "I_AM_NEW", "message": "m"}, "configure", ErrorKind.UNKNOWN, None),
        ({"code": "weird", "message": "m", "statusCode": 503}, "configure", ErrorKind.UNKNOWN, None),
    ],
    ids=["words-in-code", "words-in-code-2", "no-words", "sqlstate", "configure-form", "configure-field"],
)  # fmt: skip
def test_a_bare_code_and_message_is_read_by_its_words_unless_it_is_configures(
    payload: dict[str, object], vendor: str | None, kind: ErrorKind, retryable: bool | None
) -> None:
    """Configure writes its codes in upper case from a letter and has fields of its own;
    a pair of any other form (a SQLSTATE, ``42P01``) is nobody's in particular: its code and words decide, and strictly it is
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


class _Response:
    """Stands in for httpx.Response, requests.Response and chat messages: ``.content``
    that is bytes or a string, not MCP content blocks."""

    def __init__(self, content: object) -> None:
        self.content = content


class _BytesWire:
    def to_wire(self) -> bytes:
        return b'{"error": "vendor", "message": "m"}'


@pytest.mark.parametrize(
    "result",
    [
        "x" * (2 << 20),
        b'{"data": "' + b"x" * (2 << 20) + b'"}',
        _Response(b"<html>ok</html>"),
        _Response("plain text"),
        _BytesWire(),
        object(),
        42,
        [1, 2],
    ],
    ids=[
        "big-str",
        "big-bytes",
        "content-bytes",
        "content-str",
        "to_wire-bytes",
        "object",
        "int",
        "list",
    ],
)
def test_error_of_never_raises_on_a_successful_result(result: object) -> None:
    """A successful result is never an error because it is large or of an odd type, and
    retry.call hands it back after one call."""
    assert error_of(result) is None
    calls: list[int] = []

    def tool() -> object:
        calls.append(1)
        return result

    assert retry.call(tool) is result
    assert calls == [1]


def test_an_httpx_response_is_not_an_error() -> None:
    """A real httpx.Response as a tool's result is not an error."""
    httpx = pytest.importorskip("httpx")
    assert error_of(httpx.Response(200, content=b'{"ok": true}')) is None


@pytest.mark.parametrize(
    "payload",
    [
        {"code": "RATE_LIMITED", "message": "m", "retryAfter": 10**400},
        {"code": "RATE_LIMITED", "message": "m", "retryAfter": -1},
        {"code": "RATE_LIMITED", "message": "m", "retryAfter": 31_536_001},
        {
            "type": "urn:toolerrors:kind:rate_limited",
            "title": "t",
            "kind": "rate_limited",
            "retry_after": -100,
        },
        {
            "type": "urn:toolerrors:kind:rate_limited",
            "title": "t",
            "kind": "rate_limited",
            "retry_after": math.nan,
        },
        {
            "type": "urn:toolerrors:kind:rate_limited",
            "title": "t",
            "kind": "rate_limited",
            "retry_after": -1e300,
        },
        {
            "type": "urn:toolerrors:kind:rate_limited",
            "title": "t",
            "kind": "rate_limited",
            "retry_after": 10**400,
        },
    ],
    ids=[
        "configure-huge",
        "configure-negative",
        "configure-over-a-year",
        "problem-negative",
        "problem-nan",
        "problem-very-negative",
        "problem-huge",
    ],
)
def test_a_wait_is_bounded_and_not_negative_or_refused(payload: dict[str, Any]) -> None:
    """No source gives retry code a wait it could not sleep: strictly the wait is refused,
    naming it; leniently the payload is still the error it marks, with no wait, or with
    the longest one for a wait past it (never an earlier one)."""
    with pytest.raises(ShapeError, match=r"retry_?[aA]fter"):
        parse(payload, strict=True)
    lenient = parse(payload)
    wait = payload.get("retryAfter", payload.get("retry_after"))
    assert (lenient.kind, lenient.retry_after) == (
        ErrorKind.RATE_LIMITED,
        MAX_WAIT if wait > MAX_WAIT else None,
    )
    with pytest.raises(ShapeError):
        configure.parse(payload) if "code" in payload else parse(payload, strict=True)


@pytest.mark.parametrize("ok", [None, 0, "false", "true", 1])
def test_a_stray_non_boolean_ok_is_not_a_success(ok: object) -> None:
    """An error dict with a stray ``ok`` that is not a boolean is still that error."""
    error = error_of({"error": "forbidden", "message": "No.", "ok": ok})
    assert error is not None and error.kind is ErrorKind.PERMISSION_DENIED
    assert convert(error, to="use_tool") == {"error": "forbidden", "message": "No.", "ok": ok}


@pytest.mark.parametrize(
    ("text", "kind", "retryable", "status", "wait"),
    [
        ("failed to get file contents: GET https://api.github.com/repos/o/r: 404 Not Found []",
         ErrorKind.NOT_FOUND, False, 404, None),
        ("Request failed with status code 429. Please try again in 20s.",
         ErrorKind.RATE_LIMITED, True, 429, 20.0),
        ("Rate limit reached. Please try again in 1m30s.", ErrorKind.RATE_LIMITED, True, None, 90.0),
        ("The tool crashed.", ErrorKind.INTERNAL, None, None, None),
        ("Found 401 Users matching the filter, but the export failed.",
         ErrorKind.INTERNAL, None, None, None),
        ("Payment declined: 500 Euros exceeds your daily limit",
         ErrorKind.REFUSED, False, None, None),
        ("Transfer rejected (503 Pounds is over the daily limit)",
         ErrorKind.REFUSED, False, None, None),
        ("Address not found: 429 Main Street", ErrorKind.NOT_FOUND, False, None, None),
        ("Request failed with status code 503: the transfer was rejected",
         ErrorKind.REFUSED, False, 503, None),
        ("HTTP 404: the request timed out upstream", ErrorKind.UNKNOWN_OUTCOME, None, 404, None),
        ("Rate limited. Try again in 15 days.", ErrorKind.RATE_LIMITED, True, None, 1_296_000.0),
        ("Rate limited. Try again in 10 business days.",
         ErrorKind.RATE_LIMITED, True, None, None),
    ],
)  # fmt: skip
def test_an_error_results_text_says_its_status_and_its_wait(
    text: str, kind: ErrorKind, retryable: bool | None, status: int | None, wait: float | None
) -> None:
    """An ``isError`` result's text: its known words decide, else a status it states;
    a number that is no status (an amount, a house number) is none; a wait it states
    is kept."""
    error = parse({"content": [{"type": "text", "text": text}], "isError": True})
    assert (error.kind, error.retryable, error.status_code, error.retry_after) == (
        kind,
        retryable,
        status,
        wait,
    )


def test_a_body_of_no_known_shape_keeps_a_loading_models_wait_and_no_sentence_as_code() -> None:
    """A model server's ``{"error": "Model ... is currently loading", "estimated_time"}``
    (Hugging Face's Inference API): the model is unavailable for the time it states, and
    the ``error``, a sentence, is its message, not its code; a word is still a code."""
    body = corpus_case("elsewhere", "huggingface-model-loading-long-wait")["body"]
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.retry_after, error.code, error.vendor) == (
        ErrorKind.UNAVAILABLE,
        True,
        1809.1820068359375,
        None,
        None,
    )
    assert error.message == "Model allenai/unifiedqa-t5-11b is currently loading"
    worded = error_of({"error": "model_not_ready", "estimated_time": 5})
    assert worded is not None and (worded.code, worded.retry_after) == ("model_not_ready", 5.0)


@pytest.mark.parametrize(
    ("name", "kind", "retryable", "status"),
    [
        ("openrouter-429-provider-rate-limited", ErrorKind.RATE_LIMITED, True, 429),
        ("openrouter-400-provider-error", ErrorKind.INVALID_INPUT, False, 400),
    ],
)
def test_a_gateways_error_object_gives_its_status_as_its_code(
    name: str, kind: ErrorKind, retryable: bool, status: int
) -> None:
    """A gateway's ``{"error": {"message": "Provider returned error", "code": 429,
    "metadata"}}`` (OpenRouter's) says nothing in words: the HTTP status in the error
    object's ``code`` decides, as one at the top does, and names no system."""
    body = corpus_case("elsewhere", name)["body"]
    error = error_of(body)
    assert error is not None
    assert (error.kind, error.retryable, error.status_code, error.vendor) == (
        kind, retryable, status, None
    )  # fmt: skip
    assert error.message == "Provider returned error"


def test_an_error_that_marks_itself_with_its_status_as_code_is_read_not_refused() -> None:
    """A model server's ``{"object": "error", "message", "type", "param", "code": 400}``
    (vLLM's) is an error of no source: read by its words, else the status in its
    ``code``, and its ``type`` is its code. ``parse`` used to refuse it, taking the
    number for a ``code`` that must be text; strictly it is still no known shape."""
    body = corpus_case("elsewhere", "vllm-400-bad-request")["body"]
    for error in (parse(body), error_of(body)):
        assert error is not None
        assert (error.kind, error.retryable, error.status_code, error.code, error.vendor) == (
            ErrorKind.INVALID_INPUT,
            False,
            400,
            "BadRequestError",
            None,
        )
        assert error.message == "max_tokens must be at least 1, got -2815."
    missing = dict(body, message="The model `gpt-x` does not exist.", code=404)
    assert parse(missing).kind is ErrorKind.NOT_FOUND
    with pytest.raises(ShapeError, match="no known shape"):
        parse(body, strict=True)


def test_an_unknown_suggested_action_is_dropped_alike_from_a_dict_and_a_problem() -> None:
    """A unified dict and a problem document naming an action no `Action` names keep
    their kind and drop the action, alike; strict reading refuses both at that field."""
    error = UnifiedError(ErrorKind.RATE_LIMITED, "Slow down.", retryable=True, vendor="acme")
    as_dict = {**error.to_dict(), "suggested_action": "pray"}
    as_problem = {**convert(error, "problem"), "suggested_action": "pray"}
    read = [parse(as_dict), parse(as_problem)]
    assert [(e.kind, e.retryable, e.vendor, e.suggested_action) for e in read] == [
        (ErrorKind.RATE_LIMITED, True, "acme", None),
    ] * 2
    for payload in (as_dict, as_problem):
        with pytest.raises(ShapeError, match="unknown action 'pray'") as refused:
            parse(payload, strict=True)
        assert refused.value.where == "/suggested_action"


def test_an_answer_passed_on_as_json_text_is_read_once() -> None:
    """A member named for a response or an error that holds a JSON object as text (The
    Graph's indexer, graphprotocol/indexer#629) is read as that object, once: JSON text
    inside that is left as text; a tool's text member is never read, nor strictly."""
    graph = corpus_case("elsewhere", "thegraph-indexer-store-unavailable-200")
    error = from_http(graph["status"], {}, graph["body"])
    assert (error.kind, error.retryable, error.vendor, error.message) == (
        ErrorKind.UNAVAILABLE, True, "graphql", "Store error: database unavailable"
    )  # fmt: skip
    inner = json.dumps({"message": "Store error: database unavailable"})
    once = error_of({"error": inner})
    twice = error_of({"error": json.dumps({"error": inner})})
    assert once is not None and twice is not None
    assert (once.message, once.extra) == (
        "Store error: database unavailable",
        {"error": {"message": "Store error: database unavailable"}},
    )
    assert twice.message == inner  # the text inside the text stays text
    assert error_of({"content": json.dumps({"error": "not_found"})}) is None
    with pytest.raises(ShapeError, match="expected an error of a known shape"):
        parse(graph["body"], strict=True)


@pytest.mark.parametrize(
    ("text", "kind", "retryable"),
    [
        # Firezone's 422 reason (firezone/firezone, actor_controller_test.exs), Givebutter's
        # client (givebutter-php), Trilium's ETAPI (zadam/trilium#2929), a stated status
        ("Seat Limit Reached", ErrorKind.PAYMENT_REQUIRED, False),
        ("API key is required to call Givebutter's API.", ErrorKind.UNAUTHENTICATED, False),
        ("Router not found", ErrorKind.NOT_FOUND, False),
        ("upload failed with HTTP status 429", ErrorKind.RATE_LIMITED, True),
    ],
)
def test_a_text_given_as_an_error_is_read_by_its_words(
    text: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """`parse` is given a failed call's payload: a text whose known words, or a status
    it states, say an error is read so, though `error_of` reads it as a tool's output."""
    error = parse(text)
    assert (error.kind, error.retryable, error.vendor, error.message) == (
        kind,
        retryable,
        None,
        text,
    )
    assert parse(text.encode()) == error
    assert error_of(text) is None or error_of(text) == error


@pytest.mark.parametrize("text", ["hello world", "no results found", "42 rows"])
def test_a_text_with_no_word_of_an_error_still_raises(text: str) -> None:
    """Nothing in it says an error: `parse` says the text is no JSON, and strict reading
    never reads words."""
    with pytest.raises(ShapeError, match="not valid JSON"):
        parse(text)
    with pytest.raises(ShapeError, match="not valid JSON"):
        parse("Seat Limit Reached", strict=True)
    with pytest.raises(ShapeError, match="not valid JSON"):
        parse("a long report " * 200 + "Seat Limit Reached")  # a document, not a message
    with pytest.raises(ShapeError, match="not valid JSON"):
        parse('{"error": "rate limited"')  # broken JSON is no text of an error


def test_a_bedrock_tool_result_with_status_error_is_read_by_its_blocks() -> None:
    """Amazon Bedrock's Converse ``toolResult`` (Strands Agents' tools return it): a
    ``status: "error"`` is an error, read from its text blocks as a text known to be one,
    or from a JSON block that holds one; ``status: "success"`` is a result."""
    closed = {"toolUseId": "123", "status": "error",
              "content": [{"text": "Tool execution failed: Connection to the MCP server was closed"}]}  # fmt: skip
    error = error_of(closed)
    assert error is not None
    assert (error.kind, error.retryable, error.vendor) == (ErrorKind.UNKNOWN_OUTCOME, None, None)
    assert parse(closed) == error
    wrapped = error_of({"toolResult": closed})
    assert wrapped is not None and wrapped.kind is ErrorKind.UNKNOWN_OUTCOME
    json_block = {"toolUseId": "1", "status": "error",
                  "content": [{"json": {"error": {"code": 429, "message": "Too many requests"}}}]}  # fmt: skip
    said = error_of(json_block)
    assert said is not None and (said.kind, said.retryable) == (ErrorKind.RATE_LIMITED, True)
    fine = {"toolUseId": "1", "status": "success", "content": [{"text": "error count: 0"}]}
    assert error_of(fine) is None
    with pytest.raises(ShapeError, match="a tool result whose status is 'success' is not an error"):
        parse(fine)


@pytest.mark.parametrize(
    ("body", "kind", "retryable"),
    [
        # Worldline's (resultCode/resultMessage), Dwolla's "Account over limit.", Alpha
        # Vantage's Note, FusionAuth's generalErrors: no shape claims them, their words do
        ({"resultCode": 110, "resultMessage": "Invalid parameter merchantId A3507FwVD9"},
         ErrorKind.INVALID_INPUT, False),
        ({"message": "Account over limit."}, ErrorKind.PAYMENT_REQUIRED, False),
        ({"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5"
                  " calls per minute and 500 calls per day."}, ErrorKind.RATE_LIMITED, True),
        ({"generalErrors": [{"code": "[Exception]", "message": "FusionAuth encountered an"
                             " unexpected error. Please contact support for assistance."}]},
         ErrorKind.INTERNAL, None),
    ],
)  # fmt: skip
def test_a_dict_given_as_an_error_is_read_by_its_words_where_no_shape_claims_it(
    body: dict[str, object], kind: ErrorKind, retryable: bool | None
) -> None:
    """`parse` is given a failed call: a dict of no known shape whose texts' known words
    say an error is read so, naming no system; `error_of` still reads it as a result,
    and strict reading refuses it."""
    error = parse(body)
    assert (error.kind, error.retryable, error.vendor, error.extra) == (kind, retryable, None, body)
    assert parse(json.dumps(body)) == error
    assert error_of(body) is None
    with pytest.raises(ShapeError, match="expected an error of a known shape"):
        parse(body, strict=True)


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"ok": True, "message": "File not found in cache, fetched fresh"}, "success envelope"),
        ({"deleted": False, "message": "Nothing to forget: not found."}, r"forget\(\) result"),
        ({"success": True, "message": "No rate limit reached"}, "known shape"),
    ],
)
def test_a_dict_that_is_no_error_is_not_read_by_its_words(
    body: dict[str, object], problem: str
) -> None:
    """A claim that calls a dict no error (a Pythe success envelope, Configure's
    ``forget()`` result), or a dict that says it succeeded, is refused whatever its words."""
    with pytest.raises(ShapeError, match=problem):
        parse(body)
