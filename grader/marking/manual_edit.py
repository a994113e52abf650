"""One row of the teacher's manual table changed from the marking page (`--serve`).

The table stays the teacher's file: the page changes one row, `(élève, question)`, and
keeps everything else as it was typed: the other rows' cells, the columns the teacher
added, the delimiter (`;`, `,` or tab), the BOM. The `grille` column (rubric items) is
added at the end the first time an item is given. Writing is atomic, and refused when
the file is no longer the one the page read (`EditError`, `changed`): what a spreadsheet
saved meanwhile is never overwritten (docs/explanation/marking-page.md).

`edit_table` is pure (text in, text out); `edit_file` is its thin I/O wrapper.
"""

from __future__ import annotations

import csv
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from ..atomic import write_text_atomic
from ..render.csv_report import BOM
from ..render.sanitize import FORMULA_START
from .manual import HEADERS, PRIVATE, ManualRow, as_text_cell, from_text_cell
from .refusal import Refusal
from .rubric import items_text
from .text import MANUAL_EDIT


@dataclass(frozen=True)
class Cells:
    """What the page writes in a row: the cells as the file holds them."""

    points: str = ""
    """As the file writes numbers (`1,5` in a `;` file, `1.5` in a `,` one); "" none."""
    comment: str = ""
    """With its `privé :` mark when private."""
    items: tuple[str, ...] = ()

    @property
    def base(self) -> str:
        """A short digest of the row as shown: a form carries it, and a save whose row
        changed in the file since is refused (the teacher's other edit is not lost)."""
        text = "\x1f".join((self.points.strip(), self.comment.strip(), items_text(self.items)))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def cells_of(row: ManualRow | None) -> Cells:
    """A row's cells as the page shows them; empty cells when there is no row."""
    if row is None:
        return Cells()
    return Cells(row.points_text.strip(), row.comment.strip(), row.items)


def typed_cells(points: str, comment: str, private: bool, items: tuple[str, ...], delimiter: str) -> Cells:
    """The cells for what was typed on the page: the points in the file's decimal sign,
    a private comment marked `privé :`, a comment a spreadsheet would read as a formula
    (`=…`, `+…`, `-…`, `@…`) written after a space (the grader strips it when reading)."""
    points = points.strip().replace(" ", "")
    points = points.replace(".", ",") if delimiter == ";" else points.replace(",", ".")
    comment = " ".join(comment.split())
    if private and comment:
        comment = f"{PRIVATE[0]} : {comment}"
    if comment.startswith(FORMULA_START):
        comment = " " + comment
    return Cells(points, comment, items)


class EditError(Refusal):
    """A row the page cannot write: `reason` is `changed` (the file is not the one read),
    `twice` (two rows give that question: `detail`, their lines), `header` (not a manual
    table). `path` is None in the pure `edit_table`, the file's in `edit_file`."""

    words = MANUAL_EDIT

    def __init__(self, path: Path | None, reason: str, detail: str = ""):
        super().__init__(reason, path=path, detail=detail)
        self.path = path


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def delimiter_of(text: str) -> str:
    """The table's delimiter, as `grader.marking.manual.parse_manual` reads it."""
    first = text.removeprefix(BOM).split("\n", 1)[0]
    return max((";", ",", "\t"), key=first.count)


def edit_table(
    text: str, student: str, question: str, cells: Cells, lang: str, append: bool = True
) -> str | None:
    """`text` with the row of `student` and `question` holding `cells`; the row is added
    at the end when there is none (None instead when not `append`). Raises EditError."""
    bom = BOM if text.startswith(BOM) else ""
    delimiter = delimiter_of(text)
    records = list(csv.reader(io.StringIO(text.removeprefix(bom)), delimiter=delimiter))
    if not records:
        raise EditError(None, "header")
    header = records[0]
    columns = _columns(header)
    if "items" not in columns and cells.items:
        french = header[columns["student"]].strip().lower() != HEADERS["student"][2]
        header.append(HEADERS["items"][0 if french or lang == "fr" else 1])  # grille, rubric
        columns["items"] = len(header) - 1
    found = _row_index(records, columns, student, question)
    if found is None:
        if not append:
            return None
        records.append([""] * len(header))
        found = len(records) - 1
        records[found][columns["student"]] = as_text_cell(student)  # a folder named `=cmd|…`
        records[found][columns["question"]] = question
    row = records[found]
    row.extend([""] * (len(header) - len(row)))
    row[columns["points"]] = cells.points
    row[columns["comment"]] = cells.comment
    if "items" in columns:
        row[columns["items"]] = items_text(cells.items)
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(records)
    return bom + out.getvalue()


def _columns(header: list[str]) -> dict[str, int]:
    names = [cell.strip().lower() for cell in header]
    columns = {}
    for role, accepted in HEADERS.items():
        found = [i for i, name in enumerate(names) if name in accepted]
        if found:
            columns[role] = found[0]
        elif role != "items":
            raise EditError(None, "header")
    return columns


def _row_index(records: list[list[str]], columns: dict[str, int], student: str, question: str) -> int | None:
    """The row giving `question` to `student`: the typed one (two typed: EditError
    `twice`), else the first empty one (a row of the table made to be filled in)."""

    def cell(record: list[str], role: str) -> str:
        index = columns.get(role)
        return record[index].strip() if index is not None and index < len(record) else ""

    matching = [
        i
        for i, record in enumerate(records[1:], start=1)
        if from_text_cell(_name(record, columns)) == student and cell(record, "question") == question
    ]
    typed = [i for i in matching if any(cell(records[i], r) for r in ("points", "comment", "items"))]
    if len(typed) > 1:
        raise EditError(None, "twice", ", ".join(str(i + 1) for i in typed))
    found = typed or matching
    return found[0] if found else None


def _name(record: list[str], columns: dict[str, int]) -> str:
    """The student's cell as written, spaces kept (as `parse_manual` reads it)."""
    index = columns["student"]
    return record[index] if index < len(record) else ""


def edit_file(
    path: Path, known: str, student: str, question: str, cells: Cells, lang: str, append: bool = True
) -> str | None:
    """Write the row into the file at `path`, whose content the page read had the digest
    `known` ("" when it did not exist); the new content's digest, or None when the row is
    not there and not `append`. Raises EditError `changed` when the file is no longer the
    one read (it is then left as it is), or another reason."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    if digest(data) != known and (known or data):
        raise EditError(path, "changed")
    try:
        text = data.decode("utf-8-sig")
        bom = BOM if data.startswith(BOM.encode()) else ""
    except UnicodeDecodeError:
        text, bom = data.decode("cp1252", "replace"), ""  # saved as "CSV (Windows)": written back as UTF-8
    try:
        edited = edit_table(bom + text, student, question, cells, lang, append)
    except EditError as exc:
        raise EditError(path, exc.reason, exc.values["detail"]) from None
    if edited is None:
        return None
    write_text_atomic(path, edited)
    return digest(edited.encode("utf-8"))
