"""Time the grading of the bundled sample notebook, as a student runs it.

    python benchmarks/bench_sample.py [--runs 5] [NOTEBOOK]

Prints the wall time of `python grade.py NOTEBOOK` (a fresh process each run, as a
student sees it), the split between student code and grader, and peak memory.
Nothing here is asserted: the figures are for the README and for spotting regressions.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("notebook", nargs="?", type=Path, default=ROOT / "samples" / "eleve_puissance4.ipynb")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    walls, inner, student = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "r.json"
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    str(ROOT / "grade.py"),
                    str(args.notebook),
                    "--jobs",
                    "1",
                    "--json",
                    str(report),
                ],
                check=True,
                capture_output=True,
            )
            walls.append(time.perf_counter() - start)
            sub = json.loads(report.read_text())["submissions"][0]
            inner.append(sub["duration_s"])
            student.append(sub.get("student_s", 0.0))
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"notebook            : {args.notebook.name} ({args.runs} runs, {sys.version.split()[0]})")
    print(
        f"wall, whole command : median {statistics.median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f})"
    )
    print(f"grading one file    : median {statistics.median(inner):.2f} s (start-up and imports excluded)")
    print(f"  waiting on student: median {statistics.median(student):.2f} s (time inside worker requests)")
    print(f"  grader overhead   : median {statistics.median(inner) - statistics.median(student):.2f} s")
    print(f"peak RSS, largest child process: {children.ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
