"""How many positions at the horizon a right alpha-beta evaluates (Q17 `prunes`), in the
order the student's own search tries the columns.

The annexes' alpha-beta is deterministic once the order of the columns is known at every
node: a max node raises alpha and cuts when its value reaches beta, a min node lowers
beta and cuts when its value reaches alpha, an immediately winning column ends the node
(the sheet's skeleton). The sheet fixes no order: `colonnes_jouables` may list the
columns in any order, a search may try the centre first, re-order the root's columns
by a shallower search (iterative deepening), look for a winning column before
recursing, or remember positions. So the order is read from what the student's search
did (`read_search`: the positions it entered, in the order it entered them, node by
node), and the annexes' algorithm is replayed with that same order at every node
(`annexes_bound`). A right alpha-beta evaluates exactly as many positions as the replay;
one that stops first on a winning column or remembers positions evaluates fewer; one
that cuts on one kind of node only, never narrows its window or never cuts evaluates
more on the probes below (tests/exercises/test_pruning.py checks it for every fixed order of the
columns and for orders that change from node to node). A cut on a strict inequality
(`>` instead of `>=`, in either function or both) prunes a little less and is accepted
(docs/explanation/mutation.md): the bound is the largest of the four cut rules' counts.

Everything here is pure: a function of the position, the depth and the order read, so
that any position can serve as a probe.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from reference import puissance4 as ref

from .positions import INF, columns, key

Key = tuple[Any, ...]
"""A position as `positions.key` gives it: (nbcoups, hauteurs, plateau), all tuples."""
Path = tuple[int, ...]
"""A node of the search tree: the columns played from the root to reach it."""
Cut = tuple[bool, bool]
"""(max nodes cut on `>` only, min nodes cut on `<` only); the annexes: (False, False)."""
CUTS: tuple[Cut, ...] = ((False, False), (True, True), (True, False), (False, True))


@dataclass(frozen=True)
class Probe:
    """A position the pruning check searches with the window (-inf, +inf)."""

    counts: tuple[tuple[int, int], ...]  # columns(counts): fills whole columns, nobody wins
    extra: tuple[int, ...]  # then these moves
    depth: int

    def game(self) -> dict[str, Any]:
        jeu = columns(dict(self.counts))
        for col in self.extra:
            ref.jouer_colonne(jeu, ref.prochain_joueur(jeu), col)
        return jeu

    @property
    def name(self) -> str:
        """The probe as a short name, e.g. "0:6 2:6 6:6 +4531 n4"."""
        filled = " ".join(f"{col}:{count}" for col, count in self.counts)
        return f"{filled} +{''.join(map(str, self.extra))} n{self.depth}"


# Four playable columns (three full ones), depth 4, two positions with each player at
# the root. Chosen among 150 such positions drawn at random so that, for each of the
# 5,040 orders of the 7 columns and for orders that change from node to node (centre
# first, by the heuristic of the children, rotated at each level, the last column played
# first), every faulty variant of the annexes' algorithm (no cut at all, no cut at max or
# at min nodes, alpha or beta never updated, the window passed down unchanged) evaluates
# more positions than the bound on at least two of the four (tests/exercises/test_pruning.py).
PROBES = (
    Probe(((0, 6), (2, 6), (6, 6)), (4, 5, 3, 1), 4),
    Probe(((1, 6), (5, 6), (6, 6)), (0, 4, 3), 4),
    Probe(((0, 6), (4, 6), (6, 6)), (), 4),
    Probe(((0, 6), (1, 6), (5, 6)), (2, 6, 4), 4),
)


def _bit(i: int, j: int) -> int:
    return 1 << (i * ref.ncols + j)


_ALIGNMENTS = tuple(sum(_bit(i, j) for i, j in a) for a in ref.Lalignements)
"""The reference's 69 alignments, each as the bits of its four cells."""
_THROUGH = {
    cell: tuple(sum(_bit(i, j) for i, j in a) for a in lines) for cell, lines in ref.Dalignements.items()
}
"""The alignments through each cell (the reference's `Dalignements`), as bits."""
_WEIGHTS = tuple(w for row in ref.nb_alignements_potentiels for w in row)


