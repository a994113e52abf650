"""Files written whole or not at all: a temporary file beside the target, then renamed
over it, so a reader (a teacher opening a table, a concurrent run reading a kept file)
sees the old file or the new one, and a crash, a full disk or Ctrl-C never leaves half
of one. What the teacher keeps (the class record, the tables, the pages) is also forced
to the disk before the rename (`durable`); what a next run rebuilds need not be."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(
    path: Path, data: bytes, sync_folder: bool = True, durable: bool = True, mode: int | None = None
) -> None:
    """Replace `path` by `data` in one step (the old file stays until the new one is
    on the disk); the folder must exist. `sync_folder=False`: the caller writes many
    files into one folder and syncs it once at the end (`sync`). `durable=False`: the
    file is not forced to the disk before the rename (still whole or absent, never
    half-written, but a crash right after may lose it): for what a next run rebuilds.
    `mode`: the file's permissions (default: the owner's only)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if sync_folder:
        sync(path.parent)


def write_text_atomic(path: Path, text: str, sync_folder: bool = True, durable: bool = True) -> None:
    write_atomic(path, text.encode("utf-8"), sync_folder, durable)


def sync(folder: Path) -> None:
    """The rename itself on the disk (POSIX; Windows has no folder handle to sync)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
