"""Reference solution of the course page "Algorithme min-max" applied to 4 x 4
domineering (its values: docs/reference/sheet-facts.md).

A board is a 4 x 4 list of lists: -1 empty, 0 a cell of player 0 (vertical dominoes),
1 a cell of player 1 (horizontal dominoes). The page uses numpy float arrays; these
functions index `v[i][j]` only, so they work on either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

N = 4
INF = float("inf")
EMPTY = -1


def plateau_cours() -> list[list[int]]:
    """The page's board `v` (player 0 to move in its examples)."""
    v = [[EMPTY] * N for _ in range(N)]
    v[0][1] = v[1][1] = 0
    v[1][2] = v[1][3] = v[2][0] = v[2][1] = 1
    return v


# -- the page's functions ------------------------------------------------------
def h(v: Any) -> float:
    """Vertical places (player 0) minus horizontal places (player 1); -inf when player
    0 cannot move, +inf when player 1 cannot (player 0 tested first, as on the page)."""
    n0, n1 = 0, 0
    for i in range(len(v)):
        for j in range(len(v[0])):
            if i + 1 < len(v) and v[i][j] == v[i + 1][j] == EMPTY:
                n0 += 1
            if j + 1 < len(v[0]) and v[i][j] == v[i][j + 1] == EMPTY:
                n1 += 1
    if n0 == 0:
        return -INF
    if n1 == 0:
        return INF
    return n0 - n1


def coups(v: Any, joueur: int) -> list[tuple[int, int]]:
    """The cells (i, j) where `joueur` can put the top/left half of a domino, row-major."""
    di, dj = (1, 0) if joueur == 0 else (0, 1)
    return [(i, j) for i in range(N) for j in range(N)
            if i + di < N and j + dj < N and v[i][j] == EMPTY and v[i + di][j + dj] == EMPTY]


def jouer(v: Any, coup: tuple[int, int], joueur: int) -> list[list[Any]]:
    """A new board: `v` with `joueur`'s domino at `coup` (v unchanged)."""
    di, dj = (1, 0) if joueur == 0 else (0, 1)
    i, j = coup
    w = [list(row) for row in v]
    w[i][j] = w[i + di][j + dj] = joueur
    return w


def s(v: Any, joueur: int) -> list[list[list[Any]]]:
    """The successors of `v` when `joueur` moves, in the page's (row-major) order."""
    return [jouer(v, coup, joueur) for coup in coups(v, joueur)]


def minmax(s: Callable, h: Callable, v: Any, p: int, joueur: int) -> float:
    """The page's value form: h at depth 0 or without successor, else max (player 0)
    or min (player 1) of the successors' values. Unlike the page's first version it
    does not explore below depth p (same values, much faster)."""
    succ = s(v, joueur)
    if succ == [] or p == 0:
        return h(v)
    values = [minmax(s, h, w, p - 1, 1 - joueur) for w in succ]
    return max(values) if joueur == 0 else min(values)


def minmax_coup(s: Callable, h: Callable, v: Any, p: int, joueur: int) -> tuple[Any, float]:
    """The page's second form: (successor to play, value); (v, h(v)) at a leaf; the
    first successor met with a strictly better value is kept."""
    succ = s(v, joueur)
    if succ == [] or p == 0:
        return v, h(v)
    best, best_value = None, None
    for u in succ:
        value = minmax(s, h, u, p - 1, 1 - joueur)
        if best_value is None or (value > best_value if joueur == 0 else value < best_value):
            best, best_value = u, value
    return best, best_value


def jeu(s: Callable, h: Callable, v: Any, p: int, joueur: int) -> tuple[list, int]:
    """The page's `jeu` without drawing: (boards drawn, in order; the winner)."""
    boards = []
    while True:
        boards.append(v)
        if s(v, joueur) == []:
            return boards, 1 - joueur
        v, _ = minmax_coup(s, h, v, p, joueur)
        joueur = 1 - joueur


# -- helpers for the checks ----------------------------------------------------
def key(v: Any) -> tuple[tuple[int, ...], ...]:
    """A hashable form of a board (cells as ints)."""
    return tuple(tuple(int(c) for c in row) for row in v)


def valeur(v: Any, p: int, joueur: int) -> float:
    """The min-max value of `v` at depth p, `joueur` to move (with the page's s and h)."""
    return minmax(s, h, v, p, joueur)


def successeurs_optimaux(v: Any, p: int, joueur: int) -> list[list[list[Any]]]:
    """The successors whose value reaches the root value (what minmax may return)."""
    if not s(v, joueur) or p == 0:
        return []
    root = valeur(v, p, joueur)
    return [u for u in s(v, joueur) if minmax(s, h, u, p - 1, 1 - joueur) == root]


def gagnants_possibles(v: Any, p: int, joueur: int) -> set[int]:
    """Every winner of `jeu(s, h, v, p, joueur)` over all tie-breaks between optimal
    successors (the page keeps the first; a student may keep another)."""
    winners: set[int] = set()
    seen: set[tuple] = set()

    def walk(w: Any, who: int) -> None:
        if (key(w), who) in seen:
            return
        seen.add((key(w), who))
        if not s(w, who):
            winners.add(1 - who)
            return
        for u in successeurs_optimaux(w, p, who):
            walk(u, 1 - who)

    walk(v, joueur)
    return winners


def est_successeur(v: Any, w: Any, joueur: int) -> bool:
    """Whether `w` is `v` with one more domino of `joueur`."""
    return key(w) in {key(u) for u in s(v, joueur)}


def dessin(v: Any) -> str:
    """The board as text: '-' empty, 0 and 1 the players' cells, rows numbered."""
    lines = ["   " + " ".join(str(j) for j in range(N))]
    for i, row in enumerate(v):
        lines.append(f"{i}| " + " ".join("-" if int(c) == EMPTY else str(int(c)) for c in row))
    return "\n".join(lines)
