"""The mutation run of one TD: generate, filter by differential testing, grade.

The command (`python -m grader.mutation`) is `grader.mutation.__main__`; the method,
docs/explanation/mutation.md.
"""

from __future__ import annotations

import logging
import multiprocessing
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from types import ModuleType

from . import differential
from .grading import QuestionScore, grade_source
from .inputs import ExerciseSpec
from .mutator import Mutant, dependents, generate

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
    source: str = ""
    """The reference the mutants were made from (their diffs are against it)."""
    unmeasured: tuple[str, ...] = ()
    """Questions no input reaches (derived inputs: no value check)."""
    derived: bool = False
    """The inputs were derived from the TD's value checks (`grader.mutation.derived`)."""

    def count(self, *statuses: str) -> int:
        return sum(r.status in statuses for r in self.results)

    @property
    def behaviour_changing(self) -> int:
        return self.count("killed", "survived")

    @property
    def score(self) -> float | None:
        total = self.behaviour_changing
        return self.count("killed") / total if total else None


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
    reference: ModuleType
    calls: list[differential.Call]
    expected: list[differential.Outcome]
    users: dict[str, set[str]]


_CTX = _Context()


def _prepare(spec: ExerciseSpec, source: str, seed: int) -> None:
    _CTX.spec, _CTX.source = spec, source
    _CTX.reference = differential.load(source, "reference_copy")
    _CTX.calls = spec.build_calls(_CTX.reference, random.Random(f"{spec.id}:{seed}"))
    outcomes = differential.run_calls(source, source, _CTX.calls, None, stop_at_first=False)
    _CTX.expected = [o for o in outcomes if o is not None]  # none skipped: every call was run
    _CTX.users = dependents(source)


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


def baseline(spec: ExerciseSpec, source: str) -> list[str]:
    """Questions where the unmutated reference (with the shim) does not get full marks."""
    scores = grade_source(source + spec.shim, spec.id, set(spec.questions.values()))
    return [q for q, s in sorted(scores.items()) if not s.full]


def run_exercise(
    spec: ExerciseSpec,
    source: str,
    seed: int,
    limit: int | None,
    jobs: int,
    on_result: Callable[[MutantResult], None] | None = None,
) -> ExerciseRun:
    """Every mutant of the reference `source` (a seeded sample of `limit`), judged."""
    start = time.monotonic()
    mutants = generate(spec.id, source, spec.mutated_names)
    generated = len(mutants)
    if limit is not None and limit < len(mutants):
        picked = sorted(random.Random(f"{spec.id}:{seed}").sample(range(len(mutants)), limit))
        mutants = [mutants[k] for k in picked]
    not_full = baseline(spec, source)
    if not_full:
        logging.error("%s: the reference itself loses points on %s; skipped", spec.id, ", ".join(not_full))
        return ExerciseRun(
            spec.id, [], generated, time.monotonic() - start, False, source, spec.unmeasured, spec.derived
        )
    _prepare(spec, source, seed)
    results: list[MutantResult] = []
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
    return ExerciseRun(
        spec.id, results, generated, time.monotonic() - start, True, source, spec.unmeasured, spec.derived
    )
