"""GraphQL as a source: the specification's response with errors, ``{"errors": [{"message",
"locations"?, "path"?, "extensions"?}], "data"?, "extensions"?}``.

A GraphQL server answers with an ``errors`` list, often in an HTTP 200, and names the
error's kind, when it does, in the first error's ``extensions.code``: a code of the
server's own (Apollo Server's, Shopify's, Hasura's, Hot Chocolate's), read by the rows
below, else by its words and the message's.  AWS AppSync names it in ``errorType``,
graphql-ruby's servers in ``type``.  A
response with ``data`` beside its errors is a partial success: the operation ran, and
part of it may have taken effect, so its retry advice is never more than "not known".
GitHub's GraphQL errors, with GitHub's own ``type``, are GitHub's.  The pydantic models
are in ``toolerrors.graphql``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._errors import ShapeError
from .._json import is_wait
from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, more_retryable, want
from .._table import Row, Rows, codes_of, read_row
from .._unified import make
from .._words import read_words, row_or_words

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_graphql", "write"]


rows = Rows("graphql")

# fmt: off
ROWS: Final = (
    rows.read("GRAPHQL_PARSE_FAILED", ErrorKind.INVALID_INPUT, False, "Apollo Server: the operation is not valid GraphQL syntax.", status=400),
    rows.read("GRAPHQL_VALIDATION_FAILED", ErrorKind.INVALID_INPUT, False, "Apollo Server: the operation is not valid against the server's schema.", status=400),
    rows.read("BAD_USER_INPUT", ErrorKind.INVALID_INPUT, False, "Apollo Server: an argument's value is invalid.", writes=True),
    rows.read("BAD_REQUEST", ErrorKind.INVALID_INPUT, False, "Apollo Server: the HTTP request itself is malformed.", status=400),
    rows.read("OPERATION_RESOLUTION_FAILURE", ErrorKind.INVALID_INPUT, False, "Apollo Server: the operation to run could not be told (several, and no operationName naming one).", status=400),
    rows.read("PERSISTED_QUERY_NOT_FOUND", ErrorKind.NOT_FOUND, False, "Apollo Server: an automatic persisted query's hash is not in its cache; send the query's text with it."),
    rows.read("PERSISTED_QUERY_NOT_SUPPORTED", ErrorKind.UNSUPPORTED, False, "Apollo Server: this server does not take automatic persisted queries."),
    rows.read("UNAUTHENTICATED", ErrorKind.UNAUTHENTICATED, False, "Apollo Server's documented code for a request that is not authenticated.", writes=True),
    rows.read("FORBIDDEN", ErrorKind.PERMISSION_DENIED, False, "Apollo Server's documented code for a user who may not do this.", writes=True),
    rows.read("INTERNAL_SERVER_ERROR", ErrorKind.INTERNAL, None, "Apollo Server and Shopify: an error inside the server.", writes=True),
    rows.read("THROTTLED", ErrorKind.RATE_LIMITED, True, "Shopify: the query costs more than the bucket holds now; the wait is the missing points over the restore rate (extensions.cost).", writes=True),
    rows.read("MAX_COST_EXCEEDED", ErrorKind.TOO_LARGE, False, "Shopify: the query's cost is over the single-query maximum; ask for less, or use a bulk operation.", writes=True),
    rows.read("ACCESS_DENIED", ErrorKind.PERMISSION_DENIED, False, "Shopify: access denied, such as for an access scope the app lacks."),
    rows.read("SHOP_INACTIVE", ErrorKind.PAUSED, False, "Shopify: the shop is not active.", writes=True),
    rows.read("access-denied", ErrorKind.UNAUTHENTICATED, False, "Hasura: the admin secret or the request's credentials are missing or wrong (its 401).", status=401),
    rows.read("invalid-jwt", ErrorKind.UNAUTHENTICATED, False, "Hasura: the JWT could not be verified, or has expired."),
    rows.read("jwt-invalid-claims", ErrorKind.UNAUTHENTICATED, False, "Hasura: the JWT's claims are not what Hasura needs."),
    rows.read("jwt-missing-role-claims", ErrorKind.UNAUTHENTICATED, False, "Hasura: the JWT names no role."),
    rows.read("permission-denied", ErrorKind.PERMISSION_DENIED, False, "Hasura: the role may not do this."),
    rows.read("permission-error", ErrorKind.PERMISSION_DENIED, False, "Hasura: a permission check failed."),
    rows.read("validation-failed", ErrorKind.INVALID_INPUT, False, "Hasura: the operation is not valid against the schema for the role."),
    rows.read("parse-failed", ErrorKind.INVALID_INPUT, False, "Hasura: the request could not be parsed.", status=400),
    rows.read("bad-request", ErrorKind.INVALID_INPUT, False, "Hasura: the request is malformed.", status=400),
    rows.read("invalid-json", ErrorKind.INVALID_INPUT, False, "Hasura: the body is not valid JSON."),
    rows.read("invalid-headers", ErrorKind.INVALID_INPUT, False, "Hasura: a session variable header is invalid."),
    rows.read("data-exception", ErrorKind.INVALID_INPUT, False, "Hasura: the database refused a value (Postgres' data exception)."),
    rows.read("constraint-violation", ErrorKind.CONFLICT, False, "Hasura: a uniqueness or foreign-key constraint was violated.", writes=True),
    rows.read("already-exists", ErrorKind.CONFLICT, False, "Hasura: it already exists."),
    rows.read("not-exists", ErrorKind.NOT_FOUND, False, "Hasura: it does not exist."),
    rows.read("not-found", ErrorKind.NOT_FOUND, False, "Hasura: not found (its 404).", status=404, writes=True),
    rows.read("not-supported", ErrorKind.UNSUPPORTED, False, "Hasura: not supported.", writes=True),
    rows.read("unexpected", ErrorKind.INTERNAL, None, "Hasura: an unexpected error inside the server (its 500).", status=500),
    rows.read("postgres-error", ErrorKind.UPSTREAM_ERROR, None, "Hasura: the database failed, or could not be reached."),
    rows.read("remote-schema-error", ErrorKind.UPSTREAM_ERROR, None, "Hasura: a remote schema answered with an error."),
    rows.read("AUTH_NOT_AUTHENTICATED", ErrorKind.UNAUTHENTICATED, False, "Hot Chocolate: the user is not authenticated."),
    rows.read("AUTH_NOT_AUTHORIZED", ErrorKind.PERMISSION_DENIED, False, "Hot Chocolate: the user may not access this resource."),
    rows.read("Unauthorized", ErrorKind.PERMISSION_DENIED, False, "AWS AppSync's errorType: the caller may not access this field."),
    rows.read("graphql-authentication", ErrorKind.UNAUTHENTICATED, False, "Adobe Commerce (Magento), extensions.category: authentication failed; check the credentials."),
    rows.read("graphql-authorization", ErrorKind.UNAUTHENTICATED, False, "Adobe Commerce (Magento), extensions.category: the caller is not authorized, an invalid token for one (its 401)."),
    rows.read("graphql-input", ErrorKind.INVALID_INPUT, False, "Adobe Commerce (Magento), extensions.category: the query holds invalid input."),
    rows.read("graphql-no-such-entity", ErrorKind.NOT_FOUND, False, "Adobe Commerce (Magento), extensions.category: an entity the query names does not exist."),
    rows.read("graphql-already-exists", ErrorKind.CONFLICT, False, "Adobe Commerce (Magento), extensions.category: the data already exists."),
    *rows.write("UNAUTHENTICATED", ErrorKind.NOT_CONNECTED),
    *rows.write("FORBIDDEN", ErrorKind.PAYMENT_REQUIRED, ErrorKind.APPROVAL_REQUIRED, ErrorKind.REFUSED),
    *rows.write("BAD_USER_INPUT", ErrorKind.AMBIGUOUS, ErrorKind.UPSTREAM_ERROR),
    *rows.write("constraint-violation", ErrorKind.COMMIT_REQUIRED),
    *rows.write("INTERNAL_SERVER_ERROR", ErrorKind.UNAVAILABLE, ErrorKind.UNKNOWN_OUTCOME, ErrorKind.UNKNOWN),
)
# fmt: on

CODES: Final = codes_of(ROWS)
"""The ``extensions.code`` values the major servers document (Apollo Server, Shopify,
Hasura, Hot Chocolate), and AWS AppSync's ``errorType``."""


