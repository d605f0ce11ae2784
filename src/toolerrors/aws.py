"""AWS errors: the JSON protocols' ``{"__type", "message"}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status and headers: a ``restJson1`` service (Bedrock, Lambda) names the error only in
its ``x-amzn-ErrorType`` header, which `toolerrors.from_http` reads as the body's
``__type``.  ``ErrorCode`` lists the codes read by name; every service defines more,
and any text ``__type`` is valid.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.aws import ROWS, code_of
from ._enum import TextEnum
from ._wire import WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The codes read by name: the AWS SDKs' throttling, transient and clock-skew lists,
    the errors every AWS service may return, and Bedrock's."""

    THROTTLING_EXCEPTION = "ThrottlingException"
    THROTTLING = "Throttling"
    THROTTLED_EXCEPTION = "ThrottledException"
    REQUEST_THROTTLED_EXCEPTION = "RequestThrottledException"
    TOO_MANY_REQUESTS_EXCEPTION = "TooManyRequestsException"
    TRANSACTION_IN_PROGRESS_EXCEPTION = "TransactionInProgressException"
    REQUEST_LIMIT_EXCEEDED = "RequestLimitExceeded"
    BANDWIDTH_LIMIT_EXCEEDED = "BandwidthLimitExceeded"
    LIMIT_EXCEEDED_EXCEPTION = "LimitExceededException"
    REQUEST_THROTTLED = "RequestThrottled"
    PRIOR_REQUEST_NOT_COMPLETE = "PriorRequestNotComplete"
    EC2_THROTTLED_EXCEPTION = "EC2ThrottledException"
    PROVISIONED_THROUGHPUT_EXCEEDED_EXCEPTION = "ProvisionedThroughputExceededException"
    SLOW_DOWN = "SlowDown"
    REQUEST_TIMEOUT = "RequestTimeout"
    REQUEST_TIMEOUT_EXCEPTION = "RequestTimeoutException"
    AUTH_FAILURE = "AuthFailure"
    INVALID_SIGNATURE_EXCEPTION = "InvalidSignatureException"
    REQUEST_EXPIRED = "RequestExpired"
    REQUEST_IN_THE_FUTURE = "RequestInTheFuture"
    REQUEST_TIME_TOO_SKEWED = "RequestTimeTooSkewed"
    SIGNATURE_DOES_NOT_MATCH = "SignatureDoesNotMatch"
    UNRECOGNIZED_CLIENT_EXCEPTION = "UnrecognizedClientException"
    INVALID_CLIENT_TOKEN_ID = "InvalidClientTokenId"
    MISSING_AUTHENTICATION_TOKEN = "MissingAuthenticationToken"
    INCOMPLETE_SIGNATURE = "IncompleteSignature"
    EXPIRED_TOKEN_EXCEPTION = "ExpiredTokenException"
    ACCESS_DENIED_EXCEPTION = "AccessDeniedException"
    NOT_AUTHORIZED = "NotAuthorized"
    OPT_IN_REQUIRED = "OptInRequired"
    VALIDATION_EXCEPTION = "ValidationException"
    VALIDATION_ERROR = "ValidationError"
    SERIALIZATION_EXCEPTION = "SerializationException"
    INVALID_PARAMETER_COMBINATION = "InvalidParameterCombination"
    INVALID_PARAMETER_VALUE = "InvalidParameterValue"
    INVALID_QUERY_PARAMETER = "InvalidQueryParameter"
    MALFORMED_QUERY_STRING = "MalformedQueryString"
    MISSING_ACTION = "MissingAction"
    MISSING_PARAMETER = "MissingParameter"
    INVALID_ACTION = "InvalidAction"
    UNKNOWN_OPERATION_EXCEPTION = "UnknownOperationException"
    RESOURCE_NOT_FOUND_EXCEPTION = "ResourceNotFoundException"
    QUEUE_DOES_NOT_EXIST = "QueueDoesNotExist"
    UNKNOWN_RESOURCE_FAULT = "UnknownResourceFault"
    CONFLICT_EXCEPTION = "ConflictException"
    RESOURCE_IN_USE_EXCEPTION = "ResourceInUseException"
    CONDITIONAL_CHECK_FAILED_EXCEPTION = "ConditionalCheckFailedException"
    SERVICE_QUOTA_EXCEEDED_EXCEPTION = "ServiceQuotaExceededException"
    REQUEST_ENTITY_TOO_LARGE_EXCEPTION = "RequestEntityTooLargeException"
    INTERNAL_FAILURE = "InternalFailure"
    INTERNAL_SERVER_EXCEPTION = "InternalServerException"
    INTERNAL_SERVER_ERROR = "InternalServerError"
    SERVICE_UNAVAILABLE = "ServiceUnavailable"
    SERVICE_UNAVAILABLE_EXCEPTION = "ServiceUnavailableException"
    MODEL_NOT_READY_EXCEPTION = "ModelNotReadyException"
    MODEL_TIMEOUT_EXCEPTION = "ModelTimeoutException"
    MODEL_ERROR_EXCEPTION = "ModelErrorException"
    MODEL_STREAM_ERROR_EXCEPTION = "ModelStreamErrorException"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from AWS's documentation and the SDKs' retry lists."""


class ErrorResponse(WireModel):
    """``{__type, message?, Message?}``: ``type`` is the wire's ``__type``."""

    type: StrictStr = Field(alias="__type")
    message: StrictStr | None = None
    Message: StrictStr | None = None

    @property
    def code(self) -> str:
        """The code the ``__type`` names: its last name (``ResourceNotFoundException``
        from ``com.amazonaws.dynamodb.v20120810#ResourceNotFoundException``)."""
        return code_of(self.type)


Payload: TypeAlias = ErrorResponse
"""An AWS JSON error."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """An AWS JSON error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
