"""Which OS-level isolation the worker gets, and the bubblewrap command line.

- `bubblewrap`: own namespaces (user, PID, network, mount...), an unprivileged user
  with no capability even when the grader is root, and a filesystem holding only the
  Python runtime, the student's libraries, the worker's private folder and a sized
  scratch (installed packages hidden under empty read-only tmpfs).
- `landlock`: the kernel's Landlock LSM confines the worker's files, TCP, signals and
  abstract sockets (see `landlock`); no namespace needed.
- `basic`: limits, scrubbed environment, private script, cage, and when the grader is
  root a user id of its own; the grader's files stay readable (docs/explanation/security.md).
- `portable`: wherever CPython runs (Windows, macOS): a separate worker process whose
  time budgets are enforced by killing it, and the limits the OS offers; for
  self-checking, not for marks (see `portable`).

`auto` picks the strongest that works here, and says why it fell back; on Windows and
macOS it picks `portable`.
"""

from __future__ import annotations

import enum
import functools
import logging
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import landlock, reach
from .reasons import Reason, Unavailable

log = logging.getLogger(__name__)
MIB = 1024 * 1024
SANDBOX_UID = 65534
"""The worker's user inside bubblewrap's user namespace (nobody): no capability."""
SYSTEM_FOLDERS = ("/usr", "/lib", "/lib64", "/bin", "/etc/alternatives", "/etc/ld.so.cache", "/etc/localtime")


class Isolation(str, enum.Enum):
    BASIC = "basic"
    LANDLOCK = "landlock"
    BUBBLEWRAP = "bubblewrap"
    PORTABLE = "portable"

    @property
    def strong(self) -> bool:
        """Whether the grader's files (the reference) are out of the worker's reach."""
        return self in (Isolation.LANDLOCK, Isolation.BUBBLEWRAP)


PORTABLE_PLATFORMS = ("win32", "cygwin", "darwin")
"""Where `auto` takes the portable tier (the other modes need Linux)."""


class IsolationUnavailable(Exception):
    """The isolation asked for cannot work on this machine (a usage error)."""

    def __init__(self, why: Unavailable):
        super().__init__(str(why))
        self.why = why


@dataclass(frozen=True)
class IsolationChoice:
    """The isolation in force for a run, and why not a stronger one."""

    mode: Isolation
    landlock_abi: int = 0
    fallback: tuple[Unavailable, ...] = ()
    """Why `auto` did not get bubblewrap (and Landlock), empty otherwise."""

    @property
    def label(self) -> str:
        if self.mode is Isolation.LANDLOCK:
            return f"landlock (ABI {self.landlock_abi})"
        return str(self.mode.value)


def _python_roots() -> list[Path]:
    """The folders of the runtime bwrap binds whole (installed packages hidden after)."""
    roots = {Path(reach.python_executable()).parent.parent}
    for path in reach.runtime_paths():
        if not any(str(path).startswith(s + "/") or str(path) == s for s in SYSTEM_FOLDERS):
            roots.add(path)
    return list(reach._outermost(roots))


def _hidden_inside(bound: list[Path]) -> list[Path]:
    """Folders of installed packages under a bound folder: covered by an empty tmpfs."""
    found: set[Path] = set()
    for root in bound:
        for pattern in (
            "lib*/python3*/*-packages",
            "local/lib*/python3*/*-packages",
            "lib/python3/dist-packages",
        ):
            found.update(reach._real(p) for p in root.glob(pattern) if p.is_dir())
        found.update(h for h in reach.hidden_folders() if h != root and root in h.parents)
    outer = [f for f in found if not any(o in f.parents for o in found)]
    return sorted(outer)


