"""Whose copy each file of a class folder is (pure: paths in, names out; no file is read).

The rule (docs/reference/class-folder.md):
- **A student is a top-level folder of the class folder, or a file at its top level.**
  Everything inside a student's folder is that student's: the name and Moodle's
  participant number come from that folder's own name only. A folder nested inside it,
  whatever it is called (`Dupont Marie_101_assignsubmission_file_/`), never names or
  renames anyone.
- **One student, one copy.** When a student holds several files, one is graded (see
  `choose_copy`) and the others are set aside, listed by the reports, never a second
  student.
- Moodle's "Download all submissions" names the top level itself, in every layout of
  3.9 to 4.5 (docs/notes in `tests/reading/test_moodle_layouts.py`, each with the line of
  Moodle it follows): a folder `Prénom Nom_1234_assignsubmission_file` (4.1 and later,
  `mod/assign/classes/downloader.php`), with a trailing `_` (3.1 to 4.0,
  `assign::download_submissions`), `Participant_1234_…` with blind marking, or, not in
  folders, files `Prénom Nom_1234_assignsubmission_file_td10.ipynb` (a student's files
  then share the prefix: one student).
- A name that is not valid text (raw bytes of an archive unzipped on Linux) is written
  with `\\xNN` escapes: every report and table can hold it, and it stays one name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

FOLDER = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_(?P<type>[a-z]+)_?$")
"""A student's folder in Moodle's download: `Nom_1234_assignsubmission_file` (4.1+),
`Nom_1234_assignsubmission_file_` (3.1 to 4.0); 1234 is the worksheet's `Participant 1234`."""
FLAT = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_(?P<type>[a-z]+)_(?P<file>.+)$")
"""A file of Moodle's download not in folders: `Nom_1234_assignsubmission_file_td10.ipynb`."""
DRAFT_WORDS = frozenset(
    {"brouillon", "draft", "essai", "ancien", "ancienne", "vieux", "vieille", "old", "backup", "sauvegarde"}
)
"""A file whose name holds one of these words (or its plural) was named as a draft by its
student (`TD10 brouillon.ipynb`, `old_td10.py`)."""

Weigh = Callable[[Path], int]
"""How well a file answers the class's exercise, from its text: 0 not at all, else the
number of the exercise's names it defines (which of a student's files to grade)."""


@dataclass(frozen=True)
class Claim:
    """Who a top-level folder or file says it is."""

    name: str
    """The student's name as shown (`Léa Martin`, `dupont_marie`)."""
    participant: str = ""
    """Moodle's participant number, "" outside Moodle's layouts."""
    key: str = ""
    """What groups files into one student: the top-level folder's name, or a flat file's
    Moodle prefix (`Léa Martin_1234`), or its stem."""


def shown_name(raw: str) -> str:
    """A file or folder name as text: raw bytes that are not UTF-8 (kept by Python as lone
    surrogates) written `\\xNN`, so that the name can be written anywhere and stays unique."""
    if not any("\udc80" <= c <= "\udcff" for c in raw):
        return raw
    return os.fsencode(raw).decode("utf-8", "backslashreplace")


def folder_claim(name: str) -> Claim:
    """The student a top-level folder names (Moodle's `Nom_1234_assignsubmission_file[_]`
    is `Nom`, participant 1234)."""
    found = FOLDER.match(name)
    if found:
        return Claim(shown_name(found["name"]), found["id"], name)
    return Claim(shown_name(name), "", name)


def file_claim(file: Path) -> Claim:
    """The student a file at the top level names (Moodle's flat layout, else its stem)."""
    found = FLAT.match(file.name)
    if found:
        return Claim(shown_name(found["name"]), found["id"], f"{found['name']}_{found['id']}")
    return Claim(shown_name(file.stem), "", file.name)


def claim_of(root: Path, file: Path) -> Claim:
    """Whose `file` (under the class folder `root`) is: its top-level folder's, or its own."""
    parts = file.relative_to(root).parts
    return file_claim(file) if len(parts) == 1 else folder_claim(parts[0])


