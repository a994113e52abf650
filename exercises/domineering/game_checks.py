"""Checks of the game loop: jeu (Q6) and statistiques (Q7).

The student's functions get probe strategies defined by the grader inside the worker
(`worker_side`): `premier_coup`, `dernier_coup` (first / last legal move in row-major
order) and `coup_au_hasard` (seeded `random.choice`). Each one records the board and the
player it was given, and the move it answered; the checks replay that record with the
reference to see that the game was legal, alternated, started from the empty n x p grid,
stopped exactly when the player to move was stuck, and that the winner returned is right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grader.kit import (
    Check,
    CheckContext,
    Mismatch,
    Question,
    Text,
    as_cell,
    draw,
    is_number,
    mismatch,
    same,
    show,
)
from reference import domineering as ref

from .positions import SubmissionState

if TYPE_CHECKING:
    from hypothesis import strategies as st

PROBES = {"premier_coup": ref.premier_coup, "dernier_coup": ref.dernier_coup}
GAME_BUDGET = 5.0


class BadGame(Exception):
    """The record of a game shows a rule broken by the student's loop."""

    def __init__(self, note: Text, board: Any = None, expected: Any = "", obtained: Any = ""):
        super().__init__(note.en)
        self.note, self.board = note, board
        self.expected, self.obtained = expected, obtained


def replay(log: list[Any], n: int, p: int, names: tuple[str, str]) -> int:
    """Check one game's record against the rules; return the winner it implies."""
    v, joueur = ref.grille_vide(n, p), 0
    for k, entry in enumerate(log, start=1):
        move = _played(k, entry, v, joueur, names)
        ref.placer(v, move[0], move[1], joueur)
        joueur = 1 - joueur
    if ref.coups_possibles(v, joueur):
        raise BadGame(
            Text(
                f"la partie s'arrête alors que le joueur {joueur} peut encore jouer",
                f"the game stops while player {joueur} can still move",
            ),
            v,
        )
    return 1 - joueur


def _played(k: int, entry: Any, v: list[list[int]], joueur: int, names: tuple[str, str]) -> Any:
    """The `k`th strategy call of a game's record, checked against the game so far (`v`,
    `joueur` to move); its move."""
    if not (isinstance(entry, list) and len(entry) == 4):
        raise BadGame(Text("enregistrement illisible", "unreadable record"))
    name, shown, player, move = entry
    if not same(player, joueur):
        raise BadGame(
            Text(
                f"appel {k} d'une stratégie : joueur = {show(player)} au lieu de {joueur} "
                "(les joueurs alternent, le joueur 0 commence)",
                f"strategy call {k}: joueur = {show(player)} instead of {joueur} "
                "(players alternate, player 0 starts)",
            ),
            v,
        )
    if name != names[joueur]:
        raise BadGame(
            Text(
                f"appel {k} : c'est strategie{joueur} ({names[joueur]}) qui doit jouer pour le "
                f"joueur {joueur}, pas {name}",
                f"call {k}: strategie{joueur} ({names[joueur]}) must play for player {joueur}, not {name}",
            ),
            v,
        )
    if not same(shown, v):
        what = (
            Text("la grille vide de départ", "the empty starting grid")
            if k == 1
            else Text("le plateau après les coups déjà joués", "the board after the moves already played")
        )
        raise BadGame(
            Text(
                f"appel {k} : la stratégie ne reçoit pas {what.fr} (attendu / obtenu)",
                f"call {k}: the strategy is not given {what.en} (expected / obtained)",
            ),
            v,
            show(v),
            show(shown),
        )
    if as_cell(move) is None:
        raise BadGame(
            Text(
                f"appel {k} : la stratégie est appelée alors que le joueur {joueur} ne peut "
                "plus jouer : la partie aurait dû s'arrêter",
                f"call {k}: the strategy is called while player {joueur} cannot move: the "
                "game should have stopped",
            ),
            v,
        )
    return move


def _bad(call: str, exc: BadGame) -> Mismatch:
    return mismatch(call, exc.expected, exc.obtained, exc.board, note=exc.note, text=True)


def _probes_note(names: tuple[str, ...]) -> tuple[str, str]:
    fr = {
        "premier_coup": "premier_coup renvoie le premier coup possible (ordre des lignes)",
        "dernier_coup": "dernier_coup renvoie le dernier coup possible",
        "coup_au_hasard": "coup_au_hasard tire un coup possible au hasard",
    }
    en = {
        "premier_coup": "premier_coup returns the first possible move (row-major order)",
        "dernier_coup": "dernier_coup returns the last possible move",
        "coup_au_hasard": "coup_au_hasard draws a possible move at random",
    }
    unique = sorted(set(names))
    return " ; ".join(fr[n] for n in unique), "; ".join(en[n] for n in unique)


