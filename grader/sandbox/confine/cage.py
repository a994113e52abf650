"""Every process of one worker, counted and killed together (grader side).

RLIMIT_NPROC does nothing for root, and a child can leave the worker's process group
with `setsid()`. So each worker gets a cage:

- `cgroup`: a pids cgroup (v2, or the v1 `pids` hierarchy) made for this worker when
  the machine lets us write one. The kernel refuses a fork beyond `pids.max`, and every
  member is found again for the final kill, whatever group or session it moved to.
- `session`: otherwise the worker's session, process group and descendants, found by
  scanning `/proc`; the grader counts them after each cell (and every few calls or
  waits) and kills them all beyond the limit. With basic isolation a child that calls
  `setsid()` and whose parent exits escapes this one (see docs/explanation/security.md); under
  bubblewrap the PID namespace still kills it with the worker.

Memory is capped for all the worker's processes together (RLIMIT_AS binds each one
alone: forks held gigabytes at once): by a memory cgroup made beside the pids one when
the machine lets us (v2 `memory.max` in the same folder, or the v1 `memory` hierarchy),
whose files in a tmpfs count too; otherwise the grader sums the members' proportional
set sizes (`smaps_rollup`) at each count and kills them all beyond the cap. A scratch
folder that no sized tmpfs holds (`scratch`) is counted the same way.
"""

from __future__ import annotations

import itertools
import logging
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from ...errors import Crash
from .held import held_bytes
from .privileges import process_option

log = logging.getLogger(__name__)

_counter = itertools.count()
CGROUP_ROOT = Path("/sys/fs/cgroup")


