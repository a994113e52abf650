"""Instructions, not seconds: what grading costs, counted by callgrind, the same from run to run.

    python benchmarks/instructions.py [PATH ...] [--class] [--keep DIR]

On this 2-core machine the CPU seconds of one and the same command move by 10-15% from
one run to the next (the same tree, minutes apart: docs/lab/performance-log.md, "Instructions,
not seconds"): a change worth 3% cannot be told apart from noise by timing it, even over
a dozen interleaved pairs. The number of instructions a process runs does not move
with the machine's phase. This script counts them with valgrind's callgrind for the
grading process and for every worker, separately:

- the grading runs in one process (`--jobs 1`, `--isolation basic`: bubblewrap and
  Landlock would hide the workers from valgrind), under callgrind;
- each worker is started by a wrapper that runs the interpreter under callgrind too;
- what would make the count depend on the clock is switched off, in both kinds of
  process and from the outside (no file of the engine is edited): the endless-loop
  detector's windows (they open after 0.1 s of a call, which valgrind's 50-fold slowdown
  reaches on calls that take 2 ms), the grader's 0.25 s liveness polls while it waits,
  and every budget is raised (`--timeout`, `--cell-timeout`, the cells' and the total's
  to 600 s or more), so no call ends early;
- a worker is asked to exit and waited for before the engine kills it, so callgrind
  writes its counts.

PATH: notebooks, .py files or folders (default: tests/fixtures/puissance4/correct_listes.ipynb);
--class: the 20 notebooks of bench_vs_nbgrader.py. It prints the instructions of the
grading process (start-up and imports included) and of the workers (all of them, and the
largest), in billions. Run it in two trees (a worktree of the other commit) to compare
them: equal inputs give equal counts to within about 0.1%. What it does not count:
the kernel's work (system calls, wake-ups, namespaces), which a change of the channel
moves too; CPU seconds, over interleaved runs, remain the judge of that.

Requires valgrind (`apt-get install valgrind`); about 60 times slower than a normal run
(a notebook: 20-40 s). After an edit, the first run also compiles the changed modules
(counted in the grading process): take the second. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 600.0
"""Seconds granted to every call and cell under valgrind (a normal run's are 5-10 s)."""

# Appended to the worker script, before its `main()`: no endless-loop window, ever.
NO_WINDOWS = "\nLoopWatch.PROBES = ()\n\n"


def child(out: Path, paths: list[str], valgrind: str) -> None:
    """In the process callgrind counts: grade `paths` with the clock-dependent parts off,
    each worker's interpreter run by `valgrind` (its options, then the command)."""
    sys.path.insert(0, str(ROOT))
    import dataclasses

    from grader.app import api
    from grader.model.settings import Settings
    from grader.sandbox.confine import limits, mountns, reach
    from grader.sandbox.manage import confinement, process

    hooks = [
        (reach, "python_executable"),
        (confinement, "apply_limits"),
        (process, "POLL_SECONDS"),
        (process, "SHUTDOWN"),
        (mountns, "available"),
    ]
    missing = [name for owner, name in hooks if not hasattr(owner, name)]
    assert not missing, f"the engine changed: {missing} (this script patches them)"
    wrapper = out / "python-under-callgrind"
    real = reach.python_executable()
    wrapper.write_text(
        # --vgdb=no: valgrind's debugger fifos are made with mknod, which the workers'
        # seccomp filter refuses (grader/sandbox/confine/syscalls.py)
        f"#!/bin/sh\nexec {valgrind} --tool=callgrind --vgdb=no --callgrind-out-file={out}/worker.%p "
        f'{real} "$@" 2>/dev/null\n'
    )
    wrapper.chmod(0o755)
    reach.python_executable = lambda: str(wrapper)  # type: ignore[assignment]

    script = process.worker_script()
    marker = 'if __name__ == "__main__":\n    main()'
    assert marker in script, "the worker script no longer ends as expected"
    patched = script.replace(marker, NO_WINDOWS + marker)
    process.worker_script = lambda: patched  # type: ignore[assignment]
    process.POLL_SECONDS = 1e6  # type: ignore[attr-defined]  # a dead worker's end of file still wakes the wait
    # The workers write their counts in `out`, outside any sandbox: no private /tmp for them.
    mountns.available = lambda: False  # type: ignore[assignment]

    apply = limits.apply_limits

    def roomier(given: limits.Limits) -> None:  # valgrind needs address space and CPU time
        apply(dataclasses.replace(given, memory_bytes=64 * 1024 * limits.MIB, cpu_seconds=100_000))

    # ... and so does the memory all of a worker's processes hold together (cage.py).
    settings_limits = limits.Limits(total_memory_bytes=64 * 1024 * limits.MIB)

    confinement.apply_limits = roomier  # type: ignore[assignment]
    close = process.WorkerProcess.close

    def close_after_exit(self: process.WorkerProcess) -> None:
        if self.to_worker >= 0 and self.alive:  # callgrind writes its counts at the exit
            try:
                os.write(self.to_worker, process.SHUTDOWN)
                self.popen.wait(timeout=BUDGET)
            except (OSError, subprocess.TimeoutExpired):
                pass
        close(self)

    process.WorkerProcess.close = close_after_exit  # type: ignore[method-assign]
    settings = Settings(
        isolation="basic",
        limits=settings_limits,
        jobs=1,
        call_budget=BUDGET,
        cell_budget=BUDGET,
        all_cells_budget=100 * BUDGET,
        total_budget=1000 * BUDGET,
    )
    results = api.grade([Path(p) for p in paths], settings)
    for result in results:
        print(f"  {Path(result.path).name}: {result.score:g}/{result.max_score:g}", file=sys.stderr)


def totals(out: Path, prefix: str) -> list[int]:
    """The instructions of each callgrind file of `out` named `prefix.*` (an empty file:
    a process killed before it could write, left out)."""
    found = []
    for path in sorted(out.glob(prefix + ".*")):
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith("summary:"):
                found.append(int(line.split()[1]))
                break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--class", dest="whole_class", action="store_true")
    parser.add_argument(
        "--keep", type=Path, help="write callgrind's files here (kept) instead of a temporary folder"
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--valgrind", default=shutil.which("valgrind"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.valgrind is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    if args.child:
        child(args.child, args.paths, args.valgrind)
        return
    paths = args.paths or [str(ROOT / "tests" / "fixtures" / "puissance4" / "correct_listes.ipynb")]
    if args.whole_class:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from bench_vs_nbgrader import class_notebooks

        paths = [str(p) for p in class_notebooks().values()]
    # Absolute: each worker runs in a scratch folder of its own, where a relative path would land.
    out = (args.keep or Path(tempfile.mkdtemp(prefix="mmg-instructions-"))).resolve()
    out.mkdir(parents=True, exist_ok=True)
    # A worker may run as a user id of its own (the grader is root): it must write here.
    out.chmod(stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO | stat.S_ISVTX)
    environment = dict(os.environ)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)  # as users run it: bytecode cached
    command = [
        args.valgrind,
        "--tool=callgrind",
        f"--callgrind-out-file={out}/grader.%p",
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        str(out),
        "--valgrind",
        args.valgrind,
        *paths,
    ]
    print(f"{len(paths)} submission(s) under callgrind, in {out} (this takes a while)...", flush=True)
    done = subprocess.run(
        command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    marks = [line for line in done.stderr.splitlines() if line.startswith("  ")]
    print("\n".join(marks))
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-3000:])
        raise SystemExit(f"the graded run failed with status {done.returncode}")
    grader, workers = totals(out, "grader"), totals(out, "worker")
    print(f"grading process: {sum(grader) / 1e9:.3f} G instructions (start-up and imports included)")
    if workers:
        print(
            f"workers ({len(workers)}): {sum(workers) / 1e9:.3f} G instructions, "
            f"the largest {max(workers) / 1e9:.3f} G"
        )
    print(f"together: {(sum(grader) + sum(workers)) / 1e9:.3f} G")
    if args.keep is None:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
