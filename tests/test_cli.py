"""The toolerrors command, run as a subprocess like a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import toolerrors
from conftest import ROOT
from toolerrors import VENDORS, ErrorKind, UnifiedError
from toolerrors._builtin.use_tool import HELD
from toolerrors._cli import explain, main
from toolerrors._table import WRITE
from toolerrors.sources import registered
from toolerrors.use_tool import Reason

USE_TOOL, PYTHE, CONFIGURE = (registered()[name] for name in ("use_tool", "pythe", "configure"))

EXAMPLES = ROOT / "examples"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolerrors", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_examples_cover_every_row_of_the_documented_tables() -> None:
    """One example per use_tool kind, reason, Pythe code and Configure code and case."""
    names = {path.relative_to(EXAMPLES).as_posix() for path in EXAMPLES.rglob("*.json")}
    tool_errors = [row for row in USE_TOOL.rows if row.reads and row.code not in HELD]
    assert len([n for n in names if n.startswith("use_tool/")]) == len(tool_errors) + len(Reason)
    assert len([n for n in names if n.startswith("pythe/")]) == len(PYTHE.codes)
    # Configure: every code, both structured 404s, and otp_blocked.
    assert len([n for n in names if n.startswith("configure/")]) == len(CONFIGURE.codes) + 3


def test_explain_the_examples_folder() -> None:
    """explain on a folder summarises every file, strictly valid, with exit status 0."""
    result = run("explain", "--strict", str(EXAMPLES))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("kind:    ") == len(list(EXAMPLES.rglob("*.json")))
    assert (
        "examples/pythe/insufficient_credits.json\nkind:    payment_required\n"
        in result.stdout.replace("\\", "/")
    )


def test_explain_one_file() -> None:
    """The summary gives kind, action with hint, retry advice, source and message."""
    result = run("explain", str(EXAMPLES / "configure" / "TIMEOUT.json"))
    assert result.returncode == 0
    assert result.stdout == (
        "kind:    unknown_outcome\n"
        "action:  check_first: Check whether it happened before you run it again.\n"
        "retry:   only if the operation is idempotent (whether it ran is not known)\n"
        "source:  configure TIMEOUT\n"
        'message: "The request timed out."\n'
    )


def test_explain_json_from_stdin() -> None:
    """--json prints the unified error with the documented keys."""
    payload = json.dumps(
        {"ok": False, "code": "http_429", "message": "m", "retryable": True, "how_to_fix": "h"}
    )
    result = run("explain", "--json", "-", stdin=payload)
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert {k: out[k] for k in ("kind", "message", "retryable", "retry_after", "status_code", "action", "vendor", "code")} == {
        "kind": "rate_limited", "message": "m", "retryable": True, "retry_after": None,
        "status_code": 429, "action": "wait_and_retry", "vendor": "pythe", "code": "http_429",
    }  # fmt: skip


def test_convert_to_each_vendor() -> None:
    """convert --to prints the wire JSON of the target vendor."""
    source = str(EXAMPLES / "use_tool" / "refused_4_sensitive_data.json")
    out = {
        v: json.loads(run("convert", "--to", v, source).stdout)
        for v in ("use_tool", "pythe", "configure")
    }
    assert out["use_tool"] == json.loads(Path(source).read_text("utf-8"))
    assert (out["pythe"]["code"], out["pythe"]["retryable"]) == ("forbidden", False)
    assert (out["configure"]["code"], out["configure"]["retryable"]) == ("ACCESS_DENIED", False)


def test_convert_says_at_the_line_what_a_target_without_the_kind_loses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A declined card written to use_tool is its safest code, forbidden: the command
    says so beside it, and where the kind is kept; a write that keeps it says nothing."""
    declined = str(EXAMPLES / "configure" / "PAYMENT_REQUIRED.json")
    assert main(["convert", "--to", "use_tool", declined]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["error"] == "forbidden"
    assert err == (
        f"toolerrors: {declined}: use_tool has no code for payment_required: written as one"
        " read back as permission_denied (--to configure keeps payment_required)\n"
    )
    assert main(["convert", "--to", "pythe", declined]) == 0
    assert capsys.readouterr().err == ""


def test_convert_to_problem_details() -> None:
    """convert --to problem prints RFC 9457 problem details."""
    out = json.loads(
        run("convert", "--to", "problem", str(EXAMPLES / "pythe" / "http_429.json")).stdout
    )
    assert {k: out[k] for k in ("type", "title", "status", "kind", "vendor", "code")} == {
        "type": "urn:toolerrors:kind:rate_limited", "title": "Rate limited", "status": 429,
        "kind": "rate_limited", "vendor": "pythe", "code": "http_429",
    }  # fmt: skip


def test_kinds_prints_the_table() -> None:
    """kinds prints every kind with its code in each vendor."""
    result = run("kinds")
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["kind", "action", *VENDORS]
    assert len(lines) == 1 + len(ErrorKind)
    assert lines[4].split() == [
        "not_found",
        "find_target",
        *" ".join(WRITE[(vendor, ErrorKind.NOT_FOUND)].label for vendor in VENDORS).split(),
    ]
    assert "INVALID_INPUT + statusCode 404" in lines[4]  # Configure's structured 404


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("explain", "nope.json"), None, "toolerrors: nope.json: no such file or folder\n"),
        (
            ("explain", "-"),
            "{oops",
            "toolerrors: <stdin>: not valid JSON (key must be a string at line 1 column 2)\n",
        ),
        (
            ("explain", "-"),
            '{"ok": true, "summary": "s"}',
            "toolerrors: <stdin>: a Pythe success envelope (ok: true) is not an error\n",
        ),
        (("convert", "--to", "acme", "-"), "{}", "invalid choice: 'acme'"),
        (("frobnicate",), None, None),
        (
            ("explain", "--strict", "-"),
            '{"error": "teapot", "message": "m"}',
            "toolerrors: <stdin>: /error: unknown use_tool code 'teapot'\n",
        ),
    ],
    ids=["missing-file", "bad-json", "success", "bad-vendor", "bad-command", "strict"],
)
def test_bad_input_is_one_line_and_exit_2(
    args: tuple[str, ...], stdin: str | None, message: str | None
) -> None:
    """Bad input: one line on stderr naming what and where, exit 2, never a traceback."""
    result = run(*args, stdin=stdin)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("toolerrors: ")
    if message is not None:
        assert message in result.stderr


