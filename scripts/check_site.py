"""Open every page of the built site in headless Chromium and check that it fits.

    python scripts/check_site.py SITE_DIR [--screenshots DIR]

Each page is opened at 1280 px and at 390 px wide. The check fails when a code
block or a table scrolls sideways at 1280 px (a table names its columns cut off;
one of more than eight columns may scroll, its first column in view),
when a page scrolls sideways at 390 px, or when a picture's smallest text is
shown under 10 px at 390 px: the hidden part of a line or a table is often its
explanation. It also prints how many
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
# Each table that scrolls sideways: the headers of the columns past its right edge.
# A table of more than WIDE_TABLE columns (the mapping's kinds by vendors) scrolls by
# design, its first column kept in view.
WIDE_TABLE = 8
TABLE_CUT = """(most) => [...document.querySelectorAll('.md-content .md-typeset__scrollwrap')]
    .filter(w => w.scrollWidth - w.clientWidth > 1)
    .filter(w => w.querySelectorAll('thead th').length <= most)
    .map(w => [...w.querySelectorAll('thead th')]
        .filter(th => th.getBoundingClientRect().right > w.getBoundingClientRect().right + 1)
        .map(th => th.innerText.trim()).join(', '))"""
# Each picture whose smallest text is shown under MIN_TEXT px: its name and that size.
MIN_TEXT = 10
PICTURE_TEXT = """async (least) => {
    const small = [];
    for (const img of document.querySelectorAll('.md-content img[src$=".svg"]')) {
        const svg = await (await fetch(img.src)).text();
        const box = svg.match(/viewBox="[\\d.-]+ [\\d.-]+ ([\\d.]+)/);
        const sizes = [...svg.matchAll(/font-size[:=]\\s*"?([\\d.]+)/g)].map(m => +m[1]);
        if (!box || !sizes.length) continue;
        const shown = Math.min(...sizes) * img.getBoundingClientRect().width / +box[1];
        if (shown < least) small.push([img.getAttribute('src'), shown]);
    }
    return small;
}"""
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
            for cut in page.evaluate(TABLE_CUT, WIDE_TABLE):
                problems.append(f"{path}: a table is cut off at {width} px: {cut or '?'}")
        else:
            if (over := page.evaluate(PAGE_OVERFLOW)) > 0:
                problems.append(f"{path}: the page scrolls {over} px at {width} px")
            for src, size in page.evaluate(PICTURE_TEXT, MIN_TEXT):
                problems.append(
                    f"{path}: {src}'s text is {size:.1f} px at {width} px (under {MIN_TEXT})"
                )
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
    print("\n".join(problems) or "every code block, table, picture and page fits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