def _errors(row: Row, name: str, pick: int) -> list[dict[str, Any]]:
    """The ``errors`` of a row, with a drawn message."""
    error: dict[str, Any] = {"message": name, "extensions": {"code": row.code}}
    if pick % 2:
        error["path"] = ["node"]
    return [error]


ERROR: Final = Shape(
    "GraphQL error",
    (
        Field("message", (str,), required=True, fills="message"),
        Field("locations", (list,)),
        Field("path", (list,)),
        Field("extensions", (dict,)),
    ),
    model="GraphQLError",
)
"""One error object, as the specification gives its members."""

RESPONSE: Final = Shape(
    "GraphQL response",
    (
        Field("errors", (list,), required=True, samples=_errors),
        Field("data", (object,), samples=(None, {"node": None})),
        Field("extensions", (dict,), samples=({"tracing": {"version": 1}},)),
    ),
    model="GraphQLResponse",
)

PARTIAL: Final = "part of the operation may have taken effect"
"""Why a partial success is never advised to be retried."""


_CODE_AT: Final = (
    ("extensions", "code"), ("extensions", "category"), ("errorType",), ("type",), ("code",),
)  # fmt: skip
"""Where an error names its code, first to last: ``extensions.code`` (the servers'
custom), ``extensions.category`` (graphql-php's, which Adobe Commerce fills with its
own: ``graphql-authorization``, ``graphql-input``, ...), AWS AppSync's ``errorType``, and
the ``type`` and ``code`` graphql-ruby's servers (GitHub's among them) put beside the
message."""


