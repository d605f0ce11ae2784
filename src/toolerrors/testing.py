"""Testing with toolerrors: one-line assertions and realistic error payloads.

``assert_error`` checks what an error means, ``assert_shape`` that a payload is valid
wire JSON for a vendor, and the factories build valid payloads for every code of every
vendor.  Failures are plain ``AssertionError``s; under pytest, this module's own frames
are hidden from the traceback.  Nothing here imports pytest.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ._errors import ComparedByArgs, ShapeError
from ._held import REASON_BY_VALUE, Outcome, Reason, render
from ._json import load
from ._kinds import Action, ErrorKind
from ._problem import read_problem
from ._python import from_exception
from ._read import parse
from ._source import NO_VALUE, SHOULD_RETRY, SOURCES, Source, problems
from ._table import KINDS, read_row

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ._table import Row, Target
    from ._unified import UnifiedError

__all__ = [
    "ABSENT",
    "FIELDS",
    "Call",
    "FakeClock",
    "FakeTool",
    "HttpResponse",
    "RaisedToolError",
    "UnexpectedCall",
    "assert_error",
    "assert_shape",
    "configure_error",
    "every_payload",
    "http_response",
    "mcp_success",
    "not_done_yet",
    "payload",
    "pythe_error",
    "pythe_success",
    "raises_tool_error",
    "refused",
    "use_tool_error",
]

FIELDS: Final = (
    "kind", "vendor", "code", "retryable", "retry_after", "status_code",
    "action", "owner", "reason", "message",
)  # fmt: skip
"""What ``assert_error`` can check."""


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = _Absent()
"""Pass as a factory override to leave a field out of the payload."""


def assert_error(payload: object, **expected: Any) -> UnifiedError:
    """Read ``payload`` and check any of `FIELDS`; return the error.

    ``payload`` is anything `toolerrors.parse` reads, or an exception, read with
    `toolerrors.from_exception` (a `toolerrors.ToolFailure` gives the error it carries).
    Kinds, actions and reasons may be given as enums or as their text; a reason matches
    with either apostrophe, as parsing reads it.

    Every differing field is named with its expected and actual values.  A payload that
    is not an error fails with what it was.
    """
    __tracebackhide__ = True
    unknown = sorted(set(expected) - set(FIELDS))
    if unknown:
        raise TypeError(
            f"assert_error() can't check {', '.join(unknown)}; it checks {', '.join(FIELDS)}"
        )
    if isinstance(payload, BaseException):
        error = from_exception(payload)
    else:
        try:
            error = parse(payload)
        except ShapeError as exc:
            raise AssertionError(f"not a tool error: {exc}") from None
    reason = expected.get("reason")
    if isinstance(reason, str) and not isinstance(reason, Reason):  # either apostrophe
        expected["reason"] = REASON_BY_VALUE.get(reason.replace("'", "’"), reason)
    differences = [
        f"  {name}: expected {_show(want)}, got {_show(getattr(error, name))}"
        for name, want in expected.items()
        if not _same(getattr(error, name), want)
    ]
    if differences:
        source = f"{error.vendor} {error.code}" if error.code else str(error.vendor)
        raise AssertionError(
            f"{source} error differs in {len(differences)} field(s):\n" + "\n".join(differences)
        )
    return error


def _same(actual: object, want: object) -> bool:
    if isinstance(want, bool) or want is None or isinstance(actual, bool) or actual is None:
        return actual is want
    return actual == want


def _show(value: object) -> str:
    return repr(value.value) if isinstance(value, (ErrorKind, Action, Reason)) else repr(value)


def _source(vendor: str) -> Source:
    source = SOURCES.get(vendor)
    if source is None:
        raise ValueError(f"unknown vendor {vendor!r}; expected one of {', '.join(SOURCES)}")
    return source


def assert_shape(payload: object, vendor: Target, strict: bool = True) -> Any:
    """``payload`` is valid wire JSON for ``vendor`` (strict: nothing the vendor does not
    document); returns the vendor's model, or for ``"problem"`` (RFC 9457) the error it
    reads as.

    It checks shape, not whether the payload is an error: a vendor's success envelope
    passes.  Use `assert_error` for "is an error".  The failure lists every problem, each
    at its field, in the words `toolerrors.parse` uses (``/retryAfter: expected a number
    of seconds``).
    """
    __tracebackhide__ = True
    if vendor == "problem":
        try:
            return read_problem(_as_object(payload), strict, "")
        except ShapeError as exc:
            raise AssertionError(f"not valid RFC 9457 problem details: {exc}") from None
    if vendor not in SOURCES:
        expected = ", ".join((*SOURCES, "problem"))
        raise TypeError(f"unknown vendor {vendor!r}; expected one of {expected}")
    source = SOURCES[vendor]
    try:
        return source.models_of().parse(payload, strict=strict)
    except ShapeError as exc:
        found = _every_problem(source, payload, strict) or [exc]
    if len(found) == 1:
        raise AssertionError(f"not a valid {vendor} payload: {found[0]}")
    said = "".join(f"\n  {problem}" for problem in found)
    raise AssertionError(f"not a valid {vendor} payload, {len(found)} problems:{said}")


def _every_problem(source: Source, payload: object, strict: bool) -> list[ShapeError]:
    """Every problem with ``payload`` as the nearest of the source's shapes, an unknown
    code among them, in the words `toolerrors.parse` uses; where the shape holds, what
    parsing refuses beyond it."""
    try:
        d = _as_object(payload)
    except (ShapeError, ValueError) as exc:
        return [exc if isinstance(exc, ShapeError) else ShapeError(str(exc))]
    found = min((problems(shape, d, strict, "") for shape in source.shapes), key=len)
    if not found:  # the shape holds: what parsing refuses beyond it
        try:
            parse(d, strict=strict)
        except ShapeError as ours:
            found.append(ours)
    return found


def _as_object(payload: object) -> Mapping[str, Any]:
    """A payload given as JSON text or bytes, decoded; an object as it is."""
    value = load(payload) if isinstance(payload, (str, bytes, bytearray)) else payload
    if not isinstance(value, Mapping):
        raise ShapeError(f"expected a JSON object, got {type(value).__name__}")
    return value


def _apply(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``base`` with each override set (or, for `ABSENT`, left out) where its field is:
    at the top, or inside the error object of an envelope (``{"error": {...}}``), where
    a field of neither goes when that object is all there is."""
    inner = base.get("error")
    inner = inner if type(inner) is dict else None
    for key, value in overrides.items():
        into = base
        if inner is not None and key not in base and (key in inner or len(base) == 1):
            into = inner
        if value is ABSENT or value is NO_VALUE:
            into.pop(key, None)
        else:
            into[key] = value
    return base


