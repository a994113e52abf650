"""The class held in memory for the marking page: what every page reads, and the one
place a mark is saved.

A `Snapshot` is the class as a report-only run sees it: `ClassRun.open` on the serving
run's arguments with no file named, then `views([])`: the record's entries read, the
teacher's rows read and checked, every copy scored by the pure pass, the overrides
remembered in the record. No worker can start there: nothing is graded. The desk
watches the files the snapshot came from (the manual table and its side file, the
barème, the record's folder) and builds a new snapshot when one changes on disk, so a
spreadsheet's save, a barème's new rubric or a copy graded in another terminal shows at
once. A file that cannot be read keeps the last good snapshot, said on the page. Of what
a reading says, the page keeps only what the teacher must act on (`to_act`); what the
run the teacher launched said is kept apart (`launched`), as it said it
(docs/explanation/marking-page.md).

Saving a mark: the row the page showed (`base`) must still be the file's, else nothing
is written and the page says what the file now holds; the row is written with
`grader.marking.manual_edit` (atomically, refused if the file changed since it was
read), then the class is re-scored (docs/explanation/marking-page.md).
"""

from __future__ import annotations

import argparse
import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..atomic import write_text_atomic
from ..marking.config import DEFAULT, BaremeFile, question_points
from ..marking.manual import ManualFileError, ManualRow, parse_points, read_manual, render_table, side_file
from ..marking.manual_edit import Cells, EditError, cells_of, delimiter_of, digest, edit_file, typed_cells
from ..marking.record import ENTRIES, Entry
from ..marking.rubric import RubricItem, rubric_points
from ..marking.text import MANUAL_REFUSED
from ..marking.workflow import ClassRun, UsageError
from ..model.results import QuestionResult, QuestionStatus, SubmissionResult
from ..model.text import number
from ..render.html_report import page_names
from .text import tr

if TYPE_CHECKING:
    from ..checking.declare import Exercise, Registry
    from ..model.settings import Settings

log = logging.getLogger(__name__)

READS = 3
"""Times the class is read while its files keep changing under it, before it is kept."""
FILTERS = ("a-noter", "a-revoir", "modifiees", "toutes")
"""The lists of answers of a question: not graded yet, to review, changed since graded, all."""


@dataclass(frozen=True)
class Copy:
    """One student of the class as the page shows them."""

    student: str
    slug: str
    """Their page's name (`page_names`: ASCII, unique): their address on the page."""
    view: SubmissionResult
    """Their copy scored for the class (what every report shows)."""
    exercise: Exercise[Any] | None
    file: Path | None
    """The copy's file as it is now; None when it is no longer there."""
    sha: str = ""
    """The copy's content when it was graded."""
    seen: Mapping[str, Any] = field(default_factory=dict)

    def question(self, qid: str) -> QuestionResult | None:
        return next((q for q in self.view.questions if q.id == qid), None)


@dataclass(frozen=True)
class Placed:
    """A row of the teacher's files, and which file holds it."""

    path: Path
    row: ManualRow


