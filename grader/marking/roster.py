"""The class list (`--roster FILE`) and which copy is whose on it (pure: text in, matches out).

A class list is read as a teacher gets it:
- an export of Pronote or of the school's ENT: one student a line (`NOM Prénom`), or a
  header naming the columns (`Nom` and `Prénom`, or one `Élève`/`Nom complet` column),
  with `;`, `,` or a tab between columns, UTF-8 (a BOM or not) or the spreadsheet's
  Windows encoding (cp1252); other columns are ignored;
- a Moodle grading worksheet: its `Identifiant`/`Identifier` (`Participant123`) and `Nom
  complet`/`Full name` columns, the participants in its order.

A copy is matched to a student of the list (`match`): by Moodle's participant number when
both have one (the names must then agree, unless the copy is anonymous: blind marking's
`Participant`); else by name, insensitive to case, accents, apostrophes, hyphens, word
order and separators (`Lefevre_Jean-Baptiste` is `LEFÈVRE Jean-Baptiste`). The teacher's own
table (the barème's `[copies]`: the copy's name -> the list's student, `BERNARD Lucas (2)` for
the second of two homonyms, as the reports show them) comes first. Never a guess: a copy whose name fits two
students, fits none, or that claims a student another copy claims too, is left out, listed,
and its mark goes nowhere.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .refusal import Refusal
from .text import ROSTER_ERROR

SURNAME = ("nom", "nom de famille", "last name", "surname", "family name", "lastname")
FIRST_NAME = ("prenom", "prenoms", "first name", "given name", "firstname")
FULL_NAME = ("eleve", "eleves", "nom complet", "full name", "name", "nom et prenom", "nom prenom", "etudiant")
IDENTIFIER = ("identifiant", "identifier")
"""Column names read (compared without case nor accents); Moodle's worksheet is known by its
identifier column (`get_string('recordid', 'assign')`, en Identifier, fr Identifiant)."""
ANONYMOUS = ("participant", "participante", "teilnehmer/in")
"""Blind marking's name in Moodle's download folders (`get_string('participant', 'assign')`)."""
PARTICIPANT_NUMBER = re.compile(r"(\d+)\s*$")


@dataclass(frozen=True)
class Listed:
    """A student of the class list."""

    name: str
    """As the list writes it (`DUPONT Marie`, or Moodle's `Marie Dupont`)."""
    participant: str = ""
    """Moodle's participant number (a worksheet's list), "" otherwise."""


@dataclass(frozen=True)
class ClassList:
    students: tuple[Listed, ...]
    source: Path | None = None
    columns: str = ""
    """Which columns the names were taken from, as the file names them (said to the teacher)."""


class RosterError(Refusal):
    """A class list the grader cannot read (its `detail`: the columns read, the system's error)."""

    words = ROSTER_ERROR


def plain(text: str) -> str:
    """Lower case, no accents, apostrophes removed: `D'Élodie` -> `delodie`."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"['’`´]", "", text)


def name_keys(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two ways of cutting a name into words, each sorted (the order of the words does not
    matter): hyphens joining (`jeanbaptiste`) and hyphens separating (`jean`, `baptiste`).
    Numbers alone are no part of a name (`Lucas Bernard (104)`, a homonym told apart)."""
    text = plain(name)
    joined = re.split(r"[^a-z0-9]+", text.replace("-", ""))
    apart = re.split(r"[^a-z0-9]+", text)
    return (
        tuple(sorted(w for w in joined if w and not w.isdigit())),
        tuple(sorted(w for w in apart if w and not w.isdigit())),
    )


def same_name(a: str, b: str) -> bool:
    """`Lefevre_Jean-Baptiste` is `LEFÈVRE Jean-Baptiste` is `jean baptiste lefevre`."""
    (a1, a2), (b1, b2) = name_keys(a), name_keys(b)
    return bool(a1) and (a1 == b1 or a2 == b2)


def decode(raw: bytes) -> str:
    """UTF-8 (a BOM or not), else the Windows encoding French spreadsheets save in."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", "replace")


def parse_class_list(text: str, source: Path | None = None) -> ClassList:
    """The students of a class list's text (see the module docstring); RosterError when
    there is none."""
    text = text.removeprefix("\ufeff")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RosterError("empty")
    delimiter = max((";", ",", "\t"), key=lines[0].count)
    rows = [row for row in csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter) if any(row)]
    header = [re.sub(r"\s+", " ", plain(cell).strip()) for cell in rows[0]]
    found = _columns(header, [cell.strip() for cell in rows[0]])
    if found is None:  # no header: one student a line, the first cell
        names = tuple(Listed(row[0].strip()) for row in rows if row[0].strip())
        return ClassList(names, source, "")
    take, said = found
    students = tuple(s for row in rows[1:] if (s := take(row)) is not None)
    if not students:
        raise RosterError("no_student", detail=said)
    return ClassList(students, source, said)


def _columns(
    header: list[str], written: list[str]
) -> tuple[Callable[[list[str]], Listed | None], str] | None:
    """How to read a row, from the header's names (None: the first line is a student), and
    the columns read as the file writes them (`written`), for the teacher."""

    def index(names: Sequence[str]) -> int | None:
        return next((i for i, cell in enumerate(header) if cell in names), None)

    ident, full, surname, first = index(IDENTIFIER), index(FULL_NAME), index(SURNAME), index(FIRST_NAME)

    def cell(row: list[str], i: int | None) -> str:
        return row[i].strip() if i is not None and i < len(row) else ""

    if ident is not None:

        def moodle(row: list[str]) -> Listed | None:
            number = PARTICIPANT_NUMBER.search(cell(row, ident))
            name = cell(row, full)
            return (
                Listed(name or cell(row, ident), number.group(1) if number else "")
                if number or name
                else None
            )

        return moodle, written[ident]
    if surname is not None and first is not None:

        def two(row: list[str]) -> Listed | None:
            name = f"{cell(row, surname)} {cell(row, first)}".strip()
            return Listed(name) if name else None

        return two, f"{written[surname]}, {written[first]}"
    column = full if full is not None else surname
    if column is None:
        return None

    def one(row: list[str]) -> Listed | None:
        name = cell(row, column)
        return Listed(name) if name else None

    return one, written[column]


def read_class_list(path: Path) -> ClassList:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RosterError("unreadable", detail=str(exc)) from None
    return parse_class_list(decode(raw), path)


@dataclass(frozen=True)
class Copy:
    """A copy as matching needs it: its student as the run names it (the folder's or the
    file's name), and Moodle's participant number if its name carries one."""

    name: str
    participant: str = ""


@dataclass
class Matching:
    """Which copy is whose: copy name -> index in the list; and the copies left out, why."""

    of: dict[str, int] = field(default_factory=dict)
    unmatched: list[str] = field(default_factory=list)
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    """Copy -> the list's students its name fits."""
    doubled: dict[int, list[str]] = field(default_factory=dict)
    """A student of the list -> the copies that all claim them (none is used)."""
    disagree: dict[str, str] = field(default_factory=dict)
    """Copy -> the student its participant number names, whose name is another."""
    settled_ambiguous: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    """Copy -> the name the teacher's table gives it, and how the homonyms it fits are
    named (`BERNARD Lucas (1)`, `BERNARD Lucas (2)`): one of those is to be written."""

    def student_of(self, copy: str) -> int | None:
        return self.of.get(copy)


def match(copies: Sequence[Copy], listed: Sequence[Listed], settled: Mapping[str, str] = {}) -> Matching:
    """Each copy's student of the list (see the module docstring). `settled`: the teacher's
    table, copy name -> the list's student (by name)."""
    found = Matching()
    claims: dict[int, list[str]] = {}
    numbers = {s.participant: i for i, s in enumerate(listed) if s.participant}
    for copy in copies:
        where = _one(copy, listed, numbers, settled, found)
        if where is not None:
            claims.setdefault(where, []).append(copy.name)
    for where, names in claims.items():
        if len(names) == 1:
            found.of[names[0]] = where
        else:
            found.doubled[where] = names
    return found


def _one(
    copy: Copy,
    listed: Sequence[Listed],
    numbers: Mapping[str, int],
    settled: Mapping[str, str],
    found: Matching,
) -> int | None:
    """The list's student of one copy, or None (the reason noted in `found`)."""
    table = next((target for source, target in settled.items() if plain(source) == plain(copy.name)), None)
    if table is not None:
        fits = [i for i, s in enumerate(listed) if same_name(s.name, table)]
        nth = re.search(r"\((\d+)\)\s*$", table)  # `BERNARD Lucas (2)`: the list's second one
        if nth and 1 <= int(nth.group(1)) <= len(fits):
            return fits[int(nth.group(1)) - 1]
        if len(fits) == 1:
            return fits[0]
        if fits:  # the table names homonyms: which one is said by its number, as reports show
            names = [f"{listed[i].name} ({n})" for n, i in enumerate(fits, 1)]
            found.settled_ambiguous[copy.name] = (table, names)
            return None
        found.unmatched.append(copy.name)
        return None
    if copy.participant and copy.participant in numbers:
        where = numbers[copy.participant]
        anonymous = plain(copy.name) in ANONYMOUS
        unnamed = not listed[where].name  # a worksheet whose name column is not known (another language)
        if (
            anonymous
            or unnamed
            or same_name(copy.name, listed[where].name)
            or _grouped(copy.name, listed[where].name)
        ):
            return where
        found.disagree[copy.name] = listed[where].name
        return None
    fits = [i for i, s in enumerate(listed) if same_name(s.name, copy.name)]
    if len(fits) == 1:
        return fits[0]
    if fits:
        found.ambiguous[copy.name] = [listed[i].name for i in fits]
    else:
        found.unmatched.append(copy.name)
    return None


def _grouped(copy_name: str, listed_name: str) -> bool:
    """Moodle 3.x prefixes a group's name in group mode (`Groupe A-Léa Martin`)."""
    parts = copy_name.split("-")
    return any(same_name("-".join(parts[i:]), listed_name) for i in range(1, len(parts)))
