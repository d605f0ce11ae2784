"""What a source declares: its `Source`, the `Shape` its errors take, where its SDK's
exceptions keep a response (`Response`), and what its headers say."""

from __future__ import annotations

from functools import partial
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .checker import compile_check
from .fields import NO_VALUE, Field

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from types import ModuleType
    from typing import TypeAlias

    from .._table import Row
    from .._unified import UnifiedError
    from .claims import Claim

__all__ = [
    "NOTHING", "ONE_TIME_CODE", "REQUEST_ID", "SHOULD_RETRY", "Response", "Shape",
    "Source", "Writer", "body_key", "in_body",
]  # fmt: skip

Writer: TypeAlias = "Callable[[UnifiedError], dict[str, Any]]"
"""``writer(error)``: the JSON-ready wire dict."""


class Response(NamedTuple):
    """Where an exception keeps an HTTP response, as attribute paths from the exception
    (a number in a path is an index: ``args.1.status_code``)."""

    status: str
    headers: str
    bodies: tuple[str, ...]
    """Where its body may be, each tried in turn."""


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


class Shape:
    """One JSON shape a source's errors take, and the model that describes it exactly.

    A plain class with slots, not a dataclass: defining a frozen dataclass costs 1.5 ms
    of every start (measured with ``-X importtime``, Python 3.11), for three fields and
    a check."""

    __slots__ = ("check", "codes", "fields", "model", "name")

    name: str
    fields: tuple[Field, ...]
    model: str
    """The pydantic model's name in the source's ``models`` module (empty for the
    package's own shapes: a unified error's dict, problem details)."""
    codes: frozenset[str] | None
    """The row codes that take this shape; ``None`` for every code no other shape names."""
    check: Callable[[Mapping[str, Any], bool, str], None]
    """``shape.check(payload, strict, where)`` is `check` for this shape, written from its
    fields on first use: the readers' one call."""

    def __init__(
        self,
        name: str,
        fields: tuple[Field, ...],
        model: str,
        codes: frozenset[str] | None = None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "name", name)
        set_(self, "fields", fields)
        set_(self, "model", model)
        set_(self, "codes", codes)
        set_(self, "check", partial(compile_check, self))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Shape is frozen: cannot set {name!r}")

    def __repr__(self) -> str:
        return (
            f"Shape(name={self.name!r}, fields={self.fields!r}, model={self.model!r},"
            f" codes={self.codes!r})"
        )

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


_PACKAGE: Final = (__package__ or "").rpartition(".")[0]
"""The package the built-in sources name their models relative to (``toolerrors``, or
whatever name a vendored copy has)."""

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
    """Its payloads' shapes, field by field (`Shape`): what `check` holds a payload to,
    what strict reading demands, what the strategies draw, and what the docs show."""
    rows: tuple[Row, ...]
    """Its mapping rows: every code it reads, and how each kind is written to it."""
    claims: tuple[Claim, ...]
    """How it knows its payloads: a claim is asked only when its anchor key is in the
    payload, in rank order across every source; the first to take the payload reads it.
    Two sources whose shapes share a key tell their shapes apart in their claims, and the
    rank decides what both would take."""
    write: Writer
    """How an error is written as its payload (`toolerrors.convert`): at home, give back
    what came (`home`, `with_extra`); else write the code of the error's kind
    (`canonical_row`), never with more retry advice than the kind allows."""
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
        return import_module(self.models, _PACKAGE)

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
