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

from dataclasses import dataclass, field, replace
from functools import partial
from importlib import import_module
from itertools import count, groupby
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol

from ._builtin import NAMES
from ._errors import ShapeError
from ._json import SECONDS, is_wait, type_name
from ._kinds import ErrorKind
from ._table import BOUND, CARRIED, KINDS, READ, READ_BY, RETRYABLE, ROWS, WRITE, Row, read_row
from ._unified import layer_missing

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping, Sequence
    from types import ModuleType
    from typing import TypeAlias

    from ._unified import UnifiedError

__all__ = [
    "ANCHORS",
    "CLAIMS",
    "EXCEPTION_READERS",
    "HEADERS",
    "HEADER_NAMES",
    "NO_VALUE",
    "ONE_TIME_CODE",
    "OWNERS",
    "RESPONSES",
    "SAFER_KIND",
    "SHOULD_RETRY",
    "SOURCES",
    "TEXT_READERS",
    "Claim",
    "Field",
    "Reader",
    "Shape",
    "Source",
    "Writer",
    "add_claim",
    "canonical_row",
    "check",
    "classify",
    "exception_reader",
    "expected_shapes",
    "home",
    "lookup",
    "more_retryable",
    "only",
    "partly_done",
    "problems",
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

Writer: TypeAlias = "Callable[[UnifiedError], dict[str, Any]]"
"""``writer(error)``: the JSON-ready wire dict."""


class Response(NamedTuple):
    """Where an exception keeps an HTTP response, as attribute paths from the exception
    (a number in a path is an index: ``args.1.status_code``)."""

    status: str
    headers: str
    bodies: tuple[str, ...]
    """Where its body may be, each tried in turn."""


class ReadsAny(Protocol):
    """How `toolerrors.parse` reads a payload of any source: `read_any`."""

    def __call__(
        self, d: Mapping[str, Any], *, strict: bool, where: str, need: bool
    ) -> UnifiedError | None: ...


read_any: ReadsAny = layer_missing
"""Reads a payload of any source as `toolerrors.parse` does (``None`` when it holds no
error and none is ``need``-ed), for a source whose payloads wrap other sources' (a
JSON-RPC response carries any error object): no deeper than ``MAX_DEPTH`` payloads,
and each once, however often a claim's test and its reader ask for it.  It is
``toolerrors._read``'s, set when that module is imported: it imports every source, so no
source can import it."""


class Claim(NamedTuple):
    """How a source knows a payload for its own, said as data.

    A claim is asked only when the payload has its ``anchor`` key, in rank order across
    every source, and takes the payload when every test it names holds: the anchor's
    value is of type ``is_a`` and one of ``one_of``; the payload has the ``needs`` keys,
    holds text at the ``texts`` keys and has none of the ``refuses`` keys; with
    ``given``, the anchor's value is not false, zero, empty or null; ``when``
    holds; and, with ``parsing_only``, an error was asked for (`toolerrors.parse`, not
    `toolerrors.error_of`).  A key written ``error/type`` is ``type`` inside the anchor's
    object (which needs ``is_a=dict``).  The dispatcher tests all of it but ``when``
    inline, so a claim said in keys costs no call.  `register` refuses a claim whose
    tests cannot be made (`problem`).
    """

    rank: int
    """Its place in the order claims are asked in: unique among the claims on its anchor."""
    anchor: str
    reader: Reader | str
    """What reads a payload it takes; or a sentence saying what the payload is instead of
    an error (``"a Pythe success envelope (ok: true) is not an error"``)."""
    takes: str
    """What it takes, in words, for the rank table in the docs."""
    is_a: type | None = None
    one_of: frozenset[Any] | None = None
    needs: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    refuses: tuple[str, ...] = ()
    when: Callable[[Mapping[str, Any]], bool] | None = None
    parsing_only: bool = False
    given: bool = False
    """The anchor's value must be given: one that is false, zero, empty or null marks
    nothing (``{"not_done_yet": []}`` beside work done)."""

    def problem(self) -> str | None:
        """Why its tests cannot be made, or ``None`` when they can."""
        where = f"claim {self.rank} on {self.anchor!r}"
        if self.one_of is not None and self.is_a is None:
            return f"{where}: one_of needs is_a, the type its values have"
        for key in (*self.needs, *self.texts, *self.refuses):
            outer, _, inner = key.partition("/")
            if inner and (outer != self.anchor or self.is_a is not dict):
                return (
                    f"{where}: {key!r} is a key inside an object, so the claim must be on"
                    f" {outer!r} with is_a=dict"
                )
        return None

    def holds(self, d: Mapping[str, Any], need: bool) -> bool:
        """Whether it takes ``d``, which has its anchor: what the dispatcher tests inline."""
        value = d[self.anchor]
        if (
            (self.is_a is not None and type(value) is not self.is_a)
            or (self.one_of is not None and value not in self.one_of)
            or (self.given and not value)
        ):
            return False

        def at(key: str) -> tuple[Mapping[str, Any], str]:
            outer, _, inner = key.partition("/")
            return (value, inner) if inner else (d, outer)

        return (
            all(name in where for where, name in map(at, self.needs))
            and all(type(where.get(name)) is str for where, name in map(at, self.texts))
            and not any(name in where for where, name in map(at, self.refuses))
            and (need or not self.parsing_only)
            and (self.when is None or self.when(d))
        )

    def tests(self, index: int) -> tuple[list[str], dict[str, Any]]:
        """`holds` as Python tests on ``d``, ``need`` and the anchor's ``value``, and the
        names they use, suffixed by ``index``."""
        names: dict[str, Any] = {}
        tests = []
        if self.is_a is not None:
            names[f"is_a{index}"] = self.is_a
            tests.append(f"type(value) is is_a{index}")
        if self.one_of is not None:
            names[f"one_of{index}"] = self.one_of
            tests.append(f"value in one_of{index}")
        if self.given:
            tests.append("value")

        def at(key: str) -> tuple[str, str]:
            outer, _, inner = key.partition("/")
            return ("value", repr(inner)) if inner else ("d", repr(outer))

        tests += [f"{name} in {where}" for where, name in map(at, self.needs)]
        tests += [f"type({where}.get({name})) is str" for where, name in map(at, self.texts)]
        tests += [f"{name} not in {where}" for where, name in map(at, self.refuses)]
        if self.parsing_only:
            tests.append("need")
        if self.when is not None:
            names[f"when{index}"] = self.when
            tests.append(f"when{index}(d)")
        return tests, names


SHOULD_RETRY: Final = "should-retry"
"""What a header says (`Source.headers`): ``true`` or ``false``, the server's own word on
whether this very response may be retried (``x-should-retry``)."""

ONE_TIME_CODE: Final = "one-time-code"
"""What a header says (`Source.headers`): on a 401, ``required`` when a person must give a
one-time code."""

REQUEST_ID: Final = "request-id"
"""What a header says (`Source.headers`): the id of the request, as ``x-request-id`` and
``request-id`` do (which come first)."""

_IN_BODY: Final = "body:"


def in_body(key: str) -> str:
    """What a header says (`Source.headers`): the error's code, which the body keeps at
    ``key`` when it keeps it at all.  `toolerrors.from_http` reads a JSON object body
    without ``key`` (or an empty body) as if it had the header's value there."""
    if not key or type(key) is not str:
        raise ValueError(f"in_body needs the body's key, not {key!r}")
    return _IN_BODY + key


def body_key(says: str) -> str | None:
    """The body key an `in_body` header fills, or ``None`` for a header that says anything
    else."""
    return says[len(_IN_BODY) :] if says.startswith(_IN_BODY) else None


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
    """Under strict parsing its value must be one of these."""
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


@dataclass(frozen=True, slots=True, eq=False)
class Shape:
    """One JSON shape a source's errors take, and the model that describes it exactly."""

    name: str
    fields: tuple[Field, ...]
    model: str
    """The pydantic model's name in the source's ``models`` module (empty for the
    package's own shapes: a unified error's dict, problem details)."""
    codes: frozenset[str] | None = None
    """The row codes that take this shape; ``None`` for every code no other shape names."""
    check: Callable[[Mapping[str, Any], bool, str], None] = field(
        init=False, repr=False, compare=False
    )
    """``shape.check(payload, strict, where)`` is `check` for this shape, written from its
    fields on first use: the readers' one call."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "check", partial(_compile_check, self))

    @classmethod
    def under(cls, key: str, inner: tuple[Field, ...]) -> Shape:
        """The shape of an object whose one field ``key`` holds the error, as
        ``{"error": {...}}``: an ``"error response"`` that `ErrorResponse` models."""
        return cls(
            "error response",
            (Field(key, (dict,), required=True, fields=inner),),
            model="ErrorResponse",
        )

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


NOTHING: Final[Mapping[str, Any]] = MappingProxyType({})
"""An empty mapping no one can fill: the default of `Source`'s mappings."""


class Source(NamedTuple):
    """A system whose tool errors `toolerrors` reads and writes, declared in one place."""

    name: str
    """Its vendor name, as `UnifiedError.vendor` holds it (``"pythe"``)."""
    title: str
    """Its name in prose (``"Pythe"``)."""
    codes: tuple[str, ...]
    """Its closed list of error codes; the built-in sources' are their rows' codes
    (`toolerrors.sources.codes_of`)."""
    shapes: tuple[Shape, ...]
    rows: tuple[Row, ...]
    """Its mapping rows: every code it reads, and how each kind is written to it."""
    claims: tuple[Claim, ...]
    """How it knows its payloads: a claim is asked only when its anchor key is in the
    payload, in rank order across every source; the first to take the payload reads it.
    Two sources whose shapes share a key tell their shapes apart in their claims, and the
    rank decides what both would take."""
    write: Writer
    models: str
    """The module holding its pydantic models, imported only when a model is asked for
    (`models_of`): a built-in source names it relative to the package (``".pythe"``), so
    a copy vendored under another name finds its own; a registered source by its full
    name."""
    example: Callable[[Row, str], dict[str, Any]]
    """A realistic payload for a row, with the message given."""
    cases: tuple[tuple[str, str, dict[str, Any]], ...] = ()
    """More realistic payloads for tests: ``(id, code, fields to add)``."""
    without: Mapping[str, frozenset[str]] = NOTHING
    """Fields a code never has (errors the SDK makes before any response)."""
    docs: str = ""
    """Its page under ``docs/``, whose generated table of rows is kept in step."""
    schemas: tuple[str, ...] = ()
    """Models in its ``models`` module, beside its shapes' own, whose JSON Schema is
    published under ``docs/schemas/`` (a success envelope, say)."""
    headers: Mapping[str, str] = NOTHING
    """The response headers of its own that `toolerrors.from_http` reads, by lower-case
    name, each with what it says: `SHOULD_RETRY`, `ONE_TIME_CODE`, `REQUEST_ID`, or
    `in_body` (the error's code, for a body that may not say it)."""
    exceptions: Mapping[str, Callable[[BaseException], UnifiedError]] = NOTHING
    """The exceptions its SDK raises with its errors, each named by its module and class
    (``botocore.exceptions.ClientError``; a package above the module will do,
    ``acme_sdk.APIError`` for ``acme_sdk._exceptions.APIError``), and how to read each:
    `toolerrors.from_exception` asks for an exception of that class, or of a subclass.
    A class name alone (``ConfigureError``, which every copy of this package defines
    under its own name) is for built-in sources: `register` refuses it, since it would
    take every SDK's exception of that name (many call theirs ``APIError``)."""
    route_status: int | None = None
    """The one status every error of its routes comes with, whatever it means (a
    409, say): sent with it, a code `toolerrors.from_http` would take the status over (an
    ``invalid_input``) keeps its own kind."""
    responses: tuple[Response, ...] = ()
    """Where its SDK's exceptions keep the HTTP response that failed, when the common
    places (``response.status_code``; ``status_code`` and ``body``) are not where:
    `toolerrors.from_exception` reads it through `toolerrors.from_http`."""
    texts: Callable[[str], UnifiedError | None] | None = None
    """How it finds its errors written as text: a mark so unmistakable that a text
    holding it is an error wherever it stands (the TypeScript MCP SDK's ``McpError``
    message, "MCP error -32603: ..."), read as the error the mark reports; ``None``
    where a text holds no mark of its own.  `toolerrors.error_of` and `toolerrors.parse`
    ask it of a text that is not JSON, before calling that text no error."""

    def models_of(self) -> ModuleType:
        """The module holding its pydantic models, imported now if it was not."""
        return import_module(self.models, __package__)

    @property
    def published(self) -> tuple[str, ...]:
        """The models whose JSON Schema is published: its shapes', then `schemas`."""
        return tuple(dict.fromkeys([*(shape.model for shape in self.shapes), *self.schemas]))

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

CLAIMS: Final[list[Claim]] = []
"""Every registered claim, in rank order: what `classify` walks."""

OWNERS: Final[dict[int, str]] = {}
"""The name of the source (or `RESERVED` reader) each claim in `CLAIMS` belongs to, by
the claim's ``id``."""

ANCHORS: Final[set[str]] = set()
"""The keys `classify` looks for."""

RESPONSES: Final[list[Response]] = []
"""Every registered source's `Source.responses`."""

ExceptionReader: TypeAlias = "Callable[[BaseException], UnifiedError]"

EXCEPTION_READERS: Final[dict[str, list[tuple[str, ExceptionReader]]]] = {}
"""Every registered source's `Source.exceptions`, by class name: the module (or package)
each is named with, ``""`` for a class name alone, and its reader, the longest first."""


def exception_reader(cls: type) -> ExceptionReader | None:
    """The reader a source declared for exceptions of exactly ``cls``, or ``None``: the
    most specific name that matches its class name and module wins."""
    module = cls.__module__
    for where, read in EXCEPTION_READERS.get(cls.__name__, ()):
        if not where or module == where or (type(module) is str and module.startswith(where + ".")):
            return read
    return None


TEXT_READERS: Final[list[Callable[[str], UnifiedError | None]]] = []
"""Every registered source's `Source.texts`, in the order registered."""

HEADERS: Final[dict[str, str]] = {}
"""Every registered source's `Source.headers`: a header's lower-case name to what it says."""

IN_BODY: Final[dict[str, str]] = {}
"""What each registered `in_body` header says, to the body key it fills."""

ROUTE_STATUS: Final[dict[str, int]] = {}
"""Every registered source's `Source.route_status`, by its name."""

HEADER_NAMES: Final[dict[str | bytes, str]] = {}
"""`toolerrors.from_http`'s cache of header names as given (``Retry-After``,
``b"retry-after"``) to the name it reads them by, emptied whenever the sources change."""

_UNKNOWN: Final = ErrorKind.UNKNOWN

SAFER_KIND: Final = ErrorKind.UPSTREAM_ERROR
"""For a source with no retry field: the kind whose row is written instead of one that
would invite a retry the error does not allow ("Read the message").  Its row there must
say ``retryable`` false."""


def _rebuild() -> None:
    """Derive every lookup again from the registered sources (after a removal)."""
    lookups = (
        ROWS, READ, READ_BY, RETRYABLE, WRITE, CARRIED, BOUND, EXCEPTION_READERS, RESPONSES,
        TEXT_READERS,
    )  # fmt: skip
    for lookup in lookups:
        lookup.clear()
    HEADERS.clear()
    IN_BODY.clear()
    ROUTE_STATUS.clear()
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
    for said, read in source.exceptions.items():
        module, _, name = said.rpartition(".")
        readers = EXCEPTION_READERS.setdefault(name, [])
        readers.append((module, read))
        readers.sort(key=lambda reader: -len(reader[0]))
    RESPONSES.extend(source.responses)
    if source.texts is not None:
        TEXT_READERS.append(source.texts)
    HEADERS.update(source.headers)
    if source.route_status is not None:
        ROUTE_STATUS[source.name] = source.route_status
    for says in source.headers.values():
        key = body_key(says)
        if key:
            IN_BODY[says] = key


def _settle() -> None:
    """Order the claims by rank, and have the dispatcher recompiled on first use.  The
    sources need no ordering: the package registers its own first, in its folder's order,
    and any other source can be registered only once it has."""
    CLAIMS.sort(key=lambda claim: claim.rank)
    ANCHORS.clear()
    ANCHORS.update(claim.anchor for claim in CLAIMS)
    HEADER_NAMES.clear()
    global classify, _loops_left
    classify, _loops_left = _compile_then_classify, LOOPED


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
    writers = [row.kind for row in source.rows if row.writes]
    written = {row.kind: row for row in source.rows if row.writes}
    missing = [kind.value for kind in KINDS if kind not in written]
    if missing:
        raise ValueError(f"{where}: no row writes {', '.join(missing)}")
    if len(writers) > len(written):
        twice = sorted({kind.value for kind in writers if writers.count(kind) > 1})
        raise ValueError(f"{where}: more than one row writes {', '.join(twice)}")
    reads = {row.code: row for row in source.rows if row.reads and row.when_status is None}
    safer = reads.get(written[SAFER_KIND].code)
    if not source.retry_field and (safer is None or safer.retryable is not False):
        raise ValueError(
            f"{where} has no retry field, so it must write {SAFER_KIND.value} as a code that"
            " reads as not retryable"
        )
    for name, says in source.headers.items():
        if (
            says not in (SHOULD_RETRY, ONE_TIME_CODE, REQUEST_ID) and not body_key(says)
        ) or name != name.lower():
            raise ValueError(
                f"{where}: header {name!r} must be named in lower case and say"
                f" {SHOULD_RETRY!r}, {ONE_TIME_CODE!r}, {REQUEST_ID!r} or in_body(key),"
                f" not {says!r}"
            )
    if sum(shape.codes is None for shape in source.shapes) != 1:
        raise ValueError(f"{where}: exactly one shape must take the codes no other names")
    _check_exceptions(source, where)


def _check_exceptions(source: Source, where: str) -> None:
    """Refuse an exception name that would take another SDK's exceptions, or that
    another source reads already."""
    for said in source.exceptions:
        if "." not in said and source.name not in BUILT_IN:
            raise ValueError(
                f"{where}: exception {said!r} must be named with its module"
                f" ('your_sdk.{said}'): a class name alone would take every SDK's {said}"
            )
        for other in SOURCES.values():
            if said in other.exceptions:
                raise ValueError(f"{where}: exception {said!r} is read by {other.name!r} already")


def register(source: Source) -> Source:
    """Add ``source``: from now on `toolerrors.parse`, `toolerrors.convert`, the testing
    factories and the strategies know it.  Raises ``ValueError`` naming what is missing."""
    _check(source)
    _claimable(source.claims, f"source {source.name!r}")
    SOURCES[source.name] = source
    for claim in source.claims:
        _add(claim, source.name)
    _derive(source)
    _settle()
    return source


def _claimable(claims: tuple[Claim, ...], where: str) -> None:
    """Refuse a claim whose tests cannot be made (`Claim.problem`), or whose rank another
    claim on its anchor holds: which of the two is asked first would be an accident of
    import order."""
    taken = {(claim.anchor, claim.rank): OWNERS[id(claim)] for claim in CLAIMS}
    for claim in claims:
        problem = claim.problem()
        if problem is not None:
            raise ValueError(f"{where}: {problem}")
        key = (claim.anchor, claim.rank)
        if key in taken:
            raise ValueError(
                f"{where}: rank {claim.rank} on {claim.anchor!r} is {taken[key]}'s; pick a"
                " rank no claim on that anchor has"
            )
        taken[key] = where


def _add(claim: Claim, owner: str) -> None:
    CLAIMS.append(claim)
    OWNERS[id(claim)] = owner


def unregister(name: str) -> None:
    """Remove a source added with `register` (built-in sources stay)."""
    if name in BUILT_IN:
        raise ValueError(f"{name!r} is built in and cannot be removed")
    if name not in SOURCES:
        raise ValueError(f"no source {name!r} is registered")
    SOURCES.pop(name)
    # Only the claims this source registered: the same objects, under the same name.
    mine = [claim for claim in CLAIMS if OWNERS[id(claim)] == name]
    CLAIMS[:] = [claim for claim in CLAIMS if OWNERS[id(claim)] != name]
    for claim in mine:
        del OWNERS[id(claim)]
    _rebuild()


def add_claim(claim: Claim, owner: str) -> None:
    """A claim that belongs to no source (the unified dict, RFC 9457 problems): ``owner``
    is a built-in source's name or a `RESERVED` one, which no registered source can take,
    so that `unregister` can never remove it."""
    if owner not in RESERVED and owner not in BUILT_IN:
        raise ValueError(f"claim owner {owner!r} is neither built in nor reserved")
    _claimable((claim,), f"a claim of {owner!r}")
    _add(claim, owner)
    _settle()


BUILT_IN: Final[tuple[str, ...]] = NAMES
"""The sources that ship with the package, in order: the modules of its folder of
sources."""

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
    for claim in CLAIMS:
        if claim.anchor in d and claim.holds(d, need):
            return claim.reader
    return None


def _compile() -> Callable[[Mapping[str, Any], bool], Reader | str | None]:
    """`_classify` unrolled over the claims registered now, one ``if`` a claim, as
    ``dataclasses`` builds its methods: claims in a row on one anchor share its test.
    The generated code holds only the keys' reprs and names each claim's reader, types,
    values and predicate by its index (``reader3``); ``classify.__doc__`` is
    `_classify`'s, which it equals (a property test holds it to that).  Measured on a
    Configure error, which 27 claims are asked of before its own: 0.73 µs here, 4.0 µs for
    the loop."""
    lines = ["def classify(d, need):"]
    scope: dict[str, Any] = {}
    for anchor, group in groupby(enumerate(CLAIMS), key=lambda item: item[1].anchor):
        lines += [f"    if {anchor!r} in d:", f"        value = d[{anchor!r}]"]
        for index, claim in group:
            tests, names = claim.tests(index)
            scope |= names
            scope[f"reader{index}"] = claim.reader
            if not tests:
                lines.append(f"        return reader{index}")
                break  # it takes every payload with the anchor: nothing after it is asked
            lines += [f"        if {' and '.join(tests)}:", f"            return reader{index}"]
    lines.append("    return None")
    exec("\n".join(lines), scope)
    compiled: Callable[[Mapping[str, Any], bool], Reader | str | None] = scope["classify"]
    compiled.__doc__ = _classify.__doc__
    return compiled


LOOPED: Final = 256
"""How many payloads the loop classifies before the dispatcher is compiled.  Compiling
costs 3.2 ms, the difference between the loop and the compiled dispatcher on about
1,000 payloads: a process that reads a few errors (a command, a serverless tool wrapper)
never pays it, and one that reads many pays it early."""

_loops_left = LOOPED


def _compile_then_classify(d: Mapping[str, Any], need: bool) -> Reader | str | None:
    """Classify by the loop over the claims registered now, and once `LOOPED` payloads
    have been, compile the dispatcher for them: each source is registered at import, and
    compiling neither then nor for a short-lived process keeps the start quick."""
    global classify, _loops_left  # noqa: PLW0603 - replaced by the compiled dispatcher
    _loops_left -= 1
    if _loops_left > 0:
        return _classify(d, need)
    compiled = _compile()
    classify = compiled
    return compiled(d, need)


classify: Callable[[Mapping[str, Any], bool], Reader | str | None] = _classify
"""The dispatcher, compiled anew once used `LOOPED` times after the claims change: call it
as ``_source.classify`` so that a new source is seen."""


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


def check(shape: Shape, d: Mapping[str, Any], strict: bool, where: str) -> None:
    """Hold ``d`` to ``shape``: what its reader may then take as given.

    Field by field, in the order the shape lists them: a required field must be there and
    not null (an optional one may be null, which is the same as absent); a constant must
    be its value, any other field one of its types; a wait a number of seconds; a nested
    object is held to its own fields.  Under ``strict`` a required field that may be null
    must be there too, and a field the shape does not name is refused, at any depth.  The
    first problem raises a `ShapeError` at its path.
    """
    shape.check(d, strict, where)


def _refuse(shape: Shape, d: Mapping[str, Any], where: str) -> None:
    """Raise the first wrong field; the written test found one."""
    problem = next(_wrong(shape.fields, d, where), None)
    if problem is None:  # pragma: no cover - the written test and _wrong read the same fields
        raise AssertionError(f"{shape.name}: the written test and _wrong() disagree on {d!r}")
    raise problem


def problems(shape: Shape, d: Mapping[str, Any], strict: bool, where: str) -> list[ShapeError]:
    """Every way ``d`` fails `check`, not only the first: each wrong field in the shape's
    order, then under ``strict`` each missing or unknown one, at any depth."""
    found = list(_wrong(shape.fields, d, where))
    return [*found, *_unnamed(shape.fields, d, where)] if strict else found


def _compile_check(shape: Shape, d: Mapping[str, Any], strict: bool, where: str) -> None:
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
        "_unnamed": _unnamed, "fields": shape.fields,
    }  # fmt: skip
    test = _fits_test(shape.fields, "d", scope, count())
    exec(
        "def check(d, strict, where):\n"
        f"    if not ({test}):\n"
        "        _refuse(shape, d, where)\n"
        "    if strict:\n"
        "        problem = next(_unnamed(fields, d, where), None)\n"
        "        if problem is not None:\n"
        "            raise problem\n",
        scope,
    )
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


