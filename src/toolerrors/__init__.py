"""toolerrors: one vocabulary for the ways an AI agent's tool call can fail.

Read a failed tool call with `parse` (or ask `error_of` whether a result is an error
at all), an HTTP response with `from_http` and an exception with `from_exception`;
decide with the unified `ErrorKind`, `Action` and `should_retry`; and write it in any
source's shape with `convert`.  Each source's exact shapes live in its own module,
named as the source is in `VENDORS`.
"""

import typing

from . import _unified
from ._errors import ShapeError, ToolErrorsError
from ._json import MAX_WAIT
from ._kinds import Action, ErrorKind
from ._read import MAX_BYTES, MAX_DEPTH, TARGETS, VENDORS, error_of, parse
from ._table import Target, Vendor
from ._unified import ToolFailure, UnifiedError

if typing.TYPE_CHECKING:
    from ._http import from_http
    from ._python import from_exception
    from ._retry import retry_delay, retry_on, should_retry
    from ._text import model_text
    from ._write import convert

__version__ = "0.1.0"

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_WAIT",
    "TARGETS",
    "VENDORS",
    "Action",
    "ErrorKind",
    "ShapeError",
    "Target",
    "ToolErrorsError",
    "ToolFailure",
    "UnifiedError",
    "Vendor",
    "__version__",
    "convert",
    "error_of",
    "from_exception",
    "from_http",
    "model_text",
    "parse",
    "retry_delay",
    "retry_on",
    "should_retry",
]

_ON_FIRST_USE: typing.Final = {
    "convert": "._write",
    "from_exception": "._python",
    "from_http": "._http",
    "model_text": "._text",
    "retry_delay": "._retry",
    "retry_on": "._retry",
    "should_retry": "._retry",
}
"""The functions a first `parse` does not need, and their modules, imported when a
function is first asked for (as pydantic imports its own names): importing them with the
package cost 2.7 ms of its start-up, median of 60 paired runs."""


def _write_on_first_use(error: UnifiedError, vendor: str) -> typing.Any:
    """`UnifiedError.to` until the writing layer is imported: importing it puts its own
    function in this one's place, which then writes."""
    from ._write import to_model

    return to_model(error, vendor)


_unified.write_as = _write_on_first_use


def __getattr__(name: str) -> object:
    module = _ON_FIRST_USE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module, __name__), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_ON_FIRST_USE})
