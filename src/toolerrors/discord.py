"""Discord API errors: ``{"code", "message", "errors"?}``, and rate limits,
``{"message", "retry_after", "global", "code"?}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status.  ``code`` is one of the JSON error codes Discord documents; ``errors`` names the
fields of an invalid form body; ``retry_after`` is a rate limit's wait, in seconds.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from pydantic import Field, StrictBool, StrictFloat, StrictInt, StrictStr

from ._builtin.discord import DOCUMENTED, ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["DOCUMENTED", "MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The JSON error codes read by name, as text; Discord documents more
    (`DOCUMENTED`)."""

    UNKNOWN_CHANNEL = "10003"
    UNKNOWN_GUILD = "10004"
    UNKNOWN_MEMBER = "10007"
    UNKNOWN_MESSAGE = "10008"
    UNKNOWN_ROLE = "10011"
    UNKNOWN_USER = "10013"
    UNKNOWN_WEBHOOK = "10015"
    UNKNOWN_INTERACTION = "10062"
    BOTS_CANNOT_USE_ENDPOINT = "20001"
    SLOWMODE_RATE_LIMIT = "20016"
    CHANNEL_WRITE_RATE_LIMIT = "20028"
    MAXIMUM_GUILDS = "30001"
    MAXIMUM_CHANNELS = "30013"
    UNAUTHORIZED = "40001"
    ACCOUNT_VERIFICATION_REQUIRED = "40002"
    REQUEST_ENTITY_TOO_LARGE = "40005"
    INTERACTION_ALREADY_ACKNOWLEDGED = "40060"
    SERVICE_RESOURCE_RATE_LIMITED = "40062"
    MISSING_ACCESS = "50001"
    EMPTY_MESSAGE = "50006"
    CANNOT_MESSAGE_USER = "50007"
    MISSING_PERMISSIONS = "50013"
    INVALID_TOKEN = "50014"
    INVALID_OAUTH2_TOKEN = "50025"
    MISSING_OAUTH2_SCOPE = "50026"
    INVALID_FORM_BODY = "50035"
    INVALID_API_VERSION = "50041"
    FILE_TOO_LARGE = "50045"
    INVALID_JSON = "50109"
    TWO_FACTOR_REQUIRED = "60003"
    APPLICATION_NOT_YET_AVAILABLE = "110001"
    RESOURCE_OVERLOADED = "130000"
    BLOCKED_BY_AUTOMOD = "200000"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, in Discord's words."""


class ErrorResponse(WireModel):
    """``{code?, message, errors?, retry_after?, global?}``: a JSON error, or a rate
    limit; ``global_`` is the wire's ``global``."""

    code: StrictInt | None = None
    message: StrictStr
    errors: dict[str, Any] | None = None
    retry_after: StrictInt | StrictFloat | None = None
    global_: StrictBool | None = Field(None, alias="global")

    def check_strict(self) -> None:
        if self.code is not None and self.code not in DOCUMENTED:
            raise FieldProblem("code", f"unknown discord code {self.code}")


Payload: TypeAlias = ErrorResponse
"""A Discord API error."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A Discord error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
