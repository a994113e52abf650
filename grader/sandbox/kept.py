"""Files the grader keeps beside its own code to start faster (the worker's bytecode,
the compiled seccomp program): written whole or not at all."""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)


def write_whole(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all (a concurrent run reads either the old file or
    the new one); a folder the grader may not write is no error: the next run compiles."""
    try:
        path.parent.mkdir(exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, 0o644)  # as Python's own .pyc files: any user of the grader reads it
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as exc:
        log.debug("the worker's bytecode cache was not written: %s", exc)
