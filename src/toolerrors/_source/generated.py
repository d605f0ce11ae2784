"""Code written from declarations (a shape's check, the dispatcher), compiled so that it
can be read where it runs."""

from __future__ import annotations

import linecache
from itertools import count
from typing import Any

__all__ = ["compile_named"]

_compiled = count()


def compile_named(what: str, lines: list[str], scope: dict[str, Any]) -> dict[str, Any]:
    """Run generated ``lines`` in ``scope`` under a file name that says what they are
    (``<toolerrors dispatcher 3>``), kept in `linecache` as attrs keeps its own, so that
    a traceback, pdb and ``inspect.getsource`` show them; give back the scope, with what
    they defined."""
    text = "\n".join(lines) + "\n"
    filename = f"<toolerrors {what} {next(_compiled)}>"
    linecache.cache[filename] = (len(text), None, text.splitlines(keepends=True), filename)
    exec(compile(text, filename, "exec"), scope)
    return scope
