"""Slack's Web API as a source: ``{"ok": false, "error": "<code>", ...}``, in an HTTP 200.

Slack answers a failed call with HTTP 200 and ``ok: false``; the code is in ``error``,
and some codes carry more (``missing_scope``: ``needed`` and ``provided``;
``invalid_arguments``: ``response_metadata.messages``).  Pythe's envelopes have
``ok: false`` too, with a ``code`` and no ``error``: the two are told apart by their
fields.  The pydantic model is in ``toolerrors.slack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._enum import TextEnum
from .._errors import ShapeError
from .._kinds import ErrorKind
from .._source import (
    Claim,
    Field,
    Shape,
    Source,
    canonical_row,
    check,
    home,
    register,
    with_extra,
)
from .._table import Row, Rows
from .._unified import make
from .._words import read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "SlackCode", "read_slack", "write"]


class SlackCode(TextEnum):
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


ERROR: Final = Shape(
    "error response",
    (
        Field("ok", (bool,), required=True, const=False),
        Field("error", (str,), required=True, fills="code",
              closed=frozenset(code.value for code in SlackCode)),
        Field("needed", (str,), samples=("chat:write", "channels:read")),
        Field("provided", (str,), samples=("identify,bot", "channels:history")),
        Field("warning", (str,), samples=("missing_charset", "superfluous_charset")),
        Field("response_metadata", (dict,)),
    ),
    model="ErrorResponse",
)  # fmt: skip


rows = Rows("slack")


# fmt: off
ROWS: Final = (
    rows.read(SlackCode.NOT_AUTHED, ErrorKind.NOT_CONNECTED, False, "No authentication token provided.", writes=True),
    rows.read(SlackCode.INVALID_AUTH, ErrorKind.UNAUTHENTICATED, False, "Some aspect of authentication cannot be validated: the token is invalid or the request came from a disallowed IP.", writes=True),
    rows.read(SlackCode.ACCOUNT_INACTIVE, ErrorKind.UNAUTHENTICATED, False, "The token is for a deleted user or workspace, or the app was removed."),
    rows.read(SlackCode.TOKEN_REVOKED, ErrorKind.UNAUTHENTICATED, False, "The token is for a deleted user or workspace, or the app was removed."),
    rows.read(SlackCode.TOKEN_EXPIRED, ErrorKind.UNAUTHENTICATED, False, "The token has expired: refresh it (token rotation)."),
    rows.read(SlackCode.MISSING_SCOPE, ErrorKind.PERMISSION_DENIED, False, "The token lacks a scope the method needs: needed names it, provided lists the token's scopes."),
    rows.read(SlackCode.NO_PERMISSION, ErrorKind.PERMISSION_DENIED, False, "The workspace token does not have the permissions the method needs.", writes=True),
    rows.read(SlackCode.NOT_ALLOWED_TOKEN_TYPE, ErrorKind.PERMISSION_DENIED, False, "The token type is not allowed for this method."),
    rows.read(SlackCode.ACCESS_DENIED, ErrorKind.PERMISSION_DENIED, False, "Access to a resource the request names is denied."),
    rows.read(SlackCode.NOT_AN_ADMIN, ErrorKind.PERMISSION_DENIED, False, "Only an admin can do this."),
    rows.read(SlackCode.NOT_IN_CHANNEL, ErrorKind.PERMISSION_DENIED, False, "The app or user is not in the channel: it must be invited or join first."),
    rows.read(SlackCode.CHANNEL_NOT_FOUND, ErrorKind.NOT_FOUND, False, "Value passed for channel was invalid, or the channel cannot be seen."),
    rows.read(SlackCode.USER_NOT_FOUND, ErrorKind.NOT_FOUND, False, "Value passed for user was invalid."),
    rows.read(SlackCode.MESSAGE_NOT_FOUND, ErrorKind.NOT_FOUND, False, "No message exists with the requested timestamp."),
    rows.read(SlackCode.FILE_NOT_FOUND, ErrorKind.NOT_FOUND, False, "The file does not exist, or cannot be seen."),
    rows.read(SlackCode.THREAD_NOT_FOUND, ErrorKind.NOT_FOUND, False, "The thread does not exist."),
    rows.read(SlackCode.NOT_FOUND, ErrorKind.NOT_FOUND, False, "The thing asked for was not found.", writes=True),
    rows.read(SlackCode.IS_ARCHIVED, ErrorKind.CONFLICT, False, "The channel has been archived."),
    rows.read(SlackCode.NAME_TAKEN, ErrorKind.CONFLICT, False, "A channel cannot be created with that name: it is taken."),
    rows.read(SlackCode.ALREADY_REACTED, ErrorKind.CONFLICT, False, "The item already has that reaction from this user."),
    rows.read(SlackCode.INVALID_ARGUMENTS, ErrorKind.INVALID_INPUT, False, "The method was called with invalid arguments: response_metadata.messages says which.", writes=True),
    rows.read(SlackCode.INVALID_ARG_NAME, ErrorKind.INVALID_INPUT, False, "The method was passed an argument whose name falls outside the bounds of accepted characters."),
    rows.read(SlackCode.INVALID_CURSOR, ErrorKind.INVALID_INPUT, False, "The pagination cursor is invalid."),
    rows.read(SlackCode.INVALID_JSON, ErrorKind.INVALID_INPUT, False, "The JSON body could not be understood."),
    rows.read(SlackCode.MSG_TOO_LONG, ErrorKind.TOO_LARGE, False, "The message text is too long.", writes=True),
    rows.read(SlackCode.TOO_MANY_ATTACHMENTS, ErrorKind.TOO_LARGE, False, "Too many attachments were provided with this message."),
    rows.read(SlackCode.METHOD_DEPRECATED, ErrorKind.UNSUPPORTED, False, "The method has been deprecated.", writes=True),
    rows.read(SlackCode.DEPRECATED_ENDPOINT, ErrorKind.UNSUPPORTED, False, "The endpoint has been deprecated."),
    rows.read(SlackCode.PAID_ONLY, ErrorKind.PAYMENT_REQUIRED, False, "This is only available to paid teams.", writes=True),
    rows.read(SlackCode.RATELIMITED, ErrorKind.RATE_LIMITED, True, "The request has been rate limited: wait as long as Retry-After says.", writes=True),
    rows.read(SlackCode.RATE_LIMITED, ErrorKind.RATE_LIMITED, True, "The request has been rate limited (an older spelling)."),
    rows.read(SlackCode.REQUEST_TIMEOUT, ErrorKind.UNKNOWN_OUTCOME, None, "The method was called via a POST whose body was absent or truncated, or the server timed out.", writes=True),
    rows.read(SlackCode.SERVICE_UNAVAILABLE, ErrorKind.UNAVAILABLE, True, "The service is temporarily unavailable.", writes=True),
    rows.read(SlackCode.INTERNAL_ERROR, ErrorKind.UNKNOWN_OUTCOME, None, "The server could not complete the operation, likely a transient issue; some of it may have succeeded."),
    rows.read(SlackCode.FATAL_ERROR, ErrorKind.UNKNOWN_OUTCOME, None, "The server could not complete the operation; some of it may have happened: check before running it again."),
    rows.write(SlackCode.INVALID_ARGUMENTS, ErrorKind.AMBIGUOUS, "that more than one target matched"),
    rows.write(SlackCode.INVALID_ARGUMENTS, ErrorKind.CONFLICT, "that it changed since it was read"),
    rows.write(SlackCode.INVALID_ARGUMENTS, ErrorKind.COMMIT_REQUIRED, "the commit-then-retry step"),
    rows.write(SlackCode.INVALID_ARGUMENTS, ErrorKind.UPSTREAM_ERROR, "that the app behind the tool failed; written so that it is not retried blindly"),
    rows.write(SlackCode.NO_PERMISSION, ErrorKind.PAUSED, "that the target is paused and must be resumed"),
    rows.write(SlackCode.NO_PERMISSION, ErrorKind.APPROVAL_REQUIRED, "that the owner can approve it"),
    rows.write(SlackCode.ACCESS_DENIED, ErrorKind.REFUSED, "that a person said no: it reads as a permission problem, never retried"),
    rows.write(SlackCode.INTERNAL_ERROR, ErrorKind.INTERNAL, "that the fault is inside the platform"),
    rows.write(SlackCode.FATAL_ERROR, ErrorKind.UNKNOWN, "nothing more: the code was unknown to begin with"),
)
# fmt: on

_ROWS: Final = {row.code: row for row in ROWS if row.reads}


def _message(code: str, row: Row | None, d: Mapping[str, Any]) -> str:
    """Slack gives a code, not a sentence: the code's meaning, and what the payload adds
    (the messages of ``invalid_arguments``, the scopes of ``missing_scope``)."""
    metadata = d.get("response_metadata")
    said = metadata.get("messages") if type(metadata) is dict else None
    if type(said) is list and said and all(type(m) is str for m in said):
        return "\n".join(said)
    text = row.meaning if row is not None else code
    needed, provided = d.get("needed"), d.get("provided")
    if needed is not None:
        text += f" Needed: {needed}; provided: {provided or 'none'}."
    return text


def read_slack(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"ok": false, "error": code, ...}``."""
    check(ERROR, d, strict, where)
    code = d["error"]
    row = _ROWS.get(code)
    message = _message(code, row, d)
    if row is not None:
        return make(row.kind, message, retryable=row.retryable, vendor="slack", code=code, extra=d)
    if strict:
        raise ShapeError(f"unknown slack code {code!r}", f"{where}/error")
    kind, retryable = read_words(code) or (ErrorKind.UNKNOWN, None)
    return make(kind, message, retryable=retryable, vendor="slack", code=code, extra=d)


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as Slack's error response; Slack has no field for a message."""
    at_home = home(error, "slack")
    code = error.code if at_home and error.code is not None else canonical_row(error, "slack").code
    out: dict[str, Any] = {"ok": False, "error": code}
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error response as Slack sends it (``missing_scope`` with its scopes)."""
    out: dict[str, Any] = {"ok": False, "error": row.code}
    if row.code == SlackCode.MISSING_SCOPE:
        out |= {"needed": "chat:write", "provided": "identify,bot"}
    return out


SOURCE: Final = register(
    Source(
        name="slack",
        title="Slack",
        codes=tuple(code.value for code in SlackCode),
        shapes=(ERROR,),
        rows=ROWS,
        claims=(
            Claim(
                15,
                "ok",
                read_slack,
                "`ok: false` with a text `error` and no `code` (which makes it Pythe's)",
                is_a=bool,
                one_of=frozenset({False}),
                texts=("error",),
                refuses=("code",),
            ),
        ),
        write=write,
        models=".slack",
        example=example,
        docs="slack.md",
    )
)
