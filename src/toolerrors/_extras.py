"""The optional extras, and the error that says which one a module needs.

A vendored copy has no ``pyproject.toml`` to read them from, so they are listed here;
``tests/test_package.py`` holds the list to the project's extras.
"""

from __future__ import annotations

from typing import Final

__all__ = ["EXTRAS", "missing"]

EXTRAS: Final[dict[str, tuple[str, str]]] = {
    "mcp": ("the MCP SDK", "mcp>=2"),
    "hypothesis": ("hypothesis", "hypothesis>=6.100"),
    "langgraph": ("LangGraph", "langgraph>=1.2.12"),
    "langchain": ("LangChain", "langchain>=1.5"),
    "pydantic-ai": ("pydantic-ai", "pydantic-ai-slim>=2.68"),
    "openai-agents": ("openai-agents", "openai-agents>=0.24"),
    "fastmcp": ("FastMCP", "fastmcp>=4.2.3"),
    "otel": ("the OpenTelemetry API", "opentelemetry-api>=1.20"),
}
"""Each extra a module of the package imports: what it brings, and its requirement."""


def missing(module: str, extra: str) -> ImportError:
    """The error for ``module`` (its ``__name__``, as it was imported) when ``extra`` is
    not installed: what it needs, and the two ways to install it."""
    what, requirement = EXTRAS[extra]
    return ImportError(
        f'{module} needs {what}: pip install "{requirement}" (or "toolerrors[{extra}]")'
    )
