"""Generated documents match the code, and the README's example runs."""

from __future__ import annotations

import importlib.util
import re
import sys
import types
from typing import TYPE_CHECKING

import pytest

from conftest import ROOT

if TYPE_CHECKING:
    from pathlib import Path


def _gen_docs():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("gen_docs", ROOT / "scripts" / "gen_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_docs"] = module
    spec.loader.exec_module(module)
    return module


def test_mapping_page_matches_the_table() -> None:
    """docs/mapping.md is what the generator makes from the table today."""
    for path, text in _gen_docs().outputs().items():
        if path.suffix == ".md":
            assert path.read_text("utf-8") == text, (
                f"{path} is stale: run python scripts/gen_docs.py"
            )


def test_schemas_match_the_models() -> None:
    """docs/schemas/ are what the generator makes from the models today (with the pydantic
    that CI's docs step uses: older pydantic words equivalent schemas differently)."""
    for path, text in _gen_docs().outputs().items():
        if path.suffix == ".json":
            assert path.read_text("utf-8") == text, (
                f"{path} is stale: run python scripts/gen_docs.py"
            )


def test_mapping_page_lists_every_row() -> None:
    """The page names every code of every vendor and every kind."""
    from toolerrors import ErrorKind
    from toolerrors._table import ROWS

    page = (ROOT / "docs" / "mapping.md").read_text("utf-8")
    for row in ROWS:
        assert f"`{row.label}`" in page
    for kind in ErrorKind:
        assert f"| `{kind.value}` |" in page


EXTRAS = {
    "mcp.md": ("mcp",),
    "otel.md": ("opentelemetry",),
    "retries.md": ("tenacity", "stamina"),
    "httpx.md": ("httpx",),
    "langgraph.md": ("langgraph",),
    "langchain.md": ("langchain",),
    "pydantic_ai.md": ("pydantic_ai",),
    "openai_agents.md": ("agents",),
    "fastmcp.md": ("fastmcp",),
}
"""Pages whose examples need an optional package."""

PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
PAGE_IDS = [
    page.relative_to(ROOT / "docs").as_posix() if page.parent != ROOT else page.name
    for page in PAGES
]
"""Each page by its path under docs/ (``integrations/langgraph.md``), as .ci/run names it."""


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_every_python_example_runs(page: Path) -> None:
    """Every python block of the README and the docs runs as written, in page order."""
    for extra in EXTRAS.get(page.name, ()):
        pytest.importorskip(extra)
    text = page.read_text("utf-8")
    # A module of its own, so that typing.get_type_hints finds the page's names.
    module = types.ModuleType(f"docs_{page.stem}")
    sys.modules[module.__name__] = module
    try:
        for block in re.finditer(r"```python\n(.*?)```", text, re.DOTALL):
            # Padded to its line in the page, so tracebacks (and inspect) point at the page.
            code = "\n" * text.count("\n", 0, block.start(1)) + block[1]
            exec(compile(code, str(page), "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]


def test_every_code_line_of_the_docs_fits_80_columns() -> None:
    """A code block of the site never scrolls sideways on a laptop: each of its lines
    fits in 80 columns, comments on lines of their own."""
    long = [
        f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, block.start(1)) + number} ({len(line)})"
        for page in (ROOT / "docs").rglob("*.md")
        for text in [page.read_text("utf-8")]
        for block in re.finditer(r"^\s*```\w*\n(.*?)^\s*```", text, re.DOTALL | re.MULTILINE)
        for number, line in enumerate(block[1].splitlines(), 1)
        if len(line) > 80
    ]
    assert long == []


def test_pages_with_code_have_examples() -> None:
    """The pages that teach an API show it in runnable python blocks."""
    for name in (
        "index",
        "taxonomy",
        "use_tool",
        "pythe",
        "configure",
        "retries",
        "http",
        "mcp",
        "testing",
    ):
        assert "```python" in (ROOT / "docs" / f"{name}.md").read_text("utf-8"), name


def test_every_public_name_has_one_api_entry() -> None:
    """Each public module's reference (a package's own docstring aside) is rendered on exactly one page, and each name
    the package exports on the API reference's first page: a source's models on the
    source's own page, the rest under docs/api/."""
    import pkgutil

    import toolerrors

    modules = {
        module.name
        for module in pkgutil.walk_packages(toolerrors.__path__, "toolerrors.")
        if not module.ispkg and not any(part.startswith("_") for part in module.name.split("."))
    }
    names = {f"toolerrors.{name}" for name in toolerrors.__all__ if name != "__version__"}
    rendered = [
        (found, page.relative_to(ROOT / "docs").as_posix())
        for page in (ROOT / "docs").rglob("*.md")
        for found in re.findall(r"^::: (toolerrors[\w.]*)$", page.read_text("utf-8"), re.M)
    ]
    assert sorted(name for name, _ in rendered) == sorted(modules | names)
    assert {name for name, page in rendered if page == "api/index.md"} == names


