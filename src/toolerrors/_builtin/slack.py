"""Slack's Web API as a source: ``{"ok": false, "error": "<code>", ...}``, in an HTTP 200.

Slack answers a failed call with HTTP 200 and ``ok: false``; the code is in ``error``,
and some codes carry more (``missing_scope``: ``needed`` and ``provided``;
``invalid_arguments``: ``response_metadata.messages``).  Pythe's envelopes have
``ok: false`` too, with a ``code`` and no ``error``: the two are told apart by their
fields.  The pydantic model is in ``toolerrors.slack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, home, with_extra
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_slack", "write"]


rows = Rows("slack")


# fmt: off
ROWS: Final = (
    rows.read("not_authed", ErrorKind.NOT_CONNECTED, False, "No authentication token provided.", writes=True),
    rows.read("invalid_auth", ErrorKind.UNAUTHENTICATED, False, "Some aspect of authentication cannot be validated: the token is invalid or the request came from a disallowed IP.", writes=True),
    rows.read("account_inactive", ErrorKind.UNAUTHENTICATED, False, "The token is for a deleted user or workspace, or the app was removed."),
    rows.read("token_revoked", ErrorKind.UNAUTHENTICATED, False, "The token is for a deleted user or workspace, or the app was removed."),
    rows.read("token_expired", ErrorKind.UNAUTHENTICATED, False, "The token has expired: refresh it (token rotation)."),
    rows.read("missing_scope", ErrorKind.PERMISSION_DENIED, False, "The token lacks a scope the method needs: needed names it, provided lists the token's scopes."),
    rows.read("no_permission", ErrorKind.PERMISSION_DENIED, False, "The workspace token does not have the permissions the method needs.", writes=True),
    rows.read("not_allowed_token_type", ErrorKind.PERMISSION_DENIED, False, "The token type is not allowed for this method."),
    rows.read("access_denied", ErrorKind.PERMISSION_DENIED, False, "Access to a resource the request names is denied."),
    rows.read("not_an_admin", ErrorKind.PERMISSION_DENIED, False, "Only an admin can do this."),
    rows.read("not_in_channel", ErrorKind.PERMISSION_DENIED, False, "The app or user is not in the channel: it must be invited or join first."),
    rows.read("channel_not_found", ErrorKind.NOT_FOUND, False, "Value passed for channel was invalid, or the channel cannot be seen."),
    rows.read("user_not_found", ErrorKind.NOT_FOUND, False, "Value passed for user was invalid."),
    rows.read("message_not_found", ErrorKind.NOT_FOUND, False, "No message exists with the requested timestamp."),
    rows.read("file_not_found", ErrorKind.NOT_FOUND, False, "The file does not exist, or cannot be seen."),
    rows.read("thread_not_found", ErrorKind.NOT_FOUND, False, "The thread does not exist."),
    rows.read("not_found", ErrorKind.NOT_FOUND, False, "The thing asked for was not found.", writes=True),
    rows.read("is_archived", ErrorKind.CONFLICT, False, "The channel has been archived."),
    rows.read("name_taken", ErrorKind.CONFLICT, False, "A channel cannot be created with that name: it is taken."),
    rows.read("already_reacted", ErrorKind.CONFLICT, False, "The item already has that reaction from this user."),
    rows.read("invalid_arguments", ErrorKind.INVALID_INPUT, False, "The method was called with invalid arguments: response_metadata.messages says which.", writes=True),
    rows.read("invalid_arg_name", ErrorKind.INVALID_INPUT, False, "The method was passed an argument whose name falls outside the bounds of accepted characters."),
    rows.read("invalid_cursor", ErrorKind.INVALID_INPUT, False, "The pagination cursor is invalid."),
    rows.read("invalid_json", ErrorKind.INVALID_INPUT, False, "The JSON body could not be understood."),
    rows.read("msg_too_long", ErrorKind.TOO_LARGE, False, "The message text is too long.", writes=True),
    rows.read("too_many_attachments", ErrorKind.TOO_LARGE, False, "Too many attachments were provided with this message."),
    rows.read("method_deprecated", ErrorKind.UNSUPPORTED, False, "The method has been deprecated.", writes=True),
    rows.read("deprecated_endpoint", ErrorKind.UNSUPPORTED, False, "The endpoint has been deprecated."),
    rows.read("paid_only", ErrorKind.PAYMENT_REQUIRED, False, "This is only available to paid teams.", writes=True),
    rows.read("ratelimited", ErrorKind.RATE_LIMITED, True, "The request has been rate limited: wait as long as Retry-After says.", writes=True),
    rows.read("rate_limited", ErrorKind.RATE_LIMITED, True, "The request has been rate limited (an older spelling)."),
    rows.read("request_timeout", ErrorKind.UNKNOWN_OUTCOME, None, "The method was called via a POST whose body was absent or truncated, or the server timed out.", writes=True),
    rows.read("service_unavailable", ErrorKind.UNAVAILABLE, True, "The service is temporarily unavailable.", writes=True),
    rows.read("internal_error", ErrorKind.UNKNOWN_OUTCOME, None, "The server could not complete the operation, likely a transient issue; some of it may have succeeded."),
    rows.read("fatal_error", ErrorKind.UNKNOWN_OUTCOME, None, "The server could not complete the operation; some of it may have happened: check before running it again."),
    *rows.write("invalid_arguments", ErrorKind.AMBIGUOUS, ErrorKind.CONFLICT, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("no_permission", ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED),
    *rows.write("access_denied", ErrorKind.REFUSED),
    *rows.write("internal_error", ErrorKind.INTERNAL),
    *rows.write("fatal_error", ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The Slack Web API error codes common to many methods, and the frequent ones."""


ERROR: Final = Shape(
    "error response",
    (
        Field("ok", (bool,), required=True, const=False),
        Field("error", (str,), required=True, fills="code",
              closed=frozenset(CODES)),
        Field("needed", (str,), samples=("chat:write", "channels:read")),
        Field("provided", (str,), samples=("identify,bot", "channels:history")),
        Field("warning", (str,), samples=("missing_charset", "superfluous_charset")),
        Field("response_metadata", (dict,)),
    ),
    model="ErrorResponse",
)  # fmt: skip


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
    ERROR.check(d, strict, where)
    code = d["error"]
    row = read_row("slack", code, None)
    message = _message(code, row, d)
    kind, retryable = row_or_words(row, code)
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
    if row.code == "missing_scope":
        out |= {"needed": "chat:write", "provided": "identify,bot"}
    return out


SOURCE: Final = Source(
    name="slack",
    title="Slack",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        Claim(
            150,
            "ok",
            read_slack,
            "`ok: false` with a text `error` and no `code` (which makes it Pythe's), nor a"
            " `message` or `status`, which Slack never sends (Outline's API answers `{ok:"
            " false, error, status, message}`)",
            is_a=bool,
            one_of=frozenset({False}),
            texts=("error",),
            refuses=("code", "message", "status"),
        ),
    ),
    write=write,
    models=".slack",
    example=example,
    docs="slack.md",
)
