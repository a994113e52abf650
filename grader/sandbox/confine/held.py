"""Files a worker holds that no walk of its scratch finds (issue 40).

Where no sized tmpfs holds the scratch (no mount namespace: a container's root without
CAP_SYS_ADMIN, a teacher's laptop where user namespaces are refused), the grader sums the
scratch's files (`cage._disk_use`). A file written there, then unlinked and kept open, or
mapped and closed, has no name left: 1 GiB was held that way against a 128 MiB cap. Its
blocks are counted here, from the worker's processes:

- each descriptor of a member (`/proc/PID/fd`) naming a regular file with no link left;
- each mapping of a file marked "(deleted)" (`/proc/PID/maps`) no descriptor already
  counted: its size read through `/proc/PID/map_files` (a root grader), else the worst
  case, the largest file the worker may write (RLIMIT_FSIZE bounds every file it makes).

Only files of the scratch's filesystem count (a Landlocked worker writes nowhere else).
What no process holds does not exist for long: a descriptor in flight on a socket would
be one, and the seccomp filter refuses `sendmsg`; memfds and SysV segments too
(`syscalls`). The files are counted by (device, inode), once.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable


def held_bytes(pids: Iterable[int], device: int, worst: int) -> int:
    """Bytes of the files of `device` that `pids` hold and that have no name (see the
    module); `worst`: what a mapping whose file cannot be read is counted as."""
    seen: set[int] = set()
    total = 0
    mapped: list[tuple[int, str, int]] = []
    for pid in pids:
        total += _by_descriptors(pid, device, seen)
        mapped += _deleted_mappings(pid, device)
    for pid, span, inode in mapped:
        if inode in seen:
            continue
        seen.add(inode)
        try:
            total += os.stat(f"/proc/{pid}/map_files/{span}").st_blocks * 512
        except OSError:  # not root: map_files is refused
            total += worst
    return total


def _by_descriptors(pid: int, device: int, seen: set[int]) -> int:
    total = 0
    try:
        names = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return 0
    for name in names:
        try:
            info = os.stat(f"/proc/{pid}/fd/{name}")
        except OSError:
            continue
        unnamed = stat.S_ISREG(info.st_mode) and info.st_nlink == 0
        if unnamed and info.st_dev == device and info.st_ino not in seen:
            seen.add(info.st_ino)
            total += info.st_blocks * 512
    return total


def _deleted_mappings(pid: int, device: int) -> list[tuple[int, str, int]]:
    """(pid, address range, inode) of each mapping of a deleted file of `device`."""
    found = []
    try:
        with open(f"/proc/{pid}/maps", "rb") as maps:
            lines = maps.read().splitlines()
    except OSError:
        return []
    for line in lines:
        if not line.endswith(b" (deleted)"):
            continue
        fields = line.split(maxsplit=5)
        if len(fields) < 6 or fields[4] == b"0":
            continue
        major, _, minor = fields[3].partition(b":")
        try:
            if os.makedev(int(major, 16), int(minor, 16)) == device:
                found.append((pid, fields[0].decode(), int(fields[4])))
        except ValueError:
            continue
    return found
