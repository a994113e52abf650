"""The class's reports on its class list (`--roster`, or the Moodle worksheet's participants):
one row per student of the list, in the list's order, each under the list's name; a student
without a copy has a row said so (`pas de copie`); the copies no student of the list takes
(`grader.marking.roster.match`: a name fitting two students or none, two copies for one)
keep a row under their own name after the list's, and are listed; their marks go to no
export."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..model.results import EXTRA_FILE, NO_COPY, SubmissionResult, SubmissionStatus
from ..render.sanitize import safe_line
from .roster import ClassList, Copy, Matching, match
from .text import tr

if TYPE_CHECKING:
    from .record import Entry

LISTED_FEW = 12
"""Names listed in a line for the teacher, at most; past that, the count."""

Row = tuple[SubmissionResult, "Entry | None"]


@dataclass
class OnList:
    rows: dict[str, Row]
    """Shown name -> the copy (or the row of a student without one), the list's first."""
    listed: dict[str, str] = field(default_factory=dict)
    """Shown name of each student of the list -> their participant number ("" none)."""
    said: list[str] = field(default_factory=list)
    """The list read, then each copy left out and why."""
    problems: list[str] = field(default_factory=list)
    """Of `said`, the copies left out (their mark goes nowhere until the teacher settles them)."""


def on_list(copies: Mapping[str, Row], classlist: ClassList, settled: Mapping[str, str], lang: str) -> OnList:
    """`copies` (the run's name -> copy) on the class list (see the module docstring)."""
    graded = {name: row for name, row in copies.items() if row[0].reason != EXTRA_FILE}
    found = match(
        [Copy(name, row[0].participant) for name, row in graded.items()], classlist.students, settled
    )
    by_index = {index: name for name, index in found.of.items()}
    done = OnList({})
    for index, student in enumerate(classlist.students):
        shown = _free(student.name, done.rows)
        done.listed[shown] = student.participant
        if index in by_index:
            result, entry = copies[by_index[index]]
            done.rows[shown] = (replace(result, student=shown), entry)
        else:
            empty = SubmissionResult(
                "",
                None,
                SubmissionStatus.NOT_GRADABLE,
                reason=NO_COPY,
                student=shown,
                participant=student.participant,
            )
            done.rows[shown] = (empty, None)
    for name, row in copies.items():
        if name not in found.of:
            done.rows[_free(name, done.rows)] = row
    done.problems = _problems(found, classlist, lang)
    done.said = [_read(classlist, len(by_index), lang), *done.problems]
    return done


def _free(name: str, taken: Mapping[str, object]) -> str:
    """`name`, or `name (2)` when the list has it twice (homonyms stay two rows)."""
    shown, n = name, 1
    while shown in taken:
        n += 1
        shown = f"{name} ({n})"
    return shown


def _read(classlist: ClassList, matched: int, lang: str) -> str:
    """The list read: how many students, with and without a copy."""
    total = len(classlist.students)
    return tr(
        lang,
        "roster.read",
        path=classlist.source or "",
        count=total,
        matched=matched,
        missing=total - matched,
    )


def _problems(found: Matching, classlist: ClassList, lang: str) -> list[str]:
    """Each copy left out and why, and how to settle it."""
    lines = []
    if found.unmatched:
        lines.append(tr(lang, "roster.unmatched", names=_names(found.unmatched)))
    for copy, students in found.ambiguous.items():
        lines.append(tr(lang, "roster.ambiguous", copy=safe_line(copy), students=_names(students)))
    for index, names in found.doubled.items():
        lines.append(tr(lang, "roster.doubled", student=classlist.students[index].name, copies=_names(names)))
    for copy, student in found.disagree.items():
        lines.append(tr(lang, "roster.disagree", copy=safe_line(copy), student=student))
    for copy, (named, homonyms) in found.settled_ambiguous.items():
        lines.append(
            tr(lang, "roster.settled_ambiguous", copy=safe_line(copy), named=named, homonyms=_names(homonyms))
        )
    if found.unmatched or found.ambiguous:
        lines.append(tr(lang, "roster.settle"))
    return lines


def _names(names: list[str]) -> str:
    return ", ".join(safe_line(name) for name in names)
