"""GitHub's REST and GraphQL APIs as a source.

REST errors are ``{"message", "documentation_url", "errors"?, "status"?}``: the HTTP status
is GitHub's code (newer responses repeat it as ``"status": "404"``), so a body alone says
less than the response; `toolerrors.from_http` reads the status and GitHub's headers
(``x-ratelimit-remaining``, ``retry-after``, ``x-github-otp``).  GraphQL errors are
``{"errors": [{"type", "message", ...}], "data"?}``, and can come in a 200.  The pydantic
models are in ``toolerrors.github``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import (
    ONE_TIME_CODE,
    SAFER_KIND,
    Claim,
    Field,
    Response,
    Shape,
    Source,
    canonical_row,
    only,
    partly_done,
    unknown,
    want,
)
from .._table import WRITE, Row, Rows, codes_of, read_row
from .._unified import make
from .._words import UNSAID, read_words, row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_github", "read_graphql", "write"]


rows = Rows("github")


# fmt: off
ROWS: Final = (
    rows.read("400", ErrorKind.INVALID_INPUT, False, "Problems parsing JSON, or a body of the wrong type.", status=400, writes=True),
    rows.read("401", ErrorKind.UNAUTHENTICATED, False, "Bad credentials, or authentication is required.", status=401, writes=True),
    rows.read("403", ErrorKind.PERMISSION_DENIED, False, "The token may not do this (unless x-ratelimit-remaining is 0, or the message names a secondary rate limit).", status=403, writes=True),
    rows.read("404", ErrorKind.NOT_FOUND, False, "Not found, or not visible to this token.", status=404, writes=True),
    rows.read("409", ErrorKind.CONFLICT, False, "A conflict, such as merge conflicts.", status=409, writes=True),
    rows.read("410", ErrorKind.NOT_FOUND, False, "The resource is gone, such as a disabled feature.", status=410),
    rows.read("422", ErrorKind.INVALID_INPUT, False, "Validation failed: errors holds objects or strings saying what.", status=422),
    rows.read("429", ErrorKind.RATE_LIMITED, True, "A rate limit: wait for retry-after or x-ratelimit-reset.", status=429, writes=True),
    rows.read("500", ErrorKind.INTERNAL, None, "Server error.", status=500, writes=True),
    rows.read("502", ErrorKind.UNAVAILABLE, None, "Bad gateway.", status=502),
    rows.read("503", ErrorKind.UNAVAILABLE, True, "Service unavailable.", status=503, writes=True),
    rows.read("RATE_LIMITED", ErrorKind.RATE_LIMITED, True, "GraphQL: the rate limit was exceeded (it can come in a 200)."),
    rows.read("RATE_LIMIT", ErrorKind.RATE_LIMITED, True, "GraphQL: the rate limit was exceeded, typed so (with code graphql_rate_limit) in responses seen since 2026."),
    rows.read("NOT_FOUND", ErrorKind.NOT_FOUND, False, "GraphQL: the resource could not be resolved."),
    rows.read("FORBIDDEN", ErrorKind.PERMISSION_DENIED, False, "GraphQL: the viewer may not do this."),
    rows.read("INSUFFICIENT_SCOPES", ErrorKind.PERMISSION_DENIED, False, "GraphQL: the token lacks a scope the query needs."),
    rows.read("UNPROCESSABLE", ErrorKind.INVALID_INPUT, False, "GraphQL: the input could not be processed."),
    rows.read("INTERNAL", ErrorKind.INTERNAL, None, "GraphQL: an internal error."),
    *rows.write("401", ErrorKind.NOT_CONNECTED),
    *rows.write("422", ErrorKind.AMBIGUOUS, ErrorKind.TOO_LARGE, ErrorKind.UNSUPPORTED, ErrorKind.UPSTREAM_ERROR),
    *rows.write("409", ErrorKind.COMMIT_REQUIRED),
    *rows.write("403", ErrorKind.PAYMENT_REQUIRED, ErrorKind.PAUSED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("500", ErrorKind.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The REST statuses GitHub documents for its errors, and its GraphQL error types."""


