"""Moodle's offline grading worksheet, filled as Moodle's importer reads it (pure: text in,
text out; facts and their sources: docs/how-to/moodle-pronote.md).

The worksheet (mod/assign/gradingtable.php, download branch) has a row per participant:
`Identifier` (`Participant 101`; French `Identifiant`, `Participant101`), `Full name`,
…, `Grade`, `Maximum grade` (or `Scale`), `Grade can be changed`, `Last modified
(grade)`, the feedback plugins' columns (`Feedback comments`; French `Feedback par
commentaires`). The importer (feedback/offline/importgradeslib.php and
assign_feedback_offline::process_import_grades) finds its columns by their exact names,
reads `Last modified (grade)` with PHP's `strtotime`, and skips a row whose grade changed
in Moodle more than a minute after that time, grade and feedback both.

So the grader:
- fills a row only for the copy that is that participant's (`grader.marking.roster.match`:
  the number, the names agreeing; else the name, when it fits one row alone);
- writes `Grade` on the worksheet's scale with its decimal sign, and the feedback as HTML;
- rewrites a `Last modified (grade)` that strtotime cannot read (a French Moodle's
  `mercredi 25 novembre 2026, 18:03`) as the same minute in ISO form (`2026-11-25 18:03`),
  which strtotime reads in the server's time zone, as it reads an English worksheet's date:
  a grade changed in Moodle since the download is still protected, the others updated;
- leaves alone a row Moodle will refuse (`Grade can be changed` = No, a scale), and says so;
- never ends a feedback cell with a backslash, which PHP's `fgetcsv` reads as escaping the
  closing quote (the whole upload then refused): a backslash is written `&#92;`.
Every other cell, the header and the order stay as they were.
"""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..model.text import number
from ..render.csv_report import BOM
from .refusal import Refusal
from .roster import Copy, Listed, match, plain
from .text import MOODLE_ERROR

IDENTIFIER = ("identifier", "identifiant")
FULL_NAME = ("full name", "nom complet")
GRADE = ("grade", "note")
MAXIMUM = ("maximum grade", "note maximale")
SCALE = ("scale", "bareme")
CAN_CHANGE = ("grade can be changed", "la note peut etre modifiee")
MODIFIED = ("last modified (grade)", "derniere modification (note)")
FEEDBACK = ("feedback comments", "feedback par commentaires", "commentaires de feedback")
"""Moodle's column names in English and French (get_string of `recordid`, `fullname`,
`grade`/`gradenoun`, `maxgrade`, `scale`, `gradecanbechanged`, `lastmodifiedgrade`, and the
comments plugin's `pluginname`), compared without case nor accents. Any other column whose
name speaks of comments is taken for the feedback; the identifier is also found by its
values (`Participant 12`) in a language not listed here."""
NO = ("no", "non", "nein", "nee")
"""`get_string('no')` of `Grade can be changed`: the importer skips the row's grade."""
PARTICIPANT = re.compile(r"(\d+)\s*$")
MONTHS = [
    "janvier",
    "fevrier",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "aout",
    "septembre",
    "octobre",
    "novembre",
    "decembre",
]
FRENCH_DATE = re.compile(r"^(?:[a-z]+\s+)?(\d{1,2})(?:er)?\s+([a-z]+)\s+(\d{4}),?\s+(\d{1,2})[:h](\d{2})$")
"""French `userdate()`: `%A %d %B %Y, %H:%M` (langconfig fr `strftimedaydatetime`)."""


@dataclass(frozen=True)
class Mark:
    """One copy as the exports need it."""

    student: str
    participant: str | None
    """Moodle's participant number, from the copy's top-level folder name; None elsewhere."""
    mark: float | None
    """On `scale`; None: no mark (not gradable, another TD, no copy)."""
    scale: float
    feedback: str
    """The summary for the student: lines of plain text."""
    listed: bool = True
    """A student of the class list (or there is none): False for a copy the list does not
    take (its mark goes to no export)."""
    has_copy: bool = True
    """False for a student of the list who handed nothing in (`pas de copie`)."""


@dataclass
class Filled:
    """The worksheet filled: its text, and what matched or not."""

    text: str
    filled: list[str] = field(default_factory=list)
    """Students whose row was filled."""
    unmatched: list[str] = field(default_factory=list)
    """Copies with a mark that no row takes."""
    no_mark: list[str] = field(default_factory=list)
    """Rows matched by a copy without a mark: left as they were."""
    refused: list[str] = field(default_factory=list)
    """Rows whose grade Moodle will not change (`Grade can be changed` = No): left as they were."""
    conflicts: list[str] = field(default_factory=list)
    """Copies left out: a name fitting several rows, two copies for one row, a number whose
    row has another name."""
    without_copy: list[str] = field(default_factory=list)
    """Rows of the worksheet no copy takes."""
    dates: int = 0
    """`Last modified (grade)` cells rewritten for strtotime (a French Moodle's dates)."""
    date_example: tuple[str, str] = ("", "")
    """The first of them, as it was and as it is written (what the teacher is shown)."""
    feedback_column: bool = True


class WorksheetError(Refusal):
    """Not a grading worksheet the grader can fill (its `detail`: the columns, the cell read)."""

    words = MOODLE_ERROR


@dataclass(frozen=True)
class Columns:
    ident: int
    grade: int
    maximum: int
    name: int | None
    can_change: int | None
    modified: int | None
    feedback: int | None


def _column(header: list[str], names: Sequence[str]) -> int | None:
    cells = [" ".join(plain(cell).split()) for cell in header]
    return next((i for i, cell in enumerate(cells) if cell in names), None)


