"""The class workflow of the command line, around `grader.app.api.grade`.

`ClassRun.open` (before anything is graded): the barème, the class record's lock, each
file's student, the files set aside, and which copies must be graded at all.
`ClassRun.views` (once they are): the record updated, then every copy of the class
scored with the barème and the manual points, which every report renders.
`ClassRun.finish`: the pages handed back, the Moodle worksheet, the Pronote table.

Without any class option the run is today's: every file named is graded, and the
reports show what this run graded.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .. import __version__
from ..checking import private_draws
from ..checking.draw_key import record_key
from ..model.results import EXTRA_FILE, NOT_READ
from ..model.settings import Settings
from ..render.sanitize import safe_line
from .config import DEFAULT, BaremeError, BaremeFile, default_bareme_text, find_bareme, read_bareme
from .naming import Roster, add_damaged, name_files
from .text import BAREME_ERROR, RECORD_REASON, tr

if TYPE_CHECKING:
    from ..checking.declare import Exercise, Registry
    from ..model.results import SubmissionResult
    from .manual import ManualMarks
    from .record import Entry, Record, Seen
    from .roster import ClassList

log = logging.getLogger(__name__)


UNCHANGED_LISTED = 10
"""Files named on the command line (not through their folder) but unchanged since they
were graded are listed by name up to this many: the teacher expected them graded."""


class UsageError(Exception):
    """A class option the grader cannot follow: said before anything is graded (exit 2)."""


def print_config(exercise_id: str, exercises: Registry, lang: str, out: TextIO) -> int:
    """`--print-config EXERCISE`: the default barème file, commented."""
    if exercise_id not in exercises:
        raise UsageError(
            BAREME_ERROR(lang, "unknown_exercise", exercise=exercise_id, known=", ".join(exercises))
        )
    out.write(default_bareme_text(exercises[exercise_id], lang))
    return 0


def settings_key(settings: Settings) -> str:
    """What of the settings changes a copy's outcomes, as text: a copy graded with
    others is graded again. The jobs and the language do not; the isolation each copy ran
    under is in its outcome, which `--require-isolation strong` reads (`record.plan`)."""
    values = {
        "exercise": settings.exercise,
        "call_budget": settings.call_budget,
        "cell_budget": settings.cell_budget,
        "all_cells_budget": settings.all_cells_budget,
        "total_budget": settings.total_budget,
        "examples_scale": settings.examples_scale,
    }
    return json.dumps(values, sort_keys=True)


@dataclass
class ClassRun:
    """One run of the command line over a class (see the module docstring)."""

    args: argparse.Namespace
    settings: Settings
    exercises: Registry
    bareme: BaremeFile = DEFAULT
    roster: Roster = field(default_factory=Roster)
    """The files named and their students (`grader.marking.naming`)."""
    record: Record | None = None
    hashes: dict[Path, str] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)
    unchanged: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    """Lines for the teacher, said once the reports are written."""
    to_act: list[str] = field(default_factory=list)
    """Of `messages`, those the teacher must act on: a file of the record damaged, a row
    of the manual table refused (or the table unreadable), a copy whose mark goes nowhere."""
    rescored: int = 0
    """Copies of the record scored with another barème than last time."""
    graded_now: set[str] = field(default_factory=set)
    """The students whose copy this run graded."""
    ignored_baremes: list[Path] = field(default_factory=list)
    """Barème files beside a file named alone: perhaps the student's, never read."""
    classlist: ClassList | None = None
    """The class list (`--roster`, the one the record remembers, or the Moodle worksheet's)."""
    roster_file: Path | None = None
    """The class list's file, when it is one the record remembers (not the worksheet)."""
    listed: dict[str, str] | None = None
    """Once viewed with a class list: each student of the list (shown name -> participant)."""
    interrupted: bool = False
    """Ctrl-C stopped the grading: a manual table is not created from part of the class."""
    shown: dict[str, str] = field(default_factory=dict)
    """Once viewed: the name a row shows (a class list's) -> its entry's key in the record."""

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def class_exercise(self) -> str | None:
        return self.bareme.exercise or self.settings.exercise

    @property
    def students(self) -> dict[Path, str]:
        """The files to grade (after planning: the new and changed ones), with their student."""
        return self.roster.students

    @property
    def files(self) -> list[Path]:
        return list(self.students)

    @property
    def rescoring(self) -> bool:
        """The reports show other marks than grading gives (a barème, manual points, a
        class exercise): a copy's full report is shown once scored for the class."""
        return self.bareme != DEFAULT or self.args.manual is not None or self.class_exercise is not None

    @classmethod
    @contextlib.contextmanager
    def open(cls, args: argparse.Namespace, settings: Settings, exercises: Registry) -> Iterator[ClassRun]:
        """Read the barème, hold the record, name the files and plan what to grade;
        UsageError for anything the teacher must fix first."""
        run = cls(args, settings, exercises)
        if args.results is None:  # a run without a record imports none of its modules
            if args.regrade or args.prune:
                raise UsageError(tr(run.lang, "record.needs_results"))
            run.bareme = run._bareme()
            run.classlist = run._classlist()
            run.roster = name_files(args.paths, run.answers, None)
            run._said_ignored()
            yield run
            return
        from ..model.results import SubmissionResult
        from .lock import RecordBusy
        from .record import Record

        early = args.config is not None or (args.paths and all(p.is_dir() for p in args.paths))
        if early:  # a bad barème is refused before the record's folder is even made
            run.bareme = run._bareme()
        run.record = Record(args.results, SubmissionResult, usable=_scorable)
        try:
            # the record's own key for the private positions (its own file, beside the
            # entries): the same marks wherever the record goes (grader/checking/draw_key.py)
            with run.record.open(), private_draws.keyed(record_key(args.results)):
                if not early:  # files named alone, or none: the record says where the class is
                    run.bareme = run._bareme()
                run.classlist = run._classlist()
                run._manual_table()
                run.roster = name_files(args.paths, run.answers, run.record)
                run._said_ignored()
                run._plan()
                yield run
        except RecordBusy as busy:
            raise UsageError(tr(run.lang, "record.busy", folder=busy.folder, holder=busy.holder)) from None

    def _bareme(self) -> BaremeFile:
        """The teacher's barème (`grader.marking.where`); a report-only run whose record was
        scored with a barème it cannot find again is refused, never marked with the default."""
        from .where import bareme_places

        path = self.args.config
        try:
            if path is None:
                places = bareme_places(self.args.paths, self.record)
                self.ignored_baremes += places.ignored
                path = find_bareme(places.folders)
            if path is None:
                self._refuse_default()
                return DEFAULT
            if not path.is_file():
                raise BaremeError(path, None, "unreadable", error="no such file")
            return read_bareme(path, self.exercises, self.settings.exercise)
        except BaremeError as exc:
            raise UsageError(exc.why(self.lang)) from None

    def _classlist(self) -> ClassList | None:
        """`--roster`, else the list the record's last run used, else the Moodle worksheet's
        participants; a list that cannot be read is a usage error."""
        from .where import remembered_file

        path = self.args.roster
        if path is None and self.record is not None:
            path = remembered_file(self.record, "roster")
        worksheet = self.args.moodle_worksheet
        if path is None and (worksheet is None or not worksheet.is_file()):
            return None
        from .roster import RosterError, decode, parse_class_list, read_class_list

        try:
            if path is not None:
                self.roster_file = path
                return read_class_list(path)
            return parse_class_list(decode(worksheet.read_bytes()), worksheet)
        except RosterError as exc:
            if path is None:  # the worksheet's own error is said by its writer
                return None
            raise UsageError(tr(self.lang, "roster.error", path=path, why=exc.why(self.lang))) from None

    def _manual_table(self) -> None:
        """`--manual`, else the table the record's last run used (a run for the exports
        counts the points the teacher typed), else, for the marking page, the results
        folder's `manuel.csv`; `args.manual` is set to it, which the page reads too."""
        from .where import MANUAL_NAME, remembered_file, remembered_place

        assert self.record is not None
        if self.args.manual is not None:
            return
        remembered = remembered_file(self.record, "manual")
        if remembered is not None:
            self.args.manual = remembered
            self.messages.append(tr(self.lang, "manual.remembered", path=remembered))
            return
        gone = remembered_place(self.record, "manual")
        if gone is not None:  # moved or deleted: the marks count no point typed, and say why
            self.messages.append(tr(self.lang, "manual.remembered_gone", path=gone))
        if getattr(self.args, "serve", False):
            self.args.manual = self.args.results / MANUAL_NAME

    def _refuse_default(self) -> None:
        """With no copy named, a record whose entries were scored with a barème must find it."""
        if self.args.paths or self.record is None:
            return
        if any(e.bareme not in ("", DEFAULT.digest) for e in self.record.entries.values()):
            raise UsageError(tr(self.lang, "bareme.lost", folder=self.record.folder))

    def _said_ignored(self) -> None:
        """The barème files of students' folders, never read, are said."""
        ignored = [*self.ignored_baremes, *self.roster.baremes]
        if ignored:
            names = ", ".join(safe_line(str(path)) for path in dict.fromkeys(ignored))
            self.messages.append(tr(self.lang, "bareme.ignored", files=names))

    def answers(self, path: Path) -> int:
        """How well the file answers the class's exercise (any TD when it is not set), from
        its text: 0 not at all, else the number of the exercise's names it defines (which of
        a student's files to grade: `grader.reading.students.choose_copy`)."""
        from ..reading.recognise import file_text, likely_exercise, matched_names, signatures_of

        text = file_text(path)
        signatures = signatures_of(self.exercises)
        found = likely_exercise(text, signatures)
        if found is None or (self.class_exercise is not None and found != self.class_exercise):
            return 0
        signed = next(s for s in signatures if s.id == found)
        defined = {name: "function" for name in signed.signature if f"def {name}(" in text}
        return max(1, len(matched_names(defined, signed)))

    def at_once(self, result: SubmissionResult) -> SubmissionResult:
        """A copy just graded as the progress line shows it: scored with the class's barème
        and the teacher's rows for it (read only: the table is prepared, checked and
        reported on once every copy is graded), another TD said so."""
        if not self.rescoring:
            return result
        from .rows import rows_of
        from .views import view_of

        student = self._student_of(result)
        exercise = self._exercise_of(result)
        rows = {}
        if self.args.manual is not None and exercise is not None:
            rows = rows_of(self.args.manual, student, exercise, self.bareme)
        entry = self.record.entries.get(student) if self.record is not None else None
        seen = entry.seen if entry is not None else {}
        return view_of(result, exercise, self.bareme, rows, seen, self.class_exercise).result

    def _plan(self) -> None:
        from .record import plan

        assert self.record is not None
        add_damaged(self.roster, self.record, self.answers)
        found = plan(
            self.record,
            self.students,
            __version__,
            settings_key(self.settings),
            regrade=self.args.regrade,
            strong=getattr(self.args, "require_isolation", "any") == "strong",
        )
        self.roster.students = found.to_grade
        self.hashes, self.reasons, self.unchanged = found.hashes, found.reasons, found.unchanged
        for damaged in self.record.damaged:
            line = tr(self.lang, "record.damaged", file=damaged.file, reason=damaged.reason)
            self.messages.append(line)
            self.to_act.append(line)

    def set_aside_results(self) -> list[SubmissionResult]:
        """The files set aside, as copies not graded (no code runs for them)."""
        from ..model.results import SubmissionResult, SubmissionStatus

        return [
            SubmissionResult(
                str(file),
                None,
                SubmissionStatus.NOT_GRADABLE,
                reason=EXTRA_FILE,
                detail=self.roster.chosen.get(file, ""),
                student=label,
            )
            for file, label in self.roster.aside.items()
        ]

    def views(self, graded: list[SubmissionResult]) -> list[SubmissionResult]:
        """What every report shows: this run's copies, or with `--results` the whole
        record (this run's copies written into it first), scored with the barème and
        the manual points."""
        self.graded_now = {self._student_of(r) for r in graded}
        graded = [replace(r, participant=self.roster.participants.get(Path(r.path), "")) for r in graded]
        graded = graded + self.set_aside_results()
        plain = self.bareme == DEFAULT and self.args.manual is None and self.class_exercise is None
        if self.record is None and plain and self.classlist is None:
            return graded  # today's run: the results as graded (and no scoring module imported)
        from .views import raw

        copies: dict[str, tuple[SubmissionResult, Entry | None]]
        stored: tuple[set[str], list[str]] | None = None
        absent: list[str] = []
        if self.record is None:
            copies = {r.student or r.path: (raw(r), None) for r in graded}
        else:
            from .where import remember

            stored = self._store(graded)
            remember(self.record, self.bareme.path, self.roster_file, self.args.manual)
            if self.args.prune:
                self._prune()
            # each copy named where its file is now (the record may have moved), the same
            # way whether it was named alone, by a relative path, or found in its folder
            copies = {
                student: (replace(entry.outcome, path=str(self.record.located(entry.path))), entry)
                for student, entry in sorted(self.record.entries.items(), key=lambda item: item[0].casefold())
            }
            absent = [s for s, (_, e) in copies.items() if e is not None and self.record.absent(e)]
        before = len(self.messages)
        copies = self._on_list(copies)
        self.shown = {student: entry.student for student, (_, entry) in copies.items() if entry is not None}
        # the run's lines name each student as their row does, once the class list placed them
        names = {key: shown for shown, key in self.shown.items()}
        if absent:
            named = ", ".join(names.get(s, s) for s in absent)
            self.messages.insert(before, tr(self.lang, "record.absent", count=len(absent), names=named))
        if stored is not None:
            self.messages[0:0] = self._stored_lines(*stored, names)
        manual = self._manual(copies)
        views = [self._view(student, result, entry, manual) for student, (result, entry) in copies.items()]
        if self.rescored:
            self.messages.append(tr(self.lang, "record.rescored", count=self.rescored))
        return views

    def _on_list(
        self, copies: dict[str, tuple[SubmissionResult, Entry | None]]
    ) -> dict[str, tuple[SubmissionResult, Entry | None]]:
        """With a class list, one row per student of the list, in its order (`grader.marking.onlist`)."""
        if self.classlist is None:
            if self.args.pronote is not None or self.args.moodle_worksheet is not None:
                self.messages.append(tr(self.lang, "roster.from_files"))
            return copies
        from .onlist import on_list

        places = {name: self._place(result, entry) for name, (result, entry) in copies.items()}
        placed = on_list(copies, self.classlist, dict(self.bareme.copies), self.lang, places)
        self.listed = placed.listed
        self.messages += placed.said
        self.to_act += placed.problems
        return placed.rows

    def _place(self, result: SubmissionResult, entry: Entry | None) -> tuple[str, str]:
        """A row's class folder and file: as its record entry names them, else as this run
        found them (real paths); "" for a file named alone."""
        if entry is not None:
            return entry.root, entry.path
        return self.roster.roots.get(Path(result.path), ""), result.path

    def _store(self, graded: list[SubmissionResult]) -> tuple[set[str], list[str]]:
        """This run's copies written into the record; the students graded now, and the
        others the record holds (`_stored_lines` says them)."""
        from .record import Entry, file_hash_or_empty, now
        from .views import raw

        assert self.record is not None
        key = settings_key(self.settings)
        by_path = {str(path): student for path, student in self.students.items()}
        by_path.update({str(path): label for path, label in self.roster.aside.items()})
        for result in graded:
            student = by_path.get(result.path, result.student or result.path)
            path = Path(result.path)
            opened = result.reason not in NOT_READ  # a fifo would block, a link leads out
            digest = (self.hashes.get(path) or file_hash_or_empty(path)) if opened else ""
            root = self.roster.roots.get(path, "")
            entry = Entry(
                student=student,
                path=self.record.where(path, follow=opened),
                root=self.record.where(Path(root)) if root else "",
                sha256=digest,
                grader_version=__version__,
                settings=key,
                graded_at=now(),
                outcome=raw(replace(result, student=student)),
                bareme=self.bareme.digest,
                seen=self.record.entries[student].seen if student in self.record.entries else {},
            )
            if result.reason == EXTRA_FILE:
                entry = self._as_recorded(entry)
                if entry == self.record.entries.get(student):
                    continue  # as it was: not written again
            self.record.put(entry)
        done = {by_path.get(r.path, r.student or r.path) for r in graded if r.reason != EXTRA_FILE}
        others = [
            s for s, e in self.record.entries.items() if s not in done and e.outcome.reason != EXTRA_FILE
        ]
        return done, others

    def _stored_lines(self, done: set[str], others: list[str], names: Mapping[str, str]) -> list[str]:
        """What this run graded and kept, each student by the name their row shows (the
        class list's, when the copy is on it; `names`: record key -> that name)."""
        # Unchanged: named in this run, the same file; kept: not named, taken from the record.
        same = set(self.unchanged)
        unchanged, kept = [x for x in others if x in same], [x for x in others if x not in same]
        summary = tr(self.lang, "record.summary", graded=len(done), unchanged=len(unchanged))
        if kept:
            summary += tr(self.lang, "record.summary_kept", kept=len(kept))
        lines = [summary]
        if done and others:  # what was graded again, and why
            lines += [
                tr(
                    self.lang,
                    "record.graded_line",
                    student=names.get(s, s),
                    why=RECORD_REASON(self.lang, why),
                )
                for s, why in self.reasons.items()
                if s in done
            ]
        alone = [s for s in self.unchanged if s in self.roster.alone]  # named by their file, but the same
        if 0 < len(alone) <= UNCHANGED_LISTED:
            lines += [tr(self.lang, "record.unchanged_line", student=names.get(s, s)) for s in alone]
        return lines

    def _as_recorded(self, entry: Entry) -> Entry:
        """A file set aside, never graded: the same file with the same content keeps its
        entry's time and the path its outcome was named by (a run that changes nothing
        leaves the entry as it was; another barème or copy graded instead is written in)."""
        assert self.record is not None
        before = self.record.entries.get(entry.student)
        if before is None or before.outcome.reason != EXTRA_FILE:
            return entry
        if (before.path, before.sha256) != (entry.path, entry.sha256):
            return entry
        return replace(
            entry, graded_at=before.graded_at, outcome=replace(entry.outcome, path=before.outcome.path)
        )

    def _prune(self) -> None:
        assert self.record is not None
        gone = [s for s, e in self.record.entries.items() if self.record.absent(e)]
        for student in gone:
            self.record.drop(student)
        if gone:
            self.messages.append(tr(self.lang, "record.pruned", count=len(gone), names=", ".join(gone)))

    def _student_of(self, result: SubmissionResult) -> str:
        """The student a result of this run is filed under (results carry their path as
        `str(path)` of the class's own `Path`)."""
        return self.students.get(Path(result.path)) or result.student or result.path

    def _exercise_of(self, result: SubmissionResult) -> Exercise[Any] | None:
        """The declaration a graded copy answers (its package imported now)."""
        if not result.graded or result.exercise is None or result.exercise not in self.exercises:
            return None
        return self.exercises[result.exercise]

    def _manual(self, copies: Mapping[str, tuple[SubmissionResult, Entry | None]]) -> ManualMarks | None:
        """The teacher's rows (`--manual`), checked against the class's copies."""
        if self.args.manual is None:
            return None
        from .rows import read_rows
        from .views import in_class

        class_copies = {
            student: exercise
            for student, (result, _) in copies.items()
            if (exercise := self._exercise_of(result)) is not None and in_class(result, self.class_exercise)
        }
        marks, said, to_act = read_rows(
            self.args.manual, class_copies, self.bareme, self.lang, create=not self.interrupted
        )
        self.messages += said
        self.to_act += to_act
        return marks

    def _view(
        self, student: str, result: SubmissionResult, entry: Entry | None, manual: ManualMarks | None
    ) -> SubmissionResult:
        from .views import view_of

        rows = manual.of(student) if manual is not None else {}
        seen = entry.seen if entry is not None else {}
        view = view_of(
            replace(result, student=student),
            self._exercise_of(result),
            self.bareme,
            rows,
            seen,
            self.class_exercise,
            entry.sha256 if entry is not None else "",
        )
        if self.record is not None and entry is not None:
            self._remember(entry, view.seen)
        return view.result

    def _remember(self, entry: Entry, seen: dict[str, Seen]) -> None:
        """The overrides applied and the barème used, written into the copy's entry when
        they changed (a barème applied to the class rewrites every entry, once)."""
        assert self.record is not None
        if entry.seen == seen and entry.bareme == self.bareme.digest:
            return
        if entry.bareme != self.bareme.digest:
            self.rescored += 1
        self.record.put(replace(entry, seen=seen, bareme=self.bareme.digest), durable=entry.seen != seen)

    def finish(self, views: list[SubmissionResult]) -> list[str]:
        """The pages handed back and the exports; the names of those that failed."""
        from . import outputs

        done = outputs.write(self.args, views, self.lang, self.listed)
        self.messages += done.messages
        return done.failed

    def say(self, out: TextIO | None = None) -> None:
        """Every line for the teacher, on standard error (the reports may be on stdout)."""
        out = out or sys.stderr
        for line in self.messages:
            out.write(safe_line(line) + "\n")


def _scorable(result: SubmissionResult) -> bool:
    """A graded copy is kept with the outcome it is scored from."""
    return not result.graded or result.outcome is not None
