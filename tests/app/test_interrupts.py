"""Ctrl-C is raised once, and only where grading can stop (grader/app/interrupts.py).

The pty tests of test_interrupt.py press it as a teacher does; these state the rule on
signals raised in the test's own thread (`signal.raise_signal` runs the handler before
it returns)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.app.interrupts import INTERRUPTS, Interrupts

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT raised in-process is POSIX here")


@pytest.fixture(autouse=True)
def own_handler() -> Iterator[None]:
    before = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, before)


def test_the_first_ctrl_c_inside_stoppable_is_raised_and_a_later_one_is_not() -> None:
    interrupts = Interrupts()
    assert interrupts.install()
    cleaned = False
    with pytest.raises(KeyboardInterrupt), interrupts.stoppable():
        try:
            signal.raise_signal(signal.SIGINT)
            pytest.fail("not raised")
        except KeyboardInterrupt:
            signal.raise_signal(signal.SIGINT)  # pressed again while the grader stops
            cleaned = True
            raise
    assert cleaned
    signal.raise_signal(signal.SIGINT)  # writing what was graded: not raised either
    assert interrupts.seen


def test_a_ctrl_c_outside_stoppable_is_noted_and_raised_when_it_is_entered() -> None:
    """A grading process waiting for its next copy: the copy is not graded."""
    interrupts = Interrupts()
    interrupts.install()
    signal.raise_signal(signal.SIGINT)  # not raised here
    entered = False
    with pytest.raises(KeyboardInterrupt), interrupts.stoppable():
        entered = True
    assert not entered


def test_installing_again_forgets_an_earlier_ctrl_c_and_uninstall_puts_the_handler_back() -> None:
    def earlier(signum: int, frame: object) -> None:
        pass

    signal.signal(signal.SIGINT, earlier)
    interrupts = Interrupts()
    interrupts.install()
    signal.raise_signal(signal.SIGINT)
    interrupts.install()
    assert not interrupts.seen
    interrupts.uninstall()
    assert signal.getsignal(signal.SIGINT) is earlier


def test_only_the_main_thread_takes_the_signal() -> None:
    found: list[bool] = []
    thread = threading.Thread(target=lambda: found.append(Interrupts().install()))
    thread.start()
    thread.join()
    assert found == [False]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_a_forked_child_is_not_inside_its_parent_s_stoppable() -> None:
    """A grading process forked while the command line grades the batch."""
    INTERRUPTS.install()
    with INTERRUPTS.stoppable():
        pid = os.fork()
        if pid == 0:
            try:
                signal.raise_signal(signal.SIGINT)
            except KeyboardInterrupt:
                os._exit(1)
            os._exit(0 if INTERRUPTS.seen else 2)
    _, status = os.waitpid(pid, 0)
    INTERRUPTS.uninstall()
    assert os.waitstatus_to_exitcode(status) == 0


def test_once_stopping_a_ctrl_c_is_ignored_by_the_system_not_by_a_python_handler() -> None:
    """A Ctrl-C pressed as the command line ends: the interpreter's end puts back the
    default handler of a signal a Python function handles (status -2 instead of 130,
    seen with the pty test's impatient teacher); an ignored one stays ignored."""
    interrupts = Interrupts()
    interrupts.install()
    interrupts.stopping()
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


@pytest.mark.parametrize(
    ("lang", "line"), [([], "Interrompu (relancez"), (["--lang", "en"], "Interrupted (run")]
)
def test_a_ctrl_c_before_or_after_the_grading_ends_the_command_with_one_line(
    lang: list[str], line: str
) -> None:
    """Anywhere `_grade` does not take it (reading the class, writing the reports)."""
    code = (
        "import sys\n"
        "from grader.app import cli\n"
        "def main(argv, exercises):\n"
        "    raise KeyboardInterrupt\n"
        "cli.main = main\n"
        f"sys.argv = ['grade.py', 'copies', *{lang!r}]\n"
        "cli.run({})\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 130
    assert done.stderr.startswith(line) and done.stderr.count("\n") == 1, done.stderr
