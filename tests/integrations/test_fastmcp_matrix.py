"""The FastMCP adapter with sync and ``async def`` tools (FastMCP is async throughout: its
client is the one entry point), on the five scenarios; each run asserts the exact number
of side effects and what the client, and a model reading only the text, sees.  Either
side of FastMCP's ``RetryMiddleware`` is in ``test_fastmcp.py``; either side of its own
error layer, ``ErrorHandlingMiddleware``, is a wiring here."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("fastmcp")

from fastmcp import Client, FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

import toolerrors
from toolerrors.integrations.fastmcp import ToolFailureMiddleware
from toolerrors.retry import Retry, RetryPolicy

from ._scenarios import (
    CHECK_FIRST,
    FAST,
    SECRET,
    buggy,
    function,
    held_until_approved,
    rate_limited,
    refusing,
    retried,
    timed_out_after_charging,
)

if TYPE_CHECKING:
    from collections.abc import Callable

KINDS = [
    (kind, layer)
    for kind in ("sync", "async")
    for layer in ("alone", "inside-error-handling", "around-error-handling")
]
"""Sync and async tools; FastMCP's ``ErrorHandlingMiddleware`` absent, added first
(outside ours) or added after (inside ours, turning a tool's exception into an
``MCPError`` before ours sees it)."""
IDS = [f"{kind}-{layer}" for kind, layer in KINDS]


def _server(
    name: str, body: Callable[[int], Any], kind: str, layer: str, retry: Retry = FAST
) -> FastMCP:
    server = FastMCP("toolerrors-matrix")
    ours = ToolFailureMiddleware(retry)
    theirs = ErrorHandlingMiddleware()
    wiring = {
        "alone": [ours],
        "inside-error-handling": [theirs, ours],
        "around-error-handling": [ours, theirs],
    }
    for middleware in wiring[layer]:
        server.add_middleware(middleware)
    server.tool(function(name, body, kind))
    return server


def _call(server: FastMCP, name: str) -> Any:
    async def go() -> Any:
        async with Client(server) as client:
            return await client.call_tool(name, {"amount": 5}, raise_on_error=False)

    return asyncio.run(go())


def _advice(result: Any) -> list[str]:
    """The second text block: what a model that reads only the text is told."""
    return str(result.content[1].text).splitlines()


@pytest.mark.parametrize(("kind", "layer"), KINDS, ids=IDS)
def test_a_payment_that_timed_out_is_charged_once(kind: str, layer: str) -> None:
    """Once, and the client and a text-only model are told to check first."""
    charged: list[int] = []
    body = timed_out_after_charging(charged)
    result = _call(_server("pay", body, kind, layer), "pay")
    error = toolerrors.error_of(result)
    assert charged == [5]
    assert error is not None and error.action.value == "check_first"
    assert _advice(result)[2] == CHECK_FIRST


@pytest.mark.parametrize(("kind", "layer"), KINDS, ids=IDS)
def test_a_refusal_reaches_the_client_as_a_refusal(kind: str, layer: str) -> None:
    """Refused, with its owner, and the text says stop."""
    result = _call(_server("send", refusing, kind, layer), "send")
    error = toolerrors.error_of(result)
    assert error is not None and (error.kind.value, error.owner) == ("refused", "Ana")
    assert _advice(result)[1] == "What to do: stop: Tell the owner, and don't try another way."


@pytest.mark.parametrize(("kind", "layer"), KINDS, ids=IDS)
def test_an_approval_comes_back_whole_and_runs_once_after_yes(kind: str, layer: str) -> None:
    """Held with its owner; after the owner's yes, called again, it runs once."""
    approved: list[bool] = []
    charged: list[int] = []
    body = held_until_approved(approved, charged)
    server = _server("pay", body, kind, layer)
    held = toolerrors.error_of(_call(server, "pay"))
    assert held is not None and (held.kind.value, held.owner) == ("approval_required", "Ana")
    assert charged == []
    approved.append(True)
    assert toolerrors.error_of(_call(server, "pay")) is None
    assert charged == [5]


@pytest.mark.parametrize(("kind", "layer"), KINDS, ids=IDS)
def test_a_rate_limit_waits_and_tries_once_more(kind: str, layer: str) -> None:
    """Two calls in all, with the server's wait between them."""
    calls: list[int] = []
    waits: list[float] = []
    body = rate_limited(calls)
    retry = Retry(RetryPolicy(attempts=5), sleep=waits.append)
    result = _call(_server("search", body, kind, layer, retry), "search")
    error = toolerrors.error_of(result)
    assert (len(calls), waits) == (2, [2])
    assert error is not None and error.kind.value == "rate_limited"
    assert _advice(result)[:3] == retried(2)


@pytest.mark.parametrize(("kind", "layer"), KINDS, ids=IDS)
def test_a_bug_is_not_retried_and_is_masked(kind: str, layer: str) -> None:
    """Once, and none of the bug's text leaves the server."""
    calls: list[int] = []
    body = buggy(calls)
    retry = Retry(RetryPolicy(attempts=5, idempotent=True))
    result = _call(_server("lookup", body, kind, layer, retry), "lookup")
    assert calls == [5]
    assert SECRET not in str(result.content) + str(result.structured_content)
    assert _advice(result)[0] == "Tool call failed: internal."
