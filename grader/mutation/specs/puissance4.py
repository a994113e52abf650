"""The mutation inputs of TD10 "Algorithme MinMax" (puissance 4): its calls, its questions
and the answers it accepts (`grader.mutation.inputs.ExerciseSpec`)."""

from __future__ import annotations

import random
from typing import Any

from ..differential import Call, Outcome, equal
from ..inputs import INF, ExerciseSpec, unordered, with_value


def _p4_games(ref: Any, rng: random.Random, count: int, stop_at_win: bool) -> list[list[int]]:
    """Column lists of legal games, random lengths; stopped at the first win (kept) or
    avoiding wins (`stop_at_win=False`: a winning move is replaced when possible)."""
    games = []
    for _ in range(count):
        jeu, cols = ref.init(), list[int]()
        target = rng.choice([rng.randint(0, 42), rng.randint(20, 42), rng.randint(0, 14)])
        while len(cols) < target and ref.colonnes_jouables(jeu):
            options = ref.colonnes_jouables(jeu)
            if not stop_at_win:
                safe = [c for c in options if not ref._gagne_en(jeu, c)]
                if not safe:
                    break
                options = safe
            col = rng.choice(options)
            coords = ref.jouer_colonne(jeu, ref.prochain_joueur(jeu), col)
            cols.append(col)
            if ref.teste_gagnante(jeu, jeu['plateau'][coords[0]][col], coords):
                break
        games.append(cols)
    return games


def _p4_structural(base: Any) -> list[list[int]]:
    """`base`: the reference module (its sheet positions and its full drawn game)."""
    full = base.PARTIE_NULLE
    # Empty, the sheet's boards, full, nearly full, one column full, player 2 to move.
    return [
        [],
        [3],
        base.L1,
        base.L1 + [1, 1],
        base.L1 + [1, 6, 1],
        full,
        full[:-1],
        full[:-2],
        full[:-3],
        full[:-6],
        [0] * 6,
        [0] * 6 + [6] * 5,
        [6] * 6 + [0] * 6,
        [3, 3, 3, 3, 3],
    ]


def _p4_calls(ref: Any, rng: random.Random) -> list[Call]:
    calls = [
        Call(name, value=True)
        for name in ("nrows", "ncols", "Lalignements", "Dalignements", "nb_alignements_potentiels")
    ]
    calls.append(Call("init"))
    won = _p4_games(ref, rng, 120, stop_at_win=True)
    quiet = _p4_games(ref, rng, 60, stop_at_win=False)
    positions = _p4_structural(ref) + won + quiet
    for cols in positions:
        jeu = ref.initialiser_jeu(cols)
        calls += [
            Call("copie", (jeu,)),
            Call("prochain_joueur", (jeu,)),
            Call("colonnes_jouables", (jeu,)),
            Call("initialiser_jeu", (cols,)),
            Call("heuristique", (jeu,)),
        ]
        joueur = ref.prochain_joueur(jeu)
        for col in range(7):  # every column: legal, full, and the wrong player
            calls.append(Call("jouer_colonne", (jeu, joueur, col)))
        calls.append(Call("jouer_colonne", (jeu, 3 - joueur, rng.randrange(7))))
        if cols:
            last = cols[-1]
            before = ref.initialiser_jeu(cols[:-1])
            i = ref.jouer_colonne(before, 3 - joueur, last)[0]
            calls.append(Call("dejouer_colonne", (jeu, last)))
            calls.append(Call("teste_gagnante", (jeu, 3 - joueur, (i, last))))
            calls.append(Call("teste_gagnante", (jeu, joueur, (i, last))))
        alignments = rng.sample(ref.Lalignements, 8) if rng.random() < 0.8 else ref.Lalignements
        for a in alignments:
            calls.append(Call("evaluer", (jeu, a)))
    # Searches: nobody has won, the function of the player to move (the sheet's domain).
    searchable = [cols for cols in _p4_structural(ref) + quiet if ref.gagnant(ref.initialiser_jeu(cols)) == 0]
    rng.shuffle(searchable)
    for cols in searchable[:36]:
        jeu = ref.initialiser_jeu(cols)
        player1 = ref.prochain_joueur(jeu) == 1
        plain_fn = "maximin" if player1 else "minimax"
        ab_fn = "maximin_alpha_beta" if player1 else "minimax_alpha_beta"
        depths = [0, 1, 2, 3] if len(cols) > 28 or rng.random() < 0.25 else [0, 1, 2]
        for n in depths:
            calls.append(Call(plain_fn, (jeu, n)))
            calls.append(Call(ab_fn, (jeu, -INF, INF, n), count="heuristique"))
        for _ in range(2):  # narrower windows: the bound property
            a, b = sorted(rng.sample(range(-30, 31), 2))
            calls.append(Call(ab_fn, (jeu, a, b, 2)))
    return calls


