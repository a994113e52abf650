"""Scoring: one pure pass from what the checks gave to the questions' results and the mark.

`score(exercise, outcome, bareme, overrides)` reads the exercise's declaration (its
questions, their checks and points), what running the checks on one submission gave (a
`SubmissionOutcome`: plain data, which a class record can keep), the teacher's `Bareme`
and the points the teacher gave by hand. It runs no student code and changes none of
its inputs; every result is built once. Its steps:

1. **Pricing.** Each question the barème grades gets its points (the barème's, else its
   checks'), shared among its checks in proportion to their declared points; a check
   earns its share when it passed; a question's status follows its checks'
   (`question_status`).
2. **The rules**, in the order of `RULES`, each a pure function from the results to new
   results: `value_free`, `dependency_notes`, `bounds_review`, `overrides`.
3. **The mark**: the points earned out of the points of the graded questions (bonus
   questions add to the first only), on the barème's scale, capped, rounded (`mark_of`).

docs/grading-contract.md §2 states the rules in this order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..results import (
    CheckOutcome,
    CheckResult,
    CheckStatus,
    Evidence,
    QuestionOutcome,
    QuestionResult,
    QuestionStatus,
    SubmissionOutcome,
    SubmissionResult,
    Text,
)
from .declare import Check, Exercise, Question


@dataclass(frozen=True)
class Bareme:
    """How a teacher marks an exercise this year; the default gives the grader's own marks.

    Args:
        points: question id -> its points; its checks keep their relative weights. A
            question not listed keeps its checks' declared points.
        omitted: questions not set this year: not graded, not in the results, not in
            the total.
        scale: what the mark is out of (`sur`), any positive number.
        rounding: the mark is rounded half up to a multiple of this (0.01, 0.25, 0.5,
            1); 0: to the hundredth.
        bonus: questions whose points add to the score but not to the maximum.
        capped: the mark is at most `scale` (bonus points can only fill it).

    Raises:
        ValueError: negative points, a scale that is not positive, a negative rounding.

    Example:
        Bareme(points={"Q16": 2, "Q14": 3}, omitted=frozenset({"Q17"}), scale=10, rounding=0.5)
    """

    points: Mapping[str, float] = field(default_factory=dict)
    omitted: frozenset[str] = frozenset()
    scale: float = 20.0
    rounding: float = 0.0
    bonus: frozenset[str] = frozenset()
    capped: bool = True

    def __post_init__(self) -> None:
        negative = sorted(q for q, p in self.points.items() if p < 0)
        if negative:
            raise ValueError(f"negative points for {', '.join(negative)}")
        if self.scale <= 0:
            raise ValueError(f"the scale must be positive, got {self.scale}")
        if self.rounding < 0:
            raise ValueError(f"the rounding must be positive or 0, got {self.rounding}")

    def unknown(self, exercise: Exercise[Any]) -> list[str]:
        """The question ids it names that `exercise` does not have, sorted."""
        known = {q.id for q in exercise.questions}
        return sorted((set(self.points) | self.omitted | self.bonus) - known)


DEFAULT = Bareme()
"""Every question, its checks' points, out of 20, to the hundredth: the grader's marks."""

NO_OVERRIDES: Mapping[str, float] = MappingProxyType({})


class StaleOutcome(ValueError):
    """An outcome that does not answer this declaration (another version's checks):
    the copy must be graded again."""


@dataclass(frozen=True)
class Scoring:
    """What every rule reads: the graded questions' declarations and outcomes, in order,
    the submission's outcome, and the points the teacher gave by hand."""

    questions: tuple[Question, ...]
    outcomes: tuple[QuestionOutcome, ...]
    submission: SubmissionOutcome
    overrides: Mapping[str, float]
    acknowledged: Mapping[str, float] = field(default_factory=dict)
    """Question id -> the automatic score the teacher had before them when they gave
    the points of `overrides` (kept by the class record): see `override_review`."""


Rule = Callable[[Scoring, tuple[QuestionResult, ...]], tuple[QuestionResult, ...]]
"""A scoring rule: new results from the results so far (the ones it leaves alone as they are)."""


@dataclass(frozen=True)
class Scored:
    """A submission scored: its questions' results and its mark."""

    questions: tuple[QuestionResult, ...]
    score: float
    """Points earned, bonus questions included."""
    max_score: float
    """Points of the graded questions, bonus questions left out."""
    mark: float
    """Out of `scale`, capped and rounded as the barème says."""
    scale: float


def score(
    exercise: Exercise[Any],
    outcome: SubmissionOutcome,
    bareme: Bareme = DEFAULT,
    overrides: Mapping[str, float] = NO_OVERRIDES,
    rules: Sequence[Rule] | None = None,
    acknowledged: Mapping[str, float] = NO_OVERRIDES,
) -> Scored:
    """Score one submission's outcome: price its questions, apply the rules, mark it.

    Args:
        exercise: the declaration the outcome answers.
        outcome: what running its checks gave (`grader.checking.running.run_exercise`).
        bareme: the teacher's points, omitted questions, scale, rounding, bonus, cap.
        overrides: question id -> points the teacher gave, in place of the automatic
            score (which the result keeps beside them); ids not graded are ignored.
        rules: the rules to apply, in order (default: `RULES`).
        acknowledged: question id -> the automatic score when the teacher's points of
            `overrides` were given; a different one now flags the question for review.

    Raises:
        StaleOutcome: the outcome's questions or checks are not the declaration's.

    Example:
        scored = score(EXERCISES["puissance4"], outcome, Bareme(scale=10, rounding=0.5))
    """
    found = {q.id: q for q in outcome.questions}
    graded = tuple(q for q in exercise.questions if q.id not in bareme.omitted)
    missing = [q.id for q in graded if q.id not in found]
    if outcome.exercise != exercise.id or missing:
        raise StaleOutcome(f"outcome of {outcome.exercise} without {', '.join(missing) or 'this exercise'}")
    outcomes = tuple(found[q.id] for q in graded)
    scoring = Scoring(graded, outcomes, outcome, overrides, acknowledged)
    results = tuple(priced(q, o, bareme) for q, o in zip(graded, outcomes, strict=True))
    for rule in RULES if rules is None else rules:
        results = rule(scoring, results)
    return mark_of(results, bareme)


def marked(result: SubmissionResult, scored: Scored) -> SubmissionResult:
    """`result` with the questions and the mark of `scored` (a new result)."""
    return replace(
        result,
        questions=list(scored.questions),
        score=scored.score,
        max_score=scored.max_score,
        mark=scored.mark,
        scale=scored.scale,
    )


def rescored(
    result: SubmissionResult,
    exercise: Exercise[Any],
    bareme: Bareme = DEFAULT,
    overrides: Mapping[str, float] = NO_OVERRIDES,
    acknowledged: Mapping[str, float] = NO_OVERRIDES,
) -> SubmissionResult:
    """`result` scored again from its outcome, with other points: no student code runs.
    A result without an outcome (not gradable) is returned as it is."""
    if result.outcome is None:
        return result
    return marked(result, score(exercise, result.outcome, bareme, overrides, acknowledged=acknowledged))


# -- 1. pricing -----------------------------------------------------------------------------
def priced(question: Question, outcome: QuestionOutcome, bareme: Bareme) -> QuestionResult:
    """A question's result from its outcome, its checks priced with the barème's points.

    Raises:
        StaleOutcome: the checks that ran are not the question's.
    """
    declared = question.max_score
    points = bareme.points.get(question.id)
    share = points / declared if points is not None and declared else None
    result = QuestionResult(
        question.id,
        question.title,
        declared if points is None else points,
        QuestionStatus.PASSED,
        bonus=question.id in bareme.bonus,
    )
    if question.manual:
        key = question.answer_key() if question.answer_key else ""
        return replace(result, status=QuestionStatus.MANUAL, answer_key=key)
    if outcome.missing:
        return replace(
            result,
            status=QuestionStatus.MISSING,
            missing=outcome.missing,
            suggestions=outcome.suggestions,
            aliases=outcome.aliases,
        )
    if tuple(c.name for c in question.checks) != tuple(c.name for c in outcome.checks):
        raise StaleOutcome(f"{question.id}: checks {[c.name for c in outcome.checks]}")
    checks = tuple(_check(c, o, share) for c, o in zip(question.checks, outcome.checks, strict=True))
    return _with_checks(replace(result, aliases=outcome.aliases, notes=outcome.notes), checks)


def _check(check: Check, outcome: CheckOutcome, share: float | None) -> CheckResult:
    points = check.points if share is None else check.points * share
    return CheckResult(
        check.name,
        {"fr": check.fr, "en": check.en},
        points,
        outcome.status,
        outcome.evidence,
        outcome.failure,
        points if outcome.status is CheckStatus.PASSED else 0.0,
    )


def _with_checks(result: QuestionResult, checks: tuple[CheckResult, ...]) -> QuestionResult:
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
    """A question's status from its checks' (docs/grading-contract.md §2)."""
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


# -- 2. the rules -----------------------------------------------------------------------------
def value_free(scoring: Scoring, results: tuple[QuestionResult, ...]) -> tuple[QuestionResult, ...]:
    """A passed value-free check of a function none of whose value checks passed fails.

    "Does not change its argument" or "raises on an illegal move" holds for `pass` or
    `raise AssertionError`: such a property counts only for a function that also
    computes something right. Across questions: a value check of the same function in
    another graded question counts too."""
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
            _unearned(done, _about(question, check))
            if check.value_free
            and done.status is CheckStatus.PASSED
            and _about(question, check) not in proven
            else done
            for check, done in zip(question.checks, result.checks, strict=False)
        )
        changed = any(a is not b for a, b in zip(checks, result.checks, strict=True))
        new.append(_with_checks(result, checks) if changed else result)
    return tuple(new)


