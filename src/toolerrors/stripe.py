"""Stripe API errors: ``{"error": {type, code?, decline_code?, message?, param?, doc_url?,
advice_code?, request_log_url?}}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's status
and headers (``Stripe-Should-Retry``, ``Request-Id``).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.stripe import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorObject", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """Stripe's error types, and the codes that say more than their type."""

    CARD_ERROR = "card_error"
    INVALID_REQUEST_ERROR = "invalid_request_error"
    IDEMPOTENCY_ERROR = "idempotency_error"
    API_ERROR = "api_error"
    RATE_LIMIT = "rate_limit"
    CARD_DECLINED = "card_declined"
    EXPIRED_CARD = "expired_card"
    INCORRECT_CVC = "incorrect_cvc"
    INCORRECT_NUMBER = "incorrect_number"
    INVALID_EXPIRY_YEAR = "invalid_expiry_year"
    PROCESSING_ERROR = "processing_error"
    AUTHENTICATION_REQUIRED = "authentication_required"
    RESOURCE_MISSING = "resource_missing"
    PARAMETER_MISSING = "parameter_missing"
    PARAMETER_INVALID_INTEGER = "parameter_invalid_integer"
    IDEMPOTENCY_KEY_IN_USE = "idempotency_key_in_use"
    LOCK_TIMEOUT = "lock_timeout"
    API_KEY_EXPIRED = "api_key_expired"
    SECRET_KEY_REQUIRED = "secret_key_required"
    ACCOUNT_RATE_LIMIT_EXCEEDED = "account_rate_limit_exceeded"
    TEMPORARY_SESSION_EXPIRED = "temporary_session_expired"
    BILLING_METER_EVENT_SESSION_EXPIRED = "billing_meter_event_session_expired"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each type or code means, from Stripe's documentation."""


class ErrorObject(WireModel):
    """Stripe's error object; every field may be absent."""

    type: StrictStr | None = None
    code: Annotated[ErrorCode | StrictStr | None, Field(union_mode="left_to_right")] = None
    decline_code: StrictStr | None = None
    message: StrictStr | None = None
    param: StrictStr | None = None
    doc_url: StrictStr | None = None
    advice_code: StrictStr | None = None
    request_log_url: StrictStr | None = None
    network_advice_code: StrictStr | None = None
    network_decline_code: StrictStr | None = None
    charge: StrictStr | None = None
    payment_intent: dict[str, Any] | None = None
    setup_intent: dict[str, Any] | None = None
    payment_method: dict[str, Any] | None = None
    source: dict[str, Any] | None = None

    def check_strict(self) -> None:
        name = self.code if self.code is not None else self.type
        if not isinstance(name, ErrorCode) and name not in ErrorCode._value2member_map_:
            raise FieldProblem("code", f"unknown stripe code {name!r}")


class ErrorResponse(WireModel):
    """``{"error": ErrorObject}``."""

    error: ErrorObject


Payload: TypeAlias = ErrorResponse
"""A Stripe error response."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A Stripe error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
