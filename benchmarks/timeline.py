"""The timeline of one `grade.py NOTEBOOK`: when each phase starts and ends.

    python benchmarks/timeline.py [--runs 3] [NOTEBOOK]

NOTEBOOK defaults to the skeleton that answers nothing (the floor every student pays).
Each run is a fresh interpreter running the command line's `main` with engine functions
wrapped from the outside (nothing in `grader/` is edited); it prints, for each phase,
the wall time since the interpreter's start and the grader process's CPU at its start
and end: the isolation probe and the runtime's binds, the worker started ahead, the
imports made after it, bubblewrap's verdict (the probe collected, or the worker ahead
asked: where the grader waits for its boot), reading, the cells (the wait for the worker's boot), detection
and the checks, closing the worker, the report. The parent adds what the child cannot
see: the interpreter's finalization after `main` returns, and the end of the process.

The worker's own CPU is not in these figures (bubblewrap's workers are not reaped by
the grader: see docs/lab/performance-log.md, "How to measure"). Wall figures on a loaded
machine say little; the order of the phases, and where the grader waits, hold.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SKELETON = ROOT / "tests" / "fixtures" / "puissance4" / "squelette_a_faire.ipynb"

# (module, attribute path) wrapped before `main` runs, then once the engine is imported
EARLY = [
    ("grader.app.cli", "start_early"),
    ("grader.sandbox.confine.isolation", "start_probe"),
    ("grader.sandbox.confine.isolation", "bubblewrap_status"),  # the probe's verdict, or the worker ahead's
    ("grader.sandbox.confine.isolation", "_runtime_binds"),
    ("grader.sandbox.confine.reach", "_runtime"),
    ("grader.sandbox.confine.reach", "student_libraries"),
    ("grader.sandbox.manage.process", "WorkerProcess.start"),
    ("grader.sandbox.manage.process", "WorkerProcess.close"),
    ("grader.sandbox.manage.process", "WorkerFolder.remove"),
    ("grader.sandbox.confine.cage", "Cage.remove"),
    ("grader.app.startup", "import_exercises"),  # grader.app.cli's before the start-up had its module
]
LATE = [
    ("grader.reading.submission", "read_submission"),
    ("grader.app.runner", "run_cells"),
    ("grader.reading.recognise", "detect"),
    ("grader.checking.grading", "grade_exercise"),
    ("grader.render.terminal", "render_submission"),
]
IMPORTED_INTO = {
    "read_submission": "grader.app.runner",
    "grade_exercise": "grader.app.runner",
    "detect": "grader.app.runner",
}
"""Functions the runner imported by name: its binding is wrapped too."""


def child(notebook: str, root: Path) -> None:
    """Run `grade.py notebook` of the checkout `root` in this process and print its
    timeline to stderr."""
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    events: list[tuple[float, float, str]] = []
    depth = [0]

    def mark(label: str) -> None:
        events.append(
            ((time.perf_counter() - start_wall) * 1e3, (time.process_time() - start_cpu) * 1e3, label)
        )

    def wrap(module: str, qualified: str, importer: str | None = None) -> None:
        owner: Any = importlib.import_module(module)
        *outer, name = qualified.split(".")
        for part in outer:
            owner = getattr(owner, part)
        original: Callable[..., Any] | None = getattr(owner, name, None)
        if original is None:  # not in this tree (another version of the grader)
            return

        @functools.wraps(original)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            indent = "  " * depth[0]
            mark(f"{indent}> {qualified}")
            depth[0] += 1
            try:
                return original(*args, **kwargs)
            finally:
                depth[0] -= 1
                mark(f"{indent}< {qualified}")

        for attribute in ("cache_info", "cache_clear"):  # lru_cache'd functions stay usable
            if hasattr(original, attribute):
                setattr(wrapper, attribute, getattr(original, attribute))
        setattr(owner, name, wrapper)
        if importer is not None:  # a name imported into another module: that binding too
            setattr(importlib.import_module(importer), name, wrapper)

    mark("interpreter ready (timeline script)")
    sys.path.insert(0, str(root))
    from grader.app import cli

    mark("grader.app.cli imported (with the modules wrapped early)")
    # This script also times an older checkout (`--root`), whose start-up lived in cli.
    seam: Any = cli if hasattr(cli, "start_early") else importlib.import_module("grader.app.startup")
    for module, qualified in EARLY:
        if module == "grader.app.startup" and seam is cli:
            module = "grader.app.cli"
        wrap(module, qualified)
    early = seam.start_early

    def start_early(*args: Any, **kwargs: Any) -> None:
        early(*args, **kwargs)
        # What main imports next; imported here (at the same moment) to be wrapped.
        for module in ("grader.app.api", "grader.render.terminal"):
            importlib.import_module(module)

        mark("engine imported (api, runner, checks, renderers)")
        for module, qualified in LATE:
            wrap(module, qualified, IMPORTED_INTO.get(qualified))

    seam.start_early = start_early
    if seam is cli:
        code = cli.main([notebook])
    else:
        from grader.registry import installed

        code = cli.main([notebook], installed())
    mark("main returned")
    sys.stdout.flush()
    for wall, cpu, label in events:
        print(f"{wall:8.1f} {cpu:8.1f}  {label}", file=sys.stderr)
    print(f"MAIN_RETURNED {time.time():.6f}", file=sys.stderr)
    seam.exit_now(code)  # as grade.py ends (`cli.run`)
    sys.exit(code)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", nargs="?", default=str(SKELETON))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to run (default: this one)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.notebook, args.root)
        return
    print("   wall ms   CPU ms  (grader process, since its interpreter was ready)")
    for run in range(args.runs):
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, __file__, "--child", "--root", str(args.root), args.notebook],
            cwd=args.root,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert process.stderr is not None
        err = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)  # not communicate(): the child's rusage
        ended_at, ended = time.time(), time.perf_counter()
        process.returncode = os.waitstatus_to_exitcode(status)
        process.stderr.close()
        lines = err.splitlines()
        returned = [float(line.split()[1]) for line in lines if line.startswith("MAIN_RETURNED")]
        print(f"-- run {run + 1}")
        print("\n".join(line for line in lines if not line.startswith("MAIN_RETURNED")))
        if returned:
            print(
                f"   finalization and exit after main returned: {(ended_at - returned[0]) * 1e3:.1f} ms wall"
            )
        print(f"   whole process (interpreter start to exit): {(ended - started) * 1e3:.1f} ms wall")
        print(f"   grader process CPU: {(usage.ru_utime + usage.ru_stime) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