def _about(question: Question, check: Check) -> str:
    return check.of or (question.names[0][0] if question.names else question.id)


def _unearned(check: CheckResult, func: str) -> CheckResult:
    return replace(
        check,
        status=CheckStatus.FAILED,
        score=0.0,
        evidence=Evidence(
            call=func,
            expected=Text("au moins une valeur juste", "at least one right value"),
            obtained=Text("aucune", "none"),
            note={
                "fr": f"propriété vérifiée, mais elle ne rapporte des points que si {func} calcule "
                "aussi au moins une valeur juste : aucune vérification de valeur de cette "
                "fonction ne passe (corrigez d'abord celles-ci)",
                "en": f"the property holds, but it earns points only when {func} also computes at "
                "least one right value: no value check of this function passes (fix those "
                "first)",
            },
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


def dependency_notes(scoring: Scoring, results: tuple[QuestionResult, ...]) -> tuple[QuestionResult, ...]:
    """A question not passed whose functions call a function of another question not
    passed (missing included) gets a note naming it, first among its notes.

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
        callers: dict[str, list[str]] = {}
        for spellings in question.names:
            func = aliases.get(spellings[0], spellings[0])
            culprits = sorted(
                {
                    f"{name} ({owner[name]})"
                    for name in uses.get(func, [])
                    if owner.get(name) not in (None, question.id) and status.get(owner[name]) in _NOT_PASSED
                }
            )
            if culprits:
                callers.setdefault(", ".join(culprits), []).append(func)
        notes = tuple(
            (
                "uses_failing" if len(funcs) == 1 else "uses_failing_many",
                {"func": ", ".join(funcs), "names": names},
            )
            for names, funcs in callers.items()
        )
        new.append(replace(result, notes=notes + result.notes) if notes else result)
    return tuple(new)


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
"""The scoring rules, in the order they apply (docs/grading-contract.md §2)."""


# -- 3. the mark ------------------------------------------------------------------------------
def mark_of(results: tuple[QuestionResult, ...], bareme: Bareme = DEFAULT) -> Scored:
    """The submission's score, maximum and mark from its questions' results."""
    earned = round(sum(q.score for q in results), 4)
    most = round(sum(q.max_score for q in results if not q.bonus), 4)
    return Scored(results, earned, most, _mark(earned, most, bareme), bareme.scale)


def _mark(earned: float, most: float, bareme: Bareme) -> float:
    if not most:
        return 0.0
    mark = bareme.scale * earned / most
    if bareme.rounding:
        mark = _round_to(mark, bareme.rounding)
    if bareme.capped:
        mark = min(mark, bareme.scale)
    return round(mark, 2)


def _round_to(value: float, step: float) -> float:
    """`value` rounded half up to a multiple of `step` (13.25 to the half point: 13.5)."""
    from decimal import ROUND_HALF_UP, Decimal  # only for a barème that rounds

    exact, unit = Decimal(repr(round(value, 6))), Decimal(repr(step))
    return float((exact / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP) * unit)
