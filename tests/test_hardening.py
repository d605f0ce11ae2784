"""Regressions from an adversarial pass: one test per finding, named after it."""

from __future__ import annotations

import asyncio
import json
import math
import os
import shutil
import subprocess
import sys
import urllib.error
from pathlib import Path
from typing import Any

import pytest

import toolerrors
from toolerrors import (
    Action,
    ErrorKind,
    ShapeError,
    ToolFailure,
    UnifiedError,
    configure,
    convert,
    error_of,
    from_exception,
    from_http,
    parse,
    pythe,
    retry,
    retry_delay,
    should_retry,
)
from toolerrors._cli import explain, main
from toolerrors.configure import ConfigureError
from toolerrors.testing import FakeClock, every_payload, pythe_error, refused

ROOT = Path(__file__).resolve().parent.parent
RETRY_ACTIONS = {Action.RETRY, Action.WAIT_AND_RETRY}


# 1 -------------------------------------------------------------------------------------


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
def test_01_error_of_never_raises_on_a_successful_result(result: object) -> None:
    """A successful result is never an error because it is large or of an odd type, and
    retry.call hands it back after one call."""
    assert error_of(result) is None
    calls: list[int] = []

    def tool() -> object:
        calls.append(1)
        return result

    assert retry.call(tool) is result
    assert calls == [1]


def test_01_httpx_response_is_not_an_error() -> None:
    """A real httpx.Response as a tool's result is not an error."""
    httpx = pytest.importorskip("httpx")
    assert error_of(httpx.Response(200, content=b'{"ok": true}')) is None


# 2 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        {"id": 1, "title": "Notes"},
        {"title": "Crash on save", "status": "open"},
        {"title": "Q3 plan", "detail": "draft"},
        {"type": "doc", "title": "Notes", "detail": "text"},
        {"detail": "Not found"},
    ],
)
def test_02_records_with_title_or_detail_are_not_problem_documents(record: dict[str, Any]) -> None:
    """Documents, issues and structured records are results, and are not re-run."""
    assert error_of(record) is None
    assert error_of({"content": [], "structuredContent": record}) is None
    calls: list[str] = []

    def create_doc(*, idempotency_key: str) -> dict[str, Any]:
        calls.append(idempotency_key)
        return record

    assert retry.Retry(idempotency_key=True).call(create_doc) == record
    assert len(calls) == 1


def test_02_problem_documents_are_recognised_by_their_members_or_media_type() -> None:
    """An error status, a type URI with title and detail, or the media type marks one."""
    assert parse({"title": "Forbidden", "status": 403}).kind is ErrorKind.PERMISSION_DENIED
    rfc = {
        "type": "https://example.com/probs/out-of-credit",
        "title": "You do not have enough credit.",
        "detail": "Your current balance is 30, but that costs 50.",
    }
    assert error_of(rfc) is not None
    error = from_http(403, {"Content-Type": "application/problem+json"}, b'{"title": "No"}')
    assert (error.kind, error.vendor, error.message) == (
        ErrorKind.PERMISSION_DENIED,
        "problem",
        "No",
    )


# 3 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "exc",
    [KeyboardInterrupt(), SystemExit(1), GeneratorExit(), asyncio.CancelledError()],
    ids=lambda exc: type(exc).__name__,
)
def test_03_interruptions_are_never_retried(exc: BaseException) -> None:
    """A BaseException that is not an Exception reads as an unknown outcome that is never
    retried, by should_retry or by the hooks, even for idempotent calls."""
    error = from_exception(exc)
    assert (error.kind, error.retryable) == (ErrorKind.UNKNOWN_OUTCOME, False)
    assert not should_retry(error, idempotent=True)
    assert retry.stamina_hook(idempotent=True)(exc) is False  # type: ignore[arg-type]


def test_03_tenacity_reraises_a_cancellation_at_once() -> None:
    """tenacity with the toolerrors predicate runs a cancelled call once and re-raises."""
    tenacity = pytest.importorskip("tenacity")
    calls: list[int] = []

    @tenacity.retry(
        retry=retry.tenacity_retry(idempotent=True),
        wait=tenacity.wait_none(),
        stop=tenacity.stop_after_attempt(5),
        reraise=True,
    )
    def cancelled() -> None:
        calls.append(1)
        raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        cancelled()
    assert calls == [1]


