"""`benchmarks/instructions.py` counts what it says it counts: the grading process and each
worker, with the clock-dependent parts of the engine off (no valgrind needed here: a
stand-in records how it was called and runs the command as valgrind would)."""

import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from grader.sandbox.manage import process
from grader.sandbox.worker import loopwatch

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("instructions", ROOT / "benchmarks" / "instructions.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

# Writes the file callgrind would (its --callgrind-out-file, %p its pid, a made-up count
# from its first argument's length), then runs the command, as valgrind does.
STAND_IN = """#!/bin/sh
out=""
for argument in "$@"; do
  case "$argument" in
    --callgrind-out-file=*) out="${argument#--callgrind-out-file=}"; shift ;;
    --*) shift ;;
    *) break ;;
  esac
done
printf 'cmd: %s\\nsummary: 1000000\\n' "$*" > "$(echo "$out" | sed "s/%p/$$/")"
exec "$@"
"""


def test_the_counts_are_read_from_every_file_that_has_one(tmp_path):
    (tmp_path / "worker.11").write_text("events: Ir\nsummary: 2000\ntotals: 2000\n")
    (tmp_path / "worker.12").write_text("")  # killed before it could write
    (tmp_path / "worker.13").write_text("summary: 500\n")
    (tmp_path / "grader.10").write_text("summary: 7\n")
    assert bench.totals(tmp_path, "worker") == [2000, 500]
    assert bench.totals(tmp_path, "grader") == [7]


def test_without_probes_a_run_has_no_window_before_its_budget():
    """What the script appends to the worker still switches the detector's windows off."""
    assert loopwatch.LoopWatch().arm(5.0) < 5.0  # a window at 0.1 s: the count would follow the clock
    namespace = {"LoopWatch": loopwatch.LoopWatch}
    original = loopwatch.LoopWatch.PROBES
    try:
        exec(bench.NO_WINDOWS, namespace)  # before the worker's watch first arms, as in the script
        assert loopwatch.LoopWatch().arm(5.0) == 5.0
    finally:
        loopwatch.LoopWatch.PROBES = original
    marker = 'if __name__ == "__main__":\n    main()'
    assert process.worker_script().count(marker) == 1  # where the script inserts it


@pytest.fixture
def open_folder():
    """A folder a worker running as a user id of its own can cross (pytest's are private)."""
    folder = Path(tempfile.mkdtemp(prefix="mmg-test-instructions-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.slow
def test_a_run_counts_the_grading_process_and_its_worker(open_folder):
    stand_in = open_folder / "valgrind"
    stand_in.write_text(STAND_IN)
    stand_in.chmod(0o755)
    out = Path("counts")  # relative to the folder the command runs in, as a user may give it
    notebook = ROOT / "tests" / "fixtures" / "puissance4" / "correct_listes.ipynb"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "instructions.py"),
            "--keep",
            str(out),
            "--valgrind",
            str(stand_in),
            str(notebook),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=open_folder,
    )
    out = open_folder / out
    assert done.returncode == 0, done.stderr[-2000:]
    assert "correct_listes.ipynb: 20/20" in done.stdout  # graded in full, nothing cut short
    assert "grading process: 0.001 G" in done.stdout
    workers = int(re.search(r"workers \((\d+)\)", done.stdout).group(1))
    assert workers >= 1
    graders = list(out.glob("grader.*"))
    assert len(graders) == 1 and "--child" in graders[0].read_text()
    for path in out.glob("worker.*"):  # the worker's interpreter, under the stand-in
        assert "-S" in path.read_text()
