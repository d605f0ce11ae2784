"""AWS as a source: the JSON protocols' errors, ``{"__type", "message"}``.

A service on the ``awsJson`` protocols (DynamoDB, Kinesis, SQS, ...) answers a failed call
with ``{"__type": "ResourceNotFoundException", "message": ...}``; the type may carry the
service's namespace (``com.amazonaws.dynamodb.v20120810#ResourceNotFoundException``) and
the message may be spelled ``Message``.  A ``restJson1`` service (Bedrock, Lambda, EFS)
names the error in the ``x-amzn-ErrorType`` header, with a suffix
(``ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/``), and sends
only ``{"message": ...}``: `toolerrors.from_http` reads such a body as if the header's
value were its ``__type``.  The code is the type's last name, as botocore takes it.

AWS throttles with a 400 as often as with a 429, so the code, not the status, decides.
The codes read are the AWS SDKs' retry lists (botocore's throttling and transient codes,
the Smithy SDKs' clock-skew codes), the errors every service may return, and Bedrock's.
Every service defines more; a code not in the table is read by the words of its name
(``...NotFound...``, ``...AlreadyExists...``), else by its message's words, else by the
status.  The pydantic model is in ``toolerrors.aws``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._errors import text_of
from .._kinds import ErrorKind
from .._source import REQUEST_ID, Claim, Field, Shape, Source, canonical_row, in_body, with_extra
from .._table import Row, Rows, codes_of, error_status, of_status, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_aws", "write"]


rows = Rows("aws")

_THROTTLED: Final = "Throttled: botocore's standard retry mode retries it, with backoff."

# fmt: off
ROWS: Final = (
    # botocore's throttling codes (botocore.retries.standard), every one retried
    rows.read("ThrottlingException", ErrorKind.RATE_LIMITED, True, "The request was denied due to request throttling: slow down and retry with backoff.", status=400, writes=True),
    *(rows.read(code, ErrorKind.RATE_LIMITED, True, _THROTTLED) for code in (
        "Throttling", "ThrottledException", "RequestThrottledException",
        "TooManyRequestsException", "TransactionInProgressException",
        "RequestLimitExceeded", "BandwidthLimitExceeded", "LimitExceededException",
        "RequestThrottled", "PriorRequestNotComplete", "EC2ThrottledException",
    )),
    rows.read("ProvisionedThroughputExceededException", ErrorKind.RATE_LIMITED, True, "DynamoDB: requests exceed the table's provisioned throughput; the AWS SDKs retry it with backoff.", status=400),
    rows.read("SlowDown", ErrorKind.RATE_LIMITED, True, "S3: reduce your request rate.", status=503),
    # botocore's transient codes
    rows.read("RequestTimeout", ErrorKind.UNAVAILABLE, True, "The connection was not read from or written to in time; the request was not processed.", status=400),
    rows.read("RequestTimeoutException", ErrorKind.UNAVAILABLE, True, "The request timed out before it was processed; the AWS SDKs retry it."),
    # the Smithy SDKs' clock-skew codes: the SDK corrects its clock and retries once
    *(rows.read(code, ErrorKind.UNAUTHENTICATED, False, "The signature is refused: the secret key is wrong, or the clock is off (the AWS SDKs correct the clock from the response and retry once).") for code in (
        "AuthFailure", "InvalidSignatureException", "RequestExpired",
        "RequestInTheFuture", "RequestTimeTooSkewed", "SignatureDoesNotMatch",
    )),
    # the errors every service may return (AWS's "Common errors")
    rows.read("UnrecognizedClientException", ErrorKind.UNAUTHENTICATED, False, "The access key ID or security token is invalid.", status=403, writes=True),
    rows.read("InvalidClientTokenId", ErrorKind.UNAUTHENTICATED, False, "The X.509 certificate or AWS access key ID provided does not exist in our records.", status=403),
    rows.read("MissingAuthenticationToken", ErrorKind.UNAUTHENTICATED, False, "The request must contain a valid (registered) AWS access key ID or X.509 certificate.", status=403),
    rows.read("IncompleteSignature", ErrorKind.UNAUTHENTICATED, False, "The request signature does not conform to AWS standards.", status=400),
    rows.read("ExpiredTokenException", ErrorKind.UNAUTHENTICATED, False, "The security token included in the request is expired: get new temporary credentials.", status=400),
    rows.read("AccessDeniedException", ErrorKind.PERMISSION_DENIED, False, "You do not have sufficient access to perform this action.", status=403, writes=True),
    rows.read("NotAuthorized", ErrorKind.PERMISSION_DENIED, False, "You do not have permission to perform this action.", status=400),
    rows.read("OptInRequired", ErrorKind.PERMISSION_DENIED, False, "The access key ID needs a subscription for the service.", status=403),
    rows.read("ValidationException", ErrorKind.INVALID_INPUT, False, "The input fails to satisfy the constraints specified by an AWS service.", status=400, writes=True),
    rows.read("ValidationError", ErrorKind.INVALID_INPUT, False, "The input fails to satisfy the constraints specified by an AWS service.", status=400),
    rows.read("SerializationException", ErrorKind.INVALID_INPUT, False, "The request body could not be read as the operation's input.", status=400),
    rows.read("InvalidParameterCombination", ErrorKind.INVALID_INPUT, False, "Parameters that must not be used together were used together.", status=400),
    rows.read("InvalidParameterValue", ErrorKind.INVALID_INPUT, False, "An invalid or out-of-range value was supplied for the input parameter.", status=400),
    rows.read("InvalidQueryParameter", ErrorKind.INVALID_INPUT, False, "The AWS query string is malformed or does not adhere to AWS standards.", status=400),
    rows.read("MalformedQueryString", ErrorKind.INVALID_INPUT, False, "The query string contains a syntax error."),
    rows.read("MissingAction", ErrorKind.INVALID_INPUT, False, "The request is missing an action or a required parameter.", status=400),
    rows.read("MissingParameter", ErrorKind.INVALID_INPUT, False, "A required parameter for the specified action is not supplied.", status=400),
    rows.read("InvalidAction", ErrorKind.UNSUPPORTED, False, "The action or operation requested is invalid: check its spelling.", status=400, writes=True),
    rows.read("UnknownOperationException", ErrorKind.UNSUPPORTED, False, "The service does not know the operation the request names.", status=400),
    rows.read("ResourceNotFoundException", ErrorKind.NOT_FOUND, False, "The requested resource could not be found.", status=404, writes=True),
    rows.read("QueueDoesNotExist", ErrorKind.NOT_FOUND, False, "SQS: the specified queue does not exist.", status=400),
    rows.read("UnknownResourceFault", ErrorKind.NOT_FOUND, False, "SWF: the named resource cannot be found.", status=400),
    rows.read("ConflictException", ErrorKind.CONFLICT, False, "The request conflicts with the resource's current state.", status=409, writes=True),
    rows.read("ResourceInUseException", ErrorKind.CONFLICT, False, "The resource is being changed by another operation, or is in use.", status=400),
    rows.read("ConditionalCheckFailedException", ErrorKind.CONFLICT, False, "DynamoDB: a condition specified in the operation could not be evaluated as true.", status=400),
    rows.read("ServiceQuotaExceededException", ErrorKind.RATE_LIMITED, False, "The request exceeds a service quota for the account (tokens per day, say): the AWS SDKs do not retry it; wait for the quota's period or ask for more.", status=400),
    rows.read("RequestEntityTooLargeException", ErrorKind.TOO_LARGE, False, "The request payload is too large.", status=413, writes=True),
    rows.read("InternalFailure", ErrorKind.INTERNAL, None, "The request processing has failed because of an unknown error, exception or failure.", status=500, writes=True),
    rows.read("InternalServerException", ErrorKind.INTERNAL, None, "An internal server error occurred.", status=500),
    rows.read("InternalServerError", ErrorKind.INTERNAL, None, "An error occurred on the server side.", status=500),
    rows.read("ServiceUnavailable", ErrorKind.UNAVAILABLE, True, "The request has failed due to a temporary failure of the server.", status=503),
    rows.read("ServiceUnavailableException", ErrorKind.UNAVAILABLE, True, "The service is temporarily unable to handle the request; try again later.", status=503, writes=True),
    # Bedrock's
    rows.read("ModelNotReadyException", ErrorKind.UNAVAILABLE, True, "Bedrock: the model is not ready to serve inference requests; the AWS SDK retries it.", status=429),
    rows.read("ModelTimeoutException", ErrorKind.UNKNOWN_OUTCOME, None, "Bedrock: the request took too long to process.", status=408, writes=True),
    rows.read("ModelErrorException", ErrorKind.UPSTREAM_ERROR, None, "Bedrock: the model failed while processing the request.", status=424),
    rows.read("ModelStreamErrorException", ErrorKind.UPSTREAM_ERROR, None, "Bedrock: the model failed while streaming the response.", status=424),
    *rows.write("UnrecognizedClientException", ErrorKind.NOT_CONNECTED),
    *rows.write("AccessDeniedException", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED),
    *rows.write("ValidationException", ErrorKind.AMBIGUOUS, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("InternalFailure", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The codes read by name: the AWS SDKs' retry lists, AWS's common errors and Bedrock's."""