def _p4_search(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    """The reference's value, and an optimal column (None too when every move loses).
    In a narrow window alpha-beta's answer is a bound (`_p4_window_bound`)."""
    if not (isinstance(got, (tuple, list)) and len(got) == 2):
        return False
    if len(call.args) == 4 and (call.args[1], call.args[2]) != (-INF, INF):
        return _p4_window_bound(ref, call, got[1])
    jeu, n = call.args[0], call.args[-1]
    if got[1] != expected[1] or n == 0:
        return False
    ab = len(call.args) == 4
    allowed = ref.colonnes_optimales(jeu, n, gain_immediat_requis=not ab)
    losing = expected[1] == (-INF if ref.prochain_joueur(jeu) == 1 else INF)
    return got[0] in allowed or (losing and got[0] is None)


def _p4_window_bound(ref: Any, call: Call, got: Any) -> bool:
    """What a right alpha-beta may return in ]alpha, beta[, fail-soft or fail-hard: the
    value v inside; v <= r <= alpha when v <= alpha; beta <= r <= v when v >= beta. The
    column is not judged (none is defined when the value leaves the window)."""
    jeu, alpha, beta, n = call.args
    v = (ref.maximin if ref.prochain_joueur(jeu) == 1 else ref.minimax)(ref.copie(jeu), n)[1]
    low, high = (v, alpha) if v <= alpha else (beta, v) if v >= beta else (v, v)
    return isinstance(got, (int, float)) and low <= got <= high


def _p4_strict_cut_count(
    ref: Any, jeu: Any, alpha: Any, beta: Any, n: Any, strict_max: bool, strict_min: bool
) -> int:
    """heuristique calls of the annexes' alpha-beta cutting on a strict inequality in
    maximin (`strict_max`) or minimax (`strict_min`): an accepted answer (docs/explanation/mutation.md),
    written here apart from the grader's model (exercises/puissance4/pruning.py)."""
    count = 0

    def search(jeu: Any, alpha: Any, beta: Any, n: Any) -> Any:
        nonlocal count
        player, cols = ref.prochain_joueur(jeu), ref.colonnes_jouables(jeu)
        if n == 0 or not cols:
            count += 1
            return ref.heuristique(jeu)
        best = -INF if player == 1 else INF
        for col in cols:
            child = ref.copie(jeu)
            if ref.teste_gagnante(child, player, ref.jouer_colonne(child, player, col)):
                return INF if player == 1 else -INF
            value = search(child, alpha, beta, n - 1)
            if player == 1:
                best = max(best, value)
                if best > beta or (best == beta and not strict_max):
                    break
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                if best < alpha or (best == alpha and not strict_min):
                    break
                beta = min(beta, best)
        return best

    search(ref.copie(jeu), alpha, beta, n)
    return count


def _p4_alignments(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    def norm(x: Any) -> Any:
        try:
            return sorted(sorted(frozenset(map(tuple, a))) for a in x)
        except TypeError:
            return None

    if call.func == "Lalignements":
        return norm(expected) is not None and norm(expected) == norm(got)
    try:  # Dalignements: each cell's alignments as a set
        return expected.keys() == got.keys() and all(norm(expected[k]) == norm(got[k]) for k in expected)
    except AttributeError:
        return False


def _p4_ab(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    return _p4_search(ref, call, expected, got)


def _p4_ab_compare(ref: Any, call: Call, expected: Outcome, got: Outcome) -> str:
    """Alpha-beta: another optimal column is accepted, and in a narrow window any valid
    bound; so is the number of evaluations of the annexes' algorithm cutting on a strict
    inequality (the grader accepts every order of the columns; mutants keep the sheet's)."""
    if equal(expected, got):
        return "same"
    if expected.kind != got.kind or not equal(expected.args_after, got.args_after):
        return "differs"
    if not equal(expected.shared, got.shared):
        return "differs"
    strict_cuts = ((True, True), (True, False), (False, True))
    if expected.count != got.count and all(
        got.count != _p4_strict_cut_count(ref, *call.args, *cut)  # type: ignore[call-arg]  # (jeu, alpha, beta, n)
        for cut in strict_cuts
    ):
        return "differs"
    if equal(expected.value, got.value) or _p4_search(ref, call, expected.value, got.value):
        return "alternative"
    return "differs"


P4_QUESTIONS = {
    "nrows": "Q1",
    "ncols": "Q1",
    "init": "Q2",
    "copie": "Q3",
    "prochain_joueur": "Q4",
    "colonnes_jouables": "Q5",
    "jouer_colonne": "Q6",
    "dejouer_colonne": "Q7",
    "initialiser_jeu": "Q8",
    "Lalignements": "Q9",
    "Dalignements": "Q10",
    "evaluer": "Q11",
    "teste_gagnante": "Q12",
    "nb_alignements_potentiels": "Q13",
    "heuristique": "Q14",
    "maximin": "Q15",
    "minimax": "Q15",
    "maximin_alpha_beta": "Q17",
    "minimax_alpha_beta": "Q17",
}

SPEC = ExerciseSpec(
    "puissance4",
    P4_QUESTIONS,
    helpers={"vecteurs_deplacements", "translation", "_sur_plateau", "signe", "gagnant"},
    build_calls=_p4_calls,
    comparators={
        "colonnes_jouables": unordered,
        "Lalignements": with_value(_p4_alignments),
        "Dalignements": with_value(_p4_alignments),
        "maximin": with_value(_p4_search),
        "minimax": with_value(_p4_search),
        "maximin_alpha_beta": _p4_ab_compare,
        "minimax_alpha_beta": _p4_ab_compare,
    },
)
