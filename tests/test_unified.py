"""UnifiedError: immutable, equal by value, hashable, pickle-safe, with derived guidance."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import pickle
from types import MappingProxyType
from typing import Any

import pytest

import toolerrors
from toolerrors import Action, ErrorKind, UnifiedError, parse
from toolerrors._unified import make

WIRE = {
    "code": "RATE_LIMITED",
    "message": "Slow down.",
    "statusCode": 429,
    "type": "rate_limited",
    "retryable": True,
    "suggestedAction": "retry",
    "retryAfter": 30,
    "requestId": "req_1",
    "x_new": [1],
}
FULL = parse(WIRE)


def test_fields_from_a_full_configure_error() -> None:
    """Every unified attribute is filled from the payload; the rest is kept in extra."""
    assert (FULL.kind, FULL.message, FULL.retryable, FULL.retry_after, FULL.status_code) == (
        ErrorKind.RATE_LIMITED, "Slow down.", True, 30, 429,
    )  # fmt: skip
    assert (FULL.vendor, FULL.code, FULL.request_id, FULL.suggested_action) == (
        "configure", "RATE_LIMITED", "req_1", Action.RETRY,
    )  # fmt: skip
    assert FULL.vendor_fields() == {
        "type": "rate_limited",
        "suggestedAction": "retry",
        "x_new": [1],
    }
    assert (
        FULL.extra == WIRE and FULL.extra is not WIRE
    )  # the payload, copied: the caller holds WIRE
    assert FULL.action is Action.RETRY


def test_attributes_win_over_the_kept_payload() -> None:
    """A changed attribute is what gets written; a cleared one is not revived from extra."""
    changed = dataclasses.replace(FULL, message="Calm down.", retryable=None, request_id=None)
    wire = changed.to("configure").to_wire()
    assert (wire["message"], "retryable" in wire, "requestId" in wire) == (
        "Calm down.",
        False,
        False,
    )
    assert wire["type"] == "rate_limited" and wire["x_new"] == [1]
    nulls = parse({"code": "TIMEOUT", "message": "t", "retryable": None})
    assert nulls.vendor_fields() == {"retryable": None}
    assert nulls.to("configure").to_wire() == {"code": "TIMEOUT", "message": "t", "retryable": None}


def test_immutable() -> None:
    """Attributes can't be set or deleted."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        FULL.kind = ErrorKind.UNKNOWN  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del FULL.message  # type: ignore[misc]


def test_equal_by_value_and_hashable() -> None:
    """Two parses of one payload are equal, hash alike, and differ from a changed copy."""
    again = parse(FULL.to("configure").to_wire())
    assert again == FULL and hash(again) == hash(FULL)
    assert dataclasses.replace(FULL, message="other") != FULL
    assert len({FULL, again}) == 1


def test_pickle_copy_and_deepcopy_give_equal_errors() -> None:
    """An error survives pickle, copy and deepcopy equal to itself."""
    for clone in (pickle.loads(pickle.dumps(FULL)), copy.copy(FULL), copy.deepcopy(FULL)):
        assert clone == FULL and type(clone) is UnifiedError


def test_fast_constructor_equals_the_public_one() -> None:
    """The parse path's constructor builds the same value as calling the class."""
    values = [getattr(FULL, field.name) for field in dataclasses.fields(UnifiedError)]
    rare = {name: getattr(FULL, name) for name in RARE}
    made = make(
        values[0], values[1], **dict(zip(NAMED, values[2 : -len(RARE)], strict=True)), **rare
    )
    assert made == UnifiedError(*values) and type(made) is UnifiedError
    assert repr(made) == repr(UnifiedError(*values))


NAMED = ("retryable", "retry_after", "status_code", "vendor", "code")
RARE = ("owner", "reason", "request_id", "suggested_action", "extra")


def test_fast_constructor_takes_all_but_kind_and_message_by_keyword() -> None:
    """Only the kind and the message come by position, so that two fields of the same type
    (``retry_after`` and ``status_code``) cannot swap unnoticed."""
    parameters = inspect.signature(make).parameters
    assert [p for p in parameters if parameters[p].kind is inspect.Parameter.KEYWORD_ONLY] == [
        *NAMED,
        *RARE,
    ]
    with pytest.raises(TypeError):
        make(ErrorKind.UNKNOWN, "m", None)  # type: ignore[misc]


def test_action_and_hint_defaults_per_kind() -> None:
    """A hand-made error gets its kind's action and hint; only retryable says retry."""
    error = UnifiedError(ErrorKind.UNAVAILABLE, "down", retryable=True)
    assert (error.action, error.hint) == (Action.RETRY, "Try again later, or say so.")
    unsure = UnifiedError(ErrorKind.UNAVAILABLE, "down")
    assert (unsure.action, unsure.hint) == (
        Action.CHECK_FIRST,
        "Whether another attempt is safe is not known: check before you run it again.",
    )
    stubborn = UnifiedError(ErrorKind.UNAVAILABLE, "down", retryable=False)
    assert stubborn.action is Action.READ_MESSAGE
    assert stubborn.hint == "Marked not retryable: read the message before doing anything else."


