"""Which TD a submission answers, from the names it defines (pure).

Each sheet has a signature: the names only it uses, how many must be defined, and
which names count only as functions. An `Exercise` carries its own; the installed TDs'
are also in a table apart from their packages (`exercises/signatures.py`), so that
detection imports only the TD it finds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: creating them costs ~1.5 ms at import
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

    class SignatureFields(TypedDict):
        """A signature as an `Exercise`'s keyword arguments."""

        signature: frozenset[str]
        min_matches: int
        functions_only: frozenset[str]


@dataclass(frozen=True)
class Signature:
    """A sheet's signature without the sheet (its checks, reference, positions)."""

    id: str
    signature: frozenset[str]
    """Names only this sheet uses: a submission defining `min_matches` of them is this TD."""
    min_matches: int = 2
    functions_only: frozenset[str] = frozenset()
    """Signature names that count only when defined as functions (`s`, `h`: also variables)."""

    def fields(self) -> SignatureFields:
        return {
            "signature": self.signature,
            "min_matches": self.min_matches,
            "functions_only": self.functions_only,
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
    """What detection weighs for `registry`, in its order: its table of signatures when
    it has one (the installed TDs: none imported to detect), else its sheets' own."""
    table = getattr(registry, "signatures", None)
    return list(table()) if callable(table) else list(registry.values())
