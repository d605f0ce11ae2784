"""One idempotency key per tool call, through each adapter that sees the call's id: the
tool reads it with ``current_key()`` (no ``idempotency_key`` argument in its schema), it
is the same in the attempt after a timeout and when a paused run resumes the held call,
and an MCP client's own key, sent in ``_meta``, is the one the server's tool sends on."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from toolerrors.retry import IDEMPOTENCY_META, Retry, current_key, stable_key
from toolerrors.testing import not_done_yet

from ._scenarios import KEYED, Server, run_pydantic_ai


def _timing_out_once(server: Server) -> Any:
    def pay(amount: int) -> dict[str, Any]:
        """Pay an amount."""
        return server.pay(amount, time_out=len(server.keys) == 0)

    return pay


def _one_call_graph(fn: Any, retry: Retry, call_id: str) -> Any:
    """A graph whose agent asks once for ``pay(amount=5)`` under ``call_id``, then ends."""
    pytest.importorskip("langgraph")
    from langchain_core.messages import AIMessage
    from langchain_core.tools import tool
    from langgraph.graph import END, START, MessagesState, StateGraph

    from toolerrors.integrations.langgraph import tool_node

    def agent(state: MessagesState) -> dict[str, Any]:
        call = {"name": "pay", "args": {"amount": 5}, "id": call_id, "type": "tool_call"}
        return {"messages": [AIMessage("", tool_calls=[call])]}

    builder = StateGraph(MessagesState)
    builder.add_node("agent", agent)
    builder.add_node("tools", tool_node([tool(fn)], retry))
    builder.add_edge(START, "agent")
    builder.add_edge("agent", "tools")
    builder.add_edge("tools", END)
    return builder.compile()


@pytest.mark.parametrize("entry", ["invoke", "ainvoke"])
def test_langgraph_tool_node_keys_a_call_by_its_id_across_a_timeout(entry: str) -> None:
    """With a key, the call that timed out after the charge is tried again under the same
    key: one charge."""
    pytest.importorskip("langgraph")
    from langchain_core.messages import ToolMessage

    server = Server()
    graph = _one_call_graph(_timing_out_once(server), KEYED, "call-7")
    given = {"messages": []}
    result = graph.invoke(given) if entry == "invoke" else asyncio.run(graph.ainvoke(given))
    (message,) = [m for m in result["messages"] if isinstance(m, ToolMessage)]
    assert message.status == "success"
    assert server.keys == [stable_key("call-7", {"amount": 5})] * 2
    assert server.charged == [5]


def test_langgraph_resumes_a_held_call_under_the_key_it_was_held_with() -> None:
    """The check holds the call for the owner; after her yes, LangGraph runs the node again
    and the call goes out under the key of the attempt that was held."""
    pytest.importorskip("langgraph")
    from langchain_core.messages import AIMessage, HumanMessage
    from langchain_core.tools import tool
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.graph import START, MessagesState, StateGraph
    from langgraph.types import Command

    from toolerrors.integrations.langgraph import tool_node

    keys: list[str | None] = []
    approved: list[bool] = []

    @tool
    def pay(amount: int) -> Any:
        """Pay an amount."""
        keys.append(current_key())
        return {"paid": amount} if approved else not_done_yet("Ana")

    def agent(state: MessagesState) -> dict[str, Any]:
        call = {"name": "pay", "args": {"amount": 5}, "id": "call-9", "type": "tool_call"}
        return {"messages": [AIMessage("", tool_calls=[call])]}

    builder = StateGraph(MessagesState)
    builder.add_node("agent", agent)
    builder.add_node("tools", tool_node([pay], KEYED))
    builder.add_edge(START, "agent")
    builder.add_edge("agent", "tools")
    graph = builder.compile(checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "t"}}
    paused = graph.invoke({"messages": [HumanMessage("Pay.")]}, config)
    assert "__interrupt__" in paused
    approved.append(True)
    graph.invoke(Command(resume="yes"), config)
    assert len(keys) == 2  # held; then, resumed, the node runs again and the call goes
    assert set(keys) == {stable_key("call-9", {"amount": 5})}


@pytest.mark.parametrize("entry", ["run", "run_sync"])
def test_pydantic_ai_toolset_keys_a_call_by_its_id_across_a_timeout(entry: str) -> None:
    """`GuardedToolset` keys the call by pydantic-ai's ``tool_call_id`` and its arguments;
    the key is the tool's argument and ``current_key()``."""
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel
    from pydantic_ai.toolsets import FunctionToolset

    from toolerrors.integrations.pydantic_ai import GuardedToolset

    server = Server()
    passed: list[str] = []

    def pay(amount: int, idempotency_key: str = "") -> dict[str, Any]:
        """Pay an amount."""
        passed.append(idempotency_key)
        return server.pay(amount, time_out=len(server.keys) == 0)

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart("pay", {"amount": 5}, tool_call_id="c-3")])
        return ModelResponse(parts=[TextPart("Paid.")])

    agent = Agent(FunctionModel(respond), toolsets=[GuardedToolset(FunctionToolset([pay]), KEYED)])
    run_pydantic_ai(agent, entry, "Pay.")
    key = stable_key("c-3", {"amount": 5})
    assert (server.keys, passed, server.charged) == ([key, key], [key, key], [5])


@pytest.mark.parametrize("sent", [True, False], ids=["client-key", "no-client-key"])
def test_fastmcp_server_tool_sends_on_the_key_the_client_sent_in_meta(sent: bool) -> None:
    """Over real MCP (FastMCP's client and server, in process): the client's
    ``_meta`` key is the server tool's key in both attempts; without one, a key of the
    server's own, the same in both."""
    pytest.importorskip("fastmcp")
    from fastmcp import Client, FastMCP

    from toolerrors.integrations.fastmcp import ToolFailureMiddleware

    server = Server()
    mcp = FastMCP("keys")
    mcp.add_middleware(ToolFailureMiddleware(KEYED))
    mcp.tool(_timing_out_once(server))
    meta = {IDEMPOTENCY_META: "order-77"} if sent else None

    async def go() -> Any:
        async with Client(mcp) as client:
            return await client.call_tool("pay", {"amount": 5}, meta=meta)

    assert asyncio.run(go()).data == {"paid": 5}
    assert len(server.keys) == 2 and len(set(server.keys)) == 1
    assert len(str(server.keys[0])) == (len("order-77") if sent else 32)
    assert (server.keys[0] == "order-77") is sent
    assert server.charged == [5]


def test_a_retry_with_a_key_of_its_own_keeps_it_in_every_adapter() -> None:
    """A key the caller gave the `Retry` wins over the framework's id."""
    server = Server()
    keyed = Retry(idempotency_key="k-1", sleep=lambda _: None)
    _one_call_graph(_timing_out_once(server), keyed, "call-7").invoke({"messages": []})
    assert server.keys == ["k-1", "k-1"]