NAMED: Final[tuple[tuple[str, ErrorKind, bool | None], ...]] = (
    ("NotFound", ErrorKind.NOT_FOUND, False),
    ("DoesNotExist", ErrorKind.NOT_FOUND, False),
    ("NoSuch", ErrorKind.NOT_FOUND, False),
    ("AlreadyExists", ErrorKind.CONFLICT, False),
    ("Conflict", ErrorKind.CONFLICT, False),
    ("InUse", ErrorKind.CONFLICT, False),
    ("Throttl", ErrorKind.RATE_LIMITED, True),
    ("AccessDenied", ErrorKind.PERMISSION_DENIED, False),
    ("NotAuthorized", ErrorKind.PERMISSION_DENIED, False),
    ("TooLarge", ErrorKind.TOO_LARGE, False),
    ("Validation", ErrorKind.INVALID_INPUT, False),
    ("Malformed", ErrorKind.INVALID_INPUT, False),
    ("Invalid", ErrorKind.INVALID_INPUT, False),
    ("Unsupported", ErrorKind.UNSUPPORTED, False),
    ("Unavailable", ErrorKind.UNAVAILABLE, True),
)
"""How a code not in the table is read: the first of these words in its name (AWS names
its errors for what happened: ``FileSystemAlreadyExists``, ``StreamNotFoundException``)."""


