"""The ``toolerrors`` command: explain and convert tool errors, and show the mapping."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import stat
import sys
from collections import Counter
from typing import IO, TYPE_CHECKING, Final, NoReturn, TextIO

from ._errors import ShapeError
from ._json import MAX_BYTES, decode, load, seconds
from ._kinds import ErrorKind
from ._read import error_of, from_mapping, parse
from ._retry import Verdict, verdict
from ._source import RESERVED, SOURCES, UNKNOWN_SHAPE, Source, register, unregister
from ._table import KINDS, WRITE
from ._text import escape, quoted
from ._write import keeping, targets, to_wire

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from ._unified import UnifiedError

__all__ = ["explain", "kinds_table", "main"]


class _Usage(Exception):
    """Bad command-line input: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Usage(message)


def _bare(text: object) -> str:
    """Text from the input, shown unquoted: backslashes doubled, unsafe characters escaped,
    so that it can neither move the cursor nor forge a line of its own."""
    text = str(text)
    return escape(text.replace("\\", "\\\\") if "\\" in text else text)


_RETRY: Final[dict[Verdict, str]] = {
    "yes": "yes",
    "if_idempotent": "only if the operation is idempotent (whether it ran is not known)",
    "no": "no",
}
"""The ``retry:`` line of `explain`, for each verdict (a wait follows a yes)."""


def _retry_advice(error: UnifiedError) -> str:
    said = verdict(error)
    if said == "yes" and error.retry_after is not None:
        return f"yes after {seconds(error.retry_after)} s"
    return _RETRY[said]


def explain(error: UnifiedError) -> str:
    """A short human summary: kind, what to do, retry advice, source and message.

    Everything that comes from the input is escaped, so it cannot drive the terminal.
    """
    status = f" (HTTP {error.status_code})" if error.status_code is not None else ""
    held = ""
    if error.owner is not None:
        held += f"owner:   {_bare(error.owner)}\n"
    if error.reason is not None:
        held += f"reason:  {_bare(error.reason)}\n"
    return (
        f"kind:    {error.kind!s}\n"
        f"action:  {error.action!s}: {error.hint}\n"
        f"retry:   {_retry_advice(error)}\n"
        f"source:  {_bare(' '.join(filter(None, (error.vendor, error.code))))}{status}\n"
        f"{held}message: {quoted(error.message)}"
    )


def kinds_table() -> str:
    """Every kind: its default action and the code it becomes in each vendor."""
    header = ("kind", "action", *SOURCES)
    rows = [header] + [
        (kind.value, info.action.value, *(WRITE[(vendor, kind)].label for vendor in SOURCES))
        for kind, info in KINDS.items()
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)).rstrip()
        for row in rows
    )


def _open(path: str) -> int:
    """A regular file's descriptor, opened without blocking on a FIFO or a device."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _Usage(f"{_bare(path)}: not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_at_most(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes of a regular file: one read, which on a regular file stops
    only at the end of the file."""
    return os.read(fd, limit)


def _files(folder: str) -> list[str]:
    """Every ``*.json`` and ``*.jsonl`` under ``folder``, in sorted order, symlinked
    folders not followed."""
    found: list[str] = []
    pending = [folder]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
                elif entry.name.endswith((".json", ".jsonl")):
                    found.append(entry.path)
    found.sort()
    return found


Item = tuple[str, int, "bytes | None", "str | None"]
"""(where, line number, JSON text, problem): one input to read, or why it could not be
read; the line number is 0 for a whole input, and ``where`` is already escaped for
showing (`_bare`), once a file, not once a line."""


def _at(where: str, number: int) -> str:
    """An input's name for messages: ``log.jsonl:3`` for a line, made only when shown."""
    return f"{where}:{number}" if number else where


def _whole(name: str, stream: IO[bytes] | _Encoded) -> Iterator[Item]:
    data = stream.read(MAX_BYTES + 1)  # parse refuses what is over the limit
    yield name, 0, data, None


