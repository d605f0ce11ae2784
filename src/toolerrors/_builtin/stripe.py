"""Stripe's API as a source: ``{"error": {type, code?, decline_code?, message?, param?,
doc_url?, advice_code?, request_log_url?}}``.

``type`` says what kind of failure it was (``card_error``, ``invalid_request_error``,
``idempotency_error``, ``api_error``); ``code`` says more when it is set.  OpenAI's errors
are ``{"error": {...}}`` too: a Stripe error is told apart by a type or code only Stripe
uses, or by a field only Stripe sends (``doc_url``, ``decline_code``,
``request_log_url``, ``charge``...).  The pydantic model is in ``toolerrors.stripe``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import Action, ErrorKind
from .._source import SHOULD_RETRY, Claim, Field, Response, Shape, Source, canonical_row, given_back
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_stripe", "write"]


rows = Rows("stripe")


# fmt: off
ROWS: Final = (
    rows.read("card_error", ErrorKind.PAYMENT_REQUIRED, False, "The card can't be charged: a payment problem, never retried as is.", status=402, writes=True),
    rows.read("invalid_request_error", ErrorKind.INVALID_INPUT, False, "The request has invalid parameters.", status=400, writes=True),
    rows.read("idempotency_error", ErrorKind.CONFLICT, False, "An idempotency key was reused with different parameters: never retried.", status=400, writes=True),
    rows.read("api_error", ErrorKind.UNKNOWN_OUTCOME, None, "A problem with Stripe's servers; Stripe documents a 500's result as indeterminate: it may have been processed (Stripe-Should-Retry says when to retry).", status=500, writes=True),
    rows.read("rate_limit", ErrorKind.RATE_LIMITED, True, "Too many requests hit the API too quickly (also sent as a 400 before 2015-09-18).", status=429, writes=True),
    rows.read("card_declined", ErrorKind.PAYMENT_REQUIRED, False, "The card was declined; decline_code says why.", status=402),
    rows.read("expired_card", ErrorKind.PAYMENT_REQUIRED, False, "The card has expired.", status=402),
    rows.read("incorrect_cvc", ErrorKind.PAYMENT_REQUIRED, False, "The card's security code is incorrect.", status=402),
    rows.read("incorrect_number", ErrorKind.PAYMENT_REQUIRED, False, "The card number is incorrect.", status=402),
    rows.read("invalid_expiry_year", ErrorKind.PAYMENT_REQUIRED, False, "The card's expiration year is invalid.", status=402),
    rows.read("processing_error", ErrorKind.UNAVAILABLE, True, "An error occurred while processing the card (as a card_error, it is still never retried).", status=402),
    rows.read("authentication_required", ErrorKind.APPROVAL_REQUIRED, False, "The card requires authentication: the customer must act.", status=402, writes=True),
    rows.read("resource_missing", ErrorKind.NOT_FOUND, False, "The ID provided is not valid: the resource doesn't exist.", status=404, writes=True),
    rows.read("parameter_missing", ErrorKind.INVALID_INPUT, False, "A required parameter is missing.", status=400),
    rows.read("parameter_invalid_integer", ErrorKind.INVALID_INPUT, False, "A parameter expected an integer.", status=400),
    rows.read("idempotency_key_in_use", ErrorKind.CONFLICT, False, "The idempotency key is in use by a concurrent request.", status=409),
    rows.read("lock_timeout", ErrorKind.UNAVAILABLE, True, "The object is locked by a concurrent request: try again.", status=429),
    rows.read("api_key_expired", ErrorKind.UNAUTHENTICATED, False, "The API key has expired.", status=401, writes=True),
    rows.read("secret_key_required", ErrorKind.UNAUTHENTICATED, False, "The request needs a secret key.", status=401),
    rows.read("account_rate_limit_exceeded", ErrorKind.RATE_LIMITED, True, "API v2: the account sent too many requests (type rate_limit; the SDK raises RateLimitError, even with a 400).", status=429),
    rows.read("temporary_session_expired", ErrorKind.UNAUTHENTICATED, False, "API v2: the temporary session expired; create a new one.", status=401),
    rows.read("billing_meter_event_session_expired", ErrorKind.UNAUTHENTICATED, False, "API v2: the meter event session expired (type temporary_session_expired).", status=401),
    *rows.write("api_key_expired", ErrorKind.NOT_CONNECTED, lost="that it is an app connection, not a key"),
    *rows.write("invalid_request_error", ErrorKind.PERMISSION_DENIED, lost="that access is denied"),
    *rows.write("invalid_request_error", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.UNSUPPORTED, ErrorKind.COMMIT_REQUIRED, ErrorKind.PAUSED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("invalid_request_error", ErrorKind.REFUSED, lost="that a person said no: it reads as bad input, never retried"),
    *rows.write("api_error", ErrorKind.UNAVAILABLE, ErrorKind.INTERNAL, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""Stripe's error types, and the codes that say more than their type."""


