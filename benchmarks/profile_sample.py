"""Where the time goes when one notebook is graded: a breakdown per phase and per check.

    python benchmarks/profile_sample.py [--runs 3] [--class] [--cprofile N] [NOTEBOOK]

NOTEBOOK defaults to samples/eleve_puissance4.ipynb. What it prints:

1. Start-up, each in fresh interpreters (median of --runs): a bare interpreter, the
   CLI's imports (`grade.py --version`), and what some imports cost on their own
   (Hypothesis, nbformat, nbconvert's filter, the exercises and the reference, and,
   in the student's worker, numpy and matplotlib with a cold and a warm font cache:
   each worker gets a fresh, empty MPLCONFIGDIR).
2. One grading in this process, as `grade.py NOTEBOOK` does after its imports (the
   first grading of a process: examples read from the shipped files, reference values
   computed where not shipped), instrumented from
   the outside: engine functions are wrapped, never edited. Phases (reading, worker
   start, cells, names, prepare, checks, worker stop), then one row per check: wall
   time, CPU of the grader process, round trips to the worker, time inside them,
   the student's code inside them (the worker's own measure), and the grader CPU spent
   drawing the examples, shrinking a failure (on the shipped ladder, then by Hypothesis
   when no ladder example fails), computing reference values.
3. The same grading again in this process (examples already drawn, as for every
   submission after the first in a grading process), and the round trips by kind.
4. With --class: the 20 notebooks of bench_vs_nbgrader.py graded one after the
   other in this process, one line each (where a class's CPU goes).

With --cprofile N, instead: the whole `grade.py NOTEBOOK` (imports included) under
cProfile with a CPU clock (time.process_time), and its top N functions by cumulative
and by own CPU time.

The worker's CPU comes from a cgroup v1 cpuacct group when one can be made (root), else
from getrusage, which misses workers killed inside bubblewrap's PID namespace. CPU
figures hold up under load far better than wall figures (see docs/lab/performance-log.md).
Nothing is asserted: the figures are for docs/lab/performance-log.md.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

IMPORTS = {
    "hypothesis (only to shrink a failure)": "import hypothesis, hypothesis.strategies",
    "nbformat": "import nbformat",
    "nbconvert.filters (ipython2python)": "from nbconvert.filters import ipython2python",
    "grader.checking": "import grader.checking.grading",
    "the registry (entry points, the TDs' table)": "from grader.registry import installed; installed()",
    "grader.app.cli (what grade.py imports first)": "import grader.app.cli",
}
ISOLATION = "isolation (bubblewrap probed once per process)"
WORKER_START = "  of which worker start (at the first cell)"
IPYTHON = "  of which IPython's transformer (magics)"
CAGE = "cage limits (processes, memory, scratch)"
WORKER_IMPORTS = {
    "numpy (worker)": "import numpy",
    "matplotlib.pyplot, cold font cache (worker)": "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot",
}


# -- part 1: start-up, in fresh processes ----------------------------------------------
def child_cpu(command: list[str], env: dict | None = None) -> tuple[float, float]:
    """(wall, CPU of the whole tree) of one command run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def import_cpu(statement: str, env: dict | None = None) -> float:
    """CPU seconds of `statement` alone, measured inside a fresh interpreter."""
    code = f"import time; t = time.process_time(); {statement}; print(time.process_time() - t)"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env, cwd=ROOT
    ).stdout
    return float(out.split()[-1])


