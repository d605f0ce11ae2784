"""The sources that ship with toolerrors, one module each, named as its source: every
module in this folder declares its `toolerrors.sources.Source` as ``SOURCE``, and
`toolerrors` imports them all and registers each, found by listing the folder (no list
of them is kept anywhere else)."""

from __future__ import annotations

import os
from typing import Final

__all__ = ["NAMES"]


def _listed() -> tuple[str, ...]:
    """The modules in this folder, by name, sorted; read through the import system only
    when the folder is no directory (a zip archive), since ``pkgutil`` costs 5 ms of
    import time."""
    names: set[str] = set()
    for folder in __path__:
        try:
            files = os.listdir(folder)
        except OSError:
            from pkgutil import iter_modules

            names.update(info.name for info in iter_modules([folder]))
            continue
        names.update(
            name.partition(".")[0]
            for name in files
            if name.endswith((".py", ".pyc")) and not name.startswith("_")
        )
    return tuple(sorted(names))


NAMES: Final = _listed()
"""The built-in sources' names, which are their modules' names."""
