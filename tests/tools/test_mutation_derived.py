"""Mutation inputs derived from a TD's declaration (grader/mutation/derived.py): the
allumettes example's value checks give its graded names, calls and accepted answers."""

from __future__ import annotations

import sys

import pytest

from grader.checking.view import module_source
from grader.course.skeleton import EXAMPLE
from grader.mutation import report
from grader.mutation.derived import derived, specs
from grader.mutation.differential import Call, Outcome
from grader.mutation.mutator import generate


@pytest.fixture
def example():
    sys.path.insert(0, str(EXAMPLE))
    try:
        yield __import__("allumettes_td").EXERCISE
    finally:
        sys.path.remove(str(EXAMPLE))
        for name in [n for n in sys.modules if n.split(".")[0] == "allumettes_td"]:
            del sys.modules[name]


def test_the_graded_names_and_calls_are_read_from_the_value_checks(example):
    spec = derived(example)
    assert spec is not None
    assert spec.questions == {
        "coups_possibles": "Q1",
        "jouer": "Q2",
        "est_fini": "Q3",
        "minimax": "Q4",
        "meilleur_coup": "Q5",
        "minimax_memo": "Q6",
    }
    assert spec.helpers == set() and spec.unmeasured == ()
    calls = spec.build_calls(None, None)  # type: ignore[arg-type]  # derived calls need neither
    assert Call("coups_possibles", (2,)) in calls and Call("minimax_memo", (200, 1, {})) in calls
    # Q4's listed 32 positions, twice (sheet 2 + all 32 + 10 drawn)
    assert sum(c.func == "minimax" for c in calls) == 2 + 32 + 10


def test_an_answer_every_check_of_the_call_accepts_is_an_alternative(example):
    spec = derived(example)
    assert spec is not None
    compare = spec.comparators["meilleur_coup"]
    lost = Call("meilleur_coup", (5, 1))  # n % 4 == 1: every move loses, any legal one will do
    assert compare(None, lost, Outcome("value", 1, (5, 1)), Outcome("value", 3, (5, 1))) == "alternative"
    won = Call("meilleur_coup", (2, 1))  # only 1 wins
    assert compare(None, won, Outcome("value", 1, (2, 1)), Outcome("value", 2, (2, 1))) == "differs"
    over = Call("meilleur_coup", (0, 1))  # the `over` check asks None, EQUAL
    assert compare(None, over, Outcome("value", None, (0, 1)), Outcome("value", 1, (0, 1))) == "differs"
    same_set = spec.comparators["coups_possibles"]
    two = Call("coups_possibles", (2,))
    assert (
        same_set(None, two, Outcome("value", [1, 2], (2,)), Outcome("value", [2, 1], (2,))) == "alternative"
    )
    assert same_set(None, two, Outcome("value", [1, 2], (2,)), Outcome("value", [1, 2, 2], (2,))) == "differs"
    assert same_set(None, two, Outcome("value", [1, 2], (2,)), Outcome("raised", "TypeError")) == "differs"


def test_a_td_without_value_checks_has_no_derived_inputs(monkeypatch):
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "course_td"))
    old = __import__("allumettes_td").EXERCISE  # tests/course_td: hand-written checks
    try:
        assert derived(old) is None
        assert specs({"allumettes": old}, lambda i: "allumettes_td") == {}
    finally:
        for name in [n for n in sys.modules if n.split(".")[0] == "allumettes_td"]:
            del sys.modules[name]


def test_a_survivor_is_shown_with_its_diff(example):
    source = module_source(example.reference)
    mutant = next(m for m in generate("allumettes", source, {"jouer"}) if m.change == "`-` -> `+` in `n - k`")
    assert report.diff(source, mutant).splitlines() == [
        " def jouer(n, k):",
        "-    return n - k",
        "+    return n + k",
        " ",
    ]
