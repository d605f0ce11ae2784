"""Python exceptions as unified errors, and ToolFailure."""

from __future__ import annotations

import asyncio
import copy
import json
import pickle
import socket
import sys
import urllib.error

import pytest

from toolerrors import (
    MAX_DEPTH,
    ErrorKind,
    ToolFailure,
    error_of,
    from_exception,
    model_text,
    parse,
)

if sys.version_info < (3, 11):  # anyio and the MCP SDK raise the backport's groups there
    from exceptiongroup import BaseExceptionGroup, ExceptionGroup
import sys
from typing import TYPE_CHECKING, Any

from toolerrors import retry, should_retry
from toolerrors.configure import ConfigureError
from toolerrors.testing import refused

if TYPE_CHECKING:
    from collections.abc import Callable


@pytest.mark.parametrize(
    ("exc", "kind", "retryable"),
    [
        (TimeoutError("slow"), "unknown_outcome", None),
        (asyncio.TimeoutError(), "unknown_outcome", None),
        (TimeoutError("t"), "unknown_outcome", None),
        (ConnectionRefusedError("refused"), "unavailable", True),
        (socket.gaierror("no such host"), "unavailable", True),
        (ConnectionResetError("reset"), "unknown_outcome", None),
        (BrokenPipeError("pipe"), "unknown_outcome", None),
        (urllib.error.URLError(ConnectionRefusedError("refused")), "unavailable", True),
        (urllib.error.URLError(TimeoutError("t")), "unknown_outcome", None),
        (RuntimeError("bad"), "unknown", None),
    ],
    ids=[
        "timeout",
        "asyncio-timeout",
        "socket-timeout",
        "refused",
        "dns",
        "reset",
        "pipe",
        "urlerror-refused",
        "urlerror-timeout",
        "other",
    ],
)
def test_exception_kinds(exc: BaseException, kind: str, retryable: bool | None) -> None:
    """Timeouts may have run; failures before sending did not; others are unknown."""
    error = from_exception(exc)
    assert (error.kind.value, error.retryable) == (kind, retryable)
    assert error.vendor == "python"


def _raised_in(handler_of: BaseException, exc: BaseException) -> BaseException:
    """``exc`` raised while ``handler_of`` was being handled, as Python chains it."""
    try:
        try:
            raise handler_of
        except BaseException:
            raise exc  # noqa: B904 - the implicit chain is what is tested
    except BaseException as raised:
        return raised


@pytest.mark.parametrize(
    ("exc", "kind", "retryable"),
    [
        (FileNotFoundError(2, "No such file", "/srv/x"), ErrorKind.NOT_FOUND, False),
        (PermissionError(13, "Permission denied"), ErrorKind.PERMISSION_DENIED, False),
        (IsADirectoryError(21, "Is a directory"), ErrorKind.INVALID_INPUT, False),
        (NotADirectoryError(20, "Not a directory"), ErrorKind.INVALID_INPUT, False),
        (FileExistsError(17, "File exists"), ErrorKind.CONFLICT, False),
        (ValueError("start is after end"), ErrorKind.INVALID_INPUT, False),
        (TypeError("expected str"), ErrorKind.INTERNAL, False),
        (KeyError("name"), ErrorKind.INTERNAL, False),
        (ConnectionRefusedError(111, "refused"), ErrorKind.UNAVAILABLE, True),
        (TimeoutError("timed out"), ErrorKind.UNKNOWN_OUTCOME, None),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, BaseException) else None,
)
def test_python_s_own_exceptions_read_as_a_user_expects(
    exc: BaseException, kind: ErrorKind, retryable: bool | None
) -> None:
    """A file not there, not allowed or of the wrong type, and a bad value, are never
    retried; only a refused connection is, for nothing was sent."""
    error = from_exception(exc)
    assert (error.kind, error.retryable, error.vendor) == (kind, retryable, "python")


