"""Slack Web API errors: ``{"ok": false, "error": "<code>", ...}``, sent with HTTP 200.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status and headers (a ``ratelimited`` error comes with ``Retry-After``).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.slack import ROWS
from ._enum import TextEnum
from ._wire import ExactBool, FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The Slack Web API error codes common to many methods, and the frequent ones."""

    NOT_AUTHED = "not_authed"
    INVALID_AUTH = "invalid_auth"
    ACCOUNT_INACTIVE = "account_inactive"
    TOKEN_REVOKED = "token_revoked"
    TOKEN_EXPIRED = "token_expired"
    MISSING_SCOPE = "missing_scope"
    NO_PERMISSION = "no_permission"
    NOT_ALLOWED_TOKEN_TYPE = "not_allowed_token_type"
    ACCESS_DENIED = "access_denied"
    NOT_AN_ADMIN = "not_an_admin"
    NOT_IN_CHANNEL = "not_in_channel"
    CHANNEL_NOT_FOUND = "channel_not_found"
    USER_NOT_FOUND = "user_not_found"
    MESSAGE_NOT_FOUND = "message_not_found"
    FILE_NOT_FOUND = "file_not_found"
    THREAD_NOT_FOUND = "thread_not_found"
    NOT_FOUND = "not_found"
    IS_ARCHIVED = "is_archived"
    NAME_TAKEN = "name_taken"
    ALREADY_REACTED = "already_reacted"
    INVALID_ARGUMENTS = "invalid_arguments"
    INVALID_ARG_NAME = "invalid_arg_name"
    INVALID_CURSOR = "invalid_cursor"
    INVALID_JSON = "invalid_json"
    MSG_TOO_LONG = "msg_too_long"
    TOO_MANY_ATTACHMENTS = "too_many_attachments"
    METHOD_DEPRECATED = "method_deprecated"
    DEPRECATED_ENDPOINT = "deprecated_endpoint"
    PAID_ONLY = "paid_only"
    RATELIMITED = "ratelimited"
    RATE_LIMITED = "rate_limited"
    REQUEST_TIMEOUT = "request_timeout"
    SERVICE_UNAVAILABLE = "service_unavailable"
    INTERNAL_ERROR = "internal_error"
    FATAL_ERROR = "fatal_error"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from Slack's documentation."""


class ErrorResponse(WireModel):
    """``{ok: false, error, needed?, provided?, warning?, response_metadata?}``."""

    ALWAYS = frozenset({"ok"})
    ok: Annotated[Literal[False], ExactBool] = False
    error: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    needed: StrictStr | None = None
    provided: StrictStr | None = None
    warning: StrictStr | None = None
    response_metadata: dict[str, Any] | None = None

    def check_strict(self) -> None:
        if not isinstance(self.error, ErrorCode):
            raise FieldProblem("error", f"unknown slack code {self.error!r}")


Payload: TypeAlias = ErrorResponse
"""A Slack error response."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A Slack error response (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
