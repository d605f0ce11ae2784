"""Cloudflare API errors: the envelope, its first error, and the causes it chains."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.cloudflare import Envelope, ErrorCode
from toolerrors.cloudflare import parse as parse_model


@pytest.mark.parametrize(
    ("name", "code", "kind"),
    [
        ("invalid-request-headers-sdk", "6003", ErrorKind.UNAUTHENTICATED),
        ("could-not-route-no-route", "7003", ErrorKind.NOT_FOUND),
        ("authentication-error-graphql", "10000", ErrorKind.UNAUTHENTICATED),
        ("record-already-exists-400", "81057", ErrorKind.CONFLICT),
        ("record-does-not-exist", "81044", ErrorKind.NOT_FOUND),
    ],
)
def test_the_first_error_decides_and_the_envelope_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind
) -> None:
    """The first error's code decides and its message is the error's; written back to
    Cloudflare, the envelope is the one it came in, causes and all."""
    body = corpus_case("cloudflare", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "cloudflare",
        code,
        kind,
        False,
    )
    assert error.message == body["errors"][0]["message"]
    assert convert(error, "cloudflare") == body


def test_the_status_is_kept_and_a_code_not_in_the_table_reads_by_its_words() -> None:
    """``from_http`` keeps the status; an unknown code is read by its message's words,
    else by the status."""
    case = corpus_case("cloudflare", "invalid-request-headers-sdk")
    error = from_http(case["status"], case["headers"], case["body"])
    assert (error.status_code, error.kind) == (400, ErrorKind.UNAUTHENTICATED)
    worded = {"success": False, "errors": [{"code": 1234, "message": "Zone not found"}]}
    assert parse(worded).kind is ErrorKind.NOT_FOUND
    silent = {"success": False, "errors": [{"code": 1234, "message": "Oops"}]}
    assert from_http(503, {}, silent).kind is ErrorKind.UNAVAILABLE


def test_only_cloudflare_s_envelope_is_claimed() -> None:
    """``success: false`` with errors whose first has an integer code; a success is no
    error, and errors without codes are not Cloudflare's (the conventions read them, as
    Marketo's ``{"success": false, "errors": [{"code": "602", "message"}]}``)."""
    assert error_of({"success": True, "errors": [], "messages": [], "result": {}}) is None
    uncoded = error_of({"success": False, "errors": [{"message": "x"}]})
    assert uncoded is not None
    assert uncoded.vendor is None


def test_elsewhere_an_error_is_one_error_of_its_kind() -> None:
    """Another source's error becomes one error, the code of its kind."""
    missing = parse({"ok": False, "error": "channel_not_found"})
    assert convert(missing, "cloudflare") == {
        "success": False,
        "errors": [{"code": 7003, "message": missing.message}],
        "messages": [],
        "result": None,
    }


def test_the_model() -> None:
    """Strict reading holds every error to an integer code, a text message and
    Cloudflare's fields, and accepts any code in Cloudflare's whole envelope; a code under
    1000 (none of Cloudflare's) in a bare ``{success, errors}`` is another API's."""
    body = corpus_case("cloudflare", "invalid-request-headers-sdk")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, Envelope)
    assert model.errors[0].error_chain is not None
    assert model.errors[0].error_chain[0].code == 6103
    assert model.to_wire() == body
    with pytest.raises(ShapeError):
        parse({"success": False, "errors": [{"code": "7003", "message": "x"}]}, strict=True)
    with pytest.raises(ShapeError):
        parse(
            {"success": False, "errors": [{"code": 7003, "message": "x", "hint": 1}]}, strict=True
        )
    small = {"success": False, "errors": [{"code": 1, "message": "x"}], "messages": [],
             "result": None}  # fmt: skip
    assert parse(small, strict=True).code == "1"  # any code, in Cloudflare's whole envelope
    mews = {"success": False, "errors": [{"code": 8, "message": "Invalid token."}]}
    assert parse(mews).vendor is None  # Mews' channel manager's: a code Cloudflare has not
    assert ErrorCode("7003") is ErrorCode.COULD_NOT_ROUTE
