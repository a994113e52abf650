"""Render an HTML report folder with headless Chromium, to look at it as a browser shows it.

    python tools/screenshot_reports.py REPORT_DIR [--out DIR] [--pdf] [--page NAME]

Writes PNGs of `index.html` and of one student page (the first one the index links
to, or --page), and with --pdf the student page printed to PDF; prints their paths.
Needs Chromium (Debian: `apt-get install -y chromium`).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
WIDTH, HEIGHT = 1200, 2000


def find_browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("Chromium not found: apt-get install -y chromium")


def first_student_page(report_dir: Path) -> Path:
    """The first page the index links to (the first row of the marks table)."""
    index = (report_dir / "index.html").read_text(encoding="utf-8")
    for href in re.findall(r'href="([^"#]+\.html)"', index):
        if (report_dir / href).is_file():
            return report_dir / href
    raise SystemExit(f"no student page linked from {report_dir / 'index.html'}")


def render(browser: str, page: Path, target: Path, *, pdf: bool = False, height: int = HEIGHT) -> Path:
    output = f"--print-to-pdf={target}" if pdf else f"--screenshot={target}"
    command = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-pdf-header-footer",
        output,
        f"--window-size={WIDTH},{height}",
        page.resolve().as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0 or not target.is_file():
        raise SystemExit(f"chromium failed on {page}:\n{done.stderr[-2000:]}")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report_dir", type=Path)
    parser.add_argument("--out", type=Path, help="where the images go (default: REPORT_DIR/screenshots)")
    parser.add_argument("--page", help="the student page to render (default: the first one)")
    parser.add_argument("--pdf", action="store_true", help="also print the student page to PDF")
    parser.add_argument("--height", type=int, default=HEIGHT, help="window height in pixels")
    args = parser.parse_args(argv)
    report_dir: Path = args.report_dir
    if not (report_dir / "index.html").is_file():
        parser.error(f"{report_dir / 'index.html'} not found")
    out = args.out or report_dir / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    browser = find_browser()
    student = report_dir / args.page if args.page else first_student_page(report_dir)
    made = [
        render(browser, report_dir / "index.html", out / "index.png", height=args.height),
        render(browser, student, out / f"{student.stem}.png", height=args.height),
    ]
    if args.pdf:
        made.append(render(browser, student, out / f"{student.stem}.pdf", pdf=True))
    for path in made:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
