"""Jira REST API errors: the error collection, ``{"errorMessages", "errors"?,
"warningMessages"?, "status"?}``.

Read them with `toolerrors.from_http` and the response's status, which is Jira's code;
`toolerrors.parse` reads a body alone, which is ``unknown`` unless it repeats the status.
``errors`` names the fields at fault, each with its message.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from pydantic import StrictInt, StrictStr

from ._builtin.jira import ROWS
from ._enum import TextEnum
from ._wire import WireModel, as_data, validate

__all__ = ["MEANING", "ErrorCollection", "Payload", "Status", "parse"]


class Status(TextEnum):
    """The statuses Jira's documentation gives its errors, as text: Jira's codes."""

    BAD_REQUEST = "400"
    UNAUTHORIZED = "401"
    FORBIDDEN = "403"
    NOT_FOUND = "404"
    CONFLICT = "409"
    CONTENT_TOO_LARGE = "413"
    TOO_MANY_REQUESTS = "429"
    INTERNAL_SERVER_ERROR = "500"
    SERVICE_UNAVAILABLE = "503"


MEANING: Final[dict[Status, str]] = {Status(row.code): row.meaning for row in ROWS if row.reads}
"""What each status means, after Jira's documentation."""


class ErrorCollection(WireModel):
    """``{errorMessages, errors?, warningMessages?, status?}``: ``errors`` maps each field
    at fault to its message."""

    errorMessages: list[StrictStr]
    errors: dict[str, Any] | None = None
    warningMessages: list[StrictStr] | None = None
    status: StrictInt | None = None


Payload: TypeAlias = ErrorCollection
"""A Jira REST API error."""


def parse(payload: object, *, strict: bool = False) -> ErrorCollection:
    """A Jira error (dict, JSON text or model) as its model."""
    return validate(ErrorCollection, as_data(payload), strict)
