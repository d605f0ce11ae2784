"""The MCP adapter (``pip install "toolerrors[mcp]"``): errors as SDK ``CallToolResult``s.

``to_call_tool_result`` puts the same JSON in the text content and in
``structuredContent`` and sets ``isError``, because MCP clients disagree on where they
look: some read only the text, some only the structured content.  On the way back,
`toolerrors.parse` and `toolerrors.error_of` read the SDK's results as they
are.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

try:
    from mcp.types import CallToolResult, TextContent
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise ImportError('toolerrors.mcp needs the MCP SDK: pip install "toolerrors[mcp]"') from exc

from ._read import parse
from ._write import to_wire

if TYPE_CHECKING:
    from ._table import Target

__all__ = ["to_call_tool_result"]


def to_call_tool_result(error: object, vendor: Target = "pythe") -> Any:
    """``error`` (anything `toolerrors.parse` accepts) as an SDK ``CallToolResult``
    with ``isError: true`` and ``vendor``'s JSON both as text and as structured content."""
    wire = to_wire(parse(error), vendor)
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(wire, ensure_ascii=False))],
        structured_content=wire,
        is_error=True,
    )
