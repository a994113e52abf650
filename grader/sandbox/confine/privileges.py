"""What the worker gives up when the grader runs as root (CI, Docker, a course server).

Without bubblewrap (whose user namespace already makes the worker an unprivileged
user), a worker started by root would be root: able to signal the grader, write any
file (basic), load a kernel module or chmod the host's files (Landlock does not
cover those). So, in the child just before `exec`:

- `uid`: it becomes a user id of its own, unused by the system (one per worker, so
  two workers cannot signal each other either), when that user can reach the Python
  installation and the student's libraries: where they are (readable by all), or in
  the worker's mount namespace, where a folder it could not cross (root's home, mode
  0700, holding a pyenv Python) is covered and the runtime bound back (`mountns.veils`),
  or, without a mount namespace (a container's root without CAP_SYS_ADMIN), in a
  readable copy of the runtime the worker runs from (`runtime_copy`);
- `no-capabilities`: otherwise (that copy could not be made: a full or read-only disk)
  it stays uid 0 but empties its capability bounding set, so that after `exec` it has
  no capability at all. It then still owns root's files (chmod) and can signal root's
  processes: Landlock's scoping and the seccomp filter stop those, nothing stops them
  in basic isolation (docs/explanation/security.md).

Python has no binding for prctl(PR_CAPBSET_DROP) and the PyPI ones need libcap and a
compiler; it is one libc call, made here through ctypes.
"""

from __future__ import annotations

import ctypes
import enum
import functools
import itertools
import os
import stat
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import mountns, reach

if TYPE_CHECKING:
    from .runtime_copy import RuntimeCopy

FIRST_UID = 2_000_000_000
"""Worker user ids: far above any account and below the 2**31 some tools mishandle."""
SEEN_UID = 65534
"""The id a worker with a uid of its own sees as its own (bubblewrap's: nobody)."""
CLONE_NEWUSER = 0x10000000
PR_CAPBSET_DROP = 24
PR_SET_PDEATHSIG = 1
_counter = itertools.count()


class Drop(str, enum.Enum):
    NONE = "none"  # the grader is not root: nothing to give up
    UID = "uid"
    CAPABILITIES = "no-capabilities"


@dataclass(frozen=True)
class Identity:
    """Who one worker runs as."""

    drop: Drop
    uid: int | None = None

    def apply(self) -> None:
        """In the child, after joining the cage and before exec."""
        if self.drop is Drop.UID:
            assert self.uid is not None  # Drop.UID always comes with its uid
            os.setgroups([])
            os.setresgid(self.uid, self.uid, self.uid)
            os.setresuid(self.uid, self.uid, self.uid)
            _seen_as_nobody(self.uid)
        elif self.drop is Drop.CAPABILITIES:
            _drop_bounding_set()


def _seen_as_nobody(uid: int) -> None:
    """The worker's own uid, different for each worker, shown to it as SEEN_UID (nobody,
    as under bubblewrap), through a user namespace mapping that one id: a submission that
    reads `os.getuid()` gets the same mark on every run. Where this user may not make a
    user namespace, it sees its own id (only that changes); the filter loaded after it
    refuses any further namespace, and the `exec` that follows leaves it no capability."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)  # a change of uid made it non-dumpable: /proc/self is root's
    if libc.unshare(CLONE_NEWUSER) != 0:
        return
    for name, text in (
        ("setgroups", "deny"),
        ("uid_map", f"{SEEN_UID} {uid} 1"),
        ("gid_map", f"{SEEN_UID} {uid} 1"),
    ):
        with open(f"/proc/self/{name}", "w") as stream:
            stream.write(text)


def _drop_bounding_set() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in range(64):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            if ctypes.get_errno() == 22:  # EINVAL: past the last capability of this kernel
                return
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _crossable_by_anyone(folder: Path) -> bool:
    """The worker's folder, made under `folder`, can be reached by another user."""
    try:
        return all(os.stat(f).st_mode & stat.S_IXOTH for f in [folder, *folder.parents])
    except OSError:
        return False


PR_SET_DUMPABLE = 4


