"""The class workflow of the command line, around `grader.api.grade`.

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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .. import __version__
from ..files import collect_named, moodle_participant
from ..messages import number, tr
from ..render.sanitize import safe_line
from ..settings import Settings
from .config import DEFAULT, BaremeError, BaremeFile, default_bareme_text, find_bareme, read_bareme

if TYPE_CHECKING:
    from ..checking.declare import Exercise, Registry
    from ..results import SubmissionResult
    from .exports import Mark
    from .manual import ManualMarks
    from .record import Entry, Record, Seen

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
            tr(lang, "bareme.unknown_exercise", exercise=exercise_id, known=", ".join(exercises))
        )
    out.write(default_bareme_text(exercises[exercise_id], lang))
    return 0


def settings_key(settings: Settings) -> str:
    """What of the settings changes a copy's outcomes, as text: a copy graded with
    others is graded again. The isolation, the jobs and the language do not."""
    values = {
        "exercise": settings.exercise,
        "timeout": settings.timeout,
        "cell_timeout": settings.cell_timeout,
        "cells_budget": settings.cells_budget,
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
    students: dict[Path, str] = field(default_factory=dict)
    """The files to grade, with their student, in the order given."""
    roots: dict[Path, str] = field(default_factory=dict)
    """File -> the class folder it was found in ("" when named alone)."""
    aside: dict[Path, str] = field(default_factory=dict)
    """Files not graded: another file of the same student is (file -> label)."""
    record: Record | None = None
    hashes: dict[Path, str] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)
    unchanged: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    """Lines for the teacher, said once the reports are written."""
    rescored: int = 0
    """Copies of the record scored with another barème than last time."""
    graded_now: set[str] = field(default_factory=set)
    """The students whose copy this run graded."""
    alone: set[str] = field(default_factory=set)
    """The students whose file was named on the command line itself."""

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def class_exercise(self) -> str | None:
        return self.bareme.exercise or self.settings.exercise

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
        from ..results import SubmissionResult
        from .record import Record, RecordBusy

        run = cls(args, settings, exercises)
        run.bareme = run._bareme()
        if args.results is None:
            if args.regrade or args.prune:
                raise UsageError(tr(run.lang, "record.needs_results"))
            run._name(args.paths)
            yield run
            return
        run.record = Record(args.results, SubmissionResult, usable=_scorable)
        try:
            with run.record.open():
                run._name(args.paths)
                run._plan()
                yield run
        except RecordBusy as busy:
            raise UsageError(tr(run.lang, "record.busy", folder=busy.folder, holder=busy.holder)) from None

    def _bareme(self) -> BaremeFile:
        path = self.args.config
        try:
            if path is None:
                path = find_bareme(self.args.paths)
            if path is None:
                return DEFAULT
            if not path.is_file():
                raise BaremeError(path, None, "unreadable", error="no such file")
            return read_bareme(path, self.exercises, self.settings.exercise)
        except BaremeError as exc:
            raise UsageError(exc.words(self.lang)) from None

    def answers(self, path: Path) -> bool:
        """Whether the file answers the class's exercise (any TD when it is not set),
        from its text: which of a student's files to grade."""
        from ..detect import signatures_of
        from ..skeleton import file_text, likely_exercise

        found = likely_exercise(file_text(path), signatures_of(self.exercises))
        return found is not None and (self.class_exercise is None or found == self.class_exercise)

    def _name(self, paths: Sequence[Path]) -> None:
        """Each file's student: in a folder, by the folder rule; a file named alone, as the
        record knows it (its path) or as the class folder holding it would name it."""
        known_roots = self.record.roots() if self.record is not None else []
        for path in paths:
            if path.is_dir():
                aside: dict[Path, str] = {}
                named = collect_named([path], self.answers, aside)
                root = str(path.resolve())
            else:
                named, aside, root = self._name_alone(path, known_roots)
                self.alone.update(named.values())
            for file, student in named.items():
                if file in self.students:
                    continue
                if student in self.students.values():
                    student = f"{student}/{file.name}"
                self.students[file] = student
                self.roots[file] = root
            for file, label in aside.items():
                self.aside.setdefault(file, label)
                self.roots.setdefault(file, root)

    def _name_alone(self, path: Path, roots: list[Path]) -> tuple[dict[Path, str], dict[Path, str], str]:
        if self.record is not None:
            student = self.record.student_at(path)
            if student is not None:
                where = self.record.entries[student].root
                return {path: student}, {}, str(self.record.located(where)) if where else ""
        resolved = path.resolve()
        for root in roots:
            if root in resolved.parents:
                aside: dict[Path, str] = {}
                named = {f.resolve(): s for f, s in collect_named([root], self.answers, aside).items()}
                if resolved in named:
                    return {path: named[resolved]}, {}, str(root)
                label = next((lab for f, lab in aside.items() if f.resolve() == resolved), None)
                if label is not None:
                    return {}, {path: label}, str(root)
        return {path: path.stem}, {}, ""

    def at_once(self, result: SubmissionResult) -> SubmissionResult:
        """A copy just graded as the progress line shows it: scored with the class's barème
        (the teacher's rows come once every copy is graded), another TD said so."""
        if not self.rescoring:
            return result
        from .views import view_of

        return view_of(result, self._exercise_of(result), self.bareme, {}, {}, self.class_exercise).result

    def _plan(self) -> None:
        from .record import plan

        assert self.record is not None
        self._add_damaged()
        found = plan(
            self.record, self.students, __version__, settings_key(self.settings), regrade=self.args.regrade
        )
        self.students = found.to_grade
        self.hashes, self.reasons, self.unchanged = found.hashes, found.reasons, found.unchanged
        for damaged in self.record.damaged:
            self.messages.append(tr(self.lang, "record.damaged", file=damaged.file, reason=damaged.reason))

    def _add_damaged(self) -> None:
        """The copies of damaged entries, found in the class folders the record knows,
        graded again on this run even when only another copy was named."""
        assert self.record is not None
        damaged = {d.file for d in self.record.damaged}
        if not damaged:
            return
        named = set(self.students.values())
        for root in self.record.roots():
            if not root.is_dir():
                continue
            for file, student in collect_named([root], self.answers).items():
                if self.record.file_of(student) in damaged and student not in named:
                    self.students[file] = student
                    self.roots[file] = str(root)

    def set_aside_results(self) -> list[SubmissionResult]:
        """The files set aside, as copies not graded (no code runs for them)."""
        from ..results import SubmissionResult

        return [
            SubmissionResult(str(file), None, "not_gradable", reason="extra_file", student=label)
            for file, label in self.aside.items()
        ]

    def views(self, graded: list[SubmissionResult]) -> list[SubmissionResult]:
        """What every report shows: this run's copies, or with `--results` the whole
        record (this run's copies written into it first), scored with the barème and
        the manual points."""
        from .views import raw

        names = {str(path): student for path, student in self.students.items()}
        self.graded_now = {names.get(r.path, r.student or r.path) for r in graded}
        graded = graded + self.set_aside_results()
        copies: dict[str, tuple[SubmissionResult, Entry | None]]
        if self.record is None:
            copies = {r.student or r.path: (raw(r), None) for r in graded}
            if self.bareme == DEFAULT and self.args.manual is None and self.class_exercise is None:
                return graded  # today's run: the results as graded
        else:
            self._store(graded)
            if self.args.prune:
                self._prune()
            copies = {
                student: (entry.outcome, entry)
                for student, entry in sorted(self.record.entries.items(), key=lambda item: item[0].casefold())
            }
            absent = [s for s, (_, e) in copies.items() if e is not None and self.record.absent(e)]
            if absent:
                self.messages.append(
                    tr(self.lang, "record.absent", count=len(absent), names=", ".join(absent))
                )
        manual = self._manual(copies)
        views = [self._view(student, result, entry, manual) for student, (result, entry) in copies.items()]
        if self.rescored:
            self.messages.append(tr(self.lang, "record.rescored", count=self.rescored))
        return views

    def _store(self, graded: list[SubmissionResult]) -> None:
        from .record import Entry, now
        from .views import raw

        assert self.record is not None
        key = settings_key(self.settings)
        by_path = {str(path): student for path, student in self.students.items()}
        by_path.update({str(path): label for path, label in self.aside.items()})
        for result in graded:
            student = by_path.get(result.path, result.student or result.path)
            path = Path(result.path)
            digest = self.hashes.get(path) or _hash_or_empty(path)
            root = self.roots.get(path, "")
            self.record.put(
                Entry(
                    student=student,
                    path=self.record.where(path),
                    root=self.record.where(Path(root)) if root else "",
                    sha256=digest,
                    grader_version=__version__,
                    settings=key,
                    graded_at=now(),
                    outcome=raw(replace(result, student=student)),
                    bareme=self.bareme.digest,
                    seen=self.record.entries[student].seen if student in self.record.entries else {},
                )
            )
        done = {by_path.get(r.path, r.student or r.path) for r in graded if r.reason != "extra_file"}
        others = [
            s for s, e in self.record.entries.items() if s not in done and e.outcome.reason != "extra_file"
        ]
        self.messages.insert(0, tr(self.lang, "record.summary", graded=len(done), unchanged=len(others)))
        if done and others:  # what was graded again, and why
            lines = [
                tr(self.lang, "record.graded_line", student=s, why=tr(self.lang, f"record.reason.{why}"))
                for s, why in self.reasons.items()
                if s in done
            ]
            self.messages[1:1] = lines
        alone = [s for s in self.unchanged if s in self.alone]  # named by their file, but the same
        if 0 < len(alone) <= UNCHANGED_LISTED:
            at = 1 + sum(1 for s in self.reasons if s in done and done and others)
            self.messages[at:at] = [tr(self.lang, "record.unchanged_line", student=s) for s in alone]

    def _prune(self) -> None:
        assert self.record is not None
        gone = [s for s, e in self.record.entries.items() if self.record.absent(e)]
        for student in gone:
            self.record.drop(student)
        if gone:
            self.messages.append(tr(self.lang, "record.pruned", count=len(gone), names=", ".join(gone)))

    def _exercise_of(self, result: SubmissionResult) -> Exercise[Any] | None:
        """The declaration a graded copy answers (its package imported now)."""
        if result.status != "graded" or result.exercise is None or result.exercise not in self.exercises:
            return None
        return self.exercises[result.exercise]

    def _manual(self, copies: Mapping[str, tuple[SubmissionResult, Entry | None]]) -> ManualMarks | None:
        if self.args.manual is None:
            return None
        from .manual import ManualFileError, check_rows, prepare, side_file
        from .views import in_class, slots

        class_copies = {
            student: exercise
            for student, (result, _) in copies.items()
            if in_class(result, self.class_exercise) and (exercise := self._exercise_of(result)) is not None
        }
        per_student = {student: slots(exercise, self.bareme) for student, exercise in class_copies.items()}
        manual_questions = list(
            dict.fromkeys(
                q for questions in per_student.values() for q, slot in questions.items() if slot.manual
            )
        )
        try:
            done, sources = prepare(self.args.manual, list(class_copies), manual_questions, self.lang)
            marks = check_rows(sources, per_student)
        except ManualFileError as exc:
            self.messages.append(exc.words(self.lang))
            return None
        path = self.args.manual
        if done.created:
            count = len(class_copies) * len(manual_questions)
            self.messages.append(tr(self.lang, "manual.created", path=path, rows=count))
        if done.side_written:
            side = side_file(path)
            self.messages.append(
                tr(self.lang, "manual.side_written", count=done.side_written, path=path, side=side)
            )
        if done.side_kept:
            self.messages.append(tr(self.lang, "manual.side_kept", side=sources[-1][0]))
        if done.missing:
            self.messages.append(tr(self.lang, "manual.missing", path=path, names=", ".join(done.missing)))
        for refused in marks.refused:
            row = refused.row
            why = tr(
                self.lang,
                f"manual.refused.{refused.reason}",
                student=row.student,
                question=row.question,
                points=row.points_text,
                detail=refused.detail,
            )
            self.messages.append(tr(self.lang, "manual.refused", path=refused.source, line=row.line, why=why))
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
        failed = []
        for name, target, write in self._writers(views):
            try:
                write()
            except Exception as exc:  # a bad path, a worksheet that is not one: the others still go
                failed.append(name)
                log.debug("writing %s failed", name, exc_info=True)
                self.messages.append(safe_line(tr(self.lang, "write_failed", path=target, error=exc))[:500])
        return failed

    def _writers(self, views: list[SubmissionResult]) -> Iterator[tuple[str, Path, Callable[[], None]]]:
        if self.args.release is not None:
            yield "release", self.args.release, lambda: self._release(views)
        if self.args.moodle_worksheet is not None:
            yield "moodle", self.args.moodle_worksheet, lambda: self._moodle(views)
        if self.args.pronote is not None:
            yield "pronote", self.args.pronote, lambda: self._pronote(views)

    def _release(self, views: list[SubmissionResult]) -> None:
        from .release import write_release

        written = write_release(views, self.args.release, self.lang)
        self.messages.append(tr(self.lang, "release.written", path=self.args.release, count=written))

    def marks(self, views: list[SubmissionResult]) -> list[Mark]:
        from .exports import Mark

        scale = self.bareme.scale
        return [
            Mark(
                view.student,
                participant[1] if (participant := moodle_participant(Path(view.path))) else None,
                view.mark20 * scale / 20 if view.has_mark else None,
                scale,
                self._summary(view),
            )
            for view in views
            if view.reason != "extra_file"
        ]

    def _summary(self, view: SubmissionResult) -> str:
        if not view.has_mark:
            return ""
        mark, scale = self._number(view.mark20 * self.bareme.scale / 20), self._number(self.bareme.scale)
        lines = [tr(self.lang, "feedback.mark", mark=mark, scale=scale)]
        review = [q.id for q in view.questions if q.to_review]
        if review:
            lines.append(tr(self.lang, "feedback.review", questions=", ".join(review)))
        return "\n".join(lines)

    def _number(self, value: float) -> str:
        """A number in a sentence of the run's language (the decimal comma in French)."""
        return number(value).replace(".", ",") if self.lang == "fr" else number(value)

    def _moodle(self, views: list[SubmissionResult]) -> None:
        from .atomic import write_text_atomic
        from .exports import WorksheetError, fill_worksheet

        source: Path = self.args.moodle_worksheet
        text = source.read_bytes().decode("utf-8", "replace")
        try:
            filled = fill_worksheet(text, self.marks(views))
        except WorksheetError as exc:
            why = tr(self.lang, f"moodle.error.{exc.reason}", detail=exc.detail)
            raise ValueError(tr(self.lang, "moodle.error", path=source, why=why)) from None
        target = source.with_name(source.stem + ".rempli" + source.suffix)
        write_text_atomic(target, filled.text)
        self.messages.append(tr(self.lang, "moodle.filled", path=target, count=len(filled.filled)))
        if filled.unmatched:
            self.messages.append(tr(self.lang, "moodle.unmatched", names=", ".join(filled.unmatched)))
        if filled.no_mark:
            self.messages.append(tr(self.lang, "moodle.no_mark", names=", ".join(filled.no_mark)))
        if not filled.feedback_column:
            self.messages.append(tr(self.lang, "moodle.no_feedback"))

    def _pronote(self, views: list[SubmissionResult]) -> None:
        from .atomic import write_text_atomic
        from .exports import render_pronote

        write_text_atomic(self.args.pronote, render_pronote(self.marks(views)))
        self.messages.append(tr(self.lang, "pronote.written", path=self.args.pronote))

    def say(self, out: TextIO | None = None) -> None:
        """Every line for the teacher, on standard error (the reports may be on stdout)."""
        out = out or sys.stderr
        for line in self.messages:
            out.write(safe_line(line) + "\n")


def _scorable(result: SubmissionResult) -> bool:
    """A graded copy is kept with the outcome it is scored from."""
    return result.status != "graded" or result.outcome is not None


def _hash_or_empty(path: Path) -> str:
    from .record import file_hash

    try:
        return file_hash(path)
    except OSError:
        return ""
