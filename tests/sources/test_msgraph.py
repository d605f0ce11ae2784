"""Microsoft Graph's and Azure's errors: bare pairs, ``$batch`` responses, and a code
shared with Pythe."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, error_of, from_http, msgraph, parse


def test_azure_bare_pairs_are_errors_only_when_they_name_one() -> None:
    """``{code, message}`` is Azure's error with a known code, or a failing one beside a
    member of Microsoft's error object; a failing code alone marks no system (Volcengine
    sends ``AccountOverdueError`` so), read by the conventions when an error is asked
    for."""
    body = {"code": "DeploymentFailed", "message": "At least one resource failed."}
    failed = parse({**body, "details": []})
    assert (failed.vendor, failed.kind) == ("msgraph", ErrorKind.UNKNOWN)
    alone = parse(body)
    assert (alone.vendor, alone.code) == (None, "DeploymentFailed")
    known = parse({"code": "AuthorizationFailed", "message": "No authorization."})
    assert known.kind is ErrorKind.PERMISSION_DENIED
    assert error_of({"code": "ok", "message": "Saved."}) is None
    assert error_of({"code": "Succeeded", "message": "Deployed."}) is None


def test_a_batch_reads_as_its_first_failed_item() -> None:
    """Per-item errors of a ``$batch`` response; all succeeded is no error."""
    ok = {"id": "1", "status": 200, "body": {"value": []}}
    failed = {"id": "2", "status": 404, "body": {"error": {"code": "itemNotFound",
                                                           "message": "Gone."}}}  # fmt: skip
    assert error_of({"responses": [ok]}) is None
    error = parse({"responses": [ok, failed]})
    assert (error.kind, error.status_code, error.code) == (ErrorKind.NOT_FOUND, 404, "itemNotFound")


_ACCEPTED = {"status": 202, "body": {}}
_THROTTLED = {"error": {"code": "TooManyRequests", "message": "Too many requests."}}


def test_a_batch_partly_delivered_is_never_retried_whole() -> None:
    """Two items accepted and one throttled: still a rate limit, but not retried as a
    whole (that would send the accepted ones again), and its message names the item
    that failed; a batch in which every item failed is retried as its first item says."""
    from toolerrors.retry import Retry

    batch = {
        "responses": [
            {"id": "1", **_ACCEPTED},
            {"id": "2", **_ACCEPTED},
            {"id": "3", "status": 429, "headers": {"Retry-After": "10"}, "body": _THROTTLED},
        ]
    }
    error = parse(batch)
    assert (error.kind, error.retryable, error.status_code, error.code) == (
        ErrorKind.RATE_LIMITED, False, 429, "TooManyRequests",
    )  # fmt: skip
    assert error.message == (
        "Too many requests. [1 of 3 items of the batch failed (3); the others may have"
        " taken effect: re-send only the failed ones]"
    )
    calls = []

    def send(*, idempotency_key: str) -> dict[str, object]:
        calls.append(idempotency_key)
        return batch

    assert Retry(idempotency_key=True, sleep=lambda _: None).call(send) == batch
    assert len(calls) == 1
    none_done = {
        "responses": [
            {"id": "1", "status": 429, "body": _THROTTLED},
            {
                "id": "2",
                "status": 424,
                "body": {"error": {"code": "failedDependency", "message": "m"}},
            },
        ]
    }
    error = parse(none_done)
    assert (error.kind, error.retryable, error.message) == (
        ErrorKind.RATE_LIMITED, True, "Too many requests.",
    )  # fmt: skip


def test_a_pythe_envelope_is_never_azure_s_for_sharing_a_code() -> None:
    """Graph's and Pythe's ``unauthorized`` coincide: a Pythe-shaped envelope whose ``ok``
    is no error flag (``"true"``) is no one's error, not Azure's bare ``{code, message}``,
    and ``parse`` says what is wrong with its ``ok``."""
    envelope = {
        "ok": "true", "code": "unauthorized", "message": "m", "retryable": False, "how_to_fix": "",
    }  # fmt: skip
    assert error_of(envelope) is None
    with pytest.raises(ShapeError, match="expected false, got string"):
        parse(envelope)
    assert parse({"code": "itemNotFound", "message": "m"}).vendor == "msgraph"


def test_a_code_of_one_plain_word_names_no_system() -> None:
    """``unauthorized`` is in Graph's list, and in everyone's words: a bare
    ``{code, message}`` with it is read by its words and names no system (Backblaze B2's
    answer to a wrong key, github.com/Backblaze/B2_Command_Line_Tool/issues/313), as is
    one that is an HTTP status's name; a code of Graph's own coinage still names Graph."""
    b2 = from_http(401, {}, {"code": "unauthorized", "message": "", "status": 401})
    assert (b2.kind, b2.retryable, b2.vendor) == (ErrorKind.UNAUTHENTICATED, False, "http")
    bare = parse({"code": "unauthorized", "message": "m"})
    assert (bare.kind, bare.vendor) == (ErrorKind.UNAUTHENTICATED, None)
    assert parse({"code": "activityLimitReached", "message": "m"}).vendor == "msgraph"
    # a status's name in Graph's list too: Oracle Cloud's 429 body
    oci = parse({"code": "TooManyRequests", "message": "Too many requests for the user"})
    assert (oci.kind, oci.vendor) == (ErrorKind.RATE_LIMITED, None)


@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("access-denied-403", "localizedMessage"),
        ("guidelines-innererror-password-reuse", "innererror"),
    ],
)
def test_the_fields_real_errors_send_are_read_strictly_by_reader_and_model(
    name: str, field: str
) -> None:
    """OneDrive's ``localizedMessage`` and Azure's lower-case ``innererror`` are fields of
    the error object, for the reader and for the model alike."""
    body = corpus_case("msgraph", name)["body"]
    assert field in body["error"]
    error = parse(body, strict=True)
    assert (error.vendor, error.code) == ("msgraph", body["error"]["code"])
    model = msgraph.parse(body, strict=True)
    assert isinstance(model, msgraph.ErrorResponse)
    assert getattr(model.error, field) == body["error"][field]
