"""Which TD a submission answers (pure, but for `file_text`): the one place that says it.

Each sheet has a signature: the functions only it uses, how many must be defined, and
the words of its title. A name counts only as a function the file defines at top level
(never a variable, a flag, a class or a method: issue 39); the names it only calls are
evidence of a text, said apart. The evidence, in this order:
1. the functions the code defines once run (`detect`);
2. when they name no sheet, the functions its text defines (top-level `def` lines) and
   the names its code calls (`grille_vide(3, 4)`, read from each cell's syntax tree, or
   from its text when it does not compile): a blank skeleton handed in as given (bodies
   `#to_do`) compiles nowhere, a handout whose answers are still `# à compléter`
   defines nothing, yet their text says which sheet it is (`recognise`); the runner
   then grades it like any other, the functions that do not run missing and named, the
   others graded;
3. a sheet's title words alone never make a submission that sheet's (another TD on the
   same game shares them): they only name the closest sheet (`closest`).

`which_exercise` is the runner's whole decision, a forced `--exercise` included;
`likely_exercise` is a guess from the raw file before anything runs (what to import
ahead, which of a student's files answers the class's TD). An `Exercise` carries its own
signature; a TD may also be registered by its `Signature` alone, which says where its
`Exercise` is (`grader.registry`), so that detection imports only the TD it finds.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..model.results import COMPILE_ERRORS, CellOutcome
from .files import read_regular
from .statements import TOO_DEEP

if TYPE_CHECKING:  # annotations only: creating them at import would cost every run
    from typing import Protocol, TypedDict

    class Signed(Protocol):
        """What detection reads of a sheet (an `Exercise` or a `Signature`)."""

        @property
        def id(self) -> str: ...
        @property
        def signature(self) -> frozenset[str]: ...
        @property
        def min_matches(self) -> int: ...
        @property
        def functions_only(self) -> frozenset[str]: ...
        @property
        def title_words(self) -> tuple[str, ...]: ...
        @property
        def title_covers(self) -> frozenset[str]: ...

    class SignatureFields(TypedDict):
        """A signature as an `Exercise`'s keyword arguments."""

        signature: frozenset[str]
        min_matches: int
        functions_only: frozenset[str]
        title_words: tuple[str, ...]
        title_covers: frozenset[str]


@dataclass(frozen=True)
class Signature:
    """A sheet's signature without the sheet (its checks, reference, positions)."""

    id: str
    signature: frozenset[str]
    """Functions only this sheet uses: a submission defining `min_matches` of them at top
    level is this TD (a variable, a class or a method of the same name never counts)."""
    min_matches: int = 2
    functions_only: frozenset[str] = frozenset()
    """No longer read: every name counts only when defined as a function at top level.
    Kept so that declarations giving it still load."""
    title_words: tuple[str, ...] = ()
    """Words of the sheet's title, as a notebook copied from it keeps them (lower case,
    accents removed): a submission recognised as no sheet, whose text holds them, is
    told this sheet is the closest (a hint: never graded as it on the title alone)."""
    title_covers: frozenset[str] = frozenset()
    """No longer read: the title found first in a text names the closest sheet (a sheet's
    text may name another's game). Kept so that declarations giving it still load."""
    exercise: str = ""
    """Where the sheet's `Exercise` is, `module:attribute`, imported when it is first
    graded (a signature registered in its stead: `grader.registry`)."""

    def fields(self) -> SignatureFields:
        """The detection fields, as the sheet's `Exercise` takes them (`**fields()`)."""
        return {
            "signature": self.signature,
            "min_matches": self.min_matches,
            "functions_only": self.functions_only,
            "title_words": self.title_words,
            "title_covers": self.title_covers,
        }


@dataclass(frozen=True)
class Detection:
    exercise: str | None
    matched: tuple[str, ...]
    closest: str | None = None
    """No sheet recognised (`exercise` None): the one the submission comes closest to, a
    hint for the reader (its title's words in the text, else some of its names)."""
    closest_names: tuple[str, ...] = ()
    """The names `closest` was found by; () when by its title's words."""


FUNCTIONS = frozenset({"function"})
"""What a name must be to count as evidence: a function the file defines at top level
(the worker's globals: never a value, a flag, a class, a method)."""
FUNCTIONS_OR_CALLED = frozenset({"function", "called"})
"""The evidence of a file's text: its top-level `def` lines, and the names it calls
("called", said apart in the report)."""