def _row(vendor: str, code: str) -> Row:
    row = read_row(vendor, code, None)
    if row is None:
        codes = sorted({r.code for r in _source(vendor).rows if r.reads})
        raise ValueError(f"unknown {vendor} code {code!r}; expected one of {', '.join(codes)}")
    return row


def _example(
    vendor: str, code: str, message: str | None, overrides: dict[str, Any]
) -> dict[str, Any]:
    """The source's own realistic payload for ``code``: the message given (an empty one
    too), else the code's documented meaning; then the overrides."""
    row = _row(vendor, code)
    base = _source(vendor).example(row, row.meaning if message is None else message)
    return _apply(base, overrides)


def use_tool_error(
    code: str = "not_found", message: str | None = None, /, **overrides: Any
) -> dict[str, Any]:
    """``{error, message}`` for a use_tool kind; add ``card={...}`` or any override."""
    if code in ("not_done_yet", "refused"):
        _row("use_tool", code)
        raise ValueError(f"{code!r} is a check-held outcome: use not_done_yet() or refused()")
    return _example("use_tool", code, message, overrides)


def not_done_yet(
    owner: str = "Ana", reason: Reason | str = Reason.UNDECIDED, /, **overrides: Any
) -> dict[str, Any]:
    """The check asks the owner first, in use_tool's documented words."""
    return _apply({"not_done_yet": render(Outcome.ASK, owner, str(reason))}, overrides)


