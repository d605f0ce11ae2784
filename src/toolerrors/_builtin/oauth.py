"""OAuth 2.0 error responses as a source: ``{error, error_description?, error_uri?}``.

The token endpoint (RFC 6749 §5.2), protected resources (RFC 6750 §3.1), dynamic client
registration (RFC 7591 §3.2.2) and the device flow (RFC 8628 §3.5) answer with the same
shape.  OAuth 1.0a's Problem Reporting extension answers form-encoded, in a text:
``oauth_problem=token_expired&oauth_problem_advice=...`` (Xero's API among others), read
by the words of the problem and the advice.  use_tool's errors are ``{error, message}`` too, with codes of their own: an OAuth
error is told apart by its code or by its ``error_description`` and ``error_uri``.  The
pydantic model is in ``toolerrors.oauth``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, home, with_extra
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import UNSAID, read_words, row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_oauth", "read_problem", "write"]


rows = Rows("oauth", writes=True)


# fmt: off
ROWS: Final = (
    rows.read("invalid_request", ErrorKind.INVALID_INPUT, False, "The request is missing a parameter, repeats one, or is otherwise malformed (RFC 6749 §5.2).", status=400),
    rows.read("invalid_client", ErrorKind.UNAUTHENTICATED, False, "Client authentication failed: unknown client, no client authentication, or an unsupported method (RFC 6749 §5.2).", status=401, writes=False),
    rows.read("invalid_grant", ErrorKind.UNAUTHENTICATED, False, "The grant or refresh token is invalid, expired, revoked, or was issued to another client: fresh credentials are needed (RFC 6749 §5.2).", status=400, writes=False),
    rows.read("unauthorized_client", ErrorKind.PERMISSION_DENIED, False, "The client is not authorized to use this grant type (RFC 6749 §5.2).", status=400, writes=False),
    rows.read("unsupported_grant_type", ErrorKind.UNSUPPORTED, False, "The grant type is not supported by the authorization server (RFC 6749 §5.2).", status=400),
    rows.read("invalid_scope", ErrorKind.INVALID_INPUT, False, "The requested scope is invalid, unknown or malformed (RFC 6749 §5.2).", status=400, writes=False),
    rows.read("access_denied", ErrorKind.REFUSED, False, "The resource owner or authorization server denied the request (RFC 6749 §4.1.2.1; RFC 8628 §3.5): a person said no.", status=403),
    rows.read("unsupported_response_type", ErrorKind.UNSUPPORTED, False, "The server does not support this response type (RFC 6749 §4.1.2.1).", status=400, writes=False),
    rows.read("server_error", ErrorKind.INTERNAL, None, "The authorization server met an unexpected condition (RFC 6749 §4.1.2.1).", status=500),
    rows.read("temporarily_unavailable", ErrorKind.UNAVAILABLE, True, "The authorization server is overloaded or down for maintenance (RFC 6749 §4.1.2.1).", status=503),
    rows.read("invalid_token", ErrorKind.UNAUTHENTICATED, False, "The access token is expired, revoked, malformed or invalid: fresh credentials are needed (RFC 6750 §3.1).", status=401),
    rows.read("insufficient_scope", ErrorKind.PERMISSION_DENIED, False, "The request needs more privileges than the access token provides (RFC 6750 §3.1).", status=403),
    rows.read("invalid_redirect_uri", ErrorKind.INVALID_INPUT, False, "A registered redirect URI is invalid (RFC 7591 §3.2.2).", status=400, writes=False),
    rows.read("invalid_client_metadata", ErrorKind.INVALID_INPUT, False, "A client metadata field is invalid (RFC 7591 §3.2.2).", status=400, writes=False),
    rows.read("authorization_pending", ErrorKind.APPROVAL_REQUIRED, False, "The user has not yet completed the device authorization (RFC 8628 §3.5): a person must act.", status=400),
    rows.read("slow_down", ErrorKind.RATE_LIMITED, True, "Polling too fast: wait five seconds more between requests (RFC 8628 §3.5).", status=400),
    rows.read("expired_token", ErrorKind.UNAUTHENTICATED, False, "The device code expired: start the authorization again (RFC 8628 §3.5).", status=400, writes=False),
    *rows.write("invalid_grant", ErrorKind.NOT_CONNECTED),
    *rows.write("insufficient_scope", ErrorKind.PAYMENT_REQUIRED),
    *rows.write("unauthorized_client", ErrorKind.PAUSED),
    *rows.write("invalid_request", ErrorKind.NOT_FOUND, ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.CONFLICT, ErrorKind.COMMIT_REQUIRED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("server_error", ErrorKind.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The registered OAuth 2.0 error codes an agent's tools meet."""


