"""HTML pages printed to PDF, and a class's copies bound into one two-sided PDF.

Two engines, the first found: **WeasyPrint** (the `pdf` extra; CSS Paged Media, the
pages of each copy known before binding) and **headless Chromium** (`chromium`,
`google-chrome`… on PATH; each copy printed alone, its pages counted from the PDF, then
the class printed once with a blank page after each copy of an odd number of pages).
Either way every copy of the class starts on the front of a sheet when printed
two-sided. Why these: docs/explanation/marking-page.md.

Chromium is started as `tools/chromium.py` starts it for the tests (that module imports
these flags): a fresh profile, no background connection, `--no-sandbox` (root in a
container).
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--no-pdf-header-footer",
)
PAGE_FOOT = """<style>
h1 { string-set: student content(); }
@page { @bottom-right { content: string(student) " — " counter(page) " / " counter(pages);
  font: 7pt "DejaVu Sans", Arial, sans-serif; color: #5f6368; } }
</style>"""
"""A copy's name and page on each sheet (CSS Paged Media: WeasyPrint draws it; Chromium's
printing has no margin boxes and leaves it out)."""
BLANK = '<!DOCTYPE html><html><head><style>@page { size: A4; }</style></head><body></body></html>'
TIMEOUT = 120.0


@dataclass(frozen=True)
class Page:
    """One HTML page to print: its text, and its name (the student's)."""

    name: str
    html: str


class Engine(Protocol):
    name: str

    def print_pages(self, pages: Sequence[Page], folder: Path, book: Path | None) -> list[int]:
        """Each page to `folder/<name>.pdf`; with `book`, all of them bound in order into
        that file, each starting on an odd page. The number of pages of each."""
        ...


def find_browser() -> str | None:
    """The path of a Chromium (or Chrome) on PATH, None when there is none."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def engine() -> Engine | None:
    """WeasyPrint when installed, else a Chromium on PATH, else None (nothing imported)."""
    try:
        if importlib.util.find_spec("weasyprint") is not None:
            return WeasyPrint()
    except (ImportError, ValueError):
        pass
    browser = find_browser()
    return Chromium(browser) if browser else None


def with_foot(html: str) -> str:
    """`html` with the copy's name and page number at the foot of each sheet."""
    return html.replace("</head>", PAGE_FOOT + "</head>", 1)


class WeasyPrint:
    name = "WeasyPrint"

    def print_pages(self, pages: Sequence[Page], folder: Path, book: Path | None) -> list[int]:
        with _quiet("weasyprint", "fontTools"):
            return self._print_pages(pages, folder, book)

    def _print_pages(self, pages: Sequence[Page], folder: Path, book: Path | None) -> list[int]:
        import weasyprint

        documents = []
        for page in pages:
            document = weasyprint.HTML(string=with_foot(page.html), base_url=str(folder)).render()
            document.write_pdf(folder / f"{page.name}.pdf")
            documents.append(document)
        if book is not None and documents:
            blank = weasyprint.HTML(string=BLANK).render().pages
            bound: list[Any] = []
            for document in documents:
                bound += document.pages
                if len(document.pages) % 2:
                    bound += blank
            documents[0].copy(bound).write_pdf(book)
        return [len(document.pages) for document in documents]


@contextlib.contextmanager
def _quiet(*names: str) -> Iterator[None]:
    """WeasyPrint says which CSS it ignores (the reports' stylesheet is a browser's): not
    the teacher's concern, kept out of the terminal while it prints."""
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


class Chromium:
    name = "Chromium"

    def __init__(self, browser: str):
        self.browser = browser

    def print_pages(self, pages: Sequence[Page], folder: Path, book: Path | None) -> list[int]:
        counts = []
        with tempfile.TemporaryDirectory(prefix="mmg-pdf-") as scratch:
            for page in pages:
                counts.append(self._print(page.html, Path(scratch), folder / f"{page.name}.pdf"))
            if book is not None and pages:
                self._print(bind_html([p.html for p in pages], counts), Path(scratch), book)
        return counts

    def _print(self, html: str, scratch: Path, target: Path) -> int:
        source = scratch / "page.html"
        source.write_text(html, encoding="utf-8")
        with tempfile.TemporaryDirectory(prefix="mmg-chromium-", dir=scratch) as profile:
            command = [
                self.browser,
                *FLAGS,
                f"--user-data-dir={profile}",
                f"--print-to-pdf={target}",
                source.as_uri(),
            ]
            done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
        if done.returncode != 0 or not target.is_file():
            raise RuntimeError(f"chromium could not print {target.name}: {done.stderr[-500:]}")
        return pdf_pages(target)


_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S)
_HEAD = re.compile(r"<head>(.*)</head>", re.S)
BOUND = """<style>
section.copy { break-before: page; }
section.copy:first-of-type { break-before: auto; }
div.blank-page { break-before: page; height: 1px; }
</style>"""


def bind_html(pages: Sequence[str], counts: Sequence[int]) -> str:
    """The pages as one HTML document (they share the reports' stylesheet): each copy on
    a new page, a blank page after each copy of an odd number of pages (`counts`)."""
    head_found = _HEAD.search(pages[0])
    head = head_found.group(1) if head_found else ""
    parts = []
    for html, count in zip(pages, counts, strict=True):
        body = _BODY.search(html)
        parts.append(f'<section class="copy">{body.group(1) if body else ""}</section>')
        if count % 2:
            parts.append('<div class="blank-page"></div>')
    return f"<!DOCTYPE html><html><head>{head}{BOUND}</head><body>{''.join(parts)}</body></html>"


def pdf_pages(pdf: Path) -> int:
    """The number of pages of a PDF: `pdfinfo` (poppler-utils) when there is one, else
    the page objects of the file (Chromium writes its page dictionaries uncompressed)."""
    pdfinfo = shutil.which("pdfinfo")
    if pdfinfo:
        done = subprocess.run([pdfinfo, str(pdf)], capture_output=True, text=True, timeout=60, check=False)
        found = re.search(r"^Pages:\s+(\d+)", done.stdout, re.M)
        if found:
            return int(found.group(1))
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf.read_bytes()))
