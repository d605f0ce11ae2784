"""The ``toolerrors`` command: explain and convert tool errors, and show the mapping."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from ._errors import ShapeError
from ._read import MAX_BYTES, parse
from ._retry import should_retry
from ._table import KINDS, TARGETS, VENDORS, WRITE
from ._write import to_wire

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from ._unified import UnifiedError

__all__ = ["main"]


class _Usage(Exception):
    """Bad command-line input: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Usage(message)


def _retry_advice(error: UnifiedError) -> str:
    if should_retry(error):
        wait = f" after {error.retry_after:g} s" if error.retry_after is not None else ""
        return f"yes{wait}"
    if should_retry(error, idempotent=True):
        return "only if the operation is idempotent (whether it ran is not known)"
    return "no"


def explain(error: UnifiedError) -> str:
    """A short human summary: kind, what to do, retry advice, source and message."""
    status = f" (HTTP {error.status_code})" if error.status_code is not None else ""
    lines = [
        f"kind:    {error.kind.value}",
        f"action:  {error.action.value}: {error.hint}",
        f"retry:   {_retry_advice(error)}",
        f"source:  {error.vendor} {error.code}{status}",
    ]
    if error.owner is not None:
        lines.append(f"owner:   {error.owner}")
    if error.reason is not None:
        lines.append(f"reason:  {error.reason}")
    lines.append(f"message: {json.dumps(error.message, ensure_ascii=False)}")
    return "\n".join(lines)


def kinds_table() -> str:
    """Every kind: its default action and the code it becomes in each vendor."""
    header = ("kind", "action", *VENDORS)
    rows = [header] + [
        (kind.value, info.action.value, *(WRITE[(vendor, kind)].label for vendor in VENDORS))
        for kind, info in KINDS.items()
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip()
        for row in rows
    )


def _inputs(source: str, stdin: TextIO) -> Iterator[tuple[str, bytes]]:
    if source == "-":
        yield (
            "<stdin>",
            stdin.buffer.read(MAX_BYTES + 1) if hasattr(stdin, "buffer") else stdin.read().encode(),
        )
        return
    path = Path(source)
    if path.is_dir():
        files = sorted(path.rglob("*.json"))
        if not files:
            raise _Usage(f"{source}: no *.json files in this folder")
        for file in files:
            yield str(file), file.read_bytes()
    elif path.is_file():
        yield source, path.read_bytes()
    else:
        raise _Usage(f"{source}: no such file or folder")


def _run(argv: Sequence[str] | None, stdin: TextIO, out: TextIO) -> None:
    parser = _Parser(prog="toolerrors", description="Explain and convert AI tool-call errors.")
    commands = parser.add_subparsers(dest="command", required=True)
    explain_cmd = commands.add_parser(
        "explain", help="summarise errors (a file, a folder, or - for stdin)"
    )
    explain_cmd.add_argument("source", nargs="?", default="-")
    explain_cmd.add_argument("--json", action="store_true", help="print the unified error as JSON")
    explain_cmd.add_argument(
        "--strict", action="store_true", help="reject anything outside the seeds"
    )
    convert_cmd = commands.add_parser("convert", help="print an error in another vendor's shape")
    convert_cmd.add_argument("--to", required=True, choices=TARGETS)
    convert_cmd.add_argument("source", nargs="?", default="-")
    convert_cmd.add_argument(
        "--strict", action="store_true", help="reject anything outside the seeds"
    )
    commands.add_parser("kinds", help="print the mapping of kinds to vendor codes")
    args = parser.parse_args(argv)

    if args.command == "kinds":
        print(kinds_table(), file=out)
        return
    many = args.source != "-" and Path(args.source).is_dir()
    for index, (name, data) in enumerate(_inputs(args.source, stdin)):
        try:
            error = parse(data, strict=args.strict)
        except ShapeError as exc:
            where = f"{exc.where}: " if exc.where else ""
            raise _Usage(f"{name}: {where}{exc.problem}") from None
        if args.command == "convert":
            print(json.dumps(to_wire(error, args.to), ensure_ascii=False), file=out)
        elif args.json:
            print(error.to_json(), file=out)
        else:
            if many:
                print(("\n" if index else "") + f"{name}", file=out)
            print(explain(error), file=out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    try:
        _run(argv, sys.stdin, sys.stdout)
    except _Usage as exc:
        print(f"toolerrors: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as exc:
        print(f"toolerrors: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
