"""The toolerrors pytest plugin, loaded automatically when toolerrors is installed.

Fixtures (a fixture of the same name in your own conftest.py takes precedence):

- ``tool_errors``: the `toolerrors.testing` module (factories and assertions);
- ``use_tool_error``, ``not_done_yet``, ``refused``, ``pythe_error``, ``configure_error``:
  the factories themselves.

Marker:

- ``@pytest.mark.every_code("pythe")`` parametrizes the test's ``error_payload``
  argument over every code of that vendor (``every_code("pythe", "configure")``: of
  each vendor named; all vendors with no argument).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from . import testing
from ._source import SOURCES

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType

__all__ = [
    "configure_error",
    "not_done_yet",
    "pytest_configure",
    "pytest_generate_tests",
    "pythe_error",
    "refused",
    "tool_errors",
    "use_tool_error",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "every_code(*vendors): parametrize error_payload over every code of the vendors "
        "named (of every vendor when none is)",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker("every_code")
    if marker is None:
        return
    if "error_payload" not in metafunc.fixturenames:
        raise pytest.UsageError(
            f"{metafunc.function.__name__}: every_code needs an error_payload argument"
        )
    vendors = list(marker.args)
    if "vendor" in marker.kwargs:
        vendors.append(marker.kwargs["vendor"])
    for vendor in vendors:
        if vendor not in SOURCES:
            name, known = metafunc.function.__name__, ", ".join(SOURCES)
            raise pytest.UsageError(f"{name}: every_code({vendor!r}): expected one of {known}")
    cases = [case for vendor in (vendors or [None]) for case in testing.every_payload(vendor)]
    metafunc.parametrize(
        "error_payload", [case for _, case in cases], ids=[name for name, _ in cases]
    )


@pytest.fixture
def tool_errors() -> ModuleType:
    """The factories and assertions of `toolerrors.testing`."""
    return testing


def _factory(function: Callable[..., dict[str, Any]]) -> Any:
    @pytest.fixture(name=function.__name__)
    def fixture() -> Callable[..., dict[str, Any]]:
        return function

    fixture.__doc__ = f"The factory `toolerrors.testing.{function.__name__}`."
    return fixture


use_tool_error = _factory(testing.use_tool_error)
not_done_yet = _factory(testing.not_done_yet)
refused = _factory(testing.refused)
pythe_error = _factory(testing.pythe_error)
configure_error = _factory(testing.configure_error)
