"""Which TD a submission answers when the names its code defined once run say none:
read from its text (pure).

A blank skeleton handed in as it was given (bodies `#to_do`, `...` comments) compiles
nowhere, so the names it defines say nothing; a handout whose answer cells are still
`# à compléter` defines none either. Their text still does: the names of its `def` lines
and top-level assignments, and the names its code calls (`grille_vide(3, 4)`, read from
each cell's syntax tree, or from its text when it does not compile). A sheet is
recognised when they hold its signature's minimum, as names defined are weighed; the
runner then grades the submission like any other: every question's functions are
missing, and named. Words of a sheet's title alone never make a submission that sheet's
(another TD on the same game shares them): they only name the closest sheet.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .detect import Detection, closest, detect
from .files import read_regular

if TYPE_CHECKING:
    from .detect import Signed

DEF = re.compile(r"^[^\S\n]*(?:async[^\S\n]+)?def[^\S\n]+([A-Za-z_]\w*)[^\S\n]*\(", re.MULTILINE)
"""Blanks within a line only: `^\\s*` crossed line breaks, quadratic on blank lines."""
ASSIGNED = re.compile(r"^([A-Za-z_]\w*)\s*(?:,\s*[A-Za-z_]\w*\s*)*=(?!=)", re.MULTILINE)
CALLED = re.compile(r"(?<![\w.])([A-Za-z_]\w*)[^\S\n]*\(")
"""A name followed by `(`, not an attribute's (`v.copy(`): a call in a cell that does not
compile (`def f(` too: a name defined is evidence as well)."""
MAX_TEXT = 5_000_000
TOO_DEEP = (MemoryError, RecursionError)
"""What `ast.parse` raises on valid but hostile code (see `grader.reading.submission`)."""


def names_in_text(sources: Iterable[str]) -> set[str]:
    """Names a text defines or assigns at the start of a line (compiling or not)."""
    return set(kinds_in_text(sources))


def kinds_in_text(sources: Iterable[str]) -> dict[str, str]:
    """Names a text defines ("function": its `def` lines) or assigns at the start of a
    line ("value"), compiling or not."""
    kinds: dict[str, str] = {}
    for source in sources:
        for line in ASSIGNED.finditer(source):
            for name in line.group(0).rstrip("=").split(","):
                kinds.setdefault(name.strip(), "value")
        kinds.update((name, "function") for name in DEF.findall(source))
    return kinds


def names_called(sources: Iterable[str]) -> set[str]:
    """The plain names the code calls (`f(...)`, not `obj.f(...)`): from each source's
    syntax tree, or, when it does not compile, from its text (`CALLED`)."""
    called: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, *TOO_DEEP):
            called.update(CALLED.findall(source))
            continue
        called.update(
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        )
    return called


def evidence(sources: Sequence[str], defined: Mapping[str, str] | None = None) -> dict[str, str]:
    """The names a submission's code gives, as `detect` weighs them: those it defined
    once run (`defined`), those its text defines, and those it calls (as functions)."""
    found = kinds_in_text(sources)
    found.update((name, "function") for name in names_called(sources))
    for name, kind in (defined or {}).items():
        if found.get(name) != "function":
            found[name] = kind
    return found


def plain(text: str) -> str:
    """`text` in lower case, accents removed: as sheets' title words are written."""
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def recognise(
    sources: Sequence[str],
    whole_text: str,
    exercises: Iterable[Signed],
    defined: Mapping[str, str] | None = None,
) -> Detection:
    """The sheet of a submission from its code's text: the names its `def` lines and
    assignments define and those it calls, with those it defined once run (`defined`),
    weighed as `detect` weighs defined names. When they name no sheet: Detection(None,
    (), closest=...), the sheet whose title words come first in `whole_text`, else the one
    with most of those names (`grader.reading.detect.closest`), as a hint."""
    exercises = list(exercises)
    names = evidence(sources, defined)
    found = detect(names, exercises)
    if found.exercise is not None:
        return found
    return closest(names, plain(whole_text[:MAX_TEXT]), exercises)


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
