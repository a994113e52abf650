"""Domineering positions for the checks: Hypothesis strategies, the submission's
representation, board drawing, cached reference values, the worker helpers."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grader.kit import ArrayValue, StudentFailure, StudentView, Text, first_board, marked, show
from reference import domineering as ref

from .worker_side import plateau

if TYPE_CHECKING:
    from hypothesis import strategies as st

INF = float("inf")


# -- positions ----------------------------------------------------------------------
def positions(min_size: int = 1, max_size: int = 6, max_moves: int = 36) -> st.SearchStrategy:
    """(board, player to move) reached by legal random play on an n x p grid.

    See `ref.rejouer`: every choice list is a legal game and a shorter one a smaller
    game, so shrinking gives small boards. Finished games (the player to move is
    stuck) are included."""
    from hypothesis import strategies as st

    sizes = st.integers(min_size, max_size)
    moves = st.lists(st.integers(0, 60), max_size=max_moves)
    return st.tuples(sizes, sizes, moves).map(lambda t: ref.rejouer(*t))


def random_position(rng: random.Random, min_size: int = 1, max_size: int = 6) -> tuple[Any, ...]:
    """(board, player to move) of random legal play on a random grid, drawn from `rng`
    (as `positions` draws one): the positions drawn for one submission alone."""
    n, p = rng.randint(min_size, max_size), rng.randint(min_size, max_size)
    v, joueur = ref.rejouer(n, p, [rng.randrange(61) for _ in range(rng.randint(0, 36))])
    return v, joueur


def random_playable(rng: random.Random, min_size: int = 1, max_size: int = 6) -> tuple[Any, ...]:
    """(board, player) where `player` has a move (as `playable` draws one)."""
    for _ in range(200):
        v, joueur = random_position(rng, min_size, max_size)
        joueur = joueur if ref.coups_possibles(v, joueur) else 1 - joueur
        if ref.coups_possibles(v, joueur):
            return v, joueur
    return ref.grille_vide(max_size, max_size), 0


def midgames() -> st.SearchStrategy:
    """(board, player to move) on 4 x 4 to 5 x 5 grids, played until at most `empties`
    cells are left: the positions where h1's infinities start to decide the best move."""
    from hypothesis import strategies as st

    def stop_early(n: int, p: int, choices: list[Any], empties: int) -> tuple[Any, ...]:
        for k in range(len(choices) + 1):
            v, joueur = ref.rejouer(n, p, choices[:k])
            if sum(row.count(-1) for row in v) <= empties:
                break
        return v, joueur

    sizes = st.integers(4, 5)
    return st.tuples(
        sizes, sizes, st.lists(st.integers(0, 60), min_size=12, max_size=12), st.integers(6, 12)
    ).map(lambda t: stop_early(*t))


def playable(min_size: int = 1, max_size: int = 6) -> st.SearchStrategy:
    """(board, player) where `player` has a legal move; either player, not only the
    one to move, so that both orientations are exercised everywhere."""
    from hypothesis import strategies as st

    return (
        st.tuples(positions(min_size, max_size), st.integers(0, 1))
        .map(lambda t: (t[0][0], t[0][1] if ref.coups_possibles(t[0][0], t[0][1]) else 1 - t[0][1]))
        .filter(lambda t: ref.coups_possibles(*t))
    )


def example_size(example: Any) -> tuple[int, ...]:
    """The example's board, its cells then its covered cells (rows and columns without a
    board: their product): the ladders' order."""
    board = first_board(example)
    if board is None:
        return (example[0] * example[1],)
    return (sum(len(row) for row in board), marked(board, -1))  # -1: an empty cell


def key(v: list[list[int]]) -> tuple[Any, ...]:
    """A hashable form of a board, for caching reference values."""
    return tuple(tuple(row) for row in v)


def from_key(k: tuple[Any, ...]) -> list[Any]:
    return [list(row) for row in k]


HEURISTICS = {"h1": ref.h1, "h1_bloque_1": ref.h1_bloque_1, "h_poids": ref.h_poids}


