"""Sources: the registry, the built-in sources held to their specs, and a fourth source
that plugs in from this module alone."""

from __future__ import annotations

import inspect
import os
import re
import sys
import types
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, StrictBool, StrictStr

import toolerrors
from conftest import ROOT
from toolerrors import ErrorKind, ShapeError, _source, convert, error_of, from_exception, parse
from toolerrors._held import Outcome, Reason, render
from toolerrors._source import problems, registry
from toolerrors._source.claims import compile_dispatcher
from toolerrors._table import CARRIED
from toolerrors.sources import (
    Claim,
    Field,
    Row,
    Rows,
    Shape,
    Source,
    canonical_row,
    check,
    home,
    lookup,
    make,
    more_retryable,
    register,
    registered,
    retry_to_write,
    unregister,
    with_extra,
)
from toolerrors.strategies import error_payloads, json_values, near_misses
from toolerrors.testing import assert_error, assert_shape, every_payload, payload

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping

# The registry and the built-in sources.


def test_the_built_in_sources_are_the_modules_of_their_folder() -> None:
    """Every module in the folder of built-in sources registers the source it is named
    for, in the order of their names, and nothing else is built in."""
    folder = Path(toolerrors.__file__).parent / "_builtin"
    modules = sorted(path.stem for path in folder.glob("*.py") if not path.stem.startswith("_"))
    assert list(toolerrors.VENDORS) == modules == list(registered())
    assert (*toolerrors.VENDORS, "problem") == toolerrors.TARGETS


def test_a_written_kind_loses_what_the_kind_says_unless_the_row_says() -> None:
    rows = Rows("acme")
    ambiguous, paused = rows.write("BAD", ErrorKind.AMBIGUOUS, ErrorKind.PAUSED)
    (told,) = rows.write("BAD", ErrorKind.REFUSED, lost="that a person said no")
    assert (ambiguous.code, ambiguous.kind, ambiguous.reads, ambiguous.writes) == (
        "BAD",
        ErrorKind.AMBIGUOUS,
        False,
        True,
    )
    assert ambiguous.lost == "that more than one target matched"
    assert paused.lost == "that the target is paused and must be resumed"
    assert told.lost == "that a person said no"


@pytest.mark.parametrize(
    ("advice", "than", "more"),
    [
        (True, None, True),
        (None, False, True),
        (True, False, True),
        (None, None, False),
        (False, None, False),
        (None, True, False),
    ],
)
def test_retry_advice_is_ordered_no_not_known_yes(
    advice: bool | None, than: bool | None, more: bool
) -> None:
    """``True`` invites another attempt more than ``None`` (not known), which invites
    one more than ``False``: what a reading or a writing may never raise."""
    assert more_retryable(advice, than) is more


CARRIED_BY: dict[str, frozenset[str]] = {
    "use_tool": frozenset({"error", "message", "not_done_yet", "refused"}),
    "pythe": frozenset({"ok", "code", "message", "retryable"}),
    "configure": frozenset(
        {"code", "message", "statusCode", "retryable", "retryAfter", "requestId"}
    ),
    "jsonrpc": frozenset({"code", "message"}),
    "oauth": frozenset({"error", "error_description"}),
    "slack": frozenset({"ok", "error"}),
    "openai": frozenset(),
    "anthropic": frozenset({"type", "request_id"}),
    "google": frozenset(),
    "stripe": frozenset(),
    "github": frozenset({"message", "status"}),
    "msgraph": frozenset(),
    "telegram": frozenset({"ok", "error_code", "description"}),
    "kubernetes": frozenset({"kind", "status", "reason"}),
    "aws": frozenset(),
    "discord": frozenset({"code", "message", "retry_after"}),
    "cloudflare": frozenset({"success"}),
    "dropbox": frozenset(),
    "notion": frozenset({"object", "status", "code", "message", "request_id"}),
    "postgrest": frozenset({"code", "message"}),
    "sqlstate": frozenset({"sqlstate", "message"}),
    "salesforce": frozenset({"message", "errorCode", "exceptionCode", "exceptionMessage"}),
    "twilio": frozenset({"code", "message", "status"}),
    "jira": frozenset({"status"}),
    "graphql": frozenset(),
    "jsonapi": frozenset(),
}
"""The fields the unified attributes carry, by source, as each documents them (these
sources; one added since is not listed here)."""


def test_carried_fields_are_derived_from_the_field_specs() -> None:
    """The fields the unified attributes carry, per source, as each documents them."""
    assert {name: CARRIED[name] for name in CARRIED_BY} == CARRIED_BY


def _shapes() -> Iterator[tuple[str, Source, Shape]]:
    for source in registered().values():
        for shape in source.shapes:
            yield f"{source.name}.{shape.model}", source, shape


_JSON_TYPE: dict[type, str] = {
    str: "string", bool: "boolean", int: "integer", float: "number", dict: "object",
    list: "array", type(None): "null", object: "any",
}  # fmt: skip
"""A `Field`'s Python type as the JSON Schema type it stands for."""


def _numbers(types: set[str]) -> set[str]:
    """An integer is a number: ``{integer, number}`` says no more than ``number``."""
    return types - {"integer"} if "number" in types else types


