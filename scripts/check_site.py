"""Open every page of the built site in headless Chromium and check that it fits.

    python scripts/check_site.py SITE_DIR [--screenshots DIR]

Each page is opened at 1280 px and at 390 px wide. The check fails when a code
block scrolls sideways at 1280 px, or when a page scrolls sideways at 390 px:
the hidden part of a line is often its explanation. It also prints how many
pages carry a picture. Chromium is Debian's (``chromium`` on ``PATH``), driven
by playwright, since browser downloads are not possible everywhere.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import sys
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

WIDE, NARROW = 1280, 390
# Chromium's connections outside the machine are refused on closed networks;
# these flags keep it from trying.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Each code block that scrolls sideways: by how many px, and its longest line.
CODE_OVERFLOW = """() => [...document.querySelectorAll('.md-content pre > code')]
    .filter(c => c.scrollWidth - c.clientWidth > 1)
    .map(c => [c.scrollWidth - c.clientWidth,
        c.innerText.split('\\n').reduce((a, b) => b.length > a.length ? b : a)])"""
PAGE_OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
PICTURES = "() => document.querySelectorAll('.md-content img[src$=\".svg\"]').length"
BLOCKS = "() => document.querySelectorAll('.md-content pre > code').length"


def pages(site: Path) -> list[str]:
    """Every page's path under the site, as a browser asks for it."""
    folders = sorted(p.parent for p in site.rglob("index.html"))
    return [f"{f.relative_to(site)}/" if f != site else "" for f in folders]


def serve(site: Path) -> http.server.ThreadingHTTPServer:
    """Serve the site on a free port of this machine, in a thread."""
    quiet = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {})
    quiet.log_message = lambda *args: None  # type: ignore[method-assign]
    handler = functools.partial(quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def check(page: Page, base: str, path: str, shots: Path | None) -> list[str]:
    """What does not fit on one page, at both widths."""
    problems = []
    for width in (WIDE, NARROW):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(base + path, wait_until="load")
        if shots:
            name = (path.strip("/").replace("/", "-") or "index") + f"-{width}.png"
            page.screenshot(path=str(shots / name), full_page=True)
        if width == WIDE:
            for over, line in page.evaluate(CODE_OVERFLOW):
                problems.append(
                    f"{path}: a code block scrolls {over} px at {width} px: {line[:60]}..."
                )
        elif (over := page.evaluate(PAGE_OVERFLOW)) > 0:
            problems.append(f"{path}: the page scrolls {over} px at {width} px")
    return problems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the folder mkdocs built")
    parser.add_argument("--screenshots", type=Path, help="save each page here")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    if chromium is None:
        print("no chromium on PATH (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)
    server = serve(args.site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    problems, pictured, blocks = [], 0, 0
    paths = pages(args.site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
        page = browser.new_page()
        for path in paths:
            problems += check(page, base, path, args.screenshots)
            pictured += page.evaluate(PICTURES) > 0
            blocks += page.evaluate(BLOCKS)
        browser.close()
    server.shutdown()
    print(
        f"{len(paths)} pages at {WIDE} and {NARROW} px, {blocks} code blocks;"
        f" {pictured} pages with a picture"
    )
    print("\n".join(problems) or "every code block and page fits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
