"""The endless-loop corpus (tests/fixtures/loops/): its cases, and a run of them in plain
Python, without the grader, to check the verdicts on each interpreter.

    python3.10 tools/loopcases.py            # every case, verdicts checked, times listed
    python3.13 tools/loopcases.py ends_*     # the cases whose name matches

Standard library only: it runs on interpreters where the grader is not installed (the
numpy cases are skipped where numpy is missing). Each case runs in a child process as
the worker would run it: cells executed one after the other in one namespace, `random`
seeded with 0 before each cell (numpy too when already imported), `input()` raising
EOFError, a recursion limit of 3000, in an empty scratch folder. An "ends" case must end
within ENDS_CPU seconds of CPU and print (or return) what its header says; an "endless" or
"endless-silent" one must still be running after ENDLESS_PROBE seconds.

A case is one file `<name>.py`: a header of `# key: value` lines, then cells, each opened
by a line `# %%`. Keys: `verdict` (ends, endless, endless-silent), `why` (continued on
lines starting with `#   `), and for "ends" cases `printed` (a JSON string: what the last
cell prints, or the call); `call` (a function the last cell defines, called after the
cells as the grader calls student functions), `args` (JSON list) and `value` (JSON: what
the call returns); `needs` (a module the case imports that may be missing: numpy).
"""

from __future__ import annotations

import fnmatch
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CASES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "loops"
VERDICTS = ("ends", "endless", "endless-silent")
CELL_MARK = "# %%"
ENDS_LIMIT = 15.0
"""Wall seconds an "ends" case may take here (others may be loading the machine)."""
ENDS_CPU = 1.6
"""CPU seconds an "ends" case's last step may take (about 0.3-1 s: CPU, as wall-clock
figures are noise on a shared machine; a busy-wait burns as much CPU as it waits)."""
ENDLESS_PROBE = 1.5
"""Wall seconds an endless case must still be running after."""
RECURSION_LIMIT = 3000  # the worker's (grader/sandbox/worker/prepare.py, prepare_interpreter)


@dataclass(frozen=True)
class LoopCase:
    name: str
    verdict: str
    why: str
    cells: tuple[str, ...]
    printed: str | None = None
    call: str | None = None
    args: tuple[Any, ...] = ()
    value: Any = None
    needs: str | None = None


def parse_case(name: str, text: str) -> LoopCase:
    """The case of one file (see the module's docstring for the format)."""
    lines = text.splitlines(keepends=True)
    fields: dict[str, str] = {}
    key = ""
    start = 0
    for start, line in enumerate(lines):  # noqa: B007 - `start` is read after the loop
        if line.rstrip() == CELL_MARK:
            break
        if line.startswith("#   ") and key:
            fields[key] += " " + line[4:].strip()
        elif line.startswith("# ") and ":" in line:
            key, _, value = line[2:].partition(":")
            key = key.strip()
            fields[key] = value.strip()
        elif line.strip():
            raise ValueError(f"{name}: header line not understood: {line!r}")
    else:
        raise ValueError(f"{name}: no cell (a line '{CELL_MARK}')")
    cells: list[list[str]] = []
    for line in lines[start:]:
        if line.rstrip() == CELL_MARK:
            cells.append([])
        else:
            cells[-1].append(line)
    verdict = fields.get("verdict", "")
    if verdict not in VERDICTS:
        raise ValueError(f"{name}: verdict {verdict!r} is not one of {VERDICTS}")
    if not fields.get("why"):
        raise ValueError(f"{name}: no why")
    if verdict == "ends" and "printed" not in fields:
        raise ValueError(f"{name}: an 'ends' case says what it prints")
    return LoopCase(
        name=name,
        verdict=verdict,
        why=fields["why"],
        cells=tuple("".join(cell) for cell in cells),
        printed=json.loads(fields["printed"]) if "printed" in fields else None,
        call=fields.get("call"),
        args=tuple(json.loads(fields.get("args", "[]"))),
        value=json.loads(fields["value"]) if "value" in fields else None,
        needs=fields.get("needs"),
    )


