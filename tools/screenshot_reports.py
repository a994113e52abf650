"""Screenshots of the reports as a person sees them, to look at before a change lands.

    python -m tools.screenshot_reports [REPORT_DIR] [--out DIR] [--page NAME] [--no-lab]

With REPORT_DIR (a folder `grade.py --html` wrote): PNGs of its `index.html` and of one
student page (the first the index links to, or --page), and that page printed (PDF, then
each page as a PNG). Without it: the bundled sample and the puissance4 class are graded
and printed first (tools/print_reports.py), and `verifier()` is shown as JupyterLab
styles it (tools/verifier_in_lab.py, light and dark themes). Prints each file's path.
Needs Chromium (tools/chromium.py) and pdftoppm (poppler-utils) for the printed pages.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

from tools import chromium

WIDTH, HEIGHT = 1200, 2000


def first_student_page(report_dir: Path) -> Path:
    """The first page the index links to (the first row of the marks table)."""
    index = (report_dir / "index.html").read_text(encoding="utf-8")
    for href in re.findall(r'href="([^"#]+\.html)"', index):
        if (report_dir / href).is_file():
            return report_dir / href
    raise SystemExit(f"no student page linked from {report_dir / 'index.html'}")


def screens(report_dir: Path, student: Path, out: Path, height: int = HEIGHT) -> list[Path]:
    """The index and the student's page on screen, and the student's page printed."""
    made = [
        chromium.screenshot(report_dir / "index.html", out / "index.png", WIDTH, height),
        chromium.screenshot(student, out / f"{student.stem}.png", WIDTH, height),
    ]
    pdf = chromium.print_pdf(student, out / f"{student.stem}-print.pdf")
    made += chromium.pdf_to_pngs(pdf, out / f"{student.stem}-print", dpi=90)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report_dir", type=Path, nargs="?")
    parser.add_argument("--out", type=Path, help="where the images go (default: a temporary folder)")
    parser.add_argument("--page", help="the student page to show (default: the sample's, or the first)")
    parser.add_argument("--height", type=int, default=HEIGHT, help="window height in pixels")
    parser.add_argument(
        "--no-lab", action="store_true", help="without the JupyterLab rendering of verifier()"
    )
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="mmg-screens-"))
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    report_dir = args.report_dir
    if report_dir is None:
        from tools.print_reports import SAMPLE, print_reports

        printed = print_reports(out / "printed")
        report_dir = printed["index"].page.parent
        made += chromium.pdf_to_pngs(printed["index"].pdf, out / "index-print", dpi=90)
        student = report_dir / (args.page or f"{SAMPLE.stem}.html")
    else:
        if not (report_dir / "index.html").is_file():
            parser.error(f"{report_dir / 'index.html'} not found")
        student = report_dir / args.page if args.page else first_student_page(report_dir)
    made += screens(report_dir, student, out, args.height)
    if not args.no_lab and args.report_dir is None:
        from tools.verifier_in_lab import SAMPLE as NOTEBOOK
        from tools.verifier_in_lab import lab_html, run_verifier

        with tempfile.TemporaryDirectory(prefix="mmg-lab-run-") as work:
            executed = run_verifier(NOTEBOOK, Path(work))
            for theme in ("light", "dark"):
                page = lab_html(executed, out / f"verifier-lab-{theme}.html", theme)
                made.append(chromium.screenshot(page, out / f"verifier-lab-{theme}.png", 1100, args.height))
    for path in made:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
