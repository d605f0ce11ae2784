"""Sources: each system's errors declared once, and the registry everything else derives from.

A `Source` says, in one place, what a system's errors look like: its codes, its wire
fields (`Field`) grouped into shapes (`Shape`), its mapping rows, how it claims a payload
(`Claim`), its fast reader and its writer, and where its pydantic models live.
Registering it (`register`) fills the lookups which the reading, writing, testing and
docs layers use: none of them names a source.  One module a concern:

- ``fields``: a wire field as a source documents it;
- ``checker``: holding a payload to a shape (`check`, `problems`, `only`);
- ``shapes``: what a source declares (`Source`, `Shape`, `Response`, what headers say);
- ``claims``: how a source knows its payloads, and the dispatcher written from them;
- ``generated``: compiling written code under a file name a traceback shows;
- ``registry``: `register` and every lookup it fills; `classify`, the one dispatcher;
- ``reading`` and ``writing``: what the sources' readers and writers share.

The row lookups it fills live in ``toolerrors._table``, below the unified value, which
reads them; this package and the sources sit above it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .._unified import layer_missing
from .checker import check, only, problems, unknown, want
from .claims import Claim, Reader
from .fields import NO_VALUE, Field
from .reading import lookup, partly_done, required_str
from .registry import (
    ANCHORS,
    BUILT_IN,
    CLAIMS,
    EXCEPTION_READERS,
    HEADER_NAMES,
    HEADERS,
    IN_BODY,
    OWNERS,
    RESERVED,
    RESPONSES,
    ROUTE_STATUS,
    SAFER_KIND,
    SOURCES,
    TEXT_READERS,
    UNKNOWN_SHAPE,
    add_claim,
    classify,
    exception_reader,
    expected_shapes,
    register,
    unregister,
)  # fmt: skip
from .shapes import (
    NOTHING,
    ONE_TIME_CODE,
    REQUEST_ID,
    SHOULD_RETRY,
    Response,
    Shape,
    Source,
    Writer,
    body_key,
    in_body,
)  # fmt: skip
from .writing import (
    canonical_row,
    given_back,
    home,
    more_retryable,
    retry_to_write,
    with_extra,
)  # fmt: skip

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = [
    "ANCHORS",
    "BUILT_IN",
    "CLAIMS",
    "EXCEPTION_READERS",
    "HEADERS",
    "HEADER_NAMES",
    "IN_BODY",
    "NOTHING",
    "NO_VALUE",
    "ONE_TIME_CODE",
    "OWNERS",
    "REQUEST_ID",
    "RESERVED",
    "RESPONSES",
    "ROUTE_STATUS",
    "SAFER_KIND",
    "SHOULD_RETRY",
    "SOURCES",
    "TEXT_READERS",
    "UNKNOWN_SHAPE",
    "Claim",
    "Field",
    "Reader",
    "ReadsAny",
    "Response",
    "Shape",
    "Source",
    "Writer",
    "add_claim",
    "body_key",
    "canonical_row",
    "check",
    "classify",
    "exception_reader",
    "expected_shapes",
    "given_back",
    "home",
    "in_body",
    "lookup",
    "more_retryable",
    "only",
    "partly_done",
    "problems",
    "read_any",
    "register",
    "required_str",
    "retry_to_write",
    "unknown",
    "unregister",
    "want",
    "with_extra",
]


class ReadsAny(Protocol):
    """How `toolerrors.parse` reads a payload of any source: `read_any`."""

    def __call__(
        self, d: Mapping[str, Any], *, strict: bool, where: str, need: bool
    ) -> UnifiedError | None: ...


read_any: ReadsAny = layer_missing
"""Reads a payload of any source as `toolerrors.parse` does (``None`` when it holds no
error and none is ``need``-ed), for a source whose payloads wrap other sources' (a
JSON-RPC response carries any error object): no deeper than ``MAX_DEPTH`` payloads,
and each once, however often a claim's test and its reader ask for it.  It is
``toolerrors._read``'s, set when that module is imported: it imports every source, so no
source can import it."""
