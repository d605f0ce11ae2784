"""Google APIs' errors (AIP-193): wrapped, bare, numbered and transcoded statuses, and their details."""

from __future__ import annotations

import json

import pytest

from toolerrors import ErrorKind, UnifiedError, convert, from_http, parse


def test_variants_read_alike() -> None:
    """Wrapped, bare, numbered, in an array, or as the JSON text of another error."""
    status = {"code": 404, "message": "Not found.", "status": "NOT_FOUND"}
    wrapped = parse({"error": status})
    assert (wrapped.vendor, wrapped.kind, wrapped.status_code) == (
        "google",
        ErrorKind.NOT_FOUND,
        404,
    )
    assert parse(status).kind is ErrorKind.NOT_FOUND  # a bare Status
    assert parse({"code": 5, "message": "gone", "details": []}).code == "NOT_FOUND"  # gRPC
    assert parse([{"error": status}]) == wrapped
    inner = parse({"error": {"message": '{"error": {"code": 404, "message": "Not found.", '
                                        '"status": "NOT_FOUND"}}', "code": 404,
                             "status": "Not Found"}})  # fmt: skip
    assert (inner.kind, inner.message) == (ErrorKind.NOT_FOUND, "Not found.")
    assert convert({"error": status}, "google") == {"error": status}  # type: ignore[arg-type]


def test_an_inner_error_is_never_retried_more_than_its_own_status() -> None:
    """A message that is the JSON text of another error decides, unless that error would
    be retried more than the outer status says: a 429 inside an UNAUTHENTICATED stays
    unauthenticated; inside a status that says nothing, it is the rate limit."""
    limited = '{"error": {"code": 429, "message": "Slow.", "status": "RESOURCE_EXHAUSTED"}}'
    outer = parse({"error": {"code": 401, "message": limited, "status": "UNAUTHENTICATED"}})
    assert (outer.kind, outer.retryable, outer.message) == (
        ErrorKind.UNAUTHENTICATED,
        False,
        limited,
    )
    bare = parse({"error": {"code": 500, "message": limited, "status": "Internal"}})
    assert (bare.kind, bare.retryable, bare.message) == (ErrorKind.RATE_LIMITED, True, "Slow.")


def test_an_array_with_a_success_beside_its_error_is_never_retried_whole() -> None:
    """``[{"error": ...}, {...}]`` whose other item is no error partly took effect: the
    first item's kind, never retried, and the failed item named by its place."""
    failed = {"error": {"code": 503, "message": "Unavailable.", "status": "UNAVAILABLE"}}
    error = parse([failed, {"id": "f1", "kind": "drive#file"}])
    assert (error.kind, error.retryable, error.message) == (
        ErrorKind.UNAVAILABLE,
        False,
        "Unavailable. [1 of 2 items of the batch failed (#0); the others may have taken"
        " effect: re-send only the failed ones]",
    )
    assert parse([failed]) == parse(failed)
    assert parse([failed]).retryable is True


def test_an_inner_error_never_makes_the_outer_one_more_retryable() -> None:
    """A message that is the JSON text of an upstream 503 is read as the error only when
    it invites no more retries than the outer status: a refusal or a payment error
    written to Google with it reads back as a permission error, not retried."""
    upstream = json.dumps(
        {"error": {"code": 503, "message": "Unavailable.", "status": "UNAVAILABLE"}}
    )
    for kind in (ErrorKind.REFUSED, ErrorKind.PAYMENT_REQUIRED):
        written = convert(UnifiedError(kind, upstream, retryable=False), "google")
        back = parse(written)
        assert (back.kind, back.retryable, back.code, back.message) == (
            ErrorKind.PERMISSION_DENIED, False, "PERMISSION_DENIED", upstream,
        )  # fmt: skip
        assert convert(written, "google") == written  # type: ignore[arg-type]
    wrapped = {"error": {"code": 403, "message": upstream, "status": "PERMISSION_DENIED"}}
    assert (parse(wrapped).kind, parse(wrapped).retryable) == (ErrorKind.PERMISSION_DENIED, False)
    unsaid = {"error": {"code": 503, "message": upstream, "status": "Service Unavailable"}}
    assert (parse(unsaid).kind, parse(unsaid).message) == (ErrorKind.UNAVAILABLE, "Unavailable.")