@functools.lru_cache(maxsize=8192)
def search_value(k: tuple[Any, ...], joueur: int, depth: int, h: str = "h1") -> Any:
    """The reference minmax value of the position."""
    return ref.minmax(from_key(k), joueur, depth, HEURISTICS[h])[0]


@functools.lru_cache(maxsize=8192)
def optimal_moves(k: tuple[Any, ...], joueur: int, depth: int, h: str = "h1") -> frozenset[Any]:
    return frozenset(ref.coups_optimaux(from_key(k), joueur, depth, HEURISTICS[h]))


def search_boards(v: list[list[int]], joueur: int, depth: int) -> list[list[list[int]]]:
    """Every board of the search from `v` (`joueur` to move) down to `depth`, each once,
    in the order first met: what a heuristic handed to the student's minmax may be
    asked about, and no other board."""
    found: dict[tuple[Any, ...], int] = {}
    order: list[list[list[int]]] = []

    def visit(board: list[list[int]], player: int, left: int) -> None:
        k = key(board)
        if k not in found:
            order.append([list(row) for row in board])
        elif found[k] >= left:
            return
        found[k] = left
        if left == 0:
            return
        for i, j in ref.coups_possibles(board, player):
            ref.placer(board, i, j, player)
            visit(board, 1 - player, left - 1)
            ref.retirer(board, i, j, player)

    visit([list(row) for row in v], joueur, depth)
    return order


@functools.lru_cache(maxsize=1024)
def h1_table(k: tuple[Any, ...], joueur: int, depth: int) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The sheet's h1 on every board of that search, as `worker_side.minmax_h1` reads it:
    (boards as `plateau` writes them, values)."""
    boards = search_boards(from_key(k), joueur, depth)
    return tuple(plateau(b) for b in boards), tuple(ref.h1(b) for b in boards)


def minmax_with(values: dict[str, Any], v: list[list[int]], joueur: int, depth: int) -> tuple[Any, set[Any]]:
    """(value, optimal moves) of the sheet's minmax whose heuristic is `values` (board as
    `plateau` writes it -> value): the student's own h1 run on the search's leaves."""

    def value(board: list[list[int]], player: int, left: int) -> Any:
        moves = ref.coups_possibles(board, player)
        if not moves or left == 0:
            return values[plateau(board)]
        found = []
        for i, j in moves:
            ref.placer(board, i, j, player)
            found.append(value(board, 1 - player, left - 1))
            ref.retirer(board, i, j, player)
        return max(found) if player == 0 else min(found)

    board = [list(row) for row in v]
    moves = ref.coups_possibles(board, joueur)
    if not moves or depth == 0:
        return values[plateau(board)], set()
    scores = {}
    for i, j in moves:
        ref.placer(board, i, j, joueur)
        scores[(i, j)] = value(board, 1 - joueur, depth - 1)
        ref.retirer(board, i, j, joueur)
    best = (max if joueur == 0 else min)(scores.values())
    return best, {move for move, score in scores.items() if score == best}


def search_leaves(v: list[list[int]], joueur: int, depth: int) -> list[list[list[int]]]:
    """The boards of that search where the sheet's minmax calls its heuristic (depth
    reached, or the player to move stuck), each once."""
    leaves_found: dict[str, list[list[int]]] = {}

    def visit(board: list[list[int]], player: int, left: int) -> None:
        moves = ref.coups_possibles(board, player)
        if not moves or left == 0:
            leaves_found.setdefault(plateau(board), [list(row) for row in board])
            return
        for i, j in moves:
            ref.placer(board, i, j, player)
            visit(board, 1 - player, left - 1)
            ref.retirer(board, i, j, player)

    visit([list(row) for row in v], joueur, depth)
    return list(leaves_found.values())


def leaves(v: list[list[int]], joueur: int, depth: int) -> int:
    """A cheap upper estimate of the leaves of the search tree, to bound check time."""
    a = len(ref.coups_possibles(v, joueur)) or 1
    b = len(ref.coups_possibles(v, 1 - joueur)) or 1
    count = 1
    for level in range(depth):
        count *= a if level % 2 == 0 else b
    return count


# -- showing ------------------------------------------------------------------------
def draw(v: Any) -> str:
    """The board as `print` shows it, one row a line, numbers aligned."""
    return "\n".join("[" + ", ".join(f"{int(c):2d}" for c in row) + "]" for row in v)


def moves_text(moves: Any) -> str:
    return show(sorted(moves, key=lambda m: (m is None, m)))


def a_move_among(moves: Any) -> Text:
    """What a check expects when several moves are right."""
    shown = moves if isinstance(moves, str) else moves_text(moves)
    return Text(f"un coup parmi {shown}", f"a move among {shown}")


# -- the submission -----------------------------------------------------------------
@dataclass(frozen=True)
class Representation:
    """How the submission stores a board, learnt from its own `grille_vide`."""

    dtype: str | None = None
    """numpy dtype of the board, or None for lists of lists."""

    def to_student(self, v: list[list[int]]) -> Any:
        rows = [list(row) for row in v]
        if self.dtype is None:
            return rows
        return ArrayValue(rows, self.dtype)


@dataclass
class SubmissionState:
    representation: Representation


def prepare(view: StudentView) -> SubmissionState:
    representation = Representation()
    if view.has("grille_vide"):
        try:
            empty = view.call("grille_vide", 2, 3, budget=5).value
            representation = Representation(getattr(empty, "dtype", None) or None)
        except StudentFailure:
            pass
    return SubmissionState(representation)


def to_student(state: SubmissionState, v: list[list[int]]) -> Any:
    """A reference board in the submission's own representation."""
    return state.representation.to_student(v)


