"""Hypothesis strategies for the three vendors' error payloads (needs ``hypothesis``).

``error_payloads()`` draws valid wire payloads of every code of every vendor, with
optional fields present and absent, unknown extra fields, and unicode owners and
messages; ``near_misses()`` draws payloads that look right but are not.

    from hypothesis import given
    from toolerrors.strategies import error_payloads

    @given(error_payloads(vendor="pythe"))
    def test_my_agent_survives(payload): ...
"""

from __future__ import annotations

from functools import partial
from types import NoneType
from typing import TYPE_CHECKING, Any, Final

from ._extras import missing

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise missing(__name__, "hypothesis") from exc

from ._kinds import KIND_BY_VALUE
from ._source import NO_VALUE, SOURCES, Field, Source

if TYPE_CHECKING:
    from ._kinds import ErrorKind
    from ._table import Row, Vendor

__all__ = ["error_payloads", "json_values", "near_misses", "owners"]

_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)


def json_values(max_leaves: int = 8) -> st.SearchStrategy[Any]:
    """Any JSON value, small."""
    return st.recursive(
        _LEAF,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=max_leaves,
    )


def owners() -> st.SearchStrategy[str]:
    """First names as the check fills them in: spaces, dots, hyphens, apostrophes, any script."""
    return st.from_regex(
        r"[A-Za-zÀ-ÿĀ-žА-я一-龥][A-Za-zÀ-ÿĀ-žА-я一-龥 .'’\-]{0,15}", fullmatch=True
    )


_messages = st.text(min_size=1, max_size=60)
_extras = st.dictionaries(st.from_regex(r"x_[a-z]{1,8}", fullmatch=True), json_values(), max_size=2)

_BY_TYPE: dict[tuple[type, ...], st.SearchStrategy[Any]] = {
    (str,): st.text(max_size=60),
    (bool,): st.booleans(),
    (int,): st.integers(0, 10**6),
    (int, float): st.integers(0, 3600) | st.floats(0, 3600, allow_nan=False),
    (dict,): st.dictionaries(st.text(max_size=8), json_values(), max_size=3),
    (list,): st.lists(json_values(), max_size=3),
    (object,): json_values(),
}
"""A field's values by its JSON types, when it names no samples and no closed list."""


def _values(spec: Field, row: Row) -> st.SearchStrategy[Any]:
    """What a field of a payload for ``row`` may hold."""
    if spec.fills == "code":  # a code the wire holds as a number is written as one
        return st.just(int(row.code) if spec.types == (int,) else row.code)
    if spec.fills == "status_code" and row.when_status is not None:
        return st.just(row.when_status)
    if spec.const is not NO_VALUE:
        return st.just(spec.const)
    samples = spec.samples
    if callable(samples):
        return st.builds(partial(samples, row), owners(), st.integers(0, 63))
    if samples:
        return st.sampled_from(samples)
    if spec.closed is not None:
        return st.sampled_from(sorted(spec.closed))
    if spec.fills == "message":
        return _messages
    if spec.fields:
        return _object(spec.fields, row, frozenset(), st.just({}))
    return _BY_TYPE[spec.types]


def _object(
    fields: tuple[Field, ...],
    row: Row,
    never: frozenset[str],
    extras: st.SearchStrategy[dict[str, Any]],
) -> st.SearchStrategy[dict[str, Any]]:
    """An object of ``fields`` for ``row``: required ones always, optional ones sometimes,
    none in ``never``."""
    parts = []
    for spec in fields:
        if spec.name in never:
            continue
        values = _values(spec, row).map(partial(_field, spec.name))
        fixed = (
            spec.required
            or spec.fills == "code"  # the field that names the row is always there
            or (spec.fills == "status_code" and row.when_status is not None)
        )
        parts.append(values if fixed else st.just({}) | values)
    return st.tuples(*parts, extras).map(
        lambda drawn: {key: value for part in drawn for key, value in part.items()}
    )


def _payloads(
    source: Source, row: Row, extras: st.SearchStrategy[dict[str, Any]]
) -> st.SearchStrategy[dict[str, Any]]:
    """Payloads of ``row``, from its shape's fields: required ones always, optional ones
    sometimes, and none the code never has."""
    never = source.without.get(row.code, frozenset())
    return _object(source.shape_for(row.code).fields, row, never, extras)


def _field(name: str, value: Any) -> dict[str, Any]:
    return {name: value}


def error_payloads(
    vendor: Vendor | str | None = None,
    kind: ErrorKind | str | None = None,
    *,
    extra_fields: bool = True,
) -> st.SearchStrategy[dict[str, Any]]:
    """Valid wire payloads of ``vendor`` (every registered source by default) that read as
    ``kind`` (an `ErrorKind` or its text; any kind by default); each code of the table is
    drawn as often as any other.

    With ``extra_fields=False`` no unknown fields are added, so every payload is valid
    in strict mode too.
    """
    if vendor is not None and vendor not in SOURCES:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(SOURCES)}")
    if kind is not None:
        named = KIND_BY_VALUE.get(str(kind))
        if named is None:
            raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KIND_BY_VALUE)}")
        kind = named
    cases = [
        (source, row)
        for source in SOURCES.values()
        if vendor is None or source.name == vendor
        for row in source.rows
        if row.reads and (kind is None or row.kind is kind)
    ]
    if not cases:
        raise ValueError(f"no {vendor or 'vendor'} code reads as {kind!s}")
    extras = _extras if extra_fields else st.just({})
    return st.one_of([_payloads(source, row, extras) for source, row in cases])


_REMOVE: Final = object()

_WRONG: dict[tuple[type, ...], tuple[Any, ...]] = {
    (str,): (7, ["x"]),
    (str, NoneType): (7, ["x"]),
    (bool,): ("true", 1),
    (int,): (True, 1.5),
    (int, float): ("30",),
    (dict,): ([1],),
    (list,): ({},),
    (object,): (),
}
"""Values of the wrong JSON type for a field, by its types."""


def _breaks(spec: Field) -> list[tuple[str, Any]]:
    """How to break a field: remove it when required (unless it is a constant that marks
    the shape), or give it a value of the wrong type or range."""
    changes: list[tuple[str, Any]] = []
    if spec.required and spec.const is NO_VALUE:
        changes.append((spec.name, _REMOVE))
    if spec.const is False:
        changes.append((spec.name, 0))
    changes += [(spec.name, value) for value in _WRONG[spec.types]]
    if spec.seconds:
        changes.append((spec.name, -1))
    return changes


def _break(payload: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    broken = dict(payload)
    if value is _REMOVE:
        broken.pop(field, None)
        if not broken:
            broken["x_only"] = True
    else:
        broken[field] = value
    return broken


def near_misses(vendor: Vendor | str | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Payloads with the right keys but a required field missing or a field of the wrong
    type, from each source's field specs."""
    sources = [s for s in SOURCES.values() if vendor is None or s.name == vendor]
    if not sources:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(SOURCES)}")
    cases = [
        (row, change)
        for source in sources
        for row in source.rows
        if row.reads
        for change in (
            change
            for spec in source.shape_for(row.code).fields
            if spec.name not in source.without.get(row.code, frozenset())
            for change in _breaks(spec)
        )
    ]
    return st.sampled_from(cases).flatmap(
        lambda case: _payloads(SOURCES[case[0].vendor], case[0], _extras).map(
            lambda payload: _break(payload, *case[1])
        )
    )
