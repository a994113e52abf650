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
                 script_dir: Path, fds: tuple[int, ...]) -> list[str]:
    if isolation is not Isolation.BUBBLEWRAP:
        return command
    bwrap = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
             "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    for folder in ("/usr", "/lib", "/lib64", "/bin", "/etc/alternatives", "/etc/ld.so.cache"):
        if Path(folder).exists():
            bwrap += ["--ro-bind", folder, folder]
    for root in _python_roots():
        bwrap += ["--ro-bind", root, root]
    bwrap += ["--ro-bind", str(script_dir), str(script_dir),
              "--bind", scratch, scratch, "--chdir", scratch]
    return bwrap + ["--"] + command


@functools.lru_cache(maxsize=1)
def available_isolation() -> Isolation:
    """Bubblewrap when it is installed and works here, else basic (probed once)."""
    if shutil.which("bwrap") is None:
        return Isolation.BASIC
    probe = wrap_command([sys.executable, "-c", "pass"], Isolation.BUBBLEWRAP, "/tmp",
                         Path(sys.prefix), ())
    try:
        done = subprocess.run(probe, capture_output=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return Isolation.BASIC
    if done.returncode != 0:
        log.info("bubblewrap present but unusable here: %s", done.stderr.decode(errors="replace")[:200])
        return Isolation.BASIC
    return Isolation.BUBBLEWRAP
