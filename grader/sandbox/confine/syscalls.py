"""A seccomp filter: the system calls the worker never needs, refused in every mode.

Landlock confines paths, not metadata nor unix sockets: a Landlocked worker that owns
files (the teacher's, when the grader runs as the teacher; root's, when it runs as root
without capabilities) could set the interpreter every later worker starts, or the
neighbours' copies, to mode 000, or connect to a root-only unix socket
(`/var/run/docker.sock`). The kernel's seccomp filter closes that in every mode, before
any student code runs, and is inherited by every process the worker starts:

- changing a file's mode, owner, times or extended attributes: `chmod` `fchmod`
  `fchmodat` `fchmodat2`, the `chown` family, the `utime` family, `*setxattr`,
  `*removexattr`;
- sockets: `socket` of any family (the worker's channel is a pair of pipes; the student
  has no network to reach), `socketpair` of datagram sockets (which could `sendto` a
  pathname socket); a connected stream pair stays possible;
- what only an administrator or a debugger does: mounts, `chroot`, `pivot_root`,
  namespaces (`unshare`, `setns`, `clone` with a namespace flag; `clone3`, whose flags
  seccomp cannot read, answers ENOSYS so that the C library falls back to `clone`),
  modules, `kexec`, `reboot`, swap, clocks, `ptrace` and `process_vm_*`, `bpf`,
  `perf_event_open`, `userfaultfd`, `io_uring_*` (its operations escape seccomp), keys,
  `mknod`, handles (`open_by_handle_at`), `acct`, `quotactl`, `iopl`, `ioperm`,
  `syslog`, `personality`;
- another process as a target (issue 40: a worker of the grader's uid set the grader's
  RLIMIT_FSIZE to 0, the kernel only compares uids): `prlimit64`, `setpriority` and the
  `sched_set*` calls unless aimed at the caller itself (pid 0, what the C library passes
  for its own limits, `nice` and affinity: the program is compiled once and kept, so it
  cannot name the worker's pid), and `ioprio_set`, `migrate_pages`, `move_pages`, `kcmp`,
  the `pidfd_*` calls, `process_madvise`, `process_mrelease`, `get_robust_list`. Signals
  stay: a worker signals its own children, and seccomp cannot tell them from the grader
  (the PID namespace, Landlock's scoping or a uid of its own keep the grader out of reach);
- memory and files held where no count sees them (issue 40): `memfd_create`,
  `memfd_secret`, SysV segments, queues and semaphores (`shmget`, `msgget`, `semget`, the
  i386 `ipc`), `sendmsg`/`sendmmsg` (a descriptor in flight on a socket is held by no
  process: `send` stays), and `prctl(PR_SET_DUMPABLE)` (a non-dumpable worker hides its
  descriptors and mappings from a grader that is not root).

Each is answered EPERM (the student's code gets a PermissionError), not a kill: honest
code that copies a file with `shutil.copy` (which copies its mode) fails that call,
nothing more. The rules are compiled by libseccomp (the C library every distribution
ships, through its own Python binding `seccomp` when installed, else `pyseccomp`, a
ctypes binding with the same interface), once per grading process, into a BPF program
for the machine's architecture and its 32-bit ABIs. The program is loaded by the
worker's child just before `exec` (`load`), or handed to bubblewrap (`--seccomp`), which
loads it inside the sandbox. Without libseccomp (or off Linux) there is no filter: the
mode's other defences stay, and `unavailable()` says why (docs/explanation/security.md).
"""

from __future__ import annotations

import ctypes
import errno
import functools
import logging
import os
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any

from .kept import write_whole

log = logging.getLogger(__name__)

