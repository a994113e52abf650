"""Calls sent ahead (`CheckContext.prefetched`, `for_all(..., calls=)`, `each`): the same
results, evidence and seeds as one call at a time, in fewer requests (fast tier: the
in-process session of tests/fake_session.py)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from fake_session import FakeSession

from grader.checking.context import CheckContext
from grader.checking.grading import grade_exercise
from grader.checking.verdicts import CallFailed
from grader.checking.view import StudentView
from grader.errors import StudentCodeError
from grader.registry import installed
from grader.sandbox.worker.wire import Ref

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = (ROOT / "reference" / "puissance4.py").read_text("utf-8")
BUGS = {
    "none": ("", ""),
    "teste_gagnante": (
        "    return any(evaluer(jeu, a) == joueur for a in Dalignements[tuple(coords)])",
        "    return any(evaluer(jeu, a) == joueur for a in Dalignements[tuple(coords)][1:])",
    ),
    "evaluer": (
        "    return valeurs.pop() if len(valeurs) == 1 else 0   # {0} gives 0 as well",
        "    return valeurs.pop() if len(valeurs) == 1 else jeu['plateau'][9][9]",
    ),
    "jouer_colonne": ("    jeu['nbcoups'] += 1\n    return (i, col)", "    return (i, col)"),
    "colonnes_jouables": (
        "    return [j for j in range(ncols) if jeu['hauteurs'][j] < nrows]",
        "    return [j for j in range(ncols) if jeu['hauteurs'][j] < nrows - 1]",
    ),
}


def grade(
    source: str, prefetch: bool, questions: tuple[str, ...], exercise_id: str = "puissance4"
) -> tuple[list, FakeSession]:
    exercise = EXERCISES[exercise_id]
    exercise = replace(exercise, questions=tuple(q for q in exercise.questions if q.id in questions))
    session = FakeSession(source, "copie")
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    if not prefetch:
        view.prefetch = lambda calls: None  # type: ignore[method-assign]
    results = grade_exercise(exercise, view).questions
    return results, session


@pytest.mark.parametrize("bug", list(BUGS))
def test_sent_ahead_or_one_by_one_the_grades_and_evidence_are_the_same(bug):
    line, wrong = BUGS[bug]
    assert REFERENCE.count(line) == 1 or not line, "the reference changed: pick another line"
    source = REFERENCE.replace(line, wrong) if line else REFERENCE
    questions = ("Q3", "Q4", "Q5", "Q6", "Q7", "Q8", "Q11", "Q12", "Q14", "Q15", "Q16")
    ahead, streamed = grade(source, True, questions)
    single, one_by_one = grade(source, False, questions)
    assert ahead == single  # statuses, scores, evidence (call shown, board drawn), notes
    assert streamed.seed == one_by_one.seed  # as many calls made: later checks get the same seeds
    assert len(streamed.streams) >= 15 and one_by_one.streams == []
    if bug != "none":
        assert any(c.evidence for q in ahead for c in q.checks), "the bug is caught"


OTHERS = [
    ("morpion", ("Q1", "Q2", "Q3", "Q4"), "", ""),
    ("morpion", ("Q1", "Q2", "Q3", "Q4"), "        [state[0][2], state[1][2], state[2][2]],", ""),
    ("domineering", ("Q2", "Q3", "Q8"), "", ""),
    (
        "domineering",
        ("Q2", "Q3", "Q8"),
        "        return INF\n    return len(coups_possibles(v, 0))",
        "        return -INF\n    return len(coups_possibles(v, 0))",
    ),
]


@pytest.mark.parametrize("exercise_id, questions, line, bug", OTHERS)
def test_other_sheets_sent_ahead_or_one_by_one_the_same(exercise_id, questions, line, bug):
    reference = (ROOT / "reference" / f"{exercise_id}.py").read_text("utf-8")
    assert reference.count(line) == 1 or not line, "the reference changed: pick another line"
    source = reference.replace(line, bug) if line else reference
    ahead, streamed = grade(source, True, questions, exercise_id)
    single, one_by_one = grade(source, False, questions, exercise_id)
    assert ahead == single
    assert streamed.seed == one_by_one.seed
    assert len(streamed.streams) >= 3 and one_by_one.streams == []
    if line:
        assert any(c.evidence for q in ahead for c in q.checks), "the bug is caught"


def view_of(source: str) -> tuple[StudentView, FakeSession]:
    session = FakeSession(source)
    return StudentView(session, session.names(), None), session  # type: ignore[arg-type]


COUNTER = "seen = []\ndef f(x):\n    seen.append(x)\n    if x == 3:\n        raise ValueError(x)\n    return x * 2\n"


def test_a_call_off_the_plan_stops_the_stream_and_is_made_itself():
    seeds = []
    for plan in ([("f", 1), ("f", 2), ("f", 4)], []):
        view, session = view_of(COUNTER + "def g(x):\n    return -x\n")
        ctx = CheckContext(view, None)
        with ctx.prefetched([ctx.ask(*call) for call in plan]):
            assert ctx.value("f", 1) == 2
            assert ctx.value("g", 2) == -2  # not the planned f(2)
            assert ctx.value("f", 4) == 8  # the plan is over: a call of its own
        assert session.streams == ([3] if plan else [])
        assert session.get("seen") == [1, 4]  # here the stream stopped at once (a worker may run ahead)
        seeds.append(session.seed)
    assert seeds[0] == seeds[1]  # the calls after the plan get the seeds they get without one


def test_a_failing_item_raises_at_its_call_with_the_call_and_board_shown():
    view, _ = view_of(COUNTER)
    ctx = CheckContext(view, None, draw=lambda board: f"<{board}>")
    with ctx.prefetched([ctx.ask("f", x) for x in (1, 3, 5)]):
        assert ctx.value("f", 1) == 2
        with pytest.raises(CallFailed) as caught:
            ctx.value("f", 3, shown="f(trois)", board="B")
    assert caught.value.evidence.call == "f(trois)" and caught.value.evidence.board == "<B>"
    assert isinstance(caught.value.failure, StudentCodeError) and caught.value.failure.ename == "ValueError"


def test_for_all_stops_at_the_first_rejected_answer():
    view, session = view_of(COUNTER)
    ctx = CheckContext(view, None)

    def probe(x):
        assert ctx.value("f", x) == 2 * x

    with pytest.raises(CallFailed):
        ctx.each(probe, [1, 2, 3, 4, 5], lambda x: [ctx.ask("f", x)])
    assert session.streams == [5]
    assert session.get("seen") == [1, 2, 3]


def test_arguments_that_name_a_function_in_the_worker_are_not_sent_ahead():
    view, session = view_of("def apply(h, x):\n    return h(x)\ndef double(x):\n    return 2 * x\n")
    ctx = CheckContext(view, None)
    with ctx.prefetched([ctx.ask("apply", Ref("double"), 3)]):
        assert ctx.value("apply", Ref("double"), 3) == 6
    assert session.streams == []


@pytest.mark.parametrize(
    "args",
    [
        ({"plateau": [[0, 1], [Ref("double")]]},),
        ([(1, 2), {Ref("double")}],),
        ({Ref("double"): 1},),
        ([[0, 0], [0.5, None, "x", True, Ref("double")]],),
    ],
)
def test_a_function_named_deep_in_a_board_keeps_the_call_from_being_sent_ahead(args):
    view, session = view_of("def apply(jeu):\n    return 0\ndef double(x):\n    return 2 * x\n")
    ctx = CheckContext(view, None)
    with ctx.prefetched([ctx.ask("apply", *args), ctx.ask("apply", [[0, 0]])]):
        ctx.value("apply", *args)
    assert session.streams == []


def test_a_call_equality_cannot_confirm_is_made_on_its_own():
    view, session = view_of(COUNTER)
    ctx = CheckContext(view, None)
    with ctx.prefetched([ctx.ask("f", float("nan")), ctx.ask("f", 2)]):
        assert math.isnan(ctx.value("f", float("nan")))  # another NaN: not provably the call planned
        assert ctx.value("f", 2) == 4
    assert session.streams == []  # the stream was closed before it sent anything
    assert len(session.get("seen")) == 2  # each call made once: the stream gave nothing


class Recording(FakeSession):
    """A FakeSession noting each call it makes (function, arguments as sent, seed) and
    the identity of each board of each stream (held by the plan while the stream lasts)."""

    def __init__(self, source: str, module_name: str = "copie"):
        super().__init__(source, module_name)
        self.made: list[tuple[str, str, int]] = []
        self.stream_boards: list[list[int]] = []

    def call(self, func, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.made.append((func, repr(args), self.seed + 1))
        return super().call(func, *args, **kwargs)

    def call_many(self, calls):  # type: ignore[no-untyped-def]
        self.stream_boards.append([id(a) for c in calls for a in c.args if isinstance(a, dict)])
        return super().call_many(calls)


def _as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """`for_all` and `each` as before read-only plans: every probe on copies, every
    board converted by the plan and again by the probe."""
    for_all, each = CheckContext.for_all, CheckContext.each
    monkeypatch.setattr(
        CheckContext, "for_all", lambda self, *a, reads_only=False, **k: for_all(self, *a, **k)
    )
    monkeypatch.setattr(CheckContext, "each", lambda self, *a, reads_only=False, **k: each(self, *a, **k))


@pytest.mark.parametrize("bug", list(BUGS))
def test_read_only_plans_make_the_same_calls_converting_each_board_once_per_call(bug, monkeypatch):
    line, wrong = BUGS[bug]
    source = REFERENCE.replace(line, wrong) if line else REFERENCE
    questions = ("Q4", "Q5", "Q6", "Q11", "Q12", "Q14", "Q15")
    exercise = EXERCISES["puissance4"]
    exercise = replace(exercise, questions=tuple(q for q in exercise.questions if q.id in questions))
    conversions = []
    outcomes = []
    for before in (False, True):
        with monkeypatch.context() as patch:
            if before:
                _as_it_was(patch)
            converted = [0]
            to_student = exercise.to_student

            def counting(state, board, to_student=to_student, converted=converted):  # type: ignore[no-untyped-def]
                converted[0] += 1
                return to_student(state, board)

            session = Recording(source)
            view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
            results = grade_exercise(replace(exercise, to_student=counting), view).questions
        outcomes.append((results, session.made, session.seed))
        conversions.append((converted[0], len(session.made)))
        for boards in session.stream_boards:  # each call is sent its own board, as before
            assert len(boards) == len(set(boards))
    assert outcomes[0] == outcomes[1]  # grades, evidence, each call with its arguments and seed
    (now, calls), (before, _) = conversions
    assert now < before
    if bug == "none":  # every plan probed to its end: converted twice per call before, now once
        assert before > 1.8 * calls and now < 1.2 * calls
