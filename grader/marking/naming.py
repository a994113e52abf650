"""Whose copy each file is, for a class run (file-system reading only; no grading).

A folder is named by the folder rule (`grader.reading.files.student_files`). A file named alone
is the student whose record entry was last graded from it; failing that, the student
the class folder holding it names it (a folder the record knows); failing that, its
stem. So `grade.py copies/dupont_marie/td10.ipynb --results classe` is `dupont_marie`,
as in the class run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..reading.files import Refused, collect_all, collect_named

if TYPE_CHECKING:
    from .record import Record

Answers = Callable[[Path], int]
"""How well a file answers the class's exercise (which of a student's files to grade:
`grader.reading.students.Weigh`)."""


@dataclass
class Roster:
    """The files of a run and their students."""

    students: dict[Path, str] = field(default_factory=dict)
    """The files to grade, with their student, in the order given."""
    roots: dict[Path, str] = field(default_factory=dict)
    """File -> the class folder it was found in ("" when named alone)."""
    aside: dict[Path, str] = field(default_factory=dict)
    """Files not graded: another file of the same student is (file -> label)."""
    alone: set[str] = field(default_factory=set)
    """The students whose file was named on the command line itself."""
    refused: list[Refused] = field(default_factory=list)
    """What the class folders hold that is not read (links out, fifos, folders too deep)."""
    participants: dict[Path, str] = field(default_factory=dict)
    """File -> Moodle's participant number its top-level folder or name carries."""
    baremes: list[Path] = field(default_factory=list)
    """Barème files inside students' folders (never read)."""
    chosen: dict[Path, str] = field(default_factory=dict)
    """A file set aside -> the copy graded instead and why (`td10.ipynb|newest`)."""

    def add(self, named: dict[Path, str], aside: dict[Path, str], root: str) -> None:
        for file, student in named.items():
            if file in self.students:
                continue
            if student in self.students.values():  # two files named alone, one name
                student = f"{student}/{file.name}"
            self.students[file] = student
            self.roots[file] = root
        for file, label in aside.items():
            self.aside.setdefault(file, label)
            self.roots.setdefault(file, root)


def name_files(paths: Sequence[Path], answers: Answers, record: Record | None) -> Roster:
    """Each file's student (see the module docstring)."""
    roster = Roster()
    known_roots = record.roots() if record is not None else []
    for path in paths:
        if path.is_dir():
            found = collect_all([path], answers)
            roster.add(found.files, found.aside, str(path.resolve()))
            roster.refused += found.refused
            for item in found.refused:  # its class folder tells whose folder it lies in
                roster.roots.setdefault(item.path, str(path.resolve()))
            roster.participants.update(found.participants)
            roster.baremes += found.baremes
            roster.chosen.update(found.chosen)
        else:
            named, aside, root, participant = _alone(path, answers, record, known_roots)
            roster.alone.update(named.values())
            roster.add(named, aside, root)
            if participant and named:
                roster.participants[path] = participant
    return roster


def _alone(
    path: Path, answers: Answers, record: Record | None, roots: list[Path]
) -> tuple[dict[Path, str], dict[Path, str], str, str]:
    """A file named alone: (its student, or the label it is set aside under; its class
    folder; its participant number)."""
    if record is not None:
        student = record.student_at(path)
        if student is not None:
            entry = record.entries[student]
            where = str(record.located(entry.root)) if entry.root else ""
            return {path: student}, {}, where, getattr(entry.outcome, "participant", "")
    resolved = path.resolve()
    for root in roots:
        if root in resolved.parents:
            found = collect_all([root], answers)
            named = {f.resolve(): (s, found.participants.get(f, "")) for f, s in found.files.items()}
            if resolved in named:
                return {path: named[resolved][0]}, {}, str(root), named[resolved][1]
            label = next((lab for f, lab in found.aside.items() if f.resolve() == resolved), None)
            if label is not None:
                return {}, {path: label}, str(root), ""
    return {path: path.stem}, {}, "", ""


def add_damaged(roster: Roster, record: Record, answers: Answers) -> None:
    """The copies of the record's damaged entries, found in the class folders it knows:
    graded again on this run even when only another copy was named."""
    damaged = {d.file for d in record.damaged}
    if not damaged:
        return
    named = set(roster.students.values())
    for root in record.roots():
        if not root.is_dir():
            continue
        for file, student in collect_named([root], answers).items():
            if record.file_of(student) in damaged and student not in named:
                roster.students[file] = student
                roster.roots[file] = str(root)
