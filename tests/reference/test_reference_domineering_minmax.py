"""Tests of reference/domineering_minmax.py against every value recorded on the course
page and in docs/reference/sheet-facts.md. Expected values
are written from those documents; the page's own code (copied below) is the yardstick
on random boards."""

import copy

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import domineering_minmax as ref
from reference.domineering_minmax import INF, dessin, h, jeu, minmax, minmax_coup, plateau_cours, s

FEW = settings(max_examples=25, derandomize=True, deadline=None)


def page_board() -> np.ndarray:
    """The page's cell, verbatim."""
    v = -np.ones((4, 4))
    v[0][1] = v[1][1] = 0
    v[1][2] = v[1][3] = v[2][0] = v[2][1] = 1
    return v


# The page's code, verbatim (first minmax: whole tree below the position). The grader hands
# the student's minmax and jeu tables of these s and h (exercises/domineering_minmax/
# positions.py `page_tables`), never their code: see tests/exercises/test_worker_side.py.
def page_s(v, joueur):
    succ = []
    for i in range(4):
        for j in range(4):
            if v[i][j] == -1:
                w = copy.deepcopy(v)
                if joueur == 0 and i < 3 and v[i + 1][j] == -1:
                    w[i][j] = w[i + 1][j] = joueur
                    succ.append(w)
                if joueur == 1 and j < 3 and v[i][j + 1] == -1:
                    w[i][j] = w[i][j + 1] = joueur
                    succ.append(w)
    return succ


def page_h(v):
    n0, n1 = 0, 0
    for i in range(len(v)):
        for j in range(len(v[0])):
            if i + 1 < len(v) and v[i][j] == v[i + 1][j] == -1:
                n0 += 1
            if j + 1 < len(v[0]) and v[i][j] == v[i][j + 1] == -1:
                n1 += 1
    if n0 == 0:
        return -float("inf")
    if n1 == 0:
        return float("inf")
    return n0 - n1


def page_minmax(s, h, v, p, joueur):
    succ = [page_minmax(s, h, w, p - 1, 1 - joueur) for w in s(v, joueur)]
    if succ == [] or p == 0:
        return h(v)
    if joueur == 0:
        return max(succ)
    return min(succ)


@st.composite
def boards(draw, min_dominoes=0):
    """Dominoes of either player put at random (the page's board is not alternate play)."""
    v = [[-1] * 4 for _ in range(4)]
    for _ in range(draw(st.integers(min_dominoes, 8))):
        joueur = draw(st.integers(0, 1))
        if not ref.coups(v, joueur):
            joueur = 1 - joueur
        moves = ref.coups(v, joueur)
        if moves:
            v = ref.jouer(v, draw(st.sampled_from(moves)), joueur)
    return v


# -- the page's recorded values ---------------------------------------------------
def test_page_board():
    assert plateau_cours() == [[-1, 0, -1, -1], [-1, 0, 1, 1], [1, 1, -1, -1], [-1, -1, -1, -1]]
    assert (np.array(plateau_cours(), dtype=float) == page_board()).all()


def test_h_page():
    assert h(plateau_cours()) == -2
    assert h(page_board()) == -2


def test_s_page_three_boards_in_order():
    expected = [
        [[0, 0, -1, -1], [0, 0, 1, 1], [1, 1, -1, -1], [-1, -1, -1, -1]],
        [[-1, 0, -1, -1], [-1, 0, 1, 1], [1, 1, 0, -1], [-1, -1, 0, -1]],
        [[-1, 0, -1, -1], [-1, 0, 1, 1], [1, 1, -1, 0], [-1, -1, -1, 0]],
    ]
    assert s(plateau_cours(), 0) == expected
    assert [w.tolist() for w in page_s(page_board(), 0)] == expected
    assert [list(map(list, w)) for w in s(page_board(), 0)] == expected


def test_s_leaves_v_unchanged():
    v = page_board()
    s(v, 0), s(v, 1)
    assert (v == page_board()).all()


def test_minmax_page():
    assert minmax(s, h, plateau_cours(), 2, 0) == 1
    assert minmax(s, h, page_board(), 2, 0) == 1
    assert page_minmax(page_s, page_h, page_board(), 2, 0) == 1


def test_minmax_coup_page():
    u, value = minmax_coup(s, h, plateau_cours(), 2, 0)
    assert value == 1
    assert u in s(plateau_cours(), 0)
    assert minmax_coup(s, h, plateau_cours(), 0, 0) == (plateau_cours(), -2)


def test_jeu_page_player_0_wins():
    boards, winner = jeu(s, h, plateau_cours(), 3, 0)
    assert winner == 0  # "Joueur 0 a gagné"
    assert boards[0] == plateau_cours()
    assert s(boards[-1], (len(boards) - 1) % 2) == []  # the player to move is stuck
    assert len(boards) == 6  # the page draws 6 images (minmax_18_0 .. minmax_18_5)


def test_jeu_page_winner_does_not_depend_on_ties():
    assert ref.gagnants_possibles(plateau_cours(), 3, 0) == {0}


# -- beyond the page: the page's own code on random boards --------------------------
@FEW
@given(boards())
def test_h_is_the_pages(v):
    assert h(v) == page_h(np.array(v, dtype=float))


@FEW
@given(boards(), st.integers(0, 1))
def test_s_is_the_pages(v, joueur):
    assert s(v, joueur) == [w.tolist() for w in page_s(np.array(v, dtype=float), joueur)]


@FEW
@given(boards(min_dominoes=3), st.integers(0, 3), st.integers(0, 1))
def test_minmax_is_the_pages(v, p, joueur):
    assert minmax(s, h, v, p, joueur) == page_minmax(page_s, page_h, np.array(v, dtype=float), p, joueur)


@FEW
@given(boards(min_dominoes=2), st.integers(0, 3), st.integers(0, 1))
def test_minmax_coup_value_and_optimal_successor(v, p, joueur):
    u, value = minmax_coup(s, h, v, p, joueur)
    assert value == minmax(s, h, v, p, joueur)
    if s(v, joueur) and p:
        assert u in ref.successeurs_optimaux(v, p, joueur)
        assert u == ref.successeurs_optimaux(v, p, joueur)[0]  # the page keeps the first
    else:
        assert u == v


def test_infinities():
    full = [[0, 0, 1, 1]] * 4  # nobody can move: player 0 is tested first
    assert h(full) == -INF
    only_rows = [[-1, -1, 0, 1], [0, 1, 0, 1], [-1, -1, 0, 1], [0, 1, 0, 1]]  # horizontal only
    assert h(only_rows) == -INF
    only_columns = [[-1, 0, -1, 0], [-1, 1, -1, 1], [0, 1, 0, 1], [0, 1, 0, 1]]  # vertical only
    assert h(only_columns) == INF


def test_drawing():
    assert dessin(plateau_cours()).splitlines()[1:3] == ["0| - 0 - -", "1| - 0 1 1"]