def _type_of(row: Row, name: str, number: int) -> str:
    """A ``__type`` for ``row``'s code, with a namespace or without, as services send it."""
    return f"com.amazonaws.dynamodb.v20120810#{row.code}" if number % 2 else row.code


ERROR: Final = Shape(
    "error",
    (
        Field("__type", (str,), required=True, samples=_type_of),  # kept as sent: the code is its last name
        Field("message", (str,)),  # kept as sent: absent, the row's meaning stands in
        Field("Message", (str,)),  # the spelling some services use, kept as sent
    ),
    model="ErrorResponse",
)  # fmt: skip


_KNOWN: Final = frozenset(CODES)


def code_of(type_: str) -> str:
    """The code a ``__type`` or ``x-amzn-ErrorType`` names, as botocore takes it: before
    any ``:``, after any ``#``."""
    return type_.partition(":")[0].rpartition("#")[2]


def kind_of(code: str, message: str | None) -> tuple[ErrorKind, bool | None]:
    """The kind and retry advice: the code's row, else the words of its name, else its
    message's words; ``unknown`` when none says (the status then decides)."""
    row = read_row("aws", code, None)
    if row is None:
        for word, kind, retryable in NAMED:
            if word in code:
                return kind, retryable
    return row_or_words(row, message)


def _message(d: Mapping[str, Any]) -> str | None:
    message = d.get("message")
    return message if type(message) is str else d.get("Message")


