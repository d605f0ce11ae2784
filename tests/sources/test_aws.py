"""AWS errors: the JSON protocols' ``__type``, and the ``x-amzn-ErrorType`` header."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import Action, ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.aws import ErrorCode, ErrorResponse
from toolerrors.aws import parse as parse_model


@pytest.mark.parametrize(
    ("name", "code", "kind", "retryable"),
    [
        ("dynamodb-resource-not-found", "ResourceNotFoundException", ErrorKind.NOT_FOUND, False),
        ("dynamodb-put-item", "ProvisionedThroughputExceededException", ErrorKind.RATE_LIMITED, True),
        ("datapipeline-create-pipeline", "AccessDeniedException", ErrorKind.PERMISSION_DENIED, False),
        ("sqs-queue-does-not-exist", "QueueDoesNotExist", ErrorKind.NOT_FOUND, False),
        ("swf-deprecate-domain", "UnknownResourceFault", ErrorKind.NOT_FOUND, False),
        ("storagegateway-delete-gateway", "ValidationException", ErrorKind.INVALID_INPUT, False),
    ],
)  # fmt: skip
def test_each_error_reads_by_its_code_and_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind, retryable: bool
) -> None:
    """The code is the ``__type``'s last name, and decides; written back to AWS, the
    ``__type`` keeps its namespace and the message its spelling."""
    case = corpus_case("aws", name)
    body = case["body"]
    error = from_http(case["status"], case.get("headers", {}), body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "aws",
        code,
        kind,
        retryable,
    )
    assert error.message == body.get("message", body.get("Message"))
    assert convert(parse(body), "aws") == body


def test_throttling_at_400_is_a_rate_limit_retried() -> None:
    """AWS throttles with a 400: the code, not the status, decides (the status alone
    would make it invalid input, never retried)."""
    case = corpus_case("aws", "dynamodb-put-item")
    error = from_http(400, {}, case["body"])
    assert (error.kind, error.retryable, error.status_code) == (
        ErrorKind.RATE_LIMITED,
        True,
        400,
    )
    assert error.action is Action.WAIT_AND_RETRY


def test_the_header_names_the_error_a_body_does_not() -> None:
    """A ``restJson1`` body says only its message: ``x-amzn-ErrorType`` names the error
    (its ``:`` suffix dropped), and ``x-amzn-RequestId`` is the request id."""
    case = corpus_case("aws", "bedrock-throttling-too-many-tokens")
    error = from_http(case["status"], case["headers"], case["body"])
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "aws",
        "ThrottlingException",
        ErrorKind.RATE_LIMITED,
        True,
    )
    assert error.message == "Too many tokens, please wait before trying again."
    assert error.request_id == "ca47a5ce-e260-4824-aa0e-2e62669d5d6e"
    without = from_http(case["status"], {}, case["body"])
    assert without.vendor == "http"
    assert without.kind is ErrorKind.RATE_LIMITED  # the status still says it
    empty = from_http(404, {"X-Amzn-ErrorType": "ResourceNotFoundException:"}, b"")
    assert (empty.vendor, empty.kind) == ("aws", ErrorKind.NOT_FOUND)
    assert empty.message == "The requested resource could not be found."
    assert from_http(400, {"x-amz-request-id": "4442587FB7D0A2F9"}).request_id == (
        "4442587FB7D0A2F9"
    )


def test_a_code_not_in_the_table_reads_by_its_name() -> None:
    """``FileSystemAlreadyExists`` is a conflict: AWS names its errors for what
    happened."""
    case = corpus_case("aws", "efs-file-system-already-exists")
    error = from_http(case["status"], case["headers"], case["body"])
    assert (error.vendor, error.code, error.kind) == (
        "aws",
        "FileSystemAlreadyExists",
        ErrorKind.CONFLICT,
    )
    assert error.message == "File system already exists"
    assert parse({"__type": "StreamNotFoundException", "message": "x"}).kind is (
        ErrorKind.NOT_FOUND
    )
    unnamed = corpus_case("aws", "directconnect-delete-connection")
    read = from_http(unnamed["status"], {}, unnamed["body"])
    assert (read.vendor, read.code, read.kind) == (
        "aws",
        "DirectConnectClientException",
        ErrorKind.INVALID_INPUT,
    )


def test_the_sdks_retry_lists() -> None:
    """botocore's throttling and transient codes are retried; the clock-skew codes are
    a signature refused, never retried as they are."""
    for code in ("Throttling", "SlowDown", "PriorRequestNotComplete", "EC2ThrottledException"):
        error = parse({"__type": code, "message": "Rate exceeded"})
        assert (error.kind, error.retryable) == (ErrorKind.RATE_LIMITED, True), code
    timeout = parse({"__type": "RequestTimeout", "message": "x"})
    assert (timeout.kind, timeout.retryable) == (ErrorKind.UNAVAILABLE, True)
    skewed = parse({"__type": "RequestTimeTooSkewed", "message": "x"})
    assert (skewed.kind, skewed.retryable) == (ErrorKind.UNAUTHENTICATED, False)


def test_a_type_hint_is_no_error() -> None:
    """A ``__type`` with no message and no known code is a type hint; ASP.NET's error
    (``ExceptionType``, ``StackTrace``) is not AWS's."""
    assert error_of({"__type": "Point:#Geometry", "x": 1}) is None
    aspnet = {
        "__type": "System.ArgumentException",
        "Message": "Invalid JSON primitive.",
        "ExceptionType": "System.ArgumentException",
        "StackTrace": "   at System.Web.Script...",
    }
    assert from_http(500, {}, aspnet).vendor == "http"


def test_elsewhere_an_error_is_written_by_its_kind() -> None:
    """Another source's error gets the code its kind is written as."""
    error = parse(
        {"error": {"type": "not_found_error", "message": "No such model"}, "type": "error"}
    )
    assert convert(error, "aws") == {
        "__type": "ResourceNotFoundException",
        "message": "No such model",
    }


def test_the_model() -> None:
    """``type`` is the wire's ``__type``; ``code`` its last name; strict reading refuses
    fields the shape does not have, never an unknown code."""
    body = corpus_case("aws", "sqs-queue-does-not-exist")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorResponse)
    assert (model.type, model.code) == ("com.amazonaws.sqs#QueueDoesNotExist", "QueueDoesNotExist")
    assert model.to_wire() == body
    assert parse_model({"__type": "SomeNewException", "message": "x"}, strict=True).code == (
        "SomeNewException"
    )
    with pytest.raises(ShapeError):
        parse_model({"__type": "ValidationException", "message": "x", "Type": "User"}, strict=True)
    with pytest.raises(ShapeError):
        parse({"__type": "ValidationException", "message": "x", "Type": "User"}, strict=True)
    assert ErrorCode("ThrottlingException") is ErrorCode.THROTTLING_EXCEPTION
