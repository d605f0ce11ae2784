"""Dropbox API v2 errors: ``{"error_summary", "error", "user_message"?}``.

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status.  The code is the path of the ``error`` union's ``.tag``\\ s (``path/not_found``),
not the summary, which Dropbox asks callers not to parse.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from pydantic import StrictStr

from ._builtin.dropbox import ROWS, tags_of
from ._enum import TextEnum
from ._wire import WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "ErrorResponse", "Payload", "UserMessage", "parse"]


class ErrorCode(TextEnum):
    """The codes read by name, each known by its last tag; every route adds its own."""

    NOT_FOUND = "path/not_found"
    MALFORMED_PATH = "path/malformed_path"
    NOT_FILE = "path/not_file"
    NOT_FOLDER = "path/not_folder"
    RESTRICTED_CONTENT = "path/restricted_content"
    CONFLICT = "path/conflict"
    NO_WRITE_PERMISSION = "path/no_write_permission"
    INSUFFICIENT_SPACE = "path/insufficient_space"
    DISALLOWED_NAME = "path/disallowed_name"
    TOO_MANY_REQUESTS = "too_many_requests"
    TOO_MANY_WRITE_OPERATIONS = "too_many_write_operations"
    INVALID_ACCESS_TOKEN = "invalid_access_token"
    EXPIRED_ACCESS_TOKEN = "expired_access_token"
    MISSING_SCOPE = "missing_scope"
    USER_SUSPENDED = "user_suspended"
    ROUTE_ACCESS_DENIED = "route_access_denied"
    NO_PERMISSION = "no_permission"
    INVALID_ACCOUNT_TYPE = "invalid_account_type"
    SHARED_LINK_ALREADY_EXISTS = "shared_link_already_exists"
    ACCESS_DENIED = "access_denied"
    EMAIL_NOT_VERIFIED = "email_not_verified"
    SETTINGS_ERROR = "settings_error"
    OTHER = "other"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, in Dropbox's words."""


class UserMessage(WireModel):
    """``{locale, text}``: a message meant for the app's user."""

    locale: StrictStr | None = None
    text: StrictStr | None = None


class ErrorResponse(WireModel):
    """``{error_summary, error, user_message?}``."""

    error_summary: StrictStr
    error: dict[str, Any]
    """The route's error union, as sent: nested ``.tag``\\ s and their values."""
    user_message: UserMessage | None = None

    @property
    def code(self) -> str:
        """The path of the union's tags (``path/not_found``)."""
        return tags_of(self.error)


Payload: TypeAlias = ErrorResponse
"""A Dropbox API error."""


def parse(payload: object, *, strict: bool = False) -> ErrorResponse:
    """A Dropbox error (dict, JSON text or model) as its model."""
    return validate(ErrorResponse, as_data(payload), strict)
