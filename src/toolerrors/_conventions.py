"""How a body in a convention many APIs share is read, without naming a system.

An error read here keeps ``vendor`` unset, as the lenient reader's do, and its code
verbatim; which bodies are read so is said as claims in `toolerrors._envelopes`.
The kind comes from a code that says what happened in known words, else the words of
the message, weighed against the HTTP status the body gives (a reason phrase such as
``"Not Found"``, or a code that spells one, is a status, not a code) as
`toolerrors._decide` weighs any: the more specific decides.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from pydantic_core import to_json

from ._decide import NEVER_RETRIED, TEXTS, VAGUE, decide
from ._errors import ShapeError
from ._json import bounded_wait
from ._source import expected_shapes
from ._table import of_status
from ._unified import UnifiedError, make
from ._words import (
    UNSAID,
    is_reason_phrase,
    read_words,
    status_in_text,
    status_of_phrase,
    wait_in_text,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ._kinds import ErrorKind

__all__ = [
    "TEXTS",
    "an_error_status",
    "by_field",
    "coded_objects",
    "in_digits",
    "phrase_status",
    "read_convention",
    "stated_wait",
    "texts_of",
    "validation_list",
]

_SENTENCES: Final = ("error", "reason", "errors")
"""Keys whose text is a message when it is a sentence, and a code when it is one word
(Razorpay's ``"reason": "input_validation_failed"`` beside its ``description``;
Shopify's ``"errors": "Exceeded 4 calls per second ..."``)."""
_CODES: Final = (
    "code", "error_code", "errorCode", "type", "errorType", "error_type", "status_txt",
    "error_tag", "err-code", "label",
)  # fmt: skip
_STATUSES: Final = (
    "statusCode", "status", "status_code", "code", "error_code", "http_code", "response_code",
    "error_status",
)  # fmt: skip
_RETRY_FLAGS: Final = ("retryable", "retriable", "retry")
"""Where an error object says whether sending it again may succeed, as a boolean
(Couchbase's query service's ``{"code": 1080, "msg": "Timeout 1ms exceeded", "retry":
true}``): the server's own word, over what its words imply."""
_SNAKE: Final = r"[a-z]+(?:_[a-z]+)+"
"""Words joined by ``_``: a code, where an ``id`` is one (compiled on first use, by
``re``'s own cache: compiled at import, every pattern adds to each start)."""
_WAITS: Final = (
    ("retry_after", 1), ("retryAfter", 1), ("estimated_time", 1), ("retry_after_ms", 1000),
    ("retryAfterMs", 1000),
)  # fmt: skip
"""Where a body may say how long to wait, and in how many parts of a second, at its top
or in ``parameters`` (``{"parameters": {"retry_after": 35}}``); a model server says how
long its model will take to load as ``estimated_time``; others say it in milliseconds
(``retry_after_ms``)."""


def stated_wait(d: Mapping[str, Any]) -> float | None:
    """The seconds to wait a body of no known shape states, at its top or in its
    ``parameters`` (chat platforms' rate limits say ``retry_after`` there), at most
    `MAX_WAIT`."""
    parameters = d.get("parameters")
    places: tuple[Mapping[str, Any], ...] = (d, parameters) if type(parameters) is dict else (d,)
    for place in places:
        for key, scale in _WAITS:
            value: Any = place.get(key)
            if type(value) is int or type(value) is float:
                wait = bounded_wait(value if scale == 1 else value / scale)
                if wait is not None:
                    return wait
    return None


def an_error_status(value: object) -> bool:
    return type(value) is int and 400 <= value <= 599


def in_digits(value: object) -> object:
    """A status given in three digits (``"401"``), or in three digits and a code of the
    API's own after a dot (Bitstamp's ``"400.021"``), as its number; any other value as
    it is."""
    if (
        type(value) is str
        and value[:3].isascii()
        and value[:3].isdigit()
        and (len(value) == 3 or value[3:4] == ".")
    ):
        return int(value[:3])
    return value


def _error_status(value: object) -> int | None:
    """An HTTP error status, as a number or in three digits; else ``None``."""
    number = in_digits(value)
    return number if type(number) is int and 400 <= number <= 599 else None


def texts_of(value: object) -> list[str]:
    """A text, or a list of texts (NestJS's validation messages), as texts."""
    if type(value) is str:
        return [value] if value else []
    if type(value) is list:
        return [item for item in value if type(item) is str and item]
    return []


def _status_and_code(places: tuple[Mapping[str, Any], ...]) -> tuple[int | None, str | None]:
    """The HTTP status a body gives (as a number, or as its reason phrase in ``error``),
    and its own code: a word (``USER_NOT_FOUND``), or a number that is no status."""
    found = (_error_status(p.get(key)) for p in places for key in _STATUSES)
    status = next((number for number in found if number is not None), None)
    code = None
    for p in places:
        for key in _CODES:
            value = p.get(key)
            if type(value) is int and not an_error_status(value) and value != 0:
                code = str(value)  # a number of the API's own (Binance's -1121)
            elif type(value) is str and value and " " not in value and in_digits(value) != status:
                code = value  # not the status again in digits (LiteLLM's "code": "429")
            if code is not None:
                return status, code
    reason = places[0].get("error")
    if type(reason) is str and reason:
        phrase = status_of_phrase(reason)
        if phrase is None and " " not in reason:
            code = reason
        elif status is None:
            status = phrase
    return status, code


_VALIDATION: Final = 422
"""The status FastAPI answers its validation errors with."""


def phrase_status(text: str) -> int | None:
    """The HTTP error status a text names by its reason phrase alone, with the status
    before it or not (``"401 Unauthorized"``, ``"Not Found"``), or ``None``."""
    number, _, rest = text.partition(" ")
    if number.isascii() and number.isdigit() and len(number) == 3:
        status = status_of_phrase(rest)
        return status if status == int(number) else None
    return status_of_phrase(text)


def _named_status(texts: list[str]) -> int | None:
    """The HTTP error status a body's first text names: its reason phrase (``"Not
    Found"``), or a status it states (TeamCity's MCP server's "Failed to fetch build
    results: Request failed with status code 404")."""
    if not texts:
        return None
    return phrase_status(texts[0]) or status_in_text(texts[0])


def validation_list(d: Mapping[str, Any]) -> bool:
    """FastAPI's validation errors: a ``detail`` list of objects with a ``loc`` and a
    text ``msg``; or errors listed by the field they are about (`by_field`)."""
    detail = d.get("detail")
    return (
        type(detail) is list
        and bool(detail)
        and all(
            type(item) is dict and "loc" in item and type(item.get("msg")) is str for item in detail
        )
    ) or by_field(d)


def by_field(d: Mapping[str, Any]) -> bool:
    """Validation errors listed by the field they are about, every field's a list of
    texts (Rails' ``{"errors": {"email": ["has already been taken"]}}``, Laravel's
    ``{"message", "errors": {"media_ids": ["The media ids field is required ..."]}}``),
    beside nothing but a ``message``."""
    errors = d.get("errors")
    return (
        type(errors) is dict
        and 0 < len(errors) <= 64
        and all(key in ("errors", "message") for key in d)
        and all(
            type(texts) is list and texts and all(type(t) is str and t for t in texts)
            for texts in errors.values()
        )
    )


def _texts_in(places: tuple[Mapping[str, Any], ...]) -> list[str]:
    """What a body says went wrong: its messages, else the errors it lists, which are
    the message only where there is no other."""
    texts = [text for p in places for key in TEXTS for text in texts_of(p.get(key))]
    if not texts:
        for p in places:
            for key in ("error", "errors"):
                for item in p.get(key) or () if type(p.get(key)) is list else ():
                    if type(item) is str and item:
                        texts.append(item)  # Kraken's "EAPI:Rate limit exceeded"
                    elif type(item) is dict and type(item.get("message")) is str:
                        texts.append(item["message"])  # an error list's object with a message
                    elif type(item) is dict and type(item.get("reason")) is str:
                        texts.append(item["reason"])  # Linode's {"reason": "Not found"}
        if type(places[0].get("detail")) is list:  # FastAPI's validation errors
            texts.extend(
                item["msg"]
                for item in places[0]["detail"]
                if type(item) is dict and type(item.get("msg")) is str
            )
        if by_field(places[0]):  # Rails': "email: has already been taken"
            texts.extend(
                f"{field}: {text}" for field, said in places[0]["errors"].items() for text in said
            )
    return texts


def _kind(
    code: str | None,
    status: int | None,
    named: int | None,
    texts: list[str],
    unsaid: tuple[ErrorKind, bool | None],
) -> tuple[ErrorKind, bool | None]:
    """What a convention's body says: its code's words, else its texts' words, weighed
    against the status it gives or names (the more specific decides, `decide`), else that
    status.  A code that is a status's name (``PRECONDITION_FAILED``) is that status, no
    more: the texts' words are weighed against it (Fireworks' "suspended ... monthly
    spending limit" with that code is billing), and a code that says only that something
    failed (``internal_error``) gives way to its texts' words (HeyGen's "This avatar does
    not support unlimited mode" with that code is unsupported).  Texts that are only a
    status's reason phrase say no more than a status, and a specific one stated beside
    them decides (ToolHive's JSON-RPC error ``{"code": 403, "message": "Unauthorized"}``
    is a permission denied)."""
    said = None
    if code is not None:
        spelled = status_of_phrase(code.replace("_", " "))
        if spelled is None:
            said = read_words(code)
        elif named is None:
            named = spelled
    phrased = False  # what the texts say is a status's name alone, which a stated one beats
    if said is None or said[0] in VAGUE:  # HeyGen's "internal_error" says only a fault
        phrased = bool(texts) and all(map(is_reason_phrase, texts))
        said = read_words(*texts) or said
    stated = status or named
    if stated is not None:
        said = (
            decide(
                stated, of_status(stated), said, generic=phrased, worded=True, texts=(code, *texts)
            )
            or said
        )
    return said or unsaid


def read_convention(
    d: Mapping[str, Any],
    strict: bool,
    where: str,
    whole: Mapping[str, Any] | None = None,
    unsaid: tuple[ErrorKind, bool | None] = UNSAID,
) -> UnifiedError:
    """An error in one of the shared conventions: its kind from its code's words, its
    status, or its message's words, else ``unsaid``; strictly, no documented shape.
    ``whole`` is the body ``d`` was found in, kept as the error's ``extra``."""
    if strict:
        for key in _CODES:
            code = d.get(key)
            if code is not None:
                raise ShapeError(f"unknown {key} {code!r}; {expected_shapes()}", f"{where}/{key}")
        raise ShapeError(f"a convention no source documents; {expected_shapes()}", where)
    inner = d.get("error")
    if type(inner) is not dict:
        inner = d.get("detail")
    if type(inner) is not dict and coded_objects(d):
        inner = d["errors"][0]  # the first of a list of coded error objects (Square's)
    places = (d, inner) if type(inner) is dict else (d,)
    texts = _texts_in(places)
    status, code = _status_and_code(places)
    if code is None and type(inner) is dict:
        code = _code_of(inner)  # Coinbase's {"id": "authentication_error", "message"}
    named = None  # a status the body names in words: its kind, not the response's status
    if status is None:
        named = _VALIDATION if validation_list(d) else _named_status(texts)
    for place in places:
        for key in _SENTENCES:
            reason = place.get(key)
            if type(reason) is str and " " in reason and status_of_phrase(reason) is None:
                texts.append(reason)  # an error or a reason that is a sentence is a message
    others = [
        v for p in places for k in (*_CODES, "name") if type(v := p.get(k)) is str and v != code
    ]  # an error's name beside its code (Australia Post's "TOO_MANY_AP_TRACKING_IDS")
    kind, retryable = _kind(code, status, named, [*texts, *others], unsaid)
    flag = next((p[key] for p in places for key in _RETRY_FLAGS if type(p.get(key)) is bool), None)
    if flag is not None and kind not in NEVER_RETRIED:
        retryable = flag  # the server's own word (Couchbase's "retry": true)
    wait = stated_wait(d)
    if wait is None:
        wait = next((w for w in map(wait_in_text, texts) if w is not None), None)
    listed = type(d.get("message")) is list  # NestJS's validation messages: every one
    return make(
        kind,
        "; ".join(texts if listed else texts[:1]) or code or to_json(d).decode(),
        retryable=retryable,
        retry_after=wait,
        status_code=status,
        code=code,
        extra=d if whole is None else whole,
    )


def coded_objects(d: Mapping[str, Any]) -> bool:
    """An ``errors`` list whose first is an object with a text ``code`` (or, without one,
    an ``id`` or ``error`` that is a code in words: Coinbase's ``authentication_error``,
    Airtable's ``RATE_LIMIT_REACHED``) and a text
    ``detail`` or ``message`` (Square's ``{"errors": [{"code", "detail", "category"}]}``)."""
    errors = d.get("errors")
    if type(errors) is not list or not errors or type(errors[0]) is not dict:
        return False
    first = errors[0]
    return _code_of(first) is not None and (
        type(first.get("detail")) is str or type(first.get("message")) is str
    )


def _code_of(error: Mapping[str, Any]) -> str | None:
    """An error object's text ``code`` or ``errorCode`` (Astra DB's
    ``NAMESPACE_DOES_NOT_EXIST``), else its ``id`` or ``error`` where that is words
    joined by ``_`` (``authentication_error``; Airtable's ``RATE_LIMIT_REACHED``), not a
    record's identifier nor a sentence."""
    code = error.get("code")
    if type(code) is str:
        return code
    for key in ("errorCode", "error_code"):  # Astra DB's {"message", "errorCode"}
        code = error.get(key)
        if type(code) is str and code and " " not in code:
            return code
    for key in ("id", "error"):
        named = error.get(key)
        if type(named) is str and re.fullmatch(_SNAKE, named, re.IGNORECASE):
            return named
    return None
