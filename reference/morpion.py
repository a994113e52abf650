"""Reference solution of the tic-tac-toe (morpion) minimax article.

Names and semantics follow the article and the well-known program it comes from:
HUMAN = -1 and COMP = +1 (the article also writes MAX = +1, MINIMUM = -1), a board
is a 3 x 3 list of lists of -1, 0, +1, `board` is the program's global board.
`evaluate` is +1 when COMP wins, -1 when HUMAN wins, else 0; `game_over` is a win by
either side (a full board is not tested there); `minimax` returns [x, y, score],
[-1, -1, score] at a leaf, and keeps the first best move (strict comparison).
The helpers after `minimax` (LINES, game_value, optimal_moves, ...) are not in the
article: the grader uses them.
"""

import functools
from math import inf as infinity

HUMAN = -1
COMP = +1
MAX = COMP
MIN = MINIMUM = HUMAN

board = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
]


def wins(state, player):
    """True when `player` holds one of the 8 lines (3 rows, 3 columns, 2 diagonals)."""
    win_state = [
        [state[0][0], state[0][1], state[0][2]],
        [state[1][0], state[1][1], state[1][2]],
        [state[2][0], state[2][1], state[2][2]],
        [state[0][0], state[1][0], state[2][0]],
        [state[0][1], state[1][1], state[2][1]],
        [state[0][2], state[1][2], state[2][2]],
        [state[0][0], state[1][1], state[2][2]],
        [state[2][0], state[1][1], state[0][2]],
    ]
    return [player, player, player] in win_state


def evaluate(state):
    if wins(state, COMP):
        return +1
    if wins(state, HUMAN):
        return -1
    return 0


def game_over(state):
    return wins(state, HUMAN) or wins(state, COMP)


def empty_cells(state):
    """The empty cells as [x, y] lists, in row-major order (the search order)."""
    return [[x, y] for x, row in enumerate(state) for y, cell in enumerate(row) if cell == 0]


def valid_move(x, y):
    return [x, y] in empty_cells(board)


def set_move(x, y, player):
    """Play on the global board when the cell is empty; say whether it was played."""
    if valid_move(x, y):
        board[x][y] = player
        return True
    return False


def minimax(state, depth, player):
    """[x, y, best score for `player`]; [-1, -1, score] at a leaf. `state` is restored."""
    if player == COMP:
        best = [-1, -1, -infinity]
    else:
        best = [-1, -1, +infinity]
    if depth == 0 or game_over(state):
        return [-1, -1, evaluate(state)]
    for x, y in empty_cells(state):
        state[x][y] = player
        score = minimax(state, depth - 1, -player)
        state[x][y] = 0
        score[0], score[1] = x, y
        if player == COMP:
            if score[2] > best[2]:
                best = score
        elif score[2] < best[2]:
            best = score
    return best


# -- helpers for the grader (not in the article) -------------------------------
LINES = (
    ((0, 0), (0, 1), (0, 2)), ((1, 0), (1, 1), (1, 2)), ((2, 0), (2, 1), (2, 2)),
    ((0, 0), (1, 0), (2, 0)), ((0, 1), (1, 1), (2, 1)), ((0, 2), (1, 2), (2, 2)),
    ((0, 0), (1, 1), (2, 2)), ((2, 0), (1, 1), (0, 2)),
)
"""The 8 lines, in the order of the program's `win_state`."""


def key(state):
    """A hashable form of a board."""
    return tuple(tuple(row) for row in state)


def from_key(k):
    return [list(row) for row in k]


@functools.lru_cache(maxsize=None)
def _value(k, player):
    state = from_key(k)
    if game_over(state) or not empty_cells(state):
        return evaluate(state)
    values = [_value(key(_played(state, x, y, player)), -player) for x, y in empty_cells(state)]
    return max(values) if player == COMP else min(values)


def _played(state, x, y, player):
    child = from_key(key(state))
    child[x][y] = player
    return child


def game_value(state, player):
    """minimax(state, len(empty_cells(state)), player)[2], memoised (5,478 positions)."""
    return _value(key(state), player)


def optimal_moves(state, player):
    """The empty cells (x, y) whose move reaches the value of `state` for `player`."""
    target = game_value(state, player)
    return [(x, y) for x, y in empty_cells(state)
            if game_value(_played(state, x, y, player), -player) == target]


def count_minimax_calls(state, depth, player):
    """(number of calls of `minimax`, its result), the root call included."""
    calls = [0]
    original = globals()["minimax"]

    def counting(*args):
        calls[0] += 1
        return original(*args)

    globals()["minimax"] = counting
    try:
        result = counting(state, depth, player)
    finally:
        globals()["minimax"] = original
    return calls[0], result


def render(state):
    """The board as a grid with row and column numbers; COMP is +1, HUMAN -1."""
    def cell(v):
        if isinstance(v, int) and v in (-1, 0, 1):
            return " ." if v == 0 else f"{v:+d}"
        return f"{v!r:>2}"[:2]  # a student's odd value, shown anyway

    lines = ["   0  1  2"]
    lines += [f"{x} " + " ".join(cell(v) for v in row) for x, row in enumerate(state)]
    return "\n".join(lines)
