"""The class's reports on its class list (`--roster`, or the Moodle worksheet's participants):
one row per student of the list, in the list's order, each under the list's name; a student
without a copy has a row said so (`pas de copie`); the copies no student of the list takes
(`grader.marking.roster.match`: a name fitting two students or none, two copies for one)
keep a row under their own name after the list's, and are listed; their marks go to no
export. A student's other file (a draft beside the copy, `EXTRA_FILE`), or a thing not read
inside a student's folder (`NOT_READ`: a link out, a fifo, a folder too deep), has its row right after
the student's, under the list's name (`MARTIN Léa/td10_brouillon.ipynb`), when the grader is
sure whose it is: the same class folder and the same student's folder (or Moodle's prefix, in
the flat layout) as the one copy the list placed; else it keeps its own label, after the list's
rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..model.results import EXTRA_FILE, NO_COPY, NOT_READ, SubmissionResult, SubmissionStatus
from ..reading.students import claim_of, within
from ..render.sanitize import safe_line
from .roster import ClassList, Copy, Matching, match
from .text import tr

if TYPE_CHECKING:
    from .record import Entry

LISTED_FEW = 12
"""Names listed in a line for the teacher, at most; past that, the count."""

Row = tuple[SubmissionResult, "Entry | None"]
Place = tuple[str, str]
"""A row's class folder and file (as the record names them, or this run's real paths)."""


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


def on_list(
    copies: Mapping[str, Row],
    classlist: ClassList,
    settled: Mapping[str, str],
    lang: str,
    places: Mapping[str, Place] | None = None,
) -> OnList:
    """`copies` (the run's name -> copy) on the class list (see the module docstring);
    `places`: where each row's file is, which tells whose a file set aside is."""
    beside = {name for name, row in copies.items() if _beside(row[0], (places or {}).get(name))}
    graded = {name: row for name, row in copies.items() if name not in beside}
    found = match(
        [Copy(name, row[0].participant) for name, row in graded.items()], classlist.students, settled
    )
    by_index = {index: name for name, index in found.of.items()}
    owned = owners(copies, places or {})
    done = OnList({})
    for index, student in enumerate(classlist.students):
        shown = _free(student.name, done.rows)
        done.listed[shown] = student.participant
        if index in by_index:
            result, entry = copies[by_index[index]]
            done.rows[shown] = (replace(result, student=shown), entry)
            for other, inside in owned.get(by_index[index], {}).items():
                label = _free(f"{shown}/{inside}", done.rows)
                result, entry = copies[other]
                done.rows[label] = (replace(result, student=label), entry)
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
    placed = {other for index in by_index.values() for other in owned.get(index, {})}
    for name, row in copies.items():
        if name not in found.of and name not in placed:
            done.rows[_free(name, done.rows)] = row
    done.problems = _problems(found, classlist, lang)
    done.said = [_read(classlist, len(by_index), lang), *done.problems]
    return done


def owners(copies: Mapping[str, Row], places: Mapping[str, Place]) -> dict[str, dict[str, str]]:
    """The copies' rows -> their student's files set aside (row -> the file's name inside the
    student's folder), when sure: a file set aside is the student's of the one copy found in
    the same class folder under the same student's folder or Moodle prefix
    (`grader.reading.students.claim_of`); of none when there is no such copy, or two (a
    record holding one student under two names)."""
    copy_of: dict[tuple[str, str], list[str]] = {}
    aside: dict[str, tuple[tuple[str, str], str]] = {}
    for name, (root, path) in places.items():
        if not root or name not in copies:
            continue
        try:
            key = (root, claim_of(Path(root), Path(path)).key)
            inside = within(Path(root), Path(path))
        except ValueError:  # not under its class folder: no claim to compare
            continue
        if _beside(copies[name][0], (root, path)):
            aside[name] = (key, inside)
        else:
            copy_of.setdefault(key, []).append(name)
    found: dict[str, dict[str, str]] = {}
    for name, (key, inside) in aside.items():
        if len(copy_of.get(key, ())) == 1:
            found.setdefault(copy_of[key][0], {})[name] = inside
    return found


def _beside(result: SubmissionResult, place: Place | None) -> bool:
    """A row that is never a copy of its own: a student's other file, or a thing not read
    inside a student's folder (a link out, a fifo, a folder too deep; at the top level, a
    thing not read still names its student)."""
    if result.reason == EXTRA_FILE:
        return True
    if result.reason not in NOT_READ or not place or not place[0]:
        return False
    try:
        return len(Path(place[1]).relative_to(place[0]).parts) > 1
    except ValueError:
        return False


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