@dataclass(frozen=True)
class Snapshot:
    """The class at one moment: every page of a request reads one snapshot."""

    version: int = 0
    copies: tuple[Copy, ...] = ()
    bareme: BaremeFile = DEFAULT
    rows: Mapping[tuple[str, str], Placed] = field(default_factory=dict)
    """(student, question) -> the row as typed ("" question: the whole copy)."""
    to_act: tuple[str, ...] = ()
    """What this reading found that the teacher must act on (a row refused, a file of the
    record damaged, a copy whose mark goes nowhere); its other lines (the copies taken from
    the record, the students still without points) are the page's own business."""
    problem: str = ""
    """Why the last reading failed ("" when it did not): the page says it."""

    def copy(self, slug: str) -> Copy | None:
        return next((c for c in self.copies if c.slug == slug), None)

    @property
    def graded(self) -> list[Copy]:
        """The copies with a mark (the students a question may be graded for)."""
        return [c for c in self.copies if c.view.graded and c.exercise is not None]

    def manual_questions(self) -> list[QuestionResult]:
        """The questions graded by hand that are worth points, once each, in sheet order."""
        found: dict[str, QuestionResult] = {}
        for copy in self.graded:
            for q in copy.view.questions:
                if q.status is QuestionStatus.MANUAL and q.max_score:
                    found.setdefault(q.id, q)
        return list(found.values())

    def unpriced_manual(self) -> list[str]:
        """The questions graded by hand the barème gives no points (their ids, in sheet
        order): what the class page suggests pricing when no question is marked here."""
        found: dict[str, None] = {}
        for copy in self.graded:
            for q in copy.view.questions:
                if q.status is QuestionStatus.MANUAL and not q.max_score:
                    found.setdefault(q.id)
        return list(found)

    def cells(self, student: str, qid: str) -> Cells:
        placed = self.rows.get((student, qid))
        return cells_of(placed.row if placed else None)

    def state(self, copy: Copy, qid: str) -> set[str]:
        """Which lists an answer is in: `a-noter`, `a-revoir`, `modifiees` (and `toutes`)."""
        question = copy.question(qid)
        if question is None:
            return set()
        found = {"toutes"}
        if question.override is None:
            found.add("a-noter")
        if question.review or copy.view.review or not copy.view.answers.get(qid):
            found.add("a-revoir")
        seen = copy.seen.get(qid)
        if question.override is not None and seen is not None and seen.copy and seen.copy != copy.sha:
            found.add("modifiees")
        return found

    def answers(self, qid: str, wanted: str = "toutes") -> list[Copy]:
        return [c for c in self.graded if wanted in self.state(c, qid)]

    def progress(self, qid: str) -> tuple[int, int]:
        """(answers graded, answers) of a question."""
        every = self.answers(qid)
        return len(every) - len([c for c in every if "a-noter" in self.state(c, qid)]), len(every)

    def next_answer(self, qid: str, after: str, wanted: str = "a-noter") -> Copy | None:
        """The next answer in the list `wanted` after the student `after`, in the class's
        order, from the start again; None when the list is empty (or only `after`)."""
        order = self.answers(qid)
        slugs = [c.slug for c in order]
        start = slugs.index(after) + 1 if after in slugs else 0
        for copy in order[start:] + order[:start]:
            if copy.slug != after and wanted in self.state(copy, qid):
                return copy
        return None

    def rubric(self, qid: str) -> tuple[RubricItem, ...]:
        return self.bareme.rubric(qid)


@dataclass(frozen=True)
class Typed:
    """What the teacher typed on the page for one question of one copy."""

    points: str = ""
    comment: str = ""
    private: bool = False
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Saved:
    """What a save did: `saved`, or `conflict` (the row changed in the file: `current`
    is what it holds now), `refused` (`message` says why), `unknown` (no such copy or
    question)."""

    status: str
    message: str = ""
    current: Cells | None = None


