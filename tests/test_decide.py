"""Status against code: the more specific decides, and words never invite a retry the
status does not, unless they name a transient state."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import entered
from toolerrors import ErrorKind, ShapeError, from_exception, from_http, parse
from toolerrors._decide import GENERIC_STATUSES, TRANSIENT, decide
from toolerrors._source import more_retryable
from toolerrors._table import HTTP, of_status
from toolerrors._words import read_words

if TYPE_CHECKING:
    from collections.abc import Callable

K = ErrorKind


def _mcp_error(code: int, message: str) -> BaseException:
    """The MCP SDK's own exception; the test that asks for it skips where the SDK (the
    ``mcp`` extra) is not installed."""
    exceptions = pytest.importorskip("mcp.shared.exceptions")
    error: BaseException = exceptions.MCPError(code, message)
    return error


@pytest.mark.parametrize(
    ("status", "body", "kind", "retryable"),
    [
        # a code that names what happened, over a catch-all status
        (400, {"error_code": "ITEM_LOGIN_REQUIRED", "error_message": "a user login is required",
               "error_type": "ITEM_ERROR"}, K.UNAUTHENTICATED, False),
        (400, {"error_code": "INSTITUTION_DOWN", "error_type": "INSTITUTION_ERROR",
               "error_message": "this institution is not currently responding"},
         K.UNAVAILABLE, True),
        (400, {"message": "Conflict. The container name \"/x\" is already in use."},
         K.CONFLICT, False),
        (400, {"errors": ["permission denied"]}, K.PERMISSION_DENIED, False),
        (422, {"name": "UNPROCESSABLE_ENTITY", "message": "The requested action could not be"
               " performed.", "details": [{"issue": "INSTRUMENT_DECLINED"}]},
         K.PAYMENT_REQUIRED, False),
        # and over a specific status where it names something else
        (403, {"code": 403, "error_code": "otp_expired", "msg": "Email link has expired"},
         K.UNAUTHENTICATED, False),
        (401, {"error": "quota_exceeded", "message": "x"}, K.PAYMENT_REQUIRED, False),
        # a specific status over a catch-all code
        (402, {"error": {"message": "Insufficient Balance", "type": "invalid_request_error",
                         "code": "invalid_request_error"}}, K.PAYMENT_REQUIRED, False),
        (402, {"error": {"message": "Pay up", "type": "invalid_request_error",
                         "code": "invalid_request_error"}}, K.PAYMENT_REQUIRED, False),
        # a status's own name says no more than the status
        (401, {"message": "Forbidden"}, K.UNAUTHENTICATED, False),
        # an unknown status is read by its words before its class
        (432, {"message": "This request exceeds your plan's set usage limit."},
         K.PAYMENT_REQUIRED, False),
        (418, {"code": -1003, "msg": "Way too many requests; IP banned until 1544570770441."},
         K.RATE_LIMITED, True),
        (418, {"message": "I'm a teapot"}, K.INVALID_INPUT, False),
        # a bare "rejected" is no refusal: a 429's full queue stays a rate limit
        (429, {"error": {"type": "rejected_execution_exception",
                         "reason": "rejected execution of coordinating operation"}},
         K.RATE_LIMITED, True),
        # a vague word never beats a status
        (422, {"object": "error", "message": "x", "type": "internal_error_proxy",
               "code": "1000"}, K.INVALID_INPUT, False),
        # words never make a timeout or a bad input retryable unless transient
        (504, {"message": "Service is overloaded"}, K.UNAVAILABLE, None),
        (400, {"message": "The request timed out"}, K.UNKNOWN_OUTCOME, False),
        # a right the caller lacks, named with no credential, over a 401 (Invoice Ninja's,
        # invoiceninja#5479; Canvas' scopes, hypothesis/lms' tests); a credential's words
        # keep the 401 (Azure OpenAI's key, Baserow's token)
        (401, {"message": "You are not authorized to view or perform this action"},
         K.PERMISSION_DENIED, False),
        (401, {"errors": [{"message": "Insufficient scopes on access token."}]},
         K.PERMISSION_DENIED, False),
        (401, {"error": {"code": "401", "message": "Access denied due to invalid subscription"
                         " key or wrong API endpoint."}}, K.UNAUTHENTICATED, False),
        (401, {"error": "ERROR_NO_PERMISSION_TO_TABLE",
               "detail": "The token does not have permissions to the table."},
         K.UNAUTHENTICATED, False),
        # a 429 is throttling whatever "already" says (Vespa's overload)
        (429, {"message": "Rejecting execution due to overload: 2 requests already enqueued"},
         K.RATE_LIMITED, True),
        # errors listed by field, at the top (Django REST framework's: linkding's) or in an
        # object whose name ends in "errors" (FusionAuth's fieldErrors), as texts or as
        # objects (Cronofy's); and capitalised (MYOB's Errors)
        (400, {"url": ["A bookmark with this URL already exists."]}, K.CONFLICT, False),
        (400, {"fieldErrors": {"user.email": [{"code": "[duplicate]user.email", "message":
               "A User with email = [x@example.com] already exists."}]}}, K.CONFLICT, False),
        (422, {"errors": {"name": [{"key": "errors.duplicate_calendar_name", "description":
               "A calendar with this name already exists"}]}}, K.CONFLICT, False),
        (400, {"Errors": [{"Name": "CustomerNotFound", "Message": "The Customer with UID of"
               " '511d425d' cannot be found.", "ErrorCode": 11003}]}, K.NOT_FOUND, False),
        (400, {"name": "x", "id": 3}, K.INVALID_INPUT, False),
        # a field's one sentence, where nothing else says (Metabase's login throttle); not
        # where the body has said already (Mangopay's param_error with its Message)
        (400, {"errors": {"username": "Too many attempts! You must wait 15 seconds before"
               " trying again."}}, K.RATE_LIMITED, True),
        (400, {"Message": "One or several required parameters are missing or incorrect.",
               "Type": "param_error", "errors": {"Currency": "The code XPX cannot be found"
               " in the standard ISO 4217"}}, K.INVALID_INPUT, False),
    ],
)  # fmt: skip
def test_the_more_specific_of_status_and_code_decides(
    status: int, body: dict[str, object], kind: ErrorKind, retryable: bool | None
) -> None:
    """Each case reads as the more specific of its status and its code or words, never
    more retryable than both unless the words name a transient state."""
    error = from_http(status, None, json.dumps(body))
    assert (error.kind, error.retryable, error.status_code) == (kind, retryable, status)


@pytest.mark.parametrize(
    ("status", "text", "kind", "retryable"),
    [
        (503, "503: SERVICE_UNAVAILABLE\nCode: DEPLOYMENT_PAUSED\nID: bom1::x", K.PAUSED, False),
        (451, "451: DEPLOYMENT_DISABLED\nCode: DEPLOYMENT_DISABLED", K.PAUSED, False),
        (401, "Forbidden", K.UNAUTHENTICATED, False),
        (502, "<html><body>rate limited</body></html>", K.UPSTREAM_ERROR, None),
    ],
)
def test_a_short_text_body_is_read_by_its_words(
    status: int, text: str, kind: ErrorKind, retryable: bool | None
) -> None:
    """A short text that is not JSON says what happened by its words; markup and a
    status's own name do not."""
    error = from_http(status, {"Content-Type": "text/plain"}, text)
    assert (error.kind, error.retryable) == (kind, retryable)