def startup(runs: int) -> None:
    print("1. start-up (fresh interpreters; CPU seconds, median of", runs, "runs; wall under load is noise)")
    bare = [child_cpu([sys.executable, "-c", "pass"]) for _ in range(runs)]
    cli = [child_cpu([sys.executable, str(ROOT / "grade.py"), "--version"]) for _ in range(runs)]
    print(
        f"   {'bare interpreter (python -c pass)':48s} CPU {statistics.median(c for _, c in bare):.3f} s"
        f"   wall {statistics.median(w for w, _ in bare):.3f} s"
    )
    print(
        f"   {'grade.py --version (interpreter + CLI imports)':48s} "
        f"CPU {statistics.median(c for _, c in cli):.3f} s"
        f"   wall {statistics.median(w for w, _ in cli):.3f} s"
    )
    for label, statement in IMPORTS.items():
        cpu = statistics.median(import_cpu(statement) for _ in range(runs))
        print(f"   {label:48s} CPU {cpu:.3f} s (on its own)")
    for label, statement in WORKER_IMPORTS.items():
        values = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as config:  # a fresh MPLCONFIGDIR, as each worker gets
                env = {"PATH": "/usr/bin:/bin", "MPLCONFIGDIR": config, "MPLBACKEND": "Agg", "HOME": config}
                values.append(import_cpu(statement, env))
                if "matplotlib" in label:
                    warm = import_cpu(statement, env)
        print(f"   {label:48s} CPU {statistics.median(values):.3f} s")
    print(
        f"   {'matplotlib.pyplot, warm font cache (worker)':48s} CPU {warm:.3f} s "
        "(the same MPLCONFIGDIR again)"
    )


# -- part 2 and 3: one grading, instrumented from the outside ---------------------------
def _set(owner, name: str, value) -> None:
    """setattr, also on a frozen dataclass instance (the Exercise)."""
    if isinstance(owner, type) or not hasattr(owner, "__dataclass_fields__"):
        setattr(owner, name, value)
    else:
        object.__setattr__(owner, name, value)


class Probe:
    """Wraps engine functions and accumulates wall and CPU time under labels."""

    def __init__(self) -> None:
        self.wall: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)
        self.count: dict[str, int] = defaultdict(int)
        self.depth: dict[str, int] = defaultdict(int)
        self.undo: list = []

    @contextlib.contextmanager
    def timing(self, label: str):
        self.depth[label] += 1
        outer = self.depth[label] == 1  # recursion (the reference's searches) counted once
        start, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.depth[label] -= 1
            if outer:
                self.wall[label] += time.perf_counter() - start
                self.cpu[label] += time.process_time() - cpu
                self.count[label] += 1

    def wrap(self, owner, name: str, label: str) -> None:
        original = getattr(owner, name)
        is_class_method = isinstance(owner, type) and isinstance(owner.__dict__.get(name), classmethod)
        target = original.__func__ if is_class_method else original

        @functools.wraps(target)
        def wrapper(*args, **kwargs):
            if self.depth[label]:  # a nested call (recursion): already timed, keep it cheap
                return target(*args, **kwargs)
            with self.timing(label):
                return target(*args, **kwargs)

        _set(owner, name, classmethod(wrapper) if is_class_method else wrapper)
        self.undo.append((owner, name, owner.__dict__[name] if isinstance(owner, type) else original))

    def restore(self) -> None:
        for owner, name, original in reversed(self.undo):
            _set(owner, name, original)
        self.undo.clear()

    def snapshot(self) -> dict[str, tuple[float, float, int]]:
        return {k: (self.wall[k], self.cpu[k], self.count[k]) for k in self.wall}


