"""The exercises the grader knows, one package per TD sheet: the registry.

Detection, the CLI's `--exercise` choices and the settings' check all read
`EXERCISES`; its order breaks detection ties (puissance4 first). Adding a TD: a
reference module in `reference/`, a package here exposing `EXERCISE` (with its
detection signature), and an entry in `PACKAGES` (see docs/how-to/add-a-td.md).

Each TD is imported when first used: the ids alone (the command line's choices) cost
nothing, a run that forces `--exercise` imports one TD, not five, and detection reads
the signatures' table (`signatures.py`), not the TDs.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grader.detect import Signed
    from grader.kit import Exercise

PACKAGES = {
    "puissance4": "puissance4",
    "domineering": "domineering",
    "domineering-minmax": "domineering_minmax",
    "morpion": "morpion",
    "chocolat": "chocolat",
}
"""Exercise id -> its package here, in detection order."""


class Installed(Mapping[str, "Exercise[Any]"]):
    """The installed TDs by id, each package imported on first access."""

    def __init__(self, packages: dict[str, str]):
        self._packages = dict(packages)
        self._loaded: dict[str, Exercise[Any]] = {}

    def __getitem__(self, exercise_id: str) -> Exercise[Any]:
        if exercise_id not in self._loaded:
            package = self._packages[exercise_id]  # KeyError for an unknown id, as a dict
            self._loaded[exercise_id] = importlib.import_module(f"{__name__}.{package}").EXERCISE
        return self._loaded[exercise_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def __contains__(self, exercise_id: object) -> bool:
        return exercise_id in self._packages

    def signatures(self) -> list[Signed]:
        """Each TD's detection signature in detection order, no TD imported (a TD
        missing from the table is imported for its own)."""
        from .signatures import SIGNATURES

        return [SIGNATURES.get(exercise_id) or self[exercise_id] for exercise_id in self._packages]


EXERCISES = Installed(PACKAGES)