def test_03_stamina_does_not_retry_a_keyboard_interrupt() -> None:
    """stamina with the toolerrors hook lets a KeyboardInterrupt through at once."""
    stamina = pytest.importorskip("stamina")
    calls: list[int] = []

    @stamina.retry(on=retry.stamina_hook(idempotent=True), attempts=5, wait_initial=0)
    def interrupted() -> None:
        calls.append(1)
        raise KeyboardInterrupt

    with stamina.set_testing(True, attempts=5), pytest.raises(KeyboardInterrupt):
        interrupted()
    assert calls == [1]


# 4 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "kind", "retryable"),
    [
        (401, ErrorKind.UNAUTHENTICATED, False),
        (403, ErrorKind.PERMISSION_DENIED, False),
        (404, ErrorKind.NOT_FOUND, False),
        (429, ErrorKind.RATE_LIMITED, True),
        (503, ErrorKind.UNAVAILABLE, True),
    ],
)
def test_04_status_decides_when_a_fastapi_body_says_less(
    status: int, kind: ErrorKind, retryable: bool
) -> None:
    """``{"detail": "..."}`` keeps its text as the message; the status gives the kind."""
    error = from_http(status, None, b'{"detail": "Nope."}')
    assert (error.kind, error.retryable, error.status_code, error.message) == (
        kind,
        retryable,
        status,
        "Nope.",
    )


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 429, 500, 502, 503, 504])
@pytest.mark.parametrize(
    "body",
    [None, b'{"detail": "x"}', b"<html>bad gateway</html>", b'{"title": "t", "status": 418}'],
)
def test_04_never_more_retryable_after_a_round_trip(status: int, body: bytes | None) -> None:
    """An error read by from_http, through problem details and back, is never more retryable."""
    error = from_http(status, None, body)
    back = parse(convert(error, to="problem"))
    for idempotent in (False, True):
        assert should_retry(back, idempotent=idempotent) <= should_retry(
            error, idempotent=idempotent
        )


# 5 -------------------------------------------------------------------------------------


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no")


def _self_reason() -> urllib.error.URLError:
    exc = urllib.error.URLError("x")
    exc.reason = exc  # type: ignore[assignment]
    return exc


def _urllib_http_error(status: int) -> urllib.error.HTTPError:
    return urllib.error.HTTPError("http://x", status, "msg", None, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (_Unprintable(), ErrorKind.UNKNOWN),
        (_self_reason(), ErrorKind.UNAVAILABLE),
        (_urllib_http_error(304), ErrorKind.UNKNOWN),
        (_urllib_http_error(308), ErrorKind.UNKNOWN),
        (_urllib_http_error(0), ErrorKind.UNKNOWN),
        (ConfigureError("m", code="NOT_FOUND", statusCode=404.0), ErrorKind.NOT_FOUND),  # type: ignore[arg-type]
        (ConfigureError("m", code="RATE_LIMITED", retryAfter=10**400), ErrorKind.RATE_LIMITED),
    ],
    ids=[
        "raising-str",
        "self-reason",
        "urllib-304",
        "urllib-308",
        "urllib-0",
        "float-status",
        "huge-wait",
    ],
)
def test_05_from_exception_is_total(exc: BaseException, kind: ErrorKind) -> None:
    """from_exception returns an error for every exception, and call does not leak one."""
    assert from_exception(exc).kind is kind

    def tool() -> None:
        raise exc

    with pytest.raises(ToolFailure):
        retry.call(tool)