def load_cases(folder: Path = CASES) -> list[LoopCase]:
    return [parse_case(path.stem, path.read_text("utf-8")) for path in sorted(folder.glob("*.py"))]


# -- the plain run --------------------------------------------------------------------

_CHILD = r"""
import builtins, io, json, random, sys, time
case = json.loads(sys.stdin.read())
def no_input(prompt=""):
    raise EOFError("input()")
builtins.input = no_input
sys.setrecursionlimit(case["recursion_limit"])
space = {"__name__": "__main__", "__builtins__": builtins}
def seeded(seed):
    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed(seed)
real_stdout = sys.stdout
for i, cell in enumerate(case["cells"], 1):
    out = sys.stdout = io.StringIO()
    seeded(0)
    start, cpu = time.monotonic(), time.process_time()
    exec(compile(cell, f"<cellule {i}>", "exec"), space)
    value = None
if case["call"]:
    out = sys.stdout = io.StringIO()
    seeded(1)
    start, cpu = time.monotonic(), time.process_time()
    value = space[case["call"]](*case["args"])
seconds, cpu = time.monotonic() - start, time.process_time() - cpu
sys.stdout = real_stdout
print(json.dumps({"printed": out.getvalue(), "value": value, "seconds": seconds, "cpu": cpu}))
"""


def run_plain(case: LoopCase, python: str, limit: float) -> dict[str, Any]:
    """Run `case` with interpreter `python`; what its last step printed and returned, its
    wall and CPU seconds, or {"running": True} when still running after `limit` seconds."""
    request = json.dumps(
        {"cells": case.cells, "call": case.call, "args": list(case.args), "recursion_limit": RECURSION_LIMIT}
    )
    with tempfile.TemporaryDirectory() as scratch:
        try:
            done = subprocess.run(
                [python, "-c", _CHILD],
                input=request,
                capture_output=True,
                text=True,
                timeout=limit,
                cwd=scratch,
                env={**os.environ, "PYTHONHASHSEED": "0"},
            )
        except subprocess.TimeoutExpired:
            return {"running": True}
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def check(case: LoopCase, python: str) -> tuple[bool, str]:
    """Whether `case` behaves as its verdict says under `python`, and how it ran."""
    started = time.monotonic()
    if case.verdict == "ends":
        got = run_plain(case, python, ENDS_LIMIT)
        if "running" in got or "error" in got:
            return False, f"did not end: {got}"
        good = (
            got["printed"] == case.printed
            and (case.call is None or got["value"] == case.value)
            and got["cpu"] <= ENDS_CPU
        )
        text = f"{got['seconds']:.2f} s wall, {got['cpu']:.2f} s CPU (last step)"
        return good, text if good else f"{text}; printed {got['printed']!r}, returned {got['value']!r}"
    got = run_plain(case, python, ENDLESS_PROBE)
    if "running" in got:
        return True, f"still running after {time.monotonic() - started:.1f} s"
    return False, f"ended: {got}"


def _has(python: str, module: str) -> bool:
    return subprocess.run([python, "-c", f"import {module}"], capture_output=True).returncode == 0


def main(argv: list[str]) -> int:
    patterns = argv or ["*"]
    python = sys.executable
    cases = [c for c in load_cases() if any(fnmatch.fnmatch(c.name, p) for p in patterns)]
    failed = skipped = 0
    for case in cases:
        if case.needs and not _has(python, case.needs):
            print(f"SKIP {case.name}: no {case.needs}")
            skipped += 1
            continue
        good, text = check(case, python)
        failed += not good
        print(f"{'ok  ' if good else 'FAIL'} {case.verdict:14} {case.name}: {text}", flush=True)
    ran = len(cases) - skipped
    print(f"{sys.version.split()[0]}: {ran - failed}/{ran} as their verdicts say ({skipped} skipped)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
