"""Measure toolerrors against its speed guards, in one process run, and print the ratios.

    python benchmarks/run.py           # the full run (about a minute)
    python benchmarks/run.py --quick   # fewer repetitions (CI runs this)

The guards (docs/performance.md), each a ratio measured in this one run:
- parse(bytes) <= 1.0 x json.loads of the same bytes, on every reference payload and at
  every size up to 1 MiB (long message, card nodes, unknown fields, held text);
- parse(bytes) <= 1.3 x from_json plus a hand-written if-chain into the same dataclass (a
  pydantic TypeAdapter over a union of the same models is shown beside it);
- from_http(429, headers, body) <= 2.5 x parse(body);
- error_of on a successful MCP result whose structuredContent or text settles it: <= 5 µs
  whatever the size of its text;
- explain --summary on JSON Lines no slower than a Python loop of json.loads over them, in
  memory that does not grow with the input;
- cold start: import toolerrors + parse one payload <= 0.75 x `from pydantic import
  BaseModel`, both measured above a bare interpreter.
Shown beside them: explain on JSON Lines and on a folder, convert() and to_json() against
parse(), memory per parsed error, and how quickly bad input is refused.

A measurement past its guard is printed as over it; one past it by half again is a
defect, which no machine's noise explains, and makes the run exit 1 (CI fails on it).
Two defect lines are drawn apart: error_of's at 15 µs (a cost that grows with the text,
not a slow machine), and, for the guard not held yet, --summary's at half the loop's
speed.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import tracemalloc
from typing import TYPE_CHECKING, Annotated, Any, Final, Union

from pydantic_core import from_json

import toolerrors
from toolerrors import _cli
from toolerrors._builtin.configure import SUGGESTED
from toolerrors._held import Outcome, match
from toolerrors._kinds import ErrorKind
from toolerrors._table import READ_BY
from toolerrors._unified import make

if TYPE_CHECKING:
    from collections.abc import Callable

PAYLOADS: dict[str, bytes] = {
    "use_tool error": json.dumps(
        {"error": "rate_limited", "message": "The app is limiting requests."}
    ).encode(),
    "pythe error": json.dumps(
        {
            "ok": False,
            "code": "insufficient_credits",
            "message": "You're out of AI credits for now.",
            "retryable": False,
            "how_to_fix": "The workspace is out of AI credits. Check get_credit_balance and ask the founder.",
        }
    ).encode(),
    "configure error (all fields)": json.dumps(
        {
            "code": "RATE_LIMITED",
            "message": "Too many requests.",
            "statusCode": 429,
            "type": "rate_limited",
            "param": "agent",
            "retryable": True,
            "suggestedAction": "retry",
            "docUrl": "https://docs.configure.dev/errors#rate_limited",
            "retryAfter": 30,
            "requestId": "req_0123456789abcdef",
        }
    ).encode(),
    "not_done_yet": json.dumps(
        {
            "not_done_yet": "Check with Ana first: it goes to someone the owner hasn’t named. Ask in your "
            "reply, saying what you would do. Once they say yes, do it again."
        },
        ensure_ascii=False,
    ).encode(),
}


def _corpus(path: str) -> bytes:
    """A real payload from tests/corpus, as the bytes an API sends."""
    with open(os.path.join(os.path.dirname(__file__), "..", "tests", "corpus", path)) as file:
        return json.dumps(json.load(file)["body"]).encode()


SOURCE_PAYLOADS: dict[str, bytes] = {
    "jsonrpc": _corpus("jsonrpc/unknown-tool.json"),
    "oauth": _corpus("oauth/mcp-sdk-invalid-grant-code-verifier.json"),
    "slack": _corpus("slack/openapi-missing-scope.json"),
    "openai": _corpus("openai/insufficient-quota-with-code.json"),
    "anthropic": _corpus("anthropic/sdk-recorded-rate-limit-429.json"),
    "google": _corpus("google/api-key-invalid-errorinfo.json"),
    "stripe": _corpus("stripe/card-declined-generic.json"),
    "github": _corpus("github/rest-403-rate-limit-user-id.json"),
    "msgraph": _corpus("msgraph/activity-limit-inner-throttled.json"),
}
"""One real payload per source added to the three: parse meets the same target on each."""


SIZES: dict[str, bytes] = {
    "message 10 KB (ASCII)": json.dumps({"error": "vendor", "message": "x" * 10_000}).encode(),
    "message 10 KB (half é)": json.dumps(
        {"error": "vendor", "message": "é" * 5_000 + "x" * 5_000}, ensure_ascii=False
    ).encode(),
    "message 1 MiB": json.dumps({"error": "vendor", "message": "x" * 1_000_000}).encode(),
    "card 100 nodes": json.dumps(
        {
            "error": "vendor",
            "message": "m",
            "card": {"nodes": [{"id": f"n{i}", "text": f"node {i} text"} for i in range(100)]},
        }
    ).encode(),
    "card 5,000 nodes": json.dumps(
        {
            "error": "vendor",
            "message": "m",
            "card": {"nodes": [{"id": f"n{i}", "text": f"node {i} text"} for i in range(5_000)]},
        }
    ).encode(),
    "100 unknown fields": json.dumps(
        {"code": "SERVER_ERROR", "message": "m", **{f"x_{i}": f"value {i}" for i in range(100)}}
    ).encode(),
    "10,000 unknown fields": json.dumps(
        {"code": "SERVER_ERROR", "message": "m", **{f"x_{i}": f"value {i}" for i in range(10_000)}}
    ).encode(),
    "not_done_yet, 1 MiB text": json.dumps(
        {
            "not_done_yet": "Check with "
            + "A" * 1_000_000
            + " first: the check couldn’t decide. Ask in your reply, saying what you would do. "
            "Once they say yes, do it again."
        },
        ensure_ascii=False,
    ).encode(),
}


def _type_adapter() -> Any:
    """Peer: pydantic's own way, a TypeAdapter over a callable-discriminator union of the
    same wire models."""
    from pydantic import Discriminator, Tag, TypeAdapter

    from toolerrors.configure import ConfigureErrorBody
    from toolerrors.pythe import ErrorEnvelope
    from toolerrors.use_tool import NotDoneYet, Refused, ToolError

    def which(value: Any) -> str:
        for key in ("not_done_yet", "refused", "ok", "error"):
            if key in value:
                return key
        return "code"

    union = Annotated[
        Union[  # noqa: UP007 - Annotated members of a union need the Union form here
            Annotated[NotDoneYet, Tag("not_done_yet")],
            Annotated[Refused, Tag("refused")],
            Annotated[ErrorEnvelope, Tag("ok")],
            Annotated[ToolError, Tag("error")],
            Annotated[ConfigureErrorBody, Tag("code")],
        ],
        Discriminator(which),
    ]
    return TypeAdapter(union)


_ROWS = {
    (vendor, code): rows[None]
    for vendor, codes in READ_BY.items()
    for code, rows in codes.items()
    if None in rows
}
_HELD_KIND = {"not_done_yet": ErrorKind.APPROVAL_REQUIRED, "refused": ErrorKind.REFUSED}
_OUTCOME = {
    "not_done_yet": Outcome.ASK,
    "refused": Outcome.STOP,
}


def if_chain(data: bytes) -> Any:  # noqa: PLR0912 - one function, by design
    """Peer: from_json and a hand-written if-chain doing the same checks into the same
    frozen dataclass, with no layers in between."""
    d = from_json(data, allow_inf_nan=False, cache_strings="keys")
    if type(d) is not dict:
        raise toolerrors.ShapeError("expected a JSON object")
    for key in ("not_done_yet", "refused"):
        text = d.get(key)
        if text is not None:
            if type(text) is not str:
                raise toolerrors.ShapeError("expected a string", key)
            found = match(_OUTCOME[key], text)
            owner, reason = found if found is not None else (None, None)
            extra = d if len(d) > 1 else None
            return make(
                _HELD_KIND[key],
                text,
                retryable=False,
                vendor="use_tool",
                code=key,
                owner=owner,
                reason=reason,
                extra=extra,
            )
    ok = d.get("ok")
    if ok is False:
        code, message, retryable = d.get("code"), d.get("message"), d.get("retryable")
        if (
            type(code) is not str
            or type(message) is not str
            or type(retryable) is not bool
            or type(d.get("how_to_fix")) is not str
        ):
            raise toolerrors.ShapeError("bad envelope")
        row = _ROWS.get(("pythe", code))
        kind = row.kind if row is not None else ErrorKind.UNKNOWN
        return make(
            kind,
            message,
            retryable=retryable,
            status_code=row.status if row else None,
            vendor="pythe",
            code=code,
            extra=d,
        )
    if "error" in d:
        code, message = d.get("error"), d.get("message")
        if type(code) is not str or type(message) is not str:
            raise toolerrors.ShapeError("bad tool error")
        card = d.get("card")
        if card is not None and type(card) is not dict:
            raise toolerrors.ShapeError("bad card")
        row = _ROWS.get(("use_tool", code))
        kind = row.kind if row is not None else ErrorKind.UNKNOWN
        return make(
            kind,
            message,
            retryable=row.retryable if row else None,
            vendor="use_tool",
            code=code,
            extra=d if len(d) > 2 else None,
        )
    code, message = d.get("code"), d.get("message")
    if type(code) is not str or type(message) is not str:
        raise toolerrors.ShapeError("bad configure error")
    status, retryable, wait, request = (
        d.get("statusCode"),
        d.get("retryable"),
        d.get("retryAfter"),
        d.get("requestId"),
    )
    if (
        (status is not None and type(status) is not int)
        or (retryable is not None and type(retryable) is not bool)
        or (request is not None and type(request) is not str)
        or (wait is not None and not (type(wait) in (int, float) and wait >= 0))
    ):
        raise toolerrors.ShapeError("bad configure field")
    for key in ("type", "param", "suggestedAction", "docUrl"):
        value = d.get(key)
        if value is not None and type(value) is not str:
            raise toolerrors.ShapeError("bad configure text field")
    row = _ROWS.get(("configure", code))
    suggested = d.get("suggestedAction")
    return make(
        row.kind if row else ErrorKind.UNKNOWN,
        message,
        retryable=retryable,
        retry_after=wait,
        status_code=status,
        vendor="configure",
        code=code,
        request_id=request,
        suggested_action=SUGGESTED.get(suggested) if suggested else None,
        extra=d,
    )


DEFECT: Final = 1.5
"""How far past its guard a measurement is a defect rather than this machine's noise."""