@functools.lru_cache(maxsize=1)
def _runtime_binds() -> tuple[str, ...]:
    """The runtime's part of the bwrap command, the same for every worker: computed
    once per process, by the grader, before any worker runs (the globs and the carving
    were paid at each start before)."""
    args: list[str] = []
    bound = []
    for folder in SYSTEM_FOLDERS:
        if Path(folder).exists():
            args += ["--ro-bind", folder, folder]
            bound.append(Path(folder))
    for root in _python_roots():
        args += ["--ro-bind", str(root), str(root)]
        bound.append(root)
    hidden = _hidden_inside(bound)
    for path in hidden:
        args += ["--tmpfs", str(path)]
    for _, path in reach.student_libraries():
        args += ["--ro-bind", str(path), str(path)]
    for path in hidden:
        args += ["--remount-ro", str(path)]
    return tuple(args)


def wrap_command(
    command: list[str],
    isolation: Isolation,
    scratch: str,
    private: Path,
    scratch_bytes: int,
    seccomp_fd: int | None = None,
    private_at: Path | None = None,
) -> list[str]:
    """The command run inside bubblewrap (or unchanged for the other isolations).

    The only writable places are a tmpfs of `scratch_bytes` on /tmp, holding the
    scratch directory (so many files cannot fill the disk, and the files vanish with
    the sandbox), and a 1 MiB /dev/shm; `/`, /dev and every bound folder are read-only.
    `private` is bound at `private_at` (the same path on every run; itself by default),
    the host name is `mmg`, and `seccomp_fd` (a pipe holding a BPF program,
    `syscalls.bubblewrap_fd`) is the filter bwrap loads just before `command`.
    """
    if isolation is not Isolation.BUBBLEWRAP:
        return command
    bwrap = [
        "bwrap",
        "--unshare-all",
        "--unshare-user",
        "--uid",
        str(SANDBOX_UID),
        "--gid",
        str(SANDBOX_UID),
        "--disable-userns",
        "--cap-drop",
        "ALL",
        "--die-with-parent",
        "--new-session",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--size",
        str(MIB),
        "--tmpfs",
        "/dev/shm",
        "--remount-ro",
        "/dev",
        "--size",
        str(scratch_bytes),
        "--tmpfs",
        "/tmp",
    ]
    bwrap += ["--hostname", "mmg"]
    if seccomp_fd is not None:
        bwrap += ["--seccomp", str(seccomp_fd)]
    bwrap += _runtime_binds()
    bwrap += ["--ro-bind", str(private), str(private_at or private)]
    if Path("/tmp") in Path(scratch).parents:
        bwrap += ["--dir", scratch]  # inside the sized /tmp
    else:  # a scratch elsewhere (TMPDIR set): its own sized tmpfs
        bwrap += ["--size", str(scratch_bytes), "--tmpfs", scratch]
    # The sandbox's root is a tmpfs bwrap made for the mount points: read-only too.
    return bwrap + ["--remount-ro", "/", "--chdir", scratch, "--"] + command


PROBE_SECONDS = 20
_probe: subprocess.Popen[bytes] | None = None
"""The probe `start_probe` launched, collected by `bubblewrap_status`."""
_witness: Callable[[], bool] | None = None
"""Whether a bubblewrap worker started in the probe's stead answers (see `witness`)."""


def witness(answers: Callable[[], bool]) -> None:
    """A bubblewrap worker was started before any probe (the command line's worker
    ahead): whether it answers is the probe's verdict, so no probe is started (its
    CPU would compete with the worker's boot and the grader's imports). When it does
    not answer, `bubblewrap_status` runs the probe, for its error line."""
    global _witness
    _witness = answers


def _probe_command() -> list[str]:
    """A Python that does nothing, in the sandbox every worker gets."""
    return wrap_command(
        [reach.python_executable(), "-S", "-c", "pass"],
        Isolation.BUBBLEWRAP,
        "/tmp/mmg-probe",
        Path(reach.python_executable()).parent,
        16 * MIB,
    )


