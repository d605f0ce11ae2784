"""Adding a source: another system's errors, read and written like the built-in ones.

A source is declared once, as a `Source`: its name, its codes, its wire fields
(`Field`, grouped into `Shape` s, which `check` holds a payload to), its mapping rows
(`Row`, built with `Rows`), the claims (`Claim`) by which it recognises its payloads, its
reader and writer, and the module holding its pydantic models.  `register` adds it;
from then on `toolerrors.parse`, `toolerrors.error_of`, `toolerrors.convert`,
``toolerrors.testing``, ``toolerrors.strategies``, the pytest plugin and the command
line know it.  See the "Adding a source" page for a whole one.

The helpers below are what the built-in readers and writers are made of.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ._source import (
    NO_VALUE,
    ONE_TIME_CODE,
    REQUEST_ID,
    SAFER_KIND,
    SHOULD_RETRY,
    SOURCES,
    Claim,
    Field,
    Reader,
    Response,
    Shape,
    Source,
    Writer,
    canonical_row,
    check,
    home,
    in_body,
    lookup,
    more_retryable,
    only,
    register,
    required_str,
    retry_to_write,
    unregister,
    want,
    with_extra,
)
from ._table import Row, Rows, codes_of
from ._unified import make

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "NO_VALUE",
    "ONE_TIME_CODE",
    "REQUEST_ID",
    "SAFER_KIND",
    "SHOULD_RETRY",
    "Claim",
    "Field",
    "Reader",
    "Response",
    "Row",
    "Rows",
    "Shape",
    "Source",
    "Writer",
    "canonical_row",
    "check",
    "codes_of",
    "home",
    "in_body",
    "lookup",
    "make",
    "more_retryable",
    "only",
    "register",
    "registered",
    "required_str",
    "retry_to_write",
    "unregister",
    "want",
    "with_extra",
]


def registered() -> Mapping[str, Source]:
    """Every registered source by name, the built-in ones first (a read-only view)."""
    return MappingProxyType(SOURCES)
