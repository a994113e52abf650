"""How the command line starts and ends quickly: its process grades, prints and exits,
so what it pays before the first cell and after the last report is worth arranging.

`prepare` runs before grading, in this order:
- the first worker (and the bubblewrap probe) start before the engine's heavy imports,
  so that the worker boots beside them (`start_early`);
- the engine is imported, then the TDs grading will use (`import_exercises`), still
  while that worker boots rather than after its cells;
- what was imported lives until the exit: it is moved out of the cyclic collector's
  passes (`gc.freeze`), and the collector runs less often (`tune_collector`).

`exit_now` ends the process without the interpreter's teardown of all that.

Why each step, and where its figures are: docs/explanation/performance.md (the early
start, the TDs imported beside the worker's boot, `gc.freeze` and the exit:
#little-work-before-the-first-cell; the collector: #both-cores-busy-in-a-batch).

Only the command line's process does this (`grader.app.api.grade` leaves its caller's
process as it is).
"""

from __future__ import annotations

import atexit
import gc
import importlib
import logging
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from ..model.settings import Settings
from ..reading.files import module_name_of
from ..sandbox.confine.isolation import Isolation, likely, start_probe, witness

if TYPE_CHECKING:
    from ..checking.declare import Registry

log = logging.getLogger(__name__)

ENGINE = ("grader.app.api", "grader.render.progress", "grader.render.terminal")
"""What grading and the terminal's report import (the checks, the reference's helpers,
Hypothesis' settings...): imported by `prepare` once the first worker is under way."""
GC_THRESHOLD = (10_000, 20, 20)
"""The cyclic collector's thresholds in a grading process (Python's are 700, 10, 10).
Grading makes many short-lived containers (requests, replies, boards) beside the
reference's caches, which live until the exit: with Python's, the collector runs
hundreds of times over a class, each pass walking those caches again. What waits longer
for a collection is the grader's own garbage (a few MB)."""


def prepare(files: list[Path], settings: Settings, exercises: Registry) -> None:
    """Everything before grading `files`, in the order that lets the first worker boot
    beside the imports (see the module's docstring). Once per process: its entry point."""
    start_early(files, settings)
    for module in ENGINE:
        importlib.import_module(module)
    import_exercises(settings, files, exercises)
    gc.freeze()  # what is imported now lives until the exit: the collector need not walk it
    tune_collector()  # inherited by a pool's grading processes


def start_early(files: list[Path], settings: Settings) -> None:
    """Before the heavy imports: the worker of a submission graded in this process (one
    file, or `--jobs 1`), in the isolation the probe will most likely confirm (a worker
    started in another is closed unused), and the bubblewrap probe, unless that worker
    is a bubblewrap one: its answer is the probe's verdict (`isolation.witness`)."""
    if files and (settings.jobs == 1 or len(files) == 1):
        from ..sandbox.manage.ahead import AHEAD, WorkerKey

        mode = likely(settings.isolation)
        if mode is not None:
            AHEAD.plan([(files[0], WorkerKey(module_name_of(files[0]), settings.limits, mode))])
            if AHEAD.started(Isolation.BUBBLEWRAP):
                witness(AHEAD.answers)
    if settings.isolation in ("auto", "bubblewrap"):
        start_probe()


def import_exercises(settings: Settings, files: list[Path], exercises: Registry) -> None:
    """The TDs grading will use, imported while the first worker boots rather than once
    its cells have run: the forced one; for one file, the one its text most likely
    answers (detection, after the cells, imports another if it finds another); else all
    of them (a class: the pool's processes share them)."""
    try:
        if settings.exercise:
            exercises[settings.exercise]
        elif len(files) == 1 and (guess := _likely_exercise(files[0], exercises)) is not None:
            exercises[guess]
        else:
            from ..registry import load_all

            load_all(exercises)
    except Exception:  # a TD that fails to import: grading reports it, submission by submission
        log.debug("importing the exercises failed", exc_info=True)


def _likely_exercise(path: Path, exercises: Registry) -> str | None:
    from ..reading.recognise import file_text, likely_exercise, signatures_of

    return likely_exercise(file_text(path), signatures_of(exercises))


def tune_collector() -> None:
    """In a process that only grades (the command line, a pool's grading process)."""
    gc.set_threshold(*GC_THRESHOLD)


def exit_now(code: int) -> None:
    """End the process at once with `code`, without the interpreter's teardown, which
    frees the imported grader, reference and reports object by object for a process
    that ends anyway. The atexit handlers run first (logging, multiprocessing, a worker
    started ahead) and the output is flushed. Returns, for the normal exit, while
    another thread runs (it would be cut short) or when the output cannot be flushed (a
    closed pipe: reported as usual)."""
    if threading.active_count() != 1 or not _flushed():
        return
    atexit._run_exitfuncs()
    _flushed()  # when it fails, the handlers' own output, if any, is what is lost
    os._exit(code)


def _flushed() -> bool:
    """Whether standard output and error could be flushed (not a closed pipe)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return False
    return True
