"""What a student is handed (`--release`, `--pdf`) names their file as they know it, not
by the teacher's folders; the teacher's own pages (`--html` of the class) keep the whole
path, and so does a student's own `--html` run, which shows the path they typed. On a class
record made in memory (tests/marking/classroom.py): nothing is graded, no worker runs."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from grader.app import cli
from grader.model.results import SubmissionResult, SubmissionStatus
from grader.registry import installed
from grader.render.html_report import write_html
from grader.render.pdf import Page
from tests.marking.classroom import answered, make_class

EXERCISES = installed()


class Printer:
    """A PDF engine that keeps the pages it is given (what each student's PDF would show)."""

    name = "test"

    def __init__(self) -> None:
        self.pages: list[Page] = []

    def print_pages(self, pages: Sequence[Page], folder: Path, book: Path | None) -> list[int]:
        self.pages += pages
        return [1] * len(pages)


@pytest.fixture
def printer(monkeypatch: pytest.MonkeyPatch) -> Printer:
    from grader.marking import printing
    from grader.render import pdf

    made = Printer()
    monkeypatch.setattr(pdf, "engine", lambda: made)
    monkeypatch.setattr(printing, "engine", lambda: made)
    return made


def test_the_pages_handed_back_name_the_file_not_the_teachers_folders(tmp_path, printer):
    """The teacher's absolute path (`/home/prof/…/remises/Léa Martin_…/td10.ipynb`) was on
    the page and in the JSON each student is handed, and on their printed page."""
    room = make_class(tmp_path / "prof", {"martin_lea": (answered("les nœuds 0-6-6"), ())})
    teacher = tmp_path / "prof" / "copies"
    out = tmp_path / "out"
    run = [*room.arguments(), "--release", str(out / "rendu"), "--pdf", str(out / "pdf")]
    assert cli.main([*run, "--html", str(out / "html")], EXERCISES) == 0
    (own,) = (out / "rendu").iterdir()
    page = (own / f"{own.name}.html").read_text("utf-8")
    handed = json.loads((own / f"{own.name}.json").read_text("utf-8"))["submissions"][0]
    (printed,) = printer.pages
    for text in (page, json.dumps(handed, ensure_ascii=False), printed.html):
        assert str(teacher) not in text and "/copies/" not in text
    assert '<div class="muted mono small">td10.ipynb</div>' in page
    assert '<div class="muted mono small">td10.ipynb</div>' in printed.html
    assert handed["path"] == "td10.ipynb" and handed["mark"] is not None
    # the teacher's own page of the same run: the whole path, to find the file again
    (mine,) = (p for p in (out / "html").iterdir() if p.name != "index.html")
    whole = teacher / "martin_lea" / "td10.ipynb"
    assert f'<div class="muted mono small">{whole}</div>' in mine.read_text("utf-8")


@pytest.mark.parametrize("typed", ["copie.ipynb", "/home/lea/Documents/TD10/copie.ipynb"])
def test_a_students_own_html_page_shows_the_path_they_typed(tmp_path, typed):
    """`grade.py copie.ipynb --html DIR`, a student checking their own file: the page names
    it as they typed it, as before (it is not a page handed back)."""
    result = SubmissionResult(typed, None, SubmissionStatus.NOT_GRADABLE, reason="no_code")
    write_html([result], tmp_path)
    assert f'<div class="muted mono small">{typed}</div>' in (tmp_path / "copie.html").read_text("utf-8")