def _unnamed(fields: tuple[Field, ...], d: Mapping[str, Any], where: str) -> Iterator[ShapeError]:
    """What strict reading also refuses: a required field missing even though it may be
    null, and fields ``fields`` does not name, here or in a nested object."""
    for spec in fields:
        if spec.required and spec.nullable and spec.name not in d:
            yield ShapeError(f"missing required field {spec.name!r}", where)
    names = {spec.name for spec in fields}
    unknown = [key for key in d if key not in names]
    if unknown:
        yield ShapeError(f"unknown field(s) {', '.join(map(repr, unknown))}", where)
    for spec in fields:
        value = d.get(spec.name)
        if spec.fields and type(value) is dict:
            yield from _unnamed(spec.fields, value, f"{where}/{spec.name}")


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


_LISTED: Final = 10
"""How many failed items a partly done batch names in its message."""


def partly_done(error: UnifiedError, *, done: int, failed: Sequence[str] = ()) -> UnifiedError:
    """``error``, the first failure of a batch in which ``done`` other items may have
    taken effect: its kind kept, and its retry advice never ``True``, since a re-run of
    the whole would do again what was done (``None`` stays not known).  Its message says
    which items ``failed`` where they are named here; a payload that names them itself
    and is written back as it came (a path to each failed field) passes none.  A batch
    in which nothing took effect is ``error`` as it is."""
    if not done:
        return error
    message = error.message
    if failed:
        named = ", ".join(failed[:_LISTED]) + (", ..." if len(failed) > _LISTED else "")
        message += (
            f" [{len(failed)} of {len(failed) + done} items of the batch failed ({named});"
            " the others may have taken effect: re-send only the failed ones]"
        )
    retryable = None if error.retryable is None else False
    return replace(error, message=message, retryable=retryable)


# What writers share.

_RANK: Final[dict[bool | None, int]] = {False: 0, None: 1, True: 2}
"""How strongly retry advice invites another attempt."""


def more_retryable(advice: bool | None, than: bool | None) -> bool:
    """Whether retry advice ``advice`` invites another attempt more than ``than`` does:
    ``True`` more than ``None`` (not known), and ``None`` more than ``False``."""
    return _RANK[advice] > _RANK[than]


def canonical_row(error: UnifiedError, vendor: str) -> Row:
    """The row the error's kind is written by, made safe for a source with no retry field:
    a kind that would invite a retry the error does not allow is written by
    `SAFER_KIND`'s row."""
    row = WRITE[(vendor, error.kind)]
    if not SOURCES[vendor].retry_field and more_retryable(
        RETRYABLE.get((vendor, row.code)), error.retryable
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
    if row is None:
        return error.kind is _UNKNOWN
    return row.kind is error.kind


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