def test_05_unread_http_bodies_fall_back_on_the_status() -> None:
    """httpx's streamed response and a consumed requests body still give an error."""
    httpx = pytest.importorskip("httpx")

    def stream() -> Any:
        yield b"{}"

    response = httpx.Response(503, content=stream(), request=httpx.Request("GET", "http://x"))
    exc = httpx.HTTPStatusError("boom", request=response.request, response=response)
    assert from_exception(exc).kind is ErrorKind.UNAVAILABLE

    class _Consumed:
        status_code = 404
        headers = None

        @property
        def content(self) -> bytes:
            raise RuntimeError("The content for this response was already consumed")

    consumed = type("HTTPError", (OSError,), {"__module__": "requests.exceptions"})("gone")
    consumed.response = _Consumed()  # type: ignore[attr-defined]
    assert from_exception(consumed).kind is ErrorKind.NOT_FOUND


# 6 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "payload",
    [
        {"code": "RATE_LIMITED", "message": "m", "retryAfter": 10**400},
        {"code": "RATE_LIMITED", "message": "m", "retryAfter": -1},
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
        "problem-negative",
        "problem-nan",
        "problem-very-negative",
        "problem-huge",
    ],
)
def test_06_a_wait_is_finite_and_not_negative_or_refused(payload: dict[str, Any]) -> None:
    """No source gives retry code a wait it could not sleep: strictly the wait is refused,
    naming it; leniently the payload is still the error it marks, with no wait."""
    with pytest.raises(ShapeError, match=r"retry_?[aA]fter"):
        parse(payload, strict=True)
    lenient = parse(payload)
    assert (lenient.kind, lenient.retry_after) == (ErrorKind.RATE_LIMITED, None)
    with pytest.raises(ShapeError):
        configure.parse(payload) if "code" in payload else parse(payload, strict=True)


def test_06_accepted_waits_work_in_retry_delay() -> None:
    """The largest accepted wait still gives a float from retry_delay."""
    error = parse({"code": "RATE_LIMITED", "message": "m", "retryAfter": 10**300})
    assert retry_delay(error, 0) == 1e300


# 7 -------------------------------------------------------------------------------------


def test_07_retry_after_edge_cases() -> None:
    """A date past year 9999 gives None; an invalid retry-after-ms leaves Retry-After."""
    assert toolerrors._http.retry_after({"Retry-After": "Fri, 01 Jan 10000 00:00:00 GMT"}) is None
    assert toolerrors._http.retry_after({"retry-after-ms": "soon", "Retry-After": "7"}) == 7.0
    assert toolerrors._http.retry_after({"retry-after-ms": "-5", "Retry-After": "7"}) == 7.0
    assert toolerrors._http.retry_after({"retry-after-ms": "1500", "Retry-After": "7"}) == 1.5


# 8 -------------------------------------------------------------------------------------


def test_08_explain_escapes_every_field_from_the_input() -> None:
    """Codes, owners, reasons and messages can neither drive a terminal nor forge a line."""
    hostile = "x\x1b]0;pwned\x07\x1b[2J\nkind:    fake\x9b\u202e"
    error = UnifiedError(
        ErrorKind.REFUSED, hostile, vendor=hostile, code=hostile, owner=hostile, reason=hostile
    )
    text = explain(error)
    assert not any(ch in text for ch in "\x1b\x07\x9b\u202e")
    assert text.count("\n") == 6  # kind, action, retry, source, owner, reason, message
    assert [line.split(":")[0] for line in text.splitlines()] == [
        "kind", "action", "retry", "source", "owner", "reason", "message",
    ]  # fmt: skip