def test_a_subprocess_time_limit_may_have_happened() -> None:
    """A command killed at its time limit may already have done part of its work."""
    import subprocess

    with pytest.raises(subprocess.TimeoutExpired) as caught:
        subprocess.run(
            [sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.2, check=False
        )
    error = from_exception(caught.value)
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.UNKNOWN_OUTCOME, None, "subprocess.TimeoutExpired",
    )  # fmt: skip


def test_a_file_path_never_reaches_the_model() -> None:
    """A file error's text names a path on the tool's machine: the model is not shown it."""
    error = from_exception(FileNotFoundError(2, "No such file", "/srv/secret/config.toml"))
    assert "/srv/secret" not in model_text(error)


def test_an_untrusted_certificate_sent_nothing_and_is_not_retried() -> None:
    """A certificate that fails verification, beneath the wrapper that says only it
    could not connect: nothing was sent, and another attempt meets the same certificate."""
    import ssl

    exc = _raised_in(ssl.SSLCertVerificationError(1, "certificate verify failed"), OSError("x"))
    wrapper = type("ConnectError", (Exception,), {"__module__": "httpx"})("failed")
    wrapper.__cause__ = exc.__context__
    error = from_exception(wrapper)
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.UNAVAILABLE, False, "ssl.SSLCertVerificationError",
    )  # fmt: skip


def test_a_timeout_raised_by_a_handler_is_not_read_by_what_it_handled() -> None:
    """A tool that gives up with its own ``TimeoutError`` while handling a refused
    connection may have sent an earlier attempt: the socket's error is not refined by
    what was raised before it, unlike a client library's wrapper."""
    error = from_exception(_raised_in(ConnectionRefusedError(111, "refused"), TimeoutError()))
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.UNKNOWN_OUTCOME, None, "builtins.TimeoutError",
    )  # fmt: skip


def test_a_wrapper_is_never_more_retryable_than_the_causes_that_say() -> None:
    """Where two causes say different things, the more cautious decides: a connection
    error above a protocol error above a refusal is an unknown outcome."""
    import requests
    import urllib3

    lost = urllib3.exceptions.ProtocolError("Connection aborted.")
    lost.__cause__ = ConnectionRefusedError(111, "refused")
    wrapper = requests.exceptions.ConnectionError(lost)
    wrapper.__context__ = lost
    error = from_exception(wrapper)
    assert (error.kind, error.retryable, error.code) == (
        ErrorKind.UNKNOWN_OUTCOME, None, "urllib3.exceptions.ProtocolError",
    )  # fmt: skip


@pytest.mark.parametrize("module", ["httpx", "httpx2"])
def test_httpx_and_httpx2_transport_errors(module: str) -> None:
    """httpx2, the client of newer OpenAI and Anthropic SDKs, names its errors as httpx:
    a connect timeout sent nothing, a read timeout may have run."""
    httpx = pytest.importorskip(module)
    for exc, kind, retryable in (
        (httpx.ConnectTimeout("connect"), "unavailable", True),
        (httpx.ConnectError("refused"), "unavailable", True),
        (httpx.PoolTimeout("pool"), "unavailable", True),
        (httpx.ReadTimeout("read"), "unknown_outcome", None),
        (httpx.RemoteProtocolError("closed"), "unknown_outcome", None),
    ):
        error = from_exception(exc)
        assert (error.kind.value, error.retryable, error.code) == (
            kind, retryable, f"{module}.{type(exc).__name__}",
        )  # fmt: skip


