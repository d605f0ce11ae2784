"""Salesforce as a source: the REST API's error, ``{"message", "errorCode", "fields"?}``,
sent in an array, and Bulk API's ``{"exceptionCode", "exceptionMessage"}``.

Salesforce's REST API answers a failed request with an array of error objects, each a
``message`` and an upper-case ``errorCode`` (``INVALID_SESSION_ID``, ``NOT_FOUND``,
``REQUEST_LIMIT_EXCEEDED``), and the ``fields`` it concerns; the first is read.  Bulk API
1.0 answers with one ``exceptionCode`` in camel case (``InvalidSessionId``).  The code
decides, whatever the status: an expired session is a 401 from the REST API and a 400
from Bulk API, and a spent request limit a 403.  A code not in the table is read by its
words.  The pydantic models are in ``toolerrors.salesforce``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Response, Shape, Source, canonical_row, home, with_extra
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_bulk", "read_salesforce", "write"]


rows = Rows("salesforce")

# fmt: off
ROWS: Final = (
    # The REST API's codes (its StatusCode values), with the status the REST API sends them with
    rows.read("INVALID_SESSION_ID", ErrorKind.UNAUTHENTICATED, False, "The session ID or OAuth token used has expired or is invalid: log in again, or refresh the token.", status=401, writes=True),
    rows.read("INVALID_AUTH_HEADER", ErrorKind.UNAUTHENTICATED, False, "The Authorization header is missing or is not a valid OAuth token.", status=401),
    rows.read("INVALID_OPERATION_WITH_EXPIRED_PASSWORD", ErrorKind.UNAUTHENTICATED, False, "The user's password has expired: set a new one before any other call."),
    rows.read("REQUEST_LIMIT_EXCEEDED", ErrorKind.RATE_LIMITED, True, "The org has exceeded its API request limit (TotalRequests, over a rolling 24 hours) or its limit of concurrent long requests: wait before trying again.", status=403, writes=True),
    rows.read("API_DISABLED_FOR_ORG", ErrorKind.PERMISSION_DENIED, False, "The API is not enabled for this organization: its edition or settings must allow it.", status=403),
    rows.read("API_CURRENTLY_DISABLED", ErrorKind.PERMISSION_DENIED, False, "The API is disabled for this user: the profile needs the API Enabled permission.", status=403),
    rows.read("INSUFFICIENT_ACCESS_OR_READONLY", ErrorKind.PERMISSION_DENIED, False, "The user may not do this to the record: it is read-only for them, or not shared with them.", status=400, writes=True),
    rows.read("INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY", ErrorKind.PERMISSION_DENIED, False, "The user has no access to a record the request refers to.", status=400),
    rows.read("NOT_FOUND", ErrorKind.NOT_FOUND, False, "The requested resource does not exist: check the URI (and its API version) and that the record is shared with the user.", status=404, writes=True),
    rows.read("ENTITY_IS_DELETED", ErrorKind.NOT_FOUND, False, "The record has been deleted.", status=404),
    rows.read("INVALID_FIELD", ErrorKind.INVALID_INPUT, False, "A field named in the query or the body does not exist, or its value is not of its type: the message says which.", status=400, writes=True),
    rows.read("INVALID_FIELD_FOR_INSERT_UPDATE", ErrorKind.INVALID_INPUT, False, "A field may not be created or updated: it is read-only, or its security settings keep it from the user's profile.", status=400),
    rows.read("INVALID_TYPE", ErrorKind.INVALID_INPUT, False, "The sObject type is not supported: a custom object's name ends in __c.", status=400),
    rows.read("INVALID_CROSS_REFERENCE_KEY", ErrorKind.INVALID_INPUT, False, "An ID the record refers to is not valid for that field.", status=400),
    rows.read("INVALID_QUERY_FILTER_OPERATOR", ErrorKind.INVALID_INPUT, False, "An operator in the query's filter is not valid for the field.", status=400),
    rows.read("MALFORMED_ID", ErrorKind.INVALID_INPUT, False, "An ID is not a valid Salesforce ID.", status=400),
    rows.read("MALFORMED_QUERY", ErrorKind.INVALID_INPUT, False, "The SOQL query is not well formed: the message says where.", status=400),
    rows.read("MALFORMED_SEARCH", ErrorKind.INVALID_INPUT, False, "The SOSL search is not well formed: the message says where.", status=400),
    rows.read("JSON_PARSER_ERROR", ErrorKind.INVALID_INPUT, False, "The request body is not valid JSON, or not the JSON the resource takes.", status=400),
    rows.read("REQUIRED_FIELD_MISSING", ErrorKind.INVALID_INPUT, False, "A required field is missing: the fields list says which.", status=400),
    rows.read("FIELD_CUSTOM_VALIDATION_EXCEPTION", ErrorKind.INVALID_INPUT, False, "A validation rule of the org refused the record: the message is the rule's.", status=400),
    rows.read("STRING_TOO_LONG", ErrorKind.INVALID_INPUT, False, "A value is longer than its field allows.", status=400),
    rows.read("QUERY_TOO_COMPLICATED", ErrorKind.TOO_LARGE, False, "The query selects too many fields, or its filter conditions are too complicated.", status=400),
    rows.read("EXCEEDED_ID_LIMIT", ErrorKind.TOO_LARGE, False, "The request names more IDs than one call may.", status=400),
    rows.read("OPERATION_TOO_LARGE", ErrorKind.TOO_LARGE, False, "The query's result, or the operation, is too large: narrow it.", status=400, writes=True),
    rows.read("DUPLICATE_VALUE", ErrorKind.CONFLICT, False, "A record already has this value in a field that must be unique.", status=400, writes=True),
    rows.read("DUPLICATES_DETECTED", ErrorKind.CONFLICT, False, "A duplicate rule of the org found the record a duplicate of another.", status=400),
    rows.read("UNABLE_TO_LOCK_ROW", ErrorKind.CONFLICT, True, "Another operation holds the record locked: try again after it ends.", status=400),
    rows.read("STORAGE_LIMIT_EXCEEDED", ErrorKind.PAYMENT_REQUIRED, False, "The org has used up its data storage: free some, or buy more.", status=400, writes=True),
    rows.read("REQUEST_RUNNING_TOO_LONG", ErrorKind.UNKNOWN_OUTCOME, None, "The request ran too long and was stopped: it may have been done in part.", writes=True),
    rows.read("SERVER_UNAVAILABLE", ErrorKind.UNAVAILABLE, True, "The server is unavailable, down for maintenance or overloaded: try again later.", status=503, writes=True),
    rows.read("UNKNOWN_EXCEPTION", ErrorKind.INTERNAL, None, "An error occurred within Salesforce, so the request could not be completed.", status=500, writes=True),
    rows.read("API_ERROR", ErrorKind.UNKNOWN, None, "A generic API error: the message says what, and the status decides.", writes=True),
    # Bulk API's exception codes, in camel case
    rows.read("InvalidSessionId", ErrorKind.UNAUTHENTICATED, False, "Bulk API: the specified session ID is invalid: log in again."),
    rows.read("ExceededQuota", ErrorKind.RATE_LIMITED, True, "Bulk API: the job or batch exceeds the number allowed for the past 24 hours."),
    rows.read("FeatureNotEnabled", ErrorKind.PERMISSION_DENIED, False, "Bulk API: Bulk API is not enabled for this organization."),
    rows.read("InvalidUser", ErrorKind.PERMISSION_DENIED, False, "Bulk API: the user lacks the permissions, or the job or batch was created by another user."),
    rows.read("InvalidBatch", ErrorKind.INVALID_INPUT, False, "Bulk API: the batch ID is invalid, or its content is malformed."),
    rows.read("InvalidJob", ErrorKind.INVALID_INPUT, False, "Bulk API: the job ID is invalid."),
    rows.read("InvalidJobState", ErrorKind.CONFLICT, False, "Bulk API: the job state in a job update is invalid."),
    rows.read("InvalidOperation", ErrorKind.INVALID_INPUT, False, "Bulk API: the operation in the job's URI is invalid."),
    rows.read("InvalidUrl", ErrorKind.INVALID_INPUT, False, "Bulk API: the URI is invalid."),
    rows.read("InvalidXML", ErrorKind.INVALID_INPUT, False, "Bulk API: the XML in the request body is invalid."),
    rows.read("ClientInputError", ErrorKind.INVALID_INPUT, False, "Bulk API: the operation failed with an unknown client-side error."),
    rows.read("TooManyLockFailure", ErrorKind.CONFLICT, True, "Bulk API: too many lock failures while processing the batch: resubmit it, or process the job serially."),
    rows.read("Timeout", ErrorKind.UNKNOWN_OUTCOME, None, "Bulk API: the connection timed out while the batch was processed: it may have been done in part."),
    rows.read("Unknown", ErrorKind.UNKNOWN, None, "Bulk API: an exception with an unknown cause."),
    *rows.write("INVALID_SESSION_ID", ErrorKind.NOT_CONNECTED),
    *rows.write("INSUFFICIENT_ACCESS_OR_READONLY", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("INVALID_FIELD", ErrorKind.AMBIGUOUS, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("INVALID_TYPE", ErrorKind.UNSUPPORTED),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The REST API's codes, then Bulk API's."""

