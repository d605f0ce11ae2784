"""Sources: each system's errors declared once, and the registry everything else derives from.

A `Source` says, in one place, what a system's errors look like: its codes, its wire
fields (`Field`) grouped into shapes (`Shape`), its mapping rows, how it claims a payload,
its fast reader and its writer, and where its pydantic models live.  Registering it
(`register`) fills the lookups below, which the reading, writing, testing and docs
layers use: none of them names a source.

The lookups it fills live in ``toolerrors._table``, below the unified value, which reads
them; this module and the sources sit above it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from itertools import groupby
from typing import TYPE_CHECKING, Any, Final, get_args

from ._errors import ShapeError
from ._json import is_wait, type_name
from ._kinds import ErrorKind
from ._table import (
    BOUND,
    CARRIED,
    KINDS,
    READ,
    READ_BY,
    RETRYABLE,
    ROWS,
    WRITE,
    Row,
    Vendor,
    read_row,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from types import ModuleType
    from typing import TypeAlias

    from ._unified import UnifiedError

__all__ = [
    "ANCHORS",
    "CLAIMS",
    "NO_VALUE",
    "SAFER_KIND",
    "SOURCES",
    "Claim",
    "Field",
    "Keyed",
    "Reader",
    "Shape",
    "Source",
    "Takes",
    "When",
    "Writer",
    "add_claim",
    "canonical_row",
    "check",
    "classify",
    "expected_shapes",
    "home",
    "lookup",
    "only",
    "register",
    "required_str",
    "retry_to_write",
    "unregister",
    "want",
    "with_extra",
]

Reader: TypeAlias = "Callable[[Mapping[str, Any], bool, str], UnifiedError]"
"""``reader(payload, strict, where)``: the payload as a `UnifiedError`, or a `ShapeError`
naming the field at ``where``."""

Claim: TypeAlias = "Callable[[Mapping[str, Any], bool], Reader | str | None]"
"""``claim(payload, need)``: the reader for a payload of this shape, a sentence saying what
the payload is instead of an error, or ``None`` when the shape is not this source's.  With
``need`` (`toolerrors.parse`) a claim may take a broken payload, whose reader then says
what is wrong; without it (`toolerrors.error_of`) it takes only what marks an error."""

Writer: TypeAlias = "Callable[[UnifiedError], dict[str, Any]]"

_Plan: TypeAlias = (
    "tuple[tuple[tuple[str, tuple[type, ...]], ...], tuple[tuple[str, object], ...],"
    " tuple[Field, ...]]"
)
"""What `check` tests: ``(name, types)`` for every field (an optional one's types take
``None``), ``(name, value)`` for every required constant (Slack's and Pythe's ``ok:
false``), then the fields whose value is tested too (an optional constant, a wait, a
nested object)."""


@dataclass(frozen=True, slots=True)
class Takes:
    """A claim that takes every payload with its anchor key for ``reader``; without
    ``need`` only those for which ``when`` holds (all of them when it is ``None``).

    The common claim, said as data: the dispatcher tests it inline, with no call.
    """

    reader: Reader
    when: Callable[[Mapping[str, Any]], bool] | None = None


@dataclass(frozen=True, slots=True)
class Keyed:
    """A claim, said as data, that takes a payload whose anchor holds one of ``values``
    (a text), or that has one of the ``marks`` keys, and has none of the ``unless`` keys:
    the dispatcher tests it inline, with no call."""

    reader: Reader
    values: frozenset[str] = frozenset()
    marks: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()

    def takes(self, d: Mapping[str, Any], anchor: str) -> bool:
        """Whether the payload is this claim's (the dispatcher inlines the same test)."""
        value = d[anchor]
        return (
            type(value) is str
            and (value in self.values or any(key in d for key in self.marks))
            and not any(key in d for key in self.unless)
        )