REFUSED = (
    # metadata of files (Landlock does not cover them)
    "chmod",
    "fchmod",
    "fchmodat",
    "fchmodat2",
    "chown",
    "fchown",
    "lchown",
    "fchownat",
    "chown32",
    "fchown32",
    "lchown32",
    "utime",
    "utimes",
    "futimesat",
    "utimensat",
    "utimensat_time64",
    "setxattr",
    "lsetxattr",
    "fsetxattr",
    "removexattr",
    "lremovexattr",
    "fremovexattr",
    # sockets
    "socket",
    # an administrator's or a debugger's
    "mount",
    "umount",
    "umount2",
    "mount_setattr",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsmount",
    "fsconfig",
    "fspick",
    "pivot_root",
    "chroot",
    "unshare",
    "setns",
    "swapon",
    "swapoff",
    "reboot",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "settimeofday",
    "clock_settime",
    "clock_settime64",
    "clock_adjtime",
    "clock_adjtime64",
    "adjtimex",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "keyctl",
    "add_key",
    "request_key",
    "mknod",
    "mknodat",
    "name_to_handle_at",
    "open_by_handle_at",
    "lookup_dcookie",
    "fanotify_init",
    "acct",
    "quotactl",
    "quotactl_fd",
    "iopl",
    "ioperm",
    "syslog",
    "personality",
    "vhangup",
    "nfsservctl",
    # another process (issue 40)
    "ioprio_set",
    "migrate_pages",
    "move_pages",
    "kcmp",
    "pidfd_open",
    "pidfd_getfd",
    "pidfd_send_signal",
    "process_madvise",
    "process_mrelease",
    "get_robust_list",
    # memory and descriptors no count sees (issue 40)
    "memfd_create",
    "memfd_secret",
    "shmget",
    "msgget",
    "semget",
    "ipc",
    "sendmsg",
    "sendmmsg",
)
"""Refused with EPERM (see the module docstring); a name this libseccomp does not know
on this architecture is skipped (it does not exist here)."""
SELF_ONLY = (
    ("prlimit64", 0),
    ("sched_setaffinity", 0),
    ("sched_setscheduler", 0),
    ("sched_setparam", 0),
    ("sched_setattr", 0),
    ("setpriority", 0),
    ("setpriority", 1),
)
"""(call, argument): refused unless that argument is 0 (the caller itself; for
`setpriority`, `which` = PRIO_PROCESS and `who` = 0). Only the exact 64-bit 0 passes,
which the kernel also reads as 0 when it takes the low 32 bits of a pid."""
PR_SET_DUMPABLE = 4
NEW_SYSCALLS = {
    "fchmodat2": 452,
    "mount_setattr": 442,
    "quotactl_fd": 443,
    "pidfd_send_signal": 424,
    "pidfd_open": 434,
    "pidfd_getfd": 438,
    "process_madvise": 440,
    "memfd_secret": 447,
    "process_mrelease": 448,
}
"""Calls younger than some libseccomp releases: numbered alike on every architecture
since Linux 5.1, refused by number when the library does not know their name."""
NAMESPACE_FLAGS = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000, 0x80)
"""CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, NEWTIME (clone's first
argument on x86-64 and arm64)."""
AF_UNIX, SOCK_DGRAM, SOCK_TYPE_MASK = 1, 2, 0xF

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _binding() -> Any:
    """libseccomp's own Python binding when the system has it, else pyseccomp."""
    try:
        import seccomp  # type: ignore[import-not-found]  # python3-seccomp: no stub

        return seccomp
    except ImportError:
        import pyseccomp  # type: ignore[import-untyped]  # ctypes over libseccomp

        return pyseccomp


@functools.lru_cache(maxsize=1)
def program() -> bytes | None:
    """The filter as a BPF program (struct sock_filter[]); None when libseccomp cannot be
    used here (`unavailable` says why). Compiling it costs far more than reading it back
    (importing the binding runs `ldconfig` to find the library), on every run's way to
    its first worker (docs/explanation/performance.md#the-figures-behind-the-codes-choices): the
    program is kept beside the worker's bytecode cache (`process.BYTECODE_CACHE`, as
    writable as the grader's own .pyc files), under a name that changes with the rules
    and the machine, with its checksum, and compiled again when that file is not there
    or not whole."""
    cache = CACHE_FOLDER / f"mmg_seccomp.{_rules_key()}.bpf"
    try:
        kept = cache.read_bytes()
        if _whole(kept[4:]) and kept[:4] == zlib.crc32(kept[4:]).to_bytes(4, "big"):
            return kept[4:]
    except OSError:
        pass  # not kept yet
    data = _compiled()[0]
    if data is not None and not sys.dont_write_bytecode:
        write_whole(cache, zlib.crc32(data).to_bytes(4, "big") + data)
    return data