def _schema_types(node: dict[str, Any], defs: dict[str, Any]) -> set[str]:
    """The JSON types a model's JSON Schema allows at ``node``."""
    if "$ref" in node:
        return _schema_types(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in node:
        return set().union(*(_schema_types(each, defs) for each in node["anyOf"]))
    values = [node["const"]] if "const" in node else node.get("enum")
    if values is not None:
        return {_JSON_TYPE[type(value)] for value in values}
    if "type" in node:
        return {node["type"]}
    return {"object"} if "properties" in node else {"any"}


def _model_fields(
    node: dict[str, Any], defs: dict[str, Any], always: frozenset[str] = frozenset()
) -> dict[str, tuple[bool, set[str]]]:
    """A model's fields by wire name: required (or always written), and JSON types."""
    required = set(node.get("required", ())) | always
    return {
        name: (name in required, _schema_types(prop, defs))
        for name, prop in node.get("properties", {}).items()
    }


def _spec_fields(fields: tuple[Field, ...]) -> dict[str, tuple[bool, set[str]]]:
    """The same, as a shape's `Field` s say it; an optional field may also be null."""
    return {f.name: (f.required, _numbers({_JSON_TYPE[t] for t in f.types})) for f in fields}


def _nested(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """The object schema at ``node``, through a reference or a nullable union."""
    if "$ref" in node:
        return _nested(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
    for each in node.get("anyOf", ()):
        if "$ref" in each or "properties" in each:
            return _nested(each, defs)
    return node


@pytest.mark.parametrize(
    ("source", "shape"), [case[1:] for case in _shapes()], ids=[case[0] for case in _shapes()]
)
def test_each_model_has_exactly_the_fields_of_its_spec(source: Source, shape: Shape) -> None:
    """A wire model is its shape: the same fields under their wire names (the models'
    aliases), the same required ones, the same JSON types, and the same of each nested
    object.  A field that is always on the wire but has a default (Pythe's ``ok``) counts
    as required; an optional field's null means absent."""
    model = getattr(source.models_of(), shape.model)
    schema = model.model_json_schema(by_alias=True, mode="validation")
    defs = schema.get("$defs", {})

    def compare(node: dict[str, Any], fields: tuple[Field, ...], always: frozenset[str]) -> None:
        found = _model_fields(node, defs, always)
        for f in fields:
            if f.name in found and not f.required and type(None) not in f.types:
                found[f.name][1].discard("null")
        assert {name: (req, _numbers(types)) for name, (req, types) in found.items()} == (
            _spec_fields(fields)
        )
        for f in fields:
            if f.fields:
                compare(_nested(node["properties"][f.name], defs), f.fields, frozenset())

    compare(schema, shape.fields, model.ALWAYS)


def test_configure_error_exposes_the_spec_fields() -> None:
    """``ConfigureError``'s keywords and ``fields()`` follow the one field spec."""
    from toolerrors.configure import ConfigureError

    body = registered()["configure"].shapes[0]
    names = tuple(spec.name for spec in body.fields if spec.name != "message")
    keywords = inspect.signature(ConfigureError).parameters
    assert tuple(name for name in keywords if name != "message") == names
    error = ConfigureError("m", **dict.fromkeys(names) | {"code": "TIMEOUT"})
    assert error.fields() == {"code": "TIMEOUT"}


STRICT_RULES = [
    pytest.param(
        {"refused": render(Outcome.STOP, "Ana", Reason.UNDECIDED.value)},
        "/refused",
        id="reason-under-the-wrong-outcome",
    ),
    pytest.param(
        {"not_done_yet": render(Outcome.ASK, "Ana", Reason.SENSITIVE_DATA.value)},
        "/not_done_yet",
        id="stop-reason-under-ask",
    ),
    pytest.param(
        {"code": "RATE_LIMITED", "message": "Slow down.", "suggestedAction": "dance"},
        "/suggestedAction",
        id="unknown-suggestedAction",
    ),
]


@pytest.mark.parametrize(("wire", "where"), STRICT_RULES)
def test_reader_and_model_apply_the_same_strict_rules(wire: dict[str, Any], where: str) -> None:
    """Strictly, the fast reader and the model both refuse, at the same field; leniently
    both accept, and the model gives back what the reader read."""
    vendor = "use_tool" if "code" not in wire else "configure"
    module = registered()[vendor].models_of()
    for strict_read in (lambda: parse(wire, strict=True), lambda: module.parse(wire, strict=True)):
        with pytest.raises(ShapeError) as caught:
            strict_read()
        assert caught.value.where == where
    assert module.parse(wire).to_wire() == wire == convert(parse(wire), vendor)  # type: ignore[arg-type]


# A fourth source, defined here only.  Acme's task API answers a failed call with
# {"error": CODE, "detail": text, "retry"?: bool, "wait"?: seconds}: it shares the
# ``error`` key with use_tool, whose errors have a ``message`` instead of a ``detail``.

ACME_CODES = ("JAMMED", "MISSING", "LOCKED", "BAD", "BUSY")

ACME_SHAPE = Shape(
    "acme error",
    (
        Field("error", (str,), required=True, fills="code", closed=frozenset(ACME_CODES)),
        Field("detail", (str,), required=True, fills="message"),
        Field("retry", (bool,), fills="retryable"),
        Field("wait", (int, float), fills="retry_after", seconds=True),
    ),
    model="AcmeError",
)


def _acme_rows() -> tuple[Row, ...]:
    read = (
        Row("acme", "JAMMED", ErrorKind.UNAVAILABLE, True, 503, writes=True, meaning="Jammed."),
        Row("acme", "MISSING", ErrorKind.NOT_FOUND, False, 404, writes=True, meaning="No task."),
        Row(
            "acme",
            "LOCKED",
            ErrorKind.PERMISSION_DENIED,
            False,
            403,
            writes=True,
            meaning="Locked.",
        ),
        Row("acme", "BAD", ErrorKind.INVALID_INPUT, False, 400, writes=True, meaning="Bad input."),
        Row("acme", "BUSY", ErrorKind.RATE_LIMITED, True, 429, writes=True, meaning="Busy."),
    )
    written = {row.kind for row in read}
    rest = (kind for kind in ErrorKind if kind not in written)
    return (*read, *Rows("acme").write("BAD", *rest, lost="what kind of failure it was"))


def read_acme(d: Mapping[str, Any], strict: bool, where: str) -> toolerrors.UnifiedError:
    check(ACME_SHAPE, d, strict, where)
    code = d["error"]
    row = lookup("acme", code, status=None, strict=strict, where=f"{where}/error")
    kind, advice = (row.kind, row.retryable) if row is not None else (ErrorKind.UNKNOWN, None)
    # the whole payload where it has more, or leaves its retry advice to the row's
    extra = d if "retry" not in d or any(key not in ACME_SHAPE.names for key in d) else None
    return make(
        kind,
        d["detail"],
        retryable=d.get("retry", advice),  # the row's advice where the payload says none
        retry_after=d.get("wait"),
        vendor="acme",
        code=code,
        extra=extra,
    )


def write_acme(error: toolerrors.UnifiedError) -> dict[str, Any]:
    at_home = home(error, "acme")
    code = error.code if at_home and error.code else canonical_row(error, "acme").code
    out: dict[str, Any] = {"error": code, "detail": error.message}
    retry = retry_to_write(error, at_home)
    said = not at_home or error.extra is None or "retry" in error.extra
    if retry is not None and said:  # at home, only where the payload said it
        out["retry"] = retry
    if error.retry_after is not None:
        out["wait"] = error.retry_after
    return with_extra(out, error) if at_home else out


class AcmeError(BaseModel):
    """Acme's wire shape, exactly."""

    model_config = ConfigDict(extra="allow")
    error: StrictStr
    detail: StrictStr
    retry: StrictBool | None = None
    wait: float | None = None

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(exclude_unset=True)


def parse_model(wire: object, *, strict: bool = False) -> AcmeError:
    """The models module's ``parse``, as `toolerrors.convert` and ``assert_shape`` call it."""
    model = AcmeError.model_validate(wire)
    if strict and (model.model_extra or model.error not in ACME_CODES):
        raise ShapeError("not a documented Acme error")
    return model


ACME_MODELS = types.ModuleType("acme_models")
"""Acme's models module, as `Source.models` names it: the model and its ``parse``."""
ACME_MODELS.AcmeError = AcmeError  # type: ignore[attr-defined]
ACME_MODELS.parse = parse_model  # type: ignore[attr-defined]


def _a_code(d: dict[str, Any]) -> bool:
    return d["error"].isalpha() and d["error"].isupper()


ACME = Source(
    name="acme",
    title="Acme",
    codes=ACME_CODES,
    shapes=(ACME_SHAPE,),
    rows=_acme_rows(),
    # Acme's errors have a detail where use_tool's have a message, and no code (a body's
    # {"code": 403, "error": "Forbidden", "detail": ...}, Speechmatics', is no one's).
    claims=(
        Claim(
            315,
            "error",
            read_acme,
            "Acme's",
            is_a=str,
            needs=("detail",),
            # its own mark: one word in capitals; Honeycomb's "error" is a sentence, and
            # Baserow's {"error": "ERROR_TOKEN_DOES_NOT_EXIST", "detail"} no Acme code
            when=_a_code,
            refuses=("message", "code"),
        ),
    ),
    write=write_acme,
    models="acme_models",
    example=lambda row, message: {
        "error": row.code,
        "detail": message,
        "retry": bool(row.retryable),
    },
)


@pytest.fixture
def acme(monkeypatch: pytest.MonkeyPatch) -> Iterator[Source]:
    monkeypatch.setitem(sys.modules, "acme_models", ACME_MODELS)
    register(ACME)
    try:
        yield ACME
    finally:
        unregister("acme")


JAMMED = {"error": "JAMMED", "detail": "The printer is jammed.", "retry": True, "wait": 5}


def test_a_fourth_source_reads_through_parse_and_error_of(acme: Source) -> None:
    """Once registered, Acme's errors read as Acme's, and use_tool's still as use_tool's."""
    error = parse(JAMMED)
    assert (error.kind, error.vendor, error.code, error.retryable, error.retry_after) == (
        ErrorKind.UNAVAILABLE, "acme", "JAMMED", True, 5,
    )  # fmt: skip
    assert toolerrors.error_of({"content": [], "structuredContent": JAMMED}) == error
    shared = parse({"error": "JAMMED", "message": "x"})  # none of use_tool's codes: no one's
    assert (shared.vendor, shared.kind) == (None, ErrorKind.UNKNOWN)
    with pytest.raises(
        ShapeError,
        match=r"unknown error 'TEAPOT'; expected one of 'BAD', 'BUSY', 'JAMMED', 'LOCKED', 'MISSING'$",
    ) as caught:
        parse({"error": "TEAPOT", "detail": "x"}, strict=True)
    assert caught.value.where == "/error"
    with pytest.raises(ShapeError, match="unknown field"):
        parse({**JAMMED, "x": 1}, strict=True)


def _read_all(bodies: list[Any]) -> list[object]:
    """How each body reads: its error, or where parse says it is wrong (not the words,
    which list the sources registered)."""
    found: list[object] = []
    for body in bodies:
        try:
            found.append(parse(body).to_dict())
        except ShapeError as exc:
            found.append(("refused at", exc.where))
    return found


def test_a_new_source_on_a_shared_anchor_changes_no_real_payload() -> None:
    """Every real payload in the corpus reads the same before and after a source joins
    on the ``error`` anchor that seven built-in sources share, and after it leaves."""
    bodies = _corpus_bodies()
    before = _read_all(bodies)
    register(ACME)
    try:
        during = _read_all(bodies)
    finally:
        unregister("acme")
    assert during == before == _read_all(bodies)
    assert len(bodies) >= 100


def test_a_fourth_source_converts_both_ways_and_round_trips(acme: Source) -> None:
    """Acme to Pythe and back, and Acme to itself unchanged, unknown fields included."""
    to_pythe = convert(JAMMED, "pythe")
    assert to_pythe == {
        "ok": False,
        "code": "http_5xx",
        "message": "The printer is jammed.",
        "retryable": True,
        "how_to_fix": "Try again later, or say so.",
    }
    assert convert(to_pythe, "acme") == {  # type: ignore[arg-type]
        "error": "JAMMED",
        "detail": "The printer is jammed.",
        "retry": True,
    }
    kept = {**JAMMED, "ticket": {"id": 7}}
    assert convert(kept, "acme") == kept  # type: ignore[arg-type]
    assert parse(kept).to("acme").to_wire() == kept  # type: ignore[arg-type]
    refused = convert(
        {"refused": render(Outcome.STOP, "Ana", Reason.SENSITIVE_DATA.value)},
        "acme",  # type: ignore[arg-type]
    )
    assert refused["error"] == "BAD" and refused["retry"] is False


def test_a_fourth_source_gets_factories_strategies_and_the_cli(
    acme: Source, capsys: pytest.CaptureFixture[str]
) -> None:
    """The testing factories, the strategies and the CLI's targets come from the registry."""
    assert payload("acme", "BUSY") == {"error": "BUSY", "detail": "Busy.", "retry": True}
    cases = dict(every_payload("acme"))
    assert list(cases) == [f"acme-{code}" for code in ACME_CODES]
    for wire in cases.values():
        assert_shape(wire, "acme")  # type: ignore[arg-type]
        assert_error(wire, vendor="acme")

    @settings(max_examples=50, deadline=None)
    @given(error_payloads("acme"))
    def reads(wire: dict[str, Any]) -> None:
        assert parse(wire).vendor == "acme"
        assert convert(wire, "acme") == wire  # type: ignore[arg-type]

    @settings(max_examples=50, deadline=None)
    @given(near_misses("acme"))
    def misses(wire: dict[str, Any]) -> None:
        with pytest.raises(ShapeError):
            parse(wire, strict=True)

    reads()
    misses()
    from toolerrors._cli import main

    assert main(["kinds"]) == 0
    assert capsys.readouterr().out.splitlines()[0].split()[-1] == "acme"


def test_unregistering_leaves_the_built_in_sources_as_they_were(acme: Source) -> None:
    """Without Acme, its payload is a broken use_tool error again."""
    unregister("acme")
    try:
        with pytest.raises(ShapeError, match="missing required field 'message'"):
            parse({"error": "JAMMED", "detail": "x"}, strict=True)
        assert "acme" not in registered()
    finally:
        register(ACME)


def test_register_refuses_an_incomplete_source() -> None:
    """A source must write every kind, use a free name, and keep its rows its own."""
    with pytest.raises(ValueError, match="no row writes"):
        register(ACME._replace(name="half", rows=()))
    with pytest.raises(ValueError, match="already registered"):
        register(ACME._replace(name="pythe"))
    with pytest.raises(ValueError, match="a row of 'acme'"):
        register(ACME._replace(name="other"))
    with pytest.raises(ValueError, match="built in"):
        unregister("pythe")
    twice = (*ACME.rows, Row("acme", "JAMMED", ErrorKind.UNAVAILABLE, True, writes=True))
    with pytest.raises(ValueError, match="more than one row writes unavailable"):
        register(ACME._replace(rows=twice))
    with pytest.raises(ValueError, match="taken by RFC 9457 problem details"):
        register(ACME._replace(name="problem"))


def test_register_refuses_a_reader_that_forgets_its_rows_retry_advice() -> None:
    """A source with no retry field whose reader leaves retry advice unknown where its
    row gives it (a rate limit never retried) is refused at registration, and is not
    left registered."""

    def forgetful(d: Mapping[str, Any], strict: bool, where: str) -> toolerrors.UnifiedError:
        return replace(read_acme(d, strict, where), retryable=None)

    fields = tuple(spec for spec in ACME_SHAPE.fields if spec.fills != "retryable")
    shape = Shape(ACME_SHAPE.name, fields, model=ACME_SHAPE.model)
    claim = ACME.claims[0]._replace(reader=forgetful)
    with pytest.raises(ValueError, match="retry advice not known") as refused:
        register(ACME._replace(shapes=(shape,), claims=(claim,)))
    assert str(refused.value) == (
        "source 'acme': its reader reads 'JAMMED' with retry advice not known, where its"
        " row says True: pass the row's retryable where its payloads say none, or make"
        " the row's retryable None"
    )
    assert "acme" not in registered()
    assert parse({"error": "JAMMED", "detail": "d"}).vendor is None


def test_register_refuses_a_reader_that_reads_only_an_optional_retry_field() -> None:
    """With a retry field its payloads may leave out, a reader that reads advice only
    from it leaves a rate limit sent without it never retried: refused, naming the
    field."""

    def field_only(d: Mapping[str, Any], strict: bool, where: str) -> toolerrors.UnifiedError:
        return replace(read_acme(d, strict, where), retryable=d.get("retry"))

    claim = ACME.claims[0]._replace(reader=field_only)
    with pytest.raises(ValueError, match="retry advice not known") as refused:
        register(ACME._replace(claims=(claim,)))
    assert str(refused.value) == (
        "source 'acme': its reader reads 'JAMMED' with retry advice not known, where its"
        " row says True: pass the row's retryable where its payloads without retry say"
        " none, or make the row's retryable None"
    )
    assert "acme" not in registered()


def _read_acme_sdk(exc: BaseException) -> toolerrors.UnifiedError:
    return make(ErrorKind.UNAVAILABLE, str(exc), retryable=True, vendor="acme", code="JAMMED")


def test_register_refuses_an_exception_named_without_its_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A class name alone (``APIError``) would take OpenAI's and Anthropic's exceptions
    too: `register` refuses it, naming the fix, and registers nothing."""
    monkeypatch.setitem(sys.modules, "acme_models", ACME_MODELS)
    try:
        with pytest.raises(ValueError, match="must be named with its module") as raised:
            register(ACME._replace(exceptions={"APIError": _read_acme_sdk}))
    finally:
        taken = "acme" in registered()
        if taken:
            unregister("acme")
    assert not taken
    assert str(raised.value) == (
        "source 'acme': exception 'APIError' must be named with its module"
        " ('your_sdk.APIError'): a class name alone would take every SDK's APIError"
    )


def test_register_refuses_an_exception_another_source_reads() -> None:
    """Two sources reading one SDK's exception would be a silent tie: refused."""
    with pytest.raises(ValueError, match="already") as raised:
        register(ACME._replace(exceptions={"botocore.exceptions.ClientError": _read_acme_sdk}))
    assert str(raised.value) == (
        "source 'acme': exception 'botocore.exceptions.ClientError' is read by 'aws' already"
    )


def test_an_exception_named_with_its_module_is_that_sdk_s_alone(acme: Source) -> None:
    """``acme_sdk.APIError`` reads Acme's ``APIError`` (kept in a module below the
    package) and its subclasses; OpenAI's and Anthropic's ``APIError`` read as before,
    and another package's class of the name is not Acme's."""
    openai = pytest.importorskip("openai")
    anthropic = pytest.importorskip("anthropic")
    import httpx

    request = httpx.Request("POST", "https://api.example/v1/messages")
    inner = {"type": "invalid_request_error", "param": None, "code": "context_length_exceeded"}
    theirs = [
        openai.APIError("too long", request, body={"message": "too long", **inner}),
        anthropic.APIError(
            "later",
            request,
            body={"type": "error", "error": {"type": "overloaded_error", "message": "later"}},
        ),
    ]
    before = [from_exception(exc) for exc in theirs]
    assert [error.vendor for error in before] == ["openai", "anthropic"]
    unregister("acme")
    register(ACME._replace(exceptions={"acme_sdk.APIError": _read_acme_sdk}))
    api_error = type("APIError", (Exception,), {"__module__": "acme_sdk._exceptions"})
    timeout = type("Timeout", (api_error,), {"__module__": "acme_sdk"})
    elsewhere = type("APIError", (Exception,), {"__module__": "acme_sdk_extra"})
    jammed = make(ErrorKind.UNAVAILABLE, "jammed", retryable=True, vendor="acme", code="JAMMED")
    assert from_exception(api_error("jammed")) == from_exception(timeout("jammed")) == jammed
    other = from_exception(elsewhere("jammed"))
    assert (other.kind, other.vendor) == (ErrorKind.UNKNOWN, "python")
    assert [from_exception(exc) for exc in theirs] == before


def test_the_rank_table_in_the_docs_is_the_registrys() -> None:
    """ "Adding a source" lists every built-in claim, with its rank, anchor and source."""
    text = (ROOT / "docs" / "sources.md").read_text("utf-8")
    documented = set()
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 4 and cells[0][:1].isdigit():
            ranks = [int(rank) for rank in cells[0].split(", ")]
            anchors = [anchor.strip("`") for anchor in cells[1].split(", ")]
            owner = "words" if cells[2] == "(none)" else cells[2]
            documented |= {
                (rank, anchor, owner) for rank, anchor in zip(ranks, anchors, strict=True)
            }
    registered = {(c.rank, c.anchor, _source.OWNERS[id(c)]) for c in _source.CLAIMS}
    assert documented == registered


def _corpus_bodies() -> list[Any]:
    import json

    return [
        json.loads(path.read_text("utf-8"))["body"]
        for path in sorted((ROOT / "tests" / "corpus").rglob("*.json"))
    ]


def _compiled() -> Callable[[Mapping[str, Any], bool], Any]:
    """The dispatcher as compiled for the claims registered now."""
    return compile_dispatcher(_source.CLAIMS)


def test_one_dispatcher_answers_however_many_payloads_were_seen() -> None:
    """`classify` is one function, compiled from the claims once on first use after they
    change, whatever the count of payloads it has classified."""
    registry._settle()
    classify = _source.classify
    payload = {"error": "not_found", "message": "m"}
    compiled = []
    real = registry.compile_dispatcher

    def counting(claims: Any) -> Any:
        compiled.append(len(claims))
        return real(claims)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "compile_dispatcher", counting)
        readers = {classify(payload, True) for _ in range(300)}
    assert compiled == [len(_source.CLAIMS)]
    assert _source.classify is classify is registry.classify
    assert readers == {registry._classify(payload, True)}


def test_the_dispatcher_shows_its_lines_in_a_traceback() -> None:
    """The written dispatcher runs under a file name of its own with a linecache entry,
    so a traceback through it shows the line that asked the claim."""
    import traceback

    def broken(d: Mapping[str, Any]) -> bool:
        raise RuntimeError("broken test")

    claim = Claim(1, "anchor", "a sentence", "a test that raises", when=broken)
    try:
        compile_dispatcher([claim])({"anchor": 1}, True)
    except RuntimeError as exc:
        frames = traceback.extract_tb(exc.__traceback__)
    assert frames[1].filename.startswith("<toolerrors dispatcher ")
    assert frames[1].name == "dispatch"
    assert frames[1].line == "if when0(d):"


@settings(max_examples=500)
@given(
    st.one_of(
        error_payloads(),
        near_misses(),
        st.sampled_from(_corpus_bodies()),
        st.dictionaries(
            st.sampled_from(sorted(_source.ANCHORS | {"message", "type", "param", "status"})),
            json_values(max_leaves=6),
            max_size=5,
        ),
    ),
    st.booleans(),
)
def test_the_compiled_dispatcher_is_the_loop_over_the_claims(payload: Any, need: bool) -> None:
    """The dispatcher compiled from the claims answers as the loop over them does: the
    same reader, the same sentence, or nothing."""
    assume(type(payload) is dict)  # an array-wrapped body is unwrapped before dispatch
    expected = registry._classify(payload, need)
    found = _compiled()(payload, need)
    assert found is expected or (isinstance(found, str) and found == expected)


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        (
            {"anchor": "errors", "is_a": list, "needs": ("errors/type",)},
            "claim 1 on 'errors': 'errors/type' is a key inside an object, so the claim must"
            " be on 'errors' with is_a=dict",
        ),
        (
            {"anchor": "error", "is_a": dict, "texts": ("data/type",)},
            "claim 1 on 'error': 'data/type' is a key inside an object, so the claim must be"
            " on 'data' with is_a=dict",
        ),
        (
            {"anchor": "error", "one_of": frozenset({"x"})},
            "claim 1 on 'error': one_of needs is_a, the type its values have",
        ),
    ],
)
def test_a_claim_on_keys_inside_its_anchor_needs_an_object(
    options: dict[str, Any], problem: str
) -> None:
    """A key inside the anchor's value is an object's: a claim that does not say its
    anchor is one, or names a key inside another, is refused, as is a value list with no
    type to test first (a list is no set member)."""
    claim = Claim(1, reader=read_acme, takes="", **options)
    assert claim.problem() == problem
    with pytest.raises(ValueError, match=f"^source 'acme': {re.escape(problem)}$"):
        register(ACME._replace(claims=(claim,)))
    assert "acme" not in registered()


