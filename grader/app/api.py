"""The library entry point: grade files and folders, in parallel when asked."""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..model.results import SubmissionResult, SubmissionStatus
from ..model.settings import Settings
from ..reading.files import (
    SUFFIXES,
    Refused,
    collect,
    collect_all,
    collect_named,
    module_name_of,
    student_names,
)
from ..registry import installed, load_all
from ..sandbox.confine.isolation import Isolation, choose
from ..sandbox.confine.privileges import planned_drop, shield_grader
from ..sandbox.manage.ahead import AHEAD, WorkerKey
from .guard import grade_file_guarded, prepare_process
from .interrupts import INTERRUPTS
from .schedule import start_order
from .startup import tune_collector

if TYPE_CHECKING:
    from ..checking.declare import Registry

__all__ = ["SUFFIXES", "Interrupted", "collect", "collect_named", "grade", "student_names"]

log = logging.getLogger(__name__)


class Interrupted(Exception):
    """Ctrl-C during a batch: carries the results of the submissions already graded."""

    def __init__(self, results: list[SubmissionResult], total: int):
        super().__init__(f"interrupted after {len(results)} of {total} submissions")
        self.results = results
        self.total = total


def grade(
    paths: Iterable[Path],
    settings: Settings,
    on_result: Callable[[SubmissionResult], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    exercises: Registry | None = None,
    students: Mapping[Path, str] | None = None,
    refused: Sequence[Refused] = (),
) -> list[SubmissionResult]:
    """Grade every submission against the `exercises` registry (the installed TDs by
    default: `grader.registry.installed`); results come back in the order of `collect`.

    `on_start(total)` is called once the submissions are known, `on_result` as each
    one is graded. Ctrl-C raises `Interrupted` with what was graded so far.
    `students`: the files to grade with their student, already named (the class
    workflow's), and `refused` what it found and does not read; `paths` is then ignored.
    """
    registry = installed() if exercises is None else exercises
    settings.check_exercise(registry)
    prepare_process()  # before the pool forks: every process inherits it
    if students is not None:  # named by the class workflow, which found what it refused
        named, not_read = dict(students), list(refused)
        found = [*named, *(item.path for item in not_read)]
    else:
        collected = collect_all(paths)
        named, not_read, found = collected.files, collected.refused, collected.order
    files = list(named)
    if on_start is not None:
        on_start(len(found))
    order = {str(f): i for i, f in enumerate(found)}
    results: list[SubmissionResult] = []
    try:
        for result in _not_read(not_read, settings):
            if on_result is not None:
                on_result(result)
            results.append(result)
        for graded in _grade_all(files, settings, registry):
            result = replace(graded, student=named.get(Path(graded.path), Path(graded.path).stem))
            if on_result is not None:
                on_result(result)
            results.append(result)
    except KeyboardInterrupt:
        results.sort(key=lambda r: order.get(r.path, len(order)))
        raise Interrupted(results, len(found)) from None
    return sorted(results, key=lambda r: order.get(r.path, len(order)))


def _not_read(refused: Sequence[Refused], settings: Settings) -> Iterator[SubmissionResult]:
    """A row for each thing of the copies folder that is not read (`files.Refused`)."""
    for item in refused:
        yield SubmissionResult(
            str(item.path),
            settings.exercise,
            SubmissionStatus.NOT_GRADABLE,
            reason=item.reason,
            student=item.name,
        )


_FORKED_REGISTRY: Registry = {}
"""The registry in a forked grading process: inherited, not pickled (checks are closures)."""


def _adopt_registry(exercises: Registry) -> None:
    """The pool's initializer, in each grading process."""
    global _FORKED_REGISTRY
    _FORKED_REGISTRY = exercises
    INTERRUPTS.install()  # the first Ctrl-C stops the copy being graded, and only that
    tune_collector()  # a process that only grades (the API's caller keeps its own)
    # Each submission's worker starts while the previous one is graded; the last one,
    # started for nothing, is closed on the way out (a finalizer: a pool's process
    # exits without running atexit).
    from multiprocessing.util import Finalize

    AHEAD.guess_next = True
    Finalize(AHEAD, AHEAD.close, exitpriority=10)


def _grade_forked(path: Path, settings: Settings) -> SubmissionResult:
    with INTERRUPTS.stoppable():
        return grade_file_guarded(path, settings, _FORKED_REGISTRY)


def _mode_in_force(settings: Settings) -> Isolation | None:
    """The workers' isolation, or None when it cannot work here (nothing is started
    ahead then: grading reports it, file by file)."""
    try:
        return choose(settings.isolation).mode
    except Exception:  # IsolationUnavailable
        return None


def plan_workers(files: list[Path], settings: Settings) -> None:
    """Graded one after the other: each submission's worker starts while the previous
    one is graded (the first one's now, unless the command line started it already)."""
    mode = _mode_in_force(settings)
    if mode is not None:
        AHEAD.plan([(path, WorkerKey(module_name_of(path), settings.limits, mode)) for path in files])


def _prepare_workers(settings: Settings) -> None:
    """Before the pool forks: what every worker of a root grader without bubblewrap
    shares is worked out (and a readable copy of the runtime made) once, not in each
    grading process at once."""
    if _mode_in_force(settings) in (Isolation.LANDLOCK, Isolation.BASIC):
        planned_drop()


def _grade_all(files: list[Path], settings: Settings, exercises: Registry) -> Iterator[SubmissionResult]:
    if settings.jobs == 1 or len(files) <= 1:
        plan_workers(files, settings)
        try:
            for path in files:
                yield grade_file_guarded(path, settings, exercises)
        finally:
            AHEAD.close()
        return
    import multiprocessing  # imports only a parallel batch needs
    from concurrent.futures import ProcessPoolExecutor, as_completed

    AHEAD.close()  # no worker of this process may be copied into the pool's
    shield_grader()  # its workers' grandparent: out of their reach too (the pool inherits it)
    _prepare_workers(settings)
    load_all(exercises)  # every TD imported once, here, not once per grading process
    # Forked children inherit the imported grader, the reference and Hypothesis; with
    # "fork", the initializer's arguments are inherited too, never pickled.
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(
        max_workers=min(settings.jobs, len(files)),
        mp_context=context,
        initializer=_adopt_registry,
        initargs=(exercises,),
    )
    try:
        futures = {pool.submit(_grade_forked, path, settings): path for path in start_order(files)}
        # As they finish, so that the progress bar moves with the slow ones too.
        for future in as_completed(futures):
            try:
                yield future.result()
            except Exception as exc:  # a crashed grading process must not stop the batch
                path = futures[future]
                log.error("grading %s failed: %s", path, exc)
                yield SubmissionResult(
                    str(path),
                    settings.exercise,
                    SubmissionStatus.NOT_GRADABLE,
                    reason="worker_failed",
                    detail=str(exc)[:200],
                )
    except BaseException:
        # Ctrl-C: drop what has not started; the pool's processes get SIGINT too and
        # each kills its student worker on the way out (StudentSession.close).
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # a Ctrl-C sent to the grader alone reaches them too
            if process.is_alive():
                os.kill(process.pid, signal.SIGINT)
        raise
    pool.shutdown(wait=True)