def test_the_pictures_say_what_the_code_does() -> None:
    """The agent loop names every action, the deciders picture only modules that
    exist, and each picture is shown on a page."""
    from toolerrors import Action

    pictures = ROOT / "docs" / "pictures"
    loop = (pictures / "agent-loop.svg").read_text("utf-8")
    shown = set(re.findall(r'<text class="code"[^>]*>(\w+)</text>', loop))
    assert shown == {action.value for action in Action}
    deciders = (pictures / "deciders.svg").read_text("utf-8")
    modules = re.findall(r"(_[\w/&;]+\.py)", deciders)
    assert len(modules) == 8
    for module in modules:
        pattern = module.replace("&lt;source&gt;", "*")
        assert list((ROOT / "src" / "toolerrors").glob(pattern)), module
    pages = "".join(page.read_text("utf-8") for page in (ROOT / "docs").glob("*.md"))
    for picture in pictures.glob("*.svg"):
        assert f"(pictures/{picture.name})" in pages, picture.name


def test_no_page_counts_the_sources_in_words() -> None:
    """The README and the pages say "every built-in source", never how many there are
    in words, which a new source would make untrue: `toolerrors.VENDORS` lists them."""
    numbers = ["three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    numbers += ["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"]
    numbers += ["seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty"]
    said = [
        f"{page.name}: {match[0]}"
        for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
        if page.name not in ("changelog.md", "performance.md")  # what was, when it was
        for match in re.finditer(
            rf"\b(?:{'|'.join(numbers)})(?:-\w+)?\s+(?:(?:built-in\s+)?sources\b|(?:are\s+)?built\s+in)",
            page.read_text("utf-8"),
            re.IGNORECASE,
        )
    ]
    assert said == []


def test_the_docs_group_installs_a_formatter_for_wrapped_signatures() -> None:
    """mkdocs.yml wraps the API reference's signatures (``separate_signature``,
    ``line_length``), which mkdocstrings-python does only with Black or Ruff installed:
    the docs group, which the site is built from alone, installs one."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    assert re.findall(r"^ +(separate_signature: true|line_length: 72)$", config, re.M) == [
        "separate_signature: true",
        "line_length: 72",
    ]
    docs = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["dependency-groups"]["docs"]
    formatters = [req for req in docs if re.match(r"(black|ruff)\b", req)]
    assert formatters == ["ruff>=0.6"]


def _boxes(svg: str) -> list[list[tuple[str, str]]]:
    """Each box of a picture's row of boxes (``rect class="box"`` at y 308): its texts, as
    (class, text), in order."""
    boxes = [
        (float(x), float(x) + float(w))
        for x, w in re.findall(r'<rect class="box" x="([\d.]+)" y="308" width="([\d.]+)"', svg)
    ]
    found: list[list[tuple[str, str]]] = [[] for _ in boxes]
    for cls, x, y, text in re.findall(
        r'<text class="(\w+)" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg
    ):
        for i, (left, right) in enumerate(boxes):
            if left <= float(x) <= right and float(y) > 308:
                found[i].append((cls, text))
    return found


def test_the_agent_loop_says_what_each_action_does() -> None:
    """Every action that retries sits in the retry box, with the attempts `RetryPolicy`
    makes; only an approval is said to pause, in the box whose actions the approval's
    kind can have."""
    from toolerrors import Action, ErrorKind
    from toolerrors._table import KINDS, RETRY_ACTIONS
    from toolerrors.retry import RetryPolicy

    boxes = _boxes((ROOT / "docs" / "pictures" / "agent-loop.svg").read_text("utf-8"))
    box_of = {text: i for i, box in enumerate(boxes) for cls, text in box if cls == "code"}
    assert set(box_of) == {action.value for action in Action}
    retrying = boxes[box_of[Action.RETRY.value]]
    assert {box_of[action.value] for action in RETRY_ACTIONS} == {box_of[Action.RETRY.value]}
    assert sum(1 for i in box_of.values() if i == box_of[Action.RETRY.value]) == len(RETRY_ACTIONS)
    said = [text for cls, text in retrying if cls == "sub"]
    assert f"up to {RetryPolicy().attempts} attempts" in said
    assert RetryPolicy().rate_limit_retries == 1 and "once more," in said
    approval = box_of[KINDS[ErrorKind.APPROVAL_REQUIRED].action.value]
    pausing = [i for i, box in enumerate(boxes) for _, text in box if "pause" in text]
    assert pausing == [approval]
    assert "only an approval" in [text for _, text in boxes[approval]]


def test_the_install_steps_work_from_a_clone_and_the_changelog_stays_out_of_search() -> None:
    """The package is installed from a clone (it is on no index), the site's own
    dependencies are named, and search finds pages rather than the changelog."""
    index = (ROOT / "docs" / "index.md").read_text("utf-8")
    assert "pip install .\n" in index and "pip install toolerrors\n" not in index
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    from_the_index = [
        f"{page.relative_to(ROOT)}: {found}"
        for page in pages
        for found in re.findall(r"pip install\s+\"?toolerrors\b[^`\n]*", page.read_text("utf-8"))
    ]
    assert from_the_index == []  # an extra is `pip install ".[mcp]"`, in the clone
    assert "pip install -e . --group docs\nmkdocs serve\n" in index
    changelog = (ROOT / "docs" / "changelog.md").read_text("utf-8")
    assert changelog.startswith("---\nsearch:\n  exclude: true\n---\n")
