"""The grader and nbgrader side by side, on the same 20 Connect-4 notebooks.

    python benchmarks/bench_vs_nbgrader.py [--repeats 3] [--jobs 2] [--keep DIR]

What it does, in a temporary folder (or DIR with --keep, left in place afterwards):
- builds a class of 20 puissance4 notebooks: the .ipynb of the fixture corpus
  (tests/fixtures/puissance4/, correct and buggy ones) except `correct_boucle_infinie`,
  whose endless loop would only measure each tool's cell budget (5 s here, 30 s for
  nbgrader), not its speed: 19 notebooks, plus the bundled samples/eleve_puissance4.ipynb;
  one folder per student;
- builds an nbgrader course from them: a source notebook `td10` with a solution cell
  (the reference solution, between BEGIN/END SOLUTION) and an autograded test cell
  asserting `len(Lalignements) == 69` and `maximin(jeu1, 3) == (3, 14)` (2 points);
  `nbgrader generate_assignment`; each student's notebook becomes a submission in
  `submitted/<student>/td10/td10.ipynb`, as if written in the released notebook: its
  first code cell is the answer cell, the released test cell comes last;
- runs, in turn, `--repeats` times each: `grade.py copies/ --jobs N` (the whole
  puissance4 suite) and `nbgrader autograde td10 --force` (the two asserts; nbgrader
  grades one notebook after the other); then, `--repeats` times each too, one student:
  `grade.py samples/eleve_puissance4.ipynb` and the autograde of a course holding that
  notebook only;
- prints the median wall time and CPU time of each (CPU of the whole process tree:
  when the machine has a cgroup v1 `cpuacct` hierarchy we may write to (root), each
  command runs in a cgroup of its own and its `cpuacct.usage` counts every process,
  killed ones included; otherwise resource.getrusage(RUSAGE_CHILDREN) deltas, which
  miss the workers killed inside bubblewrap's PID namespace, as the output then says),
  the ratio nbgrader / grader, the grader's wall / (CPU / cores),
  peak memory (the grader's main process, the largest process, the whole tree: sampled
  every 50 ms from /proc), and each tool's marks as a check that both really graded.

nbgrader is never a dependency of the project: the script installs it (with ipykernel,
the kernel nbgrader executes notebooks with, and numpy, which two notebooks import)
into a throwaway venv, cached between runs in
`$XDG_CACHE_HOME/minimax-grader/bench-nbgrader-venv` (default `~/.cache/...`; another
place with --venv; delete the folder to reinstall). The first run needs PyPI (about
400 MB installed); the runs themselves are offline. Jupyter's user folders are pointed
into the temporary folder, so no personal kernel or config changes what runs.

Run it on a quiet machine: wall-clock figures under load say little. Nothing is
asserted; the figures are for the README's speed table and docs/lab/performance-log.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "puissance4"
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
SKIPPED = {
    "correct_boucle_infinie.ipynb",  # would only measure each tool's time limit
    # added after the "before" figures: the class stays the 20 measured then
    "squelette_a_faire.ipynb",
    "correct_magie_time.ipynb",
    "correct_magie_autres.ipynb",
}
CLASS_SIZE = 20
NBGRADER_SPEC = ["nbgrader==0.9.6", "ipykernel", "numpy"]
ASSIGNMENT = "td10"
GRADE_CELL = "assert len(Lalignements) == 69\nassert maximin(jeu1, 3) == (3, 14)\n"
SAMPLE_SECONDS = 0.05
"""How often the memory of the process tree is sampled."""


# -- the throwaway nbgrader venv ---------------------------------------------------
def default_venv() -> Path:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "minimax-grader" / "bench-nbgrader-venv"


def ensure_nbgrader(venv: Path) -> Path:
    """The venv's bin folder, with nbgrader installed (once; reused while the spec is the same)."""
    marker = venv / "bench-spec.json"
    nbgrader = venv / "bin" / "nbgrader"
    if nbgrader.exists() and marker.exists() and json.loads(marker.read_text()) == NBGRADER_SPEC:
        return venv / "bin"
    print(f"installing {' '.join(NBGRADER_SPEC)} into {venv} (once; cached for the next runs)...", flush=True)
    shutil.rmtree(venv, ignore_errors=True)
    venv.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", *NBGRADER_SPEC], check=True)
    marker.write_text(json.dumps(NBGRADER_SPEC))
    return venv / "bin"


# -- the class and the course --------------------------------------------------------
def class_notebooks() -> dict[str, Path]:
    """Student name -> notebook: the 20 notebooks both tools grade."""
    corpus = sorted(p for p in CORPUS.glob("*.ipynb") if p.name not in SKIPPED)
    files = corpus[: CLASS_SIZE - 1] + [SAMPLE]  # the same 20 when the corpus grows
    return {f"eleve{i + 1:02d}_{p.stem}": p for i, p in enumerate(files)}