@functools.lru_cache(maxsize=1 << 15)
def _masks(k: Key) -> tuple[int, int]:
    """The cells of player 1 and of player 2, as bits: the replay and `read_search` ask
    about thousands of positions per submission, the reference's dict-and-set functions
    (`gagnant`, `teste_gagnante`) cost ten times as much on each (test_pruning checks
    that both give the same answers)."""
    ones = twos = 0
    for i, row in enumerate(k[2]):
        for j, c in enumerate(row):
            if c == 1:
                ones |= _bit(i, j)
            elif c == 2:
                twos |= _bit(i, j)
    return ones, twos


def _winner(k: Key) -> int:
    """`ref.gagnant`: 1 or 2 if that player owns an alignment (player 1 first), else 0."""
    for player, cells in zip((1, 2), _masks(k), strict=True):
        if any(cells & a == a for a in _ALIGNMENTS):
            return player
    return 0


def _heuristic(k: Key) -> float:
    """`ref.heuristique`: ±inf for a won game (player 1 checked first), else the signed
    sum of `nb_alignements_potentiels` over the occupied cells."""
    winner = _winner(k)
    value: float = (
        ref.signe(winner) * INF
        if winner
        else sum(
            ref.signe(c) * w for c, w in zip((c for row in k[2] for c in row), _WEIGHTS, strict=True) if c
        )
    )
    return value


@functools.lru_cache(maxsize=1 << 14)
def _node(k: Key) -> tuple[int, float, dict[int, Key | None]]:
    """(player to move, heuristique, {column: child, None when the move wins}) of a
    position: computed once, the replay visits the same positions under four cut rules."""
    player = 1 if k[0] % 2 == 0 else 2
    children: dict[int, Key | None] = {}
    for col in range(ref.ncols):
        child = _child(k, col)
        if child is None:
            continue
        cell = (ref.nrows - 1 - k[1][col], col)  # where the token lands (row 5 at the bottom)
        cells = _masks(child)[player - 1]
        won = any(cells & a == a for a in _THROUGH[cell])
        children[col] = None if won else child
    return player, _heuristic(k), children


class ColumnOrder(Protocol):
    """An order of the columns at every node of a search tree."""

    def columns(self, path: Path, k: Key, playable: Iterable[int]) -> list[int]:
        """The playable columns of the node reached by `path` (position `k`), in order."""
        ...


@dataclass(frozen=True)
class ObservedOrder:
    """The order in which a search tried the columns, node by node: at each node it
    entered (by its path from the root), the columns of the children it entered, in the
    order it first entered them (the last time it searched that node: an iterative
    deepening's last pass); failing that, the order read at another node holding the same
    position (a search that remembers positions enters each position once)."""

    by_path: Mapping[Path, tuple[int, ...]] = field(default_factory=dict)
    by_position: Mapping[Key, tuple[int, ...]] = field(default_factory=dict)

    def columns(self, path: Path, k: Key, playable: Iterable[int]) -> list[int]:
        """The playable columns of the node in the order read, the columns it never
        entered afterwards, in ascending order (a search that cut before them, or took
        their value from its own table, never tried them)."""
        playable = list(playable)
        read = self.by_path.get(path) or self.by_position.get(k) or ()
        first = [c for c in read if c in playable]
        return first + [c for c in playable if c not in first]


def annexes_evaluations(root: Key, depth: int, order: ColumnOrder, cut: Cut = (False, False)) -> int:
    """Positions the annexes' alpha-beta (fail-soft, window (-inf, +inf)) evaluates at the
    horizon from `root`, trying the columns in `order` at every node."""
    tally = [0]
    _replay(root, (), -INF, INF, depth, order, cut, tally)
    return tally[0]


def _replay(
    k: Key, path: Path, alpha: float, beta: float, n: int, order: ColumnOrder, cut: Cut, tally: list[int]
) -> float:
    player, value, children = _node(k)
    if n == 0 or not children:
        tally[0] += 1
        return value
    best = -INF if player == 1 else INF
    for col in order.columns(path, k, children):
        child = children[col]
        if child is None:
            return INF if player == 1 else -INF
        value = _replay(child, path + (col,), alpha, beta, n - 1, order, cut, tally)
        if player == 1:
            best = max(best, value)
            if best > beta or (best == beta and not cut[0]):
                break
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            if best < alpha or (best == alpha and not cut[1]):
                break
            beta = min(beta, best)
    return best