def test_httpcore_transport_errors() -> None:
    """httpcore, httpx's transport, names its errors as httpx does; a server's HTTP/2
    GOAWAY in the middle of a request may have let it run (Speechmatics' job submission:
    ``httpcore.RemoteProtocolError: <ConnectionTerminated ...>``)."""
    httpcore = pytest.importorskip("httpcore")
    for exc, kind, retryable in (
        (httpcore.ConnectError("refused"), "unavailable", True),
        (httpcore.ConnectTimeout("connect"), "unavailable", True),
        (httpcore.ReadTimeout("read"), "unknown_outcome", None),
        (httpcore.RemoteProtocolError("<ConnectionTerminated error_code:0>"), "unknown_outcome",
         None),
    ):  # fmt: skip
        error = from_exception(exc)
        assert (error.kind.value, error.retryable, error.code) == (
            kind, retryable, f"httpcore.{type(exc).__name__}",
        )  # fmt: skip
    text = (
        "httpcore.RemoteProtocolError: <ConnectionTerminated error_code:0, last_stream_id:1,"
        " additional_data:None>"
    )
    error = error_of(text)
    assert error is not None and (error.kind.value, error.retryable) == ("unknown_outcome", None)


@pytest.mark.parametrize(
    ("reply", "reads"),
    [
        ("WRONGTYPE Operation against a key holding the wrong kind of value",
         ("invalid_input", False, "redis.exceptions.ResponseError")),
        ("BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.",
         ("unavailable", True, "redis.exceptions.ResponseError")),
        ("NOAUTH Authentication required.",
         ("unauthenticated", False, "redis.exceptions.AuthenticationError")),
        ("WRONGPASS invalid username-password pair or user is disabled.",
         ("unauthenticated", False, "redis.exceptions.AuthenticationError")),
        ("NOPERM User limited has no permissions to run the 'set' command",
         ("permission_denied", False, "redis.exceptions.NoPermissionError")),
        ("READONLY You can't write against a read only replica.",
         ("unavailable", True, "redis.exceptions.ReadOnlyError")),
        ("OOM command not allowed when used memory > 'maxmemory'.",
         ("unavailable", None, "redis.exceptions.OutOfMemoryError")),
        ("NOSCRIPT No matching script. Please use EVAL.",
         ("not_found", False, "redis.exceptions.NoScriptError")),
        ("ERR unknown command 'FROB', with args beginning with: ",
         ("unknown", None, "redis.exceptions.ResponseError")),
    ],
    ids=["wrongtype", "busy", "noauth", "wrongpass", "noperm", "readonly", "oom", "noscript",
         "err"],
)  # fmt: skip
def test_redis_error_replies_read_by_their_prefix(
    reply: str, reads: tuple[str, bool | None, str]
) -> None:
    """Redis 7.0's error replies, as redis-py's parser raises them: by the class it gives
    the prefix, else, on a bare ``ResponseError``, by the prefix its text keeps."""
    parsers = pytest.importorskip("redis._parsers.base")
    exc = parsers.BaseParser.parse_error(reply)
    error = from_exception(exc)
    assert (error.kind.value, error.retryable, error.code) == reads


def test_redis_connection_errors_read_by_how_far_the_command_got() -> None:
    """redis-py's ``ConnectionError`` says no more than its cause: refused, nothing was
    sent; with none (``Connection closed by server.``), it may have run.  A timeout
    reading the reply may have run too, and a ``WatchError`` ran nothing."""
    exceptions = pytest.importorskip("redis.exceptions")
    refused = exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:1. Connection refused.")
    refused.__context__ = ConnectionRefusedError(111, "Connection refused")
    for exc, reads in (
        (refused, ("unavailable", True)),
        (exceptions.ConnectionError("Connection closed by server."), ("unknown_outcome", None)),
        (exceptions.TimeoutError("Timeout reading from 127.0.0.1:6379"), ("unknown_outcome", None)),
        (exceptions.MaxConnectionsError("Too many connections"), ("unavailable", True)),
        (exceptions.WatchError("Watched variable changed."), ("conflict", True)),
    ):
        error = from_exception(exc)
        assert (error.kind.value, error.retryable) == reads, exc


