"""The library entry point: grade files and folders, in parallel when asked."""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .results import SubmissionResult
from .runner import grade_file
from .settings import Settings

log = logging.getLogger(__name__)

SUFFIXES = (".ipynb", ".py")


def collect(paths: Iterable[Path]) -> list[Path]:
    """Submission files: given files, and every .ipynb/.py under given folders
    (hidden files and `.ipynb_checkpoints` skipped), sorted, without repeats."""
    found: dict[Path, None] = {}
    for path in paths:
        if path.is_dir():
            for candidate in sorted(path.rglob("*")):
                parts = candidate.relative_to(path).parts
                if candidate.suffix in SUFFIXES and candidate.is_file() and not any(
                        p.startswith(".") for p in parts):
                    found[candidate] = None
        else:
            found[path] = None
    return list(found)


def grade(paths: Iterable[Path], settings: Settings,
          on_result: Callable[[SubmissionResult], None] | None = None) -> list[SubmissionResult]:
    """Grade every submission; results come back in the order of `collect`."""
    files = collect(paths)
    results = []
    for result in _grade_all(files, settings):
        if on_result is not None:
            on_result(result)
        results.append(result)
    order = {str(f): i for i, f in enumerate(files)}
    return sorted(results, key=lambda r: order.get(r.path, len(order)))


def _grade_all(files: list[Path], settings: Settings) -> Iterator[SubmissionResult]:
    if settings.jobs == 1 or len(files) <= 1:
        for path in files:
            yield grade_file(path, settings)
        return
    # Forked children inherit the imported grader, the reference and Hypothesis.
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=settings.jobs, mp_context=context) as pool:
        futures = [pool.submit(grade_file, path, settings) for path in files]
        for path, future in zip(files, futures):
            try:
                yield future.result()
            except Exception as exc:  # a crashed grading process must not stop the batch
                log.error("grading %s failed: %s", path, exc)
                yield SubmissionResult(str(path), settings.exercise, "not_gradable",
                                       reason="worker_failed", detail=str(exc)[:200])
