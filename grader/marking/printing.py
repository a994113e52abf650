"""`--pdf DIR`: the class printed in one command. One PDF per student (the page handed
back: their mark, their feedback, the teacher's comments not marked private, their file
by its name; no answer key, no private comment, no link) and `classe.pdf`, every copy in
the class's order (the class list's with `--roster`; a student without a copy has no
page), each starting on the front of a sheet when printed two-sided (`grader.render.pdf`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..model.results import SubmissionResult
from ..render.html_report import page_names, submission_page
from ..render.pdf import Engine, Page, engine
from .release import handed_back

CLASS_FILE = "classe.pdf"


@dataclass(frozen=True)
class Printed:
    """What `write_pdfs` printed."""

    copies: int
    pages: int
    """The pages of `classe.pdf`, blank ones included."""
    engine: str


class NoEngine(RuntimeError):
    """Neither WeasyPrint nor a Chromium is installed."""


def write_pdfs(
    views: Sequence[SubmissionResult], folder: Path, lang: str, printer: Engine | None = None
) -> Printed:
    """Each copy's PDF and the class's into `folder` (the files set aside have none), with
    `printer` (default: the first engine installed)."""
    printer = printer or engine()
    if printer is None:
        raise NoEngine()
    copies = [view for view in views if view.is_copy]  # as --release
    names = [name.removesuffix(".html") for name in page_names(copies, [Path(CLASS_FILE).stem])]
    folder.mkdir(parents=True, exist_ok=True)
    pages = [
        Page(name, submission_page(handed_back(view), lang, released=True))
        for view, name in zip(copies, names, strict=True)
    ]
    counts = printer.print_pages(pages, folder, folder / CLASS_FILE)
    return Printed(len(pages), sum(count + count % 2 for count in counts), printer.name)