class Guards:
    """The guards measured in this run: each prints its line, and those past their guard
    (and past it by `DEFECT`) are kept for the summary."""

    def __init__(self) -> None:
        self.over: list[str] = []
        self.defects: list[str] = []

    def at_most(
        self, label: str, value: float, guard: float, unit: str = "", defect: float = 0.0
    ) -> str:
        """Hold ``value`` to ``guard`` from above; past ``defect`` (by default `DEFECT`
        times the guard) it is a defect.  The words to print after it."""
        limit = defect or guard * DEFECT
        return self._held(label, value, guard, over=value > guard, defect=value > limit, unit=unit)

    def at_least(self, label: str, value: float, guard: float, defect: float = 0.0) -> str:
        """Hold ``value`` to ``guard`` from below (a throughput ratio)."""
        limit = defect or guard / DEFECT
        return self._held(label, value, guard, over=value < guard, defect=value < limit, sign="<")

    def _held(
        self,
        label: str,
        value: float,
        guard: float,
        *,
        over: bool,
        defect: bool,
        unit: str = "",
        sign: str = ">",
    ) -> str:
        if defect:
            self.defects.append(f"{label}: {value:.2f}{unit} {sign} {guard}{unit}")
            return "DEFECT"
        if over:
            self.over.append(f"{label}: {value:.2f}{unit} {sign} {guard}{unit}")
            return "over the guard"
        return "ok"