@functools.cache
def process_option(option: int, value: int) -> bool:
    """`prctl(option, value)` on this process, made once (prctl has no Python binding: one
    libc call); whether it took (False where there is no prctl)."""
    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # not Linux
        return False


def shield_grader() -> None:
    """This grading process made non-dumpable, once, before its first worker or its pool:
    a worker of the same user (basic or Landlock run by the teacher) can then neither
    open its `/proc/PID/mem`, `fd/`, `environ` or `oom_score_adj` nor take its
    descriptors (`pidfd_getfd`), which need ptrace's permission or the owner's uid (issue
    40; what the kernel checks by uid alone, limits and priority, the seccomp filter
    refuses). A fork inherits it; an `exec` of the worker resets it. No core dump of the
    grader, and a debugger needs root to attach."""
    process_option(PR_SET_DUMPABLE, 0)


def die_with_parent(parent: int) -> None:
    """In the child: SIGKILL when the grading process dies, whatever kills it (a
    worker must not outlive its grader; bubblewrap does the same with --die-with-parent)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0)
    if os.getppid() != parent:  # the grader died before the line above
        os._exit(1)


def _reachable_by_anyone(path: Path, namespaced: bool) -> bool:
    """Any user can cross every folder above `path` and read it, where the worker will see
    it: in its mount namespace (`namespaced`), the folders from the root bound back down
    (`mountns` covers those above), else every folder from `/`."""
    root = mountns.kept_root(path, veiled=True) if namespaced else None
    folders = list(reversed(path.parents))
    if root is not None:  # the root bound back and the folders under it (not `path` itself)
        folders = [f for f in [root, *(f for f in folders if root in f.parents)] if f != path]
    try:
        for folder in folders:
            if not os.stat(folder).st_mode & stat.S_IXOTH:
                return False
        return bool(os.stat(path).st_mode & stat.S_IROTH)
    except OSError:
        return False


def uid_drop_possible() -> tuple[bool, str]:
    """Whether another user can run this Python and import the student's libraries (in
    its mount namespace where the grader can make one: a Python in root's 0700 home is
    bound back there, `mountns.veils`; else from a readable copy, `worker_runtime`)."""
    namespaced = mountns.available()
    possible, why = _uid_drop_possible(namespaced)
    if possible or namespaced:
        return possible, why
    if worker_runtime() is not None:
        return True, ""
    return False, f"{why}, and no readable copy of the runtime could be made"


def worker_runtime() -> RuntimeCopy | None:
    """The readable copy of the runtime a root grader's Landlocked or basic workers run
    from: where it can make no mount namespace and no other user can reach its Python
    (made the first time it is asked for); None where they run the grader's own."""
    if os.geteuid() != 0 or mountns.available() or _uid_drop_possible(False)[0]:
        return None
    from . import runtime_copy  # only this root case needs it

    return runtime_copy.readable_copy()


@functools.lru_cache(maxsize=2)
def _uid_drop_possible(namespaced: bool) -> tuple[bool, str]:
    """Worked out once for each answer of `mountns.available` (a test turns it off)."""
    needed = [Path(reach.python_executable()), Path(sysconfig.get_paths()["stdlib"]) / "os.py"]
    needed += [p for _, p in reach.student_libraries()]
    for path in needed:
        if not _reachable_by_anyone(path, namespaced):
            return False, f"{path} is not readable by another user"
    return True, ""


def planned_drop() -> Drop:
    """What a worker started now gives up. Its folder is made in the temp directory,
    which another user id must be able to cross, unless the worker gets a mount namespace
    (its folder is then bound at `mountns.RUN`)."""
    if os.geteuid() != 0:
        return Drop.NONE
    folder_reached = mountns.available() or _crossable_by_anyone(Path(tempfile.gettempdir()))
    if folder_reached and uid_drop_possible()[0]:  # no copy of the runtime made for nothing
        return Drop.UID
    return Drop.CAPABILITIES


def identity_for_worker() -> Identity:
    drop = planned_drop()
    if drop is Drop.UID:
        return Identity(drop, FIRST_UID + (os.getpid() % 100_000) * 1000 + next(_counter) % 1000)
    return Identity(drop)