def _identifier_by_values(rows: list[list[str]]) -> int | None:
    """The column whose every value is a word and a number (`Participant 12`, `Participant12`)."""
    width = min((len(row) for row in rows[1:]), default=0)
    for i in range(width):
        if rows[1:] and all(re.fullmatch(r"\D+\s?\d+", row[i].strip()) for row in rows[1:]):
            return i
    return None


def columns(rows: list[list[str]]) -> Columns:
    """Where Moodle's columns are; WorksheetError when it is not a worksheet in points."""
    header = rows[0]
    ident = _column(header, IDENTIFIER)
    if ident is None:
        ident = _identifier_by_values(rows)
    grade, maximum = _column(header, GRADE), _column(header, MAXIMUM)
    if ident is None or grade is None:
        raise WorksheetError("columns", detail=", ".join(header))
    if maximum is None:
        raise WorksheetError("scale", detail=header[_column(header, SCALE) or grade])
    feedback = _column(header, FEEDBACK)
    if feedback is None:
        feedback = next((i for i, cell in enumerate(header) if "comment" in plain(cell)), None)
    return Columns(
        ident,
        grade,
        maximum,
        _column(header, FULL_NAME),
        _column(header, CAN_CHANGE),
        _column(header, MODIFIED),
        feedback,
    )


def fill_worksheet(text: str, marks: Sequence[Mark]) -> Filled:
    """`text` (the downloaded worksheet) with the grade and feedback of every copy that is a
    row's participant's (see the module docstring); WorksheetError when it is not a worksheet."""
    bom = text.startswith(BOM)
    body = text.removeprefix(BOM)
    newline = "\r\n" if "\r\n" in body else "\n"
    rows = list(csv.reader(io.StringIO(body)))
    if not rows:
        raise WorksheetError("empty")
    where = columns(rows)
    result = Filled("", feedback_column=where.feedback is not None)
    rows_of = [
        i for i, row in enumerate(rows) if i and len(row) > max(where.ident, where.grade, where.maximum)
    ]
    listed = [Listed(_cell(rows[i], where.name), _number(rows[i][where.ident])) for i in rows_of]
    copies = [m for m in marks if m.listed and m.has_copy]
    found = match([Copy(m.student, m.participant or "") for m in copies], listed)
    taken = {index: m for m in copies if (index := found.student_of(m.student)) is not None}
    result.conflicts = [
        *found.ambiguous,
        *found.disagree,
        *(n for names in found.doubled.values() for n in names),
    ]
    for index, row_number in enumerate(rows_of):
        row = rows[row_number]
        mark = taken.get(index)
        if mark is None:
            result.without_copy.append(listed[index].name or row[where.ident])
            continue
        _fill(row, where, mark, result)
    result.unmatched = [m.student for m in copies if m.mark is not None and m.student in found.unmatched]
    out = io.StringIO()
    csv.writer(out, lineterminator=newline).writerows(rows)
    result.text = (BOM if bom else "") + out.getvalue()
    return result


def _fill(row: list[str], where: Columns, mark: Mark, result: Filled) -> None:
    """One participant's row, as Moodle's importer will read it."""
    if mark.mark is None:
        result.no_mark.append(mark.student)
        return
    if where.can_change is not None and plain(_cell(row, where.can_change)) in NO:
        result.refused.append(mark.student)
        return
    row[where.grade] = _on_scale(mark, row[where.maximum])
    if where.modified is not None and where.modified < len(row):
        readable = strtotime_form(row[where.modified])
        if readable != row[where.modified]:
            if not result.dates:
                result.date_example = (row[where.modified], readable)
            row[where.modified] = readable
            result.dates += 1
    if where.feedback is not None:
        while len(row) <= where.feedback:
            row.append("")
        row[where.feedback] = feedback_html(mark.feedback)
    result.filled.append(mark.student)


def feedback_html(text: str) -> str:
    """The summary as Moodle stores a comment: HTML, lines joined with `<br>`, `<>&"` escaped,
    and no backslash (PHP's fgetcsv would read a final one as escaping the closing quote)."""
    return "<br>".join(html.escape(line).replace("\\", "&#92;") for line in text.splitlines())


def strtotime_form(cell: str) -> str:
    """A French `userdate()` (`mercredi 25 novembre 2026, 18:03`, which strtotime reads as
    false) as the same minute in ISO form (`2026-11-25 18:03`, which it reads); any other
    cell (an English date, `-`) as it is."""
    found = FRENCH_DATE.match(" ".join(plain(cell).split()))
    if not found or found.group(2) not in MONTHS:
        return cell
    day, month, year, hour, minute = found.groups()
    return f"{year}-{MONTHS.index(month) + 1:02d}-{int(day):02d} {int(hour):02d}:{minute}"


def _cell(row: list[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) else ""


def _number(identifier: str) -> str:
    found = PARTICIPANT.search(identifier)
    return found.group(1) if found else ""


def _on_scale(mark: Mark, maximum_cell: str) -> str:
    """The mark on the worksheet's maximum, written with its decimal sign (the sign Moodle
    wrote the worksheet with: its `format_float` in the teacher's language)."""
    try:
        maximum = float(maximum_cell.strip().replace("\u00a0", "").replace(" ", "").replace(",", "."))
    except ValueError:
        raise WorksheetError("scale", detail=maximum_cell) from None
    assert mark.mark is not None
    value = mark.mark if abs(maximum - mark.scale) < 1e-9 else round(mark.mark * maximum / mark.scale, 2)
    text = number(value, "en")
    return text.replace(".", ",") if "," in maximum_cell and "." not in maximum_cell else text