_GRAPHQL: Final = frozenset(
    {
        "RATE_LIMITED",
        "RATE_LIMIT",
        "NOT_FOUND",
        "FORBIDDEN",
        "INSUFFICIENT_SCOPES",
        "UNPROCESSABLE",
        "INTERNAL",
    }
)

REST: Final = Shape(
    "REST error",
    (
        Field("message", (str,), required=True, fills="message"),
        Field("documentation_url", (str,), required=True,
              samples=("https://docs.github.com/rest", "https://docs.github.com/rest/repos/repos#get-a-repository")),
        Field("status", (str,), fills="code",
              closed=frozenset(CODES) - _GRAPHQL),
        Field("errors", (list,)),
    ),
    model="RestError",
)  # fmt: skip


def _graphql_errors(row: Row, name: str, pick: int) -> list[dict[str, Any]]:
    """GraphQL's ``errors`` for a row, with a drawn message."""
    return [{"type": row.code, "message": name, "path": ["repository"]}]


GRAPHQL: Final = Shape(
    "GraphQL errors",
    (
        Field("errors", (list,), required=True, samples=_graphql_errors),
        Field("data", (object,), samples=(None, {"repository": None})),
    ),
    model="GraphQLErrors",
    codes=_GRAPHQL,
)


_LIMITED: Final = r"(?i)secondary rate limit|rate limit exceeded|abuse detection"
"""How GitHub words a rate limit it answers with a 403 (its documented messages);
compiled on first use, by ``re``'s own cache (0.06 ms less start-up)."""
_GRAPHQL_ERROR: Final = frozenset(
    {"message", "type", "code", "path", "locations", "extensions", "documentation_url"}
)
"""GraphQL's error fields, and GitHub's ``type``, ``code`` and ``documentation_url``."""


