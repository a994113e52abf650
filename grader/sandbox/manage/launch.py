"""Starting a worker for the isolation in force: the portable tier starts its own
(no descriptor passing, no `preexec_fn`, no `/proc`); every other tier starts a
sandboxed `WorkerProcess`. Both then speak the same protocol."""

from __future__ import annotations

from ..confine.isolation import Isolation
from ..confine.limits import Limits
from .process import WorkerProcess


def start_worker(module_name: str, limits: Limits, isolation: Isolation) -> WorkerProcess:
    """A new worker running `module_name`'s code under `isolation` and `limits`."""
    if isolation is Isolation.PORTABLE:
        from .portable import PortableWorker  # its threads and queues: only where it serves

        return PortableWorker.launch(module_name, limits)
    return WorkerProcess.start(module_name, limits, isolation)
