"""Connect-4 positions for the checks: Hypothesis strategies, the submission's
representation, board drawing and cached reference values."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from grader.kit import ArrayValue, StudentFailure, StudentView
from reference import puissance4 as ref

INF = float("inf")

# What to do when a random move wins: stop before it, keep it and stop, or go on.
BEFORE_WIN, AT_WIN, IGNORE_WINS = "before", "at", "ignore"


def replay(choices: list[int], wins: str = BEFORE_WIN) -> dict:
    """The game reached by playing, for each choice c, the (c mod k)-th playable column.

    Every list of integers gives a legal game, and a shorter list a smaller one,
    which is what makes Hypothesis' shrinking produce small boards.
    """
    return replay_with_last(choices, wins)[0]


def replay_with_last(choices: list[int], wins: str = BEFORE_WIN) -> tuple[dict, tuple | None]:
    """`replay`, also giving the last move as (player, (i, col)), or None."""
    jeu = ref.init()
    last = None
    for choice in choices:
        colonnes = ref.colonnes_jouables(jeu)
        if not colonnes:
            break
        joueur = ref.prochain_joueur(jeu)
        col = colonnes[choice % len(colonnes)]
        coords = ref.jouer_colonne(jeu, joueur, col)
        if wins != IGNORE_WINS and ref.teste_gagnante(jeu, joueur, coords):
            if wins == BEFORE_WIN:
                ref.dejouer_colonne(jeu, col)
            else:
                last = (joueur, coords)
            break
        last = (joueur, coords)
    return jeu, last


def games(min_moves: int = 0, max_moves: int = 42, wins: str = BEFORE_WIN) -> st.SearchStrategy:
    """Legal games reached by random play (see `replay`)."""
    moves = st.lists(st.integers(0, 6), min_size=min_moves, max_size=max_moves)
    return moves.map(lambda choices: replay(choices, wins))


def games_with_last(min_moves: int = 1, wins: str = AT_WIN) -> st.SearchStrategy:
    """(game, (player, cell) of its last move); games with at least one move."""
    moves = st.lists(st.integers(0, 6), min_size=max(1, min_moves), max_size=42)
    return moves.map(lambda choices: replay_with_last(choices, wins))


def key(jeu: dict) -> tuple:
    """A hashable form of a game, for caching reference values."""
    return (jeu["nbcoups"], tuple(jeu["hauteurs"]), tuple(tuple(r) for r in jeu["plateau"]))


def from_key(k: tuple) -> dict:
    return {"nbcoups": k[0], "hauteurs": list(k[1]), "plateau": [list(r) for r in k[2]]}


@functools.lru_cache(maxsize=4096)
def search_value(k: tuple, n: int) -> tuple[Any, float]:
    """The reference's (column, value) of the player to move at horizon n."""
    jeu = from_key(k)
    search = ref.maximin if ref.prochain_joueur(jeu) == 1 else ref.minimax
    return search(jeu, n)


@functools.lru_cache(maxsize=4096)
def optimal_columns(k: tuple, n: int, immediate_win_required: bool = True) -> frozenset:
    """Columns reaching the root value; with `immediate_win_required`, only the
    immediately winning ones when there are some (maximin/minimax always return one,
    alpha-beta may legitimately cut on an earlier column worth the same infinity)."""
    return frozenset(ref.colonnes_optimales(from_key(k), n, immediate_win_required))


def sheet_games() -> dict[str, dict]:
    return {"jeu1": ref.jeu1(), "jeu2": ref.jeu2(), "jeu3": ref.jeu3(), "jeu5": ref.jeu5()}


@dataclass(frozen=True)
class Representation:
    """How the submission stores a game, learnt from its own `init()`."""

    plateau_dtype: str | None = None
    """numpy dtype of `plateau`, or None for lists of lists."""
    hauteurs_dtype: str | None = None

    def to_student(self, jeu: dict) -> dict:
        plateau: Any = [list(r) for r in jeu["plateau"]]
        hauteurs: Any = list(jeu["hauteurs"])
        if self.plateau_dtype:
            plateau = ArrayValue(plateau, self.plateau_dtype)
        if self.hauteurs_dtype:
            hauteurs = ArrayValue(hauteurs, self.hauteurs_dtype)
        return {"nbcoups": jeu["nbcoups"], "hauteurs": hauteurs, "plateau": plateau}


@dataclass
class SubmissionState:
    representation: Representation
    own_games: dict[str, dict]
    """Valid, not won, games the submission defines itself (jeu2..jeu5...)."""


def to_student(state: SubmissionState, jeu: dict) -> dict:
    """A reference game in the submission's own representation."""
    return state.representation.to_student(jeu)


def prepare(view: StudentView) -> SubmissionState:
    representation = Representation()
    if view.has("init"):
        try:
            empty = view.call("init", budget=5).value
            if isinstance(empty, dict):
                representation = Representation(
                    getattr(empty.get("plateau"), "dtype", None) or None,
                    getattr(empty.get("hauteurs"), "dtype", None) or None)
        except StudentFailure:
            pass
    own = {}
    for name in ("jeu2", "jeu3", "jeu4", "jeu5", "jeu6"):
        if view.defined.get(name) == "value":
            try:
                jeu = normalise(view.get(name))
            except StudentFailure:
                continue
            if jeu is not None and ref.gagnant(jeu) == 0 and ref.colonnes_jouables(jeu):
                own[name] = jeu
    return SubmissionState(representation, own)


def normalise(value: Any) -> dict | None:
    """A game the submission defined, as reference data, if it is a legal position."""
    if not isinstance(value, dict):
        return None
    try:
        plateau = [[int(c) for c in row] for row in value["plateau"]]
        hauteurs = [int(h) for h in value["hauteurs"]]
        nbcoups = int(value["nbcoups"])
    except (KeyError, TypeError, ValueError):
        return None
    if len(plateau) != 6 or any(len(r) != 7 for r in plateau) or len(hauteurs) != 7:
        return None
    for j in range(7):
        column = [plateau[i][j] for i in range(5, -1, -1)]
        filled = sum(1 for c in column if c)
        if filled != hauteurs[j] or any(column[k] == 0 for k in range(filled)):
            return None
        if any(c not in (0, 1, 2) for c in column):
            return None
    ones = sum(r.count(1) for r in plateau)
    twos = sum(r.count(2) for r in plateau)
    if nbcoups != ones + twos or ones - twos not in (0, 1):
        return None
    return {"nbcoups": nbcoups, "hauteurs": hauteurs, "plateau": plateau}

