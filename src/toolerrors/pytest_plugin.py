"""The toolerrors pytest plugin, loaded automatically when toolerrors is installed.

Fixtures:

- ``tool_errors``: the `toolerrors.testing` module (factories and assertions).

Marker:

- ``@pytest.mark.every_code("pythe")`` parametrizes the test's ``error_payload``
  argument over every code of that vendor (all vendors with no argument).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from . import testing

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["pytest_configure", "pytest_generate_tests", "tool_errors"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "every_code(vendor=None): parametrize error_payload over every code of a vendor",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker("every_code")
    if marker is None:
        return
    if "error_payload" not in metafunc.fixturenames:
        raise pytest.UsageError(
            f"{metafunc.function.__name__}: every_code needs an error_payload argument"
        )
    vendor = marker.args[0] if marker.args else marker.kwargs.get("vendor")
    cases = list(testing.every_payload(vendor))
    metafunc.parametrize(
        "error_payload", [case for _, case in cases], ids=[name for name, _ in cases]
    )


@pytest.fixture
def tool_errors() -> ModuleType:
    """The factories and assertions of `toolerrors.testing`."""
    return testing
