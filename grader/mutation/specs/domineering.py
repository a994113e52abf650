"""The mutation inputs of the TP "Jeu du domineering": its calls, its questions
and the answers it accepts (`grader.mutation.inputs.ExerciseSpec`)."""

from __future__ import annotations

import random
from typing import Any

from ..differential import Call, Fn
from ..inputs import INF, ExerciseSpec, unordered, with_value


def _dom_positions(
    ref: Any, rng: random.Random, count: int, max_side: int = 6
) -> list[tuple[list[Any], int]]:
    out = []
    for _ in range(count):
        n, p = rng.randint(1, max_side), rng.randint(1, max_side)
        choix = [rng.randrange(100) for _ in range(rng.randint(0, n * p // 2 + 1))]
        out.append(ref.rejouer(n, p, choix))
    return out


def _dom_calls(ref: Any, rng: random.Random) -> list[Call]:
    calls = [Call("grille_vide", (n, p)) for n in range(1, 7) for p in range(1, 7)]
    structural = [(ref.grille_vide(n, p), 0) for n, p in ((1, 4), (4, 1), (2, 2), (3, 4), (1, 1), (5, 5))]
    positions = structural + _dom_positions(ref, rng, 150)
    for v, _joueur in positions:
        for j in (0, 1):
            calls.append(Call("coups_possibles", (v, j)))
            moves = ref.coups_possibles(v, j)
            if moves:
                calls.append(Call("strategie_aleatoire", (v, j), seed=rng.randrange(1000)))
                for i, jj in rng.sample(moves, min(3, len(moves))):
                    calls.append(Call("placer", (v, i, jj, j)))
                    after = ref.copie(v)
                    ref.placer(after, i, jj, j)
                    calls.append(Call("retirer", (after, i, jj, j)))
        calls.append(Call("h1", (v,)))
    for n, p in ((3, 4), (4, 4), (2, 5), (5, 3), (1, 3), (3, 1), (1, 1), (2, 2), (6, 6)):
        for s0, s1 in (
            ("premier_coup", "dernier_coup"),
            ("dernier_coup", "premier_coup"),
            ("strategie_aleatoire", "strategie_aleatoire"),
            ("premier_coup", "strategie_aleatoire"),
        ):
            calls.append(Call("jeu", (Fn(s0), Fn(s1), n, p), seed=rng.randrange(1000)))
        calls.append(
            Call(
                "statistiques",
                (Fn("strategie_aleatoire"), Fn("strategie_aleatoire"), n, p, 7),
                seed=rng.randrange(1000),
            )
        )
        calls.append(Call("statistiques", (Fn("premier_coup"), Fn("dernier_coup"), n, p, 3)))
    small = [
        (v, j) for v, j in _dom_positions(ref, rng, 120, 5) if sum(c == -1 for row in v for c in row) <= 14
    ]
    searches = structural[:4] + small[:50]
    for v, joueur in searches:
        empty = sum(c == -1 for row in v for c in row)
        for j in (joueur, 1 - joueur):
            for prof in [0, 1, 2, 3] if empty <= 12 else [0, 1, 2]:
                calls.append(Call("minmax", (v, j, prof, Fn("h1"))))
            calls.append(Call("minmax", (v, j, 2, Fn("h_poids"))))
            calls.append(Call("strategie_minmax", (v, j)))
    return calls


def _dom_optimal(ref: Any, v: Any, joueur: Any, prof: Any, h: Any, got_move: Any) -> bool:
    allowed = {tuple(m) for m in ref.coups_optimaux(ref.copie(v), joueur, prof, h)}
    try:
        return got_move is None or tuple(got_move) in allowed
    except TypeError:
        return False


def _dom_minmax(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    v, joueur, prof, h = call.args
    if not (isinstance(got, tuple) and len(got) == 2) or got[0] != expected[0] or prof == 0:
        return False
    h = getattr(ref, h.name)
    losing = expected[0] == (-INF if joueur == 0 else INF)
    if got[1] is None:
        return bool(losing)
    return _dom_optimal(ref, v, joueur, prof, h, got[1])


def _dom_strategie_minmax(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    v, joueur = call.args
    if got is None:
        return False
    # Either reading of h1 when nobody can move is accepted (docs: decisions).
    return any(_dom_optimal(ref, v, joueur, 2, h, got) for h in (ref.h1, ref.h1_bloque_1))


def _dom_h1(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    v = call.args[0]
    stuck = not ref.coups_possibles(v, 0) and not ref.coups_possibles(v, 1)
    return stuck and got == INF  # the sheet's sentence allows testing player 1 first


SPEC = ExerciseSpec(
    "domineering",
    {
        "grille_vide": "Q1",
        "coups_possibles": "Q2",
        "strategie_aleatoire": "Q3",
        "placer": "Q4",
        "retirer": "Q5",
        "jeu": "Q6",
        "statistiques": "Q7",
        "h1": "Q8",
        "minmax": "Q9",
        "strategie_minmax": "Q10",
    },
    helpers=set(),
    build_calls=_dom_calls,
    comparators={
        "coups_possibles": unordered,
        "minmax": with_value(_dom_minmax),
        "strategie_minmax": with_value(_dom_strategie_minmax),
        "h1": with_value(_dom_h1),
    },
)
