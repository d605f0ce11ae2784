"""Start a new built-in source: write its files, each with ``TODO`` markers where the
source's own facts go, so that ``scripts/checklist.py`` (and tests/test_checklist.py)
names what is left.

    python scripts/new_source.py NAME [--title TITLE] [--root DIR]

It writes the declaration (``src/toolerrors/_builtin/NAME.py``, found by the package by
listing its folder: no list of sources to edit), its pydantic models
(``src/toolerrors/NAME.py``), an example payload (``examples/NAME/``), a payload for the
corpus (``tests/corpus/NAME/``) and its docs page (``docs/NAME.md``), and adds the page to
the site's navigation in ``mkdocs.yml``.  The files make a working source, so the
package imports and every test but the checklist passes while the TODOs are done.
"""

from __future__ import annotations

import argparse
import sys
from itertools import count
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parent.parent

NAV_GROUP = "      - Public APIs:"
"""The group of the site's navigation a new source's page is added to."""

DECLARATION = Template('''\
"""$title as a source.  TODO: what its errors look like (``{"$key": CODE, "message":
text}`` stands in until the real shape is declared below) and what is special in reading
them, after $title's documentation.  The pydantic models are in ``toolerrors.$name``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._kinds import ErrorKind
from .._source import Claim, Field, Shape, Source, canonical_row, home, lookup, with_extra
from .._table import Row, Rows, codes_of
from .._unified import make
from .._words import UNSAID

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .._unified import UnifiedError

__all__ = ["SOURCE", "read_$name", "write"]


rows = Rows("$name", writes=True)

# TODO: a row for each code $title documents: the kind it reads as, whether it may be
# retried (None where the documentation does not say), its meaning, its HTTP status.
READS: Final = (
    rows.read("todo_invalid", ErrorKind.INVALID_INPUT, False, "TODO: its meaning.", status=400),
    rows.read("todo_rate_limited", ErrorKind.RATE_LIMITED, True, "TODO: its meaning.", status=429),
    rows.read("todo_error", ErrorKind.UPSTREAM_ERROR, False, "TODO: its meaning.", status=500),
)
ROWS: Final = (
    *READS,
    # TODO: the code each kind with no code of its own is written as.
    *rows.write("todo_error", *(kind for kind in ErrorKind if kind not in {r.kind for r in READS})),
)

CODES: Final = codes_of(ROWS)
"""The codes $title documents."""

ERROR: Final = Shape(
    "error",
    (
        # TODO: every field of $title's errors, as its documentation gives them.
        Field("$key", (str,), required=True, fills="code", closed=frozenset(CODES)),
        Field("message", (str,), required=True, fills="message"),
    ),
    model="Error",
)


def read_$name(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """``{"$key": CODE, "message": text}``: the code decides."""
    ERROR.check(d, strict, where)
    code = d["$key"]
    row = lookup("$name", code, status=None, strict=strict, where=f"{where}/$key")
    kind, retryable = (row.kind, row.retryable) if row is not None else UNSAID
    return make(kind, d["message"], retryable=retryable, vendor="$name", code=code, extra=d)


def write(error: UnifiedError) -> dict[str, Any]:
    """``error`` as $title's error; at home, everything it came with."""
    at_home = home(error, "$name")
    code = error.code if at_home and error.code else canonical_row(error, "$name").code
    out: dict[str, Any] = {"$key": code, "message": error.message}
    return with_extra(out, error) if at_home else out


def example(row: Row, message: str) -> dict[str, Any]:
    """The error as $title sends it."""
    return {"$key": row.code, "message": message}


SOURCE: Final = Source(
    name="$name",
    title="$title",
    codes=CODES,
    shapes=(ERROR,),
    rows=ROWS,
    claims=(
        # TODO: the key its errors are known by, and a rank before any claim that would
        # take them (docs/sources.md lists the ranks); $rank is the first free one.
        Claim($rank, "$key", read_$name, "TODO: what it takes", is_a=str, texts=("message",)),
    ),
    write=write,
    models=".$name",
    example=example,
    docs="$name.md",
)
''')

