"""Runs code under grader/sandbox/loopwatch.py as the worker runs student code: a
SIGALRM budget whose alarm also opens the detector's windows. In this process for the
tests, and as a script (`python loopwatch_harness.py < cases.json`) for the other
Python versions: loopwatch.py imports nothing from the grader.

An outcome is ("endless", line, state), ("ends", None, []), ("timeout", None, []) or
("error", the exception's repr, []).
"""

from __future__ import annotations

import importlib.util
import io
import json
import signal
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

LOOPWATCH = Path(__file__).resolve().parent.parent / "grader" / "sandbox" / "loopwatch.py"


def load(path: Path = LOOPWATCH) -> ModuleType:
    """loopwatch.py as a module of its own (as the worker has it: not from the package)."""
    spec = importlib.util.spec_from_file_location("loopwatch_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Budget(BaseException):
    """The budget ran out (the worker's BudgetExceeded)."""


def run(module: ModuleType, source: str, budget: float) -> tuple[str, Any, list[str]]:
    """Run `source` in a fresh namespace, its output captured, as the worker's `_run`."""
    watch = module.LoopWatch()

    def on_alarm(signum: int, frame: Any) -> None:
        delay = watch.alarm(frame)
        if delay is not None:
            signal.setitimer(signal.ITIMER_REAL, delay)
            return
        raise Budget

    watch.bind(run.__code__, on_alarm)
    code = compile(source, "<cellule>", "exec")
    namespace: dict[str, Any] = {"__name__": "__main__"}
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


def main() -> None:
    """Cases from stdin ([{"source", "budget"}]), outcomes on stdout, in order."""
    module = load(Path(sys.argv[1]) if len(sys.argv) > 1 else LOOPWATCH)
    cases = json.load(sys.stdin)
    outcomes = [run(module, case["source"], case["budget"]) for case in cases]
    tracing = [sys.gettrace() is not None, sys.getprofile() is not None]
    json.dump({"outcomes": outcomes, "left_tracing": tracing}, sys.stdout)


if __name__ == "__main__":
    main()
