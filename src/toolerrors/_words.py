"""Known words: what an error's own text says when nothing more exact does.

A source's documented code or header beats these words, and these words beat an HTTP
status.  The table is read in order: the first entry whose words appear anywhere in the
text decides, so the more telling words come first (an exhausted quota is billing, not a
rate limit; a request that was declined is a refusal, not bad input).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Final

from ._kinds import ErrorKind
from ._table import HTTP, of_status

if TYPE_CHECKING:
    from ._table import Row

__all__ = [
    "BILLING",
    "REFUSAL",
    "UNSAID",
    "WORDS",
    "kind_of_words",
    "names_billing",
    "names_refusal",
    "read_words",
    "row_or_words",
    "status_in_text",
    "status_of_phrase",
    "wait_in_text",
]

BILLING: Final = r"billing|credits?|balance"
"""Words that name money, not a rate: a quota error that says them is spent credit."""
REFUSAL: Final = r"rejected|declined"
"""Words that say a person said no."""

WORDS: Final[tuple[tuple[str, ErrorKind], ...]] = (
    (rf"quota|{BILLING}", ErrorKind.PAYMENT_REQUIRED),
    (
        r"rate ?limit(?:ed|s)?|too many requests|throttl(?:ed|ing)|abuse detection",
        ErrorKind.RATE_LIMITED,
    ),
    (r"timed out|time ?out", ErrorKind.UNKNOWN_OUTCOME),
    (REFUSAL, ErrorKind.REFUSED),
    (r"not found|no such|does not exist", ErrorKind.NOT_FOUND),
    (r"already exists|already completed|conflict", ErrorKind.CONFLICT),
    (r"method (?:is )?not allowed|not supported|unsupported", ErrorKind.UNSUPPORTED),
    (
        r"forbidden|not allowed|not enough rights|permissions?|privileges?|denied",
        ErrorKind.PERMISSION_DENIED,
    ),
    (r"too (?:large|big|long)|exceeds the maximum", ErrorKind.TOO_LARGE),
    (r"overloaded|unavailable|currently loading", ErrorKind.UNAVAILABLE),
    (r"internal(?: server)? error|server error", ErrorKind.INTERNAL),
    (r"(?:must be|not) logged in|not authenticated|unauthenticated", ErrorKind.UNAUTHENTICATED),
    (r"invalid|missing|malformed|required|cannot query field", ErrorKind.INVALID_INPUT),
)
"""(words, kind), most telling first.  Words are whole words of the text once codes are
split into words: ``channel_not_found`` and ``accessDenied`` say "not found" and
"denied"."""


@cache
def _compiled() -> tuple[re.Pattern[str], tuple[re.Pattern[str], ...]]:
    """The table compiled, on first use (compiling it at import cost 2.8 ms, a sixth of
    the library's own import time): every entry in one pattern without groups, which the
    regular expression engine scans far faster than one group an entry, so that one scan
    of the text finds them all; and each entry alone, to tell which one a phrase is."""
    every = re.compile(rf"\b(?:{'|'.join(words for words, _ in WORDS)})\b")
    return every, tuple(re.compile(words) for words, _ in WORDS)


_ENTRY: Final[dict[str, int]] = {}
"""The entry each phrase found belongs to, filled as phrases are met: every entry names
finitely many phrases, so this stays small."""
_CAMEL: Final = r"(?<=[a-z])(?=[A-Z])"
_JOINERS: Final = str.maketrans("_-.", "   ")


_BILLING: Final = rf"\b(?:{BILLING})\b"
_REFUSAL: Final = rf"\b(?:{REFUSAL})\b"
"""The patterns above are compiled on first use, by ``re``'s own cache: compiled at
import, they cost 0.09 ms of start-up (the table's, in `_compiled`, far more)."""
_REFUSAL_WORDS: Final = tuple(REFUSAL.split("|"))


def _words(texts: tuple[str | None, ...]) -> str:
    """The texts as lower-case words: codes split at ``_``, ``-``, ``.`` and camelCase."""
    if len(texts) == 1:
        return _word(texts[0]) if texts[0] else ""
    return " ".join(_word(t) for t in texts if t)


def _word(text: str) -> str:
    """A sentence in lower case; a code (one word) split at ``_``, ``-``, ``.`` and
    camelCase first."""
    if " " in text:
        return (text.replace("_", " ") if "_" in text else text).lower()
    return re.sub(_CAMEL, " ", text).translate(_JOINERS).lower()


def _entry(phrase: str) -> int:
    """The first entry of the table that names ``phrase``, as the alternation chose it."""
    index = _ENTRY.get(phrase)
    if index is None:
        index = next(i for i, each in enumerate(_compiled()[1]) if each.fullmatch(phrase))
        _ENTRY[phrase] = index
    return index


def names_billing(*texts: str | None) -> bool:
    """Whether the texts name billing, credit or a balance (a rate limit's quota does not)."""
    return re.search(_BILLING, _words(texts)) is not None


def names_refusal(text: str) -> bool:
    """Whether ``text`` says that a person said no, whatever else it says; most texts say
    nothing like it, which substring tests tell before the expression runs."""
    lowered = text.lower()
    for word in _REFUSAL_WORDS:
        if word in lowered:
            return re.search(_REFUSAL, lowered) is not None
    return False


def kind_of_words(*texts: str | None) -> ErrorKind | None:
    """The kind the first entry of the table found in ``texts`` names, or ``None``."""
    first = len(WORDS)
    for found in _compiled()[0].finditer(_words(texts)):
        index = _entry(found.group())
        if index < first:
            first = index
            if index == 0:
                break
    return WORDS[first][1] if first < len(WORDS) else None


_ADVICE: Final[dict[ErrorKind, bool | None]] = {
    **dict(HTTP.values()),
    ErrorKind.REFUSED: False,
}
"""The retry advice words give: a status's for the kind it stands for (a rate limit may be
retried, a timeout may have run), and never for a refusal."""


def read_words(*texts: str | None) -> tuple[ErrorKind, bool | None] | None:
    """``(kind, retryable)`` from the known words in ``texts``, or ``None``."""
    kind = kind_of_words(*texts)
    return None if kind is None else (kind, _ADVICE[kind])


UNSAID: Final = (ErrorKind.UNKNOWN, None)
"""Nothing in the payload says: the HTTP status decides, else the kind stays unknown."""


def row_or_words(
    row: Row | None, *texts: str | None, status: int | None = None
) -> tuple[ErrorKind, bool | None]:
    """``(kind, retryable)`` of a code's ``row``; for a code the table does not hold, the
    known words in ``texts``; else what the body's own ``status`` stands for; else
    ``unknown`` with no advice, for the response's status to decide."""
    if row is not None:
        return row.kind, row.retryable
    return read_words(*texts) or of_status(status) or UNSAID


_AMOUNT: Final = (
    r"\d+(?:\.\d+)?"
    r"(?:\s*(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?)(?![a-z])"
    r"|(?!\s*[a-z]))"
)
"""A number and its unit, if any; a number followed by another word is no wait."""


@cache
def _wait_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The wait a text states and its parts, compiled on first use: compiling them costs
    0.8 ms (median of 20 here), which a process that reads no such text never pays."""
    stated = rf"\b(?:retry|try again)\s+(?:after|in)\s+((?:{_AMOUNT}\s*)+)"
    part = r"(\d+(?:\.\d+)?)\s*([a-z]*)"
    return re.compile(stated, re.IGNORECASE), re.compile(part, re.IGNORECASE)


_SCALE: Final = {"m": 60.0, "h": 3600.0}
"""Seconds per minute and hour, by the unit's first letter; a number with no unit, or
with ``s``, ``sec`` or ``seconds``, is in seconds."""


def _seconds(number: str, unit: str) -> float:
    unit = unit.lower()
    scale = 0.001 if unit.startswith(("ms", "milli")) else _SCALE.get(unit[:1], 1.0)
    return float(number) * scale


def wait_in_text(text: str) -> float | None:
    """The wait a text states, in seconds, or ``None``: "retry after 3" (seconds when no
    unit is given), "try again in 17.359s", "retry in 1m30s", "try again in 5 minutes"."""
    stated, part = _wait_patterns()
    found = stated.search(text)
    if found is None:
        return None
    return sum(_seconds(number, unit) for number, unit in part.findall(found[1]))


@cache
def _status_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], dict[int, str]]:
    """A status named as one ("HTTP 422", "status code 429"); one a client's message
    gives after a colon or a parenthesis, or at a line's start, before its reason
    ("GET https://...: 404 Not Found"); any other three-digit error number before a word;
    and the reason phrase of each HTTP error status (Python's `http.HTTPStatus`).
    Compiled on first use, and ``http`` imported then (1 ms)."""
    from http import HTTPStatus

    named = r"\b(?:HTTP(?:/[\d.]+)?|status(?:[ _]code)?)[\s:=]*([45]\d\d)\b"
    marked = r"(?:^|[:(])[ \t]*([45]\d\d)\s+(?=[A-Z][a-z])"
    bare = r"\b([45]\d\d)\s+(?=[A-Za-z])"
    phrases = {status.value: status.phrase.lower() for status in HTTPStatus if status >= 400}
    return (
        re.compile(named, re.IGNORECASE),
        re.compile(marked, re.MULTILINE),
        re.compile(bare),
        phrases,
    )


def status_of_phrase(text: str) -> int | None:
    """The HTTP error status whose reason phrase ``text`` is ("Not Found", "Too Many
    Requests", in any case), or ``None``."""
    lowered = text.lower()
    return next((status for status, phrase in _phrases().items() if phrase == lowered), None)


def _phrases() -> dict[int, str]:
    return _status_patterns()[3]


def status_in_text(text: str) -> int | None:
    """The HTTP error status a text states, or ``None``: "HTTP 422", "status code 429";
    "...: 404 Not Found", "(503 Service Unavailable)", "422 Invalid request" at a line's
    start; or anywhere before its own reason phrase ("Error 404 Not Found").  A number
    with no such mark ("Limit 6000", "Requested 500 tokens", "Found 401 Users") is no
    status."""
    named, marked, bare, phrases = _status_patterns()
    found = named.search(text) or marked.search(text)
    if found is not None:
        return int(found[1])
    for found in bare.finditer(text):
        status = int(found[1])
        phrase = phrases.get(status)
        if phrase is not None and text[found.end() :][: len(phrase)].lower() == phrase:
            return status
    return None
