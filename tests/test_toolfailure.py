"""MCP's proposed tool-failure metadata in an error result's ``_meta``: written as the
error says, and read with its retry advice deciding, as a vendor's own does."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from toolerrors import ErrorKind, UnifiedError, error_of, parse
from toolerrors._toolfailure import CLASSES, KEY, read, write
from toolerrors.testing import pythe_error

NOW = 1_800_000_000.0


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("toolerrors._toolfailure.clock", lambda: NOW)


def _result(failure: object, text: str = "Search failed.") -> dict[str, Any]:
    return {
        "content": [{"type": "text", "text": text}],
        "isError": True,
        "_meta": {KEY: failure},
    }


def test_a_retryable_error_is_written_with_its_wait_and_its_guidance() -> None:
    """A rate limit is reliability, retryable, not before now plus its wait; the request
    id is the correlation id; the guidance is ours, not the vendor's message."""
    error = UnifiedError(
        ErrorKind.RATE_LIMITED, "slow", retryable=True, retry_after=30, request_id="req_1"
    )
    assert write(error) == {
        "class": "reliability",
        "code": "rate_limited",
        "retryable": True,
        "retryNotBefore": 1_800_000_030_000,
        "correlationId": "req_1",
        "agentGuidance": "Wait, then try once more.",
    }


@pytest.mark.parametrize("kind", list(ErrorKind), ids=str)
def test_every_kind_is_written_with_its_class_and_code(kind: ErrorKind) -> None:
    """Each kind has its class and code; retryable is said only where the error says it,
    and true only under reliability."""
    for retryable in (True, False, None):
        meta = write(UnifiedError(kind, "m", retryable=retryable))
        assert (meta["class"], meta["code"]) == CLASSES[kind]
        expected = retryable if retryable is False or meta["class"] == "reliability" else None
        assert meta.get("retryable") == expected
        assert ("retryable" in meta) is (expected is not None)
        assert len(meta["correlationId"]) == 32


def test_the_codes_are_distinct_and_the_proposal_s_baseline_is_used() -> None:
    """Each code names one kind, and the baseline codes name the kinds they mean."""
    codes = [code for _, code in CLASSES.values()]
    assert len(set(codes)) == len(codes)
    by_code = {code: kind.value for kind, (_, code) in CLASSES.items()}
    assert (
        by_code.items()
        >= {
            "capability_unsupported": "unsupported",
            "resource_not_found": "not_found",
            "invalid_input": "invalid_input",
            "retryable_transient_error": "unavailable",
            "auth_required": "unauthenticated",
            "permission_denied": "permission_denied",
            "policy_blocked": "refused",
            "user_action_required": "approval_required",
        }.items()
    )


def test_reliability_s_retryable_and_not_before_decide() -> None:
    """A text-only error becomes retryable, waiting until retryNotBefore."""
    error = error_of(
        _result(
            {
                "class": "reliability",
                "code": "retryable_transient_error",
                "retryable": True,
                "retryNotBefore": 1_800_000_012_500,
                "correlationId": "c1",
            }
        )
    )
    assert error is not None
    assert (error.kind, error.retryable, error.retry_after) == (ErrorKind.UNAVAILABLE, True, 12.5)


def test_capability_and_governance_are_never_retried() -> None:
    """A vendor's retryable: true under a class the proposal never retries is not
    retried, and its wait is dropped."""
    envelope = pythe_error("http_429")
    for klass in ("capability", "governance"):
        result = {
            "content": [{"type": "text", "text": "x"}],
            "structuredContent": envelope,
            "isError": True,
            "_meta": {KEY: {"class": klass, "code": "other", "correlationId": "c"}},
        }
        error = error_of(result)
        assert error is not None
        assert (error.kind, error.retryable, error.retry_after) == (
            ErrorKind.RATE_LIMITED,
            False,
            None,
        )


def test_reliability_without_retryable_keeps_the_content_s_advice() -> None:
    """Not said is not said: the envelope's own advice stands."""
    result = {
        "content": [{"type": "text", "text": "x"}],
        "structuredContent": pythe_error("http_429"),
        "isError": True,
        "_meta": {KEY: {"class": "reliability", "code": "x", "correlationId": "c"}},
    }
    assert error_of(result) == error_of({**result, "_meta": {}})