def _code(error: Mapping[str, Any]) -> str | None:
    """The error's code: the first text found where `_CODE_AT` looks."""
    for path in _CODE_AT:
        value: Any = error
        for key in path:
            value = value.get(key) if type(value) is dict else None
        if type(value) is str:
            return value
    return None


_UNSAID: Final = {
    False: (ErrorKind.INVALID_INPUT, False),
    True: (ErrorKind.INTERNAL, None),
}
"""An error with no code, whose words say nothing known, by where the specification
places it: with no ``path`` and no ``data``, a request error, raised before execution
began ("typically the fault of the requesting client": a syntax or validation error, an
operation that cannot be told, invalid variables); else a field error, raised while a
resolver ran, inside the server.  A code the server names and no row holds says more
than the placement: such an error stays unknown, for the HTTP status to decide."""


def throttle_wait(d: Mapping[str, Any]) -> float | None:
    """Shopify's wait, from the response's ``extensions.cost``: the points the query
    lacks (``requestedQueryCost`` less ``throttleStatus.currentlyAvailable``) over the
    points restored each second (``throttleStatus.restoreRate``); ``None`` where any of
    them is missing or not a number."""
    extensions = d.get("extensions")
    cost = extensions.get("cost") if type(extensions) is dict else None
    status = cost.get("throttleStatus") if type(cost) is dict else None
    if type(status) is not dict:
        return None
    requested, available, rate = (
        cost.get("requestedQueryCost"),  # type: ignore[union-attr]
        status.get("currentlyAvailable"),
        status.get("restoreRate"),
    )
    if not (is_wait(requested) and is_wait(available) and is_wait(rate)) or rate == 0:
        return None
    wait: float = max(requested - available, 0) / rate
    return wait


