"""The teacher's manual points and overrides (`--manual FILE`): a table they edit.

One row per student and question: `élève;question;points;commentaire` (French: `;`
and the decimal comma, as Excel and LibreOffice write it in a French locale; English:
`,` and the point), UTF-8 with a BOM. Points for a question graded by hand (Q16) enter
the mark; points for an automatic question override its score. An optional column,
`grille`, holds the rubric items a student got on a question (`horizon3 + schema`,
`grader.marking.rubric`): their points count when no number is typed. A row without a
question carries a comment on the whole copy; a comment that starts with `privé :`
(`private:`) stays on the teacher's pages, never on what students are handed.

The grader writes the file once, when it does not exist, and never again: rows for
students who arrive later go to a side file (`<name>.nouveaux.csv`), rewritten only
while nobody typed in it, and read too. Reading is pure (`parse_manual`).
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..atomic import write_text_atomic
from ..render.csv_report import BOM, SEPARATORS
from ..render.sanitize import FORMULA_START
from .refusal import Refusal
from .rubric import parse_items
from .text import MANUAL_FILE

HEADERS = {
    "student": ("élève", "eleve", "student", "nom"),
    "question": ("question",),
    "points": ("points", "note"),
    "comment": ("commentaire", "comment", "remarque"),
    "items": ("grille", "rubric"),
}
"""Column names read, in either language (a file made with --lang fr may be read with
--lang en); the file written uses the first French or English one."""
OPTIONAL = ("items",)
"""Columns a table may lack (the tables made before rubrics)."""
PRIVATE = ("privé", "prive", "private")
TEXT_MARK = "'"
"""OWASP's neutralisation of a cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
tab, CR first): a leading `'`. A cell the grader wrote starting with `'` gets one too, so
that reading it back is exact."""
SIDE_SUFFIX = ".nouveaux.csv"


@dataclass(frozen=True)
class ManualRow:
    """One row of the teacher's table, as typed."""

    line: int
    student: str
    question: str
    """"" for a comment on the whole copy."""
    points_text: str
    comment: str
    points: float | None = None
    """The number typed; None when the cell is empty."""
    items: tuple[str, ...] = ()
    """The rubric items given (`grille` column: `horizon3 + schema`), in the order typed."""

    @property
    def private(self) -> bool:
        head = self.comment.strip().lower()
        return any(head.startswith(word) and head[len(word) :].lstrip()[:1] == ":" for word in PRIVATE)

    @property
    def shown_comment(self) -> str:
        """The comment without its `privé :` mark (the pages show a badge instead)."""
        text = self.comment.strip()
        return text.split(":", 1)[1].strip() if self.private else text

    @property
    def typed(self) -> bool:
        return bool(self.points_text.strip() or self.comment.strip() or self.items)


@dataclass(frozen=True)
class Refused:
    """A row not applied, and why."""

    source: Path
    """The table the row was read from."""
    row: ManualRow
    reason: str
    """Its key among `manual.refused.*` (`student`, `range`, `items`...)."""
    detail: str = ""
    """What the sentence names: the question's maximum, its questions, the unknown items."""


@dataclass
class ManualMarks:
    """What the table(s) say, once checked against the class: per student, the rows
    that apply (question -> row; "" for the copy's comment), and the rows refused."""

    rows: dict[str, dict[str, ManualRow]] = field(default_factory=dict)
    refused: list[Refused] = field(default_factory=list)
    sources: list[Path] = field(default_factory=list)

    def of(self, student: str) -> dict[str, ManualRow]:
        return self.rows.get(student, {})


class ManualFileError(Refusal):
    """A table that cannot be read at all (no header the grader knows, not text)."""

    words = MANUAL_FILE

    def __init__(self, path: Path, reason: str, detail: str = ""):
        super().__init__(reason, path=path, detail=detail)
        self.path = path


def as_text_cell(value: str) -> str:
    """`value` as a cell no spreadsheet runs: `=HYPERLINK(…)` is written `'=HYPERLINK(…)`."""
    return TEXT_MARK + value if value.startswith((*FORMULA_START, TEXT_MARK)) else value


def from_text_cell(cell: str) -> str:
    """The value of a cell written by `as_text_cell`, as typed back or saved by a spreadsheet:
    `'=x` (the mark kept) and `=x` (a spreadsheet that dropped it on saving) are both `=x`."""
    if cell.startswith(TEXT_MARK) and cell[1:2] and cell[1] in (*FORMULA_START, TEXT_MARK):
        return cell[1:]
    return cell