def test_configure_error_maps_as_parse_does() -> None:
    """A ConfigureError is read the way parse reads it."""
    exc = ConfigureError("gone", code="INVALID_INPUT", statusCode=404)
    assert from_exception(exc) == parse(exc)
    assert from_exception(exc).kind is ErrorKind.NOT_FOUND


def test_tool_failure_carries_the_error_and_keeps_the_cause() -> None:
    """raise error.exception() from exc keeps the original; from_exception gives the error back."""
    original = TimeoutError("slow")
    error = from_exception(original)
    with pytest.raises(ToolFailure) as caught:
        raise error.exception() from original
    assert caught.value.error == error
    assert caught.value.__cause__ is original
    assert from_exception(caught.value) == error
    assert str(caught.value) == "unknown_outcome: slow"


def test_tool_failure_pickles_and_copies_equal() -> None:
    """ToolFailure survives pickle, copy and deepcopy equal to itself."""
    failure = parse({"error": "vendor", "message": "m", "card": {"a": 1}}).exception()
    for clone in (pickle.loads(pickle.dumps(failure)), copy.copy(failure), copy.deepcopy(failure)):
        assert clone == failure and hash(clone) == hash(failure)


def _refusal() -> BaseException:

    return parse(refused()).exception()


@pytest.mark.parametrize(
    ("members", "kind", "retryable"),
    [
        ([TimeoutError("slow"), "refusal", ConnectionRefusedError()], "refused", False),
        ([ConnectionRefusedError(), "approval"], "approval_required", False),
        ([ConnectionRefusedError(), KeyError("k")], "internal", False),
        ([ConnectionRefusedError(), TimeoutError("slow")], "unknown_outcome", None),
        ([ConnectionRefusedError(), ConnectionRefusedError()], "unavailable", True),
    ],
    ids=["refusal-kept", "approval-kept", "bug-wins", "unknown-outcome-wins", "all-transient"],
)
def test_an_exception_group_is_read_by_its_members(
    members: list[object], kind: str, retryable: bool | None
) -> None:
    """A refusal or approval in a group is kept; otherwise the most cautious member
    decides, so a group is never more retryable than its least retryable member, also
    when it is nested in another group or is the cause of another exception."""
    from toolerrors.testing import not_done_yet

    made = [
        _refusal()
        if m == "refusal"
        else parse(not_done_yet()).exception()
        if m == "approval"
        else m
        for m in members
    ]
    group = ExceptionGroup("tasks", made)  # type: ignore[type-var]
    for exc in (group, ExceptionGroup("outer", [group]), _caused_by(group)):
        error = from_exception(exc)
        assert (error.kind.value, error.retryable) == (kind, retryable)


def _caused_by(cause: BaseException) -> BaseException:
    try:
        raise RuntimeError("wrapped") from cause
    except RuntimeError as exc:
        return exc


def test_an_interruption_in_a_group_is_never_retried() -> None:
    """A cancellation beside a transient failure: the group is never retried."""
    import asyncio

    error = from_exception(
        BaseExceptionGroup("g", [ConnectionRefusedError(), asyncio.CancelledError()])
    )
    assert (error.kind.value, error.retryable) == ("unknown_outcome", False)


def test_a_group_member_caused_by_its_own_group_ends() -> None:
    """A cycle between a group and its member is read once, not forever."""
    member = RuntimeError("x")
    group = ExceptionGroup("g", [member])
    member.__cause__ = group
    assert from_exception(group).kind.value == "unknown"


def _groups_around(exc: BaseException, levels: int) -> BaseException:
    """``exc`` inside ``levels`` groups, each the cause of the one member of the next."""
    for _ in range(levels):
        try:
            raise RuntimeError("step") from ExceptionGroup("g", [exc])
        except RuntimeError as caught:
            exc = caught
    return ExceptionGroup("top", [exc])


def _with_frames(frames: int, read: Callable[[], ErrorKind]) -> ErrorKind:
    """``read()`` called ``frames`` calls deep: with that much less of the stack left."""
    return read() if frames == 0 else _with_frames(frames - 1, read)


