"""Which TD a submission answers, from the names it defines (pure).

Each sheet has a signature: the names only it uses, how many must be defined, which
names count only as functions, and the words of its title (a blank skeleton, where
nothing compiles, is recognised by them: `grader.skeleton`). An `Exercise` carries its
own; a TD may also be registered by its `Signature` alone, which says where its
`Exercise` is (`grader.registry`), so that detection imports only the TD it finds.
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
    accents removed): a submission whose code says nothing is recognised by them."""
    title_covers: frozenset[str] = frozenset()
    """Sheets whose title words this sheet's own text holds too (its title names their
    game): when the words of both are found, the submission is this sheet's."""
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


def detect(defined: set[str] | dict[str, str], exercises: Iterable[Signed]) -> Detection:
    """The sheet whose names the submission defines most (at least its `min_matches`);
    on a tie, the first in the registry's order."""
    kinds = defined if isinstance(defined, dict) else {}
    best: tuple[int, str, tuple[str, ...]] | None = None
    for exercise in exercises:
        # One-letter names are common variables (`s = 0`): they count only when the
        # submission defines them as functions, as the course page does.
        names = {
            name
            for name in defined
            if name not in exercise.functions_only or kinds.get(name, "function") == "function"
        }
        matched = tuple(sorted(names & exercise.signature))
        # Only sheets whose minimum is met compete: a chocolat submission that also
        # draws the bar with `affiche` is still chocolat.
        if len(matched) >= exercise.min_matches and (best is None or len(matched) > best[0]):
            best = (len(matched), exercise.id, matched)
    if best is None:
        return Detection(None, ())
    return Detection(best[1], best[2])


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
