"""toolerrors: one vocabulary for the ways an AI agent's tool call can fail.

Read a failed tool call with `parse` (or ask `error_of` whether a result is an error
at all), an HTTP response with `from_http` and an exception with `from_exception`;
decide with the unified `ErrorKind`, `Action` and `should_retry`; and write it in any
source's shape with `convert`.  Each source's exact shapes live in its own module,
named as the source is in `VENDORS`.
"""

from ._errors import ShapeError, ToolErrorsError
from ._http import from_http
from ._kinds import Action, ErrorKind
from ._python import from_exception
from ._read import MAX_BYTES, TARGETS, VENDORS, error_of, parse
from ._retry import retry_delay, retry_on, should_retry
from ._table import Target, Vendor
from ._text import model_text
from ._unified import ToolFailure, UnifiedError
from ._write import convert

__version__ = "0.1.0"

__all__ = [
    "MAX_BYTES",
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