def read_github(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"message", "documentation_url", "errors"?, "status"?}``: the kind from ``status``
    when the body has it, else from the page it points to (``#rate-limiting``,
    ``#secondary-rate-limits``), else from the known words.  GitHub's rate-limit page or
    wording turns a 403 into a rate limit.  What ``errors`` says stays there: the message
    is GitHub's, verbatim."""
    REST.check(d, strict, where)
    message, url, status = d["message"], d["documentation_url"], d.get("status")
    row = read_row("github", status, None) if status is not None else None
    retryable: bool | None
    limited = url is not None and "rate-limit" in url  # its documentation's rate-limit pages
    if row is not None and row.code == "403" and (limited or re.search(_LIMITED, message)):
        kind, retryable = ErrorKind.RATE_LIMITED, True  # GitHub's own word beats a 403
    elif row is not None:
        kind, retryable = row.kind, row.retryable
    elif limited:
        kind, retryable = ErrorKind.RATE_LIMITED, True
    else:
        kind, retryable = read_words(message) or UNSAID
    http = row.status if row is not None else None
    return make(
        kind, message, retryable=retryable, status_code=http, vendor="github", code=status, extra=d
    )


def read_graphql(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"errors": [{"type", "message", ...}], "data"?}``: the first error decides."""
    errors = d.get("errors")
    if type(errors) is not list or not errors or type(errors[0]) is not dict:
        raise want(errors, "an array of error objects", f"{where}/errors")
    if strict:
        only(d, GRAPHQL.names, where)
        for index, item in enumerate(errors):
            if type(item) is not dict or type(item.get("message")) is not str:
                raise want(item, "an error object with a message", f"{where}/errors/{index}")
            only(item, _GRAPHQL_ERROR, f"{where}/errors/{index}")
    first = errors[0]
    message, code = first.get("message"), first.get("type")
    if code is not None and type(code) is not str:
        raise want(code, "a string", f"{where}/errors/0/type")
    row = read_row("github", code, None) if code in _GRAPHQL else None
    if type(message) is not str:
        if row is None or message is not None:  # a type GitHub documents speaks alone
            raise want(message, "a string", f"{where}/errors/0/message")
        message = row.meaning
    if row is None and strict:  # an error of a list, which its shape does not describe
        raise unknown("type", code, _GRAPHQL, f"{where}/errors/0/type")
    kind, retryable = row_or_words(row, code, message)
    error = make(kind, message, retryable=retryable, vendor="github", code=code, extra=d)
    data = d.get("data")
    if type(data) is not dict:
        return error
    # Fields resolved beside the errors took effect; errors[].path names what failed.
    return partly_done(error, done=sum(value is not None for value in data.values()))


def _documented(kind_of: object) -> bool:
    """A GraphQL error ``type`` GitHub documents (an array or object is none)."""
    return type(kind_of) is str and kind_of in _GRAPHQL


def _graphql(d: Mapping[str, Any]) -> bool:
    """GraphQL's ``errors`` with GitHub's own marks: a first error whose ``type`` is one
    GitHub documents (``{"errors": [{"type": "RATE_LIMITED"}]}`` in a 200 speaks alone),
    or one with a ``message`` and a ``documentation_url``; never one with a field GraphQL and GitHub do
    not send (SendGrid's ``field``) or a ``code`` that is not text (Cloudflare's
    ``{"code": 10000, "message"}``).  Any other GraphQL server's errors are GraphQL's."""
    errors = d["errors"]
    if not errors or type(errors[0]) is not dict:
        return False
    first = errors[0]
    return (
        _GRAPHQL_ERROR.issuperset(first)
        and type(first.get("code", "")) is str
        and (
            _documented(first.get("type"))
            or (type(first.get("message")) is str and type(first.get("documentation_url")) is str)
        )
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as GitHub's REST error; a GitHub error is given back as it came.  An
    error written as a 403 whose message has GitHub's rate-limit wording is written as
    `SAFER_KIND`'s status instead, so that it does not read back as a rate limit."""
    extra = error.extra
    if error.vendor == "github" and extra is not None:
        if "errors" in extra and "message" not in extra and error.code in _GRAPHQL:
            return dict(extra)  # GraphQL: the messages are the errors'
        out = dict(extra)  # in the order it came
        out["message"] = error.message
        if error.code is not None:
            out["status"] = error.code
        return out
    row = canonical_row(error, "github")
    if row.code == "403" and re.search(_LIMITED, error.message):
        # GitHub reads its rate-limit wording under a 403 as a rate limit, retried: this
        # error, which is not one, would come back more retryable than it is.
        row = WRITE[("github", SAFER_KIND)]
    return {
        "message": error.message,
        "documentation_url": "https://docs.github.com/rest",
        "status": row.code,
    }


def example(row: Row, message: str) -> dict[str, Any]:
    """A REST error with its status, or a GraphQL error in a 200."""
    if row.code in _GRAPHQL:
        return {"errors": [{"type": row.code, "message": message}], "data": None}
    return {
        "message": message,
        "documentation_url": "https://docs.github.com/rest",
        "status": row.code,
    }


def _on_github(d: Mapping[str, Any]) -> bool:
    """A ``documentation_url`` on GitHub's documentation (``docs.github.com``, and the
    older ``developer.github.com``), for GitHub.com and GitHub Enterprise Server alike."""
    url = d["documentation_url"]
    return type(url) is str and "github.com" in url


SOURCE: Final = Source(
    name="github",
    title="GitHub",
    codes=CODES,
    shapes=(REST, GRAPHQL),
    rows=ROWS,
    claims=(
        Claim(
            440,
            "documentation_url",
            read_github,
            "a REST error: a text `message` beside a `documentation_url` on GitHub's own"
            " documentation (Looker's SDK sends the same pair with its own docs)",
            texts=("message",),
            when=_on_github,
        ),
        Claim(
            460,
            "errors",
            read_graphql,
            "GraphQL errors with GitHub's marks: a first error whose `type` GitHub"
            " documents (`RATE_LIMITED`, `NOT_FOUND`), or with a `message` and a"
            " `documentation_url`; no `message` beside them (a REST error's `errors` has"
            " one), never beside Cloudflare's `success`, and never with an error field"
            " GraphQL and GitHub do not send (SendGrid's `field`)",
            is_a=list,
            refuses=("message", "success"),
            when=_graphql,
        ),
    ),
    write=write,
    models=".github",
    example=example,
    headers={"x-github-otp": ONE_TIME_CODE},
    responses=(Response("status", "headers", ("data",)),),  # PyGithub's GithubException
    docs="github.md",
)
