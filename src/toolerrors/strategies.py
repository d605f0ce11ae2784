"""Hypothesis strategies for the three vendors' error payloads (needs ``hypothesis``).

``error_payloads()`` draws valid wire payloads of every code of every vendor, with
optional fields present and absent, unknown extra fields, and unicode owners and
messages; ``near_misses()`` draws payloads that look right but are not.

    from hypothesis import given
    from toolerrors.strategies import error_payloads

    @given(error_payloads(vendor="pythe"))
    def test_my_agent_survives(payload): ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - exercised without the extra only
    raise ImportError(
        f"{__name__} needs hypothesis: "
        'pip install "hypothesis>=6.100" (or "toolerrors[hypothesis]")'
    ) from exc

from ._codes import CONFIGURE_SDK_MADE, Outcome, Reason, SuggestedAction
from ._held import render
from ._table import ROWS, Row, Vendor

if TYPE_CHECKING:
    from ._kinds import ErrorKind

__all__ = ["error_payloads", "json_values", "near_misses", "owners"]

_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)


def json_values(max_leaves: int = 8) -> st.SearchStrategy[Any]:
    """Any JSON value, small."""
    return st.recursive(
        _LEAF,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=max_leaves,
    )


def owners() -> st.SearchStrategy[str]:
    """First names as the check fills them in: spaces, dots, hyphens, apostrophes, any script."""
    return st.from_regex(
        r"[A-Za-zÀ-ÿĀ-žА-я一-龥][A-Za-zÀ-ÿĀ-žА-я一-龥 .'’\-]{0,15}", fullmatch=True
    )


_messages = st.text(min_size=1, max_size=60)
_extras = st.dictionaries(st.from_regex(r"x_[a-z]{1,8}", fullmatch=True), json_values(), max_size=2)


def _use_tool(
    row: Row, extras: st.SearchStrategy[dict[str, Any]]
) -> st.SearchStrategy[dict[str, Any]]:
    if row.code in ("not_done_yet", "refused"):
        outcome = Outcome.ASK if row.code == "not_done_yet" else Outcome.STOP
        reasons = [reason for reason in Reason if reason.outcome is outcome]
        return st.builds(
            lambda owner, reason: {row.code: render(outcome, owner, reason.value)},
            owners(),
            st.sampled_from(reasons),
        )
    card: st.SearchStrategy[dict[str, Any]] = st.just({}) | st.fixed_dictionaries(
        {"card": st.dictionaries(st.text(max_size=8), json_values(), max_size=3)}
    )
    return st.builds(
        lambda message, card, extra: {"error": row.code, "message": message, **card, **extra},
        _messages,
        card,
        extras,
    )


def _pythe(
    row: Row, extras: st.SearchStrategy[dict[str, Any]]
) -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(
        lambda message, retryable, how_to_fix, extra: {
            "ok": False,
            "code": row.code,
            "message": message,
            "retryable": retryable,
            "how_to_fix": how_to_fix,
            **extra,
        },
        _messages,
        st.booleans() if row.retryable is None else st.just(row.retryable) | st.booleans(),
        st.text(max_size=60),
        extras,
    )


def _optional(name: str, values: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.just({}) | values.map(lambda value: {name: value})


def _configure(
    row: Row, extras: st.SearchStrategy[dict[str, Any]]
) -> st.SearchStrategy[dict[str, Any]]:
    local = row.code in CONFIGURE_SDK_MADE  # no status and no retryable: the SDK made it
    status = (
        st.just({"statusCode": row.when_status})
        if row.when_status is not None
        else st.just({})
        if local
        else _optional("statusCode", st.sampled_from([400, 401, 402, 403, 409, 429, 500, 502, 503]))
    )
    parts = [
        status,
        _optional("type", st.from_regex(r"[a-z_]{1,16}", fullmatch=True)),
        _optional("param", st.text(max_size=12)),
        st.just({}) if local else _optional("retryable", st.booleans()),
        _optional("suggestedAction", st.sampled_from([action.value for action in SuggestedAction])),
        _optional(
            "docUrl", st.from_regex(r"https://docs\.configure\.dev/[a-z]{1,10}", fullmatch=True)
        ),
        _optional("retryAfter", st.integers(0, 3600) | st.floats(0, 3600, allow_nan=False)),
        _optional("requestId", st.from_regex(r"req_[0-9a-f]{8}", fullmatch=True)),
        extras,
    ]
    return st.tuples(_messages, *parts).map(
        lambda drawn: (
            {"code": row.code, "message": drawn[0]}
            | {key: value for part in drawn[1:] for key, value in part.items()}
        )
    )


_BUILDERS: dict[str, Any] = {"use_tool": _use_tool, "pythe": _pythe, "configure": _configure}


def error_payloads(
    vendor: Vendor | None = None, kind: ErrorKind | None = None, *, extra_fields: bool = True
) -> st.SearchStrategy[dict[str, Any]]:
    """Valid wire payloads of ``vendor`` (every vendor by default) that read as ``kind``
    (any kind by default); each code of the table is drawn as often as any other.

    With ``extra_fields=False`` no unknown fields are added, so every payload is valid
    in strict mode too.
    """
    rows = [
        row
        for row in ROWS
        if row.reads
        and (vendor is None or row.vendor == vendor)
        and (kind is None or row.kind is kind)
    ]
    if not rows:
        raise ValueError(f"no {vendor or 'vendor'} code reads as {kind}")
    extras = _extras if extra_fields else st.just({})
    return st.one_of([_BUILDERS[row.vendor](row, extras) for row in rows])


_BREAKS: dict[str, list[tuple[str, Any]]] = {
    "use_tool": [
        ("error", None),
        ("error", 404),
        ("message", None),
        ("message", ["x"]),
        ("card", [1]),
    ],
    "held": [("text", None), ("text", 3)],
    "pythe": [
        ("ok", 0),
        ("ok", "false"),
        ("code", None),
        ("code", 7),
        ("message", None),
        ("retryable", None),
        ("retryable", "true"),
        ("retryable", 1),
        ("how_to_fix", None),
        ("how_to_fix", False),
    ],
    "configure": [
        ("code", 1),
        ("message", None),
        ("message", {}),
        ("statusCode", "404"),
        ("statusCode", True),
        ("retryable", "yes"),
        ("retryAfter", -1),
        ("retryAfter", "30"),
        ("requestId", 12),
        ("type", 3),
    ],
}
"""(field, value): ``None`` removes a required field; anything else is a wrong type."""


def _break(payload: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    broken = dict(payload)
    if field == "text":
        field = next(iter(payload))
    if value is None:
        broken.pop(field, None)
        if not broken:
            broken["x_only"] = True
    else:
        broken[field] = value
    return broken


def near_misses(vendor: Vendor | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Payloads with the right keys but a required field missing or of the wrong type."""

    def breaks(payload: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        shape = (
            "held" if ("not_done_yet" in payload or "refused" in payload)
            else "pythe" if "ok" in payload
            else "use_tool" if "error" in payload
            else "configure"
        )  # fmt: skip
        return st.sampled_from(_BREAKS[shape]).map(lambda change: _break(payload, *change))

    return error_payloads(vendor).flatmap(breaks)
