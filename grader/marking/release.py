"""What students are handed (`--release DIR`): one folder per student holding only their
page and their JSON. No answer key, no comment the teacher marked private, no link to
the class's index, nothing of another student, and their file named as they know it (its
name), not by the teacher's folders: each folder can be sent as it is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ..atomic import write_text_atomic
from ..model.results import SubmissionResult
from ..render.html_report import page_names, submission_page
from ..render.json_report import render_json


def write_release(views: Sequence[SubmissionResult], folder: Path, lang: str) -> int:
    """A folder per student's copy under `folder` (the files set aside have none);
    returns how many were written."""
    copies = [view for view in views if view.is_copy]
    folder.mkdir(parents=True, exist_ok=True)
    for view, page in zip(copies, page_names(copies), strict=True):
        name = page.removesuffix(".html")
        own = folder / name
        own.mkdir(exist_ok=True)
        handed = handed_back(view)
        write_text_atomic(own / page, submission_page(handed, lang, released=True))
        write_text_atomic(own / f"{name}.json", render_json([handed], lang) + "\n")
    return len(copies)


def handed_back(view: SubmissionResult) -> SubmissionResult:
    """A copy as its student is handed it (`--release`, `--pdf`): their file by its name,
    the one they handed in, not by the teacher's path to it (`/home/prof/…/remises/…`);
    the teacher's own pages keep that path, to find the file again."""
    return replace(view, path=Path(view.path).name)