@pytest.mark.parametrize(
    ("rank", "problem"),
    [
        (250, "rank 250 (its claim on 'error') is taken by the claim of 'stripe' on"
              " 'error'; the nearest free ranks are 249 and 251"),
        (310, "rank 310 (its claim on 'error') is taken by the claim of 'words' on"
              " 'status'; the nearest free ranks are 309 and 313"),
        (100, "rank 100 (its claim on 'error') is taken by the claim of 'sqlstate' on"
              " 'sqlstate'; the nearest free ranks are 99 and 102"),
    ],
)  # fmt: skip
def test_register_refuses_a_rank_another_claim_has(acme: Source, rank: int, problem: str) -> None:
    """Two claims with one rank, on one anchor or two, would be asked in import order:
    refused, naming whose the rank is and the nearest ranks no claim has."""
    tie = ACME.claims[0]._replace(rank=rank)
    unregister("acme")
    try:
        with pytest.raises(ValueError, match=f"^source 'acme': {re.escape(problem)}$"):
            register(ACME._replace(claims=(tie,)))
        assert "acme" not in registered()
    finally:
        register(ACME)


def test_register_refuses_a_rank_its_own_claims_share(acme: Source) -> None:
    """A source's two claims with one rank are refused as a claim of another source's is."""
    unregister("acme")
    try:
        twice = (ACME.claims[0], ACME.claims[0]._replace(anchor="detail"))
        problem = (
            "source 'acme': rank 315 (its claim on 'detail') is taken by the claim of 'acme'"
            " on 'error'; the nearest free ranks are 314 and 316"
        )
        with pytest.raises(ValueError, match=f"^{re.escape(problem)}$"):
            register(ACME._replace(claims=twice))
        assert "acme" not in registered()
    finally:
        register(ACME)