LOG = "\n".join(
    [
        '{"ok": true, "summary": "Iris (researcher) is on it."}',
        "not json at all",
        '{"error": "rate_limited", "message": "slow"}',
        "",
        '{"code": "TIMEOUT", "message": "The request timed out."}',
        '{"ok": false}',
        '{"refused": "Not done: it would send a password, card or bank number, or an ID number. Tell Ana, and don\'t try another way."}',
    ]
)


def test_json_lines_report_errors_by_line_and_skip_the_rest() -> None:
    """--lines explains each error under its line number, skips results, reports bad lines
    with their numbers and still reads the rest (exit 2 at the end)."""
    result = run("explain", "--lines", "-", stdin=LOG)
    assert result.returncode == 2
    assert [line for line in result.stdout.splitlines() if line.startswith("<stdin>")] == [
        "<stdin>:3",
        "<stdin>:5",
        "<stdin>:6",  # {"ok": false}: a broken envelope that still marks an error
        "<stdin>:7",
    ]
    assert result.stdout.count("kind:    ") == 4
    assert result.stderr.splitlines() == [
        "toolerrors: <stdin>:2: not valid JSON (expected ident at line 1 column 2)",
        "toolerrors: 1 error(s) no source could attribute"
        " (read as unknown; --source MODULE:ATTR reads a shape of your own)",  # {"ok": false}
    ]


