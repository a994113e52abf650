"""Gaming cases of issue 11, check by check, in this process (the fixture corpus grades
the same files end to end): what is counted or compared must be out of the student's
reach. Each file is a correct fixture with one way of getting points without the work."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from fake_session import FakeSession

from grader.checking.grading import grade_exercise
from grader.checking.view import StudentView
from grader.model.results import CheckStatus
from grader.registry import installed
from grader.sandbox.worker import wire
from tests.exercises.test_checks_in_process import grade_source

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def statuses(exercise_id: str, name: str, question: str, source: str | None = None) -> dict[str, CheckStatus]:
    source = source if source is not None else (FIXTURES / exercise_id / name).read_text("utf-8")
    return {c.name: c.status for c in grade_source(exercise_id, source, only=question)[question].checks}


def test_pruning_counts_evaluations_whatever_name_calls_heuristique():
    checks = statuses("puissance4", "triche_elagage_alias.py", "Q17")
    assert checks["prunes"] is CheckStatus.FAILED
    assert checks["sheet_pairs"] is checks["random_root"] is checks["bounds"] is CheckStatus.PASSED


def test_a_search_that_switches_the_profile_hook_off_does_not_prune_by_that():
    source = (
        (FIXTURES / "puissance4" / "triche_elagage_alias.py")
        .read_text("utf-8")
        .replace(
            "def maximin_alpha_beta(jeu, alpha, beta, n):\n",
            "def maximin_alpha_beta(jeu, alpha, beta, n):\n    import sys; sys.setprofile(None)\n",
        )
    )
    assert statuses("puissance4", "", "Q17", source)["prunes"] is CheckStatus.FAILED


def test_the_correct_alpha_beta_still_prunes():
    assert statuses("puissance4", "correct_module.py", "Q17")["prunes"] is CheckStatus.PASSED


def test_memoisation_is_judged_by_the_states_any_helper_computes():
    # Not the whole question: its "fast" check would run 30 x 30 unmemoised, and the fake
    # session has no time limit.
    exercise = EXERCISES["chocolat"]
    (question,) = [q for q in exercise.questions if q.id == "Q1"]
    question = replace(question, checks=tuple(c for c in question.checks if c.name != "fast"))
    session = FakeSession(
        (FIXTURES / "chocolat" / "triche_memo_par_assistant.py").read_text("utf-8"), "copie"
    )
    (result,) = grade_exercise(
        replace(exercise, questions=(question,)), StudentView(session, session.names(), None)
    ).questions  # type: ignore[arg-type]
    checks = {c.name: c.status for c in result.checks}
    assert checks["computed_once"] is CheckStatus.FAILED
    assert checks["winner"] is checks["fills_dic"] is CheckStatus.PASSED


def test_the_duel_is_refereed_by_the_grader():
    checks = statuses("domineering", "triche_duel_globals.py", "Q10")
    assert checks["beats_random"] is CheckStatus.FAILED


def test_shared_rows_are_seen_behind_many_other_shared_pairs():
    checks = statuses("puissance4", "triche_copie_remplissage.py", "Q3")
    assert checks == {"equal": CheckStatus.PASSED, "independent": CheckStatus.FAILED}


def test_each_column_once_means_ints_once():
    checks = statuses("puissance4", "triche_colonnes_doubles.py", "Q5")
    assert set(checks.values()) == {CheckStatus.FAILED}


def test_every_shared_pair_is_reported_and_too_many_refuse_the_value():
    row = [0] * 7
    pad = [[]] * 60
    _, shared = wire.encode([pad, [row, row]])
    assert [[1, 0], [1, 1]] in shared and len(shared) == 60
    many = [[]] * (wire.MAX_SHARED // 2)
    with pytest.raises(wire.TooLarge):
        wire.encode(many)


def _correct_with(*edits: tuple[str, str]) -> str:
    source = (FIXTURES / "puissance4" / "correct_module.py").read_text("utf-8")
    for old, new in edits:
        assert source.count(old) == 1, old
        source = source.replace(old, new)
    return source


NO_CUTS = (
    ("        if hmax >= beta:\n            return colmax, hmax\n", ""),
    ("        if hmin <= alpha:\n            return colmin, hmin\n", ""),
)


def test_a_maximin_that_evaluates_twice_does_not_make_a_full_search_prune():
    # docs/explanation/security.md's old gap: jeu1's count is compared with the submission's maximin,
    # which this one inflates; the probes compare with the annexes' counts instead.
    source = _correct_with(
        *NO_CUTS,
        (
            "def maximin(jeu, n):\n    colonnes_possibles = colonnes_jouables(jeu)\n"
            "    if n == 0 or not colonnes_possibles:\n        return None, heuristique(jeu)\n",
            "def maximin(jeu, n):\n    colonnes_possibles = colonnes_jouables(jeu)\n"
            "    if n == 0 or not colonnes_possibles:\n        heuristique(jeu)\n"
            "        return None, heuristique(jeu)\n",
        ),
    )
    assert statuses("puissance4", "", "Q17", source)["prunes"] is CheckStatus.FAILED


def test_leaves_evaluated_by_a_second_copy_of_the_heuristic_are_missed_and_fail():
    # A right alpha-beta whose min nodes evaluate with a renamed copy of heuristique (other
    # code, not counted): fewer counted calls than the annexes' algorithm makes.
    source = _correct_with(
        (
            "        return None, heuristique(jeu)\n    colmin, hmin = None, math.inf\n"
            "    for col in colonnes_possibles:\n        jeu_suivant = copie(jeu)\n"
            "        coords = jouer_colonne(jeu_suivant, 2, col)\n"
            "        if teste_gagnante(jeu_suivant, 2, coords):\n            return col, -math.inf\n"
            "        valeur = ",
            "        return None, _h(jeu)\n    colmin, hmin = None, math.inf\n"
            "    for col in colonnes_possibles:\n        jeu_suivant = copie(jeu)\n"
            "        coords = jouer_colonne(jeu_suivant, 2, col)\n"
            "        if teste_gagnante(jeu_suivant, 2, coords):\n            return col, -math.inf\n"
            "        valeur = ",
        ),
    )
    heuristic = source[source.index("def heuristique(jeu):") : source.index("def maximin(jeu, n):")]
    source += "\n\n" + heuristic.replace("def heuristique(jeu):", "def _h(jeu):")
    checks = statuses("puissance4", "", "Q17", source)
    assert checks["prunes"] is CheckStatus.FAILED
    assert checks["sheet_pairs"] is checks["random_root"] is CheckStatus.PASSED


# -- issue 32: tables of the shipped examples ---------------------------------------------
RANDOM_POSITION_CHECKS = {
    "Q14": ("random_games",),
    "Q15": ("maximin_random", "minimax_random"),
    "Q17": ("random_root", "bounds"),
}
"""The checks of puissance4's hard functions that compare on drawn positions."""


def table_thief(tables: bool) -> str:
    """A correct module whose heuristique and searches look positions up in the tables
    of `exercises/puissance4/reference_values.json`, copied into it (or left empty)."""
    import json

    shipped = json.loads(
        (
            Path(__file__).resolve().parents[2] / "exercises" / "puissance4" / "reference_values.json"
        ).read_text("utf-8")
    )
    attack = (Path(__file__).resolve().parents[1] / "attacks" / "table_valeurs_puissance4.py").read_text(
        "utf-8"
    )
    attack = attack.replace("__TABLES__", repr(shipped["values"] if tables else {}))
    return (FIXTURES / "puissance4" / "correct_module.py").read_text("utf-8") + attack


@pytest.mark.parametrize("question", sorted(RANDOM_POSITION_CHECKS))
def test_a_table_of_the_shipped_examples_fails_every_random_position_check(question):
    """The shipped examples are in the tables, the positions drawn for this submission
    are not: each check on random positions fails, as it does without the tables."""
    checks = statuses("puissance4", "", question, table_thief(True))
    for name in RANDOM_POSITION_CHECKS[question]:
        assert checks[name] is CheckStatus.FAILED, (question, name, checks)
