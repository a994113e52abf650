"""Positions where the player to move wins at once in exactly one column, for the searches
(Q15 `immediate_win`, Q17 `random_root`): through each alignment, on each of its cells
a move can complete, the players taking turns; and a sample where the opponent threatens
to win too, searched one move deeper. Each of the two questions searches half of them,
every direction, every cell of the line and both players in each half.

A search is only as right as the `teste_gagnante` it calls ("as it would by hand",
docs/reference/grading-contract.md): one that misses a win still finds it a move later through
`heuristique`, so at depth 1 it answers right. One move deeper, when the opponent can
win at once in reply, the missed win costs the game: the search returns another column
and a finite value (or the opponent's infinity). So every alignment is probed at depth 1
(a search that mishandles an immediate win itself), and the sample at depth 2 holds, for
each direction and each cell of the line, a line reaching the last column (the edge a
test of the cells to the right is most likely to miss), for each player.

The games are built once by `generate` (too slow for every grading: legal play from the
empty board, `positions.build`, tried with more seeds than the stored alignment games
when the win is not the only one) and stored as data in `immediate_wins_moves.json`,
written by `python -m tools.draw_examples write` and checked by
tests/exercises/test_immediate_wins.py. Where the game stored for Q12 (`alignment_games`) already
has a single winning column before its last move, it is that same game.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from grader.kit import once_per_process
from reference import puissance4 as ref

from .positions import WIN, build, games_text

INF = float("inf")
SEEDS = 200
"""Seeds of `positions.build` tried per alignment, cell and player."""
PAIRS = 3
"""Move pairs at most added to a root to give the opponent a threat of its own."""


def _drops(jeu: dict[str, Any], player: int) -> Iterator[tuple[dict[str, Any], tuple[int, int]]]:
    """For each playable column, a copy of `jeu` with `player`'s disc dropped in it (the
    player to move left as it was), and that disc's cell."""
    for col in ref.colonnes_jouables(jeu):
        child = ref.copie(jeu)
        row = ref.nrows - 1 - child["hauteurs"][col]
        child["plateau"][row][col] = player
        yield child, (row, col)


def wins_for(jeu: dict[str, Any], player: int) -> list[int]:
    """Columns where `player` would win at once, were it to move."""
    return [cell[1] for child, cell in _drops(jeu, player) if ref.teste_gagnante(child, player, cell)]


def _threats_not_in_a_row(jeu: dict[str, Any], player: int) -> list[int]:
    """Columns where `player` would win at once through a vertical or diagonal line (seen
    by a test that misses rows)."""
    return [
        cell[1]
        for child, cell in _drops(jeu, player)
        if any(ref.evaluer(child, a) == player and len({i for i, _ in a}) > 1 for a in ref.Dalignements[cell])
    ]


def _only_win(cells: frozenset[Any], joueur: int, last: tuple[int, int]) -> list[int] | None:
    """Moves of a legal game ending with `joueur` completing `cells` on `last`, where
    before that move `last`'s column is the only one that wins at once."""
    for seed in range(SEEDS):
        moves = build(cells, joueur, last, WIN, seed)
        if moves is None:
            continue
        root = ref.initialiser_jeu(moves[:-1])
        if ref.gagnant(root) == 0 and wins_for(root, joueur) == [last[1]]:
            return moves
    return None


def _with_reply_threat(moves: list[int], joueur: int, rng: random.Random) -> list[int] | None:
    """`moves` with at most PAIRS pairs of moves (joueur's, then the opponent's) played
    before the last one, away from its column, so that the opponent too can win at once
    (through a line that is not a row), `joueur`'s last move staying its only win."""
    col = moves[-1]
    other = 3 - joueur

    def extend(jeu: dict[str, Any], pairs: int) -> list[int] | None:
        if _threats_not_in_a_row(jeu, other) and col not in wins_for(jeu, other):
            return []
        if pairs == 0:
            return None
        for x in _shuffled(ref.colonnes_jouables(jeu), col, rng):
            mine = _played(jeu, joueur, x)
            if ref.gagnant(mine) or wins_for(mine, joueur) != [col]:
                continue
            for y in _shuffled(ref.colonnes_jouables(mine), col, rng):
                theirs = _played(mine, other, y)
                if ref.gagnant(theirs) or wins_for(theirs, joueur) != [col]:
                    continue
                rest = extend(theirs, pairs - 1)
                if rest is not None:
                    return [x, y, *rest]
        return None

    added = extend(ref.initialiser_jeu(moves[:-1]), PAIRS)
    return None if added is None else [*moves[:-1], *added, col]


def _shuffled(columns: list[int], but: int, rng: random.Random) -> list[int]:
    kept = [c for c in columns if c != but]
    rng.shuffle(kept)
    return kept


def _played(jeu: dict[str, Any], player: int, col: int) -> dict[str, Any]:
    child: dict[str, Any] = ref.copie(jeu)
    ref.jouer_colonne(child, player, col)
    return child


