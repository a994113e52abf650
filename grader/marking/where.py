"""Where a class run takes the teacher's files from: the barème and the class list.

Only the teacher's barème is read: `--config`, else `minimax-grader.toml` in the class folder
(a folder given, or the class folder the record knows a file from) or above it. A student's
folder is never searched: for a file named alone whose class folder is not known, the search
starts one folder up, and a barème beside the file is said to be ignored; a barème inside a
class folder (in a student's folder) is said to be ignored too (`Collected.baremes`).

A class record remembers the barème, the class list and the manual table its last run
used (`DIR/record.class`, JSON: where each file is, as the record names paths), so that a
run with `--results DIR` alone (the reports again, no copy named), or without
`--manual`, uses them: docs/reference/class-record.md.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomic import write_text_atomic
from ..reading.files import BAREME_NAME

if TYPE_CHECKING:
    from .record import Record

STATE = "record.class"
MANUAL_NAME = "manuel.csv"
"""The manual table of the marking page (`--serve`) when neither `--manual` nor the
record names one: in the results folder."""


@dataclass(frozen=True)
class Places:
    """The folders to search a barème from (each, then its parents), and the barème files
    seen where the teacher's cannot be (a student's folder), to be said ignored."""

    folders: tuple[Path, ...]
    ignored: tuple[Path, ...] = ()


def bareme_places(paths: Sequence[Path], record: Record | None) -> Places:
    """Where the class's barème is looked for, for the paths given (see the module docstring)."""
    folders: list[Path] = []
    ignored: list[Path] = []
    roots = record.roots() if record is not None else []
    for path in paths:
        if path.is_dir():
            folders.append(path.resolve())
            continue
        resolved = path.resolve()
        known = _known_root(resolved, record, roots)
        folders.append(known if known is not None else resolved.parent.parent)
        beside = resolved.parent / BAREME_NAME
        if beside.is_file() and resolved.parent != known:
            ignored.append(beside)
    if not paths and record is not None:
        remembered = remembered_file(record, "bareme")
        folders += [remembered.parent] if remembered is not None else roots
    return Places(tuple(dict.fromkeys(folders)), tuple(dict.fromkeys(ignored)))


def _known_root(path: Path, record: Record | None, roots: list[Path]) -> Path | None:
    """The class folder of a file named alone, when the record knows it."""
    if record is not None:
        student = record.student_at(path)
        if student is not None and record.entries[student].root:
            return record.located(record.entries[student].root)
    return next((root for root in roots if root in path.parents), None)


def remember(record: Record, bareme: Path | None, roster: Path | None, manual: Path | None) -> None:
    """Note in the record the barème, the class list and the manual table this run used (a
    run without one leaves what an earlier run noted)."""
    before = read_state(record)
    state = dict(before)
    for key, path in (("bareme", bareme), ("roster", roster), ("manual", manual)):
        if path is not None:
            state[key] = record.where(path)
    if state != before:
        write_text_atomic(record.folder / STATE, json.dumps(state, ensure_ascii=False) + "\n")


def read_state(record: Record) -> dict[str, str]:
    """What the record remembers ({} when nothing, or not readable)."""
    try:
        data = json.loads((record.folder / STATE).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if isinstance(value, str)}


def remembered_file(record: Record, key: str) -> Path | None:
    """The file (`bareme`, `roster`, `manual`) the record's last run used, if it is still there."""
    path = remembered_place(record, key)
    return path if path is not None and path.is_file() else None


def remembered_place(record: Record, key: str) -> Path | None:
    """Where the file (`bareme`, `roster`, `manual`) the record's last run used was, there
    or not."""
    where = read_state(record).get(key, "")
    return record.located(where) if where else None
