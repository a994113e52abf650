"""The scoring rules, applied in order once every question is priced (`RULES`).

Each rule is a pure function from what it reads (`Scoring`: the graded questions'
declarations and outcomes, the points the teacher gave) and the results so far to new
results; the results it leaves alone are returned as they are, the others rebuilt
(`with_checks`): a result is never changed once built. docs/reference/grading-contract.md §2
lists them in this order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ..model.results import (
    CheckOutcome,
    CheckResult,
    CheckStatus,
    Evidence,
    QuestionOutcome,
    QuestionResult,
    QuestionStatus,
    SubmissionOutcome,
)
from .declare import Check, Question
from .text import both


class Scoring:
    """What every rule reads: the graded questions' declarations and outcomes, in order,
    the submission's outcome, and the points the teacher gave by hand."""

    __slots__ = ("acknowledged", "outcomes", "overrides", "questions", "submission")

    def __init__(
        self,
        questions: tuple[Question, ...],
        outcomes: tuple[QuestionOutcome, ...],
        submission: SubmissionOutcome,
        overrides: Mapping[str, float],
        acknowledged: Mapping[str, float] | None = None,
    ):
        self.questions, self.outcomes = questions, outcomes
        self.submission, self.overrides = submission, overrides
        self.acknowledged: Mapping[str, float] = acknowledged or {}
        """Question id -> the automatic score the teacher had before them when they gave
        the points of `overrides` (kept by the class record): see `override_review`."""


Rule = Callable[[Scoring, tuple[QuestionResult, ...]], tuple[QuestionResult, ...]]
"""A scoring rule: new results from the results so far (the ones it leaves alone as they are)."""


def with_checks(result: QuestionResult, checks: tuple[CheckResult, ...]) -> QuestionResult:
    """`result` with `checks`: its status and its scores follow them."""
    auto = round(sum(c.score for c in checks), 4)
    return replace(
        result,
        checks=checks,
        status=question_status(checks),
        auto_score=auto,
        score=auto if result.override is None else result.override,
    )


def question_status(checks: Sequence[CheckResult | CheckOutcome]) -> QuestionStatus:
    """A question's status from its checks' (docs/reference/grading-contract.md §2)."""
    statuses = [c.status for c in checks]
    if all(s is CheckStatus.PASSED for s in statuses):
        return QuestionStatus.PASSED
    if any(s is CheckStatus.PASSED for s in statuses):
        return QuestionStatus.PARTIAL
    if all(s is CheckStatus.ERROR for s in statuses):
        return QuestionStatus.ERROR
    if all(s is CheckStatus.TIMEOUT for s in statuses):
        return QuestionStatus.TIMEOUT
    return QuestionStatus.FAILED


def value_free(scoring: Scoring, results: tuple[QuestionResult, ...]) -> tuple[QuestionResult, ...]:
    """A passed value-free check of a function none of whose value checks passed is not
    counted (`CheckStatus.NOT_COUNTED`, no points).

    "Does not change its argument" or "raises on an illegal move" holds for `pass` or
    `raise AssertionError`: such a property counts only for a function that also
    computes something right. Across questions: a value check of the same function in
    another graded question counts too. It is not a failure of the property: it is said
    so, with no call, expected or obtained value (it shows none)."""
    pairs = list(zip(scoring.questions, results, strict=True))
    proven = {
        _about(q, c)
        for q, r in pairs
        for c, cr in zip(q.checks, r.checks, strict=False)
        if not c.value_free and cr.status is CheckStatus.PASSED
    }
    new = []
    for question, result in pairs:
        checks = tuple(
            _not_counted(done, _about(question, check))
            if check.value_free
            and done.status is CheckStatus.PASSED
            and _about(question, check) not in proven
            else done
            for check, done in zip(question.checks, result.checks, strict=False)
        )
        changed = any(a is not b for a, b in zip(checks, result.checks, strict=True))
        new.append(with_checks(result, checks) if changed else result)
    return tuple(new)


def _about(question: Question, check: Check) -> str:
    return check.of or (question.names[0][0] if question.names else question.id)


def _not_counted(check: CheckResult, func: str) -> CheckResult:
    return replace(
        check,
        status=CheckStatus.NOT_COUNTED,
        score=0.0,
        evidence=Evidence(
            call="",
            note=both("value_free.not_counted", func=func),
        ),
    )


_NOT_PASSED = frozenset(
    {
        QuestionStatus.PARTIAL,
        QuestionStatus.FAILED,
        QuestionStatus.ERROR,
        QuestionStatus.TIMEOUT,
        QuestionStatus.MISSING,
    }
)


