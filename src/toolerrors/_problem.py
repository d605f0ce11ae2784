"""RFC 9457 problem details (``application/problem+json``), written and read back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ._errors import ShapeError
from ._json import is_wait
from ._kinds import ACTION_BY_VALUE, KIND_BY_VALUE, ErrorKind
from ._source import Claim, add_claim
from ._table import KINDS, of_status
from ._unified import UnifiedError, make
from ._words import UNSAID, read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["is_problem", "read_problem", "to_problem"]

TYPE_PREFIX: Final = "urn:toolerrors:kind:"
"""Problem ``type`` URIs name the kind: ``urn:toolerrors:kind:rate_limited``."""


_TYPES: Final = {kind: TYPE_PREFIX + kind.value for kind in ErrorKind}
_TITLES: Final = {kind: kind.value.replace("_", " ").capitalize() for kind in ErrorKind}


def to_problem(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a problem details object (``application/problem+json``) with
    toolerrors' extension members: ``kind``, ``retryable``, ``retry_after``, ``vendor``,
    ``code``, and when set ``owner``, ``reason``, ``suggested_action`` and ``payload``.

    A foreign problem document read by `parse` is written back as it came; any other
    error carries, in ``payload``, the fields of the vendor's payload that the members
    don't (`UnifiedError.vendor_fields`), so that the document converts back to the
    vendor unchanged.
    """
    kind = error.kind
    foreign = error.extra if error.vendor == "problem" else None
    out: dict[str, Any] = {
        "type": _TYPES[kind] if foreign is None else foreign.get("type", _TYPES[kind]),
        "title": _TITLES[kind] if foreign is None else foreign.get("title", _TITLES[kind]),
    }
    status = error.status_code if error.status_code is not None else KINDS[kind].status
    if status is not None:
        out["status"] = status
    out["detail"] = error.message
    if error.request_id is not None:
        out["instance"] = error.request_id
    if foreign is not None:
        for key, value in foreign.items():
            out.setdefault(key, value)
        return out
    out["kind"] = str(kind)
    out["retryable"] = error.retryable
    out["retry_after"] = error.retry_after
    out["vendor"] = error.vendor
    out["code"] = error.code
    if error.owner is not None:
        out["owner"] = error.owner
    if error.reason is not None:
        out["reason"] = str(error.reason)
    if error.suggested_action is not None:
        out["suggested_action"] = str(error.suggested_action)
    fields = error.vendor_fields()
    if fields:
        out["payload"] = fields
    return out


_MEMBERS: Final = {"type": str, "title": str, "status": int, "detail": str, "instance": str}
"""RFC 9457's members and the JSON type each must have."""


def is_problem(d: Mapping[str, Any], *, media_type: bool = False) -> bool:
    """A problem document, recognised by what RFC 9457 asks of one.

    Every member it has is of the right type, and it has none of the vendors' own keys
    (``message``, ``error``).  Then the ``application/problem+json`` media type
    (``media_type``) settles it; otherwise it needs ``title`` or ``detail`` and one of: an
    error ``status`` (4xx or 5xx), toolerrors' own ``type`` and ``kind``, or a ``type``
    URI with both ``title`` and ``detail``.  So a document or an issue with a ``title``
    (``{"title": "Crash on save", "status": "open"}``) is a result, not an error.
    """
    if "message" in d or "error" in d:
        return False
    for key, cls in _MEMBERS.items():
        value = d.get(key)
        if value is not None and type(value) is not cls:
            return False
    if media_type:
        return True
    title, detail = d.get("title"), d.get("detail")
    if title is None and detail is None:
        return False
    status = d.get("status")
    if status is not None and 400 <= status <= 599:
        return True
    uri = d.get("type")
    if uri is None:
        return False
    if uri.startswith(TYPE_PREFIX):
        return d.get("kind") in KIND_BY_VALUE
    return (":" in uri or uri.startswith("/")) and title is not None and detail is not None


def _opt(d: Mapping[str, Any], key: str, types: tuple[type, ...], where: str) -> Any:
    value = d.get(key)
    if value is not None and (type(value) not in types):
        raise ShapeError(f"expected {' or '.join(t.__name__ for t in types)}", f"{where}/{key}")
    return value


def read_problem(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A problem document: ours by its extension members, a foreign one by its status."""
    status = _opt(d, "status", (int,), where)
    detail = _opt(d, "detail", (str,), where)
    title = _opt(d, "title", (str,), where)
    instance = _opt(d, "instance", (str,), where)
    named = d.get("kind")
    kind = KIND_BY_VALUE.get(named) if type(named) is str else None
    message = detail if detail is not None else title or ""
    if kind is not None:  # written by toolerrors: the members say it all
        retryable = _opt(d, "retryable", (bool,), where)
        wait = _opt(d, "retry_after", (int, float), where)
        if wait is not None and not is_wait(wait):
            raise ShapeError(
                "expected a number of seconds (finite, not negative)", f"{where}/retry_after"
            )
        vendor = _opt(d, "vendor", (str,), where)
        code = _opt(d, "code", (str,), where)
        owner = _opt(d, "owner", (str,), where)
        reason = _opt(d, "reason", (str,), where)
        extra = _opt(d, "payload", (dict,), where)
        extra = dict(extra) if extra is not None else None  # a nested dict the caller may hold
        named = _opt(d, "suggested_action", (str,), where)
        suggested = ACTION_BY_VALUE.get(named) if named is not None else None
        if named is not None and suggested is None and strict:
            raise ShapeError(f"unknown action {named!r}", f"{where}/suggested_action")
        return make(
            kind,
            message,
            retryable=retryable,
            retry_after=wait,
            status_code=status,
            vendor=vendor,
            code=code,
            owner=owner,
            reason=reason,
            request_id=instance,
            suggested_action=suggested,
            extra=extra,
        )
    if strict and "kind" in d:
        raise ShapeError(f"unknown kind {d['kind']!r}", f"{where}/kind")
    uri = d.get("type")
    kind, retryable = (
        read_words(uri if type(uri) is str else None, title, detail) or of_status(status) or UNSAID
    )  # its words decide before its status: "out of credits" under a 403 is billing
    extra = {key: value for key, value in d.items() if key not in ("status", "detail", "instance")}
    code = str(status) if status is not None else None
    return make(
        kind,
        message,
        retryable=retryable,
        status_code=status,
        vendor="problem",
        code=code,
        request_id=instance,
        extra=extra,
    )


def _is_problem(d: Mapping[str, Any]) -> bool:
    return is_problem(d)


for _rank, _anchor in ((50, "title"), (51, "detail")):
    add_claim(
        Claim(_rank, _anchor, read_problem, "RFC 9457 problem details", when=_is_problem),
        "problem",
    )
