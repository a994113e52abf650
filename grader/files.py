"""Which files of the given paths are submissions, and whose (no grading here: the
command line reads them before importing the checks)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

SUFFIXES = (".ipynb", ".py")


def module_name_of(path: Path) -> str:
    """`__name__` a submission's code runs under, known before it is read (the worker
    started ahead needs it, before the engine is imported): `__main__` for a notebook,
    else from the module's name."""
    if path.suffix != ".py":
        return "__main__"
    name = re.sub(r"\W", "_", path.stem)
    if not name or name[0].isdigit() or name == "__main__":
        name = "module_eleve_" + name
    return name


def collect(paths: Iterable[Path]) -> list[Path]:
    """Submission files: given files, and every .ipynb/.py under given folders
    (hidden files and `.ipynb_checkpoints` skipped), sorted, without repeats."""
    return list(collect_named(paths))


def collect_named(paths: Iterable[Path]) -> dict[Path, str]:
    """Submission files with the student each belongs to (see `student_names`)."""
    found: dict[Path, str] = {}
    for path in paths:
        if path.is_dir():
            files = [
                c
                for c in sorted(path.rglob("*"))
                if c.suffix in SUFFIXES
                and c.is_file()
                and not any(p.startswith(".") for p in c.relative_to(path).parts)
            ]
            for file, name in student_names(path, files).items():
                found.setdefault(file, name)
        else:
            found.setdefault(path, path.stem)
    return found


def student_names(root: Path, files: list[Path]) -> dict[Path, str]:
    """A sub-folder holding one submission is named after the folder (one folder per
    student, as LMS exports do); other files after their stem, prefixed by their
    folder when two would otherwise get the same name."""
    per_folder: dict[Path, int] = {}
    for file in files:
        per_folder[file.parent] = per_folder.get(file.parent, 0) + 1
    names = {}
    for file in files:
        if file.parent != root and per_folder[file.parent] == 1:
            names[file] = file.parent.name
        else:
            names[file] = file.stem
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    return {
        file: (name if counts[name] == 1 else str(file.relative_to(root).with_suffix("")))
        for file, name in names.items()
    }