# -- Structural positions (issue 12): the shapes a bug can hide in. Random sizes draw
# them seldom: one row, one column, non-square grids both ways, and moves at the last
# row and column (`ref.rejouer` with choice -1 plays the last legal move, bottom right).
STRUCTURAL_SIZES = (
    (1, 1),
    (1, 2),
    (1, 5),
    (2, 1),
    (5, 1),
    (6, 1),
    (1, 6),
    (2, 5),
    (5, 2),
    (3, 6),
    (6, 3),
    (4, 4),
)


def structural_positions() -> list[tuple[list[Any], int]]:
    """(grid, player to move): each size above empty, then after the last legal move and
    after the first and the last (both players' dominoes at the edges)."""
    out = []
    for n, p in STRUCTURAL_SIZES:
        for choices in ([], [-1], [0, -1]):
            out.append(ref.rejouer(n, p, choices))
    return out


ENDINGS = (((3, 4), (4, 8)), ((5, 3), (4, 0)), ((3, 3), (0,)), ((4, 3), (0, 0, 1)))
"""Games (`ref.rejouer`) where the player to move (player 0 in the first two, player 1 in
the others) has several moves and exactly one after which the other player cannot move:
the game ends there (issue 29: every search is probed on a move that ends the game)."""


def structural_searches() -> list[tuple[list[Any], int, int]]:
    """(grid, player, depth) for minmax: one row, one column and non-square grids, each
    player to move that has a move, at a depth that reaches the end of the game on the
    small ones; and ENDINGS at depths 1 and 2."""
    out = []
    for (n, p), depth in (((1, 5), 3), ((5, 1), 3), ((2, 5), 2), ((5, 2), 2), ((2, 3), 3), ((3, 2), 3)):
        for joueur in (0, 1):
            out.append((ref.grille_vide(n, p), joueur, depth))
        v, joueur = ref.rejouer(n, p, [-1])
        out.append((v, joueur, depth))
    for (n, p), choices in ENDINGS:
        v, joueur = ref.rejouer(n, p, list(choices))
        out += [(v, joueur, 1), (v, joueur, 2)]
    return [(v, joueur, depth) for v, joueur, depth in out if ref.coups_possibles(v, joueur)]
