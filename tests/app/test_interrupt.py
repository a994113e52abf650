"""Ctrl-C in a terminal while a class is graded, as a teacher presses it (issue 36): one
French line with the right counts, no traceback, the reports of what was graded written,
and no manual table made from part of the class."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="a pty is POSIX")]

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def press_ctrl_c(
    argv: list[str], cwd: Path, when: re.Pattern[bytes], limit: float = 300, again: tuple[float, ...] = ()
) -> tuple[int, str, bool]:
    """Run the command on a pseudo-terminal, type Ctrl-C once `when` matches what it
    showed, and again after each delay of `again` (seconds after the one before);
    (exit status, what the terminal showed, whether Ctrl-C was typed)."""
    import pty
    import termios  # POSIX, as pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, on the terminal, as a shell starts it
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # an earlier in-process test may ignore it
        # A Ctrl-C makes the terminal discard the output not yet read (the tty flushes its
        # queues on INTR): a press after the grader's last line, before this reader took
        # it, lost that line (a CI run of the impatient case). A terminal on screen reads at
        # once; the test reads what the grader wrote.
        attributes = termios.tcgetattr(0)
        attributes[3] |= termios.NOFLSH
        termios.tcsetattr(0, termios.TCSANOW, attributes)
        os.chdir(cwd)
        os.execv(sys.executable, [sys.executable, *argv])
    shown, typed, start = b"", False, time.monotonic()
    presses, last = list(again), 0.0
    while time.monotonic() - start < limit:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        if not typed and when.search(shown):
            os.write(fd, b"\x03")
            typed, last = True, time.monotonic()
        elif typed and presses and time.monotonic() - last >= presses[0]:
            try:
                os.write(fd, b"\x03")
            except OSError:  # it has ended already
                presses = []
                continue
            presses.pop(0)
            last = time.monotonic()
    _, status = os.waitpid(pid, 0)
    text = ANSI.sub("", shown.decode("utf-8", "replace").replace("\r", "\n"))
    return os.waitstatus_to_exitcode(status), text, typed


@pytest.mark.parametrize(
    "again",
    [(), (0.0,), (0.02, 0.02, 0.1, 0.3)],
    ids=["once", "twice-at-once", "impatient"],
)
def test_ctrl_c_says_one_french_line_with_the_right_counts_and_no_traceback(
    tmp_path: Path, again: tuple[float, ...]
) -> None:
    """Once, or pressed again while the grader stops (each grading process gets the
    terminal's Ctrl-C and the grader's own: CI, stop 43)."""
    copies = tmp_path / "copies"
    for i in range(40):
        (copies / f"eleve{i:02d}").mkdir(parents=True)
        shutil.copy(SAMPLE, copies / f"eleve{i:02d}" / "td10.ipynb")
    (copies / "minimax-grader.toml").write_text('exercice = "puissance4"\n[points]\nQ16 = 2\n')
    argv = [str(ROOT / "grade.py"), "copies", "--results", "classe", "--manual", "classe/manuel.csv"]
    argv += ["--csv", "classe/notes.csv", "--jobs", "2"]
    # Once a copy or more is graded: a loaded machine's progress bar may skip from 1 to 3.
    status, shown, typed = press_ctrl_c(argv, tmp_path, re.compile(rb" [1-9][0-9]?/40"), again=again)
    assert typed, shown[-2000:]
    assert status == 130, shown[-2000:]
    assert "Traceback" not in shown and "KeyboardInterrupt" not in shown, shown[-3000:]
    (line,) = [x for x in shown.splitlines() if x.startswith("Interrompu")]
    done, total = map(
        int, re.fullmatch(r"Interrompu : (\d+) copie\(s\) corrigée\(s\) sur (\d+) ; .*", line).groups()
    )
    assert total == 40 and 1 <= done < 40
    entries = list((tmp_path / "classe" / "record").glob("*.json"))
    assert len(entries) == done  # what was graded is kept, and counted as kept
    assert f"{done} copie(s) corrigée(s), 0 inchangée(s)" in shown
    # the manual table is not made from part of the class: the next run makes it whole
    assert not (tmp_path / "classe" / "manuel.csv").exists() and "non créé" in shown