def within(root: Path, file: Path) -> str:
    """`file`'s name inside its student's claim (see `claim_of`): its path inside the
    student's folder, or, at the top level, its name after Moodle's flat prefix
    (`td10_brouillon.ipynb` for both `Léa Martin_1234_assignsubmission_file/td10_brouillon.ipynb`
    and `Léa Martin_1234_assignsubmission_file_td10_brouillon.ipynb`)."""
    parts = file.relative_to(root).parts
    if len(parts) > 1:
        return shown_name("/".join(parts[1:]))
    found = FLAT.match(file.name)
    return shown_name(found["file"] if found else file.name)


def named_as_draft(file: Path) -> bool:
    words = re.split(r"[^a-z0-9]+", file.stem.casefold())
    return any(word.removesuffix("s") in DRAFT_WORDS for word in words)


def choose_copy(
    files: Sequence[Path], weigh: Weigh | None, mtime: Callable[[Path], float]
) -> tuple[Path, str]:
    """The copy graded among one student's files, and why (a key of `copy_rule.*`): of those
    that answer the class's TD (all when none does, or when it is not known), the ones the
    student did not name as a draft (`brouillon`, `essai`, `old`…) if any; then the one that
    defines most of the TD's names; then the newest; then the first by name."""
    weights = {file: weigh(file) if weigh is not None else 1 for file in files}
    answering = [file for file in files if weights[file] > 0]
    if len(answering) == 1:
        return answering[0], "answers"
    pool = answering or list(files)
    finished = [file for file in pool if not named_as_draft(file)]
    if len(finished) == 1 and len(pool) > 1:
        return finished[0], "not_draft"
    pool = finished or pool
    best = max(weights[f] for f in pool)
    if sum(1 for f in pool if weights[f] == best) == 1:
        return next(f for f in pool if weights[f] == best), "most"
    pool = [f for f in pool if weights[f] == best]
    newest = max(mtime(f) for f in pool)
    if sum(1 for f in pool if mtime(f) == newest) == 1:
        return next(f for f in pool if mtime(f) == newest), "newest"
    return min(pool, key=lambda f: f.as_posix()), "first"


@dataclass(frozen=True)
class Named:
    """A class folder's files, each with its student: the copies to grade and the ones set aside."""

    copies: dict[Path, Claim]
    aside: dict[Path, str]
    """Files not graded (file -> label `dupont/brouillon.py`): the student's other files."""
    chosen: dict[Path, str]
    """A file set aside -> the copy graded instead and why: `td10.ipynb|newest`."""


def name_students(root: Path, files: Iterable[Path], weigh: Weigh | None = None) -> Named:
    """One copy per student of the class folder `root` (see the module docstring)."""
    groups: dict[str, list[Path]] = {}
    claims: dict[str, Claim] = {}
    for file in files:
        claim = claim_of(root, file)
        groups.setdefault(claim.key, []).append(file)
        claims.setdefault(claim.key, claim)
    copies: dict[Path, Claim] = {}
    aside: dict[Path, str] = {}
    why: dict[Path, str] = {}
    for key, held in groups.items():
        chosen, rule = (held[0], "") if len(held) == 1 else choose_copy(held, weigh, _mtime)
        copies[chosen] = claims[key]
        for file in held:
            if file != chosen:
                aside[file] = shown_name(file.relative_to(root).as_posix())
                why[file] = f"{shown_name(chosen.name)}|{rule}"
    return Named(_distinct(copies), aside, why)


def _distinct(copies: dict[Path, Claim]) -> dict[Path, Claim]:
    """Two top-level entries naming the same name stay two students, neither hiding the
    other: Moodle's homonyms by their participant number (`Lucas Bernard (102)`), the others
    by their place (`dupont` and `dupont.py`)."""
    counts: dict[str, int] = {}
    for claim in copies.values():
        counts[claim.name] = counts.get(claim.name, 0) + 1
    return {file: claim if counts[claim.name] == 1 else _apart(claim) for file, claim in copies.items()}


def _apart(claim: Claim) -> Claim:
    name = f"{claim.name} ({claim.participant})" if claim.participant else shown_name(claim.key)
    return Claim(name, claim.participant, claim.key)


def _mtime(file: Path) -> float:
    try:
        return file.stat().st_mtime
    except OSError:
        return 0.0