def test_08_file_names_are_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder's file names reach the terminal escaped."""
    (tmp_path / "a\x1b[31m.json").write_text('{"error": "vendor", "message": "m"}')
    assert main(["explain", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "a\\u001b[31m.json" in out


# 9 -------------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_09_cli_reads_regular_files_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FIFO and a link to /dev/zero are refused at once; the other files still go through."""
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "ok.json").write_text('{"error": "vendor", "message": "m"}')
    assert main(["explain", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"toolerrors: {tmp_path / 'fifo.json'}: not a regular file",
        f"toolerrors: {tmp_path / 'zero.json'}: not a regular file",
    ]
    assert "kind:    upstream_error" in captured.out


def test_09_cli_reads_with_a_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file over the limit is refused after reading no more than the limit."""
    big = tmp_path / "big.json"
    big.write_bytes(b'{"error": "vendor", "message": "' + b"x" * (3 << 20) + b'"}')
    sizes: list[int] = []
    real_read = toolerrors._cli._read_at_most

    def spying_read(fd: int, limit: int) -> bytes:
        sizes.append(limit)
        data = real_read(fd, limit)
        assert len(data) <= limit
        return data

    monkeypatch.setattr(toolerrors._cli, "_read_at_most", spying_read)
    assert main(["explain", str(big)]) == 2
    assert sizes == [toolerrors.MAX_BYTES + 1]
    assert "over the 1048576-byte limit" in capsys.readouterr().err


# 10 ------------------------------------------------------------------------------------


def _cli(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolerrors", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
        encoding="utf-8",
    )


def test_10_cli_never_shows_a_traceback() -> None:
    """A huge retryAfter is one line and exit 2 strictly (leniently, an error with no wait);
    an ASCII terminal gets escapes, not a crash."""
    huge_text = '{"code": "RATE_LIMITED", "message": "m", "retryAfter": 1' + "0" * 400 + "}"
    huge = _cli("explain", "--strict", "-", stdin=huge_text)
    assert (huge.returncode, huge.stderr.count("\n")) == (2, 1)
    assert "Traceback" not in huge.stderr
    lenient = _cli("explain", "-", stdin=huge_text)
    assert (lenient.returncode, lenient.stderr) == (0, "")
    assert "kind:    rate_limited" in lenient.stdout
    curly = ROOT / "examples" / "use_tool" / "not_done_yet_5_undecided.json"
    ascii_run = _cli("explain", str(curly), env={"PYTHONIOENCODING": "ascii"})
    assert (ascii_run.returncode, ascii_run.stderr) == (0, "")
    assert "couldn\\u2019t decide" in ascii_run.stdout
    converted = _cli("convert", "--to", "pythe", str(curly), env={"PYTHONIOENCODING": "ascii"})
    assert converted.returncode == 0
    assert json.loads(converted.stdout)["code"] == "forbidden"


# 11 ------------------------------------------------------------------------------------


# 11: see tests/test_use_tool.py (an approval or refusal no check gave).


# 12 ------------------------------------------------------------------------------------


def test_12_at_home_the_kind_wins_over_a_code_that_says_otherwise() -> None:
    """A problem document whose kind and code disagree is written by its kind."""
    problem = {
        "type": "urn:toolerrors:kind:refused", "title": "Refused", "detail": "m",
        "kind": "refused", "vendor": "use_tool", "code": "rate_limited", "retryable": False,
    }  # fmt: skip
    assert not should_retry(parse(problem), idempotent=True)
    wire = convert(problem, to="use_tool")
    assert wire == {"error": "forbidden", "message": "m"}  # no owner or reason: no check's
    assert not should_retry(parse(wire), idempotent=True)


def test_12_a_kept_field_never_turns_an_error_into_a_success() -> None:
    """``ok: true`` carried in a problem document's payload is not written to Configure."""
    problem = {
        "type": "urn:toolerrors:kind:internal", "title": "Internal", "detail": "m",
        "kind": "internal", "vendor": "configure", "code": "SERVER_ERROR",
        "payload": {"code": "SERVER_ERROR", "message": "m", "ok": True},
    }  # fmt: skip
    wire = convert(problem, to="configure")
    assert wire == {"code": "SERVER_ERROR", "message": "m"}
    assert error_of(wire) is not None


# 13 ------------------------------------------------------------------------------------


def _all_errors() -> list[UnifiedError]:
    errors = [parse(case) for _, case in every_payload()]
    errors += [from_http(status) for status in range(400, 600)]
    errors += [parse({"content": [{"type": "text", "text": "boom"}], "isError": True})]
    errors += [parse({"code": "RATE_LIMITED", "message": "m"})]
    errors += [
        UnifiedError(kind, "m", retryable=r) for kind in ErrorKind for r in (True, False, None)
    ]
    return errors


def test_13_action_never_invites_a_retry_that_should_retry_refuses() -> None:
    """Whenever action says retry or wait_and_retry, should_retry agrees (not idempotent)."""
    for error in _all_errors():
        if error.action in RETRY_ACTIONS:
            assert should_retry(error), error
    assert from_http(500).action is Action.CHECK_FIRST
    assert parse({"code": "RATE_LIMITED", "message": "m"}).action is Action.CHECK_FIRST


# 14 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("ok", [None, 0, "false", "true", 1])
def test_14_a_stray_non_boolean_ok_is_not_a_success(ok: object) -> None:
    """An error dict with a stray ``ok`` that is not a boolean is still that error."""
    error = error_of({"error": "forbidden", "message": "No.", "ok": ok})
    assert error is not None and error.kind is ErrorKind.PERMISSION_DENIED
    assert convert(error, to="use_tool") == {"error": "forbidden", "message": "No.", "ok": ok}


# 15 ------------------------------------------------------------------------------------


def test_15_vendor_modules_use_the_one_bounded_loader() -> None:
    """Deep nesting is a ShapeError, and NaN is not JSON, in pythe and configure too."""
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ShapeError, match="not valid JSON"):
        pythe.parse(deep)
    with pytest.raises(ShapeError, match="no structuredContent and no JSON text content"):
        pythe.unwrap({"content": [{"type": "text", "text": '{"ok": NaN}'}]})
    with pytest.raises(ConfigureError, match="arguments is not valid JSON") as caught:
        configure.normalize_tool_call({"name": "x", "arguments": '{"a": NaN}'})
    assert caught.value.code == "INVALID_INPUT"


# 16 ------------------------------------------------------------------------------------


def test_16_the_size_limit_counts_utf8_bytes() -> None:
    """600,000 two-byte characters are 1.2 MB, over a 1 MiB limit; MCP text obeys max_bytes."""
    text = json.dumps({"error": "vendor", "message": "é" * 600_000}, ensure_ascii=False)
    assert len(text) < toolerrors.MAX_BYTES < len(text.encode())
    with pytest.raises(ShapeError, match="over the 1048576-byte limit"):
        parse(text)
    inner = json.dumps({"error": "rate_limited", "message": "x" * 500_000})
    result = {"content": [{"type": "text", "text": inner}], "isError": True}
    assert (parse(result).vendor, parse(result).code) == ("use_tool", "rate_limited")
    unread = parse(result, max_bytes=1000)  # the text is not parsed: only its words count
    assert (unread.vendor, unread.code, unread.message) == ("mcp", None, inner)


# 17 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"base_delay": -1}, {"base_delay": math.nan}, {"base_delay": math.inf},
        {"max_backoff": -1}, {"max_backoff": math.nan}, {"max_time": math.nan},
        {"max_time": -1}, {"attempts": 0}, {"attempts": 2.5}, {"rate_limit_retries": -1},
    ],
    ids=str,
)  # fmt: skip
def test_17_retry_policy_refuses_bad_numbers(options: dict[str, Any]) -> None:
    """RetryPolicy says which field is wrong at construction, never later in sleep."""
    name = next(iter(options))
    with pytest.raises(ValueError, match=rf"RetryPolicy\.{name} must be"):
        retry.RetryPolicy(**options)
    assert retry.RetryPolicy(max_time=math.inf).max_time == math.inf


