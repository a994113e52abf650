"""Time a teacher's batch: a class of 40 puissance4 submissions graded with --jobs 2.

    python benchmarks/bench_batch.py [--students 40] [--loops 2] [--jobs 2] [--isolation auto]

The class is built in a temporary folder from the fixture corpus (correct and buggy
submissions, one folder per student): `--loops` copies of `correct_boucle_infinie.ipynb`
(issue 13's class holds two endless loops), then the rest of the corpus in turn. Prints the total
wall time, the time per submission, the harness overhead (wall time minus the CPU
time spent in student code, as the workers measure it), and the peak memory of the
whole process tree (sampled). Nothing is asserted: figures for the README.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "puissance4"
PAGE = os.sysconf("SC_PAGE_SIZE")


LOOPING = CORPUS / "correct_boucle_infinie.ipynb"
"""A right notebook whose last cell loops forever (each copy costs one cell budget, or
~0.1 s when the loop detector sees it: grader/sandbox/worker/loopwatch.py)."""


def build_class(folder: Path, students: int, loops: int) -> None:
    """`loops` copies of the looping notebook, then the rest of the corpus in turn."""
    files = sorted(p for p in CORPUS.iterdir() if p.suffix in (".ipynb", ".py") and p != LOOPING)
    sources = [LOOPING] * min(loops, students) + [files[i % len(files)] for i in range(students - loops)]
    for i, source in enumerate(sources):
        student = folder / f"eleve{i + 1:02d}"
        student.mkdir()
        shutil.copy(source, student / source.name)


def tree_rss(root_pid: int) -> int:
    """Resident memory of a process and all its descendants, in bytes."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            statm = Path(f"/proc/{entry}/statm").read_text().split()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
        rss[int(entry)] = int(statm[1]) * PAGE
    total, stack = 0, [root_pid]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, []))
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--loops", type=int, default=2, help="students whose notebook loops forever")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--isolation", default="auto")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copies, report = Path(tmp) / "copies", Path(tmp) / "report.json"
        copies.mkdir()
        build_class(copies, args.students, args.loops)
        peak = [0]
        start = time.perf_counter()
        process = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "grade.py"),
                str(copies),
                "--jobs",
                str(args.jobs),
                "--isolation",
                args.isolation,
                "--json",
                str(report),
                "--csv",
                str(Path(tmp) / "n.csv"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

        def sample() -> None:
            while process.poll() is None:
                peak[0] = max(peak[0], tree_rss(process.pid))
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        process.wait()
        wall = time.perf_counter() - start
        sampler.join()
        subs = json.loads(report.read_text())["submissions"]
    student_cpu = sum(s.get("student_cpu_s", 0.0) for s in subs)
    student_wait = sum(s.get("student_s", 0.0) for s in subs)
    graded = sum(s["status"] == "graded" for s in subs)
    n = len(subs)
    print(
        f"class               : {n} submissions ({graded} graded), --jobs {args.jobs}, "
        f"isolation {subs[0].get('isolation') or '?'}, {os.cpu_count()} cores, Python {sys.version.split()[0]}"
    )
    print(f"total wall time     : {wall:.1f} s (whole command, start-up included)")
    print(
        f"per submission      : {wall / n:.2f} s of wall time; "
        f"{sum(s['duration_s'] for s in subs) / n:.2f} s inside one grading process"
    )
    print(
        f"student code        : {student_cpu:.1f} s CPU in total "
        f"({student_wait:.1f} s of waiting on workers, transfers included)"
    )
    print(
        f"harness overhead    : {wall - student_cpu / args.jobs:.1f} s of wall time "
        f"(wall minus student CPU spread over {args.jobs} jobs)"
    )
    looping = [s for s in subs if any(c["error"].startswith("Timeout") for c in s["cells"]["failed"])]
    if looping:
        spent = sum(s["duration_s"] for s in looping)
        seen = sum(any(c.get("endless_loop") for c in s["cells"]["failed"]) for s in looping)
        print(
            f"endless loops       : {len(looping)} submissions with a cell stopped ({seen} seen by the "
            f"loop detector, the others at their budget), {spent:.1f} s of grading process time "
            f"({spent / args.jobs:.1f} s of wall time over {args.jobs} jobs)"
        )
    print(f"peak memory (tree)  : {peak[0] / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