def test_groups_are_read_to_max_depth_whatever_the_stack() -> None:
    """A refusal `MAX_DEPTH` groups deep is kept with most of the stack used; one group
    deeper is not read (unknown, advice unsaid), as nested payloads are not, rather than
    wherever a RecursionError happens to stop it."""
    refusal = parse({"refused": "The owner said no."}).exception()
    deepest = _groups_around(refusal, MAX_DEPTH - 1)
    assert _with_frames(600, lambda: from_exception(deepest).kind) is ErrorKind.REFUSED
    deeper = from_exception(_groups_around(refusal, MAX_DEPTH))
    assert (deeper.kind, deeper.retryable, deeper.code) == (
        ErrorKind.UNKNOWN, None, "toolerrors._unified.ToolFailure",
    )  # fmt: skip


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
    "exc",
    [KeyboardInterrupt(), SystemExit(1), GeneratorExit(), asyncio.CancelledError()],
    ids=lambda exc: type(exc).__name__,
)
def test_interruptions_are_never_retried(exc: BaseException) -> None:
    """A BaseException that is not an Exception reads as an unknown outcome that is never
    retried, by should_retry or by the hooks, even for idempotent calls."""
    error = from_exception(exc)
    assert (error.kind, error.retryable) == (ErrorKind.UNKNOWN_OUTCOME, False)
    assert not should_retry(error, idempotent=True)
    assert retry.stamina_hook(idempotent=True)(exc) is False  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (_Unprintable(), ErrorKind.UNKNOWN),
        (_self_reason(), ErrorKind.UNKNOWN_OUTCOME),
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
def test_from_exception_is_total(exc: BaseException, kind: ErrorKind) -> None:
    """from_exception returns an error for every exception, and call does not leak one."""
    assert from_exception(exc).kind is kind

    def tool() -> None:
        raise exc

    with pytest.raises(ToolFailure):
        retry.call(tool)


def test_unread_http_bodies_fall_back_on_the_status() -> None:
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


class _SdkError(Exception):
    """An SDK's HTTP error that no source names: only the attributes it keeps say what
    happened."""

    def __init__(self, **kept: object) -> None:
        super().__init__("request failed")
        self.__dict__.update(kept)


QUOTA = {
    "error": {
        "message": "You exceeded your current quota.",
        "type": "insufficient_quota",
        "param": None,
        "code": "insufficient_quota",
    }
}


@pytest.mark.parametrize(
    ("kept", "expected"),
    [
        (
            {"status_code": 429, "headers": {"retry-after": "20"}, "json": QUOTA},
            (ErrorKind.PAYMENT_REQUIRED, False, "openai", 429, 20.0),
        ),
        (
            {"code": 429, "headers": {}, "body": json.dumps(QUOTA).encode()},
            (ErrorKind.PAYMENT_REQUIRED, False, "openai", 429, None),
        ),
        (
            {"status": 503, "headers": {}, "retry_after": 7},
            (ErrorKind.UNAVAILABLE, True, "http", 503, 7.0),
        ),
        (
            {"status": 429, "headers": {"Retry-After": "3"}, "retry_after": 7},
            (ErrorKind.RATE_LIMITED, True, "http", 429, 3.0),
        ),
        (
            {"status_code": 404, "headers": {}, "json": lambda: QUOTA},
            (ErrorKind.NOT_FOUND, False, "http", 404, None),
        ),
        ({"code": 429}, (ErrorKind.UNKNOWN, None, "python", None, None)),
    ],
    ids=[
        "status_code-json",
        "code-body",
        "status-retry_after",
        "header-first",
        "json-method",
        "number-alone",
    ],
)
def test_an_sdk_no_source_names_is_read_by_its_http_facts(
    kept: dict[str, object], expected: tuple[object, ...]
) -> None:
    """A status (``status_code``, ``status`` or ``code``) with headers or a body beside
    it goes through from_http: the body's code over the status (exhausted quota in a 429
    is never retried), the header's wait over the exception's ``retry_after``.  A
    ``json`` that is a method is no body, and a number alone is no HTTP status."""
    error = from_exception(_SdkError(**kept))
    assert (error.kind, error.retryable, error.vendor, error.status_code, error.retry_after) == (
        expected
    )