def test_input_that_opens_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """A file, or a JSON Lines file's first line, that opens with a UTF-8 byte order
    mark (as Windows editors save it) is read like the same JSON without it."""
    bom = b"\xef\xbb\xbf"
    single = tmp_path / "error.json"
    single.write_bytes(bom + b'{"error": "rate_limited", "message": "slow"}')
    log = tmp_path / "agent.jsonl"
    lines = ['{"error": "rate_limited", "message": "slow"}', '{"code": "TIMEOUT", "message": "m"}']
    log.write_bytes(bom + "\n".join(lines).encode())
    result = run("explain", "--json", str(single))
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout)["kind"] == "rate_limited"
    result = run("explain", "--summary", str(log))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "       1  configure  unknown_outcome",
        "       1  use_tool  rate_limited",
        "       2  errors",
    ]


def test_json_lines_summary_and_jsonl_files(tmp_path: Path) -> None:
    """A .jsonl file is JSON Lines by its name; --summary counts by source and kind, and
    convert writes one converted error a line."""
    log = tmp_path / "agent.jsonl"
    log.write_text(LOG.replace("not json at all", "").replace('{"ok": false}', ""))
    result = run("explain", "--summary", str(log))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "       1  configure  unknown_outcome",
        "       1  use_tool  rate_limited",
        "       1  use_tool  refused",
        "       3  errors",
        "       1  lines read as no error, skipped",
    ]
    converted = run("convert", "--to", "configure", str(log))
    assert [json.loads(line)["code"] for line in converted.stdout.splitlines()] == [
        "RATE_LIMITED",
        "TIMEOUT",
        "ACCESS_DENIED",
    ]


def test_summary_counts_unknown_vendors_together_in_bounded_memory() -> None:
    """Vendor text no registered source names is counted under ``(other)``, and the output
    says so: the input's text is never a key, so distinct vendors cannot grow memory."""
    unified = {"kind": "internal", "message": "m", "action": "retry", "hint": "h"}
    lines = "".join(json.dumps({**unified, "vendor": f"v{i}"}) + "\n" for i in range(500))
    lines += '{"error": "not_found", "message": "m"}\n'
    result = run("explain", "--lines", "--summary", "-", stdin=lines)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "     500  (other)  internal",
        "       1  use_tool  not_found",
        "     501  errors",
        "(other): vendors no registered source names, counted together",
    ]


def _cli(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolerrors", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
        encoding="utf-8",
    )


def test_explain_escapes_every_field_from_the_input() -> None:
    """Codes, owners, reasons and messages can neither drive a terminal nor forge a line."""
    hostile = "x\x1b]0;pwned\x07\x1b[2J\nkind:    fake\x9b\u202e"
    error = UnifiedError(
        ErrorKind.REFUSED, hostile, vendor=hostile, code=hostile, owner=hostile, reason=hostile
    )
    text = explain(error)
    assert not any(ch in text for ch in "\x1b\x07\x9b\u202e")
    assert text.count("\n") == 6  # kind, action, retry, source, owner, reason, message
    assert [line.split(":")[0] for line in text.splitlines()] == [
        "kind", "action", "retry", "source", "owner", "reason", "message",
    ]  # fmt: skip