@dataclass(frozen=True, slots=True)
class When:
    """A claim asked only when its anchor's value is of type ``kind`` (``dict`` for an
    ``{"error": {...}}`` wrapper) and, being a dict, ``has`` every one of those keys and
    ``lacks`` all of these: the dispatcher tests all that inline, so sources that share a
    key cost nothing to payloads that cannot be theirs."""

    kind: type
    claim: Claim
    has: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.has or self.lacks) and self.kind is not dict:
            raise ValueError(f"a claim on a {self.kind.__name__} has no keys to have or lack")

    def fits(self, value: object) -> bool:
        """Whether the anchor's value may be this claim's (the dispatcher inlines the same
        test)."""
        if type(value) is not self.kind:
            return False
        keys: Any = value
        return all(key in keys for key in self.has) and not any(key in keys for key in self.lacks)


"""``writer(error)``: the JSON-ready wire dict."""


class _NoValue:
    def __repr__(self) -> str:
        return "NO_VALUE"


NO_VALUE: Final = _NoValue()
"""A `Field` with no constant value."""

_EXPECTED_TYPE: Final[dict[tuple[type, ...], str]] = {
    (str,): "a string",
    (bool,): "a boolean",
    (int,): "an integer",
    (int, float): "a number",
    (dict,): "an object",
    (list,): "an array",
    (object,): "any JSON value",
}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a wire shape, as the source documents it."""

    name: str
    """The name on the wire, verbatim (``statusCode``)."""
    types: tuple[type, ...]
    """Its JSON types as Python types: ``(str,)``, ``(bool,)``, ``(int, float)``, ``(dict,)``."""
    required: bool = False
    fills: str | None = None
    """The `UnifiedError` attribute it fills (``"code"``, ``"retry_after"``), if any; a
    field that fills one is carried by the attribute, not kept in ``extra``."""
    closed: frozenset[str] | None = None
    """Under strict parsing its value must be one of these."""
    const: object = NO_VALUE
    """The one value it always has (Pythe's ``ok: false``); it is carried too."""
    seconds: bool = False
    """A wait in seconds: a finite number, not negative."""
    samples: tuple[Any, ...] | Callable[[Row, str, int], Any] = ()
    """Realistic values for generated payloads, or a function of the row, a drawn name and
    a drawn number that makes one (use_tool's held-back text)."""
    fields: tuple[Field, ...] = ()
    """The fields of a nested object (OpenAI's ``error``), described the same way."""
    plan: _Plan | None = field(default=None, init=False, repr=False, compare=False)
    """The nested fields as `check` walks them, worked out once."""

    def __post_init__(self) -> None:
        if self.fields:
            object.__setattr__(self, "plan", _plan(self.fields))

    @property
    def names(self) -> frozenset[str]:
        """The nested object's field names: strict parsing refuses any other."""
        return frozenset(f.name for f in self.fields)

    @property
    def expected(self) -> str:
        """What the field must hold, in words (``"a string"``, ``"false"``)."""
        if self.const is not NO_VALUE:
            return str(self.const).lower()
        if self.seconds:
            return "a number of seconds (finite, not negative)"
        return _EXPECTED_TYPE.get(self.types) or " or ".join(t.__name__ for t in self.types)

    @property
    def carried(self) -> bool:
        """Written from the unified attributes, so not kept in ``extra``."""
        return self.fills is not None or self.const is not NO_VALUE


def _plan(fields: tuple[Field, ...]) -> _Plan:
    return (
        tuple((f.name, f.types if f.required else (*f.types, type(None))) for f in fields),
        tuple((f.name, f.const) for f in fields if f.const is not NO_VALUE and f.required),
        tuple(
            f for f in fields if f.seconds or f.fields or not (f.const is NO_VALUE or f.required)
        ),
    )


@dataclass(frozen=True, slots=True)
class Shape:
    """One JSON shape a source's errors take, and the model that describes it exactly."""

    name: str
    fields: tuple[Field, ...]
    model: str
    """The pydantic model's name in the source's ``models`` module."""
    codes: frozenset[str] | None = None
    """The row codes that take this shape; ``None`` for every code no other shape names."""
    plan: _Plan = field(init=False, repr=False, compare=False)
    """The fields as `check` walks them, worked out once."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "plan", _plan(self.fields))

    @property
    def names(self) -> frozenset[str]:
        """Every field name the shape documents: strict parsing refuses any other."""
        return frozenset(f.name for f in self.fields)

    def describe(self) -> str:
        """``{error, message, card?}``, for messages."""
        parts = [
            f"{f.name}: {str(f.const).lower()}"
            if f.const is not NO_VALUE
            else f.name + ("" if f.required else "?")
            for f in self.fields
        ]
        if len(parts) > 5:
            parts = [*[p for p in parts if not p.endswith("?")], "..."]
        return "{" + ", ".join(parts) + "}"


@dataclass(frozen=True)
class Source:
    """A system whose tool errors `toolerrors` reads and writes, declared in one place."""

    name: str
    """Its vendor name, as `UnifiedError.vendor` holds it (``"pythe"``)."""
    title: str
    """Its name in prose (``"Pythe"``)."""
    codes: tuple[str, ...]
    """Its closed list of error codes (a `str` enum's values)."""
    shapes: tuple[Shape, ...]
    rows: tuple[Row, ...]
    """Its mapping rows: every code it reads, and how each kind is written to it."""
    claims: tuple[tuple[int, str, Claim | Takes | When | Keyed], ...]
    """``(rank, anchor key, claim)``: a claim is asked only when its anchor key is in the
    payload, in rank order across every source; the first to take the payload reads it.
    Two sources whose shapes share a key tell their shapes apart in their claims, and the
    rank decides what both would take."""
    write: Writer
    models: str
    """The module holding its pydantic models, imported only when a model is asked for
    (`models_of`): a built-in source names it relative to the package (``".slack"``), so
    a copy vendored under another name finds its own; a registered source by its full
    name."""
    example: Callable[[Row, str], dict[str, Any]]
    """A realistic payload for a row, with the message given."""
    cases: tuple[tuple[str, str, dict[str, Any]], ...] = ()
    """More realistic payloads for tests: ``(id, code, fields to add)``."""
    without: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Fields a code never has (errors the SDK makes before any response)."""
    docs: str = ""
    """Its page under ``docs/``, whose generated table of rows is kept in step."""

    def models_of(self) -> ModuleType:
        """The module holding its pydantic models, imported now if it was not."""
        return import_module(self.models, __package__)

    def shape_for(self, code: str) -> Shape:
        """The shape a payload with ``code`` takes."""
        for shape in self.shapes:
            if shape.codes is not None and code in shape.codes:
                return shape
        return next(shape for shape in self.shapes if shape.codes is None)

    @property
    def retry_field(self) -> bool:
        """Whether its payloads can say if a retry is safe."""
        return any(f.fills == "retryable" for shape in self.shapes for f in shape.fields)

    @property
    def carried(self) -> frozenset[str]:
        """Its wire fields that the unified attributes carry."""
        return frozenset(f.name for shape in self.shapes for f in shape.fields if f.carried)

    def describe(self) -> str:
        """``use_tool {error, message, card?} or {not_done_yet}``, for messages."""
        return f"{self.title} " + " or ".join(shape.describe() for shape in self.shapes)


SOURCES: Final[dict[str, Source]] = {}
"""Every registered source, by name, in the order registered."""

CLAIMS: Final[list[tuple[str, Claim | Takes | When | Keyed]]] = []
"""``(anchor, claim)`` for every registered claim, in rank order: what `classify` walks."""

ANCHORS: Final[set[str]] = set()
"""The keys `classify` looks for."""

_RANKED: Final[list[tuple[int, str, str, Claim | Takes | When | Keyed]]] = []

_UNKNOWN: Final = ErrorKind.UNKNOWN

SAFER_KIND: Final = ErrorKind.UPSTREAM_ERROR
"""For a source with no retry field: the kind whose row is written instead of one that
would invite a retry the error does not allow ("Read the message").  Its row there must
say ``retryable`` false."""


def _rebuild() -> None:
    """Derive every lookup again from the registered sources (after a removal)."""
    for lookup in (ROWS, READ, READ_BY, RETRYABLE, WRITE, CARRIED, BOUND):
        lookup.clear()
    for source in SOURCES.values():
        _derive(source)
    _settle()


def _derive(source: Source) -> None:
    """Add one source's rows and fields to the lookups."""
    ROWS.extend(source.rows)
    for row in source.rows:
        if row.reads:
            READ[(row.vendor, row.code, row.when_status)] = row
            if row.when_status is not None:
                BOUND.add(row.when_status)
            READ_BY.setdefault(row.vendor, {}).setdefault(row.code, {})[row.when_status] = row
            if row.when_status is None:
                RETRYABLE[(row.vendor, row.code)] = row.retryable
        if row.writes:
            WRITE[(row.vendor, row.kind)] = row
    CARRIED[source.name] = source.carried


def _settle() -> None:
    """Order the sources (built-in ones first, whatever imported them first; then as
    registered) and the claims (by rank), and have the dispatcher recompiled on first use."""
    order = sorted(
        SOURCES.values(),
        key=lambda s: BUILT_IN.index(s.name) if s.name in BUILT_IN else len(BUILT_IN),
    )
    SOURCES.clear()
    SOURCES.update((source.name, source) for source in order)
    _RANKED.sort(key=lambda claim: claim[0])
    CLAIMS[:] = [(anchor, claim) for _, anchor, _, claim in _RANKED]
    ANCHORS.clear()
    ANCHORS.update(anchor for anchor, _ in CLAIMS)
    global classify  # noqa: PLW0603 - the dispatcher is rebuilt, on first use
    classify = _compile_then_classify


def _check(source: Source) -> None:
    """Refuse a source that would leave a lookup without an answer."""
    where = f"source {source.name!r}"
    if not source.name.isidentifier():
        raise ValueError(f"{where}: its name must be an identifier")
    if source.name in RESERVED:
        raise ValueError(f"{where}: the name is taken by {RESERVED[source.name]}")
    if source.name in SOURCES:
        raise ValueError(f"{where} is already registered")
    codes = set(source.codes)
    for row in source.rows:
        if row.vendor != source.name:
            raise ValueError(f"{where}: a row of {row.vendor!r} ({row.code!r})")
        if (
            row.reads
            and row.code not in codes
            and not any(shape.codes and row.code in shape.codes for shape in source.shapes)
        ):
            raise ValueError(f"{where}: row code {row.code!r} is not one of its codes")
    missing = [kind.value for kind in ErrorKind if not any(
        row.writes and row.kind is kind for row in source.rows
    )]  # fmt: skip
    if missing:
        raise ValueError(f"{where}: no row writes {', '.join(missing)}")
    writers = [row.kind for row in source.rows if row.writes]
    twice = sorted({kind.value for kind in writers if writers.count(kind) > 1})
    if twice:
        raise ValueError(f"{where}: more than one row writes {', '.join(twice)}")
    written = {row.kind: row for row in source.rows if row.writes}
    reads = {row.code: row for row in source.rows if row.reads and row.when_status is None}
    safer = reads.get(written[SAFER_KIND].code)
    if not source.retry_field and (safer is None or safer.retryable is not False):
        raise ValueError(
            f"{where} has no retry field, so it must write {SAFER_KIND.value} as a code that"
            " reads as not retryable"
        )
    if sum(shape.codes is None for shape in source.shapes) != 1:
        raise ValueError(f"{where}: exactly one shape must take the codes no other names")


def register(source: Source) -> Source:
    """Add ``source``: from now on `toolerrors.parse`, `toolerrors.convert`, the testing
    factories and the strategies know it.  Raises ``ValueError`` naming what is missing."""
    _check(source)
    SOURCES[source.name] = source
    for rank, anchor, claim in source.claims:
        _RANKED.append((rank, anchor, source.name, claim))
    _derive(source)
    _settle()
    return source


def unregister(name: str) -> None:
    """Remove a source added with `register` (built-in sources stay)."""
    if name in BUILT_IN:
        raise ValueError(f"{name!r} is built in and cannot be removed")
    if name not in SOURCES:
        raise ValueError(f"no source {name!r} is registered")
    source = SOURCES.pop(name)
    # Only the claims this source registered: the same objects, under the same name.
    mine = {id(claim) for _, _, claim in source.claims}
    _RANKED[:] = [c for c in _RANKED if not (c[2] == name and id(c[3]) in mine)]
    _rebuild()


def add_claim(rank: int, anchor: str, claim: Claim | Takes | When | Keyed, owner: str) -> None:
    """A claim that belongs to no source (the unified dict, RFC 9457 problems, JSON-RPC
    responses): ``owner`` is a built-in source's name or a `RESERVED` one, which no
    registered source can take, so that `unregister` can never remove it."""
    if owner not in RESERVED and owner not in BUILT_IN:
        raise ValueError(f"claim owner {owner!r} is neither built in nor reserved")
    _RANKED.append((rank, anchor, owner, claim))
    _settle()


BUILT_IN: Final[tuple[str, ...]] = get_args(Vendor)

"""The sources that ship with the package, in order (`Vendor`)."""

RESERVED: Final = {
    "problem": "RFC 9457 problem details",
    "mcp": "MCP tool results",
    "http": "HTTP statuses (toolerrors.from_http)",
    "python": "Python exceptions (toolerrors.from_exception)",
    "unified": "UnifiedError.to_dict() payloads",
    "words": "payloads read by their known words alone",
}
"""Names the package's own readers and claims go by, which no source may take."""


def _classify(d: Mapping[str, Any], need: bool) -> Reader | str | None:
    """The reader for an error dict; otherwise ``None``, or with ``need`` a sentence
    saying what the dict is instead of an error.

    Every claim whose anchor key the dict has is asked, in rank order; each looks at the
    whole shape, so sources that share a key (``error``, ``code``, ``ok``) are told apart.
    """
    for anchor, claim in CLAIMS:
        if anchor in d:
            if isinstance(claim, Takes):
                if need or claim.when is None or claim.when(d):
                    return claim.reader
                continue
            if isinstance(claim, Keyed):
                if claim.takes(d, anchor):
                    return claim.reader
                continue
            if isinstance(claim, When):
                if not claim.fits(d[anchor]):
                    continue
                found = claim.claim(d, need)
            else:
                found = claim(d, need)
            if found is not None:
                return found
    return None


def _compile() -> Callable[[Mapping[str, Any], bool], Reader | str | None]:
    """`_classify` unrolled over the claims registered now, as ``dataclasses`` builds its
    methods: every source's dict goes through it, and the loop's overhead would cost more
    than some readers.  Claims in a row on one anchor share its test and its value, and
    the keys a `When` names are tested inline.  The generated code holds only the anchors'
    and keys' reprs and names each claim's function, reader and values by its index
    (``claim3``, ``reader3``, ``values3``); ``classify.__doc__`` is `_classify`'s, which
    it equals (a property test holds it to that)."""
    lines = ["def classify(d, need):"]
    scope: dict[str, Any] = {}
    for anchor, group in groupby(enumerate(CLAIMS), key=lambda item: item[1][0]):
        claims = [(index, claim) for index, (_, claim) in group]
        lines.append(f"    if {anchor!r} in d:")
        if any(isinstance(claim, (When, Keyed)) for _, claim in claims):
            lines.append(f"        value = d[{anchor!r}]")
        kind = None  # the type test the lines below sit under
        for index, claim in claims:
            if isinstance(claim, When):
                if kind is not claim.kind:
                    kind, scope[f"kind{index}"] = claim.kind, claim.kind
                    lines.append(f"        if type(value) is kind{index}:")
                scope[f"claim{index}"] = claim.claim
                keys = [f"{key!r} in value" for key in claim.has]
                keys += [f"{key!r} not in value" for key in claim.lacks]
                indent = " " * 12
                if keys:
                    lines.append(f"{indent}if {' and '.join(keys)}:")
                    indent += "    "
                lines += [
                    f"{indent}found = claim{index}(d, need)",
                    f"{indent}if found is not None:",
                    f"{indent}    return found",
                ]
                continue
            kind = None
            if isinstance(claim, Keyed):
                scope[f"reader{index}"], scope[f"values{index}"] = claim.reader, claim.values
                test = " or ".join(
                    [f"value in values{index}", *(f"{m!r} in d" for m in claim.marks)]
                )
                unless = "".join(f" and {u!r} not in d" for u in claim.unless)
                lines += [
                    f"        if type(value) is str and ({test}){unless}:",
                    f"            return reader{index}",
                ]
            elif not isinstance(claim, Takes):
                scope[f"claim{index}"] = claim
                lines += [
                    f"        found = claim{index}(d, need)",
                    "        if found is not None:",
                    "            return found",
                ]
            elif claim.when is None:
                scope[f"reader{index}"] = claim.reader
                lines.append(f"        return reader{index}")
                break  # it takes every payload with the anchor: nothing after it is asked
            else:
                scope[f"reader{index}"], scope[f"when{index}"] = claim.reader, claim.when
                lines += [
                    f"        if need or when{index}(d):",
                    f"            return reader{index}",
                ]
    lines.append("    return None")
    exec("\n".join(lines), scope)
    compiled: Callable[[Mapping[str, Any], bool], Reader | str | None] = scope["classify"]
    compiled.__doc__ = _classify.__doc__
    return compiled


def _compile_then_classify(d: Mapping[str, Any], need: bool) -> Reader | str | None:
    """Compile the dispatcher for the claims registered now, then dispatch: each source
    registers at import, and compiling once, on first use, keeps the import quick."""
    global classify  # noqa: PLW0603 - replaced by the compiled dispatcher
    compiled = _compile()
    classify = compiled
    return compiled(d, need)


classify: Callable[[Mapping[str, Any], bool], Reader | str | None] = _classify
"""The dispatcher, recompiled on first use after the claims change: call it as
``_source.classify`` so that a new source is seen."""


def expected_shapes() -> str:
    """What `toolerrors.parse` accepts, in words, for a payload that is none of it."""
    known = "; ".join(source.describe() for source in SOURCES.values())
    return (
        f"expected an error of a known shape: {known}; an MCP tool result; "
        "or RFC 9457 problem details"
    )


# What readers share.

_MISSING: Final = object()


def want(value: object, expected: str, where: str) -> ShapeError:
    """The error for a value that is not what the field holds."""
    return ShapeError(f"expected {expected}, got {type_name(value)}", where)


def required_str(d: Mapping[str, Any], key: str, where: str) -> str:
    """The string at ``key``, which must be there."""
    value = d.get(key, _MISSING)
    if type(value) is str:
        return value
    if value is _MISSING:
        raise ShapeError(f"missing required field {key!r}", where)
    raise want(value, "a string", f"{where}/{key}")


def lookup(vendor: str, code: str, *, status: int | None, strict: bool, where: str) -> Row | None:
    """The row for a code; under ``strict`` an unknown code is an error."""
    row = read_row(vendor, code, status)
    if row is None and strict:
        raise ShapeError(f"unknown {vendor} code {code!r}", where)
    return row


def check(shape: Shape | Field, d: Mapping[str, Any], strict: bool, where: str) -> None:
    """Hold ``d`` to ``shape`` (or to a `Field`'s nested object): what its reader may then
    take as given.

    Field by field, in the order the shape lists them: a required field must be there and
    not null (an optional one may be null, which is the same as absent); a constant must
    be its value, any other field one of its types; a wait a number of seconds; a nested
    object is held to its own fields.  Under ``strict`` a field the shape does not name
    is refused, at any depth.  The first problem raises a `ShapeError` at its path.

    A type test a field, then a value test for the few that need one: 0.6 µs on Slack's
    ``missing_scope`` (a dict of the values filled on the way cost 0.8; the constant
    tested with the waits and nested objects, not on its own, 0.65).
    """
    typed, constants, special = shape.plan  # type: ignore[misc]
    get = d.get
    for name, types in typed:
        if type(get(name)) not in types:
            raise _problem(shape.fields, d, where)
    for name, const in constants:
        if get(name) is not const:
            raise _problem(shape.fields, d, where)
    for spec in special:
        value = get(spec.name)
        if value is None:
            continue
        if spec.plan is not None:
            check(spec, value, strict, f"{where}/{spec.name}")
        elif value is not spec.const if spec.const is not NO_VALUE else not is_wait(value):
            raise _problem(shape.fields, d, where)
    if strict:
        only(d, shape.names, where)


def _problem(fields: tuple[Field, ...], d: Mapping[str, Any], where: str) -> ShapeError:
    """The first field of ``d`` that is wrong, in the order ``fields`` lists them."""
    for spec in fields:
        value = d.get(spec.name)
        at = f"{where}/{spec.name}"
        if value is None:
            if spec.required:
                if spec.name not in d:
                    return ShapeError(f"missing required field {spec.name!r}", where)
                return want(value, spec.expected, at)
        elif (
            type(value) not in spec.types
            or (spec.const is not NO_VALUE and value is not spec.const)
            or (spec.seconds and not is_wait(value))
        ):
            return want(value, spec.expected, at)
        elif spec.plan is not None:
            try:
                check(spec, value, False, at)
            except ShapeError as problem:
                return problem
    raise AssertionError("unreachable: every field passed")  # pragma: no cover


def only(d: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    """Strict mode: refuse fields the source does not document."""
    unknown = [key for key in d if key not in allowed]
    if unknown:
        raise ShapeError(f"unknown field(s) {', '.join(map(repr, unknown))}", where)


# What writers share.

_RANK: Final[dict[bool | None, int]] = {False: 0, None: 1, True: 2}
"""How strongly retry advice invites another attempt."""


def canonical_row(error: UnifiedError, vendor: str) -> Row:
    """The row the error's kind is written by, made safe for a source with no retry field:
    a kind that would invite a retry the error does not allow is written by
    `SAFER_KIND`'s row."""
    row = WRITE[(vendor, error.kind)]
    if (
        not SOURCES[vendor].retry_field
        and _RANK[RETRYABLE.get((vendor, row.code))] > _RANK[error.retryable]
    ):
        return WRITE[(vendor, SAFER_KIND)]
    return row


def retry_to_write(error: UnifiedError, home: bool) -> bool | None:
    """Retry advice to write: verbatim at home; elsewhere never more than the kind allows."""
    return error.retryable if home or KINDS[error.kind].retries else False


def home(error: UnifiedError, vendor: str) -> bool:
    """The error is written back in its own vendor's words: it came from ``vendor``, and
    its code still says its kind there.  A code that says another kind (a problem
    document ``{kind: refused, vendor: use_tool, code: rate_limited}``) is not trusted
    over the kind; an unknown code is kept only for an error of kind ``unknown``."""
    code = error.code
    if error.vendor != vendor or code is None:
        return False
    row = read_row(vendor, code, error.status_code)
    if error.kind is _UNKNOWN:
        return row is None
    return row is not None and row.kind is error.kind


def given_back(
    payload: Mapping[str, Any], message: str, *, if_said: bool = False
) -> dict[str, Any]:
    """A payload given back as it came, with ``message`` as its error's message: in the
    error object it wraps in ``error`` when it wraps one, else at its top.  With
    ``if_said``, only where it had a message of its own (a vendor's smallest error may
    have none, and writing one would change it)."""
    inner = payload.get("error")
    error: Mapping[str, Any] = inner if type(inner) is dict else payload
    out = {**error, "message": message} if not if_said or "message" in error else dict(error)
    return out if error is payload else {**payload, "error": out}


def with_extra(out: dict[str, Any], error: UnifiedError) -> dict[str, Any]:
    """Add back, verbatim, the home vendor's fields the unified attributes don't carry.

    A carried field is written from its attribute; its value in ``extra`` comes back only
    as an explicit null the attribute (``None``) cannot tell from absence.
    """
    extra = error.extra
    if not extra:
        return out
    carried = CARRIED.get(error.vendor or "", frozenset())
    added = dict(out)
    marked = False
    for key, value in extra.items():
        if key not in out and (value is None or key not in carried):
            added[key] = value
            marked = marked or key in ANCHORS
    # A field kept from elsewhere must not change what the payload is (an ``ok: true``
    # from a problem document's payload would make a Configure error read as a success):
    # checked only when a key that dispatch looks at was added, which is rare.
    if not marked:
        return added
    return added if classify(added, False) is classify(out, False) else out