def code_cell(source: str, nbgrader: dict | None = None, cell_id: str = "") -> dict:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
    if cell_id:
        cell["id"] = cell_id
    if nbgrader is not None:
        cell["metadata"]["nbgrader"] = dict(nbgrader, schema_version=3, task=False)
    return cell


def solution_source() -> str:
    """The reference solution, with `jeu1` a game as the students' notebooks have it."""
    text = (ROOT / "reference" / "puissance4.py").read_text("utf-8")
    text = text.split("# ---- The sheet's positions")[0]
    return (
        "### BEGIN SOLUTION\n" + text + "\nL1 = [1, 0, 2, 4, 3, 5, 1, 2, 4, 3, 3, 2, 2, 4]\n"
        "jeu1 = initialiser_jeu(L1)\n### END SOLUTION\n"
    )


def source_notebook() -> dict:
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "cells": [
            {
                "cell_type": "markdown",
                "id": "consigne",
                "metadata": {},
                "source": "# TD10 : Algorithme MinMax\nÉcrivez vos réponses ci-dessous.",
            },
            code_cell(
                solution_source(),
                {"grade": False, "solution": True, "locked": False, "grade_id": "reponses"},
                "reponses",
            ),
            code_cell(
                GRADE_CELL,
                {"grade": True, "solution": False, "locked": True, "grade_id": "test_td10", "points": 2},
                "test_td10",
            ),
        ],
    }


def submission(student_notebook: Path, released: dict) -> dict:
    """The student's notebook as if written in the released one: answer cell first, test cell last."""
    notebook = json.loads(student_notebook.read_text("utf-8"))
    answer = next(c for c in released["cells"] if c["metadata"].get("nbgrader", {}).get("solution"))
    test = next(c for c in released["cells"] if c["metadata"].get("nbgrader", {}).get("grade"))
    first = next(c for c in notebook["cells"] if c["cell_type"] == "code")
    first["metadata"]["nbgrader"] = answer["metadata"]["nbgrader"]
    notebook["cells"].append(test)
    notebook["nbformat_minor"] = max(notebook.get("nbformat_minor", 0), 5)
    for number, cell in enumerate(notebook["cells"]):
        cell.setdefault("id", f"cell{number}")
    return notebook


