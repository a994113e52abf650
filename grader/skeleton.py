"""Which TD a submission answers when none of its code defines anything: read from its
text (pure).

A blank skeleton handed in as it was given (bodies `#to_do`, `...` comments) compiles
nowhere, so the names it defines say nothing. Its text still does: the names in its
`def` lines and top-level assignments, and the sheet's title. The runner then grades
it like any submission: every question's functions are missing, and named.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .detect import Detection, detect
from .files import read_regular

if TYPE_CHECKING:
    from .detect import Signed

DEF = re.compile(r"^[^\S\n]*(?:async[^\S\n]+)?def[^\S\n]+([A-Za-z_]\w*)[^\S\n]*\(", re.MULTILINE)
"""Blanks within a line only: `^\\s*` crossed line breaks, quadratic on blank lines."""
ASSIGNED = re.compile(r"^([A-Za-z_]\w*)\s*(?:,\s*[A-Za-z_]\w*\s*)*=(?!=)", re.MULTILINE)
MAX_TEXT = 5_000_000


def names_in_text(sources: Iterable[str]) -> set[str]:
    """Names a text defines or assigns at the start of a line (compiling or not)."""
    names: set[str] = set()
    for source in sources:
        names.update(DEF.findall(source))
        for line in ASSIGNED.finditer(source):
            names.update(n.strip() for n in line.group(0).rstrip("=").split(","))
    return names


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def recognise(sources: Sequence[str], whole_text: str, exercises: Iterable[Signed]) -> Detection:
    """The sheet of a submission from its text: the names of its `def` lines and
    assignments (as `detect` weighs defined names); failing that, the one sheet whose
    title words the text holds (a sheet whose title covers another's wins over it).
    Detection(None, ()) when neither says."""
    exercises = list(exercises)
    found = detect(names_in_text(sources), exercises)
    if found.exercise is not None:
        return found
    plain = _plain(whole_text[:MAX_TEXT])
    titled = [e for e in exercises if any(word in plain for word in e.title_words)]
    covered = {other for e in titled for other in e.title_covers}
    titled = [e for e in titled if e.id not in covered]
    if len(titled) == 1:
        return Detection(titled[0].id, ())
    return Detection(None, ())


def file_text(path: Path) -> str:
    """The submission's whole text (markdown cells included), best effort (as
    `files.read_regular` reads: never a fifo, a device nor a link)."""
    try:
        return read_regular(path, MAX_TEXT, partial=True).decode("utf-8", "replace")
    except OSError:
        return ""


def likely_exercise(whole_text: str, exercises: Iterable[Signed]) -> str | None:
    """The sheet a submission's text most likely answers, before any of it runs: its
    signature names found as `def name(` (functions) or `name =` (values) anywhere in the
    file, notebook JSON included, weighed as `detect` weighs them. Only a guess, for
    what to import ahead: grading detects from what the code defines."""
    exercises = list(exercises)
    names = {name for e in exercises for name in e.signature}
    found = {name: "function" for name in names if f"def {name}(" in whole_text}
    found.update((name, "value") for name in names - found.keys() if f"{name} =" in whole_text)
    return detect(found, exercises).exercise
