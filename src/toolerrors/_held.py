"""The check's held-back outcomes as text: render the seed's templates, read them back."""

from __future__ import annotations

import re
from typing import Final

from ._codes import Outcome, Reason

__all__ = ["TEMPLATES", "match", "render"]

TEMPLATES: Final[dict[Outcome, str]] = {
    Outcome.ASK: (
        "Check with {owner} first: {reason}. Ask in your reply, saying what you would do. "
        "Once they say yes, do it again."
    ),
    Outcome.STOP: "Not done: {reason}. Tell {owner}, and don't try another way.",
}
"""The seed's templates, in the seed's characters (a straight apostrophe in "don't")."""

_PATTERNS: Final[dict[Outcome, re.Pattern[str]]] = {
    Outcome.ASK: re.compile(
        r"Check with (?P<owner>.+?) first: (?P<reason>.+)\. Ask in your reply, saying what you "
        r"would do\. Once they say yes, do it again\.",
        re.DOTALL,
    ),
    Outcome.STOP: re.compile(
        r"Not done: (?P<reason>.+?)\. Tell (?P<owner>.+), and don['’]t try another way\.",
        re.DOTALL,
    ),
}

_REASONS: Final[dict[str, Reason]] = {reason.value: reason for reason in Reason}


def render(outcome: Outcome, owner: str, reason: str) -> str:
    """The text ``use_tool`` returns for a held-back action, word for word."""
    return TEMPLATES[outcome].format(owner=owner, reason=reason)


def match(outcome: Outcome, text: str) -> tuple[str, Reason | str] | None:
    """Owner and reason of a held-back text, or ``None`` when it follows no template.

    The reason comes back as a :class:`Reason` when it is one of the seed's, with
    either apostrophe; otherwise as the text found.
    """
    found = _PATTERNS[outcome].fullmatch(text)
    if found is None:
        return None
    reason = found["reason"]
    return found["owner"], _REASONS.get(reason.replace("'", "’"), reason)
