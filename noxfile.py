"""Tasks any contributor can run: ``nox`` (all), or ``nox -s tests-3.12``, ``nox -s lint``, ..."""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "venv"
nox.options.error_on_missing_interpreters = False

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The test suite on every supported Python."""
    session.install("-e", ".", "--group", "test")
    session.run("pytest", "-q", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff, lint and format."""
    session.install("--group", "lint")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def typing(session: nox.Session) -> None:
    """mypy --strict on the package."""
    session.install("-e", ".", "--group", "test", "--group", "lint")
    session.run("mypy", "--strict", "src")


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation site, built strictly, and the generated pages checked."""
    session.install("-e", ".", "--group", "docs")
    session.run("python", "scripts/gen_docs.py", "--check")
    session.run("mkdocs", "build", "--strict", "--site-dir", "site")
    # Every page in headless Chromium (Debian's chromium package): no code block
    # scrolls sideways at 1280 px, no page at 390 px.
    session.run("python", "scripts/check_site.py", "site")


@nox.session
def benchmark(session: nox.Session) -> None:
    """The speed and memory figures of docs/performance.md."""
    session.install("-e", ".")
    session.run("python", "benchmarks/run.py", *session.posargs)
