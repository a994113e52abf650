"""What the isolation of the student's process costs per submission.

    python benchmarks/bench_isolation.py [--runs 5] [NOTEBOOK]

Grades the bundled sample NOTEBOOK `--runs` times with each isolation this machine
offers (basic, landlock, bubblewrap; in this process, so interpreter start-up and
imports are left out), and times a bare worker start + one cell + stop for each, with
and without the pids cgroup, and what building a Landlock ruleset costs. Prints
medians; nothing is asserted (figures for docs/explanation/security.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.app.runner import grade_file
from grader.model.settings import Settings
from grader.sandbox.confine import landlock
from grader.sandbox.confine.cage import cgroups_usable
from grader.sandbox.confine.isolation import Isolation, bubblewrap_status
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.session import StudentSession


def time_grading(notebook: Path, isolation: str, runs: int) -> tuple[float, float, int]:
    walls, score, restarts = [], 0.0, 0
    for _ in range(runs):
        start = time.perf_counter()
        result = grade_file(notebook, Settings(isolation=isolation))
        walls.append(time.perf_counter() - start)
        score, restarts = result.score, result.restarts
    return statistics.median(walls), score, restarts


def time_worker(isolation: Isolation, limits: Limits, runs: int) -> float:
    """One worker started, one cell run, the worker stopped (all its processes killed)."""
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        with StudentSession("m", limits, isolation, 5) as session:
            session.run_cell("x = 1\n", "c")
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def time_ruleset(runs: int) -> float:
    """Building (and closing) the Landlock ruleset of one worker, the only cost Landlock
    adds in the grader; enforcing it is one system call in the worker's child."""
    import tempfile

    walls = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            start = time.perf_counter()
            landlock.build_ruleset(Path(folder), Path(folder)).close()
            walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("notebook", nargs="?", type=Path, default=ROOT / "samples" / "eleve_puissance4.ipynb")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    modes = ["basic"]
    if landlock.abi()[0]:
        modes.append("landlock")
    else:
        print(f"landlock not measured: {landlock.abi()[1]}")
    if bubblewrap_status()[0]:
        modes.append("bubblewrap")
    else:
        print(f"bubblewrap not measured: {bubblewrap_status()[1]}")
    if "landlock" in modes:
        print(
            f"landlock ABI {landlock.abi()[0]}: building one worker's ruleset takes "
            f"{time_ruleset(args.runs * 20) * 1000:.2f} ms"
        )
    print(f"pids cgroup usable: {cgroups_usable()}")
    grade_file(args.notebook, Settings(isolation="basic"))  # warm the caches (reference values)
    graded = {}
    for mode in modes:
        graded[mode], score, restarts = time_grading(args.notebook, mode, args.runs)
        print(
            f"grading {args.notebook.name}, isolation {mode:10s}: {graded[mode]:.3f} s "
            f"(median of {args.runs}; score {score}, restarts {restarts})"
        )
    for mode in modes:
        for cgroup in (True, False):
            seconds = time_worker(Isolation(mode), Limits(use_cgroup=cgroup), args.runs * 4)
            print(
                f"worker start + one cell + stop, {mode:10s} {'cgroup' if cgroup else 'session'} cage: "
                f"{seconds * 1000:.1f} ms"
            )
    for mode in modes[1:]:
        print(
            f"{mode} adds {graded[mode] - graded['basic']:+.3f} s per submission "
            f"({(graded[mode] / graded['basic'] - 1) * 100:+.0f} %)"
        )


if __name__ == "__main__":
    main()