def detect(
    defined: set[str] | Mapping[str, str], exercises: Iterable[Signed], counted: frozenset[str] = FUNCTIONS
) -> Detection:
    """The sheet whose names the submission defines most (at least its `min_matches`,
    each of a kind in `counted`); on a tie, the first in the registry's order."""
    best: tuple[int, str, tuple[str, ...]] | None = None
    for exercise in exercises:
        matched = matched_names(defined, exercise, counted)
        # Only sheets whose minimum is met compete: a chocolat submission that also
        # draws the bar with `affiche` is still chocolat.
        if len(matched) >= exercise.min_matches and (best is None or len(matched) > best[0]):
            best = (len(matched), exercise.id, matched)
    if best is None:
        return Detection(None, ())
    return Detection(best[1], best[2])


def matched_names(
    defined: set[str] | Mapping[str, str], exercise: Signed, counted: frozenset[str] = FUNCTIONS
) -> tuple[str, ...]:
    """The names of `exercise`'s signature among `defined` (name -> "function", "value",
    "module", "class", "called"; a set: all functions) whose kind is in `counted`, sorted.
    A variable (`game_over = False`), a class or a method never counts: a Connect-4
    program with a flag named like a tic-tac-toe function is not the tic-tac-toe sheet."""
    kinds = defined if isinstance(defined, Mapping) else dict.fromkeys(defined, "function")
    return tuple(sorted(name for name in exercise.signature if kinds.get(name) in counted))


def closest(defined: set[str] | Mapping[str, str], plain_text: str, exercises: Iterable[Signed]) -> Detection:
    """For a submission recognised as no sheet: the sheet whose title words come first in
    its text (lower case, accents removed: a notebook's title is its first heading; a
    sheet's text may name another's game further down), else the one with most of its
    names among the functions `defined` at top level (fewer than its minimum; never a
    variable, a flag or a method), as a hint. Detection(None, ()) when neither says
    anything."""
    exercises = list(exercises)
    first: tuple[int, str] | None = None
    for exercise in exercises:
        found = [at for word in exercise.title_words if (at := plain_text.find(word)) >= 0]
        if found and (first is None or min(found) < first[0]):
            first = (min(found), exercise.id)
    if first is not None:
        return Detection(None, (), closest=first[1])
    best: tuple[str, tuple[str, ...]] | None = None
    for exercise in exercises:
        matched = matched_names(defined, exercise)
        if matched and (best is None or len(matched) > len(best[1])):
            best = (exercise.id, matched)
    if best is None:
        return Detection(None, ())
    return Detection(None, (), closest=best[0], closest_names=best[1])


def other_sheet(
    defined: set[str] | Mapping[str, str], forced: str, exercises: Iterable[Signed]
) -> Detection | None:
    """With the class's exercise forced: the other sheet the submission answers, when it
    answers one and not the forced one (a domineering notebook in a TD10 folder), else
    None (graded as forced: a skeleton, a broken copy of the forced sheet)."""
    exercises = list(exercises)
    found = detect(defined, exercises)
    if found.exercise in (None, forced):
        return None
    if detect(defined, [e for e in exercises if e.id == forced]).exercise is not None:
        return None
    return found


def signatures_of(registry: Mapping[str, Signed]) -> list[Signed]:
    """What detection weighs for `registry`, in its order: its signatures when it keeps
    them apart (`grader.registry.Installed`: no TD imported to detect), else its sheets'."""
    table = getattr(registry, "signatures", None)
    return list(table()) if callable(table) else list(registry.values())


DEF = re.compile(r"^(?:async[^\S\n]+)?def[^\S\n]+([A-Za-z_]\w*)[^\S\n]*\(", re.MULTILINE)
"""A `def` at the start of a line: a top-level function, never a method (indented).
Blanks within a line only (`\\s` would cross line breaks, quadratic on blank lines)."""
ASSIGNED = re.compile(r"^([A-Za-z_]\w*)\s*(?:,\s*[A-Za-z_]\w*\s*)*=(?!=)", re.MULTILINE)
CALLED = re.compile(r"(?<![\w.])([A-Za-z_]\w*)[^\S\n]*\(")
"""A name followed by `(`, not an attribute's (`v.copy(`): a call in a cell that does not
compile (`def f(` too: a name defined is evidence as well)."""
MAX_TEXT = 5_000_000


