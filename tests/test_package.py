"""The package as a whole: its public names, cheap import, and vendoring under another name."""

from __future__ import annotations

import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import toolerrors
from conftest import ROOT

PUBLIC = [
    "MAX_BYTES", "TARGETS", "VENDORS", "Action", "ErrorKind", "ShapeError", "Target", "ToolErrorsError",
    "ToolFailure", "UnifiedError", "Vendor",
    "__version__", "convert", "error_of", "from_exception", "from_http", "model_text", "parse",
    "retry_delay", "retry_on", "should_retry",
]  # fmt: skip


def test_exported_members() -> None:
    """The top level exports exactly the vendor-neutral API, in a sorted __all__."""
    assert toolerrors.__all__ == PUBLIC
    assert toolerrors.__all__ == sorted(
        toolerrors.__all__, key=lambda n: (not n.isupper(), not n[0].isupper(), n.lower())
    )
    for name in toolerrors.__all__:
        assert hasattr(toolerrors, name)
    stray = {
        name
        for name, value in vars(toolerrors).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    } - set(toolerrors.__all__)
    assert stray == set()  # no helper (``Any``, ``annotations``) leaks into the namespace
    assert isinstance(toolerrors.__version__, str) and toolerrors.__version__.count(".") == 2


def _python(code: str, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_core_import_builds_no_model_and_loads_no_optional_package() -> None:
    """Importing and parsing loads neither the vendor models nor any optional package."""
    loaded = _python(
        "import sys, toolerrors\n"
        'toolerrors.parse(b\'{"error": "vendor", "message": "m"}\')\n'
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('mcp', 'hypothesis', 'httpx', 'requests', 'pytest', 'langgraph', 'langchain_core', 'langchain', "
        "'pydantic_ai', 'agents', 'fastmcp') "
        "or m in "
        "('toolerrors.use_tool', 'toolerrors.pythe', 'toolerrors.configure', 'pydantic.main'))))"
    )
    assert loaded == ""


def test_vendor_modules_import_with_only_the_runtime_dependencies() -> None:
    """The three vendor modules import without any optional package."""
    loaded = _python(
        "import sys, toolerrors.use_tool, toolerrors.pythe, toolerrors.configure\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'hypothesis', 'httpx', 'requests'))))"
    )
    assert loaded == ""


@pytest.mark.parametrize("mode", ["absent", "beside"])
def test_works_when_copied_under_another_name(tmp_path: Path, mode: str) -> None:
    """A copy vendored under another name runs the whole public API (parse, convert to
    every target, ``.to()``, the testing helpers, ``from_exception`` of its own
    ``ToolFailure``, the CLI) with ``toolerrors`` impossible to import (``absent``), and
    returns its own types with the real package importable beside it (``beside``)."""
    shutil.copytree(Path(toolerrors.__file__).parent, tmp_path / "vendored_errors")
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tests" / "vendoring" / "check_copy.py"),
            "vendored_errors",
            mode,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith("ok: ")
