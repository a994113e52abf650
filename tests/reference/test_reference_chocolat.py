"""Tests of reference/chocolat.py against the facts of the sheet and of
docs/reference/sheet-facts.md (chocolat section): the player to move wins exactly when
m != n, the game is two-heap Nim on (m - 1, n - 1), the dictionary holds every
state reached, and memoisation makes minimax(30, 30) fast. Expected values are
written from those documents, never from a run of the reference."""

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import chocolat as c

FEW = settings(max_examples=40, derandomize=True, deadline=None)
SIDES = st.integers(1, 12)


def test_rules_moves_keep_a_row_and_a_column():
    assert c.coups(1, 1) == []
    assert sorted(c.jouer(3, 2, coup) for coup in c.coups(3, 2)) == [(1, 2), (2, 2), (3, 1)]


def test_base_case_the_player_facing_1_x_1_loses():
    for p in (1, 2):
        assert c.minimax_rec({}, 1, 1, p)[0] == 3 - p


@FEW
@given(SIDES, SIDES, st.sampled_from((1, 2)))
def test_player_to_move_wins_exactly_when_m_differs_from_n(m, n, p):
    winner, _ = c.minimax_rec({}, m, n, p)
    assert winner == (p if m != n else 3 - p)
    assert c.gagnant(m, n, p) == winner


def nim_losing(a, b):
    """Two-heap Nim (docs/reference/sheet-facts.md): the player to move loses when the heaps are equal,
    computed here by brute force over Nim moves, independently of the bar."""
    table = {}
    for x in range(a + 1):
        for y in range(b + 1):
            nexts = [(x2, y) for x2 in range(x)] + [(x, y2) for y2 in range(y)]
            table[(x, y)] = all(not table[nxt] for nxt in nexts)
    return table[(a, b)]


def test_the_game_is_nim_on_m_minus_1_and_n_minus_1():
    for m in range(1, 9):
        for n in range(1, 9):
            assert (c.gagnant(m, n, 1) == 2) == nim_losing(m - 1, n - 1) == (m == n)


@FEW
@given(SIDES, SIDES)
def test_winning_moves_leave_a_square(m, n):
    dic = c.minimax(m, n)
    for (a, b, p), (winner, coup) in dic.items():
        if winner == p:
            assert coup in c.coups(a, b)
            left = c.jouer(a, b, coup)
            assert left[0] == left[1]
        else:
            assert a == b


@FEW
@given(SIDES, SIDES, st.sampled_from((1, 2)))
def test_the_dictionary_holds_exactly_the_reachable_states(m, n, p):
    dic = {}
    value = c.minimax_rec(dic, m, n, p)
    assert set(dic) == c.etats_accessibles(m, n, p)
    assert dic[(m, n, p)] == value


def test_reachable_states_of_small_bars():
    assert c.etats_accessibles(1, 1, 1) == {(1, 1, 1)}
    assert c.etats_accessibles(1, 3, 1) == {(1, 3, 1), (1, 2, 2), (1, 1, 2), (1, 1, 1)}
    assert c.etats_accessibles(2, 2, 1) == {(2, 2, 1), (1, 2, 2), (2, 1, 2), (1, 1, 1)}


def test_minimax_starts_with_player_1():
    assert c.minimax(1, 1) == {(1, 1, 1): (2, None)}
    assert c.minimax(1, 2)[(1, 2, 1)] == (1, (c.REDUIT_N, 1))
    assert c.minimax(3, 1)[(3, 1, 1)] == (1, (c.REDUIT_M, 2))


def test_memoisation_no_state_is_computed_twice():
    calls = []
    original = c.minimax_rec

    def counting(dic, m, n, p):
        calls.append((m, n, p, (m, n, p) in dic))
        return original(dic, m, n, p)

    c.minimax_rec = counting
    try:
        c.minimax(7, 9)
    finally:
        c.minimax_rec = original
    computed = [call[:3] for call in calls if not call[3]]
    assert len(computed) == len(set(computed)) == len(c.etats_accessibles(7, 9, 1))
    assert len(calls) == c.appels_memoises(7, 9, 1)


def test_minimax_30_x_30_within_a_second():
    start = time.perf_counter()
    dic = c.minimax(30, 30)
    assert time.perf_counter() - start < 1.0
    assert dic[(30, 30, 1)][0] == 2


@pytest.mark.parametrize("m", [1, 2, 5, 9])
def test_without_memoisation_the_count_explodes(m):
    # T(m, 1) = 1 + T(1, 1) + ... + T(m - 1, 1) = 2 ** (m - 1)
    assert c.appels_sans_memo(m, 1) == 2 ** (m - 1)
    assert c.appels_sans_memo(8, 8) > 1_000 * c.appels_memoises(8, 8, 1)


# ---- the exercise's judge on the reference's own dictionaries ---------------------
from exercises.chocolat.conventions import Conventions  # noqa: E402
from exercises.chocolat.encoding import M, N, learn, votes_from  # noqa: E402
from exercises.chocolat.judge import strategy_problem, value_problem  # noqa: E402

REFERENCE_ENCODING = learn(
    votes_from(c.minimax(1, 4), None, (1, 4)) + votes_from(c.minimax(4, 1), None, (4, 1)), "minimax"
)
REFERENCE_CONVENTIONS = Conventions(REFERENCE_ENCODING)


def test_the_encoding_is_learnt_from_1_wide_bars():
    assert REFERENCE_ENCODING.side(c.REDUIT_M) == M and REFERENCE_ENCODING.side(c.REDUIT_N) == N
    assert learn([("C", M), ("L", N)], "").side("L") == N
    assert learn([(1, N)], "").side(0) == M  # one side learnt: another int is the other
    assert learn([(1, N)], "").side("x") is None  # ... but not a value of another type
    inconsistent = learn([(0, M), (0, N)], "")
    assert inconsistent.side(0) is None and inconsistent.conflicting == (0,)


@pytest.mark.parametrize("m, n", [(1, 1), (1, 6), (5, 1), (4, 4), (6, 3), (8, 7)])
def test_the_reference_strategy_is_accepted(m, n):
    assert strategy_problem(c.minimax(m, n), (m, n, 1), REFERENCE_CONVENTIONS) is None


def test_wrong_strategies_are_refused():
    dic = c.minimax(3, 5)
    del dic[(1, 1, 2)]
    assert strategy_problem(dic, (3, 5, 1), REFERENCE_CONVENTIONS).key == (1, 1, 2)
    dic = c.minimax(3, 5)
    dic[(3, 5, 1)] = (1, (c.REDUIT_N, 1))  # leaves 3 x 4: not a square
    assert strategy_problem(dic, (3, 5, 1), REFERENCE_CONVENTIONS).key == (3, 5, 1)
    assert value_problem((2, 5, 1), (1, (c.REDUIT_N, 4)), REFERENCE_CONVENTIONS) is not None
    assert value_problem((2, 5, 1), (1, (c.REDUIT_N, 5)), REFERENCE_CONVENTIONS) is not None  # illegal
    assert value_problem((3, 3, 2), (2, None), REFERENCE_CONVENTIONS) is not None  # winner: 1
    assert value_problem((3, 3, 2), [1, "n'importe"], REFERENCE_CONVENTIONS) is None  # losing: any move
    assert strategy_problem({(0, 2, 1): (1, None)}, (1, 1, 1), REFERENCE_CONVENTIONS).key == (0, 2, 1)
