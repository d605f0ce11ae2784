"""What each built-in source still lacks, in one list: its declaration and its models with
nothing left to do, its examples, its real payloads, its docs page with its generated
table of codes and its reference entry, its place in the site's navigation and its row
in the table of sources.

    python scripts/checklist.py                 # every built-in source
    python scripts/checklist.py NAME ...        # these ones
    python scripts/checklist.py --root DIR ...  # the project at DIR (its src/ imported)

It exits 1 and prints what is missing, by file, when anything is; tests/test_checklist.py
fails with the same list.  ``scripts/new_source.py`` writes a new source's files with
``TODO`` markers, which this names until they are done.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from toolerrors.sources import Source

ROOT = Path(__file__).resolve().parent.parent

IN_HOUSE = frozenset({"use_tool", "pythe", "configure"})
"""The in-house platforms, which their own specifications describe: no payloads of theirs
are published to record."""

REAL_PAYLOADS = 10
"""How many recorded payloads each other source's folder of the corpus holds at least."""

ELSEWHERE = "elsewhere"
"""The corpus's folder of APIs that are no source."""

_TODO = re.compile(r"\bTODO\b")


def _todos(root: Path, path: Path, what: str = "") -> list[str]:
    """Each line of ``path`` that says ``TODO``, as ``path:line: text``; or that it is
    missing (``what`` says what it is)."""
    where = path.relative_to(root).as_posix()
    if not path.is_file():
        return [f"{where}: missing{what}"]
    return [
        f"{where}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if _TODO.search(line)
    ]


def _read(path: Path) -> str:
    return path.read_text("utf-8") if path.is_file() else ""


def _code(root: Path, source: Source) -> list[str]:
    """Its declaration and its models, with nothing left to do."""
    package = root / "src" / "toolerrors"
    models = package / f"{source.models.lstrip('.')}.py"
    return [
        *_todos(root, package / "_builtin" / f"{source.name}.py"),
        *_todos(root, models, " (its models, Source.models)"),
    ]


def _payloads(root: Path, source: Source) -> list[str]:
    """An example payload at least, and its real payloads (an in-house platform's
    documents describe its payloads: it has no need of them)."""
    name = source.name
    examples = sorted((root / "examples" / name).glob("*.json"))
    corpus = sorted((root / "tests" / "corpus" / name).glob("*.json"))
    out = [] if examples else [f"examples/{name}/: no example payload"]
    if name not in IN_HOUSE and len(corpus) < REAL_PAYLOADS:
        out.append(
            f"tests/corpus/{name}/: {len(corpus)} of the {REAL_PAYLOADS} real payloads needed,"
            " each with its provenance"
        )
    return out + [todo for path in [*examples, *corpus] for todo in _todos(root, path)]


def _page(root: Path, source: Source) -> list[str]:
    """Its docs page, with its generated table of codes and its reference entry; the
    page in the site's navigation, and a row in the table of sources."""
    if not source.docs:
        return [f"{source.name}: no docs page (Source.docs)"]
    from gen_docs import BEGIN, END  # the markers of its table of codes (this folder's)

    out = []
    page = root / "docs" / source.docs
    text = _read(page)
    if text and "| code |" not in text.partition(BEGIN)[2].partition(END)[0]:
        out.append(
            f"docs/{source.docs}: no generated table of codes (between its rows markers):"
            " run python scripts/gen_docs.py"
        )
    entry = f"::: toolerrors{source.models}"
    if text and not re.search(rf"^{re.escape(entry)}$", text, re.MULTILINE):
        out.append(f"docs/{source.docs}: no reference entry ({entry})")
    out += _todos(root, page)
    if not re.search(rf":\s+{re.escape(source.docs)}$", _read(root / "mkdocs.yml"), re.MULTILINE):
        out.append(f"mkdocs.yml: no nav entry for {source.docs}")
    if f"]({source.docs}) |" not in _read(root / "docs" / "overview.md"):
        out.append(
            "docs/overview.md: no row in the table of sources: run python scripts/gen_docs.py"
        )
    return out


def lacking(root: Path, source: Source) -> list[str]:
    """What the built-in ``source`` lacks in the project at ``root``, one line a thing."""
    return [*_code(root, source), *_payloads(root, source), *_page(root, source)]


def strays(root: Path, names: Iterable[str]) -> list[str]:
    """The folders of examples and of the corpus that are no source's."""
    known = set(names)
    return [
        f"{folder.relative_to(root).as_posix()}/: no built-in source is named {folder.name!r}"
        for parent, allowed in (("examples", known), ("tests/corpus", {*known, ELSEWHERE}))
        for folder in sorted((root / parent).iterdir() if (root / parent).is_dir() else ())
        if folder.is_dir() and folder.name not in allowed
    ]


def report(root: Path, sources: Iterable[Source]) -> str:
    """What each of ``sources`` lacks, under its name; empty when nothing is."""
    out = []
    for source in sources:
        missing = lacking(root, source)
        if missing:
            out += [f"{source.name}:", *(f"  {line}" for line in missing)]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    root = ROOT
    if argv[:1] == ["--root"]:
        root, argv = Path(argv[1]).resolve(), argv[2:]
        sys.path.insert(0, str(root / "src"))
    from toolerrors._source import BUILT_IN
    from toolerrors.sources import registered

    sources = registered()
    names = argv or list(BUILT_IN)
    unknown = [name for name in names if name not in BUILT_IN]
    if unknown:
        print(f"no built-in source is named {', '.join(unknown)}", file=sys.stderr)
        return 2
    said = "\n".join(
        filter(None, [report(root, (sources[name] for name in names)), *strays(root, BUILT_IN)])
    )
    if said:
        print(said)
    return 1 if said else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
