"""Real error payloads, copied with their provenance, read as labelled.

Each file under ``tests/corpus/<source>/`` holds one payload taken from a public
specification, official documentation, an SDK's test fixtures or a recorded response
(``tests/corpus/elsewhere/`` holds those of APIs that are no source, read by the lenient
rules alone):
``provenance`` (repository, commit and path, or a document URL), the ``body`` (and the
HTTP ``status`` and ``headers`` when it came over HTTP), and what it must read as:
``expect`` gives the kind and the retry advice (and, where it says, the vendor the payload
is attributed to), or ``{"error": false}`` for a payload that is not an error.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from conftest import ROOT
from toolerrors import ShapeError, UnifiedError, error_of, from_http, should_retry
from toolerrors._source import BUILT_IN

if TYPE_CHECKING:
    from pathlib import Path

CORPUS = ROOT / "tests" / "corpus"
CASES = sorted(CORPUS.rglob("*.json"))


def _error(case: dict[str, Any]) -> UnifiedError | None:
    """What the payload reads as: ``from_http`` with the status it came with, else
    ``error_of``; a 2xx body with no error in it is none (``from_http`` says so with a
    `ShapeError`, as documented)."""
    if "status" not in case:
        return error_of(case["body"])
    try:
        return from_http(case["status"], case.get("headers", {}), case["body"])
    except ShapeError as exc:
        if 200 <= case["status"] < 300 and str(exc).endswith("is not an error"):
            return None
        raise


def _read(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return case


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(CORPUS).as_posix() for p in CASES])
def test_each_payload_reads_as_labelled(path: Path) -> None:
    """parse/error_of (or from_http, with the status and headers it came with) give the
    labelled kind and retry advice, or no error at all."""
    case = _read(path)
    provenance = case["provenance"]
    assert {"repository", "commit", "path"} <= set(provenance) or "url" in provenance
    expect = case["expect"]
    error = _error(case)
    if expect.get("error") is False:
        assert error is None
        return
    assert error is not None, "not read as an error"
    assert (error.kind.value, error.retryable) == (expect["kind"], expect["retryable"])
    if "vendor" in expect:
        assert error.vendor == expect["vendor"]
    if "action" in expect:
        assert error.action.value == expect["action"]
    if "retry_after" in expect:
        assert error.retry_after == expect["retry_after"]
    if expect["kind"] in ("refused", "payment_required"):
        assert not should_retry(error, idempotent=True)


def test_the_apis_that_are_no_source_have_payloads() -> None:
    """``elsewhere`` holds payloads of the APIs that are no source (each source's own
    folder is on tests/test_checklist.py's list)."""
    assert len(list((CORPUS / "elsewhere").glob("*.json"))) >= 1


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(CORPUS).as_posix() for p in CASES])
def test_no_payload_is_attributed_to_another_source(path: Path) -> None:
    """A payload names a source only when it carries that source's own marks: one in a
    source's folder names that source or none, and one in ``elsewhere`` names none (its
    vendor says only how it was read: ``http``, ``problem``), unless it is labelled with
    the source whose shape it is in (an OpenAI-compatible server's error object)."""
    case = _read(path)
    error = _error(case)
    if error is None or error.vendor not in BUILT_IN:
        return
    own = case["expect"].get("vendor") if path.parent.name == "elsewhere" else path.parent.name
    assert error.vendor == own, f"read as {error.vendor}'s"
