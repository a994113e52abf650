"""The pruning model of Q17 (exercises/puissance4/pruning.py) and the bound rule of the
`bounds` check, against the reference's own alpha-beta and hand-worked windows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_checks_in_process import grade_source

from exercises.puissance4 import pruning
from exercises.puissance4.pruning import PROBES, Counts, matching_order, model_counts, orders_counts
from exercises.puissance4.search_checks import bounds_allowed
from grader.results import CheckStatus
from reference import puissance4 as ref

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "puissance4"
INF = float("inf")
SHEET_ORDER = tuple(range(7))


def reference_counts(jeu, n):
    """heuristique calls of reference/puissance4.py's alpha-beta, (-inf, +inf)."""
    search = ref.maximin_alpha_beta if ref.prochain_joueur(jeu) == 1 else ref.minimax_alpha_beta
    return ref.compte_evaluations(search, jeu, -INF, INF, n)[1]


def one_sided(jeu, alpha, beta, n, tally):
    """The annexes' alpha-beta whose max nodes never cut (a mutation survivor before)."""
    player = ref.prochain_joueur(jeu)
    cols = ref.colonnes_jouables(jeu)
    if n == 0 or not cols:
        tally[0] += 1
        return ref.heuristique(jeu)
    best = -INF if player == 1 else INF
    for col in cols:
        child = ref.copie(jeu)
        if ref.teste_gagnante(child, player, ref.jouer_colonne(child, player, col)):
            return INF if player == 1 else -INF
        value = one_sided(child, alpha, beta, n - 1, tally)
        if player == 1:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            if best <= alpha:
                break
            beta = min(beta, best)
    return best


@pytest.mark.parametrize("probe", PROBES, ids=str)
def test_the_model_in_the_sheets_order_is_the_reference_alpha_beta(probe):
    assert model_counts(probe, SHEET_ORDER).evaluations == reference_counts(probe.game(), probe.depth)


def test_the_shipped_counts_are_the_models():
    # The file only saves the model's CPU: every count in it is the model's, for every
    # probe and nothing else (a changed probe or model fails until the file is written
    # again: python -m tools.pruning_counts write).
    shipped = json.loads(pruning.SHIPPED_COUNTS.read_text("utf-8"))["probes"]
    assert sorted(shipped) == sorted(p.name for p in PROBES)
    for probe in PROBES:
        computed = pruning.computed_counts(probe)
        assert len(computed) == 24 * 4  # 4 playable columns, 4 cut rules
        assert shipped[probe.name] == {
            pruning.count_name(*entry): [c.evaluations, c.moves] for entry, c in computed.items()
        }


def test_the_counts_used_are_the_shipped_ones_else_computed(monkeypatch, tmp_path):
    probe = PROBES[0]
    computed = pruning.computed_counts(probe)
    assert pruning._by_order.__wrapped__(probe) == computed  # the shipped file, read
    # a file that says otherwise is what the grader uses (hence the test above)
    entry = next(iter(computed))
    table = {pruning.count_name(*e): [c.evaluations, c.moves] for e, c in computed.items()}
    table[pruning.count_name(*entry)] = [1, 2]
    wrong = tmp_path / "counts.json"
    wrong.write_text(json.dumps({"probes": {probe.name: table}}), "utf-8")
    monkeypatch.setattr(pruning, "SHIPPED_COUNTS", wrong)
    monkeypatch.setattr(pruning, "_shipped", pruning._shipped.__wrapped__)
    assert pruning._by_order.__wrapped__(probe)[entry] == Counts(1, 2)
    # an incomplete table, another probe's name, or no file: computed
    del table[pruning.count_name(*entry)]
    wrong.write_text(json.dumps({"probes": {probe.name: table, PROBES[1].name: {}}}), "utf-8")
    assert pruning._by_order.__wrapped__(probe) == computed
    assert pruning._by_order.__wrapped__(PROBES[1]) == pruning.computed_counts(PROBES[1])
    monkeypatch.setattr(pruning, "SHIPPED_COUNTS", tmp_path / "missing.json")
    assert pruning._by_order.__wrapped__(probe) == computed


def test_the_probes_are_legal_unwon_and_put_each_player_at_the_root_twice():
    players = []
    for probe in PROBES:
        jeu = probe.game()
        assert ref.gagnant(jeu) == 0
        assert len(ref.colonnes_jouables(jeu)) == 4
        players.append(ref.prochain_joueur(jeu))
    assert sorted(players) == [1, 1, 2, 2]