def test_pydantic_ais_tool_failed_is_never_retried_and_named_by_its_words() -> None:
    """pydantic-ai's ``ToolFailed`` is a call "done and has failed", not to be tried
    again: its kind is what its words name."""
    exceptions = pytest.importorskip("pydantic_ai.exceptions")
    missing = from_exception(exceptions.ToolFailed("File not found: a.txt"))
    assert (missing.kind, missing.retryable) == (ErrorKind.NOT_FOUND, False)
    vague = from_exception(exceptions.ToolFailed("the upstream said no"))
    assert (vague.kind, vague.retryable) == (ErrorKind.UNKNOWN, False)


@pytest.mark.parametrize(
    ("name", "kind", "retryable"),
    [
        ("ModelAuthenticationError", ErrorKind.UNAUTHENTICATED, False),
        ("ModelPermissionDeniedError", ErrorKind.PERMISSION_DENIED, False),
        ("ModelInvalidRequestError", ErrorKind.INVALID_INPUT, False),
        ("ModelNotFoundError", ErrorKind.NOT_FOUND, False),
        ("ModelRateLimitError", ErrorKind.RATE_LIMITED, True),
        ("ModelAPIError", ErrorKind.INTERNAL, True),
        ("ModelConnectionError", ErrorKind.UNAVAILABLE, True),
        ("ModelTimeoutError", ErrorKind.UNKNOWN_OUTCOME, None),
        ("ContextOverflowError", ErrorKind.TOO_LARGE, False),
    ],
)
def test_langchains_model_exceptions_by_the_condition_each_names(
    name: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """LangChain's standard model exceptions, and a provider's subclass of one, keep
    their ``is_retryable`` but for a timeout, which may have happened."""
    exceptions = pytest.importorskip("langchain_core.exceptions")
    cls = getattr(exceptions, name)
    for exc in (cls("boom"), type("ProviderError", (cls,), {})("boom")):
        error = from_exception(exc)
        assert (error.kind, error.retryable) == (kind, retryable)
        assert retryable is None or retryable is cls.is_retryable


def test_any_database_driver_s_exception_is_read_by_pep_249_s_classes() -> None:
    """The standard library's sqlite3, provoked for real: PEP 249's classes, which every
    driver names, read as SQLSTATE's classes are, the text's words naming the kind where
    they say more; a class of that name outside a DB-API hierarchy is not read so."""
    import sqlite3

    db = sqlite3.connect(":memory:")
    db.execute("create table t (id integer primary key)")
    db.execute("insert into t values (1)")
    read = {}
    for name, sql in (
        ("taken", "insert into t values (1)"),
        ("missing", "select * from nope"),
        ("syntax", "selec 1"),
    ):
        with pytest.raises(sqlite3.DatabaseError) as caught:
            db.execute(sql)
        error = from_exception(caught.value)
        read[name] = (error.kind, error.retryable, error.code)
    db.close()
    assert read == {
        "taken": (ErrorKind.CONFLICT, False, "sqlite3.IntegrityError"),
        "missing": (ErrorKind.NOT_FOUND, None, "sqlite3.OperationalError"),
        "syntax": (ErrorKind.INVALID_INPUT, None, "sqlite3.OperationalError"),
    }

    class IntegrityError(Exception):  # no DatabaseError above it: not a driver's
        pass

    assert from_exception(IntegrityError("x")).kind is ErrorKind.UNKNOWN