ERROR: Final = Shape(
    "error response",
    (
        Field("error", (str,), required=True, fills="code",
              closed=frozenset(CODES)),
        Field("error_description", (str,), fills="message"),
        Field("error_uri", (str,), samples=("https://tools.ietf.org/html/rfc6749#section-5.2",)),
    ),
    model="ErrorResponse",
)  # fmt: skip


_KNOWN: Final = frozenset(CODES)
_MARKS: Final = ("error_description", "error_uri")


def read_oauth(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{error, error_description?, error_uri?}``.  With no description the message is
    the code's documented meaning (a ``message`` some servers add is used first).  The
    status is the response's: servers differ from the RFC's (401 for ``invalid_grant``)."""
    ERROR.check(d, strict, where)
    code = d["error"]
    row = read_row("oauth", code, None)
    message = d.get("error_description")
    if message is None:
        other = d.get("message")
        message = other if type(other) is str else row.meaning if row is not None else code
    kind, retryable = row_or_words(row, code, message)
    return make(kind, message, retryable=retryable, vendor="oauth", code=code, extra=d)


@cache
def _problem() -> re.Pattern[str]:
    """OAuth 1.0a's ``oauth_problem`` and its advice, form-encoded; compiled on first use."""
    return re.compile(r"\boauth_problem=([^&\s]+)(?:&oauth_problem_advice=([^&\s]+))?")


def read_problem(text: str) -> UnifiedError | None:
    """The error an OAuth 1.0a problem report states in a text
    (``oauth_problem=rate%20limit%20exceeded&oauth_problem_advice=please%20wait...``),
    by the words of the problem and the advice; ``None`` for a text without one."""
    if "oauth_problem=" not in text:  # most texts: a substring test before the expression
        return None
    found = _problem().search(text)
    if found is None:
        return None
    from urllib.parse import unquote_plus  # 2 ms at import, paid only by such a text

    problem = unquote_plus(found[1])
    advice = unquote_plus(found[2]) if found[2] else None
    kind, retryable = read_words(problem, advice) or UNSAID
    message = problem if advice is None else f"{problem}: {advice}"
    return make(kind, message, retryable=retryable, vendor="oauth", code=problem)


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as an OAuth error response; at home, a description only where it was."""
    at_home = home(error, "oauth")
    extra = error.extra if at_home else None
    code = error.code if at_home and error.code is not None else canonical_row(error, "oauth").code
    out: dict[str, Any] = {"error": code}
    if extra is None or "error_description" in extra:
        out["error_description"] = error.message
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error response, with the message as its description."""
    return {"error": row.code, "error_description": message}


SOURCE: Final = Source(
    name="oauth",
    title="OAuth 2.0",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(  # never beside an ok, which says the payload is Slack's or Pythe's
        Claim(
            280,
            "error",
            read_oauth,
            "an OAuth error code, never beside an `ok`",
            is_a=str,
            one_of=_KNOWN,
            refuses=("ok",),
        ),
        *(
            Claim(
                rank,
                "error",
                read_oauth,
                f"any text `error` beside an `{mark}`, never beside an `ok`",
                is_a=str,
                needs=(mark,),
                refuses=("ok",),
            )
            for rank, mark in zip((290, 300), _MARKS, strict=True)
        ),
    ),
    write=write,
    models=".oauth",
    example=example,
    docs="oauth.md",
    texts=read_problem,
)
