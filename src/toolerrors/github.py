"""GitHub API errors: REST ``{"message", "documentation_url", "errors"?, "status"?}`` and
GraphQL ``{"errors": [{"type", "message", ...}], "data"?}``.

Read a REST error with `toolerrors.from_http` and the response's status and headers: the
status is GitHub's code, and ``x-ratelimit-remaining``, ``retry-after`` and
``x-github-otp`` say the rest.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.github import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = [
    "MEANING",
    "ErrorCode",
    "GraphQLError",
    "GraphQLErrors",
    "Payload",
    "RestError",
    "parse",
]


class ErrorCode(TextEnum):
    """The REST statuses GitHub documents for its errors, and its GraphQL error types."""

    BAD_REQUEST = "400"
    UNAUTHORIZED = "401"
    FORBIDDEN = "403"
    NOT_FOUND = "404"
    CONFLICT = "409"
    GONE = "410"
    UNPROCESSABLE = "422"
    TOO_MANY_REQUESTS = "429"
    SERVER_ERROR = "500"
    BAD_GATEWAY = "502"
    SERVICE_UNAVAILABLE = "503"
    RATE_LIMITED = "RATE_LIMITED"
    RATE_LIMIT = "RATE_LIMIT"
    NOT_FOUND_TYPE = "NOT_FOUND"
    FORBIDDEN_TYPE = "FORBIDDEN"
    INSUFFICIENT_SCOPES = "INSUFFICIENT_SCOPES"
    UNPROCESSABLE_TYPE = "UNPROCESSABLE"
    INTERNAL = "INTERNAL"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each status (or GraphQL type) means, from GitHub's documentation."""


class RestError(WireModel):
    """``{"message", "documentation_url", "errors"?, "status"?}``."""

    message: StrictStr
    documentation_url: StrictStr
    status: Annotated[ErrorCode | StrictStr | None, Field(union_mode="left_to_right")] = None
    errors: list[Any] | None = None

    def check_strict(self) -> None:
        if self.status is not None and not isinstance(self.status, ErrorCode):
            raise FieldProblem("status", f"unknown github status {self.status!r}")


class GraphQLError(WireModel):
    """One of GraphQL's errors: ``{"type"?, "code"?, "message", "path"?, "locations"?,
    "extensions"?, "documentation_url"?}``."""

    message: StrictStr
    type: StrictStr | None = None
    code: StrictStr | None = None
    path: list[Any] | None = None
    locations: list[Any] | None = None
    extensions: dict[str, Any] | None = None
    documentation_url: StrictStr | None = None


class GraphQLErrors(WireModel):
    """``{"errors": [...], "data"?}``: GraphQL's errors, which can come in a 200; the first
    one decides."""

    errors: Annotated[list[GraphQLError], Field(min_length=1)]
    data: Any = None

    def check_strict(self) -> None:
        kind = self.errors[0].type
        if kind not in ErrorCode._value2member_map_:
            raise FieldProblem("errors", f"unknown github GraphQL type {kind!r}")


Payload: TypeAlias = RestError | GraphQLErrors
"""A GitHub error."""


def parse(payload: object, *, strict: bool = False) -> Payload:
    """A GitHub error (dict, JSON text or model) as its model."""
    data = as_data(payload)
    if "errors" in data and "message" not in data:
        return validate(GraphQLErrors, data, strict)
    return validate(RestError, data, strict)