def play(ctx: CheckContext[SubmissionState], names: tuple[str, str], n: int, p: int) -> None:
    """jeu(names[0], names[1], n, p) with probe strategies: legal game, right winner."""
    call = f"jeu({names[0]}, {names[1]}, {n}, {p})"
    winner, log = ctx.value(
        "@journal",
        ctx.student.ref("jeu"),
        ctx.student.ref("@" + names[0]),
        ctx.student.ref("@" + names[1]),
        n,
        p,
        shown=call,
        budget=GAME_BUDGET,
    )
    try:
        expected = replay(log, n, p, names)
    except BadGame as exc:
        raise _bad(call, exc) from None
    if names[0] in PROBES and names[1] in PROBES:  # deterministic: the reference's game too
        expected = ref.jeu(PROBES[names[0]], PROBES[names[1]], n, p)
    if not same(winner, expected) or not is_number(winner):
        fr, en = _probes_note(names)
        raise mismatch_winner(call, expected, winner, fr, en)


def mismatch_winner(call: str, expected: int, obtained: Any, fr: str, en: str) -> Mismatch:
    return mismatch(
        call,
        expected,
        obtained,
        note=Text(
            f"le gagnant est le dernier joueur qui a pu jouer ({fr})",
            f"the winner is the last player who could move ({en})",
        ),
    )


# -- Q6 jeu -------------------------------------------------------------------------
DETERMINISTIC_GAMES = (
    ("premier_coup", "dernier_coup", 3, 4),
    ("dernier_coup", "premier_coup", 4, 4),
    ("premier_coup", "premier_coup", 2, 5),
    ("dernier_coup", "dernier_coup", 5, 3),
    ("premier_coup", "dernier_coup", 1, 3),
    ("dernier_coup", "premier_coup", 3, 1),
)


def q6_deterministic(ctx: CheckContext[SubmissionState]) -> None:
    for first, second, n, p in DETERMINISTIC_GAMES:
        play(ctx, (first, second), n, p)