def instrument(probe: Probe) -> dict:
    """Wrap the engine's functions; returns the per-request records it fills."""
    from grader.app import runner
    from grader.checking import sampling
    from grader.reading import submission
    from grader.registry import installed
    from grader.sandbox.manage import process, session
    from grader.sandbox.worker import wire
    from reference import puissance4 as ref

    requests: list[tuple[str, float, float, float]] = []  # (op, wall, student code: wall, CPU)
    original_request = process.WorkerProcess.request

    def request(self, message, deadline):
        start = time.perf_counter()
        with probe.timing("round trips"):
            reply = original_request(self, message, deadline)
        seconds = reply.get("seconds", 0.0) if isinstance(reply, dict) else 0.0
        cpu = reply.get("cpu", 0.0) if isinstance(reply, dict) else 0.0
        requests.append((message.get("op", "?"), time.perf_counter() - start, seconds or 0.0, cpu or 0.0))
        return reply

    process.WorkerProcess.request = request
    probe.undo.append((process.WorkerProcess, "request", original_request))
    items: list[float] = []  # student code CPU (worker's measure) of each call sent ahead
    original_stream_reply = process.WorkerProcess.stream_reply

    def stream_reply(self, token, deadline):
        reply = original_stream_reply(self, token, deadline)
        items.append((reply.get("cpu") or 0.0) if isinstance(reply, dict) else 0.0)
        return reply

    process.WorkerProcess.stream_reply = stream_reply
    probe.undo.append((process.WorkerProcess, "stream_reply", original_stream_reply))
    probe.wrap(runner, "read_submission", "read the notebook")
    probe.wrap(runner, "resolve_isolation", ISOLATION)
    probe.wrap(submission, "_ipython", IPYTHON)
    probe.wrap(process.WorkerProcess, "start", WORKER_START)
    probe.wrap(process.WorkerProcess, "close", "worker stop")
    probe.wrap(session.StudentSession, "run_cell", "cells")
    probe.wrap(session.StudentSession, "names", "names")
    probe.wrap(wire, "encode", "wire encode (grader side)")
    probe.wrap(wire, "decode", "wire decode (grader side)")
    probe.wrap(process.Cage, "exceeded", CAGE)
    probe.wrap(sampling, "distinct_examples", "drawn examples (shipped, else Hypothesis)")
    probe.wrap(sampling.Sampling, "climb", LADDER)
    probe.wrap(sampling.Sampling, "shrink", "shrinking a failure (Hypothesis)")
    exercise = installed()["puissance4"]
    probe.wrap(exercise, "prepare", "prepare (exercise state)")
    for name in dir(ref):
        value = getattr(ref, name)
        own = getattr(value, "__module__", "") == ref.__name__
        if callable(value) and own and not isinstance(value, type):
            probe.wrap(ref, name, "reference values")
    return {"requests": requests, "items": items}


def per_check(probe: Probe, records: dict) -> list[tuple]:
    """Wrap run_check: one row per check with the labels' deltas during it."""
    from grader.checking import running as checks

    rows: list[tuple] = []
    original = checks.run_check
    original_question = checks.run_question
    current = [""]

    def run_question(question, *args, **kwargs):
        current[0] = question.id
        with probe.timing("questions (checks, then notes)"):
            return original_question(question, *args, **kwargs)

    checks.run_question = run_question  # run_exercise calls it by its global name
    probe.undo.append((checks, "run_question", original_question))

    def run_check(check, ctx):
        before, trips = probe.snapshot(), len(records["requests"])
        start, cpu = time.perf_counter(), time.process_time()
        result = original(check, ctx)
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        after = probe.snapshot()

        def delta(label: str, index: int = 0) -> float:
            return after.get(label, (0, 0, 0))[index] - before.get(label, (0, 0, 0))[index]

        trips_now = records["requests"][trips:]
        rows.append(
            (
                f"{current[0]} {check.name}",
                result.status.value,
                wall,
                used,
                len(trips_now),
                delta("round trips"),
                sum(t[2] for t in trips_now),
                delta("drawn examples (shipped, else Hypothesis)", 1),
                delta("shrinking a failure (Hypothesis)", 1) + delta(LADDER, 1),
                delta("reference values", 1),
            )
        )
        return result

    checks.run_check = run_check
    probe.undo.append((checks, "run_check", original))
    return rows


@contextlib.contextmanager
def tree_cpu():
    """Yields [CPU seconds of this process and its children, how measured], filled on exit.

    In a cgroup v1 cpuacct group of its own when we may make one (it counts the workers
    killed inside bubblewrap's PID namespace, which getrusage never sees), else getrusage.
    """
    out = [0.0, ""]
    group = Path(f"/sys/fs/cgroup/cpuacct/profile-sample-{os.getpid()}-{time.monotonic_ns()}")
    try:
        group.mkdir()
        (group / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        group = None
    before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        yield out
    finally:
        if group is not None:
            out[0] = int((group / "cpuacct.usage").read_text()) / 1e9
            out[1] = "cgroup cpuacct, whole worker tree"
            (group.parent / "cgroup.procs").write_text(str(os.getpid()))
            for _ in range(50):
                try:
                    group.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)
        else:
            after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
            out[0] = sum(
                a.ru_utime - b.ru_utime + a.ru_stime - b.ru_stime for a, b in zip(after, before, strict=False)
            )
            out[1] = "getrusage: misses workers killed in bubblewrap's PID namespace"


