"""Real MCP servers, started on this machine and called through the official MCP SDK
client over stdio: what they say when they fail reads right.

The servers are installed once into ``~/.cache/toolerrors-mcp-servers`` (or
``$TOOLERRORS_MCP_SERVERS``): the PyPI ones into a virtual environment there, the npm ones
with ``npm install --prefix``.  Each group is skipped, with its reason, where it cannot be
had (no network, no node), and each install is bounded by `INSTALL_TIMEOUT` (about a
minute when nothing is cached, on two cores); every call is bounded by `CALL_TIMEOUT`.
``-m "not mcp_servers"`` leaves the module out.
"""

from __future__ import annotations

import asyncio
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("mcp")

from mcp import ClientSession, StdioServerParameters, stdio_client

from toolerrors import ErrorKind, error_of, model_text

if TYPE_CHECKING:
    from collections.abc import Iterator

    from toolerrors import UnifiedError

pytestmark = pytest.mark.mcp_servers

CACHE = Path(os.environ.get("TOOLERRORS_MCP_SERVERS", "~/.cache/toolerrors-mcp-servers"))
CALL_TIMEOUT = 60.0
INSTALL_TIMEOUT = 240
PYPI = {  # the versions the texts below were taken from
    "mcp-server-time": "2026.10.19",
    "mcp-server-fetch": "2026.10.24",
    "mcp-server-git": "2026.10.19",
}
SQLITE = ("mcp-server-sqlite==2025.4.25", "mcp<2")
"""mcp-server-sqlite's last release uses the MCP SDK's 1.x server API: its own
environment, with the SDK it was written for."""
NPM = {
    "@modelcontextprotocol/server-filesystem": "2026.8.31",
    "@modelcontextprotocol/server-memory": "2026.8.31",
}


def _install(what: str, command: list[str], done: Path) -> None:
    """Run an install once; skip the tests that need it where it cannot be had."""
    if done.exists():
        return
    try:
        run = subprocess.run(
            command, check=False, capture_output=True, text=True, timeout=INSTALL_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"{what} cannot be installed here: {exc}")
    if run.returncode != 0:
        pytest.skip(f"{what} cannot be installed here: {run.stderr.strip()[-300:]}")
    done.touch()


def _venv(name: str, wanted: list[str]) -> Path:
    """The bin folder of a virtual environment in the cache holding ``wanted``."""
    venv = CACHE.expanduser() / name
    python = venv / "bin" / "python"
    if not python.exists():
        _install("a virtual environment", [sys.executable, "-m", "venv", str(venv)], venv / ".x")
    pip = [str(python), "-m", "pip", "install", "-q", *wanted]
    _install(f"{', '.join(wanted)}", pip, venv / f".done-{'-'.join(wanted)}")
    return venv / "bin"


@pytest.fixture(scope="module")
def pypi_bin() -> Path:
    """The bin folder of a virtual environment holding the PyPI servers."""
    return _venv("venv", [f"{name}=={version}" for name, version in PYPI.items()])


@pytest.fixture(scope="module")
def sqlite_bin() -> Path:
    """The bin folder of a virtual environment holding mcp-server-sqlite."""
    return _venv("venv-sqlite", list(SQLITE))


