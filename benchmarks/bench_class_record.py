"""Time a class marked with a record (`--results`), side by side with today's run.

    python benchmarks/bench_class_record.py [--students 40] [--jobs 2] [--rounds 3]

The class of 40 is bench_batch.py's (the fixture corpus, one folder per student, two
endless loops). Each round, in a fresh folder, times:

- `plain`: today's run, `grade.py copies --csv notes.csv` (the baseline);
- `first`: the first run with a record, `--results classe` (every copy graded);
- `again`: the same command once more, nothing changed (no copy graded: no worker);
- `barème`: a barème file added (Q17 left out, Q16 worth 2, out of 10): the 40 scored
  again from the record, no worker.

Prints each figure per round, the median, and the ratios the issue sets as goals
(`first` as fast as `plain`; `again` under 5% of `first`; `barème` under a second).
Nothing is asserted: figures for docs/how-to/mark-a-class.md.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_batch import build_class

BAREME = 'exercice = "puissance4"\nsur = 10\narrondi = 0.5\nomises = ["Q17"]\n[points]\nQ16 = 2\n'


def timed(*args: str | Path, cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *map(str, args)], cwd=cwd, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"grade.py {' '.join(map(str, args))} failed:\n{done.stderr[-2000:]}")
    return seconds


def one_round(students: int, jobs: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        copies = folder / "copies"
        copies.mkdir()
        build_class(copies, students, 2)
        figures = {"plain": timed(copies, "--csv", "plain.csv", "--jobs", jobs, cwd=folder)}
        record = ("--results", "classe", "--csv", "classe/notes.csv", "--jobs", jobs)
        figures["first"] = timed(copies, *record, cwd=folder)
        figures["again"] = timed(copies, *record, cwd=folder)
        (copies / "minimax-grader.toml").write_text(BAREME, encoding="utf-8")
        figures["barème"] = timed(copies, *record, cwd=folder)
        return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--jobs", default="2")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rounds = []
    for number in range(1, args.rounds + 1):
        figures = one_round(args.students, args.jobs)
        rounds.append(figures)
        print(
            f"round {number}: " + "  ".join(f"{name} {seconds:6.2f} s" for name, seconds in figures.items())
        )
    median = {name: statistics.median(r[name] for r in rounds) for name in rounds[0]}
    print("median:  " + "  ".join(f"{name} {seconds:6.2f} s" for name, seconds in median.items()))
    print(f"first / plain: {median['first'] / median['plain']:.2f} (goal: about 1)")
    print(f"again / first: {100 * median['again'] / median['first']:.1f}% (goal: under 5%)")
    print(f"barème applied to the {args.students}: {median['barème']:.2f} s (goal: under 1 s)")


if __name__ == "__main__":
    main()
