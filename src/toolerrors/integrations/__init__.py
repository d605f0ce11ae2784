"""Adapters for agent frameworks, one module each, each an optional extra that imports its
framework only when it is used.

- ``toolerrors.integrations.langgraph`` (``pip install "toolerrors[langgraph]"``): a
  ``ToolNode`` error handler, a router that stops on refusal, approval through
  ``interrupt()``, and ``retry_on`` for ``RetryPolicy``.
- ``toolerrors.integrations.langchain`` (``pip install "toolerrors[langchain]"``): one
  middleware for ``create_agent``: error ``ToolMessage``s, approval, refusal ends the run.
- ``toolerrors.integrations.pydantic_ai`` (``pip install "toolerrors[pydantic-ai]"``): a
  tool decorator: approval as deferred tool requests, refusal ends the run, ``ModelRetry``
  only for input the model can fix, ``ToolFailed`` otherwise.
- ``toolerrors.integrations.openai_agents`` (``pip install "toolerrors[openai-agents]"``):
  failure and timeout text built on ``model_text``, refusal ends the run, a held call
  pauses as an interruption when made again.
- ``toolerrors.integrations.fastmcp`` (``pip install "toolerrors[fastmcp]"``): a server
  middleware that returns structured error results, vendor errors shown, bugs masked.
"""

__all__: list[str] = []
