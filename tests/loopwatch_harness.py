"""Runs code under grader/sandbox/worker/loopwatch.py as the worker runs student code: a
SIGALRM budget whose alarm also opens the detector's windows. In this process for the
tests, and as a script for the other Python versions (loopwatch.py imports nothing
from the grader):

    python3.X tests/loopwatch_harness.py < cases.json   # [{"source", "budget"}]: outcomes
    python3.X tests/loopwatch_harness.py --corpus [glob] # tests/fixtures/loops/, verdicts

An outcome is ("endless", line, state), ("ends", None, []), ("timeout", None, []) or
("error", the exception's repr, []).
"""

from __future__ import annotations

import importlib.util
import io
import json
import signal
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

LOOPWATCH = Path(__file__).resolve().parent.parent / "grader" / "sandbox" / "worker" / "loopwatch.py"


def load(path: Path = LOOPWATCH) -> ModuleType:
    """loopwatch.py as a module of its own (as the worker has it: not from the package)."""
    spec = importlib.util.spec_from_file_location("loopwatch_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Budget(BaseException):
    """The budget ran out (the worker's BudgetExceeded)."""


def run(
    module: ModuleType, source: str, budget: float, namespace: dict[str, Any] | None = None
) -> tuple[str, Any, list[str]]:
    """Run `source` (in a fresh namespace by default), its output captured, as the
    worker's `_run` runs a cell."""
    watch = module.LoopWatch()

    def on_alarm(signum: int, frame: Any) -> None:  # as worker_main's _on_alarm
        try:
            delay = watch.alarm(frame)
        except RecursionError:
            delay = 0.01 if time.monotonic() - watch.started < watch.budget - 0.01 else None
        if delay is not None:
            signal.setitimer(signal.ITIMER_REAL, delay)
            return
        raise Budget

    watch.bind(run.__code__, on_alarm)
    code = compile(source, "<cellule>", "exec")
    if namespace is None:
        namespace = {"__name__": "__main__"}
    previous, output = signal.signal(signal.SIGALRM, on_alarm), sys.stdout
    sys.stdout = io.StringIO()
    try:
        signal.setitimer(signal.ITIMER_REAL, watch.arm(budget))
        try:
            exec(code, namespace)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            watch.disarm()
        return ("ends", None, [])
    except module.EndlessLoop as exc:
        return ("endless", exc.line, list(exc.state))
    except Budget:
        return ("timeout", None, [])
    except BaseException as exc:  # what the case itself raised
        return ("error", repr(exc), [])
    finally:
        sys.stdout = output
        signal.signal(signal.SIGALRM, previous)


def corpus(pattern: str) -> list[tuple[str, str]]:
    """The loop corpus's cases whose name matches, run as the worker runs them (one
    namespace, random seeded with 0 before each cell, input() raising EOFError, a
    recursion limit of 3000); the cases whose outcome is not their verdict."""
    import builtins
    import fnmatch
    import random

    sys.path.insert(0, str(LOOPWATCH.parent.parent.parent))
    from tools.loopcases import RECURSION_LIMIT, load_cases

    def no_input(prompt: str = "") -> str:
        raise EOFError("input()")

    builtins.input = no_input
    sys.setrecursionlimit(RECURSION_LIMIT)
    module, wrong = load(), []
    expected = {"ends": "ends", "endless": "endless", "endless-silent": "timeout"}
    for case in load_cases():
        if not fnmatch.fnmatch(case.name, pattern):
            continue
        if case.needs and importlib.util.find_spec(case.needs) is None:
            continue
        cells = list(case.cells) + ([f"__value = {case.call}(*{case.args!r})"] if case.call else [])
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for index, source in enumerate(cells):
            random.seed(0)
            outcome = run(module, source, 6.0 if case.verdict == "ends" else 1.0, namespace)[0]
            if outcome != "ends" or index == len(cells) - 1:
                break
        want = expected[case.verdict]
        if want == "endless" and sys.version_info < (3, 11) and any("try:" in c for c in case.cells):
            want = "timeout"  # no exception table: the detector gives up on code with a try
        if outcome != want or (index < len(cells) - 1 and outcome != "ends"):
            wrong.append((case.name, outcome))
    return wrong


def main() -> None:
    """Cases from stdin ([{"source", "budget"}]), outcomes on stdout, in order."""
    if sys.argv[1:2] == ["--corpus"]:
        wrong = corpus(sys.argv[2] if len(sys.argv) > 2 else "*")
        print(f"Python {sys.version.split()[0]}: {len(wrong)} case(s) not as their verdict says", wrong)
        sys.exit(1 if wrong else 0)
    module = load(Path(sys.argv[1]) if len(sys.argv) > 1 else LOOPWATCH)
    outcomes = [run_case(module, case) for case in json.load(sys.stdin)]
    tracing = [sys.gettrace() is not None, sys.getprofile() is not None]
    json.dump({"outcomes": outcomes, "left_tracing": tracing}, sys.stdout)


def run_case(module: ModuleType, case: dict[str, Any]) -> list[Any]:
    """One case; with "student_trace", under a trace function of the student's own, and
    whether it is still the one in place afterwards; with "late_images", every second
    image of a loop's values takes the window past its end (a loaded machine)."""
    if case.get("late_images"):
        return list(run_late(module, case["source"], case["budget"]))
    if not case.get("student_trace"):
        return list(run(module, case["source"], case["budget"]))

    def theirs(frame: Any, event: str, arg: Any) -> None:
        return None

    sys.settrace(theirs)
    try:
        outcome = list(run(module, case["source"], case["budget"]))
        return [*outcome, sys.gettrace() is theirs]
    finally:
        sys.settrace(None)


def run_late(module: ModuleType, source: str, budget: float) -> tuple[str, Any, list[str]]:
    """`run`, each second image of a loop's values taking twice a window: the visit that
    finds the repeated state is also the one that closes the window."""
    real_clock, real_encode = module._lw_monotonic, module._encode
    late, images = [0.0], [0]

    def clock() -> float:
        return float(real_clock()) + late[0]

    def slow_second_image(pairs: Any) -> Any:
        image = real_encode(pairs)
        images[0] += 1
        if images[0] % 2 == 0:
            late[0] += 2 * module.LoopWatch.WINDOW
        return image

    module._lw_monotonic, module._encode = clock, slow_second_image
    try:
        return run(module, source, budget)
    finally:
        module._lw_monotonic, module._encode = real_clock, real_encode


def run_elsewhere(cases: list[dict[str, Any]], python: str = sys.executable) -> dict[str, Any]:
    """The cases run by `python` in a process of their own: no thread of another test,
    no trace function of a tool around them (the detector gives up on either)."""
    import subprocess

    done = subprocess.run(
        [python, str(Path(__file__))],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    report: dict[str, Any] = json.loads(done.stdout)
    return report


if __name__ == "__main__":
    main()
