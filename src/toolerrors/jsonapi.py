"""JSON:API error documents: ``{"errors": [{"id"?, "links"?, "status"?, "code"?,
"title"?, "detail"?, "source"?, "meta"?}], "jsonapi"?, "meta"?, "links"?}``.

Read them with `toolerrors.parse`, or `toolerrors.from_http` with the response's status.
Each error's ``status`` (the HTTP status, as a string) is read by the rows, refined by
the words of its ``code``, ``title`` and ``detail``; of several errors the one retried
least decides.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, TypeAlias

from pydantic import Field, StrictInt, StrictStr

from ._builtin.jsonapi import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "ErrorDocument", "ErrorSource", "JsonApiError", "Payload", "Status", "parse"]


class Status(TextEnum):
    """The HTTP statuses the rows read, as JSON:API writes them: the source's codes."""

    BAD_REQUEST = "400"
    UNAUTHORIZED = "401"
    PAYMENT_REQUIRED = "402"
    FORBIDDEN = "403"
    NOT_FOUND = "404"
    NOT_ACCEPTABLE = "406"
    REQUEST_TIMEOUT = "408"
    CONFLICT = "409"
    CONTENT_TOO_LARGE = "413"
    UNSUPPORTED_MEDIA_TYPE = "415"
    UNPROCESSABLE_ENTITY = "422"
    FAILED_DEPENDENCY = "424"
    TOO_MANY_REQUESTS = "429"
    INTERNAL_SERVER_ERROR = "500"
    SERVICE_UNAVAILABLE = "503"
    GATEWAY_TIMEOUT = "504"


MEANING: Final[dict[Status, str]] = {Status(row.code): row.meaning for row in ROWS if row.reads}
"""What each status means to a JSON:API server."""


class ErrorSource(WireModel):
    """``{"pointer"?, "parameter"?, "header"?}``: where in the request the problem is."""

    pointer: StrictStr | None = None
    parameter: StrictStr | None = None
    header: StrictStr | None = None


class JsonApiError(WireModel):
    """One error object; strict reading asks a text ``status`` of three digits and a text
    ``code``, as the specification does."""

    id: StrictStr | None = None
    links: dict[str, Any] | None = None
    status: StrictStr | StrictInt | None = None
    code: StrictStr | StrictInt | None = None
    title: StrictStr | None = None
    detail: StrictStr | None = None
    source: ErrorSource | None = None
    meta: dict[str, Any] | None = None

    def check_strict(self) -> None:
        status = self.status
        if status is not None and not (
            type(status) is str and len(status) == 3 and status.isascii() and status.isdigit()
        ):
            raise FieldProblem("status", "expected an HTTP status as a string of three digits")
        if self.code is not None and type(self.code) is not str:
            raise FieldProblem("code", "expected a string")


class ErrorDocument(WireModel):
    """``{"errors": [...], "jsonapi"?, "meta"?, "links"?}``, never with ``data``."""

    errors: Annotated[list[JsonApiError], Field(min_length=1)]
    jsonapi: dict[str, Any] | None = None
    meta: dict[str, Any] | None = None
    links: dict[str, Any] | None = None


Payload: TypeAlias = ErrorDocument
"""A JSON:API error document."""


def parse(payload: object, *, strict: bool = False) -> ErrorDocument:
    """A JSON:API error document (dict, JSON text or model) as its model."""
    return validate(ErrorDocument, as_data(payload), strict)
