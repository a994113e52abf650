"""chocolat: the second player's number, learnt from the states of the submission's own
dictionaries (exercises/chocolat/players.py), and named in what the student reads."""

from __future__ import annotations

import pytest

from exercises.chocolat import accepted
from exercises.chocolat.conventions import Conventions
from exercises.chocolat.encoding import M, N
from exercises.chocolat.encoding import learn as d_learn
from exercises.chocolat.judge import strategy_problem, value_problem
from exercises.chocolat.players import Players, describe, learn


def states(*players: object) -> dict:
    return {(1, k, p): (1, None) for k, p in enumerate(players, start=1)}


@pytest.mark.parametrize(
    "found, second, learnt",
    [
        ([states(1, -1, 1)], -1, True),
        ([states(1, 0), states(0)], 0, True),
        ([states(2, 1)], 2, True),
        ([{}, states(1, -1)], -1, True),
        # not exactly two numbers, 1 and one of 2, -1, 0: 2 kept, as before
        ([states(1)], 2, False),  # one number for both players
        ([states(1, 2, -1)], 2, False),  # 2 in some states, -1 in others
        ([states(1, -1), states(1, 2)], 2, False),  # the same, over two bars
        ([states(1, 3)], 2, False),  # 4 - p for 3 - p
        ([states(1, True)], 2, False),  # a bool is not a player's number
        ([states(1, "B")], 2, False),
        ([states(-1, 0)], 2, False),  # player 1 never seen
        ([None, [(1, 1, -1)], {}], 2, False),  # no dictionary: nothing seen
    ],
)
def test_the_second_player_is_learnt_only_from_two_numbers(found, second, learnt):
    players = learn(found, "minimax(1, 4)")
    assert (players.second, players.learnt) == (second, learnt)


def test_the_numbers_map_to_the_reference_s_and_back():
    players = Players(-1, (1, -1))
    assert players.both == (1, -1)
    assert [players.to_reference(p) for p in (1, -1)] == [1, 2]
    assert [players.from_reference(p) for p in (1, 2)] == [1, -1]
    zero = Players(0, (1, 0))
    assert [zero.to_reference(p) for p in (1, 0)] == [1, 2] and zero.from_reference(2) == 0


MINUS = Conventions(d_learn([(True, M), (False, N)], ""), Players(-1, (1, -1), "minimax_rec({}, 1, 4, 1)"))


def test_what_the_student_reads_names_their_own_second_player():
    said = describe(MINUS.players)
    assert "joueur -1" in said.fr and "player -1" in said.en
    assert "(1 ou -1)" in accepted(MINUS.players).fr and "(1 or -1)" in accepted(MINUS.players).en
    problem = value_problem((2, 2, 1), (1, None), MINUS)  # the square bar: -1 wins
    assert problem is not None and problem.expected.fr.startswith("(-1, ")
    assert "1 ou -1" in problem.note.fr and "1 or -1" in problem.note.en
    found = strategy_problem({(1, 1, 2): (1, None)}, (1, 1, 1), MINUS)
    assert found is not None and "p = 1 ou -1" in found.problem.expected.fr
    unknown = describe(learn([states(1, 2, -1)], "minimax(1, 4)"))
    assert "p = 1, 2, -1" in unknown.fr and "noté 2" in unknown.fr and "taken as 2" in unknown.en


def test_a_strategy_in_the_student_s_numbering_is_accepted_and_the_reference_s_is_not():
    from reference import chocolat as ref

    renumbered = {
        (m, n, -1 if p == 2 else p): (-1 if w == 2 else w, c)
        for (m, n, p), (w, c) in ref.minimax(4, 6).items()
    }
    assert strategy_problem(renumbered, (4, 6, 1), MINUS) is None
    found = strategy_problem(ref.minimax(4, 6), (4, 6, 1), MINUS)
    assert found is not None and found.key[2] == 2  # (m, n, 2) is no state of this numbering
