"""Notion as a source: the API's error, ``{"object": "error", "status", "code", "message",
"request_id"?, "additional_data"?}``.

Notion's API answers every failed request with an error object: the HTTP ``status``, a
text ``code`` Notion documents (``object_not_found``, ``validation_error``,
``rate_limited``, ...) and a ``message``.  The code decides.  An ``object_not_found`` may
also mean the page exists but is not shared with the integration.  A code not in the
table is read by its words, else by the body's status.  The pydantic model is in
``toolerrors.notion``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import REQUEST_ID, Claim, Field, Shape, Source, canonical_row, home, with_extra
from .._table import Row, Rows, codes_of, error_status, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_notion", "write"]


rows = Rows("notion")

# fmt: off
ROWS: Final = (
    rows.read("invalid_json", ErrorKind.INVALID_INPUT, False, "The request body could not be decoded as JSON.", status=400),
    rows.read("invalid_request_url", ErrorKind.INVALID_INPUT, False, "This request URL is not valid.", status=400),
    rows.read("invalid_request", ErrorKind.UNSUPPORTED, False, "This request is not supported.", status=400, writes=True),
    rows.read("invalid_grant", ErrorKind.UNAUTHENTICATED, False, "The provided authorization grant or refresh token is invalid, expired, revoked, or was issued to another client.", status=400),
    rows.read("validation_error", ErrorKind.INVALID_INPUT, False, "The request body does not match the schema for the expected parameters: the message says which.", status=400, writes=True),
    rows.read("missing_version", ErrorKind.INVALID_INPUT, False, "The request is missing the required Notion-Version header.", status=400),
    rows.read("unauthorized", ErrorKind.UNAUTHENTICATED, False, "The bearer token is not valid.", status=401, writes=True),
    rows.read("restricted_resource", ErrorKind.PERMISSION_DENIED, False, "Given the bearer token used, the client doesn't have permission to perform this operation.", status=403, writes=True),
    rows.read("object_not_found", ErrorKind.NOT_FOUND, False, "Given the bearer token used, the resource does not exist; it may also not be shared with the integration.", status=404, writes=True),
    rows.read("conflict_error", ErrorKind.CONFLICT, True, "The transaction could not be completed, potentially due to a data collision: make sure the parameters are up to date and try again.", status=409, writes=True),
    rows.read("rate_limited", ErrorKind.RATE_LIMITED, True, "This request exceeds the number of requests allowed: slow down and try again.", status=429, writes=True),
    rows.read("internal_server_error", ErrorKind.INTERNAL, True, "An unexpected error occurred: reach out to Notion support.", status=500, writes=True),
    rows.read("bad_gateway", ErrorKind.UPSTREAM_ERROR, True, "Notion encountered an issue while attempting to complete this request: try again later.", status=502),
    rows.read("service_unavailable", ErrorKind.UNAVAILABLE, True, "Notion is unavailable, or took longer than 60 seconds to respond: try again later.", status=503, writes=True),
    rows.read("database_connection_unavailable", ErrorKind.UNAVAILABLE, True, "Notion's database is unavailable or is not in a state that can be queried: try again later.", status=503),
    rows.read("gateway_timeout", ErrorKind.UNKNOWN_OUTCOME, None, "Notion timed out while attempting to complete this request: it may have been done.", status=504, writes=True),
    *rows.write("unauthorized", ErrorKind.NOT_CONNECTED),
    *rows.write("restricted_resource", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED),
    *rows.write("validation_error", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("internal_server_error", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The codes Notion documents."""

_STATUS: Final = {row.code: row.status for row in ROWS if row.reads}

ERROR: Final = Shape(
    "error",
    (
        Field("object", (str,), required=True, const="error"),
        Field("status", (int,), required=True, fills="status_code",
              samples=lambda row, name, pick: _STATUS.get(row.code) or 400),
        Field("code", (str,), required=True, fills="code", closed=frozenset(CODES)),
        Field("message", (str,), required=True, fills="message"),
        Field("request_id", (str,), fills="request_id",
              samples=("d7a11923-e694-4dea-9924-468fe422c571", "17359c46-ca0d-4156-be70-12a5eebc3346")),
        Field("additional_data", (dict,)),
    ),
    model="ErrorResponse",
)  # fmt: skip


def read_notion(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"object": "error", "status": int, "code": text, "message": text, ...}``."""
    ERROR.check(d, strict, where)
    code, message, status = d["code"], d["message"], d["status"]
    row = read_row("notion", code, None)
    kind, retryable = row_or_words(row, code.replace("_", " "), message, status=status)
    return make(
        kind,
        message,
        retryable=retryable,
        status_code=error_status(status),
        vendor="notion",
        code=code,
        request_id=d.get("request_id"),
        extra=d,
    )


_CODES: Final = frozenset(CODES)


def _its_code(d: Mapping[str, Any]) -> bool:
    """A code Notion documents."""
    return d["code"] in _CODES


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Notion's error object; at home, everything it came with.  The status
    is the error's, else the one Notion documents for the code."""
    at_home = home(error, "notion")
    code = error.code if at_home and error.code is not None else canonical_row(error, "notion").code
    status = error.status_code or _STATUS.get(code) or 400
    out: dict[str, Any] = {
        "object": "error",
        "status": status,
        "code": code,
        "message": error.message,
    }
    if error.request_id is not None:
        out["request_id"] = error.request_id
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error object as Notion sends it, with its request id."""
    return {
        "object": "error",
        "status": row.status or 400,
        "code": row.code,
        "message": message,
        "request_id": "d7a11923-e694-4dea-9924-468fe422c571",
    }


SOURCE: Final = Source(
    name="notion",
    title="Notion",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            210,
            "object",
            read_notion,
            '`object: "error"` with an integer `status`, one of Notion\'s codes and a text'
            " `message`; never with the OpenAI-compatible servers' `type` or `param` (Anytype"
            ' sends the same object with codes of its own, `"resource_gone"`)',
            is_a=str,
            one_of=frozenset({"error"}),
            needs=("status",),
            texts=("code", "message"),
            refuses=("type", "param"),
            when=_its_code,
        ),
    ),
    write=write,
    models=".notion",
    example=example,
    docs="notion.md",
    headers={"x-notion-request-id": REQUEST_ID},
)
