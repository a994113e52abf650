"""Read-only plans (`grader.checking.plan.ReadOnlyPlan`): the boards a plan's listing
converted are handed to its probe once each, and a probe that changes an example it was
to read only is caught, the example put back, so the next submission probes it as it was."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from fake_session import FakeSession

from grader.checking.context import CheckContext
from grader.checking.declare import Check, Exercise, Question
from grader.checking.grading import grade_exercise
from grader.checking.plan import ReadOnlyBroken, ReadOnlyPlan, Seal
from grader.checking.reference_cache import handed_to_all
from grader.checking.view import StudentView
from grader.model.results import CheckStatus, FailureKind
from grader.model.text import Text


class Converter:
    """A stand-in for `Exercise.to_student`: a new object per conversion, counted."""

    def __init__(self) -> None:
        self.made: list[Any] = []

    def __call__(self, board: Any) -> Any:
        student = {"converted": copy.deepcopy(board)}
        self.made.append(student)
        return student


def test_the_listing_s_conversion_of_a_board_is_handed_to_the_probe_once():
    board, other = [[0, 1], [2, 0]], [[1]]
    convert = Converter()
    plan = ReadOnlyPlan([[board, other]], convert)
    listed = plan.as_student(board)
    plan.listed()
    assert plan.as_student(board) is listed  # the very object the planned call holds
    again = plan.as_student(board)  # each conversion serves one call only
    assert again is not listed and again == listed
    assert plan.as_student(other) == {"converted": [[1]]}  # not listed: converted now
    assert len(convert.made) == 3
    plan.close()


def test_a_board_converted_twice_while_listing_is_handed_out_twice_in_order():
    board = [3]
    convert = Converter()
    plan = ReadOnlyPlan([[board]], convert)
    first, second = plan.as_student(board), plan.as_student(board)
    plan.listed()
    assert plan.as_student(board) is first and plan.as_student(board) is second
    assert len(convert.made) == 2
    plan.close()


def test_an_equal_board_that_is_another_object_gets_its_own_conversion():
    board = [[0, 1]]
    convert = Converter()
    plan = ReadOnlyPlan([[board]], convert)
    listed = plan.as_student(board)
    plan.listed()
    assert plan.as_student([[0, 1]]) is not listed
    plan.close()


def test_an_unchanged_plan_closes_quietly_and_keeps_nothing():
    examples = [{"plateau": [[0, 1]], "nbcoups": 1}, ([1, 2], 3)]
    plan = ReadOnlyPlan([examples], Converter())
    plan.as_student(examples[0])
    plan.listed()
    plan.close()
    assert plan._made == {}  # no conversion outlives its plan


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e[0]["plateau"][0].append(9),
        lambda e: e[0].update(nbcoups=7),
        lambda e: e[1][0].pop(),
        lambda e: e[2].add("x"),
        lambda e: e[0]["plateau"].__setitem__(0, e[0]["plateau"][1]),  # two rows made one
        lambda e: e.__setitem__(1, ([1, 2], 3, 4)),  # another tuple in its place
        lambda e: e.append({}),
    ],
    ids=["a row", "a key", "in a tuple", "a set", "an alias", "a tuple replaced", "one more"],
)
def test_a_changed_example_is_put_back_in_place_and_reported(change):
    examples = [{"plateau": [[0, 1], [2, 0]], "nbcoups": 1}, ([1, 2], 3), {4, 5}]
    pristine = copy.deepcopy(examples)
    held = list(examples)  # another holder of the same objects (the process's cache)
    plan = ReadOnlyPlan([examples], Converter())
    plan.listed()
    change(examples)
    with pytest.raises(ReadOnlyBroken):
        plan.close()
    assert examples == pristine
    assert all(a is b for a, b in zip(held, examples, strict=False) if type(a) is not tuple)
    assert examples[0]["plateau"][0] is not examples[0]["plateau"][1]


def test_examples_that_cannot_be_fingerprinted_are_refused():
    with pytest.raises(ReadOnlyBroken):
        Seal([[lambda: 1]])


def test_an_example_handed_to_every_submission_is_checked_against_its_first_fingerprint():
    shared = handed_to_all([[1, 2], [3]])
    Seal([shared]).check()  # fingerprinted once
    shared[0].append(9)  # changed between two plans: a leak all the same
    with pytest.raises(ReadOnlyBroken):
        Seal([shared]).check()
    assert shared == [[1, 2], [3]]
    Seal([shared]).check()  # put back: as it was


def test_a_shared_example_equal_only_by_its_fingerprint_is_unchanged():
    shared = handed_to_all([[float("nan"), float("inf")]])  # nan != nan, as values
    Seal([shared]).check()
    Seal([shared]).check()


def test_the_caller_s_own_example_may_change_between_two_plans():
    own = [[1, 2]]
    Seal([own]).check()
    own[0].append(3)  # not handed to every submission: the check's own list
    Seal([own]).check()


# -- through a check's context ---------------------------------------------------------
SOURCE = "def f(board):\n    return sum(map(sum, board))\n"
SHARED = [[[1, 2], [3, 4]], [[0]], [[5]]]
"""Examples kept for the whole process, as the shipped and structural ones are."""


def context(state: Any = None) -> tuple[CheckContext[Any], FakeSession]:
    session = FakeSession(SOURCE)
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    return CheckContext(view, state, to_student=lambda state, board: [list(row) for row in board]), session


def test_a_probe_that_changes_a_shared_example_is_caught_and_the_next_submission_sees_it_unchanged():
    pristine = copy.deepcopy(SHARED)
    ctx, _ = context()

    def probe(board: Any) -> None:
        ctx.value("f", ctx.as_student(board))
        board[0][0] = 99  # the slip: a read-only probe that writes

    with pytest.raises(ReadOnlyBroken):
        ctx.each(probe, SHARED, lambda board: [ctx.ask("f", ctx.as_student(board))], reads_only=True)
    assert pristine == SHARED and ctx._plan is None
    seen = []
    ctx, _ = context()  # the next submission
    ctx.each(lambda board: seen.append(copy.deepcopy(board)), SHARED, lambda board: [], reads_only=True)
    assert seen == pristine


def test_a_slip_in_a_check_is_the_grader_s_error_and_costs_no_other_check():
    def honest(ctx: CheckContext[Any]) -> None:
        ctx.each(lambda board: ctx.value("f", ctx.as_student(board)), SHARED, lambda b: [], reads_only=True)

    def slip(ctx: CheckContext[Any]) -> None:
        ctx.each(lambda board: board.append([0]), SHARED, lambda b: [], reads_only=True)

    checks = (Check("slip", 1.0, slip, Text("a", "a")), Check("honest", 1.0, honest, Text("b", "b")))
    exercise: Exercise[Any] = Exercise("t", "t", (Question("Q1", "f", (("f",),), checks),))
    pristine = copy.deepcopy(SHARED)
    for _ in range(2):  # two submissions in one process
        session = FakeSession(SOURCE)
        questions = grade_exercise(exercise, StudentView(session, session.names(), None)).questions  # type: ignore[arg-type]
        slipped, kept = questions[0].checks
        assert slipped.status is CheckStatus.ERROR and slipped.failure is not None
        assert slipped.failure.kind is FailureKind.INTERNAL
        assert kept.status is CheckStatus.PASSED
        assert pristine == SHARED


def test_conversions_are_the_submission_s_own():
    # Two submissions with other representations: each probe gets its own conversion.
    got = []
    for state in ("lists", "tuples"):
        session = FakeSession(SOURCE)
        view = StudentView(session, session.names(), None)  # type: ignore[arg-type]

        def to_student(state: str, board: Any) -> Any:
            return [tuple(row) for row in board] if state == "tuples" else [list(row) for row in board]

        ctx = CheckContext(view, state, to_student=to_student)
        ctx.each(
            lambda board, ctx=ctx: got.append(ctx.as_student(board)),
            SHARED[:1],
            lambda board, ctx=ctx: [ctx.ask("f", ctx.as_student(board))],
            reads_only=True,
        )
    assert got == [[[1, 2], [3, 4]], [(1, 2), (3, 4)]]


def test_a_read_only_plan_inside_another_seals_its_own_examples():
    inner = [[7, 8]]
    pristine = copy.deepcopy(inner)
    ctx, _ = context()

    def probe(board: Any) -> None:
        ctx.each(lambda row: row.append(0), inner, lambda row: [], reads_only=True)

    with pytest.raises(ReadOnlyBroken):
        ctx.each(probe, SHARED[:1], lambda board: [], reads_only=True)
    assert inner == pristine and ctx._plan is None
