"""The registry of sources and everything it holds: `register` checks a source and fills
the lookups (here and in ``toolerrors._table``) that reading, writing, testing and the
docs use; `classify` is the one dispatcher over every registered claim."""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING, Any, Final

from .._builtin import NAMES
from .._kinds import ErrorKind
from .._table import BOUND, CARRIED, KINDS, READ_BY, ROWS, WRITE
from .claims import compile_dispatcher, first_taker
from .shapes import ONE_TIME_CODE, REQUEST_ID, SHOULD_RETRY, body_key

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import TypeAlias

    from .._unified import UnifiedError
    from .claims import Claim, Dispatcher, Reader
    from .shapes import Response, Source


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
        ROWS, READ_BY, WRITE, CARRIED, BOUND, EXCEPTION_READERS, RESPONSES,
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
            READ_BY.setdefault(row.vendor, {}).setdefault(row.code, {})[row.when_status] = row
            if row.when_status is not None:
                BOUND.add(row.when_status)
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
    """Order the claims by rank, and have the dispatcher compiled anew on first use.  The
    sources need no ordering: the package registers its own first, in its folder's order,
    and any other source can be registered only once it has."""
    CLAIMS.sort(key=lambda claim: claim.rank)
    ANCHORS.clear()
    ANCHORS.update(claim.anchor for claim in CLAIMS)
    HEADER_NAMES.clear()
    _COMPILED.clear()


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
    _claimable(source.claims, source.name, f"source {source.name!r}")
    SOURCES[source.name] = source
    for claim in source.claims:
        _add(claim, source.name)
    _derive(source)
    _settle()
    if source.name not in BUILT_IN:  # the built-in sources' tests hold them to it
        try:
            _check_advice(source)
        except ValueError:
            unregister(source.name)
            raise
    return source


def _check_advice(source: Source) -> None:
    """Refuse a source whose reader forgets its rows' retry advice: each row's example,
    read by the source's own claims without the retry field it may leave out, must not
    leave the advice unknown (``None``) where the row gives it (a rate limit that is
    never retried).  A row whose advice is ``None`` says that a payload without the
    field is not known (Configure's local timeouts); a retry field every payload has is
    left in."""
    optional = {
        f.name
        for shape in source.shapes
        for f in shape.fields
        if f.fills == "retryable" and not f.required
    }
    if source.retry_field and not optional:
        return
    claims = sorted(source.claims, key=lambda claim: claim.rank)
    for row in source.rows:
        if not row.reads or row.when_status is not None or row.retryable is None:
            continue
        example = {
            key: value
            for key, value in source.example(row, row.meaning).items()
            if key not in optional
        }
        reader = first_taker(claims, example, True)
        if callable(reader) and reader(example, False, "").retryable is None:
            said = f"payloads without {', '.join(sorted(optional))}" if optional else "payloads"
            raise ValueError(
                f"source {source.name!r}: its reader reads {row.code!r} with retry advice"
                f" not known, where its row says {row.retryable}: pass the row's"
                f" retryable where its {said} say none, or make the row's retryable None"
            )


def _claimable(claims: tuple[Claim, ...], owner: str, where: str) -> None:
    """Refuse a claim whose tests cannot be made (`Claim.problem`), or whose rank another
    claim holds, on any anchor: which of the two is asked first would be an accident of
    import order."""
    taken = {claim.rank: (OWNERS[id(claim)], claim.anchor) for claim in CLAIMS}
    for claim in claims:
        problem = claim.problem()
        if problem is not None:
            raise ValueError(f"{where}: {problem}")
        if claim.rank in taken:
            other, anchor = taken[claim.rank]
            below = next(rank for rank in count(claim.rank - 1, -1) if rank not in taken)
            above = next(rank for rank in count(claim.rank + 1) if rank not in taken)
            raise ValueError(
                f"{where}: rank {claim.rank} (its claim on {claim.anchor!r}) is taken by the"
                f" claim of {other!r} on {anchor!r}; the nearest free ranks are {below} and"
                f" {above}"
            )
        taken[claim.rank] = (owner, claim.anchor)


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
    _claimable((claim,), owner, f"a claim of {owner!r}")
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


UNKNOWN_SHAPE: Final = "expected an error of a known shape"
"""How `expected_shapes` begins."""


def expected_shapes() -> str:
    """What `toolerrors.parse` accepts, in words, for a payload that is none of it."""
    known = "; ".join(source.describe() for source in SOURCES.values())
    return f"{UNKNOWN_SHAPE}: {known}; an MCP tool result; or RFC 9457 problem details"


_COMPILED: Final[list[Dispatcher]] = []
"""The dispatcher compiled from `CLAIMS` as they are now, once `classify` has been asked;
emptied whenever they change."""


def classify(d: Mapping[str, Any], need: bool) -> Reader | str | None:
    """The reader of the first registered claim that takes ``d``; otherwise ``None``, or
    with ``need`` a sentence saying what the dict is instead of an error.

    It asks the dispatcher written from the claims (`compile_dispatcher`), which answers
    as `first_taker` over them does; it is compiled on first use after the claims change
    (about 3 ms), not at import."""
    dispatch = _COMPILED[0] if _COMPILED else _compile()
    return dispatch(d, need)


def _compile() -> Dispatcher:
    _COMPILED.append(compile_dispatcher(CLAIMS))
    return _COMPILED[0]


def _classify(d: Mapping[str, Any], need: bool) -> Reader | str | None:
    """`first_taker` over the registered claims: what the dispatcher must answer."""
    return first_taker(CLAIMS, d, need)
