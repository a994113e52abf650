"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`); its names are then
`"@name"` for the checks: probe strategies handed to the student's `jeu` and
`statistiques` (each records what it was shown), heuristics handed to `minmax`, and
loops that call a student function many times in one request. Games of the student's
strategy against random play are refereed in the grader (`referee.py`), not here. It imports only the
standard library (the grader's packages are not importable there) and returns plain
data; every verdict is decided in the grader from that data.
"""

import copy as _copy
import random as _random

INF = float("inf")

LOG: list = []
"""What the probe strategies were shown: [name, board, player, move] per call."""


def _board(v):
    """The board as plain ints, whatever the submission stores (lists, numpy)."""
    return [[int(c) for c in row] for row in v]


def _moves(v, joueur):
    """Legal moves in row-major order, computed here, never by the student's code."""
    n = len(v)
    p = len(v[0]) if n else 0
    di, dj = (1, 0) if joueur == 0 else (0, 1)
    return [(i, j) for i in range(n - di) for j in range(p - dj) if v[i][j] == -1 and v[i + di][j + dj] == -1]


def _probe(name, pick):
    def strategy(v, joueur):
        board = _board(v)
        moves = _moves(board, joueur) if joueur in (0, 1) else []
        move = pick(moves) if moves else None
        LOG.append([name, board, joueur, move])
        return move

    strategy.__name__ = name
    return strategy


premier_coup = _probe("premier_coup", lambda moves: moves[0])
dernier_coup = _probe("dernier_coup", lambda moves: moves[-1])
# Uses the worker's `random`, which the grader seeds before every call.
coup_au_hasard = _probe("coup_au_hasard", lambda moves: _random.choice(moves))


def journal(func, *args):
    """[func(*args), LOG]: one student call with what the probe strategies saw."""
    del LOG[:]
    value = func(*args)
    return [value, list(LOG)]


def tirages(strategy, v, joueur, k):
    """k moves drawn by strategy(v, joueur), each on a fresh copy of v."""
    return [strategy(_copy.deepcopy(v), joueur) for _ in range(k)]


def h1(v):
    """The sheet's h1 (player 0's moves minus player 1's; -inf when player 0
    cannot move, else +inf when player 1 cannot)."""
    board = _board(v)
    m0, m1 = len(_moves(board, 0)), len(_moves(board, 1))
    if m0 == 0:
        return -INF
    if m1 == 0:
        return INF
    return m0 - m1


def h_poids(v):
    """A heuristic unlike h1 (weighted empty cells): minmax must use the h it is given."""
    return sum(
        (3 * i + 5 * j + 1) % 7 - 3 for i, row in enumerate(_board(v)) for j, c in enumerate(row) if c == -1
    )


def minmax_avec(v, joueur, profondeur, h):
    """[value, optimal moves] of the sheet's minmax with the heuristic h (the
    student's own h1): the expected answer of `minmax(v, joueur, profondeur, h1)`.
    Boards stay in the submission's representation (lists or numpy), as h expects."""

    def value(board, player, depth):
        moves = _moves(_board(board), player)
        if not moves or depth == 0:
            return h(_copy.deepcopy(board))
        values = [value(_play(board, m, player), 1 - player, depth - 1) for m in moves]
        return max(values) if player == 0 else min(values)

    moves = _moves(_board(v), joueur)
    if not moves or profondeur == 0:
        return [h(_copy.deepcopy(v)), []]
    values = [value(_play(v, m, joueur), 1 - joueur, profondeur - 1) for m in moves]
    best = max(values) if joueur == 0 else min(values)
    return [best, [m for m, val in zip(moves, values, strict=False) if val == best]]


def _play(board, move, joueur):
    """A copy of board (same representation) with joueur's domino at move."""
    after = _copy.deepcopy(board)
    i, j = move
    di, dj = (1, 0) if joueur == 0 else (0, 1)
    after[i][j] = joueur
    after[i + di][j + dj] = joueur
    return after