# The order the built-in claims were asked in when ranks were unique only on an anchor,
# and ties across anchors fell to import order: the ranks that settled it keep it.
BUILT_IN_ORDER = [
    ("jsonrpc", "jsonrpc"),
    ("jsonrpc", "jsonrpc"),
    ("jsonrpc", "jsonrpc"),
    ("jsonrpc", "jsonrpc"),
    ("sqlstate", "sqlstate"),
    ("use_tool", "not_done_yet"),
    ("use_tool", "refused"),
    ("slack", "ok"),
    ("telegram", "ok"),
    ("pythe", "ok"),
    ("pythe", "ok"),
    ("cloudflare", "success"),
    ("dropbox", "error_summary"),
    ("notion", "object"),
    ("google", "error"),
    ("pythe", "ok"),
    ("words", "error"),
    ("salesforce", "errorCode"),
    ("salesforce", "exceptionCode"),
    ("words", "name"),  # a JavaScript error serialized (TypeORM's, Mongoose's)
    ("words", "errorCode"),
    ("words", "@type"),
    ("words", "type"),  # type: "error" with a code and a description (YooKassa's)
    ("words", "stack"),  # a JavaScript Error serialized (Expo's)
    ("words", "exception"),  # an exception named beside its message (Moodle's, Laravel's)
    ("anthropic", "error"),
    ("stripe", "error"),
    ("openai", "error"),
    ("msgraph", "error"),
    ("oauth", "error"),
    ("oauth", "error"),
    ("twilio", "more_info"),
    ("oauth", "error"),
    ("words", "status"),
    ("words", "statusCode"),
    ("jira", "errorMessages"),
    ("use_tool", "error"),
    ("use_tool", "error"),
    ("kubernetes", "kind"),
    ("aws", "__type"),
    ("aws", "__type"),
    ("pythe", "ok"),
    ("jsonapi", "jsonapi"),
    ("github", "documentation_url"),
    ("jsonapi", "errors"),
    ("github", "errors"),
    ("graphql", "errors"),
    ("msgraph", "responses"),
    ("words", "errors"),
    ("words", "errors"),  # a list of coded error objects (Square's)
    ("words", "errors"),
    ("words", "errors"),  # a text (Shopify's REST Admin API's)
    ("words", "errors"),  # a list of worded error objects (Greenhouse's)
    ("words", "errors"),  # an errors object (Modern Treasury's)
    ("words", "errors"),  # errors by field (Rails', Laravel's)
    ("problem", "title"),
    ("problem", "detail"),
    ("discord", "code"),
    ("discord", "global"),
    ("postgrest", "hint"),
    ("unified", "hint"),
    ("configure", "code"),
    ("google", "code"),
    ("jsonrpc", "code"),
    ("msgraph", "code"),
    ("openai", "param"),
    ("words", "object"),
    ("words", "status"),
    ("words", "code"),
    ("words", "err-msg"),
    ("words", "status_code"),
    ("words", "result"),  # JSend's status as result (Zulip's)
    ("words", "message"),  # Etherscan's NOTOK
    ("words", "status"),  # an error status and a message (Azure MCP's)
    ("words", "error_status"),  # ipgeolocation.io's {error_status, error_message}
    ("words", "error_info"),  # Phabricator's Conduit {result: null, error_code, error_info}
    ("words", "statusDescription"),  # ClouDNS' {status: "Failed", statusDescription}
    ("words", "msg"),
    ("words", "code"),  # {code, message, data} (SiliconFlow's)
    ("words", "code"),  # {code, message} when asked for an error (Alpaca's)
    ("words", "label"),  # Gate.io's {label, message}
    ("configure", "deleted"),
    ("words", "text"),
    ("configure", "code"),
    ("words", "error_code"),  # a text error_code and message (Databricks')
    ("words", "stat"),
    ("words", "errcode"),
    ("words", "ocs"),
    ("words", "ret_code"),
    ("words", "code"),
    ("words", "error_code"),  # Baidu's {error_code, error_msg}
    ("words", "status"),
    ("words", "Response"),
    ("words", "Error"),
    ("words", "meta"),
    ("words", "Code"),  # Alibaba Cloud's {Code, Message, RequestId}
    ("words", "data"),
    ("words", "Status"),  # Status Fail and Message (Apache Doris')
    ("words", "details"),  # a message and its details (Portainer's)
    ("words", "detail"),
    ("use_tool", "not_done_yet"),
    ("words", "detail"),
    ("words", "success"),
    ("words", "message"),  # a typed error's message (Cashfree's)
    ("words", "resourceType"),
    ("words", "message"),
    ("use_tool", "refused"),
    ("words", "detail"),
]


