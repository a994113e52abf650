"""Where an exercise's shared code is: the code its sheet gives the students and its
reference solution, as text (read, never imported: the engine imports no content).

A TD's package may hold `given_code.txt`, the code of its sheet (given functions, the
skeletons to complete); its reference solution is `reference/<package>.py`. Both are
found from the exercise's id by the registry's naming (`domineering-minmax` ->
`domineering_minmax`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

GIVEN_FILE = "given_code.txt"


def _package_folder(package: str) -> Path | None:
    """The folder of a top-level package, found without importing it."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(locations[0]) if locations else None


def _read(path: Path | None) -> str:
    if path is None:
        return ""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def shared_code(exercise: str) -> list[str]:
    """The sheet's given code and the reference solution of `exercise` (each a module's
    text), those that are found."""
    name = exercise.replace("-", "_")
    exercises = _package_folder("exercises")
    reference = _package_folder("reference")
    given = _read(exercises / name / GIVEN_FILE if exercises else None)
    solution = _read(reference / f"{name}.py" if reference else None)
    return [text for text in (given, solution) if text]