@dataclass
class Measured:
    """One grading, instrumented."""

    result: object
    probe: Probe
    requests: list
    """(op, wall, student code wall, student code CPU) per round trip."""
    checks: list
    """One tuple per check (see `per_check`)."""
    wall: float
    grader_cpu: float
    worker_cpu: float
    cpu_method: str

    streamed_cpu: float = 0.0
    """Student code CPU (worker's measure) of the calls answered in `call_many` streams."""

    def trips(self, index: int) -> float:
        return sum(t[index] for t in self.requests)


def measure(notebook: Path) -> Measured:
    from grader.app import runner
    from grader.model.settings import Settings

    probe = Probe()
    records = instrument(probe)
    rows = per_check(probe, records)
    try:
        with tree_cpu() as tree:
            start, cpu = time.perf_counter(), time.process_time()
            result = runner.grade_file(notebook, Settings())
            wall, used = time.perf_counter() - start, time.process_time() - cpu
    finally:
        probe.restore()
    return Measured(
        result, probe, records["requests"], rows, wall, used, tree[0] - used, tree[1], sum(records["items"])
    )


def line(label: str, wall: float, cpu: float, calls: int | None = None, indent: int = 3) -> None:
    counted = f"   ({calls} calls)" if calls is not None else ""
    print(f"{' ' * indent}{label:{50 - indent}s} wall {wall:7.3f} s   grader CPU {cpu:6.3f} s{counted}")


LADDER = "shrinking a failure on the shipped ladder"

PHASES = [
    "read the notebook",
    IPYTHON,
    ISOLATION,
    "cells",
    WORKER_START,
    "names",
    "prepare (exercise state)",
    "questions (checks, then notes)",
]
INSIDE_CHECKS = [
    "drawn examples (shipped, else Hypothesis)",
    LADDER,
    "shrinking a failure (Hypothesis)",
    "reference values",
    "round trips",
    "wire encode (grader side)",
    "wire decode (grader side)",
    CAGE,
]


def grade_once(notebook: Path, detailed: bool) -> None:
    m = measure(notebook)
    p = m.probe
    print(
        f"   score {m.result.score}/{m.result.max_score}, isolation {m.result.isolation_name}, "
        f"{len(m.requests)} round trips"
    )
    print(
        f"   {'whole grade_file':47s} wall {m.wall:7.3f} s   grader CPU {m.grader_cpu:6.3f} s   "
        f"worker CPU {m.worker_cpu:6.3f} s ({m.cpu_method})"
    )
    for label in PHASES:
        line(label, p.wall[label], p.cpu[label], p.count[label])
    line("  of which checks", sum(r[2] for r in m.checks), sum(r[3] for r in m.checks))
    for label in INSIDE_CHECKS:
        line(label, p.wall[label], p.cpu[label], p.count[label], indent=5)
    line("worker stop", p.wall["worker stop"], p.cpu["worker stop"])
    outer = [label for label in PHASES if not label.startswith(" ")] + ["worker stop"]
    line(
        "other (not in a phase above)",
        m.wall - sum(p.wall[k] for k in outer),
        m.grader_cpu - sum(p.cpu[k] for k in outer),
    )
    overhead = (m.trips(1) - m.trips(2)) / max(1, len(m.requests)) * 1000
    print(
        f"   round trips: {m.trips(1):.3f} s wall in all, of which student code {m.trips(2):.3f} s wall, "
        f"{m.trips(3):.3f} s CPU (worker's measure):\n     {overhead:.2f} ms wall of overhead per trip; "
        f"worker CPU outside student code {m.worker_cpu - m.trips(3) - m.streamed_cpu:.3f} s (its start, the codec;"
        f" student code of the calls sent ahead: {m.streamed_cpu:.3f} s)"
    )
    if detailed:
        print(
            f"\n   {'check':34s} {'status':8s} {'wall':>7s} {'CPU':>6s} {'trips':>5s} {'in trips':>8s} "
            f"{'student':>7s} {'drawing':>7s} {'shrink':>7s} {'ref':>6s}"
        )
        print(
            "   (seconds; wall: wall, in trips, student; grader CPU: CPU, drawing, shrink, ref;\n"
            "    ref overlaps drawing and shrink: the strategies play games with the reference)"
        )
        for name, status, w, c, n, t, s, d, sh, r in sorted(m.checks, key=lambda row: -row[3]):
            print(
                f"   {name[:34]:34s} {status[:8]:8s} {w:7.3f} {c:6.3f} {n:5d} {t:8.3f} {s:7.3f} "
                f"{d:7.3f} {sh:7.3f} {r:6.3f}"
            )
    by_op: dict[str, list] = defaultdict(lambda: [0, 0.0, 0.0])
    for op, w, s, _ in m.requests:
        by_op[op][0] += 1
        by_op[op][1] += w
        by_op[op][2] += s
    print(
        "   round trips by kind: "
        + "; ".join(f"{op} {n} ({w:.3f} s, student {s:.3f} s)" for op, (n, w, s) in sorted(by_op.items()))
    )