def test_the_sheets_order_and_a_strict_cut_are_matched():
    measured = [Counts(reference_counts(p.game(), p.depth), 0) for p in PROBES]
    assert matching_order(measured) is not None
    for cut in ((True, True), (True, False), (False, True)):
        strict = [model_counts(p, SHEET_ORDER, cut) for p in PROBES]
        assert strict != [model_counts(p, SHEET_ORDER) for p in PROBES]
        assert matching_order(strict) is not None


def test_a_one_sided_alpha_beta_matches_no_order():
    measured = []
    for probe in PROBES:
        tally = [0]
        one_sided(probe.game(), -INF, INF, probe.depth, tally)
        measured.append(Counts(tally[0], 0))
    assert measured[0].evaluations not in {c.evaluations for c in orders_counts(PROBES[0])}
    assert matching_order(measured) is None


def test_counts_each_right_for_some_order_but_not_one_order_are_refused():
    # The first probe in the sheet's order, the others in the reverse order: each count
    # is an alpha-beta's, no single order of the columns gives all four.
    reverse = tuple(reversed(SHEET_ORDER))
    measured = [model_counts(PROBES[0], SHEET_ORDER)] + [model_counts(p, reverse) for p in PROBES[1:]]
    assert matching_order(measured) is None


@pytest.mark.parametrize(
    ("value", "window", "allowed"),
    [
        (5, (-3, 10), (5, 5)),  # inside: the value itself
        (-4, (0, 3), (-4, 0)),  # below: fail-soft -4 up to fail-hard 0
        (0, (0, 3), (0, 0)),  # on alpha: only alpha, which is the value
        (14, (-10, 13), (13, 14)),  # above: fail-hard 13 up to fail-soft 14
        (INF, (-10, 13), (13, INF)),  # a won position: any bound from beta up
        (-INF, (-INF, 3), (-INF, -INF)),
    ],
)
def test_the_bounds_a_right_alpha_beta_may_return(value, window, allowed):
    assert bounds_allowed(value, *window) == allowed


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("        if hmax >= beta:\n", "        if hmax > beta:\n"),
        ("        if hmin <= alpha:\n", "        if hmin < alpha:\n"),
    ],
    ids=["maximin", "minimax"],
)
def test_a_strict_cut_in_one_function_only_keeps_every_q17_point(old, new):
    # The two `>=` -> `>` mutants of the first mutation run, as a student writes them.
    source = (FIXTURES / "correct_module.py").read_text("utf-8")
    assert source.count(old) == 1
    (result,) = grade_source("puissance4", source.replace(old, new), only="Q17").values()
    assert {c.name: c.status for c in result.checks} == dict.fromkeys(
        ("sheet_pairs", "random_root", "bounds", "prunes"), CheckStatus.PASSED
    )


def _graded(name: str, *questions: str) -> dict[str, CheckStatus]:
    """The statuses of Q17's checks for fixture `name`, graded with `questions` before it."""
    from dataclasses import replace

    from fake_session import FakeSession

    from grader.checking.grading import grade_exercise
    from grader.checking.view import StudentView
    from grader.registry import installed

    exercise = installed()["puissance4"]
    kept = tuple(q for q in exercise.questions if q.id in (*questions, "Q17"))
    session = FakeSession((FIXTURES / name).read_text("utf-8"), "copie")
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    results = grade_exercise(replace(exercise, questions=kept), view).questions
    return {c.name: c.status for c in results[-1].checks}


def test_a_right_alpha_beta_on_a_wrong_helper_is_not_marked_down_twice():
    # colonnes_jouables (Q5) takes a column 5 high for full: the search explores another
    # tree than the annexes', its values are already wrong (random_root); its pruning is
    # the annexes' on its own tree, so `prunes` judges it on jeu1 only.
    assert _graded("bug_colonnes_cinq_jetons.py", "Q17")["prunes"] is CheckStatus.FAILED
    checks = _graded("bug_colonnes_cinq_jetons.py", "Q5")
    assert checks["random_root"] is CheckStatus.FAILED
    assert checks["prunes"] is CheckStatus.PASSED


def test_a_one_sided_alpha_beta_on_right_helpers_still_fails_prunes():
    checks = _graded("bug_alphabeta_max_sans_coupure.py", "Q5", "Q14")
    assert checks["prunes"] is CheckStatus.FAILED
