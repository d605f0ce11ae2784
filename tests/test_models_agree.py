"""The fast readers and the pydantic wire models accept exactly the same payloads."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from toolerrors import ShapeError, configure, parse, pythe, use_tool
from toolerrors.strategies import error_payloads, near_misses

MODULE = {"use_tool": use_tool, "pythe": pythe, "configure": configure}


def _vendor(payload: dict[str, Any]) -> str:
    if "ok" in payload:
        return "pythe"
    if "code" in payload:
        return "configure"
    return "use_tool"


def _accepts(call: Any) -> bool:
    try:
        call()
    except ShapeError:
        return False
    return True


@settings(max_examples=1000, deadline=None)
@given(error_payloads() | near_misses(), st.booleans())
def test_reader_and_model_agree(payload: dict[str, Any], strict: bool) -> None:
    """parse() and the vendor module's model both accept, or both refuse, in either mode."""
    module = MODULE[_vendor(payload)]
    fast = _accepts(lambda: parse(payload, strict=strict))
    model = _accepts(lambda: module.parse(payload, strict=strict))
    assert fast == model, payload


@settings(max_examples=500, deadline=None)
@given(error_payloads())
def test_model_round_trip_matches_reader_round_trip(payload: dict[str, Any]) -> None:
    """The wire model dumps what it read, as the unified error converts back to it."""
    module = MODULE[_vendor(payload)]
    assert module.parse(payload).to_wire() == payload
