"""``ConfigureError``: kept apart from the wire model so that reading one needs no pydantic."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

__all__ = ["FIELDS", "ConfigureError"]

FIELDS: Final = (
    "code",
    "statusCode",
    "type",
    "param",
    "retryable",
    "suggestedAction",
    "docUrl",
    "retryAfter",
    "requestId",
)
"""The fields ``ConfigureError`` exposes, under the SDK's own names."""


class ConfigureError(Exception):
    """What Configure SDK methods reject with: API, validation, permission, tool, timeout
    and network failures.

    Constructed with the SDK's own names as keywords::

        ConfigureError(message="Slow down", code="RATE_LIMITED", statusCode=429, retryAfter=30)

    A field that is not set is ``None`` (undefined on the wire): ``retryable`` is ``None``
    on local TIMEOUT and NETWORK_ERROR, which is not ``False``.  There is no ``status`` and
    no ``details``.
    """

    code: str
    statusCode: int | None
    type: str | None
    param: str | None
    retryable: bool | None
    suggestedAction: str | None
    docUrl: str | None
    retryAfter: float | None
    requestId: str | None

    def __init__(
        self,
        message: str = "",
        *,
        code: str,
        statusCode: int | None = None,
        type: str | None = None,
        param: str | None = None,
        retryable: bool | None = None,
        suggestedAction: str | None = None,
        docUrl: str | None = None,
        retryAfter: float | None = None,
        requestId: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.statusCode = statusCode
        self.type = type
        self.param = param
        self.retryable = retryable
        self.suggestedAction = suggestedAction
        self.docUrl = docUrl
        self.retryAfter = retryAfter
        self.requestId = requestId

    def fields(self) -> dict[str, Any]:
        """The fields that are set (undefined ones left out), ``code`` first."""
        return {name: value for name in FIELDS if (value := getattr(self, name)) is not None}

    def to_wire(self) -> dict[str, Any]:
        """This error as JSON-ready wire fields: ``message`` plus the fields that are set."""
        return {**self.fields(), "message": self.message}

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> ConfigureError:
        """The error a wire dict describes (see ``toolerrors.configure.parse``)."""
        known = {name: data[name] for name in FIELDS if data.get(name) is not None}
        return cls(data.get("message", ""), **known)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (partial(type(self), **self.fields()), (self.message,))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, ConfigureError)
        return self.to_wire() == other.to_wire()

    def __hash__(self) -> int:
        return hash((type(self), self.message, *self.fields().items()))

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={value!r}" for name, value in self.to_wire().items())
        return f"{type(self).__name__}({args})"