# 18 ------------------------------------------------------------------------------------


def test_18_testing_helpers_refuse_instead_of_weakening(pytester: pytest.Pytester) -> None:
    """every_payload refuses an unknown vendor, an empty message stays empty, and
    every_code runs the codes of every vendor it names."""
    with pytest.raises(ValueError, match="unknown vendor 'pythee'"):
        every_payload("pythee")  # type: ignore[arg-type]
    assert pythe_error("internal", "")["message"] == ""
    pytester.makepyfile(
        test_two="""
import pytest

@pytest.mark.every_code("pythe", "configure")
def test_both(error_payload, tool_errors):
    tool_errors.assert_error(error_payload)
"""
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    expected = len(list(every_payload("pythe"))) + len(list(every_payload("configure")))
    result.assert_outcomes(passed=expected)


# 19 ------------------------------------------------------------------------------------


def test_19_hooks_give_up_on_a_server_wait_past_the_callers_bound() -> None:
    """A Retry-After past max_wait gives up: never sleep it, never retry early."""
    slow = ToolFailure(
        parse({"code": "RATE_LIMITED", "message": "m", "retryable": True, "retryAfter": 3})
    )
    assert retry.stamina_hook(max_wait=0.5)(slow) is False
    assert retry.stamina_hook(max_wait=5)(slow) == 3.0
    year_9999 = from_http(429, {"Retry-After": "Fri, 31 Dec 9999 23:59:59 GMT"})
    assert year_9999.retry_after is not None and year_9999.retry_after > 1e10

    class _Outcome:
        def exception(self) -> BaseException:
            return year_9999.exception()

    class _State:
        outcome = _Outcome()
        attempt_number = 1

    assert retry.tenacity_retry()(_State()) is False
    clock = FakeClock()

    def limited() -> None:
        raise year_9999.exception()

    with pytest.raises(ToolFailure):
        retry.Retry(clock=clock).call(limited)
    assert clock.sleeps == []


# Also ----------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["not_done_yet", "refused"])
def test_also_a_tool_error_coded_like_a_held_outcome_stays_a_tool_error(key: str) -> None:
    """``{"error": "refused", ...}`` is an unknown tool error, and converts back unchanged."""
    payload = {"error": key, "message": "m"}
    assert parse(payload).kind is ErrorKind.UNKNOWN
    assert convert(payload, to="use_tool") == payload


def test_also_lone_surrogates_are_escaped_or_replaced() -> None:
    """to_json and the MCP adapter survive text that UTF-8 cannot hold."""
    error = parse(json.loads('{"error": "vendor", "message": "\\ud800 x"}'))
    assert json.loads(error.to_json())["message"] == "\ud800 x"
    pytest.importorskip("mcp")
    from toolerrors.mcp import to_call_tool_result

    result = to_call_tool_result(error)
    assert result.structured_content == {"error": "vendor", "message": "\ufffd x"}
    assert json.loads(result.model_dump_json(by_alias=True))["isError"] is True


def test_also_two_copies_in_one_process_understand_each_other(tmp_path: Path) -> None:
    """A vendored copy reads the installed copy's UnifiedError and ToolFailure."""
    shutil.copytree(Path(toolerrors.__file__).parent, tmp_path / "vendored_errors")
    sys.path.insert(0, str(tmp_path))
    try:
        import vendored_errors  # type: ignore[import-not-found]

        error = refused_error()
        theirs = vendored_errors.parse(error)
        assert (theirs.kind.value, theirs.owner, theirs.message) == (
            "refused",
            "Ana",
            error.message,
        )
        failure = vendored_errors.from_exception(error.exception())
        assert failure.kind.value == "refused"
        assert parse(theirs) == error
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.split(".")[0] == "vendored_errors"]:
            del sys.modules[name]


def refused_error() -> UnifiedError:
    return parse(refused("Ana"))


def test_also_missing_extras_name_the_import_path() -> None:
    """The message about a missing extra names the module as it was imported."""
    for module, extra in (("mcp", "MCP SDK"), ("strategies", "hypothesis")):
        source = (ROOT / "src" / "toolerrors" / f"{module}.py").read_text("utf-8")
        assert 'f"{__name__} needs' in source or "f'{__name__} needs" in source, module
        assert extra in source


def test_also_user_facing_text_speaks_of_vendors_not_of_specifications() -> None:
    """No file of the project, its tests included, speaks of how it is built: the
    vendors and their documentation are named, never the documents it is built from."""
    word = "se" + "ed"  # not spelled out, so that this file passes its own test
    texts = [
        *(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "docs").glob("*.md"), *(ROOT / "benchmarks").glob("*.py"),
        *(ROOT / "scripts").glob("*.py"), *(ROOT / "examples").rglob("*.json"),
        ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "pyproject.toml", ROOT / "noxfile.py",
    ]  # fmt: skip
    for path in texts:
        text = path.read_text("utf-8").lower().replace("hypothesis-" + word, "")
        assert word not in text, path
