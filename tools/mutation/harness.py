"""The mutation run: generate, filter by differential testing, grade, report.

python -m tools.mutation [--exercise X] [--limit N] [--jobs N] [--seed S] [--json F]
"""

from __future__ import annotations

import argparse
import ast
import logging
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from . import differential, report
from .grading import QuestionScore, grade_source
from .inputs import SPECS, ExerciseSpec
from .mutator import Mutant, generate

DEFAULT_SEED = 12


@dataclass
class MutantResult:
    mutant: Mutant
    status: str
    """`equivalent` (no call differs), `alternative` (only answers the sheet accepts
    differ), `killed` (behaviour-changing, loses points on its question), `survived`
    (behaviour-changing, full marks there)."""
    changed: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    """The questions the mutant is judged on."""
    scores: dict[str, QuestionScore] = field(default_factory=dict)
    import_error: bool = False
    example: str = ""
    """The first call whose outcome differs from the reference's."""

    @property
    def lost_points(self) -> bool:
        return any(not s.full for s in self.scores.values())


@dataclass
class ExerciseRun:
    spec_id: str
    results: list[MutantResult]
    generated: int
    seconds: float
    baseline_ok: bool = True

    def count(self, *statuses: str) -> int:
        return sum(r.status in statuses for r in self.results)

    @property
    def behaviour_changing(self) -> int:
        return self.count("killed", "survived")

    @property
    def score(self) -> float | None:
        total = self.behaviour_changing
        return self.count("killed") / total if total else None


# -- which calls a mutant can affect ------------------------------------------------------
def dependents(source: str) -> dict[str, set[str]]:
    """name -> every top-level name whose value or calls (transitively) use it."""
    tree = ast.parse(source)
    uses: dict[str, set[str]] = {}
    for stmt in tree.body:
        names = []
        if isinstance(stmt, ast.FunctionDef):
            names = [stmt.name]
        elif isinstance(stmt, ast.Assign):
            names = [t.id for target in stmt.targets for t in ast.walk(target) if isinstance(t, ast.Name)]
        read = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        for name in names:
            uses.setdefault(name, set()).update(read)
    users: dict[str, set[str]] = {name: {name} for name in uses}
    changed = True
    while changed:  # fixed point of "a uses b and b uses c"
        changed = False
        for name, read in uses.items():
            for other in read:
                if other in users:
                    for affected in users.values():
                        if other in affected and name not in affected:
                            affected.add(name)
                            changed = True
    return users


def questions_of(spec: ExerciseSpec, mutant: Mutant, changed: set[str]) -> list[str]:
    """A graded name's own question; for a helper, the questions of what it changed."""
    if mutant.target in spec.questions:
        return [spec.questions[mutant.target]]
    return sorted({spec.questions[name] for name in changed if name in spec.questions})


# -- one exercise ---------------------------------------------------------------------
class _Context:
    """What the workers of one exercise share (inherited through fork)."""

    spec: ExerciseSpec
    source: str
    reference: object
    calls: list
    expected: list
    users: dict


_CTX = _Context()


def _prepare(spec: ExerciseSpec, seed: int) -> None:
    _CTX.spec, _CTX.source = spec, spec.source
    _CTX.reference = differential.load(_CTX.source, "reference_copy")
    _CTX.calls = spec.build_calls(_CTX.reference, random.Random(f"{spec.id}:{seed}"))
    _CTX.expected = differential.run_calls(_CTX.source, _CTX.source, _CTX.calls, None, stop_at_first=False)
    _CTX.users = dependents(_CTX.source)


def _differential(mutant: Mutant) -> differential.Verdict:
    wanted = _CTX.users.get(mutant.target, {mutant.target})
    got = differential.run_isolated(
        mutant.source, _CTX.source, _CTX.calls, wanted, _CTX.expected, _CTX.spec.comparators
    )
    return differential.judge(_CTX.reference, _CTX.calls, _CTX.expected, got, _CTX.spec.comparators)


def evaluate(mutant: Mutant) -> MutantResult:
    """Differential testing, then grading when the behaviour changed (or when only
    accepted alternatives differ: a grader that fails those has a false fail)."""
    spec = _CTX.spec
    verdict = _differential(mutant)
    if verdict.behaviour_changing:
        questions = questions_of(spec, mutant, verdict.changed)
    elif verdict.alternative:
        questions = questions_of(spec, mutant, verdict.alternative)
    else:
        return MutantResult(mutant, "equivalent")
    scores = grade_source(mutant.source + spec.shim, spec.id, set(questions))
    result = MutantResult(
        mutant,
        "",
        sorted(verdict.changed or verdict.alternative),
        questions,
        scores,
        verdict.import_error,
        verdict.example,
    )
    if verdict.behaviour_changing:
        result.status = "killed" if result.lost_points else "survived"
    else:
        result.status = "alternative"
    return result


def baseline(spec: ExerciseSpec) -> list[str]:
    """Questions where the unmutated reference (with the shim) does not get full marks."""
    scores = grade_source(spec.source + spec.shim, spec.id, set(spec.questions.values()))
    return [q for q, s in sorted(scores.items()) if not s.full]


def run_exercise(spec: ExerciseSpec, seed: int, limit: int | None, jobs: int, on_result=None) -> ExerciseRun:
    start = time.monotonic()
    mutants = generate(spec.id, spec.source, spec.mutated_names)
    generated = len(mutants)
    if limit is not None and limit < len(mutants):
        picked = sorted(random.Random(f"{spec.id}:{seed}").sample(range(len(mutants)), limit))
        mutants = [mutants[k] for k in picked]
    not_full = baseline(spec)
    if not_full:
        logging.error("%s: the reference itself loses points on %s; skipped", spec.id, ", ".join(not_full))
        return ExerciseRun(spec.id, [], generated, time.monotonic() - start, baseline_ok=False)
    _prepare(spec, seed)
    results = []
    if jobs <= 1:
        for mutant in mutants:
            results.append(evaluate(mutant))
            if on_result:
                on_result(results[-1])
    else:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            for result in pool.map(evaluate, mutants):
                results.append(result)
                if on_result:
                    on_result(result)
    return ExerciseRun(spec.id, results, generated, time.monotonic() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.mutation",
        description="Mutation testing of the grader (docs/explanation/mutation.md).",
    )
    parser.add_argument(
        "--exercise",
        action="append",
        choices=sorted(SPECS),
        help="only this exercise (repeatable); all five by default",
    )
    parser.add_argument("--limit", type=int, help="at most N mutants per exercise (a seeded sample)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants evaluated in parallel (default 1)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="inputs and sample seed")
    parser.add_argument("--json", metavar="FILE", help="write every mutant's result as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="write the survivors as a Markdown table")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per mutant as it is judged")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    runs = []
    for exercise in args.exercise or list(SPECS):
        spec = SPECS[exercise]
        print(f"== {exercise}", flush=True)
        on_result = (lambda r: print("  " + report.one_line(r), flush=True)) if args.verbose else None
        run = run_exercise(spec, args.seed, args.limit, args.jobs, on_result)
        runs.append(run)
        print(report.summary(run), flush=True)
    print(report.table(runs), flush=True)
    if args.json:
        report.write_json(runs, args.json, args.seed)
    if args.markdown:
        report.write_markdown(runs, args.markdown)
    return 0 if all(r.baseline_ok for r in runs) else 1
