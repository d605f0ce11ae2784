"""Holding a payload to a shape: `check` (written from the shape's fields on first use),
`problems` (every way it fails), and `only` (strict reading's unknown fields); a closed
field's unknown value is refused by strict reading here, for every source."""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING, Any, Final, Protocol

from .._errors import ShapeError
from .._json import is_wait, type_name
from .fields import NO_VALUE
from .generated import compile_named

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping

    from .fields import Field

__all__ = ["Described", "check", "compile_check", "only", "problems", "unknown", "want"]

_MISSING: Final = object()


class Described(Protocol):
    """A wire shape as the checker reads it: `toolerrors._source.shapes.Shape`."""

    @property
    def name(self) -> str: ...
    @property
    def fields(self) -> tuple[Field, ...]: ...
    @property
    def check(self) -> Callable[[Mapping[str, Any], bool, str], None]: ...


def want(value: object, expected: str, where: str) -> ShapeError:
    """The error for a value that is not what the field holds."""
    return ShapeError(f"expected {expected}, got {type_name(value)}", where)


def check(shape: Described, d: Mapping[str, Any], strict: bool, where: str) -> None:
    """Hold ``d`` to ``shape``: what its reader may then take as given.

    Field by field, in the order the shape lists them: a required field must be there and
    not null (an optional one may be null, which is the same as absent); a constant must
    be its value, any other field one of its types; a wait a number of seconds; a nested
    object is held to its own fields.  Under ``strict`` a required field that may be null
    must be there too, a field the shape does not name is refused, and so is a value a
    closed field does not list (an unknown code), at any depth.  The first problem raises
    a `ShapeError` at its path.
    """
    shape.check(d, strict, where)


def _refuse(shape: Described, d: Mapping[str, Any], where: str) -> None:
    """Raise the first wrong field; the written test found one."""
    problem = next(_wrong(shape.fields, d, where), None)
    if problem is None:  # pragma: no cover - the written test and _wrong read the same fields
        raise AssertionError(f"{shape.name}: the written test and _wrong() disagree on {d!r}")
    raise problem


def problems(shape: Described, d: Mapping[str, Any], strict: bool, where: str) -> list[ShapeError]:
    """Every way ``d`` fails `check`, not only the first: each wrong field in the shape's
    order, then under ``strict`` each missing or unknown one and each unknown value, at
    any depth."""
    found = list(_wrong(shape.fields, d, where))
    return [*found, *_strictly(shape.fields, d, where)] if strict else found


def compile_check(shape: Described, d: Mapping[str, Any], strict: bool, where: str) -> None:
    """Write ``shape.check`` from its fields, then hold ``d`` to it.

    Its test is one expression, as ``dataclasses`` writes its methods: a loop over the
    fields cost parse 0.91 to 1.05 of ``json.loads`` on a flat error and 0.70 to 1.00 on
    one whose error is a nested object; the written test costs what the checks written by
    hand in each reader did.  It is a method of the shape, not a test `check` calls:
    one call, not two, took the reader of an ``{"error": {...}}`` shape from 1.36–1.87 µs
    to 1.20–1.25 µs in alternating runs.  The generated code holds only the fields'
    names' reprs and names their types and constants by number (``types3``)."""
    scope: dict[str, Any] = {
        "is_wait": is_wait, "_refuse": _refuse, "shape": shape,
        "_strictly": _strictly, "fields": shape.fields,
    }  # fmt: skip
    test = _fits_test(shape.fields, "d", scope, count())
    lines = [
        "def check(d, strict, where):",
        f"    if not ({test}):",
        "        _refuse(shape, d, where)",
        "    if strict:",
        "        problem = next(_strictly(fields, d, where), None)",
        "        if problem is not None:",
        "            raise problem",
    ]
    compile_named(f"check of {shape.name}", lines, scope)
    written: Callable[[Mapping[str, Any], bool, str], None] = scope["check"]
    object.__setattr__(shape, "check", written)
    written(d, strict, where)


def _fits_test(
    fields: tuple[Field, ...], of: str, scope: dict[str, Any], numbers: Iterator[int]
) -> str:
    """The test that the object named ``of`` holds to ``fields``, as a Python expression:
    each field's value is named ``v<n>`` where it is first got; a field that may hold
    any value has no test."""
    tests = [
        _field_test(spec, of, scope, numbers)
        for spec in fields
        if spec.types != (object,) or spec.fields
    ]
    return " and ".join(tests) or "True"


