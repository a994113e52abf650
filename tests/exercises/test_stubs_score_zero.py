"""A file of stubs scores zero (issue 12): every function of the reference, with its
signature, answering `return None`, `return {}`, `raise AssertionError` or `pass`,
earns no point in any exercise. Value-free checks (does not change its argument,
raises on an illegal move, prints a winner...) hold for such stubs: they earn their
points only beside a passing value check of the same function."""

from __future__ import annotations

import ast

import pytest

from grader.registry import installed
from tests.exercises.test_checks_in_process import grade_source, reference_source

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

BODIES = ("return None", "return {}", "raise AssertionError", "pass")
EXTRA = {"domineering-minmax": ("jeu(s, h, v, p, joueur)", "affiche(v)")}
"""Functions the sheet asks for that the reference does not define."""


def stub_source(exercise_id: str, body: str) -> str:
    tree = ast.parse(reference_source(exercise_id))
    lines = [
        f"def {node.name}({ast.unparse(node.args)}):\n    {body}\n"
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    ]
    lines += [f"def {signature}:\n    {body}\n" for signature in EXTRA.get(exercise_id, ())]
    return "\n".join(lines)


@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_a_file_of_stubs_scores_zero(exercise_id, body):
    questions = grade_source(exercise_id, stub_source(exercise_id, body))
    earned = {f"{q.id}.{c.name}": c.score for q in questions.values() for c in q.checks if c.score}
    assert earned == {}


def test_printing_the_winner_alone_earns_nothing():
    source = stub_source("domineering-minmax", "pass").replace(
        "def jeu(s, h, v, p, joueur):\n    pass",
        "def jeu(s, h, v, p, joueur):\n    print('Joueur 0 a gagné')",
    )
    questions = grade_source("domineering-minmax", source, only="Q4")
    assert questions["Q4"].score == 0


def test_a_game_over_answering_true_earns_nothing():
    # A constant True is right on every won position; `won` also asks for False on the
    # empty board, as `not_won` (answered by a constant False) is value-free.
    source = stub_source("morpion", "return True")
    questions = grade_source("morpion", source, only="Q3")
    assert questions["Q3"].score == 0
    right = reference_source("morpion")
    assert grade_source("morpion", right, only="Q3")["Q3"].score == 2
