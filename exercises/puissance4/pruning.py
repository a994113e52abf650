"""How many positions a right alpha-beta evaluates (Q17 `prunes`).

The annexes' alpha-beta is deterministic once the order of the columns is: a max node
raises alpha and cuts when its value reaches beta, a min node lowers beta and cuts when
its value reaches alpha, an immediately winning column ends the node (the sheet's
skeleton). The sheet does not fix the order (`colonnes_jouables` may list the columns in
any order, a search may try the centre first), so a student's search is compared with
this model under every fixed order of the columns, and with a cut on a strict inequality
too, in either function or both (it prunes a little less, values unchanged: accepted,
docs/explanation/mutation.md). A search
that cuts on one side only, never narrows its window, or evaluates positions more than
once (or by code the grader does not see) matches none of them.
"""

from __future__ import annotations

import functools
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reference import puissance4 as ref

from .positions import INF, columns, from_key, key

Order = tuple[int, ...]
Cut = tuple[bool, bool]
"""(max nodes cut on `>` only, min nodes cut on `<` only); the annexes: (False, False)."""
CUTS: tuple[Cut, ...] = ((False, False), (True, True), (True, False), (False, True))


@dataclass(frozen=True)
class Counts:
    """What one search did: calls of `heuristique`, moves played (`jouer_colonne`)."""

    evaluations: int
    moves: int


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
        """The probe as the shipped counts name it, e.g. "0:6 2:6 6:6 +455333 n4"."""
        filled = " ".join(f"{col}:{count}" for col, count in self.counts)
        return f"{filled} +{''.join(map(str, self.extra))} n{self.depth}"


# Four playable columns (three full ones), depth 4, two positions with each player at the
# root: 24 orders to try on each, trees where both kinds of node cut. Found by a search
# over such positions: on each, every one-sided or window-keeping variant of the annexes'
# algorithm (no cut, or no bound update, at max or at min nodes, in the sheet's order)
# evaluates a number of positions that no order gives.
PROBES = (
    Probe(((0, 6), (2, 6), (6, 6)), (4, 5, 5, 3, 3, 3), 4),
    Probe(((0, 6), (1, 6), (6, 6)), (4, 5, 2, 3, 2, 2), 4),
    Probe(((2, 6), (3, 6), (6, 6)), (4, 5, 0), 4),
    Probe(((0, 6), (1, 6), (5, 6)), (6, 3, 6), 4),
)


Key = tuple[Any, ...]


@functools.cache
def _node(k: Key) -> tuple[int, float, dict[int, Key | None]]:
    """(player to move, heuristique, {column: child, None when the move wins}) of a
    position: computed once, the model searches the same trees under 96 orders and cuts."""
    jeu = from_key(k)
    player = ref.prochain_joueur(jeu)
    children: dict[int, Key | None] = {}
    for col in ref.colonnes_jouables(jeu):
        child = ref.copie(jeu)
        won = ref.teste_gagnante(child, player, ref.jouer_colonne(child, player, col))
        children[col] = None if won else key(child)
    return player, ref.heuristique(jeu), children


def _search(k: Key, alpha: float, beta: float, n: int, order: Order, strict: Cut, tally: list[int]) -> float:
    """The annexes' alpha-beta (fail-soft) trying the columns in `order`; counts into tally."""
    player, value, children = _node(k)
    cols = [c for c in order if c in children]
    if n == 0 or not cols:
        tally[0] += 1
        return value
    best = -INF if player == 1 else INF
    for col in cols:
        tally[1] += 1
        child = children[col]
        if child is None:
            return INF if player == 1 else -INF
        value = _search(child, alpha, beta, n - 1, order, strict, tally)
        if player == 1:
            best = max(best, value)
            if best > beta or (best == beta and not strict[0]):
                break
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            if best < alpha or (best == alpha and not strict[1]):
                break
            beta = min(beta, best)
    return best


def model_counts(probe: Probe, order: Order, strict: Cut = (False, False)) -> Counts:
    tally = [0, 0]
    _search(key(probe.game()), -INF, INF, probe.depth, order, strict, tally)
    return Counts(tally[0], tally[1])


# -- The model's counts of the PROBES, shipped: computing them takes ~0.2 s of CPU, once
# per grading process that reaches Q17 (every complete notebook graded alone). Written by
# `python -m tools.pruning_counts write`; tests/test_pruning.py recomputes them with the
# model, which stays the source of truth (a probe not in the file is computed).
SHIPPED_COUNTS = Path(__file__).with_name("pruning_counts.json")


def count_name(order: Order, strict: Cut) -> str:
    """An order and cut rule as the shipped file names them: "0236 ns" (n: the annexes'
    non-strict cut, s: strict), max nodes first."""
    return "".join(map(str, order)) + " " + "".join("s" if s else "n" for s in strict)


def computed_counts(probe: Probe) -> dict[tuple[Order, Cut], Counts]:
    """The model's counts for every order of the probe's playable columns, each cut rule."""
    return {
        (order, strict): model_counts(probe, order, strict)
        for order in itertools.permutations(ref.colonnes_jouables(probe.game()))
        for strict in CUTS
    }


@functools.cache
def _shipped() -> dict[str, dict[str, list[int]]]:
    try:
        probes: dict[str, dict[str, list[int]]] = json.loads(SHIPPED_COUNTS.read_text("utf-8"))["probes"]
    except FileNotFoundError:  # a tree without the file: everything computed
        return {}
    return probes


@functools.cache
def _by_order(probe: Probe) -> dict[tuple[Order, Cut], Counts]:
    """The model's counts for every order of the probe's columns, each cut rule: shipped
    when the file has every one of them, else computed."""
    shipped = _shipped().get(probe.name, {})
    wanted = [
        (order, strict)
        for order in itertools.permutations(ref.colonnes_jouables(probe.game()))
        for strict in CUTS
    ]
    if len(shipped) != len(wanted) or any(count_name(*w) not in shipped for w in wanted):
        return computed_counts(probe)
    return {w: Counts(*shipped[count_name(*w)]) for w in wanted}


def orders_counts(probe: Probe) -> set[Counts]:
    """What the model does on `probe` under some order and cut rule."""
    return set(_by_order(probe).values())


def matching_order(measured: list[Counts], moves_only: bool = False) -> tuple[Order, Cut] | None:
    """An order of the 7 columns and a cut rule under which the model does what the
    student's search did on every probe (`measured[i]` for PROBES[i]), or None.
    `moves_only`: compare the moves played only (the search never calls the student's
    `heuristique`)."""
    tables = [_by_order(p) for p in PROBES]
    for order in itertools.permutations(range(ref.ncols)):
        for strict in CUTS:
            if all(
                _same(table[(_restricted(order, table), strict)], got, moves_only)
                for table, got in zip(tables, measured, strict=True)
            ):
                return order, strict
    return None


def _restricted(order: Order, table: dict[tuple[Order, Cut], Counts]) -> Order:
    playable = set(next(iter(table))[0])
    return tuple(c for c in order if c in playable)


def _same(model: Counts, got: Counts, moves_only: bool) -> bool:
    return model.moves == got.moves if moves_only else model.evaluations == got.evaluations
