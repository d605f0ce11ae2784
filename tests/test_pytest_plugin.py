"""The pytest plugin, run in a subprocess on a small test file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolerrors.sources import registered

if TYPE_CHECKING:
    import pytest

EXAMPLE = """
import pytest

def test_rate_limit(tool_errors):
    tool_errors.assert_error(tool_errors.pythe_error("http_429"), kind="rate_limited", retryable=True)

@pytest.mark.every_code("pythe")
def test_every_pythe_code_parses(error_payload, tool_errors):
    tool_errors.assert_shape(error_payload, "pythe")

def test_factory_fixtures(pythe_error, configure_error, not_done_yet, refused, use_tool_error):
    assert pythe_error("http_429")["code"] == "http_429"
    assert configure_error("TIMEOUT") == {"code": "TIMEOUT", "message": "The request timed out."}
    assert "not_done_yet" in not_done_yet("Ana") and "refused" in refused("Ana")
    assert use_tool_error("vendor")["error"] == "vendor"

def test_wrong_expectation(tool_errors):
    tool_errors.assert_error(tool_errors.configure_error("TIMEOUT"), retryable=False, kind="unavailable")
"""


def test_plugin_fixtures_marker_and_readable_failure(pytester: pytest.Pytester) -> None:
    """The plugin loads by itself, parametrizes over every code, and fails readably."""
    pytester.makepyfile(test_agent=EXAMPLE)
    result = pytester.runpytest_subprocess("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1 + len(registered()["pythe"].codes) + 1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_every_pythe_code_parses?pythe-http_429? PASSED*",
            "*AssertionError: configure TIMEOUT error differs in 2 field(s):",
            "*retryable: expected False, got None",
            "*kind: expected 'unavailable', got 'unknown_outcome'",
        ]
    )
    assert (
        "testing.py:" not in result.stdout.str()
    )  # no traceback entry from toolerrors' own frames


def test_marker_without_the_argument_is_a_usage_error(pytester: pytest.Pytester) -> None:
    """every_code needs an error_payload argument."""
    pytester.makepyfile(
        test_bad="""
import pytest

@pytest.mark.every_code("pythe")
def test_nothing():
    pass
"""
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*every_code needs an error_payload argument*"])


def test_marker_with_an_unknown_vendor_is_a_usage_error(pytester: pytest.Pytester) -> None:
    """every_code names a registered source, and says which there are."""
    pytester.makepyfile(
        test_bad="""
import pytest

@pytest.mark.every_code("acme")
def test_nothing(error_payload):
    pass
"""
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret != 0
    result.stdout.fnmatch_lines(
        [
            "*every_code('acme'): expected one of anthropic, aws, cloudflare, configure, discord, dropbox, github, *, use_tool*"
        ]
    )
