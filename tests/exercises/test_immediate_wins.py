"""The positions where the player to move wins at once in one column only
(exercises/puissance4/immediate_wins.py), searched by Q15 `immediate_win` and Q17
`random_root`: legal, of the structure promised, covering every alignment and cell, and
answered by the reference as the checks expect; and the search on a `teste_gagnante`
that misses a win loses those checks, as it would by hand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from exercises.puissance4 import immediate_wins as iw
from grader.model.results import CheckStatus
from reference import puissance4 as ref
from tests.exercises.test_checks_in_process import grade_source

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "puissance4"
INF = float("inf")
ROOTS, THREATS = iw.stored(iw.ROOTS), iw.stored(iw.THREATS)


def _root(moves):
    return ref.initialiser_jeu(list(moves[:-1]))


def _direction(alignment):
    (i0, j0), (i1, j1) = alignment[0], alignment[1]
    return (i1 - i0, j1 - j0)


@pytest.mark.parametrize("games", [ROOTS, THREATS], ids=["roots", "threats"])
def test_the_player_to_move_wins_at_once_in_one_column_only_completing_its_alignment(games):
    for n, joueur, last, moves in games:
        jeu = _root(moves)  # initialiser_jeu asserts every move is legal
        assert ref.gagnant(jeu) == 0 and ref.prochain_joueur(jeu) == joueur
        assert iw.wins_for(jeu, joueur) == [moves[-1]] == [last[1]]
        ref.jouer_colonne(jeu, joueur, last[1])
        assert all(jeu["plateau"][i][j] == joueur for i, j in ref.Lalignements[n])


def test_every_alignment_is_completed_on_each_cell_a_move_can_complete_players_taking_turns():
    seen = Counter((n, last) for n, _, last, _ in ROOTS)
    for n, alignment in enumerate(ref.Lalignements):
        vertical = _direction(alignment) == (1, 0)
        for last in map(tuple, alignment):
            assert seen[(n, last)] == (0 if vertical and last != min(map(tuple, alignment)) else 1)
    players = Counter((_direction(ref.Lalignements[n]), joueur) for n, joueur, _, _ in ROOTS)
    assert len(players) == 8  # both players for each of the 4 directions


def test_the_threats_give_the_opponent_a_win_too_on_each_kind_of_line_reaching_the_last_column():
    kinds = set()
    for n, joueur, last, moves in THREATS:
        jeu = _root(moves)
        other = 3 - joueur
        assert iw._threats_not_in_a_row(jeu, other) and last[1] not in iw.wins_for(jeu, other)
        alignment = ref.Lalignements[n]
        assert max(j for _, j in alignment) == ref.ncols - 1
        direction = _direction(alignment)
        kinds.add((direction, alignment.index(last), joueur))
    expected = {(d, k, p) for d in ref.vecteurs_deplacements for k in range(4) for p in (1, 2)}
    expected = {(d, k, p) for d, k, p in expected if d != (1, 0) or k == 0}
    assert kinds == expected


def test_each_search_question_gets_every_direction_cell_and_player_and_every_root_once():
    kinds: list[set[tuple[object, ...]]] = [set(), set()]
    for n, joueur, last, _ in ROOTS:
        alignment = [tuple(c) for c in ref.Lalignements[n]]
        kinds[iw.half(n, last)].add((_direction(alignment), alignment.index(last), joueur))
    assert len(kinds[0]) == len(kinds[1]) == 26 and kinds[0] == kinds[1]
    threats: list[set[tuple[object, ...]]] = [set(), set()]
    for n, joueur, last, _ in THREATS:
        alignment = [tuple(c) for c in ref.Lalignements[n]]
        threats[iw.threat_half(n, joueur, last)].add((_direction(alignment), alignment.index(last)))
    assert len(threats[0]) == len(threats[1]) == 13  # every direction, every cell of the line
    per_search = [sum(len(iw.immediate_wins(p, s)) for p in (1, 2)) for s in (0, 1)]
    assert sum(per_search) == len(ROOTS) + len(THREATS)
    assert {p for s in (0, 1) for p in (1, 2) if any(n == 2 for _, n, _ in iw.immediate_wins(p, s))} == {1, 2}


def test_the_reference_answers_the_only_winning_column_with_the_infinite_value():
    # The checks expect exactly (that column, +-inf), from maximin/minimax and alpha-beta.
    for player, search in ((1, 0), (1, 1), (2, 0), (2, 1)):
        for jeu, n, col in iw.immediate_wins(player, search):
            search = ref.maximin if player == 1 else ref.minimax
            assert search(ref.copie(jeu), n) == (col, INF if player == 1 else -INF)
            assert ref.colonnes_optimales(jeu, n, gain_immediat_requis=False) == {col}


@pytest.mark.slow
def test_the_stored_games_are_a_fresh_generation():
    assert iw.MOVES.read_text("utf-8") == iw.moves_text()


@pytest.mark.parametrize("name", ["bug_gagnante_compte_a_droite.py", "bug_gagnante_derniere_colonne.py"])
def test_a_search_on_a_test_that_misses_a_row_loses_the_immediate_wins(name):
    source = (FIXTURES / name).read_text("utf-8")
    q15 = {c.name: c for c in grade_source("puissance4", source, only="Q15")["Q15"].checks}
    assert q15["immediate_win"].status is CheckStatus.FAILED
    evidence = q15["immediate_win"].evidence
    assert "l'adversaire, lui, gagnerait au coup suivant" in evidence.note.fr
    assert evidence.call.endswith(", 2)")  # found one move deeper, where the opponent can win
    others = {n: c.status for n, c in q15.items() if n != "immediate_win"}
    assert set(others.values()) == {CheckStatus.PASSED}
    q17 = {c.name: c.status for c in grade_source("puissance4", source, only="Q17")["Q17"].checks}
    assert q17["random_root"] is CheckStatus.FAILED and q17["sheet_pairs"] is CheckStatus.PASSED


def test_the_right_searches_answer_every_immediate_win():
    source = (FIXTURES / "correct_module.py").read_text("utf-8")
    for question, check in (("Q15", "immediate_win"), ("Q17", "random_root")):
        checks = {
            c.name: c.status for c in grade_source("puissance4", source, only=question)[question].checks
        }
        assert checks[check] is CheckStatus.PASSED
