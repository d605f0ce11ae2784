"""Adapters for agent frameworks, one module each, each an optional extra that imports its
framework only when it is used.

- ``toolerrors.integrations.langgraph`` (``pip install "toolerrors[langgraph]"``): a
  ``ToolNode`` error handler, a router that stops on refusal, approval through
  ``interrupt()``, and ``retry_on`` for ``RetryPolicy``.
- ``toolerrors.integrations.langchain`` (``pip install "toolerrors[langchain]"``): one
  middleware for ``create_agent``: error ``ToolMessage``s, approval, refusal ends the run.
"""

__all__: list[str] = []
