"""GraphQL errors: the specification's response, ``{"errors": [{"message", "locations"?,
"path"?, "extensions"?}], "data"?, "extensions"?}``.

Read them with `toolerrors.parse`, or `toolerrors.from_http` whatever the status: a
GraphQL server often answers with its errors in a 200.  The first error's
``extensions.code`` is read by the codes Apollo Server, Shopify, Hasura and Hot
Chocolate document, else by its words; ``data`` beside the errors is a partial success.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.graphql import ROWS
from ._enum import TextEnum
from ._wire import WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCode", "GraphQLError", "GraphQLResponse", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The ``extensions.code`` values of the major servers, and AppSync's
    ``errorType``: codes are open, and any other is read by its words."""

    GRAPHQL_PARSE_FAILED = "GRAPHQL_PARSE_FAILED"
    GRAPHQL_VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED"
    BAD_USER_INPUT = "BAD_USER_INPUT"
    BAD_REQUEST = "BAD_REQUEST"
    OPERATION_RESOLUTION_FAILURE = "OPERATION_RESOLUTION_FAILURE"
    PERSISTED_QUERY_NOT_FOUND = "PERSISTED_QUERY_NOT_FOUND"
    PERSISTED_QUERY_NOT_SUPPORTED = "PERSISTED_QUERY_NOT_SUPPORTED"
    UNAUTHENTICATED = "UNAUTHENTICATED"
    FORBIDDEN = "FORBIDDEN"
    INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR"
    THROTTLED = "THROTTLED"
    MAX_COST_EXCEEDED = "MAX_COST_EXCEEDED"
    ACCESS_DENIED = "ACCESS_DENIED"
    SHOP_INACTIVE = "SHOP_INACTIVE"
    HASURA_ACCESS_DENIED = "access-denied"
    HASURA_INVALID_JWT = "invalid-jwt"
    HASURA_JWT_INVALID_CLAIMS = "jwt-invalid-claims"
    HASURA_JWT_MISSING_ROLE_CLAIMS = "jwt-missing-role-claims"
    HASURA_PERMISSION_DENIED = "permission-denied"
    HASURA_PERMISSION_ERROR = "permission-error"
    HASURA_VALIDATION_FAILED = "validation-failed"
    HASURA_PARSE_FAILED = "parse-failed"
    HASURA_BAD_REQUEST = "bad-request"
    HASURA_INVALID_JSON = "invalid-json"
    HASURA_INVALID_HEADERS = "invalid-headers"
    HASURA_DATA_EXCEPTION = "data-exception"
    HASURA_CONSTRAINT_VIOLATION = "constraint-violation"
    HASURA_ALREADY_EXISTS = "already-exists"
    HASURA_NOT_EXISTS = "not-exists"
    HASURA_NOT_FOUND = "not-found"
    HASURA_NOT_SUPPORTED = "not-supported"
    HASURA_UNEXPECTED = "unexpected"
    HASURA_POSTGRES_ERROR = "postgres-error"
    HASURA_REMOTE_SCHEMA_ERROR = "remote-schema-error"
    AUTH_NOT_AUTHENTICATED = "AUTH_NOT_AUTHENTICATED"
    AUTH_NOT_AUTHORIZED = "AUTH_NOT_AUTHORIZED"
    APPSYNC_UNAUTHORIZED = "Unauthorized"
    COMMERCE_AUTHENTICATION = "graphql-authentication"
    COMMERCE_AUTHORIZATION = "graphql-authorization"
    COMMERCE_INPUT = "graphql-input"
    COMMERCE_NO_SUCH_ENTITY = "graphql-no-such-entity"
    COMMERCE_ALREADY_EXISTS = "graphql-already-exists"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, from its server's documentation."""


class GraphQLError(WireModel):
    """One error: ``{"message", "locations"?, "path"?, "extensions"?}``; strict reading
    refuses any other member (AppSync's ``errorType`` among them)."""

    message: StrictStr
    locations: list[Any] | None = None
    path: list[Any] | None = None
    extensions: dict[str, Any] | None = None


class GraphQLResponse(WireModel):
    """``{"errors": [...], "data"?, "extensions"?}``: the first error decides."""

    errors: Annotated[list[GraphQLError], Field(min_length=1)]
    data: Any = None
    extensions: dict[str, Any] | None = None


Payload: TypeAlias = GraphQLResponse
"""A GraphQL response with errors."""


def parse(payload: object, *, strict: bool = False) -> GraphQLResponse:
    """A GraphQL response with errors (dict, JSON text or model) as its model."""
    return validate(GraphQLResponse, as_data(payload), strict)
