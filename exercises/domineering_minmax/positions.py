"""4 x 4 domineering boards for the checks: Hypothesis strategies, the submission's
representation (numpy or lists), the grader's helpers run in the worker, drawing."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grader.kit import ArrayValue, StudentFailure, StudentView, first_board, marked
from reference import domineering_minmax as ref

from .worker_side import plateau

if TYPE_CHECKING:
    from hypothesis import strategies as st

Board = tuple[tuple[int, ...], ...]
"""A board as the reference's `key`: hashable, cells as ints."""

SEARCH_BUDGET = 10.0  # one minmax/jeu call; the page's first minmax explores the whole tree
MIN_DOMINOES_FOR_SEARCH = 2  # <= 12 empty cells: the whole tree has <= ~2,000 nodes (measured)


def replay(choices: list[tuple[int, int]]) -> Board:
    """The board reached by putting, for each (player, c), the c-th legal domino of that
    player (or of the other one when he has none); a shorter list gives a smaller board."""
    v: Any = [[ref.EMPTY] * ref.N for _ in range(ref.N)]
    for joueur, c in choices:
        if not ref.coups(v, joueur):
            joueur = 1 - joueur
        moves = ref.coups(v, joueur)
        if moves:
            v = ref.jouer(v, moves[c % len(moves)], joueur)
    return ref.key(v)


def boards(min_dominoes: int = 0, max_dominoes: int = 8) -> st.SearchStrategy:
    """Boards with dominoes of either player (the page's board is not alternate play)."""
    from hypothesis import strategies as st

    move = st.tuples(st.integers(0, 1), st.integers(0, 20))
    return st.lists(move, min_size=min_dominoes, max_size=max_dominoes).map(replay)


def random_board(rng: random.Random, min_dominoes: int = 0, max_dominoes: int = 8) -> Board:
    """A board with dominoes of either player, drawn from `rng` (as `boards` draws one):
    the boards drawn for one submission alone."""
    count = rng.randint(min_dominoes, max_dominoes)
    return replay([(rng.randrange(2), rng.randrange(21)) for _ in range(count)])


def random_search_case(rng: random.Random) -> tuple[Board, int, int]:
    """(board, p, player to move) as `search_cases` draws one."""
    for _ in range(200):
        case = random_board(rng, MIN_DOMINOES_FOR_SEARCH), rng.randint(1, 3), rng.randrange(2)
        if ref.coups(case[0], case[2]):
            return case
    return page_board(), 2, 0


def search_cases() -> st.SearchStrategy:
    """(board, p, player to move) for minmax/jeu: the player has a move, p in 1..3."""
    from hypothesis import strategies as st

    positions = st.tuples(boards(MIN_DOMINOES_FOR_SEARCH), st.integers(1, 3), st.integers(0, 1))
    return positions.filter(lambda case: bool(ref.coups(case[0], case[2])))


# Player 0 (vertical) stuck, player 1 not; player 1 (horizontal) stuck, player 0 not;
# both stuck (the page tests player 0 first: -inf).
ONLY_HORIZONTAL = ((-1, -1, 0, 1), (0, 1, 0, 1), (-1, -1, 0, 1), (0, 1, 0, 1))
ONLY_VERTICAL = ((-1, 0, -1, 0), (-1, 1, -1, 1), (0, 1, 0, 1), (0, 1, 0, 1))
BOTH_STUCK = ((-1, 0, -1, 0), (0, 1, 0, 1), (-1, 0, -1, 0), (0, 1, 0, 1))


def example_size(example: Any) -> tuple[int, ...]:
    """Covered cells of the example's board: the ladders' order."""
    board = first_board(example)
    return (marked(board, ref.EMPTY) if board is not None else 0,)


def page_board() -> Board:
    return ref.key(ref.plateau_cours())


def rows(v: Board) -> list[list[int]]:
    """A board as the student would print a list of lists."""
    return [list(row) for row in v]


def board_key(value: Any) -> Board | None:
    """A student board as a reference key, or None when it is not a 4 x 4 of numbers."""
    try:
        if len(value) != ref.N or any(len(row) != ref.N for row in value):
            return None
        cells = [list(row) for row in value]
        if any(
            isinstance(c, bool) or not isinstance(c, (int, float)) or c != int(c)
            for row in cells
            for c in row
        ):
            return None
        return tuple(tuple(int(c) for c in row) for row in cells)
    except (TypeError, ValueError, OverflowError):
        return None


def same_board(value: Any, v: Board) -> bool:
    """The student's board holds the same cells as `v`."""
    return board_key(value) == v


@functools.lru_cache(maxsize=4096)
def value(v: Board, p: int, joueur: int) -> float:
    return ref.valeur(v, p, joueur)


@functools.lru_cache(maxsize=4096)
def optimal(v: Board, p: int, joueur: int) -> frozenset[Board]:
    return frozenset(ref.key(u) for u in ref.successeurs_optimaux(v, p, joueur))


@functools.lru_cache(maxsize=1024)
def successors(v: Board, joueur: int) -> tuple[Board, ...]:
    return tuple(ref.key(u) for u in ref.s(v, joueur))


