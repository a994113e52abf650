"""A private /tmp for a worker started without bubblewrap (Landlock, basic).

Bubblewrap gives every worker the same view: its folder at `RUN`, its scratch at
`SCRATCH` in a sized tmpfs. A Landlocked or basic worker gets the same, in a mount
namespace of its own made in its child before `exec` (by root before it gives up root;
by another user inside a user namespace of its own mapping only its own ids, where the
machine allows one: after `exec` that user has no capability left):

- a tmpfs of the scratch's size on /tmp (the host's /tmp, with the other workers'
  folders, is out of its sight) and a 1 MiB one on /dev/shm: the scratch has a total
  cap, and it vanishes with the worker; what the runtime needs under /tmp (a Python or
  a venv installed there) is bound back read-only, as bubblewrap binds it;
- the worker's private folder bound read-only at `RUN`, its scratch made at `SCRATCH`;
- for a worker that root gives a user id of its own (`privileges`), a read-only tmpfs over
  each folder that user could not cross on the way to the runtime (root's home, mode
  0700, holding a pyenv Python), with only the runtime's folders bound back (`veils`):
  the worker reaches its interpreter, the standard library and its libraries, and
  nothing else of that folder; no copy of the runtime is made.

So the worker's paths are the same on every run (a submission that reads its folder's
name gets the same mark every time) and its files are capped. Where neither works (a
container without CAP_SYS_ADMIN, user namespaces refused), the worker keeps host paths
and the grader counts its scratch (`cage`). Mount propagation is cut first (slave), so
nothing reaches the host's mounts; the namespace ends with the last of the worker's
processes; the seccomp filter loaded after it refuses any further mount or namespace.
"""

from __future__ import annotations

import ctypes
import functools
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

TMP = Path("/tmp")
RUN = Path("/tmp/mmg-run")
"""The worker's private folder (its script and library links), as the worker sees it."""
SCRATCH = Path("/tmp/mmg-scratch")
"""The worker's scratch folder (its working directory), as the worker sees it."""
SHM_BYTES = 1024 * 1024
VEIL_OPTIONS = b"size=1m,nr_inodes=4096,mode=0755"
"""A veil holds only the folders leading to what is bound back."""


@dataclass(frozen=True)
class Veil:
    """A folder covered in the worker's namespace, and the runtime roots under it bound
    back (see `veils`)."""

    folder: Path
    keep: tuple[Path, ...]


CLONE_NEWNS, CLONE_NEWUSER = 0x00020000, 0x10000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_SLAVE = 32, 4096, 16384, 1 << 19
O_PATH = getattr(os, "O_PATH", 0o10000000)
PR_SET_DUMPABLE = 4


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


def _unshare(libc: ctypes.CDLL) -> None:
    """A new mount namespace: root's own, another user's inside a user namespace mapping
    its user and group ids to themselves (and no supplementary group change)."""
    if os.geteuid() == 0:
        _check(libc.unshare(CLONE_NEWNS), "unshare")
        return
    uid, gid = os.geteuid(), os.getegid()
    libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)  # a non-dumpable grader's child: its maps are root's
    _check(libc.unshare(CLONE_NEWUSER | CLONE_NEWNS), "unshare")
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w") as stream:
            stream.write(text)


@functools.lru_cache(maxsize=1)
def _runtime_roots() -> tuple[Path, ...]:
    """The runtime's folders and the student's libraries (outermost only): what the worker
    must reach whatever is mounted over the folders holding them. Worked out once."""
    from . import reach

    roots = {Path(reach.python_executable()).parent.parent, *reach.runtime_paths()}
    roots.update(path for _, path in reach.student_libraries())
    return reach._outermost(roots)


def runtime_under_tmp() -> tuple[Path, ...]:
    """The runtime roots under /tmp: bound back into the worker's own /tmp."""
    return tuple(r for r in _runtime_roots() if TMP in r.parents)


def _crossable(folder: Path) -> bool:
    try:
        return bool(os.stat(folder).st_mode & stat.S_IXOTH)
    except OSError:
        return False


@functools.lru_cache(maxsize=1)
def veils() -> tuple[Veil, ...]:
    """The folders another user cannot cross (a root's home, mode 0700) that hold runtime
    roots outside /tmp, each with the roots under it: for a worker given a user id of its
    own, a read-only tmpfs covers such a folder and only those roots are bound back, so
    that it reaches them (and nothing else of the folder). The outermost such folder of
    each root; `/` is never covered."""
    roots = [r for r in _runtime_roots() if TMP not in r.parents]
    closed = set()
    for root in roots:
        shut = [f for f in reversed(root.parents) if f != Path("/") and not _crossable(f)]
        if shut:
            closed.add(shut[0])
    return tuple(Veil(folder, tuple(r for r in roots if folder in r.parents)) for folder in sorted(closed))