_NOTE_KEY = {
    (True, False): "uses_missing",
    (True, True): "uses_missing_many",
    (False, False): "uses_failing",
    (False, True): "uses_failing_many",
}
"""A dependency note's key, by (the function called was never found, several call it)."""


def dependency_notes(scoring: Scoring, results: tuple[QuestionResult, ...]) -> tuple[QuestionResult, ...]:
    """A question not passed whose functions call a function of another question not
    passed (missing included), themselves or through the student's own helpers, gets a
    note naming it, first among its notes.

    Checks call the student's functions as they are, so a wrong `heuristique` also
    makes `maximin` wrong; saying so points the student at the first thing to fix."""
    aliases, uses = scoring.submission.aliases, scoring.submission.uses
    owner = {aliases.get(s[0], s[0]): q.id for q in scoring.questions for s in q.names}
    status = {r.id: r.status for r in results}
    new = []
    for question, result in zip(scoring.questions, results, strict=True):
        if result.status not in _NOT_PASSED - {QuestionStatus.MISSING}:
            new.append(result)
            continue
        callers: dict[tuple[bool, str], list[str]] = {}
        for spellings in question.names:
            func = aliases.get(spellings[0], spellings[0])
            called = [
                name
                for name in _called(func, uses, owner)
                if owner.get(name) not in (None, question.id) and status.get(owner[name]) in _NOT_PASSED
            ]
            # a function never found is said apart: "failing some checks" is not true of it
            for missing in (True, False):
                culprits = sorted(
                    f"{name} ({owner[name]})"
                    for name in called
                    if (status[owner[name]] is QuestionStatus.MISSING) is missing
                )
                if culprits:
                    callers.setdefault((missing, ", ".join(culprits)), []).append(func)
        notes = tuple(
            (_NOTE_KEY[missing, len(funcs) > 1], {"func": ", ".join(funcs), "names": names})
            for (missing, names), funcs in callers.items()
        )
        new.append(replace(result, notes=notes + result.notes) if notes else result)
    return tuple(new)


def _called(func: str, uses: dict[str, list[str]], owner: dict[str, str]) -> set[str]:
    """The names `func` uses, directly or through the student's own helpers (functions
    no question asks for, such as one recursive search under `maximin` and `minimax`),
    but not through another question's function: its own checks judge it."""
    found: set[str] = set()
    todo = [func]
    while todo:
        for name in uses.get(todo.pop(), []):
            if name not in found:
                found.add(name)
                if name not in owner:
                    todo.append(name)
    return found


def bounds_review(scoring: Scoring, results: tuple[QuestionResult, ...]) -> tuple[QuestionResult, ...]:
    """A question whose search was called with `-inf`, `+inf` for `alpha`, `beta`
    parameters the sheet does not have keeps its points, is marked for the teacher's
    review, and gets the `bounds_added` note, last among its notes."""
    return tuple(
        replace(
            result,
            review=True,
            notes=(*result.notes, ("bounds_added", {"func": ", ".join(outcome.bounds_added)})),
        )
        if outcome.bounds_added
        else result
        for outcome, result in zip(scoring.outcomes, results, strict=True)
    )


def overrides(scoring: Scoring, results: tuple[QuestionResult, ...]) -> tuple[QuestionResult, ...]:
    """Points the teacher gave a question replace its score; its automatic score stays
    beside them (`auto_score`)."""
    return tuple(
        replace(result, override=scoring.overrides[result.id], score=scoring.overrides[result.id])
        if result.id in scoring.overrides
        else result
        for result in results
    )


def override_review(scoring: Scoring, results: tuple[QuestionResult, ...]) -> tuple[QuestionResult, ...]:
    """A question whose teacher's points were given beside an automatic score that has
    changed since (a copy handed in again, another grader version) keeps the teacher's
    points, is marked for review, and gets the `override_changed` note (the automatic
    score then and now), last among its notes."""
    return tuple(
        replace(
            result,
            review=True,
            notes=(
                *result.notes,
                (
                    "override_changed",
                    {
                        "before": scoring.acknowledged[result.id],
                        "now": result.auto_score,
                        "points": result.override,
                    },
                ),
            ),
        )
        if result.override is not None
        and result.id in scoring.acknowledged
        and abs(scoring.acknowledged[result.id] - result.auto_score) > 1e-9
        else result
        for result in results
    )


RULES: tuple[Rule, ...] = (value_free, dependency_notes, bounds_review, overrides, override_review)
"""The scoring rules, in the order they apply (docs/reference/grading-contract.md §2)."""