@pytest.mark.parametrize(
    ("body", "kind", "retryable"),
    [
        ({"message-count": "1", "messages": [{"status": "4", "error-text": "Bad Credentials"}]},
         K.UNAUTHENTICATED, False),
        ({"took": 3, "errors": True, "items": [{"index": {"_id": "1", "status": 400,
          "error": {"type": "mapper_parsing_exception", "reason": "failed to parse"}}}]},
         K.INVALID_INPUT, False),
        ({"items": [{"id": 1, "status": "failed", "error": "x"}]}, K.UNKNOWN, None),
    ],
)  # fmt: skip
def test_a_2xx_batch_whose_items_failed_is_read(
    body: dict[str, object], kind: ErrorKind, retryable: bool | None
) -> None:
    """An error in a 200 body is read, never raised: a batch's failed item, by its words
    or its own status."""
    error = from_http(200, None, json.dumps(body))
    assert (error.kind, error.retryable, error.status_code) == (kind, retryable, 200)


def test_a_2xx_batch_with_no_failed_item_is_no_error() -> None:
    """Only a body with no error in it gives the documented "no error" answer."""
    body = {"took": 3, "errors": False, "items": [{"index": {"_id": "1", "status": 201}}]}
    with pytest.raises(ShapeError, match="is not an error"):
        from_http(200, None, json.dumps(body))
    with pytest.raises(ShapeError, match="is not an error"):
        from_http(200, None, json.dumps({"message": "Invalid values are fine here"}))
    jobs = {"jobs": [{"id": 1, "status": "succeeded", "error": "timed out last night"}]}
    with pytest.raises(ShapeError, match="is not an error"):
        from_http(200, None, json.dumps(jobs))
    with pytest.raises(ShapeError, match="is not an error"):
        from_http(200, None, json.dumps({"jobs": [{"id": 1, "error": "a job's last error"}]}))


_READINGS = st.sampled_from([(kind, retry) for kind in K for retry in (True, False, None)])
_STATUSES = st.sampled_from([*HTTP, 418, 432, 451, 502, 529])