CACHE_FOLDER = Path(__file__).resolve().parent / "__pycache__"
MAX_PROGRAM = 4096 * 8
"""The kernel's limit on a filter: 4096 instructions of 8 bytes."""


def _whole(data: bytes) -> bool:
    """Instructions of 8 bytes, within the kernel's limit, the last one a return (as
    libseccomp writes them; the file also holds the program's CRC-32 in front)."""
    return bool(data) and len(data) % 8 == 0 and len(data) <= MAX_PROGRAM and data[-8] & 0x07 == 0x06


def _rules_key() -> str:
    """What the compiled program depends on: the rules (this module's values) and the
    machine's architecture."""
    spec = repr(
        (
            REFUSED,
            SELF_ONLY,
            PR_SET_DUMPABLE,
            NEW_SYSCALLS,
            NAMESPACE_FLAGS,
            AF_UNIX,
            SOCK_DGRAM,
            os.uname().machine if hasattr(os, "uname") else "",  # platform: 2 ms to import
        )
    )
    return f"{zlib.crc32(spec.encode()):08x}"


def unavailable() -> str:
    """Why there is no filter here ("" when there is one)."""
    return _compiled()[1]


@functools.lru_cache(maxsize=1)
def _compiled() -> tuple[bytes | None, str]:
    try:
        lib = _binding()
        rules = lib.SyscallFilter(lib.ALLOW)
    except (ImportError, OSError, RuntimeError, AttributeError) as exc:  # no libseccomp.so, not Linux
        log.warning("no seccomp filter for the workers (docs/explanation/security.md): %s", exc)
        return None, f"{type(exc).__name__}: {exc}"[:160]
    try:
        _add_compat_architectures(lib, rules)
        refuse = lib.ERRNO(errno.EPERM)
        for name in REFUSED:
            _refuse(lib, rules, refuse, name)
        rules.add_rule(refuse, "socketpair", lib.Arg(1, lib.MASKED_EQ, SOCK_TYPE_MASK, SOCK_DGRAM))
        for flag in NAMESPACE_FLAGS:  # any one of them (rules on one call are alternatives)
            rules.add_rule(refuse, "clone", lib.Arg(0, lib.MASKED_EQ, flag, flag))
        for name, argument in SELF_ONLY:
            rules.add_rule(refuse, name, lib.Arg(argument, lib.NE, 0))
        rules.add_rule(refuse, "prctl", lib.Arg(0, lib.EQ, PR_SET_DUMPABLE))
        _refuse(lib, rules, lib.ERRNO(errno.ENOSYS), "clone3")
        with tempfile.TemporaryFile() as stream:
            rules.export_bpf(stream)
            stream.seek(0)
            data = stream.read()
    except (OSError, RuntimeError, ValueError) as exc:
        log.warning("the seccomp filter could not be compiled: %s", exc)
        return None, f"{type(exc).__name__}: {exc}"[:160]
    return data, ""


def _add_compat_architectures(lib: Any, rules: Any) -> None:
    """On x86-64, the same rules for its 32-bit ABIs (i386 through `int 0x80`, x32):
    without them, their calls would meet the rules of another numbering."""
    if lib.system_arch() == lib.Arch.X86_64:
        for arch in (lib.Arch.X86, lib.Arch.X32):
            try:
                rules.add_arch(arch)
            except (OSError, RuntimeError, ValueError):
                log.debug("seccomp: architecture %s not added", arch)


def _refuse(lib: Any, rules: Any, action: int, name: str) -> None:
    try:
        rules.add_rule(action, name)
    except (OSError, RuntimeError, ValueError):
        number = NEW_SYSCALLS.get(name)
        if number is None:
            return  # not a call of this architecture
        rules.add_rule(action, number)


def load(data: bytes) -> None:
    """In the worker's child, just before `exec`: no new privileges, then the filter
    (irreversible, inherited by every process it starts). Raises OSError when refused."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")
    buffer = ctypes.create_string_buffer(data, len(data))
    fprog = _SockFprog(len(data) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP)")


def bubblewrap_fd(data: bytes) -> int:
    """A pipe's read end holding the program, for `bwrap --seccomp FD` (a program of a
    few hundred instructions fits in the pipe: written whole before bwrap starts)."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, data)
    finally:
        os.close(write_end)
    return read_end
