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
from toolerrors import UnifiedError, parse
from toolerrors._extras import EXTRAS
from toolerrors.integrations._common import Refused
from toolerrors.testing import refused

PUBLIC = [
    "MAX_BYTES", "MAX_DEPTH", "MAX_WAIT", "TARGETS", "VENDORS", "Action", "ErrorKind", "ShapeError", "Target", "ToolErrorsError",
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
        "'pydantic_ai', 'agents', 'fastmcp', 'opentelemetry') "
        "or m in "
        "('toolerrors.use_tool', 'toolerrors.pythe', 'toolerrors.configure', 'pydantic.main'))))"
    )
    assert loaded == ""


def test_functions_a_first_parse_does_not_need_are_imported_on_first_use() -> None:
    """``import toolerrors`` and a first parse leave the modules of `from_http`,
    `from_exception`, `convert`, `model_text` and the retry helpers unimported; each name
    is then the function its module defines, by attribute, by ``from ... import`` and by
    ``import *``, and ``dir()`` lists it."""
    said = _python(
        "import sys, toolerrors\n"
        'toolerrors.parse(b\'{"error": "vendor", "message": "m"}\')\n'
        "lazy = ('_http', '_python', '_retry', '_text', '_write')\n"
        "print(sorted(m for m in lazy if 'toolerrors.' + m in sys.modules))\n"
        "from toolerrors import from_http\n"
        "from toolerrors._http import from_http as defined\n"
        "print(from_http is defined, toolerrors.convert is sys.modules['toolerrors._write'].convert)\n"
        "scope = {}\n"
        "exec('from toolerrors import *', scope)\n"
        "print(sorted(set(toolerrors.__all__) - set(scope)), set(toolerrors.__all__) <= set(dir(toolerrors)))\n"
        "try:\n"
        "    toolerrors.from_https\n"
        "except AttributeError as error:\n"
        "    print(error)\n"
    )
    assert said.splitlines() == [
        "[]",
        "True True",
        "[] True",
        "module 'toolerrors' has no attribute 'from_https'",
    ]


def test_an_error_is_written_as_a_wire_model_before_anything_imports_the_writer() -> None:
    """``UnifiedError.to`` works in a fresh interpreter where nothing but a parse has
    run: the writing layer, imported on first use, is imported then."""
    said = _python(
        "import sys, toolerrors\n"
        'error = toolerrors.parse({"error": "not_found", "message": "No such file."})\n'
        "print('toolerrors._write' in sys.modules)\n"
        "model = error.to('pythe')\n"
        "print(type(model).__name__, model.code, 'toolerrors._write' in sys.modules)\n"
        "print(error.to('slack').error)\n"
    )
    assert said.splitlines() == ["False", "ErrorEnvelope not_found True", "not_found"]


@pytest.mark.parametrize("enabled", [True, False])
def test_import_leaves_the_garbage_collector_as_it_found_it(enabled: bool) -> None:
    """The collector is paused while the sources register, and is then as it was."""
    switch = "enable" if enabled else "disable"
    assert _python(f"import gc; gc.{switch}(); import toolerrors; print(gc.isenabled())") == str(
        enabled
    )


def test_a_source_that_fails_to_import_leaves_the_garbage_collector_on() -> None:
    """An import that fails half-way still turns the collector back on."""
    said = _python(
        "import gc, importlib\n"
        "real = importlib.import_module\n"
        "def failing(name, package=None):\n"
        "    if '._builtin.' in name:\n"
        "        raise RuntimeError('cannot import ' + name)\n"
        "    return real(name, package)\n"
        "importlib.import_module = failing\n"
        "try:\n"
        "    import toolerrors\n"
        "except RuntimeError as error:\n"
        "    print(error, gc.isenabled())\n"
    )
    assert said == "cannot import toolerrors._builtin.anthropic True"


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


def refused_error() -> UnifiedError:
    return parse(refused("Ana"))