def kept_root(path: Path, veiled: bool) -> Path | None:
    """The root bound back that holds `path` in a worker's namespace (None when `path` is
    seen where it is): its folders from that root down are the host's."""
    for root in runtime_under_tmp():
        if root == path or root in path.parents:
            return root
    for veil in veils() if veiled else ():
        for root in veil.keep:
            if root == path or root in path.parents:
                return root
    return None


def enter(private: Path, scratch_bytes: int, owner: int | None, veiled: tuple[Veil, ...] = ()) -> None:
    """In the worker's child, before `exec` (as root: before it gives up root): the
    namespace above. `owner`: the user id the scratch belongs to (the worker's own when
    root gives it one), None to keep the creator's; `veiled`: the folders to cover
    (`veils`, for a worker with a user id of its own). What to bind back is worked out
    once, by the grader."""
    libc = _libc()
    _unshare(libc)
    _check(libc.mount(b"none", b"/", None, MS_REC | MS_SLAVE, None), "mount --make-rslave /")
    # Reached through descriptors once /tmp and the veils cover them (opened in the new
    # namespace: a bind's source must be one of its mounts).
    folder = os.open(private, O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    kept = [_held(path) for path in runtime_under_tmp()]
    kept_in = [[_held(path) for path in veil.keep] for veil in veiled]
    flags = MS_NOSUID | MS_NODEV | MS_NOEXEC
    options = f"size={scratch_bytes},mode=1777".encode()
    _check(libc.mount(b"tmpfs", bytes(TMP), b"tmpfs", flags, options), "mount /tmp")
    if os.path.isdir("/dev/shm"):
        shm = f"size={SHM_BYTES},mode=1777".encode()
        _check(libc.mount(b"tmpfs", b"/dev/shm", b"tmpfs", flags, shm), "mount /dev/shm")
    _bind_back(libc, kept)
    for veil, held in zip(veiled, kept_in, strict=True):
        where = bytes(veil.folder)
        _check(libc.mount(b"tmpfs", where, b"tmpfs", flags, VEIL_OPTIONS), f"mount {veil.folder}")
        _bind_back(libc, held)
        _check(libc.mount(None, where, None, MS_REMOUNT | MS_RDONLY | flags, VEIL_OPTIONS), "veil read-only")
    os.mkdir(RUN, 0o555)
    _bind_read_only(libc, folder, RUN)
    os.mkdir(SCRATCH, 0o700)
    if owner is not None:
        os.chown(SCRATCH, owner, owner)
    os.chdir(SCRATCH)


def _held(path: Path) -> tuple[Path, int]:
    return path, os.open(path, O_PATH | os.O_CLOEXEC)


def _bind_back(libc: ctypes.CDLL, kept: list[tuple[Path, int]]) -> None:
    """Each path, held by a descriptor, bound read-only where it was (its folders made
    again, crossable by anyone, on the tmpfs that now covers them)."""
    for path, fd in kept:
        if os.path.isdir(f"/proc/self/fd/{fd}"):
            os.makedirs(path, 0o755)
        else:
            os.makedirs(path.parent, 0o755, exist_ok=True)
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o444))
        _bind_read_only(libc, fd, path)


def _bind_read_only(libc: ctypes.CDLL, fd: int, target: Path) -> None:
    source = f"/proc/self/fd/{fd}".encode()
    _check(libc.mount(source, bytes(target), None, MS_BIND | MS_REC, None), f"bind {target}")
    read_only = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV
    _check(libc.mount(None, bytes(target), None, read_only, None), f"remount {target} read-only")
    os.close(fd)


@functools.lru_cache(maxsize=1)
def available() -> bool:
    """Whether this grader can give its workers the namespace (root with the right to
    mount, not in a container without CAP_SYS_ADMIN; another user where user namespaces
    are allowed): tried once, in a forked child."""
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return False
    pid = os.fork()
    if pid == 0:  # the child only tries: its namespace dies with it
        try:
            libc = _libc()
            _unshare(libc)
            _check(libc.mount(b"none", b"/", None, MS_REC | MS_SLAVE, None), "rslave")
            _check(libc.mount(b"tmpfs", b"/tmp", b"tmpfs", MS_NOSUID | MS_NODEV, b"size=65536"), "tmpfs")
        except BaseException:
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) == 0
