"""Per exercise: what to mutate, which question each name belongs to, the calls that
decide whether a mutant changed behaviour, and which different answers the sheet
accepts (comparators).

The calls are built here from the reference's own game functions (legal random play
plus structural positions: empty, full, nearly full, each player to move), with a
seeded `random.Random`, independently of the grader's checks and of Hypothesis.
"""

from __future__ import annotations

import itertools
import random
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .differential import Call, Comparator, Fn, Outcome, equal

ROOT = Path(__file__).resolve().parents[2]
INF = float("inf")


@dataclass
class ExerciseSpec:
    id: str
    module: str
    """File name under reference/."""
    questions: dict[str, str]
    """Graded name -> question id (docs/reference/exercises/<td>.md)."""
    helpers: set[str]
    """Mutated names no check calls directly; a mutant there counts on the questions of
    the graded functions whose behaviour it changes."""
    build_calls: Callable[[types.ModuleType, random.Random], list[Call]]
    comparators: dict[str, Comparator] = field(default_factory=dict)
    shim: str = ""
    """Appended to every submission (mutants and the reference alike): adapts the
    reference to the names the grader expects. Empty for most exercises."""

    @property
    def source(self) -> str:
        return (ROOT / "reference" / self.module).read_text("utf-8")

    @property
    def mutated_names(self) -> set[str]:
        return set(self.questions) | self.helpers


# -- comparators shared by several exercises -------------------------------------------
def _same_but_value(expected: Outcome, got: Outcome) -> bool:
    """Everything but the returned value is identical."""
    return expected.kind == got.kind == "value" and all(
        equal(getattr(expected, f), getattr(got, f)) for f in ("args_after", "globals_after", "count")
    )


def _with_value(judge_value: Callable) -> Comparator:
    """A comparator that only relaxes the value: `judge_value(ref, call, expected, got)`
    says whether a different value is an accepted answer."""

    def compare(ref, call, expected, got):
        if equal(expected, got):
            return "same"
        if _same_but_value(expected, got) and judge_value(ref, call, expected.value, got.value):
            return "alternative"
        return "differs"

    return compare


def _as_cells(x) -> frozenset | None:
    try:
        cells = [tuple(c) for c in x]
    except TypeError:
        return None
    return frozenset(cells) if len(set(cells)) == len(cells) else None


unordered = _with_value(lambda ref, call, e, g: _as_cells(e) is not None and _as_cells(e) == _as_cells(g))
"""Same elements, another order: the sheet fixes no order (the grader compares sets)."""


# -- puissance4 ----------------------------------------------------------------------
def _p4_games(ref, rng: random.Random, count: int, stop_at_win: bool) -> list[list[int]]:
    """Column lists of legal games, random lengths; stopped at the first win (kept) or
    avoiding wins (`stop_at_win=False`: a winning move is replaced when possible)."""
    games = []
    for _ in range(count):
        jeu, cols = ref.init(), []
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


def _p4_structural() -> list[list[int]]:
    from reference import puissance4 as base

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


def _p4_calls(ref, rng: random.Random) -> list[Call]:
    calls = [
        Call(name, value=True)
        for name in ("nrows", "ncols", "Lalignements", "Dalignements", "nb_alignements_potentiels")
    ]
    calls.append(Call("init"))
    won = _p4_games(ref, rng, 120, stop_at_win=True)
    quiet = _p4_games(ref, rng, 60, stop_at_win=False)
    positions = _p4_structural() + won + quiet
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
    searchable = [cols for cols in _p4_structural() + quiet if ref.gagnant(ref.initialiser_jeu(cols)) == 0]
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


def _p4_search(ref, call, expected, got) -> bool:
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


def _p4_window_bound(ref, call, got) -> bool:
    """What a right alpha-beta may return in ]alpha, beta[, fail-soft or fail-hard: the
    value v inside; v <= r <= alpha when v <= alpha; beta <= r <= v when v >= beta. The
    column is not judged (none is defined when the value leaves the window)."""
    jeu, alpha, beta, n = call.args
    v = (ref.maximin if ref.prochain_joueur(jeu) == 1 else ref.minimax)(ref.copie(jeu), n)[1]
    low, high = (v, alpha) if v <= alpha else (beta, v) if v >= beta else (v, v)
    return isinstance(got, (int, float)) and low <= got <= high


