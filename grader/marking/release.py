"""What students are handed (`--release DIR`): one folder per student holding only their
page and their JSON. No answer key, no comment the teacher marked private, no link to
the class's index, nothing of another student: each folder can be sent as it is."""

from __future__ import annotations

from collections.abc import Sequence
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
        write_text_atomic(own / page, submission_page(view, lang, released=True))
        write_text_atomic(own / f"{name}.json", render_json([view], lang) + "\n")
    return len(copies)
