"""RFC 9457 problem details (``application/problem+json``), written and read back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ._errors import ShapeError
from ._kinds import ErrorKind
from ._table import HTTP, HTTP_OTHER, KINDS, SUGGESTED
from ._unified import UnifiedError, make

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["MEDIA_TYPE", "read_problem", "to_problem"]

MEDIA_TYPE: Final = "application/problem+json"
TYPE_PREFIX: Final = "urn:toolerrors:kind:"
"""Problem ``type`` URIs name the kind: ``urn:toolerrors:kind:rate_limited``."""

_MEMBERS: Final = ("kind", "retryable", "retry_after", "vendor", "code", "owner", "reason", "extra")
"""Extension members toolerrors writes; clients that don't know them ignore them."""

_KINDS_BY_VALUE: Final = {kind.value: kind for kind in ErrorKind}
_TYPES: Final = {kind: TYPE_PREFIX + kind.value for kind in ErrorKind}
_TITLES: Final = {kind: kind.value.replace("_", " ").capitalize() for kind in ErrorKind}


def to_problem(error: UnifiedError) -> dict[str, Any]:
    """``error`` as a problem details object with toolerrors' extension members.

    A foreign problem document read by `toolerrors.parse` is written back as it
    came; any other error carries its vendor's own fields in ``extra``, so that the
    document converts back to the vendor unchanged.
    """
    foreign = error.vendor == "problem" and error.extra is not None
    kept = error.extra if foreign and error.extra is not None else {}
    out: dict[str, Any] = {
        "type": kept.get("type", _TYPES[error.kind]),
        "title": kept.get("title", _TITLES[error.kind]),
    }
    status = error.status_code if error.status_code is not None else KINDS[error.kind].status
    if status is not None:
        out["status"] = status
    out["detail"] = error.message
    if error.request_id is not None:
        out["instance"] = error.request_id
    if foreign:
        return out | {key: value for key, value in kept.items() if key not in out}
    out |= {
        "kind": error.kind.value,
        "retryable": error.retryable,
        "retry_after": error.retry_after,
        "vendor": error.vendor,
        "code": error.code,
    }
    if error.owner is not None:
        out["owner"] = error.owner
    if error.reason is not None:
        out["reason"] = str(error.reason)
    if error.extra:
        out["extra"] = dict(error.extra)
    return out


def is_problem(d: Mapping[str, Any]) -> bool:
    """A problem document: ``title`` or ``detail``, and none of the vendors' own keys."""
    return ("title" in d or "detail" in d) and "message" not in d and "error" not in d


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
    kind = _KINDS_BY_VALUE.get(named) if type(named) is str else None
    message = detail if detail is not None else title or ""
    if kind is not None:  # written by toolerrors: the members say it all
        retryable = _opt(d, "retryable", (bool,), where)
        wait = _opt(d, "retry_after", (int, float), where)
        vendor = _opt(d, "vendor", (str,), where)
        code = _opt(d, "code", (str,), where)
        owner = _opt(d, "owner", (str,), where)
        reason = _opt(d, "reason", (str,), where)
        extra = _opt(d, "extra", (dict,), where)
        hint = extra.get("suggestedAction") if vendor == "configure" and extra else None
        suggested = SUGGESTED.get(hint) if type(hint) is str else None
        return make(
            kind,
            message,
            retryable,
            wait,
            status,
            vendor,
            code,
            owner,
            reason,
            instance,
            suggested,
            extra,
        )
    if strict and "kind" in d:
        raise ShapeError(f"unknown kind {d['kind']!r}", f"{where}/kind")
    kind, retryable = (
        HTTP.get(status) or HTTP_OTHER.get(status // 100, (ErrorKind.UNKNOWN, None))
        if status is not None and status >= 400
        else (ErrorKind.UNKNOWN, None)
    )
    extra = {key: value for key, value in d.items() if key not in ("status", "detail", "instance")}
    code = str(status) if status is not None else None
    return make(
        kind, message, retryable, None, status, "problem", code, None, None, instance, None, extra
    )