INNER: Final = (
    Field("type", (str,), samples=("card_error", "invalid_request_error", "api_error")),
    Field("code", (str,), fills="code",
          closed=frozenset(CODES)),
    Field("decline_code", (str,), samples=("insufficient_funds", "generic_decline")),
    Field("message", (str,), fills="message"),
    Field("param", (str,), samples=("amount", "customer")),
    Field("doc_url", (str,), samples=("https://stripe.com/docs/error-codes/card-declined",)),
    Field("advice_code", (str,), samples=("try_again_later", "do_not_try_again")),
    Field("request_log_url", (str,),
          samples=("https://dashboard.stripe.com/test/logs/req_1A2b3C4d5E6f",)),
    Field("network_advice_code", (str,), samples=("02",)),
    Field("network_decline_code", (str,), samples=("51",)),
    Field("charge", (str,), samples=("ch_1A6og3EKzP5C7dKHbsJ4insn",)),
    Field("payment_intent", (dict,)),
    Field("setup_intent", (dict,)),
    Field("payment_method", (dict,)),
    Field("source", (dict,)),
)  # fmt: skip
ERROR: Final = Shape.under("error", INNER)


_KNOWN: Final = frozenset(CODES)
_TYPES: Final = frozenset({"card_error", "invalid_request_error", "idempotency_error", "api_error"})
_ONLY_STRIPE: Final = frozenset(
    {"card_error", "idempotency_error", "api_error", "temporary_session_expired"}
)
"""Types no other API sends."""
_ONLY_CODES: Final = _KNOWN - {"invalid_request_error"}
"""Codes no other API sends: all but the type OpenAI shares."""
_MARKS: Final = frozenset({
    "decline_code", "doc_url", "request_log_url", "advice_code", "network_advice_code",
    "charge", "payment_intent", "setup_intent", "payment_method", "source",
})  # fmt: skip
"""Fields only Stripe's error object has."""
_APPROVAL: Final = ErrorKind.APPROVAL_REQUIRED
_PAYMENT: Final = ErrorKind.PAYMENT_REQUIRED
_ASK: Final = Action.ASK_OWNER
"""A declined card's action: the person who pays must pay another way."""


def read_stripe(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"error": {type, code?, message?, ...}}``; the code decides, else the type."""
    ERROR.check(d, strict, where)
    inner = d["error"]
    code, kind_of = inner.get("code"), inner.get("type")
    name = code if code is not None and code in _KNOWN else kind_of or code
    row = read_row("stripe", name, None) if name is not None else None
    message = inner.get("message")
    kind, retryable = row_or_words(row, name, message)
    card = row is not None and kind_of == "card_error" and kind is not _APPROVAL
    if card:
        kind, retryable = _PAYMENT, False  # a card error is never retried
    if message is None:
        message = row.meaning if row is not None else f"Stripe error {name}"
    return make(
        kind,
        message,
        retryable=retryable,
        vendor="stripe",
        code=name,
        suggested_action=_ASK if card else None,  # another card, not another plan
        extra=d,
    )


def _only_stripe(d: Mapping[str, Any]) -> bool:
    """A type or code only Stripe uses, a field only Stripe sends, or an
    ``invalid_request_error`` without ``param`` (which OpenAI always sends) and without a
    code OpenAI documents and Stripe does not (Groq's ``{"type": "invalid_request_error",
    "code": "invalid_api_key"}``, an OpenAI-compatible server's); never with a null
    ``param`` or ``code``, which Stripe leaves out and OpenAI-compatible servers send
    (Ollama's ``{"type": "api_error", "param": null, "code": null}``)."""
    inner = d["error"]  # an object: the claim asks only then
    kind_of, code = inner.get("type"), inner.get("code")
    if (code is None and "code" in inner) or ("param" in inner and inner["param"] is None):
        return False
    return (
        (type(kind_of) is str and kind_of in _ONLY_STRIPE)
        or (type(code) is str and code in _ONLY_CODES)
        or not _MARKS.isdisjoint(inner)
        or (
            "param" not in inner
            and "invalid_request_error" in (kind_of, code)
            and (type(code) is not str or code in _KNOWN or read_row("openai", code, None) is None)
        )
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Stripe's error object; at home, everything it came with."""
    extra = error.extra
    if error.vendor == "stripe" and extra is not None:  # a card error's kind is its type's
        return given_back(extra, error.message, if_said=True)
    code = canonical_row(error, "stripe").code
    if code in _TYPES:
        return {"error": {"type": code, "message": error.message}}
    kind_of = "card_error" if code == "authentication_required" else "invalid_request_error"
    return {"error": {"type": kind_of, "code": code, "message": error.message}}


def example(row: Row, message: str) -> dict[str, Any]:
    """The error object as Stripe sends it: a code documented with a 402 comes in a
    ``card_error``."""
    if row.code in _TYPES:
        return {"error": {"type": row.code, "code": row.code, "message": message}}
    kind_of = "card_error" if row.status == 402 else "invalid_request_error"
    return {"error": {"type": kind_of, "code": row.code, "message": message}}


SOURCE: Final = Source(
    name="stripe",
    title="Stripe",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            250,
            "error",
            read_stripe,
            "a type or code only Stripe uses, a field only Stripe sends, or"
            " `invalid_request_error` without `param`; never beside a top-level `type` or"
            " `status` (People Data Labs' `{status: 400, error: {type, message}}`),"
            " with an `innerError`, or with a null `param` or `code`",
            is_a=dict,
            refuses=("type", "status", "error/innerError", "error/innererror"),
            when=_only_stripe,
        ),
    ),
    write=write,
    models=".stripe",
    example=example,
    headers={"stripe-should-retry": SHOULD_RETRY},
    responses=(Response("http_status", "headers", ("http_body",)),),  # StripeError
    docs="stripe.md",
)