def test_details_decide_before_the_status() -> None:
    """ErrorInfo beats the status; RetryInfo gives the wait; DebugInfo stays out."""
    error = parse({"error": {"code": 429, "message": "Slow down.", "status": "RESOURCE_EXHAUSTED",
                             "details": [
                                 {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2.5s"},
                                 {"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "stack at x.cc:1"},
                             ]}})  # fmt: skip
    assert (error.kind, error.retry_after, error.message) == (
        ErrorKind.RATE_LIMITED,
        2.5,
        "Slow down.",
    )
    billing = parse({"error": {"code": 429, "status": "RESOURCE_EXHAUSTED",
                               "message": "You exceeded your current quota, please check your plan and billing details."}})  # fmt: skip
    assert (billing.kind, billing.retryable) == (ErrorKind.PAYMENT_REQUIRED, False)
    written = convert({"ok": False, "code": "http_429", "message": "Busy.", "retryable": True,
                       "how_to_fix": "Retryable."}, "google")  # type: ignore[arg-type]  # fmt: skip
    assert written == {"error": {"code": 429, "message": "Busy.", "status": "RESOURCE_EXHAUSTED"}}


_GEMINI_QUOTA = "You exceeded your current quota, please check your plan and billing details."
_RETRY_26 = {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "26s"}


def _violated(quota_id: str) -> dict[str, object]:
    return {
        "@type": "type.googleapis.com/google.rpc.QuotaFailure",
        "violations": [
            {
                "quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                "quotaId": quota_id,
            }
        ],
    }


@pytest.mark.parametrize(
    ("details", "expected"),
    [
        ([_RETRY_26], (ErrorKind.RATE_LIMITED, True, 26.0)),
        (
            [_violated("GenerateRequestsPerMinutePerProjectPerModel-FreeTier")],
            (ErrorKind.RATE_LIMITED, True, None),
        ),
        (
            [_violated("GenerateRequestsPerMinutePerProjectPerModel-FreeTier"), _RETRY_26],
            (ErrorKind.RATE_LIMITED, True, 26.0),
        ),
        (
            [_violated("GenerateRequestsPerDayPerProjectPerModel-FreeTier"), _RETRY_26],
            (ErrorKind.RATE_LIMITED, False, 26.0),
        ),
        (
            [_violated("GenerateRequestsPerProjectPerModel")],
            (ErrorKind.PAYMENT_REQUIRED, False, None),
        ),
        ([], (ErrorKind.PAYMENT_REQUIRED, False, None)),
    ],
    ids=["retry-info", "per-minute", "per-minute-and-wait", "per-day", "no-period", "nothing"],
)
def test_a_quota_with_a_period_or_a_wait_is_a_rate_limit(
    details: list[object], expected: tuple[ErrorKind, bool | None, float | None]
) -> None:
    """Gemini's "check your plan and billing details" 429 is a rate limit when its
    QuotaFailure names a minute or a day, or a RetryInfo gives a wait (a day's is not
    retried), and billing only with neither."""
    error = parse(
        {
            "error": {
                "code": 429,
                "message": _GEMINI_QUOTA,
                "status": "RESOURCE_EXHAUSTED",
                "details": details,
            }
        }
    )
    assert (error.kind, error.retryable, error.retry_after) == expected


def test_a_status_without_its_wrapper_is_google_s() -> None:
    """A ``google.rpc.Status`` as gRPC-JSON transcoding surfaces it, with no ``error``
    around it: read by its numeric code and its typed details."""
    error = parse(
        {
            "code": 429,
            "message": "Quota exceeded for quota metric 'Requests'.",
            "details": [
                {
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "RATE_LIMIT_EXCEEDED",
                    "domain": "googleapis.com",
                }
            ],
        }
    )
    assert (error.vendor, error.kind, error.retryable, error.status_code) == (
        "google",
        ErrorKind.RATE_LIMITED,
        True,
        429,
    )


def test_a_grpc_status_without_googles_mark_names_no_system() -> None:
    """Pinecone's answer to a query of the wrong dimension (a gRPC-gateway server's
    ``google.rpc.Status``, no ``status`` name, no Google domain): read by the gRPC code
    table, named as no system's."""
    body = {
        "code": 3,
        "message": "Query vector dimension 76800 does not match the dimension of the index 768",
        "details": [],
    }
    error = parse(body)
    assert (error.vendor, error.kind, error.retryable, error.code) == (
        None,
        ErrorKind.INVALID_INPUT,
        False,
        "INVALID_ARGUMENT",
    )
    assert from_http(400, {}, body).vendor is None
