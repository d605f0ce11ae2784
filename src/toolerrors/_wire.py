"""What the wire models have in common: lenient or strict reading, and exact dumping."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from ._errors import ShapeError
from ._json import MAX_BYTES, load

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["ExactBool", "FieldProblem", "WireModel", "as_data", "validate"]


def _exact_bool(value: object) -> object:
    if type(value) is not bool:
        raise ValueError("expected a boolean")
    return value


class FieldProblem(ValueError):
    """A strict-mode problem with one field, raised inside validation and reported at it."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field
        self.problem = problem


ExactBool = BeforeValidator(_exact_bool)
"""Refuses 0 and 1 where a JSON boolean belongs (for ``Literal[False]`` fields)."""


class WireModel(BaseModel):
    """A vendor's JSON shape.

    Lenient by default: unknown fields are kept and dumped back unchanged.  Validated with
    ``context={"strict": True}`` (as the vendor modules' ``parse(..., strict=True)`` does),
    unknown fields and values outside the vendor's documented closed lists are rejected.
    """

    model_config = ConfigDict(extra="allow", defer_build=True, populate_by_name=True)

    ALWAYS: ClassVar[frozenset[str]] = frozenset()
    """Fields with a default that are on the wire all the same (``ok``)."""

    def model_post_init(self, context: Any, /) -> None:
        self.__pydantic_fields_set__.update(self.ALWAYS)

    @model_validator(mode="after")
    def _strictly(self, info: ValidationInfo) -> Self:
        if info.context and info.context.get("strict"):
            if self.model_extra:
                raise FieldProblem("", f"unknown field(s) {', '.join(map(repr, self.model_extra))}")
            self.check_strict()
        return self

    def check_strict(self) -> None:
        """Raise `FieldProblem` where a value is outside the vendor's documented closed lists."""

    def to_wire(self) -> dict[str, Any]:
        """The JSON-ready dict: unset fields absent, extra fields kept, the vendor's own names."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


M = TypeVar("M", bound=WireModel)


def as_data(payload: object, where: str = "") -> Mapping[str, Any]:
    """A JSON object from a dict, JSON text or wire model, or a `ShapeError`."""
    if isinstance(payload, (str, bytes, bytearray)):
        payload = load(payload, MAX_BYTES, where)
    elif isinstance(payload, WireModel):
        payload = payload.to_wire()
    if not isinstance(payload, Mapping):
        raise ShapeError(f"expected a JSON object, got {type(payload).__name__}", where)
    return payload


def validate(model: type[M], payload: object, strict: bool, where: str = "") -> M:
    """``payload`` (dict, JSON text or model) as ``model``, or a `ShapeError`."""
    data = as_data(payload, where)
    try:
        return model.model_validate(data, context={"strict": strict})
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        path = "".join(f"/{part}" for part in first["loc"])
        cause = first.get("ctx", {}).get("error")
        if isinstance(cause, FieldProblem):
            raise ShapeError(
                cause.problem, where + (f"/{cause.field}" if cause.field else "")
            ) from None
        raise ShapeError(f"{model.__name__}: {first['msg']}", where + path) from None