def _p4_strict_cut_count(ref, jeu, alpha, beta, n, strict_max: bool, strict_min: bool) -> int:
    """heuristique calls of the annexes' alpha-beta cutting on a strict inequality in
    maximin (`strict_max`) or minimax (`strict_min`): an accepted answer (docs/explanation/mutation.md),
    written here apart from the grader's model (exercises/puissance4/pruning.py)."""
    count = 0

    def search(jeu, alpha, beta, n):
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


def _p4_alignments(ref, call, expected, got) -> bool:
    def norm(x):
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


def _p4_ab(ref, call, expected, got) -> bool:
    return _p4_search(ref, call, expected, got)


def _p4_ab_compare(ref, call, expected: Outcome, got: Outcome) -> str:
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
        got.count != _p4_strict_cut_count(ref, *call.args, *cut) for cut in strict_cuts
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

PUISSANCE4 = ExerciseSpec(
    "puissance4",
    "puissance4.py",
    P4_QUESTIONS,
    helpers={"vecteurs_deplacements", "translation", "_sur_plateau", "signe", "gagnant"},
    build_calls=_p4_calls,
    comparators={
        "colonnes_jouables": unordered,
        "Lalignements": _with_value(_p4_alignments),
        "Dalignements": _with_value(_p4_alignments),
        "maximin": _with_value(_p4_search),
        "minimax": _with_value(_p4_search),
        "maximin_alpha_beta": _p4_ab_compare,
        "minimax_alpha_beta": _p4_ab_compare,
    },
)