def q6_random(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        n, p, random_first = example
        names = ("coup_au_hasard", "premier_coup") if random_first else ("dernier_coup", "coup_au_hasard")
        play(ctx, names, n, p)

    ctx.for_all(draw(_sizes), probe, examples=8, explicit=[(3, 4, True), (5, 5, False)])


def _sizes() -> st.SearchStrategy:
    """(rows, columns, whether the random strategy plays first)."""
    from hypothesis import strategies as st

    return st.tuples(st.integers(1, 6), st.integers(1, 6), st.booleans())


def q6_sheet(ctx: CheckContext[SubmissionState]) -> None:
    call = "jeu(strategie_aleatoire, strategie_aleatoire, 3, 4)"
    strategy = ctx.student.ref("strategie_aleatoire")
    for _ in range(3):
        winner = ctx.value("jeu", strategy, strategy, 3, 4, shown=call, budget=GAME_BUDGET)
        if not (is_number(winner) and winner in (0, 1)):
            raise mismatch(call, Text("0 ou 1", "0 or 1"), show(winner), text=True)


# -- Q7 statistiques ----------------------------------------------------------------
def as_counts(value: Any) -> tuple[Any, Any] | None:
    """(wins of player 0, wins of player 1) from a pair, or a dict {0: .., 1: ..}; a
    dict counted as it goes (`d.get(g, 0) + 1`, a `Counter`) has no key for a player
    who won nothing, which is 0 wins."""
    if isinstance(value, dict) and set(value) <= {0, 1}:
        value = (value.get(0, 0), value.get(1, 0))
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(is_number(c) for c in value):
        return value[0], value[1]
    return None


def split_games(log: list[Any], n: int, p: int) -> list[list[Any]]:
    """The record of several games, cut where a strategy is shown the empty grid."""
    empty = ref.grille_vide(n, p)
    games: list[list[Any]] = []
    for entry in log:
        if not games or (isinstance(entry, list) and len(entry) == 4 and same(entry[1], empty)):
            games.append([])
        games[-1].append(entry)
    return games


def _games(count: int) -> Text:
    return Text(f"{count} parties", f"{count} games")


def q7_counts(ctx: CheckContext[SubmissionState]) -> None:
    names, n, p, parties = ("coup_au_hasard", "coup_au_hasard"), 3, 4, 21  # odd: swapped counts differ
    call = f"statistiques(coup_au_hasard, coup_au_hasard, {n}, {p}, {parties})"
    value, log = ctx.value(
        "@journal",
        ctx.student.ref("statistiques"),
        ctx.student.ref("@coup_au_hasard"),
        ctx.student.ref("@coup_au_hasard"),
        n,
        p,
        parties,
        shown=call,
        budget=GAME_BUDGET * 2,
    )
    counts = as_counts(value)
    if counts is None or not same(sum(counts), parties):
        raise mismatch(
            call,
            Text(
                f"deux nombres de victoires de somme {parties}", f"two numbers of wins adding up to {parties}"
            ),
            show(value),
            text=True,
            note=Text(
                "par exemple [victoires du joueur 0, victoires du joueur 1]",
                "e.g. [wins of player 0, wins of player 1]",
            ),
        )
    games = split_games(log, n, p)
    if len(games) != parties:
        raise mismatch(
            call,
            _games(parties),
            _games(len(games)),
            text=True,
            note=Text(
                "chaque partie doit partir d'une grille vide (appeler jeu nb_parties fois)",
                "every game must start from an empty grid (call jeu nb_parties times)",
            ),
        )
    winners = [0, 0]
    for k, game in enumerate(games, start=1):
        try:
            winners[replay(game, n, p, names)] += 1
        except BadGame as exc:
            exc.note = Text(f"partie {k} : {exc.note.fr}", f"game {k}: {exc.note.en}")
            raise _bad(call, exc) from None
    if not same(list(counts), winners):
        raise mismatch(
            call,
            winners,
            value,
            note=Text(
                "les parties jouées (enregistrées par coup_au_hasard) donnent ces victoires",
                "the games played (recorded by coup_au_hasard) give these wins",
            ),
        )


DETERMINISTIC_STATS = (
    ("premier_coup", "dernier_coup", 4, 4, 3),
    ("dernier_coup", "premier_coup", 3, 5, 2),
    ("premier_coup", "premier_coup", 1, 3, 4),
    ("dernier_coup", "dernier_coup", 3, 1, 2),
)


def q7_deterministic(ctx: CheckContext[SubmissionState]) -> None:
    for first, second, n, p, parties in DETERMINISTIC_STATS:
        call = f"statistiques({first}, {second}, {n}, {p}, {parties})"
        value = ctx.value(
            "statistiques",
            ctx.student.ref("@" + first),
            ctx.student.ref("@" + second),
            n,
            p,
            parties,
            shown=call,
            budget=GAME_BUDGET,
        )
        expected = ref.statistiques(PROBES[first], PROBES[second], n, p, parties)
        counts = as_counts(value)
        if counts is None or not same(list(counts), expected):
            fr, en = _probes_note((first, second))
            raise mismatch(
                call,
                expected,
                value,
                note=Text(f"stratégies déterministes : {fr}", f"deterministic strategies: {en}"),
            )


QUESTIONS = (
    Question(
        "Q6",
        "jeu",
        (("jeu",),),
        (
            Check(
                "deterministic_games",
                1.25,
                q6_deterministic,
                Text(
                    "parties entre stratégies fixes (premier / dernier coup possible) : partie légale, "
                    "joueurs alternés, bon gagnant, comme la correction",
                    "games between fixed strategies (first / last possible move): legal game, alternating "
                    "players, right winner, as the reference",
                ),
            ),
            Check(
                "random_games",
                1.25,
                q6_random,
                Text(
                    "parties avec une stratégie au hasard, tailles au hasard : partie légale, bon gagnant",
                    "games with a random strategy, random sizes: legal game, right winner",
                ),
            ),
            Check(
                "sheet_call",
                0.5,
                q6_sheet,
                Text(
                    "jeu(strategie_aleatoire, strategie_aleatoire, 3, 4) de l'énoncé renvoie 0 ou 1",
                    "the sheet's jeu(strategie_aleatoire, strategie_aleatoire, 3, 4) returns 0 or 1",
                ),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q7",
        "statistiques",
        (("statistiques",),),
        (
            Check(
                "counts",
                1.0,
                q7_counts,
                Text(
                    "nb_parties parties jouées, victoires comptées juste, somme égale à nb_parties",
                    "nb_parties games played, wins counted right, summing to nb_parties",
                ),
            ),
            Check(
                "deterministic",
                1.0,
                q7_deterministic,
                Text(
                    "stratégies fixes : les mêmes victoires que la correction",
                    "fixed strategies: the same wins as the reference",
                ),
            ),
        ),
    ),
)