def start_probe() -> None:
    """Launch the bubblewrap probe without waiting for it: the command line calls this
    before its heavy imports, so that the probe runs beside them."""
    global _probe
    if (
        _probe is not None
        or _witness is not None
        or bubblewrap_status.cache_info().currsize
        or shutil.which("bwrap") is None
    ):
        return
    try:
        _probe = subprocess.Popen(
            _probe_command(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
    except OSError:
        _probe = None  # bubblewrap_status runs it again and words the error


def _collect_probe() -> subprocess.CompletedProcess[bytes]:
    global _probe
    probe, _probe = _probe, None
    if probe is None:
        return subprocess.run(_probe_command(), capture_output=True, timeout=PROBE_SECONDS, check=False)
    try:
        _, stderr = probe.communicate(timeout=PROBE_SECONDS)
    except subprocess.TimeoutExpired:
        probe.kill()
        probe.communicate()
        raise
    return subprocess.CompletedProcess(probe.args, probe.returncode, b"", stderr)


@functools.lru_cache(maxsize=1)
def bubblewrap_status() -> tuple[bool, Unavailable | None]:
    """(bubblewrap works here, why not) probed once: a bubblewrap worker that answers
    (`witness`), else the probe (the one `start_probe` launched when there is one)."""
    global _witness
    answers, _witness = _witness, None
    if shutil.which("bwrap") is None:
        return False, Unavailable(Reason.BWRAP_NOT_INSTALLED)
    if answers is not None and answers():
        return True, None
    try:
        done = _collect_probe()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, Unavailable(Reason.BWRAP_NO_START, str(exc))
    if done.returncode != 0:
        error = done.stderr.decode(errors="replace").strip().splitlines()
        return False, Unavailable(
            Reason.BWRAP_FAILS, error[-1][:160] if error else f"status {done.returncode}"
        )
    return True, None


def likely(choice: str) -> Isolation | None:
    """The isolation `choose(choice)` will most likely return, without waiting for the
    bubblewrap probe (bubblewrap when bwrap is installed); None when it cannot work."""
    if choice in ("auto", "bubblewrap") and sys.platform not in PORTABLE_PLATFORMS:
        if bubblewrap_status.cache_info().currsize == 0 and shutil.which("bwrap") is not None:
            return Isolation.BUBBLEWRAP
    try:
        return choose(choice).mode
    except IsolationUnavailable:
        return None


def choose(choice: str) -> IsolationChoice:
    """The isolation for `--isolation choice`; IsolationUnavailable when an explicit
    choice cannot work here."""
    if choice == "basic":
        if sys.platform in PORTABLE_PLATFORMS:  # preexec_fn, /proc, fd passing: Linux only
            raise IsolationUnavailable(Unavailable(Reason.NOT_LINUX, sys.platform))
        return IsolationChoice(Isolation.BASIC)
    if choice == "portable" or (choice == "auto" and sys.platform in PORTABLE_PLATFORMS):
        why = () if choice == "portable" else (Unavailable(Reason.NOT_LINUX, sys.platform),)
        return IsolationChoice(Isolation.PORTABLE, fallback=why)
    bwrap_ok, bwrap_why = bubblewrap_status() if choice in ("auto", "bubblewrap") else (False, None)
    if choice == "bubblewrap":
        if not bwrap_ok:
            assert bwrap_why is not None  # a failed probe always says why
            raise IsolationUnavailable(bwrap_why)
        return IsolationChoice(Isolation.BUBBLEWRAP)
    if choice == "auto" and bwrap_ok:  # Landlock not asked about: landlockpy stays unimported
        return IsolationChoice(Isolation.BUBBLEWRAP)
    version, landlock_why = landlock.abi()
    if choice == "landlock":
        if not version:
            assert landlock_why is not None
            raise IsolationUnavailable(landlock_why)
        return IsolationChoice(Isolation.LANDLOCK, version)
    if choice != "auto":
        raise IsolationUnavailable(Unavailable(Reason.UNKNOWN_MODE, repr(choice)))
    fallback = tuple(why for why in (bwrap_why, landlock_why if not version else None) if why is not None)
    if version:
        return IsolationChoice(Isolation.LANDLOCK, version, fallback=fallback)
    return IsolationChoice(Isolation.BASIC, fallback=fallback)