def test_a_known_code_names_only_an_error_read_from_words() -> None:
    """A code names the kind of a text-only error, never one a source's shape read."""
    policy = {"class": "governance", "code": "policy_blocked", "correlationId": "c"}
    error = error_of(_result(policy))
    assert error is not None and (error.kind, error.retryable) == (ErrorKind.REFUSED, False)
    shaped = {**_result(policy), "structuredContent": pythe_error("not_found")}
    error = error_of(shaped)
    assert error is not None and error.kind is ErrorKind.NOT_FOUND


@pytest.mark.parametrize(
    "failure",
    [None, "x", [], {"class": "other"}, {"class": ["capability"]}, {"code": "auth_required"}],
    ids=repr,
)
def test_metadata_without_a_known_class_is_passed_over(failure: object) -> None:
    """Odd metadata is read as absent, never a crash."""
    assert error_of(_result(failure)) == error_of(_result(None))


def test_an_odd_code_is_passed_over() -> None:
    """A code that is not text names no kind."""
    error = UnifiedError(ErrorKind.INTERNAL, "m", vendor="mcp")
    meta = {KEY: {"class": "reliability", "code": ["x"], "correlationId": "c"}}
    assert read(error, meta) == error


def test_a_round_trip_through_to_call_tool_result() -> None:
    """What toolerrors.mcp writes reads back as the same error, its metadata included."""
    pytest.importorskip("mcp")
    from toolerrors.mcp import to_call_tool_result

    for payload in (
        pythe_error("http_429"),
        {"error": "rate_limited", "message": "Slow down."},
        pythe_error("not_found"),
    ):
        result = to_call_tool_result(payload)
        assert result.meta[KEY]["class"] == CLASSES[parse(payload).kind][0]
        assert error_of(result) == parse(payload)
        dumped = result.model_dump(by_alias=True, mode="json")
        assert dumped["_meta"][KEY] == result.meta[KEY]
        assert error_of(dumped) == parse(payload)


def test_a_fastmcp_client_gets_the_metadata() -> None:
    """Through a real in-memory FastMCP client, a tool's failure (returned by the tool as
    toolerrors.mcp writes it, or made by ToolFailureMiddleware) carries the metadata, and
    reads back with it."""
    pytest.importorskip("fastmcp")
    from fastmcp import Client, FastMCP

    from toolerrors.integrations.fastmcp import ToolFailureMiddleware
    from toolerrors.mcp import to_call_tool_result

    plain, guarded = FastMCP("plain"), FastMCP("guarded")
    guarded.add_middleware(ToolFailureMiddleware())

    @plain.tool
    def written(path: str) -> Any:
        """Look a path up."""
        return to_call_tool_result(pythe_error("not_found"))

    @guarded.tool
    def paused(path: str) -> dict[str, Any]:
        """Look a path up."""
        return pythe_error("paused")

    async def call(server: FastMCP, name: str) -> Any:
        async with Client(server) as client:
            return await client.call_tool(name, {"path": "x"}, raise_on_error=False)

    for server, name, klass, code in (
        (plain, "written", "capability", "resource_not_found"),
        (guarded, "paused", "governance", "paused"),
    ):
        result = asyncio.run(call(server, name))
        failure = result.meta[KEY]
        assert (failure["class"], failure["code"], failure["retryable"]) == (klass, code, False)
        error = error_of(result)
        assert error is not None and error.retryable is False


@pytest.mark.parametrize(
    ("not_before", "wait"),
    [(1_799_999_000_000, 0.0), (True, None), ("1800000012500", None)],
    ids=["past", "boolean", "text"],
)
def test_only_a_number_of_milliseconds_is_a_wait(not_before: object, wait: float | None) -> None:
    """A time already past is no wait; a boolean or a text is none at all."""
    failure = {"class": "reliability", "code": "x", "retryable": True, "retryNotBefore": not_before}
    error = error_of(_result(failure))
    assert error is not None and (error.retryable, error.retry_after) == (True, wait)
