"""Which TD a submission answers, from the names it defines (pure).

Each `Exercise` of the registry carries its own signature: the names only its sheet
uses, how many must be defined, and which names count only as functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .checks import Exercise


@dataclass(frozen=True)
class Detection:
    exercise: str | None
    matched: tuple[str, ...]


def detect(defined: set[str] | dict[str, str], exercises: Iterable[Exercise[Any]]) -> Detection:
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
