"""PostgREST errors: a SQLSTATE or a PGRST code decides, and a singular response counts
its rows."""

from __future__ import annotations

import pytest

from conftest import corpus_case
from toolerrors import ErrorKind, ShapeError, convert, error_of, from_http, parse
from toolerrors.postgrest import ErrorCode, ErrorResponse
from toolerrors.postgrest import parse as parse_model


@pytest.mark.parametrize(
    ("name", "code", "kind"),
    [
        ("pgrst116-no-rows", "PGRST116", ErrorKind.NOT_FOUND),
        ("pgrst116-two-rows", "PGRST116", ErrorKind.AMBIGUOUS),
        ("undefined-table-docs", "42P01", ErrorKind.NOT_FOUND),
        ("function-not-in-schema-cache-docs", "PGRST202", ErrorKind.NOT_FOUND),
        ("not-null-violation-docs", "23502", ErrorKind.INVALID_INPUT),
        ("row-level-security", "42501", ErrorKind.PERMISSION_DENIED),
    ],
)
def test_the_code_decides_and_the_error_goes_back_as_it_came(
    name: str, code: str, kind: ErrorKind
) -> None:
    """The code and message are the error's; written back to PostgREST, the error is
    the one it came in, details and hint."""
    body = corpus_case("postgrest", name)["body"]
    error = parse(body)
    assert (error.vendor, error.code, error.kind, error.retryable) == (
        "postgrest",
        code,
        kind,
        False,
    )
    assert error.message == body["message"]
    assert convert(error, "postgrest") == body


def test_a_singular_response_is_read_by_its_row_count_whatever_the_status() -> None:
    """``PGRST116`` with no row is not found, with several ambiguous, also as a 406."""
    case = corpus_case("postgrest", "pgrst116-no-rows-406")
    error = from_http(case["status"], {}, case["body"])
    assert (error.kind, error.status_code) == (ErrorKind.NOT_FOUND, 406)
    many = dict(case["body"], details="The result contains 3 rows")
    assert from_http(406, {}, many).kind is ErrorKind.AMBIGUOUS


def test_a_sqlstate_not_in_the_table_reads_by_its_class_else_its_words() -> None:
    """A SQLSTATE's class PostgREST maps to one status decides; else the words, else
    the status."""
    refused = {"code": "08006", "details": None, "hint": None, "message": "x"}
    assert (parse(refused).kind, parse(refused).retryable) == (ErrorKind.UNAVAILABLE, True)
    worded = {"code": "P0002", "details": None, "hint": None, "message": "no rows: not found"}
    assert parse(worded).kind is ErrorKind.NOT_FOUND
    silent = {"code": "55000", "details": None, "hint": None, "message": "x"}
    assert from_http(500, {}, silent).kind is ErrorKind.INTERNAL


def test_only_postgrest_s_error_is_claimed() -> None:
    """A code that is no SQLSTATE, or a unified error's ``kind``, is not PostgREST's."""
    assert error_of({"code": "oops", "details": None, "hint": "h", "message": "m"}) is None
    unified = parse(
        {"kind": "not_found", "message": "m", "hint": "h", "code": "42P01", "details": None}
    )
    assert (unified.vendor, unified.code) == (None, "42P01")  # nobody's: no system's marks


def test_elsewhere_an_error_is_the_code_of_its_kind() -> None:
    """Another source's error becomes the code of its kind, with no details or hint."""
    missing = parse({"ok": False, "error": "channel_not_found"})
    assert convert(missing, "postgrest") == {
        "code": "PGRST116",
        "details": None,
        "hint": None,
        "message": missing.message,
    }


def test_the_model() -> None:
    """Strict reading holds the error to its four fields, all present."""
    body = corpus_case("postgrest", "row-level-security")["body"]
    model = parse_model(body, strict=True)
    assert isinstance(model, ErrorResponse)
    assert model.code is ErrorCode.INSUFFICIENT_PRIVILEGE
    assert model.to_wire() == body
    with pytest.raises(ShapeError, match="hint"):
        parse({"code": "42501", "details": None, "message": "m"}, strict=True)
    assert parse({"code": "42501", "details": None, "message": "m"}).code == "42501"
