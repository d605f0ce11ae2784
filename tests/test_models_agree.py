"""The fast readers and the pydantic wire models accept exactly the same payloads.

The fields, their wire names, which are required and their types are held to each
source's `Shape` by ``tests/test_sources.py`` (structurally, for every model); these
examples hold what the structure does not say: closed lists, constants, waits, unknown
fields under strict reading, and the readers' own special cases."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from toolerrors import VENDORS, ShapeError, parse
from toolerrors.sources import registered
from toolerrors.strategies import error_payloads, near_misses


def _module(vendor: str) -> Any:
    return registered()[vendor].models_of()


def _of(vendor: str, draw: Any) -> Any:
    return draw(vendor).map(lambda payload: (vendor, payload))


def _accepts(call: Any) -> bool:
    try:
        call()
    except ShapeError:
        return False
    return True


VENDOR_PAYLOADS = st.sampled_from(VENDORS).flatmap(
    lambda vendor: _of(vendor, error_payloads) | _of(vendor, near_misses)
)
"""(source, payload): valid payloads and near misses of each source, with the source
whose model should agree with the reader."""


@settings(max_examples=200, deadline=None)
@given(VENDOR_PAYLOADS, st.booleans())
def test_reader_and_model_agree(case: tuple[str, dict[str, Any]], strict: bool) -> None:
    """Strictly, parse() and the source's model both accept or both refuse. Leniently,
    whatever the model accepts the reader accepts too; the reader also reads a payload that
    marks an error but is broken around it, which the model refuses."""
    vendor, payload = case
    module = _module(vendor)
    fast = _accepts(lambda: parse(payload, strict=strict))
    model = _accepts(lambda: module.parse(payload, strict=strict))
    assert fast == model if strict else fast or not model, payload


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(VENDORS).flatmap(lambda vendor: _of(vendor, error_payloads)))
def test_model_round_trip_matches_reader_round_trip(case: tuple[str, dict[str, Any]]) -> None:
    """The wire model dumps what it read, as the unified error converts back to it."""
    vendor, payload = case
    module = _module(vendor)
    assert module.parse(payload).to_wire() == payload