def annexes_bound(jeu: dict[str, Any], depth: int, order: ColumnOrder) -> int:
    """The most positions a right alpha-beta may evaluate at the horizon searching `jeu`
    at `depth` (the player at the root: the position's player to move), trying the
    columns in `order`: the annexes' count, or a strict cut's in either function or both."""
    root = key(jeu)
    return max(annexes_evaluations(root, depth, order, cut) for cut in CUTS)


# -- Reading what a search did --------------------------------------------------------
@dataclass(frozen=True)
class Observed:
    """What a search did below a probe, read from its calls (`read_search`)."""

    evaluations: int
    """Calls of `heuristique` on positions at the horizon (depth reached, or a full board)
    that nobody has won: what the annexes count."""
    visits: int
    """Positions at the horizon the search entered (called itself, or `heuristique`, on
    them): what is counted when the search never calls the student's `heuristique`."""
    order: ObservedOrder


@functools.lru_cache(maxsize=1 << 14)
def decode(text: str) -> Key | None:
    """A position sent by the worker as its 42 cells, row by row ("0", "1" or "2"), when
    it is legal: tokens stacked from the bottom row, player 1 having played first."""
    if len(text) != ref.nrows * ref.ncols or set(text) - {"0", "1", "2"}:
        return None
    plateau = tuple(
        tuple(int(c) for c in text[i * ref.ncols : (i + 1) * ref.ncols]) for i in range(ref.nrows)
    )
    hauteurs = []
    for j in range(ref.ncols):
        column = [plateau[i][j] for i in range(ref.nrows - 1, -1, -1)]
        height = sum(1 for c in column if c)
        if any(column[h] == 0 for h in range(height)):
            return None
        hauteurs.append(height)
    ones = sum(row.count(1) for row in plateau)
    twos = sum(row.count(2) for row in plateau)
    if ones - twos not in (0, 1):
        return None
    return (ones + twos, tuple(hauteurs), plateau)


def _below(a: Key, b: Key) -> bool:
    """Position b can follow position a: every token of a is in b, and b has more."""
    if b[0] <= a[0]:
        return False
    (a1, a2), (b1, b2) = _masks(a), _masks(b)
    return a1 & b1 == a1 and a2 & b2 == a2


def _moves_between(a: Key, b: Key) -> list[tuple[int, Key]] | None:
    """The moves (column, position reached) leading from a to b in turn, the lowest
    columns first when several orders lead there (a search that showed nothing in
    between), or None when no legal sequence does."""
    if a[0] == b[0]:
        return [] if a == b else None
    player = 1 if a[0] % 2 == 0 else 2
    for col in range(ref.ncols):
        height = a[1][col]
        if height >= ref.nrows:
            continue
        row = ref.nrows - 1 - height
        if b[2][row][col] != player:
            continue
        step = _child(a, col)
        if step is None:
            continue
        rest = _moves_between(step, b)
        if rest is not None:
            return [(col, step), *rest]
    return None


@functools.lru_cache(maxsize=1 << 14)
def _horizon_kind(k: Key) -> tuple[bool, bool]:
    """(a full board, won by somebody) for a position."""
    return all(h >= ref.nrows for h in k[1]), _winner(k) != 0


EVALUATION, ENTRY, PLAY = "evaluation", "entry", "play"
Event = tuple[str, Key, int | None]
"""(kind, position, column): a call of `heuristique` on the position (EVALUATION), of a
function entering it (ENTRY: the search itself, `colonnes_jouables`, `copie`), or of
`jouer_colonne` playing the column from it (PLAY, which enters it too)."""


@dataclass
class _Pass:
    """What a search did at one node during one pass over its children (times are the
    events' numbers)."""

    entered: dict[int, int] = field(default_factory=dict)
    """Column -> when its child was first entered."""
    played: dict[int, int] = field(default_factory=dict)
    """Column -> when it was last played here."""
    recalled: dict[int, int] = field(default_factory=dict)
    """Column -> when it was played here, after a child was entered, its child having been
    entered before elsewhere: a value the search took from its own table."""

    def order(self) -> tuple[int, ...]:
        """The columns in the order tried: those whose child was entered, those whose value
        was recalled, and the last column played when played after every child entered
        (a move that won at once, ending the node)."""
        tried = dict(self.entered)
        for col, when in self.recalled.items():
            tried.setdefault(col, when)
        if self.played:
            col, when = max(self.played.items(), key=lambda item: item[1])
            if col not in tried and when > max(self.entered.values(), default=-1):
                tried[col] = when
        return tuple(sorted(tried, key=tried.__getitem__))