def test_hint_is_the_documented_guidance_for_known_codes() -> None:
    """For a vendor code, the hint is the vendor's documented 'what to do'."""
    assert parse({"error": "too_large", "message": "m"}).hint == "Use its link instead."
    pythe = {"ok": False, "code": "paused", "message": "m", "retryable": False, "how_to_fix": "h"}
    assert parse(pythe).hint == "The founder can resume them from Team in Pythe."


def test_to_dict_and_to_json() -> None:
    """The JSON form carries the unified fields and what else is set."""
    as_dict = FULL.to_dict()
    assert as_dict == {
        "kind": "rate_limited", "message": "Slow down.", "retryable": True, "retry_after": 30,
        "status_code": 429, "action": "retry", "vendor": "configure", "code": "RATE_LIMITED",
        "hint": "Wait, then try once more.", "request_id": "req_1", "suggested_action": "retry",
        "extra": {"type": "rate_limited", "suggestedAction": "retry", "x_new": [1]},
    }  # fmt: skip
    assert json.loads(FULL.to_json()) == as_dict


def test_to_dict_reads_back_as_the_same_error() -> None:
    """Frameworks keep errors as dicts: parse, error_of and from_dict give them back equal."""
    from toolerrors.testing import every_payload

    errors = [parse(case) for _, case in every_payload()]
    errors += [toolerrors.from_http(status) for status in (401, 429, 500, 504)]
    errors += [toolerrors.from_exception(TimeoutError("slow"))]
    for error in errors:
        data = error.to_dict()
        assert parse(data) == error
        assert toolerrors.error_of(data) == error
        assert UnifiedError.from_dict(data) == error
        for target in toolerrors.TARGETS:
            assert toolerrors.convert(data, to=target) == toolerrors.convert(error, to=target)


def test_from_dict_names_a_bad_field() -> None:
    """A to_dict dict with a field of the wrong type is a ShapeError that says where."""
    data = UnifiedError(ErrorKind.RATE_LIMITED, "slow", retry_after=5).to_dict()
    with pytest.raises(toolerrors.ShapeError, match="/retry_after: expected a number"):
        UnifiedError.from_dict({**data, "retry_after": -1})
    with pytest.raises(toolerrors.ShapeError, match="/kind: unknown kind 'slow'"):
        UnifiedError.from_dict({**data, "kind": "slow"})
    with pytest.raises(toolerrors.ShapeError, match="unknown field"):
        UnifiedError.from_dict({**data, "x": 1}, strict=True)


def test_equal_when_the_same_payload_comes_back() -> None:
    """Equality reads the vendor fields, not how much of the payload extra holds."""
    whole = parse(
        {"ok": False, "code": "internal", "message": "m", "retryable": True, "how_to_fix": "h"}
    )
    assert whole.extra is not None and "ok" in whole.extra
    slim = UnifiedError.from_dict(whole.to_dict())
    assert slim.extra == {"how_to_fix": "h"}
    assert slim == whole and hash(slim) == hash(whole)
    assert slim != UnifiedError.from_dict({**whole.to_dict(), "extra": {"how_to_fix": "other"}})


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("kind", "rate_limited", "an ErrorKind"),
        ("message", None, "a str"),
        ("retryable", "no", "a bool or None"),
        ("retry_after", True, "a number of seconds or None"),
        ("status_code", 429.0, "an int or None"),
        ("status_code", False, "an int or None"),
        ("vendor", 3, "a str or None"),
        ("suggested_action", "retry", "an Action or None"),
        ("extra", [1], "a mapping or None"),
    ],
)
def test_the_constructor_refuses_a_value_of_the_wrong_type(
    field: str, value: object, expected: str
) -> None:
    """Built by hand, an error says which field holds what instead of carrying a value
    that `should_retry` or `to_dict` would later misread (a text kind is never ``is``
    its `ErrorKind`)."""
    given: dict[str, Any] = {"kind": ErrorKind.RATE_LIMITED, "message": "m", field: value}
    with pytest.raises(TypeError) as caught:
        UnifiedError(**given)
    assert str(caught.value) == f"UnifiedError.{field} must be {expected}, got {value!r}"
    for wait in (-1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="retry_after must be a number of seconds"):
            UnifiedError(ErrorKind.RATE_LIMITED, "m", retry_after=wait)
    kept = UnifiedError(ErrorKind.RATE_LIMITED, "m", True, 7, 429, extra=MappingProxyType({}))
    assert (kept.retry_after, kept.status_code) == (7, 429)


def test_from_dict_refuses_what_is_not_an_object() -> None:
    for value in (5, "text", [1]):
        with pytest.raises(toolerrors.ShapeError) as caught:
            UnifiedError.from_dict(value)  # type: ignore[arg-type]
        assert caught.value.problem.startswith("expected an object, got ")