Stored = tuple[int, int, tuple[int, int], tuple[int, ...]]
"""(alignment's index in Lalignements, player, cell, moves): after moves[:-1] the player
is to move and wins at once in one column only, moves[-1], completing the alignment on
the cell."""

MOVES = Path(__file__).with_name("immediate_wins_moves.json")
"""The games `generate` builds, by family (ROOTS, THREATS): each a `Stored`, one a line.
Written by `python -m tools.draw_examples write` (`moves_text`); the tests check every
game, and (slow tier) that the file is a fresh generation."""
ROOTS, THREATS = "roots", "threats"


def generate() -> tuple[list[Stored], list[Stored]]:
    """(ROOTS, THREATS). ROOTS: every alignment, each cell a move can complete (a vertical
    one only on its top cell), the players taking turns along the alignments and their
    cells (each function searches half of them: both were twice the time, and a search
    errs on a kind of alignment or a cell of the line, not on one alignment for one
    player). THREATS: for each direction, each cell of the line and each player, a line
    reaching the last column (the first for which the opponent can be given a threat),
    the opponent threatening too."""
    roots: list[Stored] = []
    for n, alignment in enumerate(ref.Lalignements):
        cells = frozenset(map(tuple, alignment))
        vertical = len({j for _, j in alignment}) == 1
        for index, last in enumerate(map(tuple, alignment)):
            if vertical and last != min(cells):  # gravity: a column is completed on its top cell
                continue
            joueur = 1 + (n + index) % 2
            moves = _only_win(cells, joueur, last)
            if moves is not None:
                roots.append((n, joueur, last, tuple(moves)))
    threats: list[Stored] = []
    for direction in ref.vecteurs_deplacements:
        lines = [
            (n, a)
            for n, a in enumerate(ref.Lalignements)
            if (a[1][0] - a[0][0], a[1][1] - a[0][1]) == direction
        ]
        lines.sort(key=lambda line: (-max(j for _, j in line[1]), line[0]))  # the last column first
        for index in range(1 if direction == (1, 0) else 4):
            for joueur in (1, 2):
                for n, alignment in lines:
                    last = min(map(tuple, alignment)) if direction == (1, 0) else tuple(alignment[index])
                    moves = _only_win(frozenset(map(tuple, alignment)), joueur, last)
                    extended = None if moves is None else _with_reply_threat(moves, joueur, random.Random(1))
                    if extended is not None:
                        threats.append((n, joueur, last, tuple(extended)))
                        break
    return roots, threats


def moves_text() -> str:
    """What `MOVES` holds, generated afresh."""
    roots, threats = generate()
    return games_text({ROOTS: roots, THREATS: threats})


@functools.cache
def stored(family: str) -> list[Stored]:
    """The games of `family` (ROOTS or THREATS) as stored in `MOVES`."""
    games = json.loads(MOVES.read_text("utf-8"))[family]
    return [(n, joueur, (cell[0], cell[1]), tuple(moves)) for n, joueur, cell, moves in games]


Probe = tuple[dict[str, Any], int, int]
"""(game, depth, the only winning column): the player to move must play it, with the
infinite value."""

SEARCHES = ("maximin/minimax", "alpha-beta")
"""The two questions that search these positions (Q15, Q17): each searches half of them
(`half`, `threat_half`)."""


def half(n: int, cell: tuple[int, int]) -> int:
    """Which of SEARCHES searches the ROOT completing alignment `n` on `cell` (0 or 1):
    each gets every direction, every cell of the line and both players, and every
    alignment and cell is searched once between them (each searching all of them cost a
    notebook's grading more than issue 29 allowed:
    docs/explanation/performance.md#less-student-code-per-check)."""
    return (n // 2 + [tuple(c) for c in ref.Lalignements[n]].index(cell)) % 2


def threat_half(n: int, player: int, cell: tuple[int, int]) -> int:
    """Which of SEARCHES searches the THREAT of `player` completing alignment `n` on
    `cell`: each gets every direction and every cell of the line, the players taking
    turns along the line."""
    return (player + [tuple(c) for c in ref.Lalignements[n]].index(cell)) % 2


@once_per_process
def immediate_wins(player: int, search: int) -> list[Probe]:
    """The stored games with `player` to move for SEARCHES[search]: its half of the
    ROOTS at depth 1, its half of the THREATS at depth 2."""
    roots = [
        (moves, 1) for n, joueur, cell, moves in stored(ROOTS) if joueur == player and half(n, cell) == search
    ]
    threats = [
        (moves, 2)
        for n, joueur, cell, moves in stored(THREATS)
        if joueur == player and threat_half(n, joueur, cell) == search
    ]
    return [(ref.initialiser_jeu(list(moves[:-1])), depth, moves[-1]) for moves, depth in roots + threats]
