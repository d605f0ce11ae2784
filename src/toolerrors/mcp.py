"""The MCP adapter (``pip install "toolerrors[mcp]"``): errors as SDK ``CallToolResult``s.

``to_call_tool_result`` puts the same JSON in the text content and in
``structuredContent`` and sets ``isError``, because MCP clients disagree on where they
look: some read only the text, some only the structured content.  Its ``_meta`` carries
MCP's proposed tool-failure metadata (``io.modelcontextprotocol/toolFailure``: class,
code, retry advice, correlation id, guidance), for clients that know the proposal.  On the way back,
`toolerrors.parse` and `toolerrors.error_of` read the SDK's results as they
are.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Final

from ._extras import missing

try:
    from mcp.types import CallToolResult, TextContent
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "mcp") from exc

from ._read import parse
from ._toolfailure import KEY, write
from ._write import keeping, to_wire

if TYPE_CHECKING:
    from ._table import Target

__all__ = ["to_call_tool_result"]

_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _scrub(value: Any) -> Any:
    """JSON values with every lone surrogate (which ``json.loads`` accepts from
    ``"\\ud800"``, but UTF-8 cannot hold) replaced by U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {_scrub(key): _scrub(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_scrub(item) for item in value]
    return value


def to_call_tool_result(error: object, vendor: Target | None = None) -> Any:
    """``error`` (anything `toolerrors.parse` accepts) as an SDK ``CallToolResult``
    with ``isError: true``, ``vendor``'s JSON both as text and as structured content,
    and the tool-failure metadata in ``_meta``.

    By default the error keeps its meaning: it is written in its own vendor's shape
    where that shape reads back as the same kind, and otherwise (an error from anywhere
    else, or a kind its own vendor has no code for, such as a JSON-RPC -32000 that said
    "Payload Too Large") as RFC 9457 problem details, which carry every kind (approval
    with its owner and reason, refusal, unknown outcome) unchanged.
    """
    unified = parse(error)
    wire = _scrub(to_wire(unified, vendor or keeping(unified)))
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(wire, ensure_ascii=False))],
        structured_content=wire,
        is_error=True,
        _meta={KEY: write(unified)},
    )