def test_the_built_in_claims_are_asked_in_their_order() -> None:
    """Every claim has a rank of its own, and the built-in claims are asked in the order
    they always were."""
    ranks = [claim.rank for claim in _source.CLAIMS]
    assert len(set(ranks)) == len(ranks)
    owners = {owner for owner, _ in BUILT_IN_ORDER}  # a source added since goes anywhere
    claims = [(_source.OWNERS[id(c)], c.anchor) for c in _source.CLAIMS]
    assert [claim for claim in claims if claim[0] in owners] == BUILT_IN_ORDER


def test_a_row_read_with_a_status_decides_in_from_http(monkeypatch: pytest.MonkeyPatch) -> None:
    """A source's row bound to an HTTP status reads a response with that status, as
    Configure's structured 404 does; the status is known only while the source is."""
    from toolerrors._table import BOUND

    locked = Row("acme", "LOCKED", ErrorKind.CONFLICT, False, 423, meaning="Held by another task.",
                 when_status=423)  # fmt: skip
    monkeypatch.setitem(sys.modules, "acme_models", ACME_MODELS)
    register(ACME._replace(rows=(*ACME.rows, locked)))
    try:
        assert 423 in BOUND
        body = {"error": "LOCKED", "detail": "Someone else holds it."}
        assert parse(body).kind is ErrorKind.PERMISSION_DENIED
        read = toolerrors.from_http(423, {}, body)
        assert (read.kind, read.status_code, read.code) == (ErrorKind.CONFLICT, 423, "LOCKED")
        assert toolerrors.from_http(403, {}, body).kind is ErrorKind.PERMISSION_DENIED
    finally:
        unregister("acme")
    assert 423 not in BOUND