def grade_class(notebooks: list[Path]) -> None:
    """One line per notebook (graded after the sample: examples already drawn)."""
    print(
        "\n4. the class of bench_vs_nbgrader.py, one line per notebook: wall; CPU of the grader\n"
        "   process, of the worker tree, of the student's code in it (worker's measure); round trips\n"
        "   and their wall; grader CPU shrinking, computing reference values, reading (seconds)"
    )
    columns = ["wall", "grader", "worker", "student", "trips", "in trips", "shrink", "ref", "read"]
    print(f"   {'notebook':36s} {'mark':>5s} " + " ".join(f"{c:>8s}" for c in columns))
    totals: dict[str, float] = defaultdict(float)
    for notebook in notebooks:
        m = measure(notebook)
        values = {
            "wall": m.wall,
            "grader": m.grader_cpu,
            "worker": m.worker_cpu,
            "student": m.trips(3) + m.streamed_cpu,
            "trips": len(m.requests),
            "in trips": m.trips(1),
            "shrink": m.probe.cpu["shrinking a failure (Hypothesis)"] + m.probe.cpu[LADDER],
            "ref": m.probe.cpu["reference values"],
            "read": m.probe.cpu["read the notebook"],
        }
        for key, value in values.items():
            totals[key] += value
        mark = m.result.mark20 if m.result.mark20 is not None else "-"
        print(f"   {notebook.stem[:36]:36s} {mark:>5} " + " ".join(_cell(c, values[c]) for c in columns))
    print(f"   {'total':36s} {'':5s} " + " ".join(_cell(c, totals[c]) for c in columns))


def _cell(column: str, value: float) -> str:
    return f"{int(value):8d}" if column == "trips" else f"{value:8.3f}"


def cprofile(notebook: Path, top: int) -> None:
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile(time.process_time)
    with contextlib.redirect_stdout(io.StringIO()):
        profiler.enable()
        from grader.app.cli import main as cli_main  # imports included, as in `grade.py`
        from grader.registry import installed

        cli_main([str(notebook), "--jobs", "1"], installed())
        profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "notebook",
        nargs="?",
        type=Path,
        default=ROOT / "samples" / "eleve_puissance4.ipynb",
        help="default: samples/eleve_puissance4.ipynb",
    )
    parser.add_argument("--runs", type=int, default=3, help="fresh interpreters per start-up figure")
    parser.add_argument(
        "--class",
        dest="whole_class",
        action="store_true",
        help="then grade the 20 notebooks of bench_vs_nbgrader.py, one line each",
    )
    parser.add_argument(
        "--cprofile",
        type=int,
        metavar="N",
        help="only cProfile the whole command (CPU clock), top N functions",
    )
    args = parser.parse_args()
    if args.cprofile:
        cprofile(args.notebook, args.cprofile)
        return
    print(f"{args.notebook.name}; Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f}\n")
    startup(args.runs)
    start = time.process_time()
    import grader.app.cli  # noqa: F401  (what grade.py imports before grading)
    from grader.registry import installed

    installed()
    from grader.sandbox.confine.cage import cgroups_usable

    print(
        f"   (this process: CLI + exercises imported in {time.process_time() - start:.3f} s CPU; "
        f"pids cgroup usable: {cgroups_usable()})"
    )
    print("\n2. first grading in this process (shipped examples read)")
    grade_once(args.notebook, detailed=True)
    print("\n3. second grading in the same process (examples already drawn)")
    grade_once(args.notebook, detailed=False)
    if args.whole_class:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from bench_vs_nbgrader import class_notebooks

        grade_class(list(class_notebooks().values()))


if __name__ == "__main__":
    main()
