"""The secret the private positions are drawn with (issue 40, `private_draws`).

The positions drawn for one submission came from CRC-32 and Adler-32 of its code: a
student chose the digest, drew the positions with the published code, answered them
with a friend's correct code, and padded a table of answers to that digest with 8,000
letters (19.25/20 without any search code). They are now drawn from a keyed BLAKE2 hash,
whose key is 32 random bytes drawn once and kept:

- the machine's, in the grader's cache folder (`cachedir`), for a run without a record;
- the class record's, in `<results>/draws.key` beside the entries, when `--results` is
  given: the record moved to another machine keeps its marks.

The same file gets the same positions, so the same mark, on that machine and in that
record; no one without the key can tell which positions a code will be asked. The key is
never written anywhere else (reports, logs, the record's entries). Created atomically (a
temporary file linked into place, so that two runs racing keep one key), mode 0600; a
file of another size or owner is said (a warning) and replaced. Where the worker could
read it: basic isolation as the grader's own user, which already reads the reference.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import tempfile
from pathlib import Path

from ..cachedir import cache_folder

log = logging.getLogger(__name__)

KEY_BYTES = 32
RECORD_FILE = "draws.key"


class DamagedKey(Exception):
    """A key file that is not one this grader wrote."""


def machine_key() -> bytes:
    """This machine's key (drawn at its first use)."""
    return kept_key(cache_folder("private-draws") / "key")


def record_key(folder: Path) -> bytes:
    """The key of the class record in `folder` (drawn at its first use)."""
    return kept_key(folder / RECORD_FILE)


def kept_key(path: Path) -> bytes:
    """The key kept in `path`, drawn and written there when there is none (or a damaged
    one, which is said and replaced)."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    except (DamagedKey, OSError) as exc:
        log.warning(
            "the key of the private positions in %s is not usable (%s): a new one is drawn", path, exc
        )
        _write(path, os.urandom(KEY_BYTES), replace=True)
        return _read(path)
    _write(path, os.urandom(KEY_BYTES), replace=False)
    return _read(path)  # this run's key, or the one a run racing it wrote first


def _read(path: Path) -> bytes:
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size != KEY_BYTES:
            raise DamagedKey(f"{info.st_size} bytes, {KEY_BYTES} expected")
        if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
            raise DamagedKey(f"owned by uid {info.st_uid}")
        data = os.read(handle, KEY_BYTES + 1)
    finally:
        os.close(handle)
    if len(data) != KEY_BYTES:
        raise DamagedKey(f"{len(data)} bytes read")
    return data


def _write(path: Path, key: bytes, replace: bool) -> None:
    """`key` whole in `path`: linked into place (never over an existing key, unless
    `replace`), readable by its owner only."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(key)
            stream.flush()
            os.fsync(stream.fileno())
        if replace:
            os.replace(temporary, path)
            return
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
