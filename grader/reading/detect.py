"""Which TD a submission answers, from the names it defines (pure).

Each sheet has a signature: the names only it uses, how many must be defined, which
names count only as functions, and the words of its title. Names are the evidence: those
the code defines once run, else those its text defines or calls (`grader.reading.skeleton`: a
blank skeleton, a handout whose answers are still to write). The title's words only name
the closest sheet of a submission recognised as none. An `Exercise` carries its own; a TD
may also be registered by its `Signature` alone, which says where its `Exercise` is
(`grader.registry`), so that detection imports only the TD it finds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

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
    """Names only this sheet uses: a submission defining `min_matches` of them is this TD."""
    min_matches: int = 2
    functions_only: frozenset[str] = frozenset()
    """Signature names that count only when defined as functions (`s`, `h`: also variables)."""
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


def detect(defined: set[str] | Mapping[str, str], exercises: Iterable[Signed]) -> Detection:
    """The sheet whose names the submission defines most (at least its `min_matches`);
    on a tie, the first in the registry's order."""
    best: tuple[int, str, tuple[str, ...]] | None = None
    for exercise in exercises:
        matched = matched_names(defined, exercise)
        # Only sheets whose minimum is met compete: a chocolat submission that also
        # draws the bar with `affiche` is still chocolat.
        if len(matched) >= exercise.min_matches and (best is None or len(matched) > best[0]):
            best = (len(matched), exercise.id, matched)
    if best is None:
        return Detection(None, ())
    return Detection(best[1], best[2])


def matched_names(defined: set[str] | Mapping[str, str], exercise: Signed) -> tuple[str, ...]:
    """The names of `exercise`'s signature among `defined` (name -> "function", "value",
    "module"; a set: all functions), sorted."""
    kinds = defined if isinstance(defined, Mapping) else {}
    # One-letter names are common variables (`s = 0`): they count only when the
    # submission defines them as functions, as the course page does.
    names = {
        name
        for name in defined
        if name not in exercise.functions_only or kinds.get(name, "function") == "function"
    }
    return tuple(sorted(names & exercise.signature))


def closest(defined: set[str] | Mapping[str, str], plain_text: str, exercises: Iterable[Signed]) -> Detection:
    """For a submission recognised as no sheet: the sheet whose title words come first in
    its text (lower case, accents removed: a notebook's title is its first heading; a
    sheet's text may name another's game further down), else the one with most of its
    names among `defined` (fewer than its minimum), as a hint. Detection(None, ()) when
    neither says anything."""
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
    defined: set[str] | dict[str, str], forced: str, exercises: Iterable[Signed]
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