def build_course(folder: Path, students: dict[str, Path], env: dict[str, str]) -> None:
    source = folder / "source" / ASSIGNMENT
    source.mkdir(parents=True)
    (folder / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.course_id = 'bench'\nc.CourseDirectory.root = {str(folder)!r}\n"
    )
    (source / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(source_notebook(), ensure_ascii=False, indent=1))
    nbgrader(["generate_assignment", ASSIGNMENT, "--force"], folder, env)
    released = json.loads((folder / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text("utf-8"))
    for student, notebook in students.items():
        target = folder / "submitted" / student / ASSIGNMENT
        target.mkdir(parents=True)
        made = submission(notebook, released)
        (target / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(made, ensure_ascii=False))


def build_copies(folder: Path, students: dict[str, Path]) -> None:
    for student, notebook in students.items():
        (folder / student).mkdir(parents=True)
        shutil.copy(notebook, folder / student / notebook.name)


def nbgrader(arguments: list[str], course: Path, env: dict[str, str]) -> None:
    subprocess.run(
        ["nbgrader", *arguments, "--log-level=ERROR"],
        cwd=course,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def nbgrader_env(bin_folder: Path, jupyter_home: Path) -> dict[str, str]:
    env = dict(
        os.environ,
        PATH=f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
        VIRTUAL_ENV=str(bin_folder.parent),
        JUPYTER_DATA_DIR=str(jupyter_home / "data"),
        JUPYTER_CONFIG_DIR=str(jupyter_home / "config"),
        JUPYTER_RUNTIME_DIR=str(jupyter_home / "run"),
        IPYTHONDIR=str(jupyter_home / "ipython"),
        JUPYTER_PLATFORM_DIRS="1",
    )
    env.pop("PYTHONPATH", None)
    return env


# -- timing one command --------------------------------------------------------------
@dataclass
class Run:
    wall: float
    cpu: float
    main_peak: int
    """Peak RSS of the command's own process (VmHWM), bytes."""
    largest_peak: int
    """Peak RSS of the largest single process of the tree (VmHWM), bytes."""
    tree_peak: int
    """Largest sampled sum of the RSS of every process of the tree, bytes."""
    tree_pss_peak: int
    """The same with PSS (shared pages divided among the processes sharing them), bytes."""


def _children(pid: int) -> list[int]:
    """Direct children of `pid` (from /proc/PID/task/*/children: no scan of every process)."""
    found: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            found += [int(c) for c in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
    except OSError:
        pass
    return found


def _memory(pid: int) -> tuple[int, int, int]:
    """(RSS, peak RSS, PSS) of one process in bytes; zeros once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0, 0, 0
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    rss = int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
    hwm = int(fields.get("VmHWM", "0 kB").split()[0]) * 1024
    try:  # proportional share: pages shared by forked processes counted once in all
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        pss = int(rollup.split("\nPss:", 1)[1].split()[0]) * 1024
    except (OSError, IndexError, ValueError):
        pss = rss
    return rss, hwm, pss


CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def cpu_cgroup() -> Path | None:
    """A fresh cgroup v1 cpuacct group for one command, or None when we may not make one."""
    if not (CPUACCT / "cpuacct.usage").exists():
        return None
    folder = CPUACCT / f"bench-vs-nbgrader-{os.getpid()}-{time.monotonic_ns()}"
    try:
        folder.mkdir()
    except OSError:
        return None
    return folder


def remove_cgroup(folder: Path) -> None:
    for _ in range(50):  # the last members may take a moment to leave
        try:
            folder.rmdir()
            return
        except OSError:
            time.sleep(0.1)


CPU_METHOD = ["cgroup cpuacct.usage"]


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> Run:
    """Run `command` to its end: wall time, CPU of the whole tree, peaks of memory."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    group = cpu_cgroup()
    if group is None:
        CPU_METHOD[0] = "getrusage(RUSAGE_CHILDREN): misses workers killed in bubblewrap's PID namespace"

    def enter() -> None:
        if group is not None:
            (group / "cgroup.procs").write_text(str(os.getpid()))

    peaks = {"main": 0, "largest": 0, "tree": 0, "tree_pss": 0}
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=enter
    )

    def sample() -> None:
        while process.poll() is None:
            total, shared, stack = 0, 0, [process.pid]
            while stack:
                pid = stack.pop()
                rss, hwm, pss = _memory(pid)
                total += rss
                shared += pss
                peaks["largest"] = max(peaks["largest"], hwm)
                if pid == process.pid:
                    peaks["main"] = max(peaks["main"], hwm)
                stack.extend(_children(pid))
            peaks["tree"] = max(peaks["tree"], total)
            peaks["tree_pss"] = max(peaks["tree_pss"], shared)
            time.sleep(SAMPLE_SECONDS)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, stderr = process.communicate()
    wall = time.perf_counter() - start
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode not in (0, 1):  # nbgrader and grade.py both exit 0 here; 1 = --fail-under
        sys.stderr.write(stderr.decode("utf-8", "replace")[-3000:])
        raise SystemExit(f"{command[0]} failed with status {process.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if group is not None:
        cpu = int((group / "cpuacct.usage").read_text()) / 1e9
        remove_cgroup(group)
    return Run(wall, cpu, peaks["main"], peaks["largest"], peaks["tree"], peaks["tree_pss"])


# -- reading the marks back (not timed) -------------------------------------------------
def grader_marks(report: Path) -> str:
    subs = json.loads(report.read_text())["submissions"]
    graded = [s for s in subs if s["status"] == "graded"]
    marks = sorted(s["mark20"] for s in graded)
    return (
        (
            f"{len(graded)}/{len(subs)} graded, marks /20 from {marks[0]} to {marks[-1]}, "
            f"median {statistics.median(marks)}"
        )
        if marks
        else f"0/{len(subs)} graded"
    )


def nbgrader_marks(course: Path, env: dict[str, str]) -> str:
    nbgrader(["export", "--to", "grades.csv"], course, env)
    import csv

    rows = list(csv.DictReader((course / "grades.csv").open(encoding="utf-8")))
    short = [
        r["student_id"].split("_", 1)[-1]
        for r in rows
        if not float(r["score"] or 0) == float(r["max_score"] or 0) > 0
    ]
    return (
        f"{len(rows)} submissions autograded, {len(rows) - len(short)} with 2/2 on the grade cell; "
        f"less: {', '.join(sorted(short)) or 'none'}"
    )


# -- the report ----------------------------------------------------------------------
def machine() -> str:
    """Host, CPU model and cores, kernel: what the README's speed table names."""
    model = "?"
    try:
        for text in Path("/proc/cpuinfo").read_text().splitlines():
            if text.startswith("model name"):
                model = " ".join(text.split(":", 1)[1].split())
                break
    except OSError:
        pass
    return f"{platform.node()}, {model}, {os.cpu_count()} cores, Linux {platform.release()}"


def mib(n: float) -> str:
    return f"{n / 2**20:.0f} MiB"


def summary(runs: list[Run]) -> dict[str, float]:
    return {
        "wall": statistics.median(r.wall for r in runs),
        "cpu": statistics.median(r.cpu for r in runs),
        "main": max(r.main_peak for r in runs),
        "largest": max(r.largest_peak for r in runs),
        "tree": max(r.tree_peak for r in runs),
        "tree_pss": max(r.tree_pss_peak for r in runs),
    }


def line(label: str, s: dict[str, float], cores: int) -> str:
    return (
        f"  {label:34s} wall {s['wall']:6.2f} s   CPU {s['cpu']:6.2f} s   "
        f"wall/(CPU/{cores}) {s['wall'] / (s['cpu'] / cores):4.2f}   "
        f"memory: main {mib(s['main'])}, largest {mib(s['largest'])}, tree {mib(s['tree'])} "
        f"(PSS {mib(s['tree_pss'])})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of each tool on the class")
    parser.add_argument("--jobs", type=int, default=2, help="grade.py --jobs")
    parser.add_argument("--venv", type=Path, default=default_venv(), help="where nbgrader is installed")
    parser.add_argument("--keep", type=Path, help="build everything in this (new) folder and keep it")
    args = parser.parse_args()
    bin_folder = ensure_nbgrader(args.venv)
    cores = os.cpu_count() or 1
    students = class_notebooks()
    if args.keep:
        args.keep.mkdir(parents=True)
        work = args.keep
    else:
        work = Path(tempfile.mkdtemp(prefix="bench-vs-nbgrader-"))
    try:
        env = nbgrader_env(bin_folder, work / "jupyter")
        copies, course, one = work / "copies", work / "course", work / "course-one"
        build_copies(copies, students)
        build_course(course, students, env)
        build_course(one, {"eleve": SAMPLE}, env)
        report = work / "report.json"
        grade = [
            sys.executable,
            str(ROOT / "grade.py"),
            str(copies),
            "--jobs",
            str(args.jobs),
            "--json",
            str(report),
        ]
        autograde = ["nbgrader", "autograde", ASSIGNMENT, "--force", "--log-level=ERROR"]
        print(
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {machine()}; "
            f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f}"
        )
        print(
            f"class: {len(students)} notebooks; grade.py --jobs {args.jobs}; nbgrader "
            f"{NBGRADER_SPEC[0].split('==')[1]} autograde; {args.repeats} run(s) each, in turn",
            flush=True,
        )
        ours, theirs = [], []
        for repeat in range(args.repeats):
            ours.append(timed(grade, ROOT))
            theirs.append(timed(autograde, course, env))
            print(
                f"  run {repeat + 1}: grade.py {ours[-1].wall:.2f} s wall / {ours[-1].cpu:.2f} s CPU; "
                f"nbgrader {theirs[-1].wall:.2f} s wall / {theirs[-1].cpu:.2f} s CPU",
                flush=True,
            )
        ours_one, theirs_one = [], []
        for _ in range(args.repeats):
            ours_one.append(timed([sys.executable, str(ROOT / "grade.py"), str(SAMPLE)], ROOT))
            theirs_one.append(timed(autograde, one, env))
        g, n = summary(ours), summary(theirs)
        g1, n1 = summary(ours_one), summary(theirs_one)
        runs = f"{args.repeats} run" + ("s" if args.repeats > 1 else "")
        print(
            f"\nclass of {len(students)} notebooks, medians of {runs} "
            f"(load average now {os.getloadavg()[0]:.1f}):"
        )
        print(line(f"grade.py --jobs {args.jobs}", g, cores))
        print(line("nbgrader autograde", n, cores))
        print(
            f"  nbgrader / grade.py: wall x{n['wall'] / g['wall']:.1f}, CPU x{n['cpu'] / g['cpu']:.1f}"
            f"   (target: wall x10 or more; grade.py wall/(CPU/{cores}) at most 1.3)"
        )
        print(f"\none student (samples/eleve_puissance4.ipynb), medians of {runs}:")
        print(line("grade.py", g1, cores))
        print(line("nbgrader autograde", n1, cores))
        print(
            f"  nbgrader / grade.py: wall x{n1['wall'] / g1['wall']:.1f}, CPU x{n1['cpu'] / g1['cpu']:.1f}"
            "   (target: grade.py under 0.4 s of wall)"
        )
        print("\nmarks (not timed):")
        print(f"  grade.py : {grader_marks(report)}")
        print(f"  nbgrader : {nbgrader_marks(course, env)}")
        print(
            "\nmemory: main = peak RSS of the command's own process (VmHWM), largest = of its largest\n"
            "  process, tree = largest sampled sum of RSS over the process tree (every 50 ms; PSS: shared\n"
            f"  pages counted once). CPU = user + system of the whole tree, measured with {CPU_METHOD[0]}."
        )
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
