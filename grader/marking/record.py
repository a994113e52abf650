"""The class record (`--results DIR`): one JSON file per copy, holding what grading it
found (its check outcomes, before any barème) and where they came from.

    DIR/record/<student>-<hash>.json   one entry per copy (format: docs/reference/class-record.md)
    DIR/record.lock                    held while a run uses the record

A run grades only the copies that are new, changed (their content's hash), graded by
another grader version or with other grading settings; every report is then a view of
the whole record. Entries are written atomically; an entry that cannot be read is
reported, kept aside (`.damaged`) and its copy graded again; a second run on the same
record at once is refused (`RecordBusy`), never interleaved.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import hashlib
import json
import logging
import os
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..atomic import sync, write_text_atomic
from .codec import DecodeError, decode, encode
from .lock import locked

log = logging.getLogger(__name__)

FORMAT = "minimax-grader-record"
VERSION = 1
"""The format of an entry; an entry of another version is graded again, not read."""
ENTRIES = "record"
LOCK = "record.lock"
DAMAGED = ".damaged"


@dataclass(frozen=True)
class Seen:
    """An override as the grader last applied it: the teacher's row as typed (points and
    comment) and the question's automatic score then. A later run whose automatic score
    differs, the row unchanged, flags the question for review."""

    points: str
    comment: str
    automatic: float
    copy: str = ""
    """The copy's content (SHA-256) when the row was applied: a copy that changed since,
    the row unchanged, flags the question too ("" in entries written before)."""
    items: str = ""
    """The row's rubric items as typed (`grille`): editing them confirms the row too."""


@dataclass(frozen=True)
class Entry:
    """What the record keeps of one copy."""

    student: str
    """Whose copy (the class reports' row); the entry's key."""
    path: str
    """The copy's file when it was last graded, relative to the record's folder (the
    class folder can move with its record), absolute on another drive."""
    root: str
    """The class folder it was found in, as `path`; "" when its file was named alone."""
    sha256: str
    """The file's content when it was graded: another content is graded again."""
    grader_version: str
    settings: str
    """The grading settings that change outcomes (`--exercise`, budgets), as a hash."""
    graded_at: str
    """When it was graded (ISO 8601, local time with its offset)."""
    outcome: Any
    """What grading found, before any barème (the scoring pass's input)."""
    bareme: str = ""
    """The barème its marks were last given with (its digest)."""
    seen: dict[str, Seen] = field(default_factory=dict)
    """Per question: the override last applied (see `Seen`)."""


@dataclass(frozen=True)
class Damaged:
    """A record file that could not be read: not trusted, kept aside, its copy graded again."""

    file: Path
    reason: str


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_hash_or_empty(path: Path) -> str:
    """`file_hash`, or "" when the file cannot be read (gone, moved, refused)."""
    try:
        return file_hash(path)
    except OSError:
        return ""


