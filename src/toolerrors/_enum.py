"""A ``str`` enum whose ``str()`` is its value, on every supported Python."""

from __future__ import annotations

from enum import Enum

__all__ = ["TextEnum"]


class TextEnum(str, Enum):
    """Members are their values: ``str(member)`` and f-strings give the value, as the
    wire has it (``enum.StrEnum`` does the same from Python 3.11 on)."""

    __str__ = str.__str__