@given(status=_STATUSES, said=_READINGS, generic=st.booleans())
def test_no_code_makes_an_error_more_retryable_than_its_status_unless_transient(
    status: int, said: tuple[ErrorKind, bool | None], generic: bool
) -> None:
    """For any status and any reading of a code or words: the result is the status's or
    the code's kind; it is never more retryable than both readings where they disagree,
    nor more than the status's unless the code names a transient state or the status's
    own situation; and a timeout's status never becomes a plain retry."""
    heard = of_status(status)
    assert heard is not None
    result = decide(status, heard, said, generic=generic)
    assert result is not None
    kind, retryable = result
    assert kind in (heard[0], said[0])
    ceiling = heard[1] if more_retryable(heard[1], said[1]) else said[1]
    assert not more_retryable(retryable, ceiling)
    if more_retryable(retryable, heard[1]):
        assert kind in TRANSIENT or kind is heard[0]
        assert heard[0] is not K.UNKNOWN_OUTCOME
    if heard[0] is K.UNKNOWN_OUTCOME:
        assert retryable is not True


@given(status=st.sampled_from(sorted(GENERIC_STATUSES)), text=st.sampled_from([
    "rate limit exceeded", "the service is down", "no such user", "permission denied",
    "already in use", "record is too big", "login required", "timed out", "internal error",
]))  # fmt: skip
def test_words_decide_over_a_catch_all_status(status: int, text: str) -> None:
    """Words that name a situation decide over 400, 422 and 500, except a vague one."""
    said = read_words(text)
    assert said is not None
    error = from_http(status, None, json.dumps({"message": text}))
    if said[0] is K.INTERNAL:
        assert error.kind is of_status(status)[0]  # type: ignore[index]
    else:
        assert error.kind is said[0]


@pytest.mark.parametrize(
    ("call", "module", "road"),
    [
        pytest.param(
            lambda: from_http(429, {"retry-after": "2"}, {"error": {
                "type": "rate_limit_error", "code": "rate_limit", "message": "Too many requests"}}),
            "stripe",
            {"stripe._only_stripe": 1, "stripe.read_stripe": 1},
            id="from_http-stripe-429",
        ),
        pytest.param(
            lambda: parse({"ok": False, "error": "ratelimited"}),
            "slack",
            {"slack.read_slack": 1, "slack._message": 1},
            id="parse-slack",
        ),
        pytest.param(
            lambda: from_exception(_mcp_error(-32001, "Request timed out")),
            "jsonrpc",
            {"jsonrpc.read_exception": 1, "jsonrpc.is_error_object": 1,
             "jsonrpc.read_jsonrpc": 1, "jsonrpc._meaning": 1, "jsonrpc._meant": 1,
             "jsonrpc._said": 1},
            id="from_exception-mcp",
        ),
    ],
)  # fmt: skip
def test_each_front_door_decides_the_kind_once(
    call: Callable[[], object], module: str, road: dict[str, int]
) -> None:
    """A payload's kind is decided by its source's reader, once: the front door enters
    the source's module only to claim and read it, reads a row or words once, and has
    nothing left to weigh where the status agrees."""
    call()  # the dispatcher is compiled on first use
    counts = entered(call)
    assert {name: n for name, n in counts.items() if name.startswith(f"{module}.")} == road
    decisions = ("_words.row_or_words", "_words.read_words", "_decide.decide")
    assert sum(counts.get(name, 0) for name in decisions) == 1


def test_words_that_say_more_of_the_status_s_own_situation_may_invite_a_retry() -> None:
    """A 409 whose words say the object is still being changed (Oracle Cloud's) is a
    conflict a retry may clear; a 409 in other words is not retried, nor is a timeout."""
    busy = {"message": "instance x is currently being modified, try again later."}
    assert from_http(409, {}, busy).retryable is True
    assert from_http(409, {}, {"message": "name already exists"}).retryable is False
    assert decide(504, of_status(504), (K.UNKNOWN_OUTCOME, True)) == (K.UNKNOWN_OUTCOME, None)


def test_a_body_or_an_item_marked_failed_with_its_reasons_is_read_at_any_status() -> None:
    """Zuora's ``{"success": false, "reasons": [{"code", "message"}]}``, alone or as a
    bulk call's item, is an error in a 200, read by its reasons' words; with ``"success":
    true`` or no reasons it is a result."""
    body = {"success": False, "processId": "747E0D5A53240416", "requestId": "359b0b97",
            "reasons": [{"code": 50000040, "message": "Cannot find entity by key: '1234567'."}]}  # fmt: skip
    error = from_http(200, None, body)
    assert (error.kind, error.retryable, error.message) == (
        K.NOT_FOUND,
        False,
        "Cannot find entity by key: '1234567'.",
    )
    bulk = from_http(200, None, {"invoices": [{"id": "8ad0", **body}], "success": True})
    assert bulk.kind is K.NOT_FOUND
    for fine in ({**body, "success": True}, {**body, "reasons": []}):
        with pytest.raises(ShapeError, match="no error in its body"):
            from_http(200, None, fine)
