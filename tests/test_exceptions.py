"""Python exceptions as unified errors, and ToolFailure."""

from __future__ import annotations

import asyncio
import copy
import pickle
import socket
import sys
import urllib.error

import pytest

from toolerrors import MAX_DEPTH, ErrorKind, ToolFailure, from_exception, parse

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
        (ValueError("bad"), "unknown", None),
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
    member = ValueError("x")
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
