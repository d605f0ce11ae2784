"""Bad input, limits, pickling and threads: toolerrors must never be the second failure."""

from __future__ import annotations

import contextlib
import copy
import importlib
import inspect
import json
import pickle
import pkgutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toolerrors
from toolerrors import (
    ErrorKind,
    ShapeError,
    UnifiedError,
    configure,
    convert,
    error_of,
    parse,
    pythe,
)
from toolerrors._read import TARGETS
from toolerrors.configure import ConfigureError
from toolerrors.strategies import json_values, near_misses
from toolerrors.testing import UnexpectedCall, every_payload

if TYPE_CHECKING:
    from collections.abc import Iterator

FUZZ = settings(max_examples=1000, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
"""A thousand examples a strategy; the deadline (2 s an example) only guards against hangs,
the speed itself is measured by benchmarks/run.py."""


def _parse_or_shape_error(value: object, strict: bool = False) -> UnifiedError | None:
    try:
        return parse(value, strict=strict)
    except ShapeError:
        return None


@FUZZ
@given(json_values(max_leaves=20), st.booleans())
def test_any_json_value(value: Any, strict: bool) -> None:
    """Any JSON value, as a value or as text: a UnifiedError or a ShapeError, nothing else."""
    _parse_or_shape_error(value, strict)
    _parse_or_shape_error(json.dumps(value), strict)
    with contextlib.suppress(ShapeError):
        error_of(value)


@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes(data: bytes) -> None:
    """Arbitrary bytes: a UnifiedError or a ShapeError."""
    _parse_or_shape_error(data)


@FUZZ
@given(st.text(max_size=300))
def test_any_text(text: str) -> None:
    """Arbitrary strings, surrogates included: a UnifiedError or a ShapeError."""
    _parse_or_shape_error(text)


@FUZZ
@given(near_misses())
def test_near_misses(payload: dict[str, Any]) -> None:
    """Right keys, wrong types: strictly always a ShapeError, as a dict and as JSON text;
    leniently the same answer either way, and never an exception from error_of."""
    with pytest.raises(ShapeError):
        parse(payload, strict=True)
    with pytest.raises(ShapeError):
        parse(json.dumps(payload), strict=True)
    assert error_of(payload) == error_of(json.dumps(payload))


_SHAPES = st.sampled_from(
    [
        {"error": "x", "message": "m"},
        {"ok": False, "code": "x", "message": "m", "retryable": True, "how_to_fix": "h"},
        {"code": "X", "message": "m"},
        {"not_done_yet": "t"},
        {"content": [], "isError": True},
        {"title": "t", "status": 500},
    ]
)


@FUZZ
@given(
    _SHAPES,
    st.dictionaries(
        st.sampled_from(
            [
                "error",
                "message",
                "card",
                "ok",
                "code",
                "retryable",
                "how_to_fix",
                "statusCode",
                "retryAfter",
                "structuredContent",
                "content",
                "isError",
                "status",
                "detail",
                "kind",
                "not_done_yet",
                "refused",
            ]
        ),
        json_values(),
        max_size=4,
    ),
)
def test_known_shapes_with_any_values(base: dict[str, Any], changes: dict[str, Any]) -> None:
    """Known keys holding any JSON values: a UnifiedError or a ShapeError, and what parses converts."""
    error = _parse_or_shape_error(base | changes)
    with contextlib.suppress(ShapeError):
        error_of(base | changes)
    if error is not None:
        for target in toolerrors.TARGETS:
            convert(error, to=target)


def test_size_limit_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A payload over the limit is refused by parse, and passed over by error_of, without
    being parsed; the limit can be raised."""
    big = b'{"error": "vendor", "message": "' + b"x" * (2 << 20) + b'"}'
    monkeypatch.setattr("toolerrors._json.from_json", lambda *a, **k: pytest.fail("parsed"))
    with pytest.raises(ShapeError, match="over the 1048576-byte limit"):
        parse(big)
    assert error_of(big.decode()) is None
    monkeypatch.undo()
    assert parse(big, max_bytes=4 << 20).kind is toolerrors.ErrorKind.UPSTREAM_ERROR


@pytest.mark.parametrize("depth", [1_000, 300_000])
def test_deep_nesting_is_refused(depth: int) -> None:
    """Deeply nested JSON is a ShapeError, never a RecursionError."""
    for text in (
        "[" * depth + "]" * depth,
        '{"a":' * depth + "1" + "}" * depth,
        '{"error": "x", "message": "m", "card": ' + "[" * depth + "]" * depth + "}",
    ):
        with pytest.raises(ShapeError, match="recursion limit exceeded"):
            parse(text, max_bytes=8 << 20)
        with pytest.raises(ShapeError):
            parse(text)  # at the default limit, the larger texts are refused for their size


def test_deeply_nested_python_objects_do_not_recurse() -> None:
    """MCP results are unwrapped once: a deep chain of them is no RecursionError."""
    inner: dict[str, Any] = {"isError": True, "content": []}
    for _ in range(50_000):
        inner = {"structuredContent": inner, "isError": True, "content": []}
    error = parse(inner)
    assert error.vendor == "mcp"


def _public_modules() -> list[Any]:
    modules = [toolerrors]
    for info in pkgutil.iter_modules(toolerrors.__path__):
        if not info.name.startswith("_") and info.name != "pytest_plugin":
            try:
                modules.append(importlib.import_module(f"toolerrors.{info.name}"))
            except ImportError as exc:  # an optional extra that is not installed
                if "needs" not in str(exc):
                    raise
    return modules


SAMPLES: dict[str, Any] = {
    "ShapeError": ShapeError("expected a boolean, got string", "/retryable"),
    "ToolErrorsError": toolerrors.ToolErrorsError("something"),
    "ToolFailure": parse({"error": "vendor", "message": "m", "card": {"a": [1]}}).exception(),
    "ConfigureError": ConfigureError(
        "slow",
        code="RATE_LIMITED",
        statusCode=429,
        retryable=False,
        retryAfter=3,
        type="otp_blocked",
    ),
    "UnifiedError": parse({"code": "RATE_LIMITED", "message": "m", "x": {"y": [1, None]}}),
    "UnexpectedCall": UnexpectedCall("call 2 of a tool scripted for 1"),
}


def test_every_exception_and_unified_error_survive_pickle_and_copy() -> None:
    """Walk the public names: every exception class and UnifiedError round-trip equal."""
    found = {
        name
        for module in _public_modules()
        for name, value in ((name, getattr(module, name)) for name in module.__all__)
        if not name.startswith("_")
        and inspect.isclass(value)
        and (issubclass(value, BaseException) or value is UnifiedError)
        and value.__module__.startswith("toolerrors")
    }
    assert found == set(SAMPLES), "add a sample for every public exception"
    for sample in SAMPLES.values():
        for clone in (pickle.loads(pickle.dumps(sample)), copy.copy(sample), copy.deepcopy(sample)):
            assert type(clone) is type(sample)
            if isinstance(sample, toolerrors.ToolErrorsError) and not isinstance(
                sample, ShapeError
            ):
                assert clone.args == sample.args
            else:
                assert clone == sample


def test_threads_give_the_same_results_as_one() -> None:
    """Many threads parsing and converting at once agree with a single thread."""

    cases = [wire for _, wire in every_payload()] * 20
    expected = [
        (parse(wire), convert(wire, to="pythe"), convert(wire, to="problem")) for wire in cases
    ]

    def work(wire: dict[str, Any]) -> tuple[UnifiedError, dict[str, Any], dict[str, Any]]:
        text = json.dumps(wire).encode()
        return parse(text), convert(text, to="pythe"), convert(text, to="problem")

    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(work, cases))
    assert results == expected


_RECORD_KEYS = st.sampled_from(
    ["id", "title", "detail", "status", "type", "instance", "content", "name", "summary", "data"]
)
_RECORDS = st.dictionaries(_RECORD_KEYS, json_values(), max_size=5)
"""Ordinary results: documents, issues and records, whose keys overlap problem details'."""


class _Anything:
    """An object of any type, with whatever attributes a result may have."""

    def __init__(self, attributes: dict[str, Any]) -> None:
        for name, value in attributes.items():
            setattr(self, name, value)


def _wire_returning(value: Any) -> Any:
    class _Model:
        def to_wire(self) -> Any:
            return value

    return _Model()


@FUZZ
@given(
    st.one_of(
        _RECORDS.filter(lambda d: not {"title", "detail"} & d.keys() or "status" not in d),
        st.builds(_Anything, st.dictionaries(_RECORD_KEYS, json_values(), max_size=3)),
        st.builds(_wire_returning, json_values() | st.binary(max_size=20)),
        st.integers() | st.floats() | st.binary(max_size=50) | st.none(),
        st.builds(lambda n: "x" * n, st.integers(toolerrors.MAX_BYTES, toolerrors.MAX_BYTES + 4)),
    )
)
def test_success_results_never_raise_in_error_of(result: Any) -> None:
    """error_of reads any result (records with title, detail, status or content, objects of
    any type, to_wire giving anything, large texts) without raising ShapeError."""
    found = error_of(result)
    assert found is None or isinstance(found, UnifiedError)


@FUZZ
@given(_RECORDS.map(lambda d: {k: v for k, v in d.items() if k not in ("status", "type")}))
def test_records_without_status_or_type_are_never_errors(record: dict[str, Any]) -> None:
    """A record with title or detail, but no error status and no type URI, is a result."""
    assert error_of(record) is None or "content" in record


_CORPUS = Path(__file__).parent / "corpus"
_ODD_VALUES: tuple[Any, ...] = ([1], {"a": [1]}, 1.5, -1, True, None, "")


def _positions(value: Any, at: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every position in a JSON value, the value itself first."""
    yield at
    items = (
        value.items() if type(value) is dict else enumerate(value) if type(value) is list else ()
    )
    for key, inner in items:
        yield from _positions(inner, (*at, key))


def _replaced(value: Any, at: tuple[str | int, ...], new: Any) -> Any:
    if not at:
        return new
    out = copy.deepcopy(value)
    place = out
    for key in at[:-1]:
        place = place[key]
    place[at[-1]] = new
    return out


@pytest.mark.parametrize("folder", sorted(p.name for p in _CORPUS.iterdir()))
def test_real_payloads_with_any_field_changed(folder: str) -> None:
    """Every field, at any depth, of every real payload, given an array, an object, a
    number, a boolean, null or empty text: ``error_of`` never raises (lenient), and
    every other reader gives an error or says what is wrong with a ShapeError, never
    failing otherwise (an array is not a set's member)."""
    for path in sorted((_CORPUS / folder).glob("*.json")):
        body = json.loads(path.read_text("utf-8"))["body"]
        for at in _positions(body):
            for new in _ODD_VALUES:
                payload = _replaced(body, at, new)
                found = error_of(payload)
                assert found is None or type(found) is UnifiedError, (path.name, at, new)
                with contextlib.suppress(ShapeError):
                    assert type(parse(payload)) is UnifiedError
                with contextlib.suppress(ShapeError):
                    parse(payload, strict=True)
                with contextlib.suppress(ShapeError):
                    toolerrors.from_http(429, {}, json.dumps(payload))


def test_models_modules_use_the_one_bounded_loader() -> None:
    """Deep nesting is a ShapeError, and NaN is not JSON, in pythe and configure too."""
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ShapeError, match="not valid JSON"):
        pythe.parse(deep)
    with pytest.raises(ShapeError, match="no structuredContent and no JSON text content"):
        pythe.unwrap({"content": [{"type": "text", "text": '{"ok": NaN}'}]})
    with pytest.raises(ConfigureError, match="arguments is not valid JSON") as caught:
        configure.normalize_tool_call({"name": "x", "arguments": '{"a": NaN}'})
    assert caught.value.code == "INVALID_INPUT"


def test_the_size_limit_counts_utf8_bytes() -> None:
    """600,000 two-byte characters are 1.2 MB, over a 1 MiB limit; MCP text obeys max_bytes."""
    text = json.dumps({"error": "vendor", "message": "é" * 600_000}, ensure_ascii=False)
    assert len(text) < toolerrors.MAX_BYTES < len(text.encode())
    with pytest.raises(ShapeError, match="over the 1048576-byte limit"):
        parse(text)
    inner = json.dumps({"error": "rate_limited", "message": "x" * 500_000})
    result = {"content": [{"type": "text", "text": inner}], "isError": True}
    assert (parse(result).vendor, parse(result).code) == ("use_tool", "rate_limited")
    unread = parse(result, max_bytes=1000)  # the text is not parsed: only its words count
    assert (unread.vendor, unread.code, unread.message) == ("mcp", None, inner)


def test_digits_that_are_not_ascii_are_no_number() -> None:
    """``str.isdigit`` holds for "²" and "¹", which ``int`` refuses: a status, a code or a
    phrase written with them is no number, read as text, and an error whose code holds
    them converts to every target without raising."""
    assert error_of({"message": "400¹ Bad Request"}) is None
    assert error_of({"code": "4²9", "msg": "Too many"}) is None  # no code that marks one
    assert error_of({"statusCode": 404, "error": "4²0", "message": "x"}) is not None
    for target in TARGETS:
        for kind in ErrorKind:
            for code in ("4²0", "²", "-4²"):
                error = UnifiedError(kind, "x", vendor=target, code=code)
                assert convert(error, to=target) is not None


@pytest.mark.parametrize(
    "payload",
    [{1: ["x"]}, {1: "rate limited"}, {1: '{"error": "x"}'}, {(1, 2): {"error": "x"}}],
)  # fmt: skip
def test_a_python_dict_whose_keys_are_no_json_names_is_read_without_a_crash(
    payload: dict[object, object],
) -> None:
    """A dict built in Python may have keys JSON never has (a number, a tuple): `error_of`
    reads it as no error, `parse` says it is no known shape, never an AttributeError."""
    assert error_of(payload) is None
    with pytest.raises(ShapeError, match="expected an error of a known shape"):
        parse(payload)
    assert toolerrors.from_http(400, None, payload).kind is ErrorKind.INVALID_INPUT
    fields = {None: "x", "fieldErrors": {2: ["already exists"]}}
    assert error_of(fields) is None
    assert parse(fields).kind is toolerrors.from_http(400, None, fields).kind is ErrorKind.CONFLICT