@pytest.mark.parametrize("name", ["unified", "words", "problem", "mcp", "http", "python"])
def test_register_refuses_a_name_the_package_reads_by(name: str) -> None:
    """A name the package's own claims and readers go by is taken: registering it is
    refused, so that unregistering it could never remove a built-in claim (after which a
    refusal in ``UnifiedError.to_dict()`` form would read as a success)."""
    from toolerrors import UnifiedError

    with pytest.raises(ValueError, match="the name is taken by"):
        register(ACME._replace(name=name))
    with pytest.raises(ValueError, match=f"no source {name!r} is registered"):
        unregister(name)
    refusal = UnifiedError(ErrorKind.REFUSED, "No.").to_dict()
    assert toolerrors.error_of(refusal) is not None


def test_unregister_removes_only_the_claims_its_source_registered(acme: Source) -> None:
    """Unregistering a source takes away its own claims and nothing else."""
    before = [(c.rank, c.anchor, _source.OWNERS[id(c)]) for c in _source.CLAIMS]
    unregister("acme")
    try:
        after = [(c.rank, c.anchor, _source.OWNERS[id(c)]) for c in _source.CLAIMS]
        assert after == [claim for claim in before if claim[2] != "acme"]
        assert len(before) - len(after) == len(ACME.claims)
    finally:
        register(ACME)


