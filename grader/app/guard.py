"""The last-resort guard around the grading of one submission.

Whatever escapes the grader's own handling (a bug, an exhausted resource, a value the
decoders did not foresee) becomes a `not_gradable` report for that submission alone,
naming the grader's version and the exception so it can be reported; the rest of the
class is graded and every report is written. Used alike with `--jobs 1` and `--jobs N`.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
import time
from pathlib import Path

from .. import __version__
from ..cachedir import cache_folder
from ..checking.declare import Registry
from ..model.results import SubmissionResult, SubmissionStatus
from ..model.settings import Settings
from .runner import grade_file

log = logging.getLogger(__name__)

DETAIL_CHARS = 300


def crash_detail(exc: BaseException) -> str:
    """`minimax-grader 0.2.0: RecursionError: maximum recursion depth exceeded`, capped."""
    try:
        text = str(exc)
    except Exception:  # an exception whose __str__ itself fails
        text = "?"
    return f"minimax-grader {__version__}: {type(exc).__name__}: {text}"[:DETAIL_CHARS]


def grader_error_result(
    path: Path, settings: Settings, exc: BaseException, seconds: float
) -> SubmissionResult:
    return SubmissionResult(
        str(path),
        settings.exercise,
        SubmissionStatus.NOT_GRADABLE,
        reason="grader_error",
        detail=crash_detail(exc),
        duration_s=round(seconds, 3),
    )


@functools.lru_cache(maxsize=1)
def prepare_process() -> None:
    """Once per grading process (before forking): Hypothesis keeps its files in a cache
    folder, not in a `.hypothesis/` of the user's current directory.

    Through the variable Hypothesis reads on first use when it is not imported yet: it is
    imported only to shrink a failure, so most runs never pay for its import."""
    if "hypothesis" in sys.modules:
        from hypothesis.configuration import set_hypothesis_home_dir

        set_hypothesis_home_dir(cache_folder("hypothesis"))
    else:  # the worker's environment is built from nothing: this stays in the grader
        os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(cache_folder("hypothesis")))


def grade_file_guarded(path: Path, settings: Settings, exercises: Registry | None = None) -> SubmissionResult:
    """`grade_file`, but never raises (Ctrl-C aside): see the module docstring."""
    prepare_process()
    start = time.monotonic()
    try:
        return grade_file(path, settings, exercises)
    except Exception as exc:  # MemoryError and RecursionError are Exceptions too
        log.error(
            "grading %s failed inside the grader: %s",
            path,
            crash_detail(exc),
            exc_info=log.isEnabledFor(logging.DEBUG),
        )
        return grader_error_result(path, settings, exc, time.monotonic() - start)