def _lines(name: str, stream: IO[bytes] | _Encoded) -> Iterator[Item]:
    """JSON Lines, one at a time: constant memory whatever the input's size."""
    number = 0
    while True:
        line = stream.readline(MAX_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the long line
                line = stream.readline(MAX_BYTES + 1)
            yield name, number, None, f"line over the {MAX_BYTES}-byte limit"
            continue
        if not line.isspace():  # a blank line is no payload
            yield name, number, line, None


def _inputs(source: str, stdin: TextIO, lines: bool) -> Iterator[Item]:
    if source == "-":
        stream: IO[bytes] | _Encoded = stdin.buffer if hasattr(stdin, "buffer") else _Encoded(stdin)
        yield from (_lines if lines else _whole)("<stdin>", stream)
        return
    if os.path.isdir(source):
        files = _files(source)
        if not files:
            raise _Usage(f"{_bare(source)}: no *.json or *.jsonl files in this folder")
    elif os.path.lexists(source):
        files = [source]
    else:
        raise _Usage(f"{_bare(source)}: no such file or folder")
    for path in files:
        file = _bare(path)
        try:
            fd = _open(path)
        except _Usage as exc:
            yield file, 0, None, str(exc).partition(": ")[2]
            continue
        except OSError as exc:
            yield file, 0, None, exc.strerror or str(exc)
            continue
        if lines or path.endswith(".jsonl"):
            with os.fdopen(fd, "rb") as stream:
                yield from _lines(file, stream)
        else:
            try:
                data = _read_at_most(fd, MAX_BYTES + 1)  # parse refuses what is over the limit
            finally:
                os.close(fd)
            yield file, 0, data, None


class _Encoded:
    """A text stream read as bytes (a test's ``io.StringIO`` standing in for stdin)."""

    def __init__(self, text: TextIO) -> None:
        self._text = text

    def read(self, size: int) -> bytes:
        return self._text.read(size).encode()

    def readline(self, size: int) -> bytes:
        return self._text.readline(size).encode()


def _parser() -> _Parser:
    parser = _Parser(prog="toolerrors", description="Explain and convert AI tool-call errors.")
    commands = parser.add_subparsers(dest="command", required=True)
    strict_help = "reject anything that is not exactly a documented shape"
    lines_help = "read JSON Lines (one payload a line; lines that are not errors are skipped)"
    explain_cmd = commands.add_parser(
        "explain", help="summarise errors (a file, a folder, or - for stdin)"
    )
    explain_cmd.add_argument("source", nargs="?", default="-")
    explain_cmd.add_argument("--json", action="store_true", help="print the unified error as JSON")
    explain_cmd.add_argument("--strict", action="store_true", help=strict_help)
    explain_cmd.add_argument("--lines", action="store_true", help=lines_help)
    explain_cmd.add_argument(
        "--summary", action="store_true", help="print only the counts by source and kind"
    )
    convert_cmd = commands.add_parser("convert", help="print an error in another vendor's shape")
    convert_cmd.add_argument("--to", required=True, choices=targets())
    convert_cmd.add_argument("source", nargs="?", default="-")
    convert_cmd.add_argument("--strict", action="store_true", help=strict_help)
    convert_cmd.add_argument("--lines", action="store_true", help=lines_help)
    commands.add_parser("kinds", help="print the mapping of kinds to vendor codes")
    for command in (explain_cmd, convert_cmd):
        command.add_argument(
            "--source",
            action="append",
            default=[],
            dest="sources",
            metavar="MODULE:ATTR",
            help=_SOURCE_HELP,
        )
    return parser


_SOURCE_HELP: Final = "also read MODULE:ATTR, a toolerrors.sources.Source of your own"


def _load_sources(argv: Sequence[str] | None) -> list[str]:
    """Register each ``--source MODULE:ATTR`` before the command is parsed (so that
    ``convert --to`` takes its name), and return the names this run registered."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--source", action="append", default=[])
    wanted: list[str] = pre.parse_known_args(argv)[0].source
    added: list[str] = []
    try:
        for spec in wanted:
            source = _source_at(spec)
            if SOURCES.get(source.name) is not source:  # its module may register it itself
                try:
                    register(source)
                except ValueError as exc:
                    raise _Usage(f"--source {_bare(spec)}: {_bare(exc)}") from None
                added.append(source.name)
    except BaseException:
        _unload(added)
        raise
    return added


def _source_at(spec: str) -> Source:
    """The `Source` that ``MODULE:ATTR`` names, or a `_Usage` saying what is wrong."""
    module_name, colon, attr = spec.partition(":")
    if not colon or not module_name or not attr:
        raise _Usage(f"--source {_bare(spec)}: expected MODULE:ATTR, as in mypkg.errors:SOURCE")
    if "" not in sys.path and os.curdir not in sys.path:
        sys.path.insert(0, "")  # a module in the current folder, as python -m finds it
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise _Usage(
            f"--source {_bare(spec)}: cannot import {_bare(module_name)}: {_bare(exc)}"
        ) from None
    if not hasattr(module, attr):
        raise _Usage(f"--source {_bare(spec)}: module {_bare(module_name)} has no {_bare(attr)}")
    found = getattr(module, attr)
    if not isinstance(found, Source):
        got = type(found).__name__
        raise _Usage(
            f"--source {_bare(spec)}: {_bare(attr)} must be a toolerrors.sources.Source, got {got}"
        )
    return found


def _unload(names: list[str]) -> None:
    for name in reversed(names):
        unregister(name)


def _read_item(data: bytes, line: int, strict: bool) -> tuple[UnifiedError | None, str | None]:
    """The error in one input, or what is wrong with it; a line of JSON Lines (``line``,
    its number, not 0) that is not an error is neither."""
    try:
        if line:  # as parse does: measured in UTF-8 bytes only when it may be over
            try:
                value = load(data) if len(data) << 2 > MAX_BYTES else decode(data)
            except ValueError:
                found = error_of(data, strict=strict)  # a log line with a source's mark
                if found is not None:
                    return found, None
                value = load(data)  # raises the ShapeError that says why
            if type(value) is not dict:  # a list or text may still carry an error
                return error_of(value, strict=strict), None
            return from_mapping(value, strict=strict, where="", need=False), None
        return parse(data, strict=strict), None
    except ShapeError as exc:
        if exc.where:
            return None, f"{exc.where}: {exc.problem}"
        unknown = exc.problem.startswith(UNKNOWN_SHAPE)
        return None, f"{exc.problem}; {_YOURS}" if unknown else exc.problem


def _emitter(args: argparse.Namespace, ascii_only: bool) -> Callable[[UnifiedError], str]:
    """How the command prints each error, chosen once for the whole input."""
    if args.command == "convert":
        to = args.to
        return lambda error: json.dumps(to_wire(error, to), ensure_ascii=ascii_only)
    if args.json:
        return lambda error: json.dumps(error.to_dict(), ensure_ascii=ascii_only)
    return explain


def _loss(error: UnifiedError, to: str) -> str | None:
    """What writing ``error`` as ``to`` loses, said beside the line written: the kind
    its wire dict reads back as, where that is another."""
    back = parse(to_wire(error, to)).kind
    if back is error.kind:
        return None
    return (
        f"{to} has no code for {error.kind}: written as one read back as {back}"
        f" (--to {keeping(error)} keeps {error.kind})"
    )


_OTHER: Final = "(other)"
"""How ``explain --summary`` names every vendor that is no registered source's or the
package's own: the input's text is never a key, so memory stays bounded."""

_NONE: Final = "(none)"
"""How ``explain --summary`` names the source of an error that no source attributed."""

_YOURS: Final = "--source MODULE:ATTR reads a shape of your own"
"""What the command says where an input may be of a shape no registered source knows."""


def _run(argv: Sequence[str] | None, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    added = _load_sources(argv)
    try:
        return _command(_parser().parse_args(argv), stdin, out, err)
    finally:
        _unload(added)


UNATTRIBUTED: Final = 1
"""The exit status when every input was read, but some error neither a source nor its
words could attribute (kind ``unknown``, no vendor): a ``--source`` of your own may."""


def _command(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    if args.command == "kinds":
        print(kinds_table(), file=out)
        return 0
    ascii_only = "utf" not in (getattr(out, "encoding", None) or "utf-8").lower()
    summary = getattr(args, "summary", False)
    titled = args.command == "explain" and not args.json
    counts: Counter[tuple[str | None, ErrorKind]] = Counter()
    named = {*SOURCES, *RESERVED, None}  # any other vendor text is pooled: bounded memory
    many = args.source != "-" and os.path.isdir(args.source)
    failed = shown = unattributed = skipped = 0
    emit = _emitter(args, ascii_only)
    for name, number, data, unread in _inputs(args.source, stdin, args.lines):
        error, problem = (None, unread) if data is None else _read_item(data, number, args.strict)
        if error is None:
            if problem is not None:
                print(f"toolerrors: {_at(name, number)}: {_bare(problem)}", file=err)
                failed += 1
            else:
                skipped += 1
            continue
        if error.vendor is None and error.kind is ErrorKind.UNKNOWN:
            unattributed += 1
        if summary:
            # Counted as they are and named once at the end, and a line's name made only
            # when shown: --summary went from 0.81 to 0.91 of the json.loads loop.
            counts[error.vendor if error.vendor in named else _OTHER, error.kind] += 1
            continue
        title = (
            ("\n" if shown else "") + _at(name, number) + "\n"
            if titled and (many or number)
            else ""
        )
        out.write(f"{title}{emit(error)}\n")
        shown += 1
        lost = _loss(error, args.to) if args.command == "convert" else None
        if lost is not None:
            print(f"toolerrors: {_at(name, number)}: {lost}", file=err)
    if summary:
        _summarise(counts, skipped, out)
    if skipped and not (shown or counts):
        print(
            f"toolerrors: no error in {skipped} line(s): each was a success, a log record,"
            f" or an error of a shape no source knows ({_YOURS})",
            file=err,
        )
    if unattributed:
        print(
            f"toolerrors: {unattributed} error(s) no source could attribute"
            f" (read as unknown; {_YOURS})",
            file=err,
        )
    return 2 if failed else UNATTRIBUTED if unattributed else 0


def _summarise(counts: Counter[tuple[str | None, ErrorKind]], skipped: int, out: TextIO) -> None:
    """``explain --summary``'s table: errors by source and kind, then the lines skipped."""
    named_counts = sorted(
        (_NONE if vendor is None else vendor, str(kind), count)
        for (vendor, kind), count in counts.items()
    )
    for vendor, kind, count in named_counts:
        print(f"{count:>8}  {_bare(vendor)}  {kind}", file=out)
    print(f"{sum(counts.values()):>8}  errors", file=out)
    if skipped:
        print(f"{skipped:>8}  lines read as no error, skipped", file=out)
    if any(vendor == _OTHER for vendor, _ in counts):
        print(f"{_OTHER}: vendors no registered source names, counted together", file=out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 1 when some error could be
    attributed to no source (`UNATTRIBUTED`), 2 for bad input."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:  # text the terminal can't encode is escaped, not fatal
            reconfigure(errors="backslashreplace")
    try:
        return _run(argv, sys.stdin, sys.stdout, sys.stderr)
    except _Usage as exc:
        print(f"toolerrors: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as exc:
        print(f"toolerrors: {_bare(exc.filename or '')}: {exc.strerror or exc}", file=sys.stderr)
        return 2
