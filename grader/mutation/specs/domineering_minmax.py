"""The mutation inputs of the course page "Algorithme min-max" (domineering 4 x 4): its calls, its questions
and the answers it accepts (`grader.mutation.inputs.ExerciseSpec`)."""

from __future__ import annotations

import itertools
import random
from typing import Any

from ..differential import Call, Fn
from ..inputs import ExerciseSpec, with_value


def _dm_boards(ref: Any, rng: random.Random, count: int) -> list[list[Any]]:
    boards = []
    for _ in range(count):
        v = [[ref.EMPTY] * ref.N for _ in range(ref.N)]
        for _ in range(rng.randint(0, 8)):
            joueur = rng.randint(0, 1)
            if not ref.coups(v, joueur):
                joueur = 1 - joueur
            moves = ref.coups(v, joueur)
            if moves:
                v = ref.jouer(v, rng.choice(moves), joueur)
        boards.append(v)
    return boards


def _dm_calls(ref: Any, rng: random.Random) -> list[Call]:
    calls = []
    stuck = [
        [list(r) for r in b]
        for b in (
            ((-1, -1, 0, 1), (0, 1, 0, 1), (-1, -1, 0, 1), (0, 1, 0, 1)),
            ((-1, 0, -1, 0), (-1, 1, -1, 1), (0, 1, 0, 1), (0, 1, 0, 1)),
            ((-1, 0, -1, 0), (0, 1, 0, 1), (-1, 0, -1, 0), (0, 1, 0, 1)),
        )
    ]
    boards = [ref.plateau_cours(), [[-1] * 4 for _ in range(4)]] + stuck + _dm_boards(ref, rng, 150)
    for v in boards:
        calls.append(Call("h", (v,)))
        for j in (0, 1):
            calls += [Call("s", (v, j)), Call("coups", (v, j))]
    searchable = [v for v in boards if sum(c == -1 for row in v for c in row) <= 12]
    for v in searchable[:60]:
        for j in (0, 1):
            for p in (0, 1, 2, 3):
                calls.append(Call("minmax", (Fn("s"), Fn("h"), v, p, j)))
            if ref.coups(v, j):
                calls.append(Call("jeu", (Fn("s"), Fn("h"), v, rng.randint(1, 3), j)))
    return calls


def _dm_jeu(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    """Another game that optimal play may give: each board an optimal successor."""
    _, _, v, p, joueur = call.args
    try:
        boards, winner = got
        if ref.key(boards[0]) != ref.key(v) or winner not in ref.gagnants_possibles(v, p, joueur):
            return False
        who = joueur
        for before, after in itertools.pairwise(boards):
            if ref.key(after) not in {ref.key(u) for u in ref.successeurs_optimaux(before, p, who)}:
                return False
            who = 1 - who
        return not ref.s(boards[-1], who)
    except (TypeError, ValueError, IndexError):
        return False


def _dm_s(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    try:
        return sorted(map(ref.key, expected)) == sorted(map(ref.key, got))
    except (TypeError, ValueError):
        return False


# The reference returns what the page's `jeu` draws and prints; the grader reads what a
# student's `jeu` prints and the boards it gives `affiche`. This shim (the same for
# the reference and every mutant) does that, so that the reference gets 20/20.
DM_SHIM = '''

def affiche(v: Any) -> Any:
    return dessin(v)


_jeu_sans_dessin = jeu


def jeu(s: Any, h: Any, v: Any, p: Any, joueur: Any) -> Any:
    boards, gagnant = _jeu_sans_dessin(s, h, v, p, joueur)
    for w in boards:
        affiche(w)
    print(f"Joueur {gagnant} a gagné")
'''

SPEC = ExerciseSpec(
    "domineering-minmax",
    {"h": "Q1", "s": "Q2", "minmax": "Q3", "jeu": "Q4"},
    # minmax_coup is the page's second `minmax`; in the reference only `jeu` calls it
    # (`minmax` is the value form, which Q3 checks), so it is judged through `jeu`.
    helpers={"coups", "jouer", "N", "EMPTY", "minmax_coup"},
    build_calls=_dm_calls,
    comparators={"s": with_value(_dm_s), "jeu": with_value(_dm_jeu)},
    shim=DM_SHIM,
)