def test_two_copies_in_one_process_understand_each_other(tmp_path: Path) -> None:
    """A vendored copy reads the installed copy's UnifiedError, ToolFailure and the
    adapters' ``Refused`` (a subclass of it), and the installed copy reads the
    vendored one's: a refusal stays a refusal that no retry layer re-runs."""
    shutil.copytree(Path(toolerrors.__file__).parent, tmp_path / "vendored_errors")
    sys.path.insert(0, str(tmp_path))
    try:
        import vendored_errors  # type: ignore[import-not-found]

        error = refused_error()
        theirs = vendored_errors.parse(error)
        assert (theirs.kind.value, theirs.owner, theirs.message) == (
            "refused",
            "Ana",
            error.message,
        )
        failure = vendored_errors.from_exception(error.exception())
        assert failure.kind.value == "refused"
        assert parse(theirs) == error
        from vendored_errors.integrations._common import Refused as TheirRefused

        ours = vendored_errors.from_exception(Refused(error))
        assert (ours.kind.value, ours.owner) == ("refused", "Ana")
        assert vendored_errors.retry_on(Refused(error), idempotent=True) is False
        assert toolerrors.from_exception(TheirRefused(theirs)) == error
        assert toolerrors.retry_on(TheirRefused(theirs), idempotent=True) is False
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.split(".")[0] == "vendored_errors"]:
            del sys.modules[name]


MODULES_AND_EXTRAS = [
    ("toolerrors.mcp", "mcp", "mcp"),
    ("toolerrors.strategies", "hypothesis", "hypothesis"),
    ("toolerrors.integrations.langgraph", "langgraph", "langgraph"),
    ("toolerrors.integrations.langchain", "langchain", "langchain"),
    ("toolerrors.integrations.pydantic_ai", "pydantic-ai", "pydantic_ai"),
    ("toolerrors.integrations.openai_agents", "openai-agents", "agents"),
    ("toolerrors.integrations.fastmcp", "fastmcp", "fastmcp"),
    ("toolerrors.otel", "otel", "opentelemetry"),
]


@pytest.mark.parametrize(("module", "extra", "blocked"), MODULES_AND_EXTRAS)
def test_a_missing_extra_is_named_with_its_requirement(
    module: str, extra: str, blocked: str
) -> None:
    """Without its extra, importing a module says what it needs and how to install it,
    naming the module as it was imported."""
    code = (
        f"import sys; sys.modules[{blocked!r}] = None\n"
        f"try:\n    import {module}\nexcept ImportError as e:\n    print(e)"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    what, requirement = EXTRAS[extra]
    assert ran.stdout.strip() == (
        f'{module} needs {what}: pip install "{requirement}" (or "toolerrors[{extra}]")'
    )


def test_the_extras_named_in_messages_are_the_project_s() -> None:
    """Each extra a message names is one of the project's, with its requirement (less any
    Python version marker), so a message cannot ask for an older version than it needs."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"][
        "optional-dependencies"
    ]
    for extra, (_, requirement) in EXTRAS.items():
        assert [req.split(";")[0].strip() for req in extras[extra]] == [requirement], extra
    assert {extra for _, extra, _ in MODULES_AND_EXTRAS} == set(EXTRAS)


def test_user_facing_text_speaks_of_vendors_not_of_specifications() -> None:
    """No file of the project, its tests included, speaks of how it is built: the
    vendors and their documentation are named, never the documents it is built from."""
    word = "se" + "ed"  # not spelled out, so that this file passes its own test
    texts = [
        *(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "docs").glob("*.md"), *(ROOT / "benchmarks").glob("*.py"),
        *(ROOT / "scripts").glob("*.py"), *(ROOT / "examples").rglob("*.json"),
        ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "pyproject.toml", ROOT / "noxfile.py",
    ]  # fmt: skip
    for path in texts:
        text = path.read_text("utf-8").lower().replace("hypothesis-" + word, "")
        assert word not in text, path
