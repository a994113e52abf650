"""Mutation inputs derived from a TD's declaration: any TD, a course's own included.

A value check (`grader.checking.reference_checks.SameAsReference`) names the reference's
function, its calls (listed, and drawn by the TD's generator) and how an answer is
accepted. So the inputs of the TD's mutation testing are read from it:

- the graded names: the reference functions of the value checks, each on the question
  that holds its check; the other top-level definitions of the reference that they use
  (transitively) are helpers, judged on the questions whose behaviour they change;
- the calls: every value check's calls, the listed ones and the drawn ones (the same
  examples the check probes: shipped with the TD, else drawn by Hypothesis with the
  check's seed), on the unmutated reference and on each mutant;
- the answers accepted: a mutant whose only differences on a function are values or
  arguments every value check of that function accepts (its `Comparison`s) is an
  accepted alternative, not a behaviour change.

A question no value check reaches is not measured (its checks are the TD's own code: the
harness cannot know their calls), and the report says so.
"""

from __future__ import annotations

import ast
import random
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..checking.declare import Check, Exercise, Question
from ..checking.draws import distinct_examples, example_text
from ..checking.reference_checks import SameAsReference
from ..checking.view import module_source
from .differential import Call, Comparator, Outcome, equal
from .inputs import ExerciseSpec, shipped_spec
from .mutator import dependents


def value_checks(exercise: Exercise[Any]) -> Iterator[tuple[Question, Check, SameAsReference]]:
    """Each value check of `exercise` whose reference is a top-level function of the
    TD's reference module, with its question."""
    reference = exercise.reference
    for question in exercise.questions:
        for check in question.checks:
            run = check.run
            if isinstance(run, SameAsReference) and reference is not None:
                name = getattr(run.reference, "__name__", "")
                if getattr(reference, name, None) is run.reference:
                    yield question, check, run


def examples_of(check: Check, run: SameAsReference) -> list[Any]:
    """The examples the check probes: its listed calls, then its drawn ones (as it draws
    them: shipped, else Hypothesis with its seed; the run's scale 1)."""
    examples = list(run.calls)
    if run.drawn is not None:
        examples += distinct_examples(run.drawn, max(1, run.examples), run.seed or check.name)
    return examples


def top_level_names(source: str) -> set[str]:
    """The names the module's top-level statements define (functions, assignments)."""
    names: set[str] = set()
    for stmt in ast.parse(source).body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def _helpers(source: str, graded: set[str]) -> set[str]:
    users = dependents(source)  # name -> the names that use it
    defined = top_level_names(source)
    return {name for name in defined - graded if users.get(name, set()) & graded}


def derived(exercise: Exercise[Any]) -> ExerciseSpec | None:
    """The mutation inputs of `exercise` read from its value checks, or None when it has
    no reference module or no value check."""
    found = list(value_checks(exercise))
    if exercise.reference is None or not found:
        return None
    questions = {run.reference.__name__: question.id for question, _, run in found}
    measured = set(questions.values())
    unmeasured = tuple(q.id for q in exercise.questions if not q.manual and q.id not in measured)
    judges: dict[tuple[str, str], list[SameAsReference]] = {}
    """(function, the call's arguments as shipped data) -> the checks making that call."""
    calls: list[Call] = []
    for _, check, run in found:
        for example in examples_of(check, run):
            call = Call(run.reference.__name__, run.as_args(example))
            judges.setdefault(_key(call), []).append(run)
            calls.append(call)

    def build_calls(reference: types.ModuleType, rng: random.Random) -> list[Call]:
        return list(calls)

    return ExerciseSpec(
        exercise.id,
        questions,
        helpers=_helpers(module_source(exercise.reference), set(questions)),
        build_calls=build_calls,
        comparators=dict.fromkeys(questions, accepting(judges)),
        unmeasured=unmeasured,
        derived=True,
    )


def _key(call: Call) -> tuple[str, str]:
    try:
        return call.func, example_text(call.args)
    except TypeError:  # not shipped data: told apart by its repr
        return call.func, repr(call.args)


def accepting(judges: Mapping[tuple[str, str], list[SameAsReference]]) -> Comparator:
    """A differing outcome is an accepted alternative when every value check making the
    call accepts its value (those that judge values) and its arguments (those that judge
    them); anything else that differs (an exception, a timeout, a global) differs."""

    def compare(reference: Any, call: Call, expected: Outcome, got: Outcome) -> str:
        if equal(expected, got):
            return "same"
        if expected.kind != "value" or got.kind != "value":
            return "differs"
        if not all(
            equal(getattr(expected, f), getattr(got, f)) for f in ("globals_after", "shared", "count")
        ):
            return "differs"
        args = tuple(call.args)
        runs = judges.get(_key(call), [])
        values = [run.compare for run in runs if run.compare is not None]
        if not all(c.accepts(expected.value, got.value, args) for c in values):
            return "differs"
        pairs = list(enumerate(zip(expected.args_after or (), got.args_after or (), strict=False)))
        judging = [run for run in runs if run.arguments is not None]
        if not all(
            run.equal_for(i).accepts(want, have, args) for run in judging for i, (want, have) in pairs
        ):
            return "differs"
        return "alternative"

    return compare


def specs(exercises: Mapping[str, Exercise[Any]], package: Callable[[str], str]) -> dict[str, ExerciseSpec]:
    """The inputs of each TD of `exercises` that has some: written for it (`shipped_spec`
    of its `package(id)`), else derived from its value checks (`derived`)."""
    found = {}
    for exercise_id, exercise in exercises.items():
        spec = shipped_spec(package(exercise_id)) or derived(exercise)
        if spec is not None:
            found[exercise_id] = spec
    return found
