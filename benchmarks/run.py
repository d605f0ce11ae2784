"""Measure toolerrors against its targets, in one process run, and print the ratios.

    python benchmarks/run.py           # the full run (about a minute)
    python benchmarks/run.py --quick   # fewer repetitions

Targets (docs/performance.md):
- parse(bytes) per payload: median ratio to json.loads of the same bytes <= 1.0 (1.5 is a defect);
- cold start: import toolerrors + parse one payload <= 1.3 x (target 1.1) of
  `from pydantic import BaseModel, TypeAdapter`, both measured above a bare interpreter;
- memory: a parsed error, with what it keeps, under 1 KiB (tracemalloc, many instances);
- convert() and UnifiedError.to_json() within 2 x of parse().
"""

from __future__ import annotations

import gc
import json
import statistics
import subprocess
import sys
import timeit
import tracemalloc
from typing import TYPE_CHECKING, Any

import toolerrors

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


def cold(code: str, runs: int) -> float:
    """Median wall time in seconds of a fresh interpreter running ``code``."""
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [
                sys.executable,
                "-c",
                f"import time; t = time.perf_counter(); {code}; print(time.perf_counter() - t)",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


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


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    number, repeat, runs = (2_000, 15, 5) if quick else (10_000, 41, 15)
    failures: list[str] = []
    print(f"toolerrors {toolerrors.__version__} on Python {sys.version.split()[0]}\n")

    print("parse(bytes) / json.loads(bytes), median of paired rounds (target <= 1.0, defect > 1.5)")
    for name, data in PAYLOADS.items():
        ratio = paired_ratio(
            lambda data=data: toolerrors.parse(data),
            lambda data=data: json.loads(data),
            number,
            repeat,
        )
        parse_us = (
            statistics.median(per_call(lambda data=data: toolerrors.parse(data), number, 5)) * 1e6
        )
        print(f"  {name:30} {ratio:5.2f}   ({parse_us:.2f} µs per parse)")
        if ratio > 1.0:
            failures.append(f"parse {name}: {ratio:.2f} > 1.0")

    print("\nconvert() and to_json() / parse(bytes) (target <= 2.0)")
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
            if ratio > 2.0:
                failures.append(f"{label} {name}: {ratio:.2f} > 2.0")

    print("\ncold start, above a bare interpreter (target <= 1.1, limit 1.3)")
    bare = cold("pass", runs)
    pydantic = cold("from pydantic import BaseModel, TypeAdapter", runs) - bare
    ours = (
        cold('import toolerrors; toolerrors.parse(b\'{"error": "vendor", "message": "m"}\')', runs)
        - bare
    )
    print(f"  pydantic import       {pydantic * 1e3:7.1f} ms")
    print(f"  toolerrors + 1 parse  {ours * 1e3:7.1f} ms   ratio {ours / pydantic:.2f}")
    if ours / pydantic > 1.1:
        failures.append(f"cold start {ours / pydantic:.2f} > 1.1")

    print(
        "\nrefusing bad input (must be quick: no parsing of what is over the limit, no recursion)"
    )
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

        seconds = statistics.median(per_call(refuse, 20, 5))
        print(f"  {label:30} {seconds * 1e6:9.1f} µs")
        if seconds > 0.01:
            failures.append(f"refusing {label}: {seconds * 1e3:.1f} ms")

    print("\nmemory per parsed error (target < 1024 bytes)")
    for name, data in PAYLOADS.items():
        size = memory_per_error(data)
        print(f"  {name:30} {size:7.0f} bytes")
        if size >= 1024:
            failures.append(f"memory {name}: {size:.0f} bytes")

    print("\n" + ("all targets met" if not failures else "missed: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