# The one checker every reader holds its payloads to.

NESTED = Shape(
    "nested",
    (
        Field("ok", (bool,), required=True, const=False),
        Field("error", (dict,), required=True, fields=(
            Field("code", (str,), required=True, fills="code"),
            Field("wait", (int, float), fills="retry_after", seconds=True),
        )),
        Field("note", (str,)),
    ),
    model="Nested",
)  # fmt: skip


@pytest.mark.parametrize(
    ("payload", "where", "problem"),
    [
        ({"error": {"code": "x"}}, "", "missing required field 'ok'"),
        ({"ok": True, "error": {"code": "x"}}, "/ok", "expected false, got boolean"),
        ({"ok": None, "error": {"code": "x"}}, "/ok", "expected false, got null"),
        ({"ok": False, "error": None}, "/error", "expected an object, got null"),
        ({"ok": False, "error": "x"}, "/error", "expected an object, got string"),
        ({"ok": False, "error": {}}, "/error", "missing required field 'code'"),
        ({"ok": False, "error": {"code": 1}}, "/error/code", "expected a string, got number"),
        (
            {"ok": False, "error": {"code": "x", "wait": -1}},
            "/error/wait",
            "expected a number of seconds (not negative, at most 31536000), got number",
        ),
        (
            {"ok": False, "error": {"code": "x", "wait": True}},
            "/error/wait",
            "expected a number of seconds (not negative, at most 31536000), got boolean",
        ),
        (
            {"ok": False, "error": {"code": "x"}, "note": 3},
            "/note",
            "expected a string, got number",
        ),
        # the first wrong field in the shape's order, whichever the payload lists first
        ({"note": 3, "ok": True, "error": {"code": "x"}}, "/ok", "expected false, got boolean"),
    ],
)
def test_check_names_the_first_wrong_field_and_where(
    payload: dict[str, Any], where: str, problem: str
) -> None:
    """`check` says what is wrong with the first field, in the shape's order, at its path."""
    for strict in (False, True):
        with pytest.raises(ShapeError) as caught:
            check(NESTED, payload, strict, "")
        assert (caught.value.where, caught.value.problem) == (where, problem)


def test_check_takes_null_as_absent_and_refuses_unknown_fields_only_when_strict() -> None:
    """An optional field may be null; a field the shape does not name, at any depth, is
    refused under strict reading and passed over otherwise."""
    check(NESTED, {"ok": False, "error": {"code": "x", "wait": None}, "note": None}, True, "")
    check(NESTED, {"ok": False, "error": {"code": "x", "wait": 2.5}}, True, "/p")
    for wire, where in (
        ({"ok": False, "error": {"code": "x"}, "more": 1}, "/p"),
        ({"ok": False, "error": {"code": "x", "more": 1}}, "/p/error"),
    ):
        check(NESTED, wire, False, "/p")
        with pytest.raises(ShapeError) as caught:
            check(NESTED, wire, True, "/p")
        assert (caught.value.where, caught.value.problem) == (where, "unknown field(s) 'more'")


@pytest.mark.parametrize("types", [(object,), (str, type(None))])
def test_check_wants_a_required_field_that_may_be_null_only_when_strict(
    types: tuple[type, ...],
) -> None:
    """A required field whose values include null (OpenAI's ``param`` and ``code``) must
    be there under strict reading, as the vendor's schema says; lenient reading takes its
    absence as null.  A null one is there under both."""
    shape = Shape("toy", (Field("message", (str,), required=True), Field("param", types, required=True)), model="Toy")  # fmt: skip
    check(shape, {"message": "m"}, False, "/p")
    check(shape, {"message": "m", "param": None}, True, "/p")
    with pytest.raises(ShapeError) as caught:
        check(shape, {"message": "m"}, True, "/p")
    assert (caught.value.where, caught.value.problem) == ("/p", "missing required field 'param'")
    with pytest.raises(ShapeError) as caught:
        check(shape, {"param": None}, False, "/p")
    assert caught.value.problem == "missing required field 'message'"


def test_check_refuses_a_value_a_closed_field_does_not_list_only_when_strict() -> None:
    """A closed field holds one of its values under strict reading, at any depth, and
    the error names the value, where it is and the values it may be (the first 16 of
    many); a number is listed as its text, as a row's code is; lenient reading takes any
    value, and a value of the wrong type is refused for its type alone."""
    inner = (Field("code", (int,), required=True, closed=frozenset({"-32601", "-32603"})),)
    shape = Shape(
        "toy",
        (
            Field("kind", (str,), required=True, closed=frozenset({"b", "a"})),
            Field("many", (str,), closed=frozenset(f"c{n:02}" for n in range(20))),
            Field("error", (dict,), fields=inner),
        ),
        model="Toy",
    )
    fine = {"kind": "a", "many": "c19", "error": {"code": -32603}}
    check(shape, fine, True, "/p")
    for wire, where, problem in (
        ({**fine, "kind": "c"}, "/p/kind", "unknown kind 'c'; expected one of 'a', 'b'"),
        ({**fine, "error": {"code": 7}}, "/p/error/code", "unknown code 7; expected one of '-32601', '-32603'"),
        (
            {**fine, "many": "d"},
            "/p/many",
            "unknown many 'd'; expected one of the 20 it lists ('c00', 'c01', 'c02', 'c03',"
            " 'c04', 'c05', 'c06', 'c07', 'c08', 'c09', 'c10', 'c11', 'c12', 'c13', 'c14',"
            " 'c15', ...)",
        ),
    ):  # fmt: skip
        check(shape, wire, False, "/p")
        with pytest.raises(ShapeError) as caught:
            check(shape, wire, True, "/p")
        assert (caught.value.where, caught.value.problem) == (where, problem)
        assert [(found.where, found.problem) for found in problems(shape, wire, True, "/p")] == [
            (where, problem)
        ]
    wrong = {**fine, "kind": 5}
    assert [(found.where, found.problem) for found in problems(shape, wrong, True, "")] == [
        ("/kind", "expected a string, got number")
    ]


