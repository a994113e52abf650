"""OS-level isolation of the worker with bubblewrap, when the machine has it.

With bubblewrap the worker sees only the Python installation, its private script
folder and its scratch directory: not the grader's files, not the network, not the
other processes (own PID namespace). Without it the isolation is `basic`: limits,
scrubbed environment, scratch working directory, grader code not on `sys.path`.
"""

from __future__ import annotations

import enum
import functools
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger(__name__)
MIB = 1024 * 1024


class Isolation(str, enum.Enum):
    BASIC = "basic"
    BUBBLEWRAP = "bubblewrap"


def _python_roots() -> list[str]:
    """Folders the worker's Python needs: its prefix(es) and the system libraries."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    real = Path(sys.executable).resolve().parent.parent
    roots.add(str(real))
    return sorted(r for r in roots if r and Path(r).exists())


def wrap_command(command: list[str], isolation: Isolation, scratch: str,
                 script_dir: Path, scratch_bytes: int) -> list[str]:
    """The command run inside bubblewrap (or unchanged for basic isolation).

    The only writable places are a tmpfs of `scratch_bytes` on /tmp, holding the
    scratch directory (so many files cannot fill the disk, and the files vanish with
    the sandbox), and a 1 MiB /dev/shm; `/`, /dev and every bound folder are read-only.
    """
    if isolation is not Isolation.BUBBLEWRAP:
        return command
    bwrap = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
             "--proc", "/proc", "--dev", "/dev", "--size", str(MIB), "--tmpfs", "/dev/shm",
             "--remount-ro", "/dev", "--size", str(scratch_bytes), "--tmpfs", "/tmp"]
    for folder in ("/usr", "/lib", "/lib64", "/bin", "/etc/alternatives", "/etc/ld.so.cache"):
        if Path(folder).exists():
            bwrap += ["--ro-bind", folder, folder]
    for root in _python_roots():
        bwrap += ["--ro-bind", root, root]
    bwrap += ["--ro-bind", str(script_dir), str(script_dir)]
    if Path(scratch).parent == Path("/tmp"):
        bwrap += ["--dir", scratch]  # inside the sized /tmp
    else:  # a scratch elsewhere (TMPDIR set): its own sized tmpfs
        bwrap += ["--size", str(scratch_bytes), "--tmpfs", scratch]
    # The sandbox's root is a tmpfs bwrap made for the mount points: read-only too.
    return bwrap + ["--remount-ro", "/", "--chdir", scratch, "--"] + command


@functools.lru_cache(maxsize=1)
def available_isolation() -> Isolation:
    """Bubblewrap when it is installed and works here, else basic (probed once)."""
    if shutil.which("bwrap") is None:
        return Isolation.BASIC
    probe = wrap_command([sys.executable, "-c", "pass"], Isolation.BUBBLEWRAP, "/tmp/mmg-probe",
                         Path(sys.prefix), 16 * MIB)
    try:
        done = subprocess.run(probe, capture_output=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return Isolation.BASIC
    if done.returncode != 0:
        log.info("bubblewrap present but unusable here: %s", done.stderr.decode(errors="replace")[:200])
        return Isolation.BASIC
    return Isolation.BUBBLEWRAP