def read_aws(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"__type": "[namespace#]Code", "message"?: text, "Message"?: text}``."""
    ERROR.check(d, strict, where)
    code = code_of(d["__type"])
    message = _message(d)
    kind, retryable = kind_of(code, message)
    row = read_row("aws", code, None)
    return make(
        kind,
        message or (row.meaning if row is not None else f"AWS {code}"),
        retryable=retryable,
        vendor="aws",
        code=code or None,
        extra=d,
    )


def _at_home(error: UnifiedError) -> bool:
    """The error came from AWS and its code still reads as its kind."""
    if error.vendor != "aws":
        return False
    message = _message(error.extra) if error.extra else error.message
    return kind_of(error.code or "", message)[0] is error.kind


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as an AWS JSON error.  At home its ``__type`` (namespace and all) and its
    other fields come back as they were sent; elsewhere it is the kind's code."""
    if _at_home(error):
        extra = error.extra or {}
        sent = extra.get("__type")
        code = error.code or ""
        out = {"__type": sent if type(sent) is str and code_of(sent) == code else code}
        if not extra:
            out["message"] = error.message
        return with_extra(out, error)
    return {"__type": canonical_row(error, "aws").code, "message": error.message}


def example(row: Row, message: str) -> dict[str, Any]:
    """The error as DynamoDB sends it, with its namespace in the ``__type``."""
    return {"__type": f"com.amazonaws.dynamodb.v20120810#{row.code}", "message": message}


def _an_error(d: Mapping[str, Any]) -> bool:
    """An AWS error: a code the table knows, or any ``__type`` beside a message.  A type
    hint alone (``{"__type": "Shape:#Namespace", ...}``) in a success is not one."""
    return code_of(d["__type"]) in _KNOWN or type(_message(d)) is str


def _object(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, dict) else {}


def _read_client_error(exc: BaseException) -> UnifiedError:
    """botocore's ``ClientError``, and the modeled errors built on it
    (``client.exceptions.ResourceNotFoundException``), by the response botocore parsed:
    ``{"Error": {"Code", "Message"}, "ResponseMetadata": {"HTTPStatusCode", "RequestId"}}``.
    A code that says nothing is read by the status."""
    response = _object(getattr(exc, "response", None))
    given, meta = _object(response.get("Error")), _object(response.get("ResponseMetadata"))
    code, message, status = given.get("Code"), given.get("Message"), meta.get("HTTPStatusCode")
    code = code if type(code) is str else ""
    message = message if type(message) is str and message else None
    status = error_status(status)
    kind, retryable = kind_of(code, message)
    if kind is ErrorKind.UNKNOWN and status is not None:
        kind, retryable = of_status(status) or (kind, retryable)
    rid = meta.get("RequestId")
    return make(
        kind,
        message or text_of(exc),
        retryable=retryable,
        status_code=status,
        vendor="aws",
        code=code or None,
        request_id=rid if type(rid) is str and rid else None,
    )


SOURCE: Final = Source(
    name="aws",
    title="AWS",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            360,
            "__type",
            read_aws,
            "a text `__type` that is a code AWS documents, or beside a `message`;"
            " never with ASP.NET's `ExceptionType` or `StackTrace`",
            is_a=str,
            refuses=("ExceptionType", "StackTrace"),
            when=_an_error,
        ),
        Claim(
            370,
            "__type",
            read_aws,
            "any text `__type` when asked for an error; never with ASP.NET's"
            " `ExceptionType` or `StackTrace`",
            is_a=str,
            refuses=("ExceptionType", "StackTrace"),
            parsing_only=True,
        ),
    ),
    write=write,
    models=".aws",
    example=example,
    docs="aws.md",
    headers={
        "x-amzn-errortype": in_body("__type"),
        "x-amzn-requestid": REQUEST_ID,
        "x-amz-request-id": REQUEST_ID,
    },
    exceptions={"botocore.exceptions.ClientError": _read_client_error},
)