@pytest.mark.parametrize(
    ("wire", "where"),
    [
        pytest.param(
            {"error": {"type": "card_error", "code": "brand_new", "message": "m"}},
            "/error/code",
            id="stripe-code-beside-a-known-type",
        ),
        pytest.param(
            {"error": {"code": "brandNew", "message": "m", "innerError": {"code": "itemNotFound"}}},
            "/error/code",
            id="msgraph-code-above-a-known-inner-code",
        ),
        pytest.param(
            {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "", "code": 404},
            "/reason",
            id="kubernetes-empty-reason",
        ),
    ],
)
def test_strict_reading_refuses_a_code_the_source_does_not_list_as_its_model_does(
    wire: dict[str, Any], where: str
) -> None:
    """The code field a source declares closed decides, for its reader as for its model:
    a known type or inner code beside an unknown code does not make it known."""
    error = parse(wire)
    *path, name = where.split("/")[1:]
    said = wire
    for key in path:
        said = said[key]
    with pytest.raises(ShapeError) as caught:
        parse(wire, strict=True)
    assert (caught.value.where, caught.value.problem.partition(";")[0]) == (
        where,
        f"unknown {name} {said[name]!r}",
    )
    with pytest.raises(ShapeError) as caught:  # at the field, in the object the model holds
        registered()[error.vendor or ""].models_of().parse(wire, strict=True)
    assert caught.value.where == f"/{name}"


TOY = """
import json, runpy, sys, warnings
import toolerrors
from hypothesis import HealthCheck, find, settings
from toolerrors import ErrorKind, convert, parse
from toolerrors.sources import registered
from toolerrors.strategies import error_payloads
from toolerrors.testing import assert_shape, payload

assert toolerrors.__file__.startswith(sys.argv[1]), toolerrors.__file__
error = parse({"error": "JAMMED", "detail": "Jammed.", "wait": 5})
out = {
    "vendors": list(toolerrors.VENDORS),
    "read": [error.vendor, error.kind.value, error.retryable, error.retry_after],
    "to pythe": convert(error, "pythe")["code"],
    "back": convert(convert(error, "pythe"), "acme"),
    "factory": payload("acme", "MISSING"),
    "model": type(assert_shape(payload("acme", "BAD"), "acme")).__name__,
    "drawn": find(error_payloads("acme"), lambda wire: True, settings=settings(
        database=None, suppress_health_check=list(HealthCheck))) is not None,
}
docs = runpy.run_path(sys.argv[2])
out["rows page"] = "| `JAMMED` | `unavailable` |" in docs["render_rows"](registered()["acme"])
out["ranks"] = "| 315 | `error` | acme |" in docs["render_ranks"]()
out["mapping"] = "acme" in docs["render_mapping"]()
print(json.dumps(out))
"""


def test_a_built_in_source_is_one_file(tmp_path: Path) -> None:
    """A copy of the package with one more file in its folder of built-in sources reads,
    writes, makes, draws and documents that source, with no other edit."""
    import json
    import shutil
    import subprocess

    package = Path(toolerrors.__file__).parent
    shutil.copytree(package, tmp_path / "toolerrors", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "tests" / "toy" / "acme.py", tmp_path / "toolerrors" / "_builtin")
    ran = subprocess.run(
        [sys.executable, "-c", TOY, str(tmp_path), str(ROOT / "scripts" / "gen_docs.py")],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == {
        "vendors": sorted([*toolerrors.VENDORS, "acme"]),
        "read": ["acme", "unavailable", None, 5],
        "to pythe": "http_5xx",
        "back": {"error": "JAMMED", "detail": "Jammed.", "retry": False},
        "factory": {"error": "MISSING", "detail": "No task."},
        "model": "AcmeError",
        "drawn": True,
        "rows page": True,
        "ranks": True,
        "mapping": True,
    }


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("X = 1\n", "toolerrors._builtin.acme must declare SOURCE, a Source named 'acme'"),
        (
            "from .use_tool import SOURCE as USE_TOOL\nSOURCE = USE_TOOL._replace(name='other')\n",
            "toolerrors._builtin.acme must declare SOURCE, a Source named 'acme'",
        ),
    ],
    ids=["no SOURCE", "another name"],
)
def test_a_built_in_module_that_declares_no_source_of_its_name_is_refused(
    tmp_path: Path, text: str, said: str
) -> None:
    """A module in the folder of built-in sources without its ``SOURCE`` stops the
    import, naming the module, rather than leaving a vendor no source reads."""
    import shutil
    import subprocess

    package = Path(toolerrors.__file__).parent
    shutil.copytree(package, tmp_path / "toolerrors", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "toolerrors" / "_builtin" / "acme.py").write_text(text, "utf-8")
    ran = subprocess.run(
        [sys.executable, "-c", "import toolerrors"],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 1
    assert ran.stderr.strip().splitlines()[-1] == f"ImportError: {said}"


@pytest.mark.parametrize(
    ("payload", "vendor", "kind"),
    [
        ({"error": "not_found", "message": "No such file."}, "use_tool", ErrorKind.NOT_FOUND),
        ({"error": "teapot", "message": "Short and stout."}, None, ErrorKind.UNKNOWN),
        ({"error": "invalid_grant"}, "oauth", ErrorKind.UNAUTHENTICATED),
        ({"error": "invalid_client", "message": "Client authentication failed."}, "oauth",
         ErrorKind.UNAUTHENTICATED),
        ({"error": "teapot", "error_description": "Short and stout."}, "oauth", ErrorKind.UNKNOWN),
        ({"code": -32601, "message": "Method not found"}, "jsonrpc", ErrorKind.UNSUPPORTED),
        ({"code": "NOT_FOUND", "message": "Gone."}, "configure", ErrorKind.NOT_FOUND),
        ({"code": 404, "message": "Gone."}, None, ErrorKind.NOT_FOUND),
        ({"code": 5, "message": "Gone."}, None, None),
    ],
    ids=["use_tool", "use_tool-unknown", "oauth-bare", "oauth-with-message",
         "oauth-description", "jsonrpc", "configure", "http-status-code", "positive-int-code"],
)  # fmt: skip
def test_shared_keys_are_told_apart_by_the_whole_shape(
    payload: dict[str, object], vendor: str | None, kind: ErrorKind | None
) -> None:
    """use_tool and OAuth share ``error``; Configure and JSON-RPC share ``code``; an
    ``error`` none of use_tool's codes, or an HTTP status as ``code``, names no system."""
    if kind is None:  # a positive integer code is neither JSON-RPC's nor Configure's
        with pytest.raises(ShapeError, match="/code: expected a string, got number"):
            parse(payload)
        assert error_of(payload) is None
        return
    error = parse(payload)
    assert (error.vendor, error.kind) == (vendor, kind)