def names_in_text(sources: Iterable[str]) -> set[str]:
    """Names a text defines or assigns at the start of a line (compiling or not)."""
    return set(kinds_in_text(sources))


def kinds_in_text(sources: Iterable[str]) -> dict[str, str]:
    """Names a text defines ("function": its top-level `def` lines) or assigns at the
    start of a line ("value"), compiling or not."""
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
    """The names a submission's code gives: the functions its text defines at top level
    or it defined once run ("function"), the names it only calls ("called"), and its
    other globals as they are (values, classes, modules: no evidence)."""
    found = kinds_in_text(sources)
    for name in names_called(sources):
        if found.get(name) != "function":
            found[name] = "called"
    for name, kind in (defined or {}).items():
        if kind == "function" or name not in found:
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
    """The sheet of a submission from its code's text: the functions its top-level `def`
    lines define and the names it calls, with those it defined once run (`defined`),
    weighed as `detect` weighs defined names. When they name no sheet: Detection(None,
    (), closest=...), the sheet whose title words come first in `whole_text`, else the one
    with most of the functions it defines (`closest`), as a hint."""
    exercises = list(exercises)
    names = evidence(sources, defined)
    found = detect(names, exercises, FUNCTIONS_OR_CALLED)
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


@dataclass(frozen=True)
class Recognition:
    """Which TD a submission answers, as the runner grades it, and how that was found."""

    exercise: str | None
    """The TD to grade it as; None: none (`closest` may name the nearest)."""
    detected_by: str = ""
    """'forced' (`--exercise`), or the signature names that matched."""
    other: bool = False
    """Forced, but the file answers another TD (`exercise`): said, not graded."""
    closest: str = ""
    closest_names: tuple[str, ...] = ()
    note: tuple[str, dict[str, str]] | None = None
    """Recognised from its text alone: why no cell defines the sheet's names (a message
    key and its values, for the report's "understood" lines)."""


def which_exercise(
    defined: Mapping[str, str],
    forced: str | None,
    exercises: Sequence[Signed],
    sources: Sequence[str],
    outcomes: Sequence[CellOutcome],
    whole_text: str,
) -> Recognition:
    """The TD a submission is graded as: `forced`, unless its defined names answer another
    sheet; else the sheet its defined names say (`detect`), else its text (`recognise`)."""
    if forced:
        other = other_sheet(defined, forced, exercises)
        if other is not None:  # another TD: said, not marked 0 on the class's questions
            return Recognition(other.exercise, ", ".join(other.matched), other=True)
        return Recognition(forced, "forced")
    found = detect(defined, exercises)
    if found.exercise is not None:
        return Recognition(found.exercise, ", ".join(found.matched))
    # A blank skeleton where no cell compiles, a handout: its text says.
    recognised = recognise(sources, whole_text, exercises, defined)
    if recognised.exercise is not None:
        names = evidence(sources, defined)
        shown = tuple(n for n in recognised.matched if names.get(n) != "called")
        note = _recognised_note(outcomes, defined, names, recognised.matched)
        return Recognition(recognised.exercise, ", ".join(shown), note=note)
    return Recognition(None, closest=recognised.closest or "", closest_names=recognised.closest_names)


def _recognised_note(
    outcomes: Sequence[CellOutcome],
    defined: Mapping[str, str],
    names: Mapping[str, str],
    matched: tuple[str, ...],
) -> tuple[str, dict[str, str]]:
    """What the report says of a submission recognised from its text, one account for
    every function: those of the sheet it only calls, and those its text defines that did
    not run (in a block that does not compile, or never reached), count as missing; the
    functions that run are graded as usual."""
    called = [n for n in matched if names.get(n) == "called"]
    unrun = [n for n in matched if n not in called and defined.get(n) != "function"]
    if not unrun:
        return ("recognised_from_calls", {"names": ", ".join(called)})
    compiles = not any(outcome.error in COMPILE_ERRORS for outcome in outcomes)
    if called:
        return ("recognised_from_text_called", {"names": ", ".join(unrun), "called": ", ".join(called)})
    return ("recognised_from_text_plain" if compiles else "recognised_from_text", {"names": ", ".join(unrun)})
