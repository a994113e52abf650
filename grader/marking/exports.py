"""The marks into the school's tools: Moodle's offline grading worksheet, and a plain
table for Pronote (pure text in, text out; the workflow reads and writes the files).

Moodle (mod/assign, "Download grading worksheet"): a CSV whose `Identifier` column
holds `Participant 1234`, the number Moodle also puts in the folder names of "Download
all submissions" (`Nom Prénom_1234_assignsubmission_file_`). The worksheet is filled
where a copy matches a row (by that number, else by the full name): its `Grade` on the
worksheet's own scale (`Maximum grade`), its `Feedback comments` with the copy's
summary. Every other cell, the header and the order stay as they were; the result is
comma-separated UTF-8, as the upload page reads it by default. See
docs/how-to/moodle-pronote.md.
"""

from __future__ import annotations

import csv
import html
import io
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..model.messages import number
from ..render.csv_report import BOM
from ..render.sanitize import safe_cell

IDENTIFIER = ("identifier", "identifiant")
FULL_NAME = ("full name", "nom complet")
GRADE = ("grade", "note")
MAXIMUM = ("maximum grade", "note maximale")
FEEDBACK = ("feedback comments", "commentaires de feedback", "feedback par commentaires")
"""Moodle's column names in English and French: `get_string('recordid', 'assign')`,
`fullname`, `grade`, `maxgrade` and the comments plugin's name (read in Moodle's source,
mod/assign/gradingtable.php and feedback/offline/importgradeslib.php). Any other column
whose name speaks of comments is taken for the feedback; the identifier is also
recognised by its values (`Participant 1234`) in a language not listed here."""
PARTICIPANT = re.compile(r"(\d+)\s*$")


@dataclass(frozen=True)
class Mark:
    """One copy as the exports need it."""

    student: str
    participant: str | None
    """Moodle's participant number, from the copy's folder name; None elsewhere."""
    mark: float | None
    """On `scale`; None: no mark (not gradable, another TD)."""
    scale: float
    feedback: str
    """The summary for the student: lines of plain text."""


@dataclass
class Filled:
    """The worksheet filled: its text, and what matched or not."""

    text: str
    filled: list[str] = field(default_factory=list)
    """Students whose row was filled."""
    unmatched: list[str] = field(default_factory=list)
    """Copies with a mark that no row matches."""
    no_mark: list[str] = field(default_factory=list)
    """Rows matched by a copy without a mark: left as they were."""
    feedback_column: bool = True


class WorksheetError(ValueError):
    """Not a grading worksheet the grader can fill (a message key and a detail)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason} {detail}")
        self.reason = reason
        self.detail = detail


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).replace("_", " ").split())


def same_person(a: str, b: str) -> bool:
    """`Dupont Marie` is `Marie Dupont` is `dupont_marie` (case, accents, order)."""
    return sorted(_plain(a).split()) == sorted(_plain(b).split())


def _column(header: list[str], names: Sequence[str]) -> int | None:
    plain = [_plain(cell) for cell in header]
    return next((i for i, cell in enumerate(plain) if cell in names), None)


def _identifier_by_values(rows: list[list[str]]) -> int | None:
    """The column whose every value is a word and a number (`Participant 12`)."""
    width = min((len(row) for row in rows[1:]), default=0)
    for i in range(width):
        if rows[1:] and all(re.fullmatch(r"\D+\s\d+", row[i].strip()) for row in rows[1:]):
            return i
    return None


def fill_worksheet(text: str, marks: Sequence[Mark]) -> Filled:
    """`text` (the downloaded worksheet) with the grade and feedback of every copy that
    matches a row; WorksheetError when it is not a worksheet."""
    bom = text.startswith(BOM)
    body = text.removeprefix(BOM)
    newline = "\r\n" if "\r\n" in body else "\n"
    rows = list(csv.reader(io.StringIO(body)))
    if not rows:
        raise WorksheetError("empty")
    header = rows[0]
    ident, grade, maximum = _column(header, IDENTIFIER), _column(header, GRADE), _column(header, MAXIMUM)
    if ident is None:
        ident = _identifier_by_values(rows)
    name = _column(header, FULL_NAME)
    feedback = _column(header, FEEDBACK)
    if feedback is None:
        feedback = next((i for i, cell in enumerate(header) if "comment" in _plain(cell)), None)
    if ident is None or grade is None:
        raise WorksheetError("columns", ", ".join(header))
    if maximum is None:
        raise WorksheetError("scale")
    result = Filled("", feedback_column=feedback is not None)
    by_number = {m.participant: m for m in marks if m.participant}
    used: set[str] = set()
    for row in rows[1:]:
        if len(row) <= max(ident, grade, maximum):
            continue
        found = PARTICIPANT.search(row[ident])
        mark = by_number.get(found.group(1)) if found else None
        if mark is None and name is not None and name < len(row):
            mark = next((m for m in marks if not m.participant and same_person(m.student, row[name])), None)
        if mark is None:
            continue
        used.add(mark.student)
        if mark.mark is None:
            result.no_mark.append(mark.student)
            continue
        row[grade] = _on_scale(mark, row[maximum])
        if feedback is not None:
            while len(row) <= feedback:
                row.append("")
            row[feedback] = "<br>".join(html.escape(line) for line in mark.feedback.splitlines())
        result.filled.append(mark.student)
    result.unmatched = [m.student for m in marks if m.student not in used and m.mark is not None]
    out = io.StringIO()
    csv.writer(out, lineterminator=newline).writerows(rows)
    result.text = (BOM if bom else "") + out.getvalue()
    return result


def _on_scale(mark: Mark, maximum_cell: str) -> str:
    """The mark on the worksheet's maximum, written with its decimal sign (Moodle reads
    back the sign of the teacher's language, and the point in any language)."""
    try:
        maximum = float(maximum_cell.strip().replace("\u00a0", "").replace(" ", "").replace(",", "."))
    except ValueError:
        raise WorksheetError("scale", maximum_cell) from None
    assert mark.mark is not None
    value = mark.mark if abs(maximum - mark.scale) < 1e-9 else round(mark.mark * maximum / mark.scale, 2)
    text = number(value, "en")
    return text.replace(".", ",") if "," in maximum_cell and "." not in maximum_cell else text


def render_pronote(marks: Sequence[Mark]) -> str:
    """Student and mark, one line each in alphabetical order (Pronote's class list
    order), French spreadsheet style: `;`, the decimal comma, a BOM. A copy without a
    mark has an empty cell (type Pronote's own code: Abs, Disp, N.Not)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    scale = number(marks[0].scale, "fr") if marks else "20"
    writer.writerow(["Élève", f"Note /{scale}"])
    for mark in sorted(marks, key=lambda m: _plain(m.student)):
        value = "" if mark.mark is None else number(mark.mark, "fr")
        writer.writerow([safe_cell(mark.student), value])
    return BOM + out.getvalue()
