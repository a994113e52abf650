"""Scoring: the status of a question, and the rules applied once every question ran."""

from __future__ import annotations

from collections.abc import Sequence

from ..results import CheckResult, CheckStatus, Evidence, QuestionResult, QuestionStatus, Text
from .declare import Check, Question


def question_status(checks: Sequence[CheckResult]) -> QuestionStatus:
    """Pure rule of docs/grading-contract.md §2 from the statuses of the checks."""
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


def dependency_notes(
    questions: Sequence[Question],
    results: Sequence[QuestionResult],
    uses: dict[str, list[str]],
    aliases: dict[str, str],
) -> None:
    """Tell the student when a failing function calls a function of a failing question.

    Checks call the student's functions as they are, so a wrong `heuristique` also
    makes `maximin` wrong; saying so points the student at the first thing to fix.
    """
    owner: dict[str, str] = {}
    for question in questions:
        for spellings in question.names:
            owner[aliases.get(spellings[0], spellings[0])] = question.id
    status = {r.id: r.status for r in results}
    bad = {
        QuestionStatus.PARTIAL,
        QuestionStatus.FAILED,
        QuestionStatus.ERROR,
        QuestionStatus.TIMEOUT,
        QuestionStatus.MISSING,
    }
    for question, result in zip(questions, results, strict=False):
        if result.status not in bad - {QuestionStatus.MISSING}:
            continue
        callers: dict[str, list[str]] = {}
        for spellings in question.names:
            func = aliases.get(spellings[0], spellings[0])
            culprits = sorted(
                {
                    f"{name} ({owner[name]})"
                    for name in uses.get(func, [])
                    if owner.get(name) not in (None, question.id) and status.get(owner[name]) in bad
                }
            )
            if culprits:
                callers.setdefault(", ".join(culprits), []).append(func)
        result.notes[:0] = [
            (
                "uses_failing" if len(funcs) == 1 else "uses_failing_many",
                {"func": ", ".join(funcs), "names": names},
            )
            for names, funcs in callers.items()
        ]


def _about(question: Question, check: Check) -> str:
    return check.of or (question.names[0][0] if question.names else question.id)


def value_free_rule(questions: Sequence[Question], results: Sequence[QuestionResult]) -> None:
    """A passed value-free check of a function none of whose value checks passed fails.

    "Does not change its argument" or "raises on an illegal move" holds for `pass` or
    `raise AssertionError`: such a property counts only for a function that also
    computes something right. Across questions: a value check of the same function in
    another question counts too."""
    proven = {
        _about(q, c)
        for q, r in zip(questions, results, strict=False)
        for c, cr in zip(q.checks, r.checks, strict=False)
        if not c.value_free and cr.status is CheckStatus.PASSED
    }
    for question, result in zip(questions, results, strict=False):
        changed = False
        for check, outcome in zip(question.checks, result.checks, strict=False):
            func = _about(question, check)
            if check.value_free and outcome.status is CheckStatus.PASSED and func not in proven:
                outcome.status, changed = CheckStatus.FAILED, True
                outcome.evidence = Evidence(
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
                )
        if changed:
            result.status = question_status(result.checks)
