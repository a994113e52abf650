"""The structural positions of exercises/<td>/positions.py (issue 12, item 2): legal,
reachable by legal play, and of the structure their docstring promises."""

from __future__ import annotations

import pytest

from exercises.puissance4 import positions as p4
from reference import puissance4 as ref


def test_every_alignment_is_completed_on_each_cell_a_move_can_complete_for_both_players():
    seen = {(a, joueur, last) for a, joueur, last, _ in p4.alignment_games(p4.WIN)}
    for alignment in ref.Lalignements:
        alignment = tuple(map(tuple, alignment))
        vertical = len({j for _, j in alignment}) == 1
        for last in alignment:
            for joueur in (1, 2):
                completable = not vertical or last == min(alignment)  # gravity: top cell last
                assert ((alignment, joueur, last) in seen) == completable
    assert len(seen) == 48 * 4 * 2 + 21 * 2


def _before_last(moves):
    return ref.initialiser_jeu(list(moves[:-1]))


def test_the_winning_games_are_legal_and_won_by_their_last_move_only():
    for alignment, joueur, last, moves in p4.alignment_games(p4.WIN):
        jeu = ref.initialiser_jeu(list(moves))  # initialiser_jeu asserts every move is legal
        assert ref.gagnant(_before_last(moves)) == 0
        assert jeu["plateau"][last[0]][last[1]] == joueur and moves[-1] == last[1]
        assert all(jeu["plateau"][i][j] == joueur for i, j in alignment)
        assert ref.teste_gagnante(jeu, joueur, last)


@pytest.mark.parametrize("finish", [p4.OWN_THREAT, p4.OPPONENT_THREAT])
def test_threats_one_per_alignment_nobody_has_won_the_cell_is_playable(finish):
    games = p4.alignment_games(finish)
    assert [a for a, *_ in games] == [tuple(map(tuple, a)) for a in ref.Lalignements]
    for alignment, joueur, last, moves in games:
        jeu = ref.initialiser_jeu(list(moves))
        assert ref.gagnant(jeu) == 0
        assert p4._landing(jeu, last[1]) == last
        assert all(jeu["plateau"][i][j] == joueur for i, j in alignment if (i, j) != last)
        assert (ref.prochain_joueur(jeu) == joueur) == (finish == p4.OWN_THREAT)


def test_wrapped_rows_are_no_wins():
    wrapped = p4.wrapped_rows()
    assert len(wrapped) == 6 * 3 * 2
    for jeu, (joueur, last) in wrapped:
        assert ref.gagnant(jeu) == 0 and jeu["plateau"][last[0]][last[1]] == joueur


def test_column_games_full_and_nearly_full():
    games = p4.column_games()
    assert all(ref.gagnant(jeu) == 0 for jeu in games)
    heights = [tuple(jeu["hauteurs"]) for jeu in games]
    for c in range(ref.ncols):
        assert tuple(6 if j == c else 0 for j in range(7)) in heights
        assert tuple(5 if j == c else 0 for j in range(7)) in heights
    assert (6,) * 7 in heights and (0,) * 7 in heights
    assert [len(ref.colonnes_jouables(j)) == 0 for j in p4.nearly_full(3)] == [True, False, False, False]
    for jeu, col in p4.top_row_moves():
        assert p4._landing(jeu, col)[0] == 0


@pytest.mark.slow
def test_the_stored_games_are_a_fresh_generation():
    assert p4.STRUCTURAL_MOVES.read_text("utf-8") == p4.structural_moves_text()


def test_domineering_shapes_one_row_one_column_non_square_both_ways():
    from exercises.domineering import positions as dom

    shapes = {(len(v), len(v[0])) for v, _ in dom.structural_positions()}
    assert {(1, 5), (5, 1), (2, 5), (5, 2), (4, 4)} <= shapes
    for v, joueur, depth in dom.structural_searches():
        assert depth >= 1 and dom.ref.coups_possibles(v, joueur)


def test_domineering_minmax_two_domino_boards_are_legal_for_each_player():
    from exercises.domineering_minmax import positions as dm

    cases = dm.structural_game_cases()
    assert {joueur for _, _, joueur in cases} == {0, 1}
    for v, p, joueur in cases:
        assert p == 3 and dm.ref.coups(v, joueur)
        assert sum(c != dm.ref.EMPTY for row in v for c in row) == 4  # two dominoes


def test_morpion_threats_each_line_each_holder_each_side_to_move():
    from exercises.morpion import positions as mp

    threats = mp.threat_positions()
    assert len(threats) == 8 * 2 * 2
    for state, player in threats:
        assert not mp.ref.wins(state, mp.COMP) and not mp.ref.wins(state, mp.HUMAN)
        assert player == mp.to_move(state)