@functools.lru_cache(maxsize=1 << 15)
def _child(k: Key, col: int) -> Key | None:
    """The position after the player to move plays `col`, or None (a full column)."""
    height = k[1][col]
    if height >= ref.nrows:
        return None
    row, player = ref.nrows - 1 - height, 1 if k[0] % 2 == 0 else 2
    plateau = tuple((*r[:col], player, *r[col + 1 :]) if i == row else r for i, r in enumerate(k[2]))
    return (k[0] + 1, tuple(h + 1 if j == col else h for j, h in enumerate(k[1])), plateau)


def read_search(root: Key, depth: int, events: Iterable[Event]) -> Observed:
    """What a search of `root` at `depth` did, from its calls in the order made.

    The search is followed as a depth-first walk: a position entered below the node
    last entered at the depth above is that node's child; a child entered again under
    the same node starts a new pass over its children (iterative deepening). A call of
    `heuristique` enters a position only at the horizon (depth reached or full board):
    a search may evaluate the children of a node to sort them, or to look for a win,
    without entering them. The columns a node played are read from `jouer_colonne`
    only where no child entered says more (`_Pass.order`). Positions that do not follow
    the root are ignored."""
    stack: list[tuple[Key, Path]] = [(root, ())]
    passes: dict[Path, _Pass] = {(): _Pass()}
    position: dict[Path, Key] = {(): root}
    first_entered: dict[Key, int] = {root: -1}
    evaluations = visits = 0
    for when, (kind, k, col) in enumerate(events):
        d = k[0] - root[0]
        if d < 0 or d > depth or not ((d == 0 and k == root) or _below(root, k)):
            continue
        full, won = _horizon_kind(k)
        at_horizon = (d == depth or full) and not won
        if kind == EVALUATION:
            if not at_horizon:
                continue
            evaluations += 1
        if d < len(stack) and stack[d][0] == k:  # back at a node of the walk
            del stack[d + 1 :]
        else:
            j = min(d, len(stack)) - 1
            while j > 0 and not _below(stack[j][0], k):
                j -= 1
            steps = _moves_between(stack[j][0], k)
            if steps is None:
                continue
            del stack[j + 1 :]
            path = stack[j][1]
            for step, child in steps:
                here = passes.setdefault(path, _Pass())
                if step in here.entered:
                    here = passes[path] = _Pass()  # a new pass over this node's children
                here.entered[step] = when
                path = (*path, step)
                passes[path], position[path] = _Pass(), child
                first_entered.setdefault(child, when)
                stack.append((child, path))
            if at_horizon:
                visits += 1
        if kind == PLAY and col is not None:
            here = passes.setdefault(stack[-1][1], _Pass())
            here.played[col] = when
            played = _child(k, col)
            if here.entered and played is not None and first_entered.get(played, when) < when:
                here.recalled[col] = when
    by_path = {path: order for path, one in passes.items() if (order := one.order())}
    by_position = {position[path]: order for path, order in by_path.items()}
    return Observed(evaluations, visits, ObservedOrder(by_path, by_position))


def traced_events(events: Sequence[int], texts: Sequence[str], names: Sequence[str]) -> list[Event]:
    """The events the worker recorded (worker_side.traced: `index + 8 * (column + 8 *
    position)`, `names[index]` the function called, the positions as text) as
    `read_search` reads them: `heuristique` evaluates, `jouer_colonne` plays, the others
    enter; illegal positions left out."""
    keys = [decode(text) if isinstance(text, str) else None for text in texts]
    out: list[Event] = []
    for event in events:
        if not isinstance(event, int) or event < 0 or event >> 6 >= len(keys):
            continue
        k = keys[event >> 6]
        index, col = event & 7, (event >> 3) & 7
        if k is None or index >= len(names):
            continue
        name = names[index]
        kind = EVALUATION if name == "heuristique" else PLAY if name == "jouer_colonne" else ENTRY
        out.append((kind, k, col if kind == PLAY and col < ref.ncols else None))
    return out
