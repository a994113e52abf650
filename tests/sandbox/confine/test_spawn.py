"""A Ctrl-C between a child's fork and its own session (grader/sandbox/confine/spawn.py).

The CI run of stop 43 showed it on a teacher's terminal: test_interrupt's Ctrl-C reached
a worker's child while the interpreter's at-fork hooks ran, and printed "Exception
ignored in ... _releaseLock" and a KeyboardInterrupt traceback. The window is made wide
and certain here: an at-fork hook of the test's own sends SIGINT to the child it runs in.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and signal masks are POSIX")

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = """
import os, signal, subprocess, sys
from grader.sandbox.confine.spawn import popen_alone

def interrupted_in_the_window():
    os.kill(os.getpid(), signal.SIGINT)  # as the terminal's Ctrl-C, before setsid
    sum(range(100_000))  # Python runs on: a signal delivered now is raised here

os.register_at_fork(after_in_child=interrupted_in_the_window)
status = "open('/proc/self/status').read() if os.path.exists('/proc/self/status') else ''"
child = [sys.executable, "-c", f"import os; print('child ran'); print({status})"]
if sys.argv[1] == "plain":
    popen = subprocess.Popen(child, start_new_session=True, preexec_fn=lambda: None, stdout=sys.stdout)
else:
    popen = popen_alone(child, lambda: print("setup ran", flush=True), stdout=sys.stdout)
print("exit", popen.wait(), flush=True)
"""


def run(how: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SCRIPT), how],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_without_the_hold_the_window_is_real_here() -> None:
    """The control: a plain Popen with a preexec_fn is interrupted in its hook."""
    done = run("plain")
    assert "child ran" in done.stdout and "exit 0" in done.stdout
    assert "Exception ignored" in done.stderr and "KeyboardInterrupt" in done.stderr


def test_a_ctrl_c_in_the_window_is_not_raised_in_the_child_and_it_still_starts() -> None:
    done = run("alone")
    assert done.stderr == ""
    assert "setup ran" in done.stdout and "child ran" in done.stdout and "exit 0" in done.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the mask is read in /proc")
def test_the_started_program_gets_the_mask_back_sigint_not_blocked() -> None:
    done = run("alone")
    (blocked,) = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("SigBlk:")]
    assert int(blocked, 16) & (1 << (2 - 1)) == 0  # SIGINT is signal 2


def test_every_child_the_grader_gives_a_preexec_fn_goes_through_popen_alone() -> None:
    """A new `preexec_fn=` elsewhere would open the window again."""
    found = []
    for path in sorted((ROOT / "grader").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "preexec_fn":
                found.append(str(path.relative_to(ROOT)))
    assert found == ["grader/sandbox/confine/spawn.py"]