@functools.lru_cache(maxsize=256)
def page_tables(v: Board, joueur: int) -> tuple[dict[str, str], dict[str, float]]:
    """The page's s and h on every board below `v` (`joueur` to move), as
    `worker_side.tables` reads them: board and player -> the moves ("ij" each, both
    players at each board), board -> h. The tree below a position of the checks holds at
    most a few thousand boards (at least 2 dominoes placed)."""
    succ: dict[str, str] = {}
    hv: dict[str, float] = {}
    todo = [(v, joueur)]
    while todo:
        board, player = todo.pop()
        name = plateau(board)
        if name in hv:
            continue
        hv[name] = ref.h(board)
        for who in (0, 1):
            succ[name + str(who)] = "".join(f"{i}{j}" for i, j in ref.coups(board, who))
        todo.extend(
            (ref.key(ref.jouer(board, move, player)), 1 - player) for move in ref.coups(board, player)
        )
    return succ, hv


@functools.lru_cache(maxsize=256)
def possible_winners(v: Board, p: int, joueur: int) -> frozenset[int]:
    return frozenset(ref.gagnants_possibles(v, p, joueur))


@dataclass(frozen=True)
class Representation:
    """How the submission stores a board, learnt from its own `v`."""

    dtype: str | None = None
    """numpy dtype of the boards, or None for lists of lists."""

    def to_student(self, v: Board) -> Any:
        rows: list[list[Any]] = [list(row) for row in v]
        if self.dtype is None:
            return rows
        if self.dtype.startswith("float"):
            rows = [[float(c) for c in row] for row in rows]
        return ArrayValue(rows, self.dtype)


def to_student(state: Representation, v: Board) -> Any:
    """A reference board in the submission's own representation."""
    return state.to_student(v)


def prepare(view: StudentView) -> Representation:
    """numpy when the submission's board `v` (the page's cell) is a numpy array, lists
    when it is a list. Without a `v`, its first other 4 x 4 board decides; without any,
    numpy when numpy is imported (the page's representation)."""
    values = [name for name, kind in view.defined.items() if kind == "value"]
    candidates = (["v"] if "v" in values else []) + [n for n in values if n != "v"][:MAX_SCANNED]
    for name in candidates:
        try:
            found = view.get(name)
        except StudentFailure:
            continue
        if board_key(found) is not None:
            return Representation(found.dtype or "float64" if isinstance(found, ArrayValue) else None)
    if any(view.defined.get(name) == "module" for name in ("np", "numpy")):
        return Representation("float64")
    return Representation(None)


MAX_SCANNED = 20  # top-level values read when looking for a board


# -- Structural cases (issue 12): games a `jeu` plays, compared move by move with the
# reference's optimal successors, from boards with few dominoes where a search valuing
# the successors with the wrong player, or one ply too deep, picks other moves (found by
# the mutation harness: docs/explanation/mutation.md).
_E = ref.EMPTY
TWO_RIGHT = ((_E, _E, _E, _E), (_E, _E, 1, 1), (_E, _E, _E, _E), (_E, _E, 1, 1))
"""Two horizontal dominoes on the right of rows 1 and 3."""
TWO_LEFT = tuple(tuple(reversed(row)) for row in TWO_RIGHT)
TWO_BOTTOM = tuple(tuple(0 if c == 1 else c for c in col) for col in zip(*TWO_RIGHT, strict=False))
"""TWO_RIGHT transposed: two vertical dominoes at the bottom of columns 1 and 3."""


MIXED = (
    ((_E, _E, _E, _E), (_E, _E, _E, _E), (_E, _E, 0, _E), (1, 1, 0, _E)),
    ((_E, _E, _E, _E), (_E, _E, _E, _E), (_E, 0, 1, 1), (_E, 0, _E, _E)),
)
"""A domino of each player at the bottom: player 1 choosing its successors by h alone
(the page's s has no move for a `joueur` of 2, so `1 + joueur` values them at depth 0)
does not play minmax's moves from there."""


ENDINGS: tuple[tuple[Board, int], ...] = (
    (((1, 1, _E, _E), (_E, _E, 0, 0), (_E, _E, 0, 0), (_E, _E, _E, _E)), 1),
    (((0, 1, 1, 0), (0, 0, _E, 0), (_E, 0, 1, 1), (_E, _E, _E, _E)), 1),
    (((0, 1, 1, _E), (0, _E, _E, _E), (0, _E, _E, _E), (0, _E, 1, 1)), 0),
    (((0, _E, 0, _E), (0, _E, 0, _E), (_E, 1, 1, _E), (_E, _E, 1, 1)), 0),
)
"""(board, player to move): several moves, exactly one after which the other player
cannot move, so that the game ends there (issue 29: every search is probed on a move
that ends the game; the page's h is then the mover's infinity)."""


def ending_searches() -> list[tuple[Board, int, int]]:
    """(board, p, player to move): each of ENDINGS at p = 1 and p = 2."""
    return [(v, p, joueur) for v, joueur in ENDINGS for p in (1, 2)]


def structural_game_cases() -> list[tuple[Board, int, int]]:
    """(board, p = 3, player to move): each board above, each player."""
    return [
        (v, 3, joueur)
        for v in (TWO_RIGHT, TWO_LEFT, TWO_BOTTOM) + MIXED
        for joueur in (0, 1)
        if ref.coups(v, joueur)
    ]