def test_file_names_are_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder's file names reach the terminal escaped."""
    (tmp_path / "a\x1b[31m.json").write_text('{"error": "vendor", "message": "m"}')
    assert main(["explain", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "a\\u001b[31m.json" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_reads_regular_files_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A FIFO and a link to /dev/zero are refused at once; the other files still go through."""
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "ok.json").write_text('{"error": "vendor", "message": "m"}')
    assert main(["explain", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"toolerrors: {tmp_path / 'fifo.json'}: not a regular file",
        f"toolerrors: {tmp_path / 'zero.json'}: not a regular file",
    ]
    assert "kind:    upstream_error" in captured.out


def test_reads_with_a_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file over the limit is refused after reading no more than the limit."""
    big = tmp_path / "big.json"
    big.write_bytes(b'{"error": "vendor", "message": "' + b"x" * (3 << 20) + b'"}')
    sizes: list[int] = []
    real_read = toolerrors._cli._read_at_most

    def spying_read(fd: int, limit: int) -> bytes:
        sizes.append(limit)
        data = real_read(fd, limit)
        assert len(data) <= limit
        return data

    monkeypatch.setattr(toolerrors._cli, "_read_at_most", spying_read)
    assert main(["explain", str(big)]) == 2
    assert sizes == [toolerrors.MAX_BYTES + 1]
    assert "over the 1048576-byte limit" in capsys.readouterr().err


def test_never_shows_a_traceback() -> None:
    """A huge retryAfter is one line and exit 2 strictly (leniently, an error with no wait);
    an ASCII terminal gets escapes, not a crash."""
    huge_text = '{"code": "RATE_LIMITED", "message": "m", "retryAfter": 1' + "0" * 400 + "}"
    huge = _cli("explain", "--strict", "-", stdin=huge_text)
    assert (huge.returncode, huge.stderr.count("\n")) == (2, 1)
    assert "Traceback" not in huge.stderr
    lenient = _cli("explain", "-", stdin=huge_text)
    assert (lenient.returncode, lenient.stderr) == (0, "")
    assert "kind:    rate_limited" in lenient.stdout
    curly = ROOT / "examples" / "use_tool" / "not_done_yet_5_undecided.json"
    ascii_run = _cli("explain", str(curly), env={"PYTHONIOENCODING": "ascii"})
    assert (ascii_run.returncode, ascii_run.stderr) == (0, "")
    assert "couldn\\u2019t decide" in ascii_run.stdout
    converted = _cli("convert", "--to", "pythe", str(curly), env={"PYTHONIOENCODING": "ascii"})
    assert converted.returncode == 0
    assert json.loads(converted.stdout)["code"] == "forbidden"


def test_explain_reads_an_mcp_clients_error_text_from_stdin() -> None:
    """The TypeScript MCP SDK's error text, piped in, is explained as the error it
    reports; a log line with it is read among JSON Lines."""
    text = (
        "Error executing MCP tool:\nMCP error -32603: Search failed: Serper API error:"
        ' 403 Forbidden - {"message":"Unauthorized."}'
    )
    result = run("explain", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:4] == [
        "kind:    permission_denied",
        "action:  ask_owner: Tell the owner what access it needs.",
        "retry:   no",
        "source:  jsonrpc -32603 (HTTP 403)",
    ]
    lines = run("explain", "--lines", "--json", "-", stdin="MCP error -32001: Request timed out\n")
    assert lines.returncode == 0, lines.stderr
    assert json.loads(lines.stdout)["kind"] == "unknown_outcome"


def test_explain_reads_a_plain_error_text_by_its_words() -> None:
    """A text piped in to be explained is read by its known words (a plan's seat limit,
    Firezone's), its line's end not part of the message; one with no word of an error is
    refused, saying it is no JSON."""
    result = run("explain", "--json", "-", stdin="Seat Limit Reached\n")
    assert result.returncode == 0, result.stderr
    said = json.loads(result.stdout)
    assert (said["kind"], said["retryable"], said["message"]) == (
        "payment_required",
        False,
        "Seat Limit Reached",
    )
    refused = run("explain", "-", stdin="all good\n")
    assert refused.returncode == 2
    assert refused.stderr.startswith("toolerrors: <stdin>: not valid JSON")


def test_a_line_that_is_not_an_object_is_still_read_for_an_error(tmp_path: Path) -> None:
    """A JSON Lines line holding a list of errors is counted, never skipped as a success."""
    log = tmp_path / "calls.jsonl"
    log.write_text('[{"error": "not_found", "message": "No such file."}]\n{"ok": true}\n')
    result = run("explain", "--summary", str(log))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "       1  use_tool  not_found",
        "       1  errors",
        "       1  lines read as no error, skipped",
    ]


def test_an_error_no_source_attributes_is_counted_and_sets_the_exit_status() -> None:
    """An error that only a generic convention reads is counted, said on stderr, and
    exits 1, so that a script notices it."""
    result = run("explain", "--lines", "--summary", stdin='{"status": "failure", "message": "x"}\n')
    assert result.returncode == 1
    assert result.stdout.split() == ["1", "(none)", "unknown", "1", "errors"]
    assert result.stderr == (
        "toolerrors: 1 error(s) no source could attribute"
        " (read as unknown; --source MODULE:ATTR reads a shape of your own)\n"
    )


def test_source_loads_a_source_of_your_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--source MODULE:ATTR`` reads and writes a user's source for one run, then leaves
    the registry as it was."""
    import types

    from test_sources import ACME, ACME_MODELS

    mine = types.ModuleType("my_errors")
    mine.SOURCE = ACME  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "my_errors", mine)
    monkeypatch.setitem(sys.modules, "acme_models", ACME_MODELS)
    payload = tmp_path / "jammed.json"
    payload.write_text('{"error": "JAMMED", "detail": "Jammed.", "retry": true}')
    assert main(["explain", "--source", "my_errors:SOURCE", str(payload)]) == 0
    assert "source:  acme JAMMED\n" in capsys.readouterr().out
    use_tool = tmp_path / "missing.json"
    use_tool.write_text('{"error": "not_found", "message": "No task."}')
    assert main(["convert", "--source", "my_errors:SOURCE", "--to", "acme", str(use_tool)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "error": "MISSING",
        "detail": "No task.",
        "retry": False,
    }
    assert "acme" not in registered()


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("my_errors", "expected MODULE:ATTR, as in mypkg.errors:SOURCE"),
        ("no_such_module_here:SOURCE", "cannot import no_such_module_here: "
         "No module named 'no_such_module_here'"),
        ("json:dumps", "dumps must be a toolerrors.sources.Source, got function"),
    ],
)  # fmt: skip
def test_source_says_what_is_wrong_with_it(
    spec: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``--source`` that names no source is one line on stderr and exit status 2."""
    assert main(["explain", "--source", spec, os.devnull]) == 2
    assert capsys.readouterr().err == f"toolerrors: --source {spec}: {problem}\n"


def test_explain_and_model_text_word_one_retry_verdict() -> None:
    """For every kind and retry advice, the CLI's retry line and model_text's say the
    same verdict (model_text says its own line for a refusal and an approval)."""
    from toolerrors import model_text
    from toolerrors._cli import _RETRY as SAID_BY_CLI
    from toolerrors._text import _RETRY as SAID_TO_MODEL

    for kind in ErrorKind:
        for retryable in (True, False, None):
            error = UnifiedError(kind, "m", retryable=retryable)
            shown = next(line for line in explain(error).splitlines() if line.startswith("retry:"))
            by_cli = {SAID_BY_CLI[v]: v for v in SAID_BY_CLI}[shown.removeprefix("retry:").strip()]
            line = model_text(error).splitlines()[2]
            by_text = {SAID_TO_MODEL[v]: v for v in SAID_TO_MODEL}.get(line)
            if kind in (ErrorKind.REFUSED, ErrorKind.APPROVAL_REQUIRED):
                assert by_text is None and by_cli == "no", (kind, retryable)
            else:
                assert by_text == by_cli, (kind, retryable)


def test_a_shape_of_your_own_is_never_passed_over_without_a_word(tmp_path: Path) -> None:
    """Lines of a shape no source knows: no error is found, and the command says so and
    how to read them; a whole file of that shape says it too; a --source that names
    nothing in its module says which."""
    log = tmp_path / "calls.jsonl"
    log.write_text('{"err": "JAMMED", "detail": "Jammed."}\n{"err": "SLOW", "detail": "s"}\n')
    result = run("explain", str(log))
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr == (
        "toolerrors: no error in 2 line(s): each was a success, a log record, or an error"
        " of a shape no source knows (--source MODULE:ATTR reads a shape of your own)\n"
    )
    whole = tmp_path / "jammed.json"
    whole.write_text('{"err": "JAMMED", "detail": "Jammed."}')
    result = run("explain", str(whole))
    assert result.returncode == 2
    assert result.stderr.startswith(f"toolerrors: {whole}: expected an error of a known shape")
    assert result.stderr.endswith("; --source MODULE:ATTR reads a shape of your own\n")
    result = run("explain", "--source", "json:NOPE", str(whole))
    assert (result.returncode, result.stderr) == (
        2,
        "toolerrors: --source json:NOPE: module json has no NOPE\n",
    )
