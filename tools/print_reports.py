"""Print the HTML reports as a teacher does, with headless Chromium, and count the pages.

    python -m tools.print_reports [--out DIR] [--class DIR] [--lang fr|en] [--png]

Grades the bundled sample (a copy with three questions to review) and a class (default:
the puissance4 fixture corpus, 36 copies) with `grade.py --html`, as a teacher would,
prints the sample's page and the class index to A4 PDFs, and prints their page counts,
one line each (`eleve_puissance4.pdf: 2 pages`). With --png, each page is also rendered
to a PNG (pdftoppm) to look at. Needs Chromium (tools/chromium.py).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tools import chromium

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
CLASS = ROOT / "tests" / "fixtures" / "puissance4"


@dataclass
class Printed:
    """One report printed: its HTML page, the PDF and its number of pages."""

    page: Path
    pdf: Path
    pages: int


def grade_to_html(copies: Path, out: Path, lang: str) -> Path:
    """`grade.py copies --html html` as a teacher runs it, from the folder holding both
    (the pages show the copies' paths as the teacher typed them); the pages' folder."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), copies.name, "--html", out.name, "--lang", lang],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        cwd=copies.parent,
    )
    if not (out / "index.html").is_file():
        raise SystemExit(f"grade.py wrote no report in {out}:\n{done.stderr[-2000:]}")
    return out


def print_reports(out: Path, class_folder: Path = CLASS, lang: str = "fr") -> dict[str, Printed]:
    """The sample's page and the class index printed to PDF in `out`."""
    out.mkdir(parents=True, exist_ok=True)
    copies = out / "copies"
    if copies.exists():
        shutil.rmtree(copies)
    shutil.copytree(class_folder, copies, ignore=shutil.ignore_patterns("*.json", "*.md"))
    shutil.copy(SAMPLE, copies / SAMPLE.name)
    html = grade_to_html(copies, out / "html", lang)
    printed = {}
    for name, page in (("sample", html / f"{SAMPLE.stem}.html"), ("index", html / "index.html")):
        pdf = chromium.print_pdf(page, out / f"{page.stem}.pdf")
        printed[name] = Printed(page, pdf, chromium.pdf_pages(pdf))
    return printed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, help="where the reports and PDFs go (default: a temporary folder)"
    )
    parser.add_argument("--class", dest="class_folder", type=Path, default=CLASS, help="the class's copies")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    parser.add_argument("--png", action="store_true", help="also render each page to PNG (pdftoppm)")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="mmg-print-"))
    for item in print_reports(out, args.class_folder, args.lang).values():
        print(f"{item.pdf}: {item.pages} page{'s' if item.pages > 1 else ''}")
        if args.png:
            for png in chromium.pdf_to_pngs(item.pdf, item.pdf.with_suffix("")):
                print(f"  {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
