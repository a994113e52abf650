"""Files the grader keeps beside its own code to start faster (the worker's bytecode,
the compiled seccomp program): written whole or not at all."""

from __future__ import annotations

import logging
from pathlib import Path

from ...atomic import write_atomic

log = logging.getLogger(__name__)


def write_whole(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all (a concurrent run reads either the old file or
    the new one); a folder the grader may not write is no error: the next run compiles."""
    try:
        path.parent.mkdir(exist_ok=True)
        # as Python's own .pyc files: any user of the grader reads it; a next run rebuilds it
        write_atomic(path, data, sync_folder=False, durable=False, mode=0o644)
    except OSError as exc:
        log.debug("%s was not kept: %s", path.name, exc)