def parse_points(text: str) -> float | None:
    """`1,5` or `1.5` (either decimal sign), `2`; None for an empty cell; ValueError otherwise."""
    text = text.strip().replace("\u00a0", "").replace(" ", "")
    if not text:
        return None
    value = float(text.replace(",", "."))
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def parse_manual(text: str, path: Path) -> list[ManualRow]:
    """The rows of a teacher's table (any of `;`, `,` or tab between columns, a BOM or
    not); ManualFileError when it has no header the grader knows."""
    text = text.removeprefix(BOM)
    first = text.split("\n", 1)[0]
    delimiter = max((";", ",", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [cell.strip().lower() for cell in next(reader)]
    except StopIteration:
        raise ManualFileError(path, "empty") from None
    except csv.Error as exc:
        raise ManualFileError(path, "not_csv", str(exc)) from None
    columns = {}
    for role, names in HEADERS.items():
        found = [i for i, cell in enumerate(header) if cell in names]
        if not found and role not in OPTIONAL:
            needed = ", ".join(h[0] for r, h in HEADERS.items() if r not in OPTIONAL)
            raise ManualFileError(path, "header", needed)
        if found:
            columns[role] = found[0]
    rows = []
    try:
        for record in reader:
            if not any(cell.strip() for cell in record):
                continue
            cells = {role: record[i].strip() if i < len(record) else "" for role, i in columns.items()}
            # the name as written: `dupont_marie ` (a copy `dupont_marie .ipynb`) is
            # another student than `dupont_marie`, and a stripped cell gave her row to him
            name = record[columns["student"]] if columns["student"] < len(record) else ""
            cells["student"] = from_text_cell(name)
            rows.append(
                ManualRow(
                    reader.line_num,
                    cells["student"],
                    cells["question"],
                    cells["points"],
                    cells["comment"],
                    items=parse_items(cells.get("items", "")),
                )
            )
    except csv.Error as exc:
        raise ManualFileError(path, "not_csv", str(exc)) from None
    return rows


def read_manual(path: Path) -> list[ManualRow]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        text = path.read_bytes().decode("cp1252", "replace")  # saved as "CSV (Windows)"
    except OSError as exc:
        raise ManualFileError(path, "unreadable", str(exc)) from None
    return parse_manual(text, path)


@dataclass(frozen=True)
class Slot:
    """A question a row may give points to, for one student: its points under the
    barème and whether it is graded by hand."""

    points: float
    manual: bool
    rubric: tuple[str, ...] = ()
    """The keys of its rubric's items (`[grille.Qn]`); () when it has none."""


def check_rows(
    sources: Sequence[tuple[Path, list[ManualRow]]], slots: dict[str, dict[str, Slot]]
) -> ManualMarks:
    """The rows that apply, the first source first (the teacher's file before the side
    file): `slots` is, per student, the questions of their copy that may take points.
    A row for a student and question already given by the same file is refused; by an
    earlier file, it is left (the side file's copy of a row moved into the table)."""
    marks = ManualMarks(sources=[path for path, _ in sources])
    given: dict[tuple[str, str], tuple[int, int]] = {}
    for index, (path, rows) in enumerate(sources):
        for row in rows:
            if not row.typed:
                continue
            reason, detail = _refusal(row, slots)
            first = given.get((row.student, row.question))
            if not reason and first is not None:
                if first[0] != index:
                    continue
                reason, detail = "twice", str(first[1])
            if reason:
                marks.refused.append(Refused(path, row, reason, detail))
                continue
            given[(row.student, row.question)] = (index, row.line)
            marks.rows.setdefault(row.student, {})[row.question] = replace(
                row, points=parse_points(row.points_text)
            )
    return marks


def _refusal(row: ManualRow, slots: dict[str, dict[str, Slot]]) -> tuple[str, str]:
    """Why `row` cannot apply (a key of `manual.refused.*` and a detail); ("", "") if it can."""
    if row.student not in slots:
        return "student", ""
    if row.question and row.question not in slots[row.student]:
        return "question", ", ".join(slots[row.student])
    try:
        points = parse_points(row.points_text)
    except ValueError:
        return "number", ""
    if (points is not None or row.items) and not row.question:
        return "no_question", ""
    if row.items:
        rubric = slots[row.student][row.question].rubric
        if not rubric:
            return "no_rubric", ""
        unknown = [key for key in row.items if key not in rubric]
        if unknown:
            return "items", ", ".join(unknown)
    if points is not None:
        slot = slots[row.student][row.question]
        if points < 0 or points > slot.points + 1e-9:
            return "range", f"{slot.points:g}"
    return "", ""


def template_rows(students: Iterable[str], manual_questions: Sequence[str]) -> list[tuple[str, str]]:
    return [(student, qid) for student in students for qid in manual_questions]


def render_table(rows: Iterable[tuple[str, str]], lang: str) -> str:
    """A table to fill in: the student and the question filled, points and comment empty."""
    separator = SEPARATORS.get(lang, SEPARATORS["fr"])
    header = [HEADERS["student"][0 if lang == "fr" else 2], "question", "points"]
    header.append(HEADERS["comment"][0 if lang == "fr" else 1])
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    writer.writerow(header)
    for student, question in rows:
        writer.writerow([as_text_cell(student), as_text_cell(question), "", ""])
    return BOM + out.getvalue()


def side_file(path: Path) -> Path:
    """Where rows for students added later go: `manuel.csv` -> `manuel.nouveaux.csv`."""
    return path.with_name(path.stem + SIDE_SUFFIX)


@dataclass(frozen=True)
class Prepared:
    """What `prepare` did with the files: created the table, (re)wrote the side file,
    or left the side file alone because the teacher typed in it."""

    created: bool = False
    side_written: int = 0
    """Rows written to the side file (students the table does not have)."""
    side_kept: bool = False
    missing: tuple[str, ...] = ()
    """Students with no row anywhere (listed when the side file cannot be rewritten)."""


def prepare(
    path: Path, students: Sequence[str], manual_questions: Sequence[str], lang: str
) -> tuple[Prepared, list[tuple[Path, list[ManualRow]]]]:
    """Create the table when missing; put the rows of students it lacks in the side file
    (only while nothing is typed there); return what was done and the rows to read."""
    if not path.exists():
        write_text_atomic(path, render_table(template_rows(students, manual_questions), lang))
        return Prepared(created=True), [(path, read_manual(path))]
    sources = [(path, read_manual(path))]
    known = {row.student for row in sources[0][1]}
    missing = [s for s in students if s not in known]
    side = side_file(path)
    side_rows = read_manual(side) if side.exists() else []
    if any(row.typed for row in side_rows):
        sources.append((side, side_rows))
        in_side = {row.student for row in side_rows}
        return Prepared(side_kept=True, missing=tuple(s for s in missing if s not in in_side)), sources
    if missing or side.exists():
        write_text_atomic(side, render_table(template_rows(missing, manual_questions), lang))
    return Prepared(side_written=len(missing) * len(manual_questions)), sources