def read_graphql(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"errors": [{"message", ...}], "data"?, "extensions"?}``: the first error decides,
    by its code's row, else by the known words in its code and message; a code that says
    only that the server failed (Apollo Server's ``INTERNAL_SERVER_ERROR`` for anything a
    resolver threw) lets the message's known words say the kind ("Too many requests,
    please try again in 13 seconds."), never more retryable than the code.  A rate limit
    waits as Shopify's cost says; with ``data`` beside the errors (a partial success)
    the advice is never more than "not known"."""
    RESPONSE.check(d, strict, where)
    errors = d["errors"]
    if not errors:
        raise want(errors, "an array of error objects", f"{where}/errors")
    for index, item in enumerate(errors if strict else errors[:1]):
        if type(item) is not dict:
            raise want(item, "an error object", f"{where}/errors/{index}")
        ERROR.check(item, strict, f"{where}/errors/{index}")
    first = errors[0]
    code = _code(first)
    extensions = first.get("extensions")
    if strict and extensions is not None and "code" in extensions and code is None:
        raise want(extensions["code"], "a string", f"{where}/errors/0/extensions/code")
    row = read_row("graphql", code or "", None)
    kind, retryable = row_or_words(row, code, first["message"])
    said = read_words(first["message"]) if kind is ErrorKind.INTERNAL else None
    if said is not None:  # any error a resolver threw (Apollo's): its words say which,
        kind = said[0]  # never more retryable than the code, which we write for it too
        retryable = retryable if more_retryable(said[1], retryable) else said[1]
    if kind is ErrorKind.UNKNOWN and code is None:
        kind, retryable = _UNSAID["path" in first or d.get("data") is not None]
    if d.get("data") is not None and retryable is not False:
        retryable = None  # a partial success: part of it may have taken effect
    wait = throttle_wait(d) if kind is ErrorKind.RATE_LIMITED else None
    return make(
        kind,
        first["message"],
        retryable=retryable,
        retry_after=wait,
        vendor="graphql",
        code=code,
        extra=d,
    )


def _at_home(error: UnifiedError) -> bool:
    """A GraphQL error whose response, read again, says the same."""
    extra = error.extra
    if error.vendor != "graphql" or extra is None:
        return False
    try:
        again = read_graphql(extra, False, "")
    except ShapeError:
        return False
    return (again.kind, again.message, again.retryable, again.retry_after, again.code) == (
        error.kind,
        error.message,
        error.retryable,
        error.retry_after,
        error.code,
    )


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a GraphQL response: one error with its message and the code of its
    kind in ``extensions.code``, and no ``data`` (nothing ran); a GraphQL error that
    reads the same is given back as it came."""
    if _at_home(error):
        return dict(error.extra or {})
    row = canonical_row(error, "graphql")
    return {"errors": [{"message": error.message, "extensions": {"code": row.code}}]}


def example(row: Row, message: str) -> dict[str, Any]:
    """A request error: one error with the row's code, and ``data`` null."""
    return {"errors": [{"message": message, "extensions": {"code": row.code}}], "data": None}


_MEMBERS: Final = frozenset(
    {
        "message",
        "locations",
        "path",
        "extensions",
        "errorType",
        "errorInfo",
        "data",
        "type",
        "code",
        "category",
    }
)
"""The specification's error members, those AWS AppSync adds (``errorType``,
``errorInfo``, ``data``), graphql-ruby's ``type`` and ``code``, and the ``category``
graphql-php's older versions put beside the message."""


def _spec_errors(d: Mapping[str, Any]) -> bool:
    """A non-empty ``errors`` whose first is an error object of the specification's shape:
    a text ``message`` and no member it does not name (JSON:API's ``status``, ``title``,
    ``detail``; SendGrid's ``field``) unless it gives the ``locations`` in the query that
    only GraphQL's errors give (start.gg's adds ``fields`` and ``fieldErrors``), or its
    ``path`` beside the response's ``data`` (KeystoneJS adds ``name`` and ``uid``), nor a
    ``code`` that is not text (Twitter's), nor a ``code`` with no mark of GraphQL's."""
    errors = d["errors"]
    if not errors or type(errors[0]) is not dict:
        return False
    first = errors[0]
    return (
        type(first.get("message")) is str
        and (
            _MEMBERS.issuperset(first)
            or type(first.get("locations")) is list
            or (type(first.get("path")) is list and "data" in d)
        )
        and type(first.get("code", "")) is str
        and ("code" not in first or "data" in d or not _PLACES.isdisjoint(first))
    )


_PLACES: Final = frozenset({"locations", "path", "extensions"})
"""What only a GraphQL error says beside a ``code``: where in the query it arose, or its
extensions; a list of ``{code, message}`` with none of them and no ``data`` is a REST
API's (WooCommerce's)."""


SOURCE: Final = Source(
    name="graphql",
    title="GraphQL",
    codes=CODES,
    shapes=(RESPONSE,),
    rows=ROWS,
    claims=(
        Claim(
            470,
            "errors",
            read_graphql,
            "GraphQL errors: a first error with a text `message` and only the members the"
            " specification, AWS AppSync and graphql-ruby give it (a `code` only as text,"
            " beside `data`, `locations`, `path` or `extensions`);"
            " never beside a top-level `message` or Cloudflare's `success`",
            is_a=list,
            refuses=("message", "success"),
            when=_spec_errors,
        ),
    ),
    write=write,
    models=".graphql",
    example=example,
    docs="graphql.md",
)
