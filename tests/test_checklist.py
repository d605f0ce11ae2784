"""Everything a built-in source needs, on one list (scripts/checklist.py), and the
scaffold that starts a new source with what that list asks for (scripts/new_source.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import checklist
import new_source
import pytest

import toolerrors
from conftest import ROOT
from toolerrors._source import BUILT_IN
from toolerrors.sources import registered


def test_every_source_has_everything() -> None:
    """Each built-in source has its declaration and models with nothing left to do, its
    examples, its real payloads, its docs page with its generated table and reference
    entry, its nav entry and its row in the table of sources; and no folder of examples
    or payloads is no source's.  The failure lists all that is missing, by source."""
    said = checklist.report(ROOT, registered().values())
    strays = checklist.strays(ROOT, BUILT_IN)
    assert (said, strays) == ("", []), "\n" + "\n".join([said, *strays])


def test_the_checklist_names_everything_a_source_lacks(tmp_path: Path) -> None:
    """In a project with none of its files, a source lacks each thing on the list, one
    line a thing."""
    assert checklist.lacking(tmp_path, registered()["jira"]) == [
        "src/toolerrors/_builtin/jira.py: missing",
        "src/toolerrors/jira.py: missing (its models, Source.models)",
        "examples/jira/: no example payload",
        "tests/corpus/jira/: 0 of the 10 real payloads needed, each with its provenance",
        "docs/jira.md: missing",
        "mkdocs.yml: no nav entry for jira.md",
        "docs/overview.md: no row in the table of sources: run python scripts/gen_docs.py",
    ]
    (tmp_path / "examples" / "nothing").mkdir(parents=True)
    (tmp_path / "tests" / "corpus" / "elsewhere").mkdir(parents=True)
    assert checklist.strays(tmp_path, BUILT_IN) == [
        "examples/nothing/: no built-in source is named 'nothing'"
    ]


def _run(*args: str, root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        env={**os.environ, "PYTHONPATH": str(root / "src")},
        capture_output=True,
        text=True,
        check=False,
    )


WRITTEN = [
    "docs/acme.md",
    "examples/acme/todo_invalid.json",
    "src/toolerrors/_builtin/acme.py",
    "src/toolerrors/acme.py",
    "tests/corpus/acme/todo-invalid-400.json",
]

LEFT = """\
acme:
  src/toolerrors/_builtin/acme.py:1: \"\"\"Acme as a source.  TODO: what its errors look like (``{"acme_error": CODE, "message":
  src/toolerrors/_builtin/acme.py:25: # TODO: a row for each code Acme documents: the kind it reads as, whether it may be
  src/toolerrors/_builtin/acme.py:28: rows.read("todo_invalid", ErrorKind.INVALID_INPUT, False, "TODO: its meaning.", status=400),
  src/toolerrors/_builtin/acme.py:29: rows.read("todo_rate_limited", ErrorKind.RATE_LIMITED, True, "TODO: its meaning.", status=429),
  src/toolerrors/_builtin/acme.py:30: rows.read("todo_error", ErrorKind.UPSTREAM_ERROR, False, "TODO: its meaning.", status=500),
  src/toolerrors/_builtin/acme.py:34: # TODO: the code each kind with no code of its own is written as.
  src/toolerrors/_builtin/acme.py:44: # TODO: every field of Acme's errors, as its documentation gives them.
  src/toolerrors/_builtin/acme.py:81: # TODO: the key its errors are known by, and a rank before any claim that would
  src/toolerrors/_builtin/acme.py:83: Claim(10, "acme_error", read_acme, "TODO: what it takes", is_a=str, texts=("message",)),
  src/toolerrors/acme.py:1: \"\"\"Acme errors.  TODO: their shape (``{"acme_error": CODE, "message": text}`` stands in).
  src/toolerrors/acme.py:21: \"\"\"The codes Acme documents.  TODO: one for each of its rows' codes.\"\"\"
  src/toolerrors/acme.py:35: \"\"\"``{acme_error, message}``.  TODO: every field of its shape.\"\"\"
  tests/corpus/acme/: 1 of the 10 real payloads needed, each with its provenance
  examples/acme/todo_invalid.json:3: "message": "TODO: an error as Acme's documentation shows it"
  tests/corpus/acme/todo-invalid-400.json:3: "url": "TODO: where Acme's error was recorded"
  tests/corpus/acme/todo-invalid-400.json:9: "message": "TODO: an error Acme sent"
  docs/acme.md: no generated table of codes (between its rows markers): run python scripts/gen_docs.py
  docs/acme.md:3: TODO: what `toolerrors.acme` models: Acme's errors, with a link to the documentation
  docs/acme.md:13: TODO: what is read otherwise than its row says, and why, in Acme's words.
  docs/overview.md: no row in the table of sources: run python scripts/gen_docs.py
"""


def test_the_scaffold_writes_a_source_the_checklist_follows(tmp_path: Path) -> None:
    """new_source.py writes a working source into a copy of the project: its
    declaration, models, example, real payload and page, and its nav entry; the package
    reads the example as that source, strictly, and the checklist names exactly the
    TODOs left in them and the pages gen_docs.py has still to fill."""
    package = Path(toolerrors.__file__).parent
    shutil.copytree(
        package, tmp_path / "src" / "toolerrors", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "mkdocs.yml", tmp_path)
    shutil.copy(ROOT / "docs" / "overview.md", tmp_path / "docs")
    before = {path for path in tmp_path.rglob("*") if path.is_file()}

    made = _run(
        str(ROOT / "scripts" / "new_source.py"), "acme", "--title", "Acme", "--root", str(tmp_path),
        root=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert made.stdout.splitlines() == [
        "wrote src/toolerrors/_builtin/acme.py",
        "wrote src/toolerrors/acme.py",
        "wrote examples/acme/todo_invalid.json",
        "wrote tests/corpus/acme/todo-invalid-400.json",
        "wrote docs/acme.md",
        "added acme.md to the nav of mkdocs.yml, under Public APIs",
        "next: python scripts/gen_docs.py, then python scripts/checklist.py acme, which names"
        " what is left",
    ]
    written = {path for path in tmp_path.rglob("*") if path.is_file()} - before
    assert sorted(path.relative_to(tmp_path).as_posix() for path in written) == WRITTEN
    config = (tmp_path / "mkdocs.yml").read_text("utf-8")
    assert "          - Jira: jira.md\n          - Acme: acme.md\n  - Extending:\n" in config

    read = _run(
        "-c",
        "import json, sys, toolerrors\n"
        "error = toolerrors.parse(json.load(open(sys.argv[1])), strict=True)\n"
        "print(error.vendor, error.kind.value, error.retryable)",
        str(tmp_path / "examples" / "acme" / "todo_invalid.json"),
        root=tmp_path,
    )
    assert (read.returncode, read.stdout) == (0, "acme invalid_input False\n"), read.stderr

    left = _run(
        str(ROOT / "scripts" / "checklist.py"), "--root", str(tmp_path), "acme", root=tmp_path
    )
    assert (left.returncode, left.stdout, left.stderr) == (1, LEFT, "")


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("jira", "'jira' is taken: a built-in source or a name the package reads by"),
        ("words", "'words' is taken: a built-in source or a name the package reads by"),
        ("Acme", "'Acme' is no lower-case Python identifier"),
    ],
)
def test_the_scaffold_refuses_a_name_it_cannot_take(
    name: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name that is taken, or no module's, is refused before anything is written."""
    with pytest.raises(SystemExit) as exited:
        new_source.main([name, "--root", str(ROOT)])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"error: {problem}")
