"""Which files of the given paths are submissions, and whose (no grading here: the
command line reads them before importing the checks)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
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


def collect_named(
    paths: Iterable[Path],
    answers: Callable[[Path], bool] | None = None,
    aside: dict[Path, str] | None = None,
) -> dict[Path, str]:
    """Submission files with the student each belongs to (see `student_files`): the
    files to grade. `answers` tells whether a file answers the class's exercise; the
    other files of a student whose folder holds one that does go to `aside` (file ->
    its label, `dupont/brouillon.py`), not graded."""
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
            named, set_aside = student_files(path, files, answers)
            for file, name in named.items():
                found.setdefault(file, name)
            if aside is not None:
                aside.update((file, label) for file, label in set_aside.items() if file not in found)
        else:
            found.setdefault(path, path.stem)
    return found


MOODLE_NAME = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_[a-z]+_(?P<file>.*)$")
"""Moodle's "download all submissions": a folder `Nom Prénom_1234_assignsubmission_file_`
per student (or, not in folders, files `Nom Prénom_1234_assignsubmission_file_td.ipynb`);
1234 is the participant number of the grading worksheet (`Participant 1234`)."""


def moodle_participant(path: Path) -> tuple[str, str] | None:
    """(full name, participant number) of a file in Moodle's download layout, from its
    folder or its own name; None for any other layout."""
    for part in (path.parent.name, path.name):
        found = MOODLE_NAME.match(part)
        if found:
            return found["name"], found["id"]
    return None


def _folder_name(folder: Path) -> str:
    found = MOODLE_NAME.match(folder.name)
    return found["name"] if found and not found["file"] else folder.name


def _stem(file: Path) -> str:
    found = MOODLE_NAME.match(file.name)
    return found["name"] if found and found["file"] else file.stem


def student_files(
    root: Path, files: list[Path], answers: Callable[[Path], bool] | None = None
) -> tuple[dict[Path, str], dict[Path, str]]:
    """The files of a class folder to grade, with their student, and the files set aside.

    A sub-folder is one student (one folder per student, as LMS exports do: Moodle's
    `Nom Prénom_1234_assignsubmission_file_` is named `Nom Prénom`): its one submission
    is graded under the folder's name. When it holds several, the one that `answers`
    says answers the class's exercise is, and the others are set aside (file -> label
    `folder/file`); when none or several do, each is graded under its own stem. Loose
    files are named after their stem (Moodle's `Nom Prénom_1234_assignsubmission_file_td.ipynb`
    after `Nom Prénom`), with their folder when two would otherwise get the same name."""
    per_folder: dict[Path, list[Path]] = {}
    for file in files:
        per_folder.setdefault(file.parent, []).append(file)
    names: dict[Path, str] = {}
    aside: dict[Path, str] = {}
    for folder, held in per_folder.items():
        chosen = held
        if folder != root and len(held) > 1 and answers is not None:
            answering = [file for file in held if answers(file)]
            if len(answering) == 1:
                chosen = answering
                aside.update((f, f"{_folder_name(folder)}/{f.name}") for f in held if f not in answering)
        for file in chosen:
            names[file] = _folder_name(folder) if folder != root and len(chosen) == 1 else _stem(file)
    return _unique(root, {file: names[file] for file in files if file in names}), aside


def student_names(root: Path, files: list[Path]) -> dict[Path, str]:
    """Each file's student, every file graded (see `student_files`)."""
    return student_files(root, files)[0]


def _unique(root: Path, names: dict[Path, str]) -> dict[Path, str]:
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    return {
        file: (name if counts[name] == 1 else str(file.relative_to(root).with_suffix("")))
        for file, name in names.items()
    }
