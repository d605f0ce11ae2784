"""The package's modules sit in layers, and no import, lazy or not, goes up or round."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from checklist import IN_HOUSE

import toolerrors
from toolerrors.sources import registered

PACKAGE = Path(toolerrors.__file__).parent

BUILT_IN = {f"_builtin.{name}" for name in toolerrors.VENDORS}
"""The built-in sources' modules, found as the package finds them."""
MODELS = {source.models.lstrip(".") for source in registered().values()}
"""The modules of their pydantic models, as each source names its own."""

LAYERS: list[set[str]] = [
    {"_errors", "_enum", "_json", "_builtin", "_extras"},
    {"_kinds", "_held"},
    {"_table", "_words", "_classes", "_semconv"},
    {"_unified"},
    {"_source.fields", "_source.generated"},
    {"_source.checker"},
    {"_source.claims"},
    {"_source.shapes"},
    {"_source.registry"},
    {"_source.reading", "_source.writing"},
    {"_source"},
    {
        *BUILT_IN,
        *MODELS,
        "_problem",
        "_conventions",
        "_envelopes",
        "_decide",
        "_wire",
        "_toolfailure",
    },
    {"_read", "_intext", "_write"},
    {
        "_http",
        "_python",
        "_retry",
        "_text",
        "_spans",
        "otel",
        "retry",
        "mcp",
        "_cli",
        "testing",
        "strategies",
    },
    {"__init__", "__main__", "pytest_plugin", "sources"},
    {
        "integrations",
        "integrations._common",
        "integrations._toolcall",
        "integrations.langgraph",
        "integrations.langchain",
        "integrations.pydantic_ai",
        "integrations.openai_agents",
        "integrations.fastmcp",
    },
]
"""From the bottom up: leaves (errors, the enum base, JSON loading with its limits, the
list of the built-in sources' modules, the extras the optional modules need); the vocabulary (and use_tool's check, whose words
are fixed); what kinds mean, the rows and their lookups; the unified value; the registry
of sources; the sources and their models; generic reading, writing and dispatch; the
facades; the package itself and its entry points."""

LEVEL = {module: level for level, modules in enumerate(LAYERS) for module in modules}


def _name(path: Path) -> str:
    """``_read`` for ``_read.py``, ``integrations.langgraph`` for a module of a subpackage,
    ``integrations`` for its ``__init__.py``."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if len(parts) > 1 and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, package: tuple[str, ...] = ()) -> set[str]:
    """Every module of the package that ``path`` imports, at the top, inside functions or
    under ``TYPE_CHECKING``; ``package`` is the subpackage ``path`` is in."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            base = package[: len(package) - (node.level - 1)]
            if node.module:
                found.add(".".join((*base, node.module.split(".")[0])))
            else:
                found.update(".".join((*base, alias.name)) for alias in node.names)
        elif (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and (node.module or "").split(".")[0] == "toolerrors"
        ):
            found.add("absolute import of toolerrors")
    return found


GRAPH = {
    _name(path): _imports(path, tuple(path.relative_to(PACKAGE).parts[:-1]))
    for path in sorted(PACKAGE.rglob("*.py"))
}


def test_every_module_has_a_layer() -> None:
    """A new module must be placed in a layer before it can be imported."""
    assert set(GRAPH) == set(LEVEL), "place the new module in LAYERS"


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_go_down_or_across(module: str) -> None:
    """A module imports only from its own layer or the ones below, by relative import."""
    for target in GRAPH[module]:
        assert target in LEVEL, f"{module} imports {target}"
        assert LEVEL[target] <= LEVEL[module], (
            f"{module} (layer {LEVEL[module]}) imports {target} (layer {LEVEL[target]})"
        )


def test_no_import_cycle() -> None:
    """The import graph, lazy imports included, has no cycle."""
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = " -> ".join((*path[path.index(module) :], module))
            pytest.fail(f"import cycle: {cycle}")
        if module in done:
            return
        for target in GRAPH.get(module, ()):
            visit(target, (*path, module))
        done.add(module)

    for module in GRAPH:
        visit(module, ())


def test_the_check_finds_a_cycle(tmp_path: Path) -> None:
    """The graph walk sees lazy imports inside functions (the check can fail)."""
    lazy = tmp_path / "m.py"
    lazy.write_text("def f():\n    from ._write import to_model\n    return to_model\n")
    assert _imports(lazy) == {"_write"}


"""The three systems whose errors the library's own vocabulary grew from (use_tool's
held outcomes are its words): the core may say their names."""


def _upstream_names() -> dict[str, str]:
    """Each upstream built-in source's names, as a pattern, by source: its own name and
    its title's first word (``Microsoft`` for Microsoft Graph), unless that is MCP's."""
    names = {}
    for source in registered().values():
        if source.name in IN_HOUSE or source.name not in toolerrors.VENDORS:
            continue
        words = {source.name, source.title.split()[0]} - {"MCP"}
        names[source.name] = "|".join(sorted(words))
    return names


SPOKEN_BY: dict[str, set[str]] = {"graphql": {"github.py"}, "sqlstate": {"postgrest.py"}}
"""The modules of sources that speak a protocol source's shape, which may name it: GitHub's
GraphQL API is half of GitHub's models module."""


def test_no_module_but_its_own_names_an_upstream_source() -> None:
    """The core knows no source: an upstream source's name appears only in its own
    module and its models module, in the modules of sources that speak it (`SPOKEN_BY`),
    and in the framework adapters (``openai-agents`` is a framework's name, not the
    source's)."""
    import re

    roots = [*PACKAGE.glob("*.py"), *(PACKAGE.parent.parent / "scripts").glob("*.py")]
    found = []
    for source, names in _upstream_names().items():
        pattern = re.compile(rf"\b(?:{names})\b", re.IGNORECASE)
        own = {f"{source}.py", *SPOKEN_BY.get(source, ())}
        for path in roots:
            if path.name in own:
                continue
            text = re.sub(r"openai[-_]agents", "", path.read_text(encoding="utf-8"))
            found += [f"{path.name}: {m.group()}" for m in pattern.finditer(text)]
    assert found == []
