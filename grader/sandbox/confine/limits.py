"""Resource limits applied to the worker just before it starts (in the child).

`resource` is POSIX only: it is imported where the limits are applied, never at module
level (the portable tier runs on Windows, where the worker gets no kernel limit).
"""

from __future__ import annotations

from dataclasses import dataclass

MIB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """Kernel limits of one worker process (and what it forks)."""

    memory_bytes: int = 1024 * MIB
    """Address space: an allocation beyond it raises MemoryError in the student code."""
    cpu_seconds: int = 300
    """CPU time of the whole worker life; the wall-clock deadlines normally act first."""
    file_bytes: int = 64 * MIB
    """Largest file the student code may write in its scratch directory."""
    open_files: int = 256
    processes: int = 64
    """Processes and threads of one worker: the cgroup's `pids.max` when the grader can
    make one, else counted by the grader (RLIMIT_NPROC, also set, binds only non-root)."""
    scratch_bytes: int = 128 * MIB
    """All the files of the scratch directory together: a sized tmpfs (bubblewrap, and a
    root grader's private /tmp), else counted by the grader (`cage`)."""
    total_memory_bytes: int = 1024 * MIB
    """Memory of all the worker's processes together, its tmpfs files included: a memory
    cgroup when the grader can make one, else counted by the grader (`cage`). What one
    process may have (`memory_bytes`): forks hold no more together than it alone (issue
    40: six forks held 1,410 MiB against 1,536)."""
    use_cgroup: bool = True
    """Cage the worker's processes in a pids cgroup when the machine allows it."""


def apply_limits(limits: Limits) -> None:
    """Set the limits in the current process; runs in the child before exec."""
    import resource

    for which, value in (
        (resource.RLIMIT_AS, limits.memory_bytes),
        (resource.RLIMIT_CPU, limits.cpu_seconds),
        (resource.RLIMIT_FSIZE, limits.file_bytes),
        (resource.RLIMIT_NOFILE, limits.open_files),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_NPROC, limits.processes),
    ):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass  # a limit the platform refuses is skipped, the others still apply


def portable_limits(limits: Limits) -> str:
    """The limits the portable worker sets on itself (`MMG_LIMITS`): no process count
    (RLIMIT_NPROC counts all the processes of the user, who is the student there)."""
    return ",".join(
        f"{name}={value}"
        for name, value in (
            ("AS", limits.memory_bytes),
            ("CPU", limits.cpu_seconds),
            ("FSIZE", limits.file_bytes),
            ("NOFILE", limits.open_files),
            ("CORE", 0),
        )
    )