class Desk:
    """The snapshot of the class, kept up to date, and the saves (one at a time)."""

    def __init__(
        self,
        args: argparse.Namespace,
        settings: Settings,
        exercises: Registry,
        changed: Callable[[Snapshot], None] | None = None,
        launched: Sequence[str] = (),
    ):
        """`args`: the serving run's; `changed`: called with each new snapshot (the
        reports are written again from it); `launched`: what that run said to the teacher."""
        self.launched = tuple(launched)
        self.settings = settings
        self.exercises = exercises
        self.lang = settings.lang
        self.manual: Path = args.manual
        self.results: Path = args.results
        self.args = args
        self.changed = changed
        self.snapshot = Snapshot()
        self._lock = threading.RLock()
        self._stats: dict[Path, tuple[int, int] | None] = {}
        self._digests: dict[Path, str] = {}
        self._bareme: Path | None = args.config
        """The barème file of the last reading (the run finds it: --config, the folders
        named, or those the record knows)."""
        self._outside: tuple[int, tuple[str, ...]] = (0, ())
        """The snapshot built because files changed behind the page, and their names."""

    # -- reading ----------------------------------------------------------------------------
    def watched(self) -> list[Path]:
        """The files the class is read from: the manual table and its side file, the
        record's entries, the barème the last reading found."""
        files = [self.manual, side_file(self.manual), self.results / ENTRIES]
        return files + ([self._bareme] if self._bareme is not None else [])

    def refresh(self) -> bool:
        """Build a new snapshot when a watched file changed on disk; whether one was built."""
        with self._lock:
            changed = tuple(p.name for p in self.watched() if _stat(p) != self._stats.get(p))
            if self.snapshot.version and not changed:
                return False
            first = not self.snapshot.version
            self.rescore()
            if not first:
                self._outside = (self.snapshot.version, changed)
            return True

    def banner(self) -> str:
        """What the page says on top: files changed behind it (just read again), the
        table open in a spreadsheet (its next save will replace the file)."""
        said = []
        version, names = self._outside
        if names and version == self.snapshot.version:
            shown = [ENTRIES if name == ENTRIES else name for name in names]
            said.append(tr(self.lang, "serve.reloaded", files=", ".join(shown)))
        if any(lock.exists() for lock in spreadsheet_locks(self.manual)):
            said.append(tr(self.lang, "serve.spreadsheet_open", path=self.manual.name))
        return " ".join(said)

    def rescore(self) -> None:
        """The class scored again from the record and the teacher's files (no student
        code runs); the last good snapshot stays when they cannot be read."""
        with self._lock:
            try:
                snapshot, digests = self._read_stable()
            except (UsageError, ManualFileError, OSError) as exc:
                problem = exc.why(self.lang) if isinstance(exc, ManualFileError) else str(exc)
                log.info("the class could not be read again: %s", problem)
                self.snapshot = _with_problem(self.snapshot, problem)
                self._stats = {path: _stat(path) for path in self.watched()}
                return
            self._stats = {path: _stat(path) for path in self.watched()}  # our own writes in
            self._digests = digests
            self.snapshot = snapshot
        if self.changed is not None:
            self.changed(snapshot)

    def _read_stable(self) -> tuple[Snapshot, dict[Path, str]]:
        """A snapshot and the digests of the teacher's files it was read from: read again
        when they changed while it was read (the run made the table, a spreadsheet saved),
        so that a save is never checked against a file other than the one shown."""
        tables = (self.manual, side_file(self.manual))
        before = {path: _digest(path) for path in tables}
        for _ in range(READS):
            snapshot = self._read()
            after = {path: _digest(path) for path in tables}
            if after == before:
                break
            before = after
        return snapshot, after

    def _read(self) -> Snapshot:
        args = argparse.Namespace(**{**vars(self.args), "paths": [], "regrade": False, "prune": False})
        with ClassRun.open(args, self.settings, self.exercises) as run:
            views = run.views([])
            # By the row's name (a class list's too), as the view left them (what it saw).
            kept = run.record.entries if run.record is not None else {}
            entries: dict[str, Entry] = {s: kept[key] for s, key in run.shown.items() if key in kept}
            located = {s: run.record.located(e.path) for s, e in entries.items()} if run.record else {}
            bareme, to_act = run.bareme, tuple(run.to_act)
        self._bareme = bareme.path
        copies = []
        for view, slug in zip(views, page_names(views), strict=True):
            entry = entries.get(view.student)
            file = located.get(view.student)
            copies.append(
                Copy(
                    view.student,
                    slug.removesuffix(".html"),
                    view,
                    self._exercise(view),
                    file if file is not None and file.is_file() else None,
                    entry.sha256 if entry is not None else "",
                    entry.seen if entry is not None else {},
                )
            )
        return Snapshot(self.snapshot.version + 1, tuple(copies), bareme, self._rows(), to_act)

    def _exercise(self, view: SubmissionResult) -> Exercise[Any] | None:
        """The declaration a graded copy answers; None for a copy not graded."""
        if not view.graded or view.exercise is None or view.exercise not in self.exercises:
            return None
        return self.exercises[view.exercise]

    def _rows(self) -> dict[tuple[str, str], Placed]:
        """The rows as typed, the teacher's table first, then the side file: the row the
        page shows and changes for each student and question."""
        rows: dict[tuple[str, str], Placed] = {}
        for path in (self.manual, side_file(self.manual)):
            if not path.exists():
                continue
            for row in read_manual(path):
                key = (row.student, row.question)
                if key not in rows or (row.typed and not rows[key].row.typed):
                    rows[key] = Placed(path, row)
        return rows

    # -- writing ----------------------------------------------------------------------------
    def save(self, slug: str, qid: str, typed: Typed, base: str) -> Saved:
        """Write what the teacher typed for the question `qid` ("" the whole copy) of the
        copy `slug`, if its row is still `base` in the file (see the module docstring)."""
        with self._lock:
            self.refresh()
            snapshot = self.snapshot
            copy = snapshot.copy(slug)
            if copy is None or copy.exercise is None or (qid and copy.question(qid) is None):
                return Saved("unknown", tr(self.lang, "serve.unknown"))
            current = snapshot.cells(copy.student, qid)
            if snapshot.problem:  # the files do not read: nothing is written until they do
                return Saved("refused", snapshot.problem, current)
            if current.base != base:
                return Saved("conflict", self._conflict(current, typed), current)
            refused = self._refusal(copy, qid, typed)
            if refused:
                return Saved("refused", refused, current)
            placed = snapshot.rows.get((copy.student, qid))
            target = placed.path if placed is not None else self.manual
            try:
                self._write(target, copy.student, qid, typed)
            except EditError as exc:
                if exc.reason == "changed":
                    self.rescore()
                    now = self.snapshot.cells(copy.student, qid)
                    return Saved("conflict", self._conflict(now, typed, changed=target), now)
                return Saved("refused", exc.why(self.lang), current)
            self.rescore()
            return Saved("saved", tr(self.lang, "serve.saved", path=target.name))

    def _write(self, target: Path, student: str, qid: str, typed: Typed) -> None:
        if not target.exists() and not self._digests.get(target):
            write_text_atomic(target, render_table([], self.lang))  # gone: the table made again
            self._digests[target] = _digest(target)
        text = target.read_bytes().decode("utf-8-sig", "replace") if target.exists() else ""
        cells = typed_cells(typed.points, typed.comment, typed.private, typed.items, delimiter_of(text))
        edit_file(target, self._digests.get(target, ""), student, qid, cells, self.lang)

    def _refusal(self, copy: Copy, qid: str, typed: Typed) -> str:
        """Why what was typed cannot be written ("" when it can)."""
        if not qid:
            return tr(self.lang, "serve.whole_copy_points") if typed.points.strip() or typed.items else ""
        assert copy.exercise is not None
        question = next(q for q in copy.exercise.questions if q.id == qid)
        most = question_points(self.snapshot.bareme, question)
        try:
            points = parse_points(typed.points)
        except ValueError:
            return MANUAL_REFUSED(self.lang, "number", points=typed.points)
        if points is not None and not 0 <= points <= most + 1e-9:
            return MANUAL_REFUSED(
                self.lang, "range", points=typed.points, detail=number(most, self.lang), question=qid
            )
        known = {item.key for item in self.snapshot.rubric(qid)}
        unknown = [key for key in typed.items if key not in known]
        if unknown:
            return MANUAL_REFUSED(self.lang, "items", detail=", ".join(unknown), question=qid)
        return ""

    def _conflict(self, now: Cells, typed: Typed, changed: Path | None = None) -> str:
        shown = now.points or (" + ".join(now.items) if now.items else "—")
        mine = typed.points or (" + ".join(typed.items) if typed.items else "—")
        key = "serve.conflict_file" if changed is not None else "serve.conflict"
        return tr(self.lang, key, path=(changed or self.manual).name, now=shown, typed=mine)

    def item_points(self, qid: str, keys: Sequence[str], most: float) -> float:
        return rubric_points(keys, self.snapshot.rubric(qid), most)


def spreadsheet_locks(path: Path) -> tuple[Path, ...]:
    """The files a spreadsheet keeps beside a file it has open: LibreOffice's
    `.~lock.NAME#`, Excel's `~$NAME`."""
    return path.with_name(f".~lock.{path.name}#"), path.with_name(f"~${path.name}")


def _with_problem(snapshot: Snapshot, problem: str) -> Snapshot:
    return Snapshot(
        snapshot.version + 1, snapshot.copies, snapshot.bareme, snapshot.rows, snapshot.to_act, problem
    )


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size


def _digest(path: Path) -> str:
    try:
        return digest(path.read_bytes())
    except OSError:
        return ""