def _own_cgroup_dirs(controller: str = "pids") -> list[Path]:
    """Candidate parents for a cgroup of `controller`: ours in v2, then ours in its v1
    hierarchy."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        hierarchy, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if hierarchy == "0" and controllers == "":
            found.append(CGROUP_ROOT / path.lstrip("/"))
            found.append(CGROUP_ROOT / "unified" / path.lstrip("/"))
        elif controller in controllers.split(","):
            found.append(CGROUP_ROOT / controller / path.lstrip("/"))
    return found


def _remove_stale(parent: Path) -> None:
    """Cgroups left by a grader that was killed itself: what still runs in them (a
    worker's children) is killed, so that nothing outlives its grader for long."""
    for old in parent.glob("mmg-*"):
        try:
            owner = int(old.name.split("-")[1])
        except (IndexError, ValueError):
            continue
        if not Path(f"/proc/{owner}").exists():
            _kill_cgroup(old)
            for _ in range(50):
                try:
                    old.rmdir()
                    break
                except OSError:
                    time.sleep(0.01)


FIRST_PAUSE = 0.0005
LAST_PAUSE = 0.01


def _pause(seconds: float) -> float:
    """Sleep, and the next pause: doubled up to `LAST_PAUSE`. A killed process is
    usually gone at once: a fixed pause was paid whole at every worker stop."""
    time.sleep(seconds)
    return min(seconds * 2, LAST_PAUSE)


def _kill_cgroup(folder: Path) -> None:
    try:
        (folder / "cgroup.kill").write_text("1")  # cgroup v2, Linux 5.14+
        return
    except OSError:
        pass
    try:
        pids = [int(p) for p in (folder / "cgroup.procs").read_text().split()]
    except OSError:
        return
    _signal_all(pids, signal.SIGKILL)


def _new_group(parents: list[Path], limit: str, value: int) -> Path | None:
    """A cgroup of this grader made under the first of `parents` that takes it and
    accepts `value` in its file `limit`; None when none does."""
    for parent in parents:
        if not (parent / "cgroup.procs").exists():
            continue
        folder = parent / f"mmg-{os.getpid()}-{next(_counter)}"
        try:
            folder.mkdir()
        except OSError:
            continue
        try:
            (folder / limit).write_text(str(value))
            return folder
        except OSError:  # no such controller here (v2 without it delegated)
            try:
                folder.rmdir()
            except OSError:
                pass
    return None


def _make_cgroup(max_pids: int) -> Path | None:
    return _new_group(_own_cgroup_dirs(), "pids.max", max_pids)


def _make_memory_cgroup(pids_group: Path | None, max_bytes: int) -> tuple[Path | None, bool]:
    """(the memory cgroup capping a worker at `max_bytes`, whether it is a v1 folder of
    its own); (None, False) when the machine does not let the grader make one."""
    if pids_group is not None and (pids_group / "memory.max").exists():  # v2, controller enabled
        try:
            (pids_group / "memory.max").write_text(str(max_bytes))
            try:
                (pids_group / "memory.swap.max").write_text("0")
            except OSError:
                pass  # no swap accounting: nothing to swap to either
            return pids_group, False
        except OSError:
            return None, False
    v1 = [p for p in _own_cgroup_dirs("memory") if CGROUP_ROOT / "memory" in (p, *p.parents)]
    folder = _new_group(v1, "memory.limit_in_bytes", max_bytes)
    if folder is None:
        return None, False
    try:  # memory and swap together, where swap is accounted
        (folder / "memory.memsw.limit_in_bytes").write_text(str(max_bytes))
    except OSError:
        pass
    return folder, True


PR_SET_CHILD_SUBREAPER = 36
_workers: set[int] = set()
"""Leaders of the live workers of this process (not orphans to kill)."""


def become_subreaper() -> None:
    """Orphans of a worker's process tree are re-parented to this process instead of
    init, so that the session cage still finds a grandchild that left with setsid()
    after its parent exited (prctl has no Python binding: one libc call)."""
    if not process_option(PR_SET_CHILD_SUBREAPER, 1):
        log.debug("cannot become a child subreaper here")


def _known_children() -> set[int]:
    """This process's children that are not a worker's orphans: its workers and its
    multiprocessing helpers (none when it never imported multiprocessing)."""
    multiprocessing = sys.modules.get("multiprocessing")
    helpers = {p.pid for p in multiprocessing.active_children()} if multiprocessing is not None else set()
    return _workers | helpers


def _adopted_orphans() -> list[int]:
    """Processes re-parented to this grader: children that are not one of its workers
    nor one of its multiprocessing helpers."""
    me, known = os.getpid(), _known_children()
    return [pid for pid, fields in _processes() if pid not in known and int(fields[1]) == me]


def _device(folder: Path | None) -> int:
    try:
        return os.stat(folder).st_dev if folder is not None else -1
    except OSError:
        return -1


MAX_SCRATCH_ENTRIES = 10_000
"""Files and folders of a counted scratch: more is over its limit whatever their size
(counting them costs the grader)."""


class Cage:
    """The processes of one worker (see module docstring)."""

    def __init__(
        self,
        max_pids: int,
        use_cgroup: bool = True,
        max_memory: int | None = None,
        scratch: Path | None = None,
        max_scratch: int = 0,
        max_file: int = 0,
    ):
        self.max_pids = max_pids
        self.cgroup = _make_cgroup(max_pids) if use_cgroup and cgroups_usable() else None
        self.leader: int | None = None
        self.max_memory = max_memory
        self.memory: Path | None = None
        """The memory cgroup (the pids one in v2), None when the memory is counted."""
        self._memory_own = False
        if max_memory is not None and self.cgroup is not None:
            self.memory, self._memory_own = _make_memory_cgroup(self.cgroup, max_memory)
        self.scratch = scratch
        """A scratch folder to count (none when a sized tmpfs holds it)."""
        self.max_scratch = max_scratch
        self.max_file = max_file
        """The largest file the worker may write: what a held file that cannot be read
        is counted as (`held`)."""
        self._scratch_device = _device(scratch)

    @property
    def kind(self) -> str:
        return "cgroup" if self.cgroup is not None else "session"

    def enter(self) -> None:
        """In the child, before exec: join the cgroups (fork children follow)."""
        for group in (self.cgroup, self.memory if self._memory_own else None):
            if group is not None:
                try:
                    with open(group / "cgroup.procs", "w") as procs:
                        procs.write(str(os.getpid()))
                except OSError:
                    pass  # noticed by `started`, which falls back to counting

    def started(self, pid: int) -> None:
        """Record the worker's pid; if it could not join the cgroup, count its session."""
        self.leader = pid
        _workers.add(pid)
        if self.cgroup is not None and pid not in self.members():
            log.warning("the worker could not join %s: counting its session instead", self.cgroup)
            self._drop_memory_group()
            try:
                self.cgroup.rmdir()
            except OSError:
                pass
            self.cgroup = None
        elif self._memory_own and self.memory is not None and not _holds(self.memory, pid):
            log.warning("the worker could not join %s: counting its memory instead", self.memory)
            self._drop_memory_group()

    def members(self) -> list[int]:
        """The live processes of this worker (zombies excluded)."""
        if self.cgroup is not None:
            try:
                text = (self.cgroup / "cgroup.procs").read_text()
            except OSError:
                return []
            return [int(p) for p in text.split() if _alive(int(p))]
        if self.leader is None:
            return []
        return _session_members(self.leader, _known_children())

    def _drop_memory_group(self) -> None:
        if self._memory_own and self.memory is not None:
            try:
                self.memory.rmdir()
            except OSError:
                pass
        self.memory, self._memory_own = None, False

    def exceeded(self) -> Crash | None:
        """What the worker's processes exceed that no kernel limit stops (a session cage
        counts its processes; memory without a memory cgroup; a scratch no tmpfs
        holds), None when within every limit."""
        members = None
        if self.cgroup is None:
            members = self.members()
            if len(members) > self.max_pids:
                return Crash.PROCESSES
        if self.max_memory is not None and self.memory is None:
            members = self.members() if members is None else members
            if _memory_of(members) > self.max_memory:
                return Crash.MEMORY
        if self.scratch is not None:
            used = _disk_use(self.scratch)
            if used <= self.max_scratch:  # then the files held without a name (issue 40)
                members = self.members() if members is None else members
                used += held_bytes(members, self._scratch_device, self.max_file)
            if used > self.max_scratch:
                return Crash.DISK
        return None

    def oom_killed(self) -> bool:
        """Whether the kernel killed a process of the memory cgroup for lack of memory."""
        if self.memory is None:
            return False
        for name in ("memory.events", "memory.oom_control"):  # v2, v1
            try:
                text = (self.memory / name).read_text()
            except OSError:
                continue
            for line in text.splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill" and value.strip().isdigit():
                    return int(value) > 0
        return False

    def kill_all(self) -> None:
        """Stop every member (a stopped process cannot fork), then kill them all, until
        none is left; the first scan sees the whole tree before anything dies."""
        me = os.getpid()
        seen: set[int] = set()
        for _ in range(20):
            fresh = [p for p in self.members() if p not in seen and p != me]
            if not fresh:
                break
            _signal_all(fresh, signal.SIGSTOP)
            seen.update(fresh)
        if self.leader is not None:
            try:
                os.killpg(self.leader, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        deadline = time.monotonic() + 5
        pause = FIRST_PAUSE
        while seen and time.monotonic() < deadline:
            _signal_all(list(seen), signal.SIGKILL)
            seen = {p for p in seen | set(self.members()) if p != me and _alive(p)}
            if seen:
                pause = _pause(pause)
        if seen:
            log.warning("processes %s of worker %s survived the kill", sorted(seen), self.leader)
        if self.cgroup is None:
            self._kill_orphans()

    def _kill_orphans(self) -> None:
        """Descendants that left the worker's session and lost their parent were
        adopted by this process (`become_subreaper`): kill and reap them."""
        for _ in range(3):
            orphans = _adopted_orphans()
            if not orphans:
                return
            _signal_all(orphans, signal.SIGKILL)
            for pid in orphans:
                try:
                    os.waitpid(pid, 0)
                except ChildProcessError:
                    pass

    def remove(self) -> None:
        """Kill what is left and delete the cgroup."""
        self.kill_all()
        if self.leader is not None:
            _workers.discard(self.leader)
        if self._memory_own and self.memory is not None:
            _remove_group(self.memory)
        if self.cgroup is not None:
            _remove_group(self.cgroup)


def _remove_group(folder: Path) -> None:
    """Remove an emptied cgroup folder (refused until its killed tasks are gone)."""
    deadline = time.monotonic() + 1
    pause = FIRST_PAUSE
    while time.monotonic() < deadline:
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            pause = _pause(pause)
    log.warning("could not remove %s", folder)


def _holds(group: Path, pid: int) -> bool:
    try:
        return str(pid) in (group / "cgroup.procs").read_text().split()
    except OSError:
        return False


def _memory_of(pids: list[int]) -> int:
    """Bytes the processes hold together: their proportional set sizes (pages shared by
    forks counted once in all), their resident sizes where the kernel has no rollup."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup", "rb") as rollup:
                for line in rollup:
                    if line.startswith(b"Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
                continue
        except (OSError, ValueError, IndexError):
            pass
        try:
            with open(f"/proc/{pid}/statm", "rb") as statm:
                total += int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            pass
    return total


def _disk_use(folder: Path) -> int:
    """Bytes the files under `folder` take on disk (blocks, not apparent sizes: a sparse
    file costs what it holds), past any limit when it holds more than
    MAX_SCRATCH_ENTRIES entries. An explicit stack, no links followed."""
    total, seen, stack = 0, 0, [str(folder)]
    while stack:
        try:
            with os.scandir(stack.pop()) as entries:
                for entry in entries:
                    seen += 1
                    if seen > MAX_SCRATCH_ENTRIES:
                        return 1 << 62
                    try:
                        info = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    total += info.st_blocks * 512
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
        except OSError:
            continue
    return total


_usable: bool | None = None


def cgroups_usable() -> bool:
    """Whether this machine lets the grader make pids cgroups (probed once, when the
    cgroups left by an earlier grader that was killed are also removed)."""
    global _usable
    if _usable is None:
        probe = _make_cgroup(8)
        _usable = probe is not None
        if probe is not None:
            probe.rmdir()
            _remove_stale(probe.parent)
            for parent in _own_cgroup_dirs("memory"):  # v1 memory groups of a killed grader
                if CGROUP_ROOT / "memory" in (parent, *parent.parents) and parent.is_dir():
                    _remove_stale(parent)
    return _usable


def _signal_all(pids: list[int], signum: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, signum)
        except (ProcessLookupError, PermissionError):
            pass


def _stat(pid: int | str) -> list[bytes] | None:
    """The fields of /proc/PID/stat after the command (state, ppid, pgrp, session...);
    None when the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return None


def _processes() -> Iterator[tuple[int, list[bytes]]]:
    """(pid, stat fields) of every process this grader can see."""
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            fields = _stat(entry.name)
            if fields is not None:
                yield int(entry.name), fields


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] not in (b"Z", b"X")


def _session_members(leader: int, known: set[int] | None = None) -> list[int]:
    """Live processes of the worker: in its session or process group (`leader`'s pid),
    or descended from it (inside bubblewrap the student runs in a session of its own);
    given the grader's `known` children, also its orphans the grader adopted (a
    grandchild that left the session and lost its parent: issue 40, its memory was
    counted nowhere) and what descends from them."""
    children: dict[int, list[int]] = {}
    found = set()
    for pid, fields in _processes():
        if fields[0] in (b"Z", b"X"):  # after the command: state, ppid, pgrp, session
            continue
        children.setdefault(int(fields[1]), []).append(pid)
        if int(fields[2]) == leader or int(fields[3]) == leader:
            found.add(pid)
    if known is not None:
        found.update(p for p in children.get(os.getpid(), ()) if p not in known)
    stack = [leader] + list(found)
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in found:
                found.add(child)
                stack.append(child)
    if _alive(leader):
        found.add(leader)
    return sorted(found)
