"""Twilio REST API errors: ``{"code", "message", "more_info", "status", "detail"?,
"details"?}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status, or twilio-python's ``TwilioRestException`` with `toolerrors.from_exception`.
``code`` is a number of Twilio's Error and Warning Dictionary and ``more_info`` its page;
the common codes are read by name (`ErrorCode`), any other by its words, else the status.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from pydantic import StrictInt, StrictStr

from ._builtin.twilio import ROWS
from ._enum import TextEnum
from ._wire import WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "Payload", "RestException", "parse"]


class ErrorCode(TextEnum):
    """The codes read by name, as text; Twilio's dictionary holds many more."""

    BAD_REQUEST = "400"
    FORBIDDEN = "403"
    NOT_FOUND = "404"
    INTERNAL_ERROR = "503"
    ACCOUNT_NOT_ACTIVE = "10001"
    TRIAL_ACCOUNT_UNSUPPORTED = "10002"
    PERMISSION_DENIED = "20003"
    RESOURCE_NOT_FOUND = "20404"
    TOO_MANY_REQUESTS = "20429"
    INTERNAL_SERVER_ERROR = "20500"
    SERVICE_UNAVAILABLE = "20503"
    INVALID_TO_NUMBER = "21211"
    INVALID_FROM_NUMBER = "21212"
    CALL_NOT_PERMITTED = "21215"
    SMS_REGION_NOT_ENABLED = "21408"
    TO_NUMBER_NOT_VERIFIED = "21608"
    UNSUBSCRIBED_RECIPIENT = "21610"
    NOT_A_MOBILE_NUMBER = "21614"
    VERIFY_INVALID_PARAMETER = "60200"
    VERIFY_MAX_CHECK_ATTEMPTS = "60202"
    VERIFY_MAX_SEND_ATTEMPTS = "60203"
    VERIFY_TOO_MANY_CONCURRENT_REQUESTS = "60212"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, after Twilio's Error and Warning Dictionary."""


class RestException(WireModel):
    """``{code, message, more_info, status, detail?, details?}``: ``more_info`` is the
    code's page in Twilio's dictionary."""

    code: StrictInt
    message: StrictStr
    more_info: StrictStr
    status: StrictInt
    detail: StrictStr | None = None
    details: dict[str, Any] | None = None


Payload: TypeAlias = RestException
"""A Twilio REST API error."""


def parse(payload: object, *, strict: bool = False) -> RestException:
    """A Twilio error (dict, JSON text or model) as its model."""
    return validate(RestException, as_data(payload), strict)