@pytest.fixture(scope="module")
def npm_prefix() -> Path:
    """Where the npm servers are installed."""
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        pytest.skip("node and npm are not installed")
    prefix = CACHE.expanduser() / "npm"
    wanted = [f"{name}@{version}" for name, version in NPM.items()]
    command = [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", *wanted]
    _install("the npm MCP servers", command, prefix / f".done-{'-'.join(NPM.values())}")
    return prefix


def _call(
    command: str,
    args: list[str],
    tool: str,
    arguments: dict[str, Any],
    env: dict[str, str] | None = None,
) -> Any:
    """One tool call to a server started for it, through the MCP SDK's client."""

    async def go() -> Any:
        params = StdioServerParameters(command=command, args=args, env=env)
        with open(os.devnull, "w") as quiet:
            async with (
                stdio_client(params, errlog=quiet) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                return await session.call_tool(tool, arguments)

    return asyncio.run(asyncio.wait_for(go(), CALL_TIMEOUT))


def _read(result: Any, **options: Any) -> UnifiedError:
    error = error_of(result, **options)
    assert error is not None, result
    return error


@pytest.fixture(scope="module")
def answering() -> Iterator[int]:
    """A loopback HTTP server answering /404 with 404 and /503 with 503."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(int(self.path.strip("/")))
            self.end_headers()
            self.wfile.write(b"nothing here")

        def log_message(self, *_: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # closed once the socket is


def test_time_server_s_invalid_timezone_is_bad_input(pypi_bin: Path) -> None:
    """mcp-server-time: an unknown timezone is bad input, never retried, in its words."""
    result = _call(str(pypi_bin / "mcp-server-time"), [], "get_current_time",
                   {"timezone": "Mars/Olympus"})  # fmt: skip
    error = _read(result)
    assert (error.kind, error.retryable) == (ErrorKind.INVALID_INPUT, False)
    assert "Invalid timezone" in model_text(error)


@pytest.mark.parametrize(
    ("status", "kind", "retryable"),
    [(404, ErrorKind.NOT_FOUND, False), (503, ErrorKind.UNAVAILABLE, True)],
)
def test_fetch_server_s_http_status_decides(
    pypi_bin: Path, answering: int, status: int, kind: ErrorKind, retryable: bool
) -> None:
    """mcp-server-fetch: a page answered with 404 is not found; with 503, retried."""
    url = f"http://127.0.0.1:{answering}/{status}"
    result = _call(str(pypi_bin / "mcp-server-fetch"), ["--ignore-robots-txt", "--allow-private-ips"], "fetch",
                   {"url": url, "raw": True})  # fmt: skip
    error = _read(result)
    assert (error.kind, error.retryable, error.status_code) == (kind, retryable, status)
    assert f"status code {status}" in model_text(error)


def test_fetch_server_s_closed_port_never_left(pypi_bin: Path) -> None:
    """mcp-server-fetch: a connection refused on loopback is unavailable."""
    url = f"http://127.0.0.1:{_closed_port()}/"
    result = _call(str(pypi_bin / "mcp-server-fetch"), ["--ignore-robots-txt", "--allow-private-ips"], "fetch",
                   {"url": url, "raw": True})  # fmt: skip
    error = _read(result)
    assert (error.kind, error.retryable) == (ErrorKind.UNAVAILABLE, True), error.message
    assert "All connection attempts failed" in model_text(error)


def test_git_server_s_pathspec_that_matches_nothing_is_not_found(
    pypi_bin: Path, tmp_path: Path
) -> None:
    """mcp-server-git: adding a file that is not there is not found, whatever its name."""
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    result = _call(str(pypi_bin / "mcp-server-git"), ["--repository", str(tmp_path)], "git_add",
                   {"repo_path": str(tmp_path), "files": ["missing.txt"]})  # fmt: skip
    error = _read(result)
    assert (error.kind, error.retryable) == (ErrorKind.NOT_FOUND, False), error.message
    assert "missing.txt" in model_text(error)


def test_sqlite_server_s_failures_as_successes_read_when_asked(
    sqlite_bin: Path, tmp_path: Path
) -> None:
    """mcp-server-sqlite answers a missing table with isError false: a success by
    default, not found with labelled_text."""
    db = tmp_path / "t.db"
    result = _call(str(sqlite_bin / "mcp-server-sqlite"), ["--db-path", str(db)],
                   "read_query", {"query": "SELECT * FROM users"})  # fmt: skip
    assert error_of(result) is None
    error = _read(result, labelled_text=True)
    assert (error.kind, error.retryable) == (ErrorKind.NOT_FOUND, False)
    assert "no such table: users" in model_text(error)


def _filesystem(prefix: Path, root: Path, tool: str, arguments: dict[str, Any]) -> Any:
    server = prefix_js(prefix, "server-filesystem")
    return _call("node", [str(server), str(root)], tool, arguments)


@pytest.mark.parametrize(
    ("tool", "path", "kind"),
    [
        ("read_text_file", "missing.txt", ErrorKind.NOT_FOUND),
        ("read_text_file", "/etc/hostname", ErrorKind.PERMISSION_DENIED),
        ("read_text_file", ".", ErrorKind.INVALID_INPUT),
        ("no_such_tool", "x", ErrorKind.INVALID_INPUT),
    ],
)
def test_filesystem_server_s_failures(
    npm_prefix: Path, tmp_path: Path, tool: str, path: str, kind: ErrorKind
) -> None:
    """@modelcontextprotocol/server-filesystem: a missing file is not found, a path
    outside the allowed folders denied, a folder read as a file bad input, and a tool it
    does not have bad input; none retried."""
    target = path if path.startswith("/") else str(tmp_path / path)
    result = _filesystem(npm_prefix, tmp_path, tool, {"path": target})
    error = _read(result)
    assert (error.kind, error.retryable) == (kind, False), error.message


def test_memory_server_s_missing_entity_is_not_found(npm_prefix: Path, tmp_path: Path) -> None:
    """@modelcontextprotocol/server-memory: an observation on an entity that is not
    there is not found, never retried, in its words."""
    server = prefix_js(npm_prefix, "server-memory")
    memory = {"MEMORY_FILE_PATH": str(tmp_path / "memory.jsonl"), "PATH": os.environ["PATH"]}
    arguments = {"observations": [{"entityName": "invalid_user", "contents": ["x"]}]}
    result = _call("node", [str(server)], "add_observations", arguments, env=memory)
    error = _read(result)
    assert (error.kind, error.retryable) == (ErrorKind.NOT_FOUND, False), error.message
    assert "Entity with name invalid_user not found" in model_text(error)


def prefix_js(prefix: Path, name: str) -> Path:
    """The entry point of an npm reference server installed under ``prefix``."""
    return prefix / "node_modules" / "@modelcontextprotocol" / name / "dist" / "index.js"
