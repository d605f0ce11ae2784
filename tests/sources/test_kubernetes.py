"""Kubernetes API errors: the API server's ``Status``, with apimachinery's reasons."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import (
    Action,
    ErrorKind,
    ShapeError,
    UnifiedError,
    convert,
    error_of,
    from_http,
    parse,
)
from toolerrors.kubernetes import Status, StatusReason
from toolerrors.kubernetes import parse as parse_model


@pytest.mark.parametrize(
    ("name", "kind", "retryable", "wait"),
    [
        ("not-found-pod", ErrorKind.NOT_FOUND, False, None),
        ("forbidden-named-pod", ErrorKind.PERMISSION_DENIED, False, None),
        ("conflict-modified-buildconfig", ErrorKind.CONFLICT, False, None),
        ("expired-watch", ErrorKind.CONFLICT, False, None),
        ("bad-request-container-name", ErrorKind.INVALID_INPUT, False, None),
        ("service-unavailable-paths-not-installed", ErrorKind.UNAVAILABLE, True, 5.0),
    ],
)
def test_each_status_reads_by_its_reason_and_goes_back_as_it_came(
    name: str, kind: ErrorKind, retryable: bool | None, wait: float | None
) -> None:
    """The reason decides; the code is the status; ``retryAfterSeconds`` is the wait."""
    body = corpus_case("kubernetes", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.status_code) == (
        "kubernetes",
        body["reason"],
        body["code"],
    )
    assert (error.kind, error.retryable, error.retry_after) == (kind, retryable, wait)
    assert error.message == body["message"]
    assert convert(error, "kubernetes") == body


def test_a_stale_object_is_read_again() -> None:
    """``Conflict`` and ``Expired`` both mean: get it again, then retry."""
    for name in ("conflict-modified-resourcequota", "expired-watch"):
        assert parse(corpus_case("kubernetes", name)["body"]).action is Action.READ_AGAIN


def test_never_read_as_googles_status() -> None:
    """A numeric ``code`` beside a ``message`` is Google's shape too; ``kind: Status``
    makes it Kubernetes', which Google's reader read as ``unknown``."""
    case = corpus_case("kubernetes", "not-found-pod")
    error = from_http(case["status"], case["headers"], case["body"])
    assert (error.vendor, error.kind) == ("kubernetes", ErrorKind.NOT_FOUND)


def test_a_success_is_no_error_and_a_missing_reason_reads_by_its_code() -> None:
    """``status: "Success"`` is no error; a ``Status`` with no reason is read by its
    code; an unknown reason is refused strictly."""
    success = {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success"}
    assert error_of(success) is None
    bare = {"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": 404}
    error = parse(bare)
    assert (error.kind, error.code, error.status_code) == (ErrorKind.NOT_FOUND, None, 404)
    odd = {**bare, "reason": "Eaten", "message": "eaten by a grue"}
    assert parse(odd).code == "Eaten"
    with pytest.raises(
        ShapeError, match="unknown reason 'Eaten'; expected one of the 19"
    ) as caught:
        parse(odd, strict=True)
    assert caught.value.where == "/reason"
    with pytest.raises(ValueError, match="unknown kubernetes reason 'Eaten'"):
        parse_model(odd, strict=True)


def test_another_sources_error_is_written_with_its_reason_code_and_wait() -> None:
    """A rate limit from elsewhere becomes ``TooManyRequests`` 429 with its wait."""
    limited = from_http(429, {"retry-after": "2"}, b'{"ok": false, "error": "ratelimited"}')
    written = convert(limited, "kubernetes")
    assert (written["reason"], written["code"], written["details"]) == (
        "TooManyRequests",
        429,
        {"retryAfterSeconds": 2},
    )
    assert parse(written).retry_after == 2.0


def test_an_error_made_rather_than_read_is_written_as_a_whole_status() -> None:
    """A Kubernetes error built by hand keeps no payload to give back: it is written as
    a whole ``Status``, which strict reading takes, not as a bare reason."""
    made = UnifiedError(ErrorKind.CONFLICT, "Already there.", vendor="kubernetes", code="Conflict")
    written = convert(made, "kubernetes")
    assert written == {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": "Already there.",
        "reason": "Conflict",
        "code": 409,
    }
    assert parse(written, strict=True).kind is ErrorKind.CONFLICT


def test_the_model_holds_the_fields_kubernetes_documents() -> None:
    """``Status`` with its ``StatusDetails``, and the reasons as an enum."""
    model = parse_model(
        corpus_case("kubernetes", "service-unavailable-paths-not-installed")["body"]
    )
    assert isinstance(model, Status)
    assert model.details is not None
    assert model.details.retryAfterSeconds == 5
    assert len(StatusReason) == 19
    assert StatusReason("Expired") is StatusReason.EXPIRED