def refused(
    owner: str = "Ana", reason: Reason | str = Reason.SENSITIVE_DATA, /, **overrides: Any
) -> dict[str, Any]:
    """The check stopped the action, in use_tool's documented words."""
    return _apply({"refused": render(Outcome.STOP, owner, str(reason))}, overrides)


def pythe_error(
    code: str = "internal", message: str | None = None, /, **overrides: Any
) -> dict[str, Any]:
    """A Pythe error envelope with the code's default retryability and Pythe's documented advice."""
    return _example("pythe", code, message, overrides)


def configure_error(
    code: str = "SERVER_ERROR", message: str | None = None, /, **overrides: Any
) -> dict[str, Any]:
    """A Configure error as the backend sends it (or, for TIMEOUT, NETWORK_ERROR and
    API_KEY_MISSING, as the SDK makes it), camelCase; ``statusCode=404`` and the like
    override."""
    return _example("configure", code, message, overrides)


def payload(vendor: str, code: str, /, **overrides: Any) -> dict[str, Any]:
    """A valid payload for any code of any registered source (``not_done_yet`` and
    ``refused`` too), as that source's own factory makes it."""
    return _example(vendor, code, None, overrides)


class HttpResponse(NamedTuple):
    """An HTTP error response as `toolerrors.from_http` reads it: ``from_http(*response)``."""

    status: int
    headers: dict[str, str]
    body: dict[str, Any]


def http_response(
    vendor: str,
    code: str,
    /,
    *,
    status: int | None = None,
    retry_after: float | None = None,
    should_retry: bool | None = None,
    headers: Mapping[str, str] | None = None,
    **overrides: Any,
) -> HttpResponse:
    """``vendor``'s error response for ``code``: the status the vendor documents for the
    code (else the status of its kind, else 500), `payload`'s body with ``overrides``, and
    the headers `toolerrors.from_http` reads::

        response = http_response(vendor, code, retry_after=2)
        assert_error(from_http(*response), retry_after=2.0)

    - ``Retry-After`` in whole seconds, or ``retry-after-ms`` for a fraction, when
      ``retry_after`` is given;
    - each should-retry header the source declares (`toolerrors.sources.SHOULD_RETRY`)
      with the code's retry advice, unless ``should_retry`` says otherwise;
    - then ``headers``, which add to these or replace them.
    """
    row = _row(vendor, code)
    sent: dict[str, str] = {}
    if retry_after is not None:
        whole = float(retry_after).is_integer()
        sent["retry-after" if whole else "retry-after-ms"] = (
            str(int(retry_after)) if whole else str(round(retry_after * 1000))
        )
    advice = row.retryable if should_retry is None else should_retry
    for name, says in _source(vendor).headers.items():
        if says == SHOULD_RETRY and advice is not None:
            sent[name] = "true" if advice else "false"
    sent.update(headers or {})
    code_status = row.status or KINDS[row.kind].status or 500
    return HttpResponse(
        code_status if status is None else status, sent, payload(vendor, code, **overrides)
    )


