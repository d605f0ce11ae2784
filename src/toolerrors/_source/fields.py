"""A wire field as a source documents it (`Field`), and `NO_VALUE` for one with no
constant value."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .._json import SECONDS

if TYPE_CHECKING:
    from collections.abc import Callable

    from .._table import Row

__all__ = ["NO_VALUE", "Field"]


class _NoValue:
    def __repr__(self) -> str:
        return "NO_VALUE"


NO_VALUE: Final = _NoValue()
"""A `Field` with no constant value."""

_EXPECTED_TYPE: Final[dict[type, str]] = {
    str: "a string",
    bool: "a boolean",
    int: "an integer",
    float: "a number",
    dict: "an object",
    list: "an array",
    type(None): "null",
    object: "any JSON value",
}


class Field(NamedTuple):
    """One field of a wire shape, as the source documents it."""

    name: str
    """The name on the wire, verbatim (``statusCode``)."""
    types: tuple[type, ...]
    """Its JSON types as Python types: ``(str,)``, ``(bool,)``, ``(int, float)``, ``(dict,)``;
    ``(str, NoneType)`` where null is one of its values even when it is required (a
    ``code`` that may be null), ``(object,)`` for any JSON value."""
    required: bool = False
    """It must be there; one that may be null must be there only under strict reading,
    and lenient reading takes its absence as null."""
    fills: str | None = None
    """The `UnifiedError` attribute it fills (``"code"``, ``"retry_after"``), if any; a
    field that fills one is carried by the attribute, not kept in ``extra``."""
    closed: frozenset[str] | None = None
    """Under strict parsing its value must be one of these (a number as its text, as a
    row's code is): `check` refuses any other, naming the values it may be."""
    const: object = NO_VALUE
    """The one value it always has (Pythe's ``ok: false``); it is carried too."""
    seconds: bool = False
    """A wait in seconds: a number, not negative, at most `MAX_WAIT`."""
    samples: tuple[Any, ...] | Callable[[Row, str, int], Any] = ()
    """Realistic values for generated payloads, or a function of the row, a drawn name and
    a drawn number that makes one (use_tool's held-back text)."""
    fields: tuple[Field, ...] = ()
    """The fields of a nested object (an ``error`` object), described the same way."""

    @property
    def names(self) -> frozenset[str]:
        """The nested object's field names: strict parsing refuses any other."""
        return frozenset(f.name for f in self.fields)

    @property
    def expected(self) -> str:
        """What the field must hold, in words (``"a string"``, ``"false"``)."""
        if self.const is not NO_VALUE:
            const = self.const
            return str(const).lower() if type(const) is bool else f'"{const}"'
        if self.seconds:
            return SECONDS
        types = self.types
        if types[:2] == (int, float):
            types = (float, *types[2:])  # "a number", not "an integer or a number"
        return " or ".join(_EXPECTED_TYPE.get(t, t.__name__) for t in types)

    @property
    def nullable(self) -> bool:
        """Null is one of its values: ``NoneType`` is among its types, or it is any value."""
        return type(None) in self.types or self.types == (object,)

    @property
    def carried(self) -> bool:
        """Written from the unified attributes, so not kept in ``extra``."""
        return self.fills is not None or self.const is not NO_VALUE
