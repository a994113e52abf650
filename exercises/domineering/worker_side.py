"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`); its names are then
`"@name"` for the checks: probe strategies handed to the student's `jeu` and
`statistiques` (each records what it was shown), a heuristic handed to `minmax`, and
loops that call a student function many times in one request. Games of the student's
strategy against random play are refereed in the grader (`referee.py`), not here. It
imports only the standard library (the grader's packages are not importable there) and
returns plain data; every verdict is decided in the grader from that data.

Nothing here answers a question of the sheet (issue 32): student code reaches this code
(a probe's `__globals__`, the worker's frames, the garbage collector), so it holds no
h1, no minmax, no list of legal moves. The sheet's h1 handed to `minmax` is a table of
the values the grader computed for the boards of that one search (`minmax_h1`); the
sheet's minmax run with the student's own h1 is computed in the grader from that h1's
values (`valeurs`). A probe strategy finds its move itself and gives nothing else.
"""

import copy as _copy
import random as _random

_NAN = float("nan")
LOG: list = []
"""What the probe strategies were shown: [name, board, player, move] per call."""


def _probe(name, last, at_random):
    def strategy(v, joueur):
        board = [[int(c) for c in row] for row in v]
        moves = []
        if joueur in (0, 1):
            di, dj = (1, 0) if joueur == 0 else (0, 1)
            n, p = len(board), len(board[0]) if board else 0
            moves = [
                (i, j)
                for i in range(n - di)
                for j in range(p - dj)
                if board[i][j] == -1 and board[i + di][j + dj] == -1
            ]
        if not moves:
            move = None
        elif at_random:  # the worker's `random`, which the grader seeds before every call
            move = _random.choice(moves)
        else:
            move = moves[-1] if last else moves[0]
        LOG.append([name, board, joueur, move])
        return move

    strategy.__name__ = name
    return strategy


premier_coup = _probe("premier_coup", False, False)
dernier_coup = _probe("dernier_coup", True, False)
coup_au_hasard = _probe("coup_au_hasard", False, True)
del _probe  # what a probe holds is its own code and settings


def journal(func, *args):
    """[func(*args), LOG]: one student call with what the probe strategies saw."""
    del LOG[:]
    value = func(*args)
    return [value, list(LOG)]


def tirages(strategy, v, joueur, k):
    """k moves drawn by strategy(v, joueur), each on a fresh copy of v."""
    return [strategy(_copy.deepcopy(v), joueur) for _ in range(k)]


def h_poids(v):
    """A heuristic unlike h1 (weighted empty cells, no question of the sheet): minmax
    must use the h it is given."""
    return sum(
        (3 * i + 5 * j + 1) % 7 - 3 for i, row in enumerate(v) for j, c in enumerate(row) if int(c) == -1
    )


def minmax_h1(minmax, boards, values, v, joueur, profondeur):
    """[minmax(v, joueur, profondeur, h1_correction), v after]: `h1_correction` gives
    the sheet's h1 of each board of this search (`boards`, as `plateau` writes them, and
    `values`, computed by the grader), and NaN on any other board (a search that plays
    an illegal move, or forgets to take one back, gets a value equal to nothing: it
    fails as with the real h1, instead of stopping on an error of ours)."""
    table = dict(zip(boards, values, strict=False))

    def h1_correction(board):
        return table.get(plateau(board), _NAN)

    try:
        return [minmax(v, joueur, profondeur, h1_correction), v]
    finally:
        table.clear()  # h1_correction kept by the student's code answers nothing later


def plateau(board: "list | tuple") -> str:
    """A board as one string, a cell per character (`.` empty, `0`, `1`): a table key."""
    return "/".join("".join("." if int(c) == -1 else str(int(c)) for c in row) for row in board)


def valeurs(h, boards):
    """[h(b) for b in boards]: the student's own heuristic on the boards of a search
    (sent in the submission's representation), the search being run by the grader."""
    return [h(board) for board in boards]
