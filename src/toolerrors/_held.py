"""The check's held-back outcomes as text: render use_tool's documented templates, and
read them back."""

from __future__ import annotations

from typing import Final

from ._codes import REASON_BY_VALUE, Outcome, Reason

__all__ = ["TEMPLATES", "match", "render"]

TEMPLATES: Final[dict[Outcome, str]] = {
    Outcome.ASK: (
        "Check with {owner} first: {reason}. Ask in your reply, saying what you would do. "
        "Once they say yes, do it again."
    ),
    Outcome.STOP: "Not done: {reason}. Tell {owner}, and don't try another way.",
}
"""use_tool's documented templates, in its own characters (a straight apostrophe in "don't")."""

_ASK_HEAD, _ASK_TAIL = TEMPLATES[Outcome.ASK].split("{owner} first: {reason}")
_STOP_HEAD = "Not done: "
_STOP_TAILS = (", and don't try another way.", ", and don’t try another way.")
_ASK_CUT = len(_ASK_HEAD)
_STOP_CUT, _STOP_END = len(_STOP_HEAD), len(_STOP_TAILS[0])  # both tails are as long
_ASK_ENDS: Final[dict[str, Reason]] = {
    f" first: {text}{_ASK_TAIL}": reason
    for reason in Reason
    for text in {reason.value, reason.value.replace("’", "'")}
}
"""Everything after the owner in an ask text, for each reason with either apostrophe: one
dictionary lookup reads the reason (a third of the time of slicing and partitioning)."""
_ASK_KEY: Final = Outcome.ASK.key
_ASK: Final = Outcome.ASK


def render(outcome: Outcome, owner: str, reason: str) -> str:
    """The text ``use_tool`` returns for a held-back action, word for word."""
    return TEMPLATES[outcome].format(owner=owner, reason=reason)


def match(outcome: Outcome, text: str) -> tuple[str, Reason | str] | None:
    """Owner and reason of a held-back text, or ``None`` when it follows no template.

    The owner ends at the first " first: " (ask) and the reason at the first ". Tell "
    (stop).  The reason comes back as a `Reason` when it is one of use_tool's documented
    reasons, with either apostrophe; otherwise as the text found.
    """
    if outcome is _ASK:
        if not text.startswith(_ASK_HEAD):
            return None
        cut = text.find(" first: ", _ASK_CUT)
        known = _ASK_ENDS.get(text[cut:]) if cut > _ASK_CUT else None
        if known is not None:
            return text[_ASK_CUT:cut], known
        if cut <= _ASK_CUT or not text.endswith(_ASK_TAIL):
            return None
        owner, reason = text[_ASK_CUT:cut], text[cut + 8 : -len(_ASK_TAIL)]
    else:
        if not (text.startswith(_STOP_HEAD) and text.endswith(_STOP_TAILS)):
            return None
        reason, _, owner = text[_STOP_CUT:-_STOP_END].partition(". Tell ")
    if not owner or not reason:
        return None
    known = REASON_BY_VALUE.get(reason)
    if known is None and "'" in reason:
        known = REASON_BY_VALUE.get(reason.replace("'", "’"))
    return owner, known if known is not None else reason