def now() -> str:
    """The local time with its offset, ISO 8601: `2026-11-28T10:12:03+01:00`."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def entry_name(student: str) -> str:
    """The file of a student's entry: readable, safe on every file system, unique (a
    hash of the name: `Élodie` and `Elodie` are two students)."""
    ascii_name = unicodedata.normalize("NFKD", student).encode("ascii", "ignore").decode()
    readable = re.sub(r"[^A-Za-z0-9_-]+", "_", ascii_name).strip("_-")[:40] or "copie"
    digest = hashlib.sha256(student.encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return f"{readable}-{digest}.json"


class Record:
    """The entries of a `--results` folder, read once the lock is held (`open`)."""

    def __init__(self, folder: Path, outcome_type: Any, usable: Callable[[Any], bool] | None = None):
        """`usable`: whether a decoded outcome can be used at all (a graded copy with no
        outcome to score cannot); an entry whose outcome is not is damaged."""
        self.folder = folder
        self.entries_folder = folder / ENTRIES
        self.outcome_type = outcome_type
        self.usable = usable
        self.entries: dict[str, Entry] = {}
        self.damaged: list[Damaged] = []

    @contextlib.contextmanager
    def open(self) -> Iterator[Record]:
        """Hold the lock (RecordBusy if another run does) and read every entry."""
        self.entries_folder.mkdir(parents=True, exist_ok=True)
        with locked(self.folder / LOCK):
            self.entries, self.damaged = {}, []
            for file in sorted(self.entries_folder.glob("*.json")):
                try:
                    entry = read_entry(file.read_text("utf-8"), self.outcome_type)
                except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
                    self.damaged.append(Damaged(file, f"{type(exc).__name__}: {exc}"[:200]))
                    continue
                if entry_name(entry.student) != file.name or entry.student in self.entries:
                    self.damaged.append(Damaged(file, f"not the file of {entry.student!r}"))
                    continue
                if self.usable is not None and not self.usable(entry.outcome):
                    self.damaged.append(Damaged(file, "an outcome that cannot be scored"))
                    continue
                self.entries[entry.student] = entry
            try:
                yield self
            finally:
                sync(self.entries_folder)  # every entry's rename on the disk, once

    def file_of(self, student: str) -> Path:
        return self.entries_folder / entry_name(student)

    def put(self, entry: Entry, durable: bool = True) -> None:
        """Write `entry` (replacing the student's previous one, a damaged one kept aside).
        `durable=False` for a bookkeeping change a next run makes again if it is lost
        (the barème an entry was last scored with): not forced to the disk one by one."""
        target = self.file_of(entry.student)
        if any(d.file == target for d in self.damaged):
            with contextlib.suppress(OSError):
                os.replace(target, target.with_name(target.name + DAMAGED))
        write_text_atomic(target, write_entry(entry), sync_folder=False, durable=durable)
        self.entries[entry.student] = entry

    def drop(self, student: str) -> None:
        """`--prune`: forget a copy."""
        with contextlib.suppress(FileNotFoundError):
            self.file_of(student).unlink()
        self.entries.pop(student, None)

    def where(self, path: Path, follow: bool = True) -> str:
        """How an entry names `path`: relative to the record's folder (POSIX slashes),
        absolute when no relative path leads there (another drive). `follow=False`: a link
        named as itself, not where it leads (a thing not read)."""
        real = path.resolve() if follow else path.parent.resolve() / path.name
        try:
            return Path(os.path.relpath(real, self.folder.resolve())).as_posix()
        except ValueError:
            return str(real)

    def located(self, where: str) -> Path:
        """The file or folder an entry names (see `where`)."""
        return (self.folder / where).resolve()

    def absent(self, entry: Entry) -> bool:
        """Its file is no longer where it was graded (it stays until `--prune`)."""
        return not self.located(entry.path).is_file()

    def student_at(self, path: Path) -> str | None:
        """The student whose entry was last graded from the file `path`."""
        where = path.resolve()
        return next((e.student for e in self.entries.values() if self.located(e.path) == where), None)

    def roots(self) -> list[Path]:
        """The class folders the record's copies were found in."""
        return sorted({self.located(e.root) for e in self.entries.values() if e.root})

    def is_damaged(self, student: str) -> bool:
        return any(d.file == self.file_of(student) for d in self.damaged)


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def write_entry(entry: Entry) -> str:
    """The entry's JSON text, UTF-8 clean: a path holding raw bytes that are not UTF-8 (a
    name from an archive, kept by Python as lone surrogates) is written `\\udcXX`, which
    JSON reads back as the same path."""
    data = {"format": FORMAT, "version": VERSION, **encode(entry)}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def read_entry(text: str, outcome_type: Any) -> Entry:
    """An entry from its file's text; DecodeError (a ValueError) when it is not one."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DecodeError("not a record entry")
    if data.get("version") != VERSION:
        raise DecodeError(f"format version {data.get('version')!r}, this grader reads {VERSION}")
    head = {k: v for k, v in data.items() if k not in ("format", "version", "outcome")}
    if "outcome" not in data:
        raise DecodeError("no outcome")
    entry: Entry = decode({**head, "outcome": None}, Entry)
    return dataclasses.replace(entry, outcome=decode(data["outcome"], outcome_type))


@dataclass(frozen=True)
class Plan:
    """Which copies a run grades, and why; the others are taken from the record."""

    to_grade: dict[Path, str]
    """File -> student, in the order given."""
    reasons: dict[str, str]
    """Student -> why graded: `new`, `changed`, `version`, `settings`, `damaged`, `regrade`."""
    unchanged: list[str]
    hashes: dict[Path, str]


def plan(
    record: Record,
    files: Mapping[Path, str],
    version: str,
    settings: str,
    regrade: bool = False,
    hashes: Mapping[Path, str] | None = None,
    strong: bool = False,
) -> Plan:
    """Compare each file (-> its student) with the student's entry. `strong`
    (`--require-isolation strong`): a copy graded under a weak isolation is graded again."""
    digests = dict(hashes) if hashes is not None else {path: file_hash(path) for path in files}
    to_grade: dict[Path, str] = {}
    reasons: dict[str, str] = {}
    unchanged: list[str] = []
    for path, student in files.items():
        reason = "regrade" if regrade else _why(record, student, digests[path], version, settings, strong)
        if reason:
            to_grade[path] = student
            reasons[student] = reason
        else:
            unchanged.append(student)
    return Plan(to_grade, reasons, unchanged, digests)


def _why(record: Record, student: str, digest: str, version: str, settings: str, strong: bool) -> str:
    """Why the student's copy must be graded again; "" when its entry stands."""
    entry = record.entries.get(student)
    if entry is None:
        return "damaged" if record.is_damaged(student) else "new"
    if entry.sha256 != digest:
        return "changed"
    if entry.grader_version != version:
        return "version"
    if entry.settings != settings:
        return "settings"
    if strong and weakly_isolated(entry.outcome):
        return "isolation"
    return ""


def weakly_isolated(outcome: Any) -> bool:
    """A copy whose code ran where it could read the reference (basic, portable), or under
    an isolation the record does not know: its mark is not one `--require-isolation
    strong` vouches for. A copy no code of which ran (not gradable before running) is not."""
    isolation = getattr(outcome, "isolation", None)
    if isolation is None:
        return bool(getattr(outcome, "graded", False))
    return not isolation.strong
