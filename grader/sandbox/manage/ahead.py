"""Workers started ahead of need: a worker's boot runs beside the command line's
imports, or beside the grading of the previous submission, instead of before the first
cell (docs/explanation/performance.md#little-work-before-the-first-cell).

A worker started ahead is a fresh process in which no code has run but the worker's
own; it is handed to one session only and never comes back (a session's worker dies
with it). What its start depends on is its `WorkerKey`: a session asking with another
key gets a new worker and the waiting one is closed (the module's name aside: the
session renames the worker, see `WorkerKey.module_name`).
"""

from __future__ import annotations

import atexit
import itertools
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from ..confine.isolation import PROBE_SECONDS, Isolation
from ..confine.limits import Limits
from .launch import start_worker
from .process import WorkerProcess

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WorkerKey:
    """Everything a worker's start depends on."""

    module_name: str
    """Its module's `__name__`: a worker started with another one is renamed when it is
    taken (`WorkerProcess.renamed`), not closed."""
    limits: Limits
    isolation: Isolation

    def serves(self, other: WorkerKey) -> bool:
        """Whether a worker started with this key may serve a submission of `other`."""
        return self.limits == other.limits and self.isolation is other.isolation


class Ahead:
    """At most one waiting worker, for the next submission of a planned sequence."""

    def __init__(self) -> None:
        self._plan: list[tuple[Path, WorkerKey]] = []
        self._waiting: tuple[WorkerKey, WorkerProcess] | None = None
        self._owner = os.getpid()
        self.guess_next = False
        """When the next submission is not known (a pool's grading process): start one
        with the key of the submission just taken (the next notebook's, most often)."""

    def plan(self, entries: list[tuple[Path, WorkerKey]]) -> None:
        """The submissions about to be graded, in order; the first one's worker starts
        now unless one is already waiting."""
        self._plan = list(entries)
        if self._waiting is None and entries:
            self._start(entries[0][1])

    def take(self, path: Path, key: WorkerKey) -> WorkerProcess | None:
        """The waiting worker when it was started with a key that `serves` `key` and is
        alive (else None: the session starts its own); the next planned submission's
        worker starts now."""
        waiting, self._waiting = self._waiting, None
        following = [k for (p, _), (_, k) in itertools.pairwise(self._plan) if p == path]
        if following or self.guess_next:
            self._start(following[0] if following else key)
        if waiting is None:
            return None
        waiting_key, worker = waiting
        if waiting_key.serves(key) and worker.alive:
            return worker
        worker.close()
        return None

    def started(self, isolation: Isolation) -> bool:
        """Whether a worker in `isolation` waits."""
        return self._waiting is not None and self._waiting[0].isolation is isolation

    def answers(self) -> bool:
        """Whether the waiting worker answers (has booted in its sandbox); False when
        none waits."""
        waiting = self._waiting
        return waiting is not None and waiting[1].answers(PROBE_SECONDS)

    def close(self) -> None:
        """Forget the plan; close the waiting worker (at the end of a run)."""
        self._plan = []
        waiting, self._waiting = self._waiting, None
        if waiting is not None and os.getpid() == self._owner:
            waiting[1].close()

    def _start(self, key: WorkerKey) -> None:
        try:
            worker = start_worker(key.module_name, key.limits, key.isolation)
        except Exception as exc:  # the session will start its own, and report what fails
            log.debug("starting a worker ahead failed: %s", exc)
            return
        self._waiting = (key, worker)

    def forget_in_child(self) -> None:
        """In a forked child: the waiting worker is the parent's (never used here, nor
        removed); only the copies of its channel are closed."""
        waiting, self._waiting = self._waiting, None
        self._plan = []
        self._owner = os.getpid()
        self.guess_next = False
        if waiting is not None:
            worker = waiting[1]
            worker.folder.detach()
            worker.close_descriptors()


AHEAD = Ahead()
"""The process's waiting worker (one submission is graded at a time per process)."""
atexit.register(AHEAD.close)
if hasattr(os, "register_at_fork"):  # POSIX; the portable tier's Windows has no fork
    os.register_at_fork(after_in_child=AHEAD.forget_in_child)
