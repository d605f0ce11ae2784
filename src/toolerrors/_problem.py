"""RFC 9457 problem details (``application/problem+json``), written and read back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ._decide import decide
from ._errors import ShapeError
from ._held import REASON_BY_VALUE
from ._kinds import ACTION_BY_VALUE, KIND_BY_VALUE, ErrorKind
from ._source import Claim, Field, Shape, add_claim
from ._table import KINDS, of_status
from ._unified import UnifiedError, make
from ._words import UNSAID, read_words

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["ATTRIBUTES", "attributes", "is_problem", "read_problem", "to_problem"]

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


MEMBERS: Final = Shape(
    "problem details",
    (
        Field("type", (str,)),
        Field("title", (str,)),
        Field("status", (int,)),
        Field("detail", (str,)),
        Field("instance", (str,)),
    ),
    model="",
)
"""RFC 9457's members and the JSON type each must have; any other member is an
extension, which readers ignore when they do not know it."""

ATTRIBUTES: Final = (
    Field("kind", (str,), required=True),
    Field("retryable", (bool,)),
    Field("retry_after", (int, float), seconds=True),
    Field("vendor", (str,)),
    Field("code", (str,)),
    Field("owner", (str,)),
    Field("reason", (str,)),
    Field("suggested_action", (str,)),
)
"""The `UnifiedError` attributes that our problem documents and `UnifiedError.to_dict`
both write under their own names, with their JSON types: `attributes` reads them."""


def attributes(d: Mapping[str, Any], strict: bool, where: str) -> dict[str, Any]:
    """`ATTRIBUTES` but the kind, as `make`'s keywords, read alike for a unified dict and
    one of our problem documents.  An action no `Action` names is refused under
    ``strict``, and otherwise dropped: the kind, which says more, is kept."""
    named = d.get("suggested_action")
    action = ACTION_BY_VALUE.get(named) if named is not None else None
    if named is not None and action is None and strict:
        raise ShapeError(f"unknown action {named!r}", f"{where}/suggested_action")
    reason = d.get("reason")
    return {
        "retryable": d.get("retryable"),
        "retry_after": d.get("retry_after"),
        "vendor": d.get("vendor"),
        "code": d.get("code"),
        "owner": d.get("owner"),
        "reason": REASON_BY_VALUE.get(reason, reason) if reason is not None else None,
        "suggested_action": action,
    }


OURS: Final = Shape(
    "toolerrors problem details",
    (*MEMBERS.fields, *ATTRIBUTES, Field("payload", (dict,))),
    model="",
)
"""A problem document `to_problem` wrote: the members, and toolerrors' extension members."""

_MEMBER_TYPES: Final = {field.name: field.types[0] for field in MEMBERS.fields}


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
    for key, cls in _MEMBER_TYPES.items():
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


def read_problem(d: Mapping[str, Any], strict: bool, where: str) -> UnifiedError:
    """A problem document: ours by its extension members, a foreign one by its status."""
    named = d.get("kind")
    kind = KIND_BY_VALUE.get(named) if type(named) is str else None
    # Extension members are RFC 9457's to allow: no reading refuses one it does not know.
    (MEMBERS if kind is None else OURS).check(d, False, where)
    status, instance = d.get("status"), d.get("instance")
    detail, title = d.get("detail"), d.get("title")
    message = detail if detail is not None else title or ""
    if kind is not None:  # written by toolerrors: the members say it all
        extra = d.get("payload")
        return make(
            kind,
            message,
            status_code=status,
            request_id=instance,
            **attributes(d, strict, where),
            extra=dict(extra) if extra is not None else None,  # a nested dict the caller may hold
        )
    if strict and "kind" in d:
        raise ShapeError(f"unknown kind {d['kind']!r}", f"{where}/kind")
    uri = d.get("type")
    said = read_words(uri if type(uri) is str else None, title, detail)
    if type(status) is int:
        # the more specific decides: "out of credits" under a 403 is billing, and a 409's
        # "Job is in invalid state" (Rev AI's) a conflict
        said = decide(status, of_status(status), said, worded=True) or said
    kind, retryable = said or of_status(status) or UNSAID
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


for _rank, _anchor in ((500, "title"), (510, "detail")):
    add_claim(
        Claim(_rank, _anchor, read_problem, "RFC 9457 problem details", when=_is_problem),
        "problem",
    )