MODELS = Template('''\
"""$title errors.  TODO: their shape (``{"$key": CODE, "message": text}`` stands in).

Read them with `toolerrors.parse`, or with `toolerrors.from_http` and the response's
status and headers.
"""

from __future__ import annotations

from typing import Annotated, Final, TypeAlias

from pydantic import Field, StrictStr

from ._builtin.$name import ROWS
from ._enum import TextEnum
from ._wire import FieldProblem, WireModel, as_data, validate

__all__ = ["MEANING", "Error", "ErrorCode", "Payload", "parse"]


class ErrorCode(TextEnum):
    """The codes $title documents.  TODO: one for each of its rows' codes."""

    TODO_INVALID = "todo_invalid"
    TODO_RATE_LIMITED = "todo_rate_limited"
    TODO_ERROR = "todo_error"


MEANING: Final[dict[ErrorCode, str]] = {
    ErrorCode(row.code): row.meaning for row in ROWS if row.reads
}
"""What each code means, in $title's words."""


class Error(WireModel):
    """``{$key, message}``.  TODO: every field of its shape."""

    $key: Annotated[ErrorCode | StrictStr, Field(union_mode="left_to_right")]
    message: StrictStr

    def check_strict(self) -> None:
        if not isinstance(self.$key, ErrorCode):
            raise FieldProblem("$key", f"unknown $name code {self.$key!r}")


Payload: TypeAlias = Error
"""A $title error."""


def parse(payload: object, *, strict: bool = False) -> Error:
    """A $title error (dict, JSON text or model) as its model."""
    return validate(Error, as_data(payload), strict)
''')

EXAMPLE = Template("""\
{
  "$key": "todo_invalid",
  "message": "TODO: an error as $title's documentation shows it"
}
""")

CORPUS = Template("""\
{
  "provenance": {
    "url": "TODO: where $title's error was recorded"
  },
  "status": 400,
  "headers": {},
  "body": {
    "$key": "todo_invalid",
    "message": "TODO: an error $title sent"
  },
  "expect": {
    "kind": "invalid_input",
    "retryable": false,
    "vendor": "$name"
  }
}
""")

PAGE = Template("""\
# $title

TODO: what `toolerrors.$name` models: $title's errors, with a link to the documentation
that describes them, and a payload as $title sends it.

## Codes and kinds

$begin
$end

## Special cases

TODO: what is read otherwise than its row says, and why, in $title's words.

::: toolerrors.$name
""")


def files(name: str, title: str, rank: int) -> dict[str, str]:
    """The files a new source starts with, by their path from the project's root."""
    from gen_docs import BEGIN, END  # the markers of the page's table of codes

    said = {"name": name, "title": title, "key": f"{name}_error", "rank": str(rank)}
    said |= {"begin": BEGIN, "end": END}
    return {
        f"src/toolerrors/_builtin/{name}.py": DECLARATION.substitute(said),
        f"src/toolerrors/{name}.py": MODELS.substitute(said),
        f"examples/{name}/todo_invalid.json": EXAMPLE.substitute(said),
        f"tests/corpus/{name}/todo-invalid-400.json": CORPUS.substitute(said),
        f"docs/{name}.md": PAGE.substitute(said),
    }


def free_rank(ranks: list[int]) -> int:
    """The first free rank in tens: the new claim, on a key of its own, is asked before
    every other, which then takes nothing of its own away from it."""
    return next(rank for rank in count(10, 10) if rank not in ranks)


def with_nav(config: str, title: str, page: str) -> str | None:
    """``mkdocs.yml`` with ``page`` last in `NAV_GROUP`, or ``None`` when it has no such
    group."""
    lines = config.splitlines(keepends=True)
    try:
        at = lines.index(NAV_GROUP + "\n") + 1
    except ValueError:
        return None
    if at == len(lines):
        return None
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]  # the group's entries'
    while at < len(lines) and lines[at].startswith(indent) and lines[at].strip():
        at += 1
    lines.insert(at, f"{indent}- {title}: {page}\n")
    return "".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("name", help="the source's name: a Python identifier, in lower case")
    parser.add_argument("--title", help="its name in prose (the name, when not given)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project's folder")
    args = parser.parse_args(argv)
    name, root = args.name, args.root.resolve()
    title = args.title or name
    sys.path.insert(0, str(root / "src"))
    from toolerrors._source import BUILT_IN, CLAIMS, RESERVED

    if not name.isidentifier() or name != name.lower():
        parser.error(f"{name!r} is no lower-case Python identifier")
    if name in BUILT_IN or name in RESERVED:
        parser.error(f"{name!r} is taken: a built-in source or a name the package reads by")
    written = files(name, title, free_rank([claim.rank for claim in CLAIMS]))
    there = [path for path in written if (root / path).exists()]
    if there:
        parser.error(f"{', '.join(there)} exists already")
    for path, text in written.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, "utf-8")
        print(f"wrote {path}")
    config = root / "mkdocs.yml"
    page = f"{name}.md"
    navigated = with_nav(config.read_text("utf-8"), title, page) if config.is_file() else None
    if navigated is None:
        print(f"add to the nav of mkdocs.yml, under Sources: - {title}: {page}")
    else:
        config.write_text(navigated, "utf-8")
        print(f"added {page} to the nav of mkdocs.yml, under {NAV_GROUP.strip(' -:')}")
    print(
        "next: python scripts/gen_docs.py, then python scripts/checklist.py"
        f" {name}, which names what is left"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