def every_payload(vendor: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(id, payload)`` for every code of ``vendor`` (or of every registered source), and
    each source's documented special cases (Configure's structured 404 and
    ``otp_blocked``): for parametrizing tests.

    An unknown vendor raises ``ValueError`` at once, rather than giving no cases.
    """
    sources = list(SOURCES.values()) if vendor is None else [_source(vendor)]
    return _every_payload(sources)


def _every_payload(sources: list[Source]) -> Iterator[tuple[str, dict[str, Any]]]:
    for source in sources:
        for row in source.rows:
            if row.reads and row.when_status is None:
                yield f"{source.name}-{row.code}", payload(source.name, row.code)
        for name, code, fields in source.cases:
            yield f"{source.name}-{name}", payload(source.name, code, **fields)


def pythe_success(
    summary: str = "Iris (researcher) is on it.", /, **overrides: Any
) -> dict[str, Any]:
    """A Pythe success envelope, as its AI-team tools return one (``ok: true``, a summary,
    ``poll_after_seconds`` and ``next``): to check that a success is not read as an
    error."""
    envelope = {
        "ok": True,
        "summary": summary,
        "reused": False,
        "poll_after_seconds": 20,
        "next": [{"tool": "get_run", "why": "Check progress.", "args": {"run_id": "run_1"}}],
    }
    return _apply(envelope, overrides)


def mcp_success(structured: dict[str, Any] | None = None, /, text: str = "Done.") -> dict[str, Any]:
    """An MCP ``CallToolResult`` that succeeded (``isError: false``): its text and, when
    given, the same structured content."""
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": False}
    if structured is not None:
        result["structuredContent"] = structured
    return result


@dataclass
class FakeClock:
    """Fake time for `toolerrors.retry.Retry`, in one argument:
    ``Retry(clock=FakeClock())``.  Its ``sleep`` (sync, and awaitable under ``acall``
    alike) advances ``now`` and records each wait in ``sleeps``, so waits use up the
    policy's ``max_time`` as real ones would.  (Faking ``sleep`` alone leaves the real
    clock standing still, so no time budget ever runs out.)"""

    now: float = 0.0
    """Seconds on the clock."""
    sleeps: list[float] = field(default_factory=list)
    """Every wait asked of it, in order."""

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds``: at once, with the clock moved on."""
        self.sleeps.append(seconds)
        self.now += seconds


@dataclass
class RaisedToolError:
    """What `raises_tool_error` caught: the exception, and the error read from it (both
    ``None`` until the block has raised)."""

    exception: BaseException | None = None
    error: UnifiedError | None = None


@contextmanager
def raises_tool_error(*, match: str | None = None, **expected: Any) -> Iterator[RaisedToolError]:
    """``with raises_tool_error(kind="refused"):`` in the way of ``pytest.raises``: the
    block must raise an exception that reads (with `toolerrors.from_exception`) as an error
    with each of the ``expected`` fields, as `assert_error` checks them; with ``match``, its
    message must match that regular expression (``re.search``)."""
    __tracebackhide__ = True
    caught = RaisedToolError()
    try:
        yield caught
    except Exception as exc:
        caught.exception = exc
        caught.error = assert_error(exc, **expected)
        if match is not None and re.search(match, caught.error.message) is None:
            raise AssertionError(
                f"the error's message {caught.error.message!r} does not match {match!r}"
            ) from None
        return
    raise AssertionError("no tool error was raised")


class UnexpectedCall(ComparedByArgs):
    """A `FakeTool` was called more often than its script says.  A ``BaseException``, as
    pytest's own ``fail()`` is, so that no retry layer (which catches ``Exception``)
    swallows it: the test fails where the extra call was made.  Equal to another with the
    same text, and it pickles, as every exception of the package does."""


@dataclass(frozen=True)
class Call:
    """One call a `FakeTool` received."""

    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    @property
    def idempotency_key(self) -> Any:
        """The ``idempotency_key`` it was called with, or ``None``."""
        return self.kwargs.get("idempotency_key")


@dataclass
class FakeTool:
    """A scripted, recording fake tool or upstream, as botocore's ``Stubber`` or respx
    are for HTTP: each call is answered by the next item of ``script`` (returned, or
    raised when it is an exception), and recorded in ``calls`` with its arguments, the
    idempotency key included.  A call past the end of the script raises `UnexpectedCall`.
    Call it as a sync function, or await `FakeTool.acall` for an async tool."""

    script: list[Any]
    calls: list[Call] = field(default_factory=list)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True
        self.calls.append(Call(args, dict(kwargs)))
        if len(self.calls) > len(self.script):
            raise UnexpectedCall(
                f"call {len(self.calls)} of a tool scripted for {len(self.script)}"
                f" (args {args!r}, kwargs {kwargs!r})"
            )
        answer = self.script[len(self.calls) - 1]
        if isinstance(answer, BaseException):
            raise answer
        return answer

    async def acall(self, *args: Any, **kwargs: Any) -> Any:
        """The same, as a coroutine function."""
        __tracebackhide__ = True
        return self(*args, **kwargs)