BULK_CODES: Final = frozenset(code for code in CODES if not code.isupper())
"""Bulk API's exception codes, in camel case where the REST API's are upper case."""

ERROR: Final = Shape(
    "error",
    (
        Field("message", (str,), required=True, fills="message"),
        Field("errorCode", (str,), required=True, fills="code",
              closed=frozenset(CODES) - BULK_CODES),
        Field("fields", (list,), samples=(["IsClosedOnCreate"], ["Name", "Email"])),
    ),
    model="ErrorObject",
)  # fmt: skip
"""One REST API error object: Salesforce sends an array of them."""

BULK: Final = Shape(
    "bulk error",
    (
        Field("exceptionCode", (str,), required=True, fills="code", closed=BULK_CODES),
        Field("exceptionMessage", (str,), required=True, fills="message"),
    ),
    model="BulkError",
    codes=BULK_CODES,
)
"""Bulk API 1.0's error."""


def _read(d: Mapping[str, Any], strict: bool, where: str, *, bulk: bool) -> UnifiedError:
    """A REST API error, or with ``bulk`` a Bulk API one: a code of the other API's is
    none of its own."""
    shape, code_key, said = (
        (BULK, "exceptionCode", "exceptionMessage") if bulk else (ERROR, "errorCode", "message")
    )
    shape.check(d, strict, where)
    code, message = d[code_key], d[said]
    row = read_row("salesforce", code, None) if (code in BULK_CODES) is bulk else None
    kind, retryable = row_or_words(row, code, message)
    return make(kind, message, retryable=retryable, vendor="salesforce", code=code, extra=d)