# -- domineering (TP) ------------------------------------------------------------------
def _dom_positions(ref, rng: random.Random, count: int, max_side: int = 6) -> list[tuple[list, int]]:
    out = []
    for _ in range(count):
        n, p = rng.randint(1, max_side), rng.randint(1, max_side)
        choix = [rng.randrange(100) for _ in range(rng.randint(0, n * p // 2 + 1))]
        out.append(ref.rejouer(n, p, choix))
    return out


def _dom_calls(ref, rng: random.Random) -> list[Call]:
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


def _dom_optimal(ref, v, joueur, prof, h, got_move) -> bool:
    allowed = {tuple(m) for m in ref.coups_optimaux(ref.copie(v), joueur, prof, h)}
    try:
        return got_move is None or tuple(got_move) in allowed
    except TypeError:
        return False


def _dom_minmax(ref, call, expected, got) -> bool:
    v, joueur, prof, h = call.args
    if not (isinstance(got, tuple) and len(got) == 2) or got[0] != expected[0] or prof == 0:
        return False
    h = getattr(ref, h.name)
    losing = expected[0] == (-INF if joueur == 0 else INF)
    if got[1] is None:
        return losing
    return _dom_optimal(ref, v, joueur, prof, h, got[1])


def _dom_strategie_minmax(ref, call, expected, got) -> bool:
    v, joueur = call.args
    if got is None:
        return False
    # Either reading of h1 when nobody can move is accepted (docs: decisions).
    return any(_dom_optimal(ref, v, joueur, 2, h, got) for h in (ref.h1, ref.h1_bloque_1))


def _dom_h1(ref, call, expected, got) -> bool:
    v = call.args[0]
    stuck = not ref.coups_possibles(v, 0) and not ref.coups_possibles(v, 1)
    return stuck and got == INF  # the sheet's sentence allows testing player 1 first


DOMINEERING = ExerciseSpec(
    "domineering",
    "domineering.py",
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
        "minmax": _with_value(_dom_minmax),
        "strategie_minmax": _with_value(_dom_strategie_minmax),
        "h1": _with_value(_dom_h1),
    },
)


# -- domineering-minmax (course page) ----------------------------------------------------
def _dm_boards(ref, rng: random.Random, count: int) -> list[list]:
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


def _dm_calls(ref, rng: random.Random) -> list[Call]:
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


def _dm_jeu(ref, call, expected, got) -> bool:
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


def _dm_s(ref, call, expected, got) -> bool:
    try:
        return sorted(map(ref.key, expected)) == sorted(map(ref.key, got))
    except (TypeError, ValueError):
        return False


# The reference returns what the page's `jeu` draws and prints; the grader reads what a
# student's `jeu` prints and the boards it gives `affiche`. This shim (the same for
# the reference and every mutant) does that, so that the reference gets 20/20.
DM_SHIM = '''

def affiche(v):
    return dessin(v)


_jeu_sans_dessin = jeu


def jeu(s, h, v, p, joueur):
    boards, gagnant = _jeu_sans_dessin(s, h, v, p, joueur)
    for w in boards:
        affiche(w)
    print(f"Joueur {gagnant} a gagné")
'''

DOMINEERING_MINMAX = ExerciseSpec(
    "domineering-minmax",
    "domineering_minmax.py",
    {"h": "Q1", "s": "Q2", "minmax": "Q3", "jeu": "Q4"},
    # minmax_coup is the page's second `minmax`; in the reference only `jeu` calls it
    # (`minmax` is the value form, which Q3 checks), so it is judged through `jeu`.
    helpers={"coups", "jouer", "N", "EMPTY", "minmax_coup"},
    build_calls=_dm_calls,
    comparators={"s": _with_value(_dm_s), "jeu": _with_value(_dm_jeu)},
    shim=DM_SHIM,
)


# -- morpion -------------------------------------------------------------------------
def _mo_games(ref, rng: random.Random, count: int, stop_at_win: bool) -> list[tuple[list, int]]:
    """(state, player to move) after legal random play, either player starting."""
    out = []
    for _ in range(count):
        state = [[0] * 3 for _ in range(3)]
        player = rng.choice((-1, 1))
        for _ in range(rng.randint(0, 9)):
            cells = ref.empty_cells(state)
            if not cells or ref.game_over(state):
                break
            if not stop_at_win:
                safe = [c for c in cells if not ref.wins(ref._played(state, c[0], c[1], player), player)]
                if not safe:
                    break
                cells = safe
            x, y = rng.choice(cells)
            state[x][y] = player
            player = -player
        out.append((state, player))
    return out


def _mo_calls(ref, rng: random.Random) -> list[Call]:
    calls = []
    empty = [[0] * 3 for _ in range(3)]
    full_draw = [[1, -1, 1], [1, -1, -1], [-1, 1, 1]]
    lines = []
    for line in ref.LINES:  # each line completed by each player
        for holder in (1, -1):
            state = [[0] * 3 for _ in range(3)]
            for x, y in line:
                state[x][y] = holder
            others = list(ref.empty_cells(state))[:2]
            for x, y in others:
                state[x][y] = -holder
            lines.append((state, -holder))
    positions = [(empty, 1), (empty, -1), (full_draw, 1)] + lines + _mo_games(ref, rng, 200, True)
    for state, player in positions:
        calls += [
            Call("wins", (state, 1)),
            Call("wins", (state, -1)),
            Call("evaluate", (state,)),
            Call("game_over", (state,)),
            Call("empty_cells", (state,)),
        ]
        for x in range(3):
            for y in range(3):
                calls.append(Call("valid_move", (x, y), set_globals={"board": state}, watch=("board",)))
                calls.append(Call("set_move", (x, y, player), set_globals={"board": state}, watch=("board",)))
    quiet = [(s, p) for s, p in _mo_games(ref, rng, 200, False) if not ref.game_over(s)]
    searches = [(s, p) for s, p in quiet if 1 <= len(ref.empty_cells(s)) <= 7][:50]
    searches += [(s, p) for s, p in lines[:8]] + [(full_draw, 1)]
    searches += [(s, p) for s, p in quiet if len(ref.empty_cells(s)) == 8][:2]
    for state, player in searches:
        calls.append(Call("minimax", (state, len(ref.empty_cells(state)), player)))
    return calls


def _mo_minimax(ref, call, expected, got) -> bool:
    state, _, player = call.args
    if not (isinstance(got, list) and len(got) == 3) or got[2] != expected[2]:
        return False
    if expected[:2] == [-1, -1]:
        return False  # a leaf: [-1, -1, score] is the answer
    return (got[0], got[1]) in ref.optimal_moves(state, player)


def _mo_game_over(ref, call, expected, got) -> bool:
    state = call.args[0]
    return not ref.empty_cells(state) and expected is False and got is True  # decision: full = over


def _mo_truth(ref, call, expected, got) -> bool:
    """True/False, 1/0, or None for False (docs/reference/exercises/morpion.md: decisions)."""
    if not isinstance(expected, bool) or not (got is None or type(got) in (bool, int)):
        return False
    return bool(got) == expected and (got is not None or expected is False)


MORPION = ExerciseSpec(
    "morpion",
    "morpion.py",
    {
        "wins": "Q1",
        "evaluate": "Q2",
        "game_over": "Q3",
        "empty_cells": "Q4",
        "valid_move": "Q5",
        "set_move": "Q5",
        "minimax": "Q6",
    },
    helpers={"HUMAN", "COMP"},
    build_calls=_mo_calls,
    comparators={
        "empty_cells": unordered,
        "minimax": _with_value(_mo_minimax),
        "game_over": _with_value(lambda *a: _mo_game_over(*a) or _mo_truth(*a)),
        "wins": _with_value(_mo_truth),
        "valid_move": _with_value(_mo_truth),
        "set_move": _with_value(_mo_truth),
    },
)


# -- chocolat ------------------------------------------------------------------------
def _ch_calls(ref, rng: random.Random) -> list[Call]:
    calls = []
    for m in range(1, 8):
        for n in range(1, 8):
            for p in (1, 2):
                calls.append(Call("minimax_rec", ({}, m, n, p)))
            calls.append(Call("minimax", (m, n)))
    calls.append(Call("minimax_rec", ({}, 5, 7, 1), count="minimax_rec"))
    # A dictionary already holding states (the memo the sheet passes along).
    dic = {}
    ref.minimax_rec(dic, 4, 3, 1)
    calls.append(Call("minimax_rec", (dic, 6, 5, 1)))
    calls += [
        Call("minimax_rec", ({}, 30, 30, 1)),
        Call("minimax", (30, 30)),
        Call("minimax_rec", ({}, 25, 12, 2)),
    ]
    return calls


def _ch_normal(entry, state, reduit_m):
    """(winner, move) with the move replaced by what the sheet asks: in a winning state
    the bar it leaves (must be a square), in a losing state anything ('*')."""
    m, n, p = state
    try:
        winner, move = entry
    except (TypeError, ValueError):
        return ("bad", repr(entry))
    if winner != p:
        return (winner, "*")
    try:
        d, k = move
        left = (m - k, n) if d == reduit_m else (m, n - k)
    except (TypeError, ValueError):
        return (winner, ("bad", repr(move)))
    ok = k >= 1 and left[0] >= 1 and left[1] >= 1 and left[0] == left[1]
    return (winner, "square" if ok else ("bad", left))


def _ch_compare(ref, call, expected: Outcome, got: Outcome) -> str:
    """The winners exactly; in winning states a move leaving a square bar (with `d` read
    either way, since the sheet lets the student choose its encoding); losing states'
    moves are free."""
    if equal(expected, got):
        return "same"
    if expected.kind != got.kind or expected.kind != "value" or not equal(expected.count, got.count):
        return "differs"

    def normal(outcome: Outcome, reduit_m):
        if call.func == "minimax_rec":
            dic, m, n, p = outcome.args_after
            value = _ch_normal(outcome.value, (m, n, p), reduit_m)
        else:
            dic, value = outcome.value, None
        if not isinstance(dic, dict):
            return ("bad", value)
        return value, {
            k: _ch_normal(v, k, reduit_m) if isinstance(k, tuple) and len(k) == 3 else ("bad",)
            for k, v in dic.items()
        }

    want = normal(expected, True)
    if any(equal(want, normal(got, reading)) for reading in (True, False)):
        return "alternative"
    return "differs"


CHOCOLAT = ExerciseSpec(
    "chocolat",
    "chocolat.py",
    {"minimax_rec": "Q1", "minimax": "Q2"},
    helpers={"adversaire", "coups", "jouer", "REDUIT_M"},
    build_calls=_ch_calls,
    comparators={"minimax_rec": _ch_compare, "minimax": _ch_compare},
)

SPECS: dict[str, ExerciseSpec] = {
    spec.id: spec for spec in (PUISSANCE4, DOMINEERING, DOMINEERING_MINMAX, MORPION, CHOCOLAT)
}