def _field_test(spec: Field, of: str, scope: dict[str, Any], numbers: Iterator[int]) -> str:
    """The test that the field ``spec`` of the object named ``of`` holds."""
    n = next(numbers)
    value = f"v{n}"
    got = f"({value} := {of}.get({spec.name!r}))"
    nullable = not spec.required or spec.nullable
    first = value if nullable else got  # a nullable one is got in its None test
    if spec.const is not NO_VALUE:
        scope[f"const{n}"], scope[f"type{n}"] = spec.const, type(spec.const)
        test = (
            f"{first} is const{n}"
            if type(spec.const) is bool
            else f"type({first}) is type{n} and {value} == const{n}"
        )
    elif spec.fields:
        inner = _fits_test(spec.fields, value, scope, numbers)
        test = f"type({first}) is dict and {inner}"
    elif spec.seconds:
        test = f"is_wait({first})"
    else:
        scope[f"types{n}"] = spec.types
        test = f"type({first}) in types{n}"
    if nullable:
        test = f"{got} is None or ({test})"
    return f"({test})"


def _strictly(fields: tuple[Field, ...], d: Mapping[str, Any], where: str) -> Iterator[ShapeError]:
    """What strict reading also refuses: a required field missing even though it may be
    null, fields ``fields`` does not name, and a value a closed field does not list, here
    or in a nested object."""
    for spec in fields:
        if spec.required and spec.nullable and spec.name not in d:
            yield ShapeError(f"missing required field {spec.name!r}", where)
    names = {spec.name for spec in fields}
    unnamed = [key for key in d if key not in names]
    if unnamed:
        yield ShapeError(f"unknown field(s) {', '.join(map(repr, unnamed))}", where)
    for spec in fields:
        value = d.get(spec.name)
        if spec.closed is not None and not _listed(value, spec):
            yield unknown(spec.name, value, spec.closed, f"{where}/{spec.name}")
        elif spec.fields and type(value) is dict:
            yield from _strictly(spec.fields, value, f"{where}/{spec.name}")


_SHOWN: Final = 16
"""How many of a closed field's values an unknown value's error lists."""


def _listed(value: object, spec: Field) -> bool:
    """``value`` is one the closed field ``spec`` lists, or is none to list: absent, null,
    or not of its types (which `_wrong` reports).  A number is listed as its text: a
    row's code is text (``"-32603"``) where the wire holds a number."""
    if value is None or type(value) not in spec.types:
        return True
    return (value if type(value) is str else str(value)) in (spec.closed or ())


def unknown(name: str, value: object, closed: frozenset[str], where: str) -> ShapeError:
    """The error strict reading gives for a value of field ``name`` that the ``closed``
    values it may hold do not list: the value, and the values it may be, in order (the
    first `_SHOWN` of many)."""
    known = sorted(closed)
    shown = ", ".join(map(repr, known[:_SHOWN]))
    listed = shown if len(known) <= _SHOWN else f"the {len(known)} it lists ({shown}, ...)"
    return ShapeError(f"unknown {name} {value!r}; expected one of {listed}", where)


def _same(value: object, const: object) -> bool:
    """The constant itself: ``false`` is not ``0``, and a text equals its own."""
    return value is const or (type(value) is type(const) and value == const)


def _wrong(fields: tuple[Field, ...], d: Mapping[str, Any], where: str) -> Iterator[ShapeError]:
    """Each field of ``d`` that is wrong, in the order ``fields`` lists them."""
    for spec in fields:
        value = d.get(spec.name)
        at = f"{where}/{spec.name}"
        if value is None:
            if spec.required and not spec.nullable:
                if spec.name not in d:
                    yield ShapeError(f"missing required field {spec.name!r}", where)
                else:
                    yield want(value, spec.expected, at)
        elif (
            (type(value) not in spec.types and spec.types != (object,))
            or (spec.const is not NO_VALUE and not _same(value, spec.const))
            or (spec.seconds and not is_wait(value))
        ):
            yield want(value, spec.expected, at)
        elif spec.fields:
            yield from _wrong(spec.fields, value, at)


def only(d: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    """Strict mode: refuse fields the source does not document."""
    unknown = [key for key in d if key not in allowed]
    if unknown:
        raise ShapeError(f"unknown field(s) {', '.join(map(repr, unknown))}", where)