def read_salesforce(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"message": text, "errorCode": text, "fields"?: [...]}``."""
    return _read(d, strict, where, bulk=False)


def read_bulk(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"exceptionCode": text, "exceptionMessage": text}``."""
    return _read(d, strict, where, bulk=True)


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as one REST API error object (Salesforce sends them in an array); at
    home, in the shape it came in, with its ``fields``."""
    if not home(error, "salesforce") or error.code is None:
        return {"message": error.message, "errorCode": canonical_row(error, "salesforce").code}
    if error.code in BULK_CODES:
        return with_extra({"exceptionCode": error.code, "exceptionMessage": error.message}, error)
    return with_extra({"message": error.message, "errorCode": error.code}, error)


def example(row: Row, message: str) -> dict[str, Any]:
    """The error object as Salesforce sends it (the REST API's in its array)."""
    if row.code in BULK_CODES:
        return {"exceptionCode": row.code, "exceptionMessage": message}
    return {"message": message, "errorCode": row.code}


SOURCE: Final = Source(
    name="salesforce",
    title="Salesforce",
    codes=CODES,
    shapes=(ERROR, BULK),
    rows=ROWS,
    claims=(
        Claim(
            231,
            "errorCode",
            read_salesforce,
            "one of Salesforce's documented `errorCode`s beside a text `message` (the"
            " REST API's error, the first of its array)",
            is_a=str,
            one_of=frozenset(CODES) - BULK_CODES,
            texts=("message",),
        ),
        Claim(
            232,
            "exceptionCode",
            read_bulk,
            "a text `exceptionCode` beside a text `exceptionMessage` (Bulk API's error)",
            is_a=str,
            texts=("exceptionMessage",),
        ),
    ),
    write=write,
    models=".salesforce",
    example=example,
    docs="salesforce.md",
    # simple-salesforce's SalesforceError keeps the status and the parsed body
    responses=(Response("status", "headers", ("content",)),),
)
