"""The marks into Pronote: a table to paste into its grade grid (pure: marks in, text out;
the workflow writes the file). Moodle's worksheet is `grader.marking.moodle`.

With a class list, one line per student of the list, in the list's order (Pronote's
grid lists the class in its own order: the teacher checks it is the same), the mark on
the barème's scale, and an empty cell for a student without a mark; without one, the
copies in alphabetical order of their names. French spreadsheet style: `;`, the decimal
comma, UTF-8 with a BOM. See docs/how-to/moodle-pronote.md.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ..model.text import number
from ..render.csv_report import BOM
from ..render.sanitize import safe_cell
from .moodle import Mark


@dataclass(frozen=True)
class PronoteTable:
    text: str
    rows: int
    marked: int
    empty: int


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


def render_pronote(marks: Sequence[Mark], on_list: bool = False) -> PronoteTable:
    """Student and mark, one line each (see the module docstring); `on_list`: `marks` are
    the class list's, in its order (the copies it does not take are left out)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    scale = number(marks[0].scale, "fr") if marks else "20"
    writer.writerow(["Élève", f"Note /{scale}"])
    rows = [m for m in marks if m.listed] if on_list else sorted(marks, key=lambda m: _plain(m.student))
    for mark in rows:
        value = "" if mark.mark is None else number(mark.mark, "fr")
        writer.writerow([safe_cell(mark.student), value])
    marked = sum(1 for m in rows if m.mark is not None)
    return PronoteTable(BOM + out.getvalue(), len(rows), marked, len(rows) - marked)