def per_call(fn: Callable[[], object], number: int, repeat: int) -> list[float]:
    """Seconds per call, one figure per repeat."""
    return [t / number for t in timeit.repeat(fn, number=number, repeat=repeat)]


def paired_ratio(
    fn: Callable[[], object], base: Callable[[], object], number: int, repeat: int
) -> float:
    """Median of per-round ratios, the two measured alternately to share the machine's state."""
    ratios = []
    for _ in range(repeat):
        a = timeit.timeit(fn, number=number)
        b = timeit.timeit(base, number=number)
        ratios.append(a / b)
    return statistics.median(ratios)


_CACHED: Final = {
    key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"
}
"""The environment of a fresh interpreter as users run one: bytecode is cached, as pip
caches it for every installed package (pydantic's included). Where the environment says
not to write bytecode, toolerrors would be compiled from source at every import while
pydantic is not, which compares unlike things."""


def _fresh(code: str) -> float:
    """Wall time in seconds of a fresh interpreter running ``code``, measured inside it."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import time; t = time.perf_counter(); {code}; print(time.perf_counter() - t)",
        ],
        capture_output=True,
        text=True,
        check=True,
        env=_CACHED,
    )
    return float(out.stdout.strip().splitlines()[-1])


def cold(codes: dict[str, str], rounds: int) -> dict[str, list[float]]:
    """Wall times in seconds of fresh interpreters running each of ``codes``, after a
    first round that caches the bytecode.  The codes take turns, round by round, so that
    the machine's drift over the run falls on each alike: measured one batch after
    another, a batch timed in a quiet minute was compared with one timed in a busy one
    (CI measured 0.57 and 0.92 in two runs a test change apart)."""
    times: dict[str, list[float]] = {name: [] for name in codes}
    for done in range(rounds + 1):
        for name, code in codes.items():
            took = _fresh(code)
            if done:
                times[name].append(took)
    return times


def memory_per_error(payload: bytes, count: int = 20_000) -> float:
    """Bytes allocated per parsed error kept alive, as tracemalloc counts them."""
    # Every error gets its own text, as real errors do (the JSON parser shares repeated strings).
    first_text = payload.index(b'": "') + 4
    texts = [
        payload[:first_text] + str(i).encode() + b" " + payload[first_text:] for i in range(count)
    ]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [toolerrors.parse(text) for text in texts]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(kept) == count
    return (after - before) / count


def sizes(quick: bool, guards: Guards) -> None:
    print("\nparse(bytes) / json.loads(bytes) at sizes up to 1 MiB (guard <= 1.0)")
    for name, data in SIZES.items():
        # about 2 MB a round (200 KB when quick): rounds of a dozen calls were noise
        number = max(2, (200_000 if quick else 2_000_000) // len(data))
        ratio = paired_ratio(
            lambda data=data: toolerrors.parse(data), lambda data=data: json.loads(data), number, 9
        )
        said = guards.at_most(f"parse {name}", ratio, 1.0)
        print(f"  {name:30} {len(data):>9,} B  {ratio:5.2f}   {said}")


def peers(number: int, repeat: int, guards: Guards) -> None:
    print("\nparse(bytes) / peers, median of paired rounds (guard <= 1.3 vs the if-chain)")
    adapter = _type_adapter()
    for name, data in PAYLOADS.items():
        assert if_chain(data) == toolerrors.parse(data), name
        chain = paired_ratio(
            lambda data=data: toolerrors.parse(data),
            lambda data=data: if_chain(data),
            number,
            repeat,
        )
        pydantic = paired_ratio(
            lambda data=data: toolerrors.parse(data),
            lambda data=data: adapter.validate_json(data),
            number,
            repeat,
        )
        said = guards.at_most(f"parse {name} vs the if-chain", chain, 1.3)
        print(f"  {name:28} if-chain {chain:4.2f}  TypeAdapter {pydantic:4.2f}  {said}")


def error_of_success(guards: Guards) -> None:
    print("\nerror_of on a successful MCP result, µs per call (guard <= 5 µs at any size)")
    for size in (1_000, 100_000, 900_000):
        record = {"ok": True, "summary": "Done.", "data": "x" * size}
        text = json.dumps(record)
        for label, result in (
            (
                "with structuredContent",
                {"content": [{"type": "text", "text": text}], "structuredContent": record},
            ),
            ("plain text", {"content": [{"type": "text", "text": "Done. " + "x" * size}]}),
        ):
            assert toolerrors.error_of(result) is None
            micros = (
                min(per_call(lambda result=result: toolerrors.error_of(result), 2_000, 5)) * 1e6
            )
            # A defect is a cost that grows with the text (tens of µs), not a slow machine.
            said = guards.at_most(f"error_of {label} {size} B", micros, 5, " µs", defect=15)
            print(f"  text of {size:>7,} B, {label:24} {micros:6.2f} µs   {said}")
    print("\nerror_of on a command's output that did not fail, µs per call (guard <= 150 µs)")
    for lines in (30, 300):
        log = "\n".join(f"step {i}: compiled module_{i} in 0.{i % 10}s" for i in range(lines))
        assert toolerrors.error_of(log) is None
        micros = min(per_call(lambda log=log: toolerrors.error_of(log), 200, 5)) * 1e6
        said = guards.at_most(f"error_of output of {len(log)} B", micros, 150, " µs")
        print(f"  output of {len(log):>6,} B            {micros:7.1f} µs   {said}")


def http(number: int, repeat: int, guards: Guards) -> None:
    print("\nfrom_http(429, headers, body) / parse(body) (guard <= 2.5)")
    headers = {"Retry-After": "7", "X-Request-Id": "req-1", "Content-Type": "application/json"}
    for name, data in {**PAYLOADS, **SOURCE_PAYLOADS}.items():
        ratio = paired_ratio(
            lambda data=data: toolerrors.from_http(429, headers, data),
            lambda data=data: toolerrors.parse(data),
            number,
            repeat,
        )
        said = guards.at_most(f"from_http {name}", ratio, 2.5)
        print(f"  {name:30} {ratio:5.2f}   {said}")


def _loop(paths: list[str], lines: bool, dump: bool = True) -> None:
    """The baseline: a Python loop of json.loads (+ json.dumps) over the same input."""
    write = json.dumps if dump else id
    for path in paths:
        with open(path, "rb") as stream:
            if lines:
                for line in stream:
                    write(json.loads(line))
            else:
                write(json.loads(stream.read()))


def _ours(*args: str) -> None:
    with open(os.devnull, "w") as out, contextlib.redirect_stdout(out):
        _cli.main(["explain", *args])


def command_line(quick: bool, guards: Guards) -> None:
    megabytes, files = (5, 1_000) if quick else (50, 10_000)
    print(
        "\nthe CLI against a json.loads + json.dumps loop, throughput ratio\n"
        "(guard >= 1.0 for --summary; the others shown)"
    )
    payloads = [b'{"ok": true, "summary": "Iris (researcher) is on it."}', *PAYLOADS.values()]
    with tempfile.TemporaryDirectory() as folder:
        log = os.path.join(folder, "agent.jsonl")
        with open(log, "wb") as stream:
            written = count = 0
            while written < megabytes << 20:
                line = payloads[count % len(payloads)] + b"\n"
                stream.write(line)
                written += len(line)
                count += 1
        tree = os.path.join(folder, "tree")
        os.mkdir(tree)
        paths = []
        for i in range(files):
            path = os.path.join(tree, f"{i:05}.json")
            with open(path, "wb") as stream:
                stream.write(PAYLOADS[list(PAYLOADS)[i % len(PAYLOADS)]])
            paths.append(path)
        for label, baseline, ours in (
            (f"{megabytes} MB JSON Lines, explain", lambda: _loop([log], True), lambda: _ours(log)),
            (
                f"{megabytes} MB JSON Lines, --summary",
                lambda: _loop([log], True, dump=False),
                lambda: _ours("--summary", log),
            ),
            (f"{files:,} files, explain", lambda: _loop(paths, False), lambda: _ours(tree)),
        ):
            rounds = []
            for _ in range(3):
                start = time.perf_counter()
                baseline()
                middle = time.perf_counter()
                ours()
                rounds.append((middle - start) / (time.perf_counter() - middle))
            ratio = statistics.median(rounds)
            # Not held yet (see docs/performance.md): a defect is half the loop's speed.
            said = (
                guards.at_least(f"CLI {label}", ratio, 1.0, defect=0.5)
                if "summary" in label
                else ""
            )
            print(f"  {label:34} {ratio:5.2f}   {said}")
        small = os.path.join(folder, "small.jsonl")
        with open(log, "rb") as source, open(small, "wb") as target:
            head = source.read(1 << 20)
            target.write(head[: head.rindex(b"\n") + 1])  # whole lines only
        peaks = []
        for path in (small, log):
            tracemalloc.start()
            _ours("--summary", path)
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        print(
            f"  peak memory: 1 MB input {peaks[0] / 1024:.0f} KiB, "
            f"{megabytes} MB input {peaks[1] / 1024:.0f} KiB (constant: within 64 KiB)"
        )
        grown = (peaks[1] - peaks[0]) / 1024
        guards.at_most("CLI memory grown with the input", grown, 64, " KiB")


def tracing(number: int, guards: Guards) -> None:
    """What recording a failure on the current span costs a failed call: nothing
    measurable without OpenTelemetry (one dictionary lookup), and with it, where no span
    is recording (the default without an SDK) and where one is."""
    from toolerrors._spans import record_failure
    from toolerrors.retry import Retry

    error = toolerrors.parse(PAYLOADS["pythe error"])
    failed = json.loads(PAYLOADS["pythe error"])
    retry = Retry()
    print("\nrecording a failure for tracing, µs per call (guard <= 0.5 µs without OpenTelemetry)")
    hidden = sys.modules.pop("opentelemetry.trace", None)  # as in a process without it
    try:
        absent = statistics.median(per_call(lambda: record_failure(error), number, 5)) * 1e6
        call = statistics.median(per_call(lambda: retry.call(lambda: failed), number, 5)) * 1e6
    finally:
        if hidden is not None:
            sys.modules["opentelemetry.trace"] = hidden
    said = guards.at_most("recording without OpenTelemetry", absent, 0.5, " µs")
    print(f"  {'without OpenTelemetry':36} {absent:6.2f} µs   {said}")
    print(f"  {'  a failed Retry().call, for scale':36} {call:6.2f} µs")
    try:
        import opentelemetry.trace  # noqa: F401 - imported, as an application using it has
    except ImportError:
        print("  with OpenTelemetry: not installed")
        return
    idle = statistics.median(per_call(lambda: record_failure(error), number, 5)) * 1e6
    print(f"  {'with OpenTelemetry, no span':36} {idle:6.2f} µs")
    try:
        from opentelemetry.sdk.trace import TracerProvider
    except ImportError:
        return
    with TracerProvider().get_tracer("bench").start_as_current_span("tool"):
        live = statistics.median(per_call(lambda: record_failure(error), number, 5)) * 1e6
    print(f"  {'with OpenTelemetry, a recording span':36} {live:6.2f} µs")


def cold_start(rounds: int, guards: Guards) -> None:
    """``import toolerrors`` and a first parse, against pydantic's import."""
    print("\ncold start, above a bare interpreter (guard <= 0.75 of pydantic's import)")
    times = cold(
        {
            "bare": "pass",
            "pydantic": "from pydantic import BaseModel",
            "floor": "from pydantic_core import from_json",
            "ours": 'import toolerrors; toolerrors.parse(b\'{"error": "vendor", "message": "m"}\')',
        },
        rounds,
    )
    above = {
        name: [took - bare for took, bare in zip(times[name], times["bare"], strict=True)]
        for name in ("pydantic", "floor", "ours")
    }

    def against_pydantic(name: str) -> float:
        """The median of the round-by-round ratios to pydantic's import."""
        return statistics.median(
            took / pydantic for took, pydantic in zip(above[name], above["pydantic"], strict=True)
        )

    ratio = against_pydantic("ours")
    said = guards.at_most("cold start", ratio, 0.75)
    ms = {name: statistics.median(took) * 1e3 for name, took in above.items()}
    print(f"  from pydantic import BaseModel        {ms['pydantic']:7.1f} ms")
    print(
        f"  from pydantic_core import from_json   {ms['floor']:7.1f} ms   {against_pydantic('floor'):.2f}"
    )
    print(f"  import toolerrors + 1 parse           {ms['ours']:7.1f} ms   {ratio:.2f}")
    print(f"  {said}")


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    number, repeat, rounds = (2_000, 15, 11) if quick else (10_000, 41, 21)
    guards = Guards()
    print(f"toolerrors {toolerrors.__version__} on Python {sys.version.split()[0]}\n")

    print("parse(bytes) / json.loads(bytes), median of paired rounds (guard <= 1.0)")
    for name, data in {**PAYLOADS, **SOURCE_PAYLOADS}.items():
        ratio = paired_ratio(
            lambda data=data: toolerrors.parse(data),
            lambda data=data: json.loads(data),
            number,
            repeat,
        )
        parse_us = (
            statistics.median(per_call(lambda data=data: toolerrors.parse(data), number, 5)) * 1e6
        )
        said = guards.at_most(f"parse {name}", ratio, 1.0)
        print(f"  {name:30} {ratio:5.2f}   ({parse_us:.2f} µs per parse)   {said}")

    sizes(quick, guards)
    peers(number, repeat, guards)
    error_of_success(guards)
    http(number, repeat, guards)
    command_line(quick, guards)
    tracing(number, guards)

    cold_start(rounds, guards)

    print("\nshown beside the guards: convert() and to_json() / parse(bytes)")
    for name, data in PAYLOADS.items():
        error = toolerrors.parse(data)
        vendor: Any = error.vendor
        for label, fn in (
            (
                f"convert to {vendor}",
                lambda data=data, vendor=vendor: toolerrors.convert(data, to=vendor),
            ),
            ("convert to problem", lambda data=data: toolerrors.convert(data, to="problem")),
            ("to_json", error.to_json),
        ):
            ratio = paired_ratio(fn, lambda data=data: toolerrors.parse(data), number, repeat)
            print(f"  {name:30} {label:22} {ratio:5.2f}")

    print("\nrefusing bad input: no parsing of what is over the limit, no recursion")
    oversized = b'{"error": "vendor", "message": "' + b"x" * (8 << 20) + b'"}'
    deep = b"[" * 300_000 + b"]" * 300_000
    for label, text, limit in (
        ("8 MiB payload, 1 MiB limit", oversized, toolerrors.MAX_BYTES),
        ("300,000 brackets deep", deep, 1 << 30),
    ):

        def refuse(text: bytes = text, limit: int = limit, label: str = label) -> None:
            try:
                toolerrors.parse(text, max_bytes=limit)
            except toolerrors.ShapeError:
                return
            raise AssertionError(label)

        micros = statistics.median(per_call(refuse, 20, 5)) * 1e6
        said = guards.at_most(f"refusing {label}", micros, 10_000, " µs")
        print(f"  {label:30} {micros:9.1f} µs   {said}")

    print("\nmemory per parsed error, with what it keeps (under 1 KiB)")
    for name, data in PAYLOADS.items():
        size = memory_per_error(data)
        said = guards.at_most(f"memory {name}", size, 1024, " bytes")
        print(f"  {name:30} {size:7.0f} bytes   {said}")

    print()
    for line in guards.over:
        print(f"over its guard: {line}")
    for line in guards.defects:
        print(f"DEFECT: {line}")
    if not guards.over and not guards.defects:
        print("every guard held")
    return 1 if guards.defects else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
