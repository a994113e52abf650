"""Checks of the grid and the moves: grille_vide, coups_possibles, strategie_aleatoire,
placer, retirer (Q1 to Q5)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from grader.kit import (
    Call,
    Check,
    CheckContext,
    Mismatch,
    Question,
    Text,
    arguments_check,
    as_cell,
    draw,
    mismatch,
    show,
    value_check,
)
from reference import domineering as ref

from .positions import SubmissionState, a_move_among, moves_text, playable, positions, structural_positions

if TYPE_CHECKING:
    from hypothesis import strategies as st

SIZES = ((3, 4), (1, 1), (2, 5), (5, 2), (4, 3), (6, 6))


# -- Q1 grille_vide -------------------------------------------------------------------
def _rows_of(size: tuple[int, int]) -> Text:
    n, p = size
    return Text(f"{n} lignes de {p} cases égales à -1", f"{n} rows of {p} cells equal to -1")


def q1_rows_distinct(ctx: CheckContext[SubmissionState]) -> None:
    result = ctx.call("grille_vide", 3, 4)
    for first, second in result.shared:
        if len(first) == 1 and len(second) == 1:
            raise mismatch(
                "grille_vide(3, 4)",
                "",
                "",
                text=True,
                note=Text(
                    f"les lignes {first[0]} et {second[0]} sont la même liste : placer un domino "
                    "dans l'une le place dans l'autre (écrire [[-1 for j in range(p)] for i in "
                    "range(n)] plutôt que [[-1] * p] * n)",
                    f"rows {first[0]} and {second[0]} are the same list: a domino put in one "
                    "appears in the other (write [[-1 for j in range(p)] for i in range(n)], "
                    "not [[-1] * p] * n)",
                ),
            )


# -- Q2 coups_possibles ------------------------------------------------------------------
def as_moves(value: Any) -> list[Any] | None:
    """The moves returned, as a list of (i, j) tuples, or None if it is not a collection of pairs."""
    if not isinstance(value, (list, tuple, set, frozenset)):
        return None
    moves = [as_cell(m) for m in value]
    return None if any(m is None for m in moves) else moves


def check_moves(ctx: CheckContext[SubmissionState], v: list[list[int]], joueur: int) -> None:
    call = f"coups_possibles(v, {joueur})"
    obtained = ctx.value("coups_possibles", ctx.as_student(v), joueur, shown=call, board=v)
    expected = ref.coups_possibles(v, joueur)
    moves = as_moves(obtained)
    if moves is None or len(set(moves)) != len(moves) or set(moves) != set(expected):
        raise mismatch(call, expected, obtained, v, note=_moves_difference(moves, expected, joueur))


def _moves_difference(moves: list[Any] | None, expected: list[Any], joueur: int) -> Text:
    if joueur == 0:
        domino = Text("vertical : cases (i, j) et (i + 1, j)", "vertical: cells (i, j) and (i + 1, j)")
    else:
        domino = Text("horizontal : cases (i, j) et (i, j + 1)", "horizontal: cells (i, j) and (i, j + 1)")
    if moves is None:
        return Text("il faut une liste de couples (i, j)", "a list of pairs (i, j) is expected")
    missing = sorted(set(expected) - set(moves))
    extra = sorted(set(moves) - set(expected))
    if missing:
        return Text(
            f"il manque {moves_text(missing[:4])} (domino {domino.fr}) ; l'ordre est libre",
            f"{moves_text(missing[:4])} missing (domino {domino.en}); any order",
        )
    if extra:
        return Text(
            f"{moves_text(extra[:4])} ne sont pas possibles (domino {domino.fr})",
            f"{moves_text(extra[:4])} are not possible (domino {domino.en})",
        )
    return Text("chaque coup doit figurer une seule fois", "each move must appear once")


def q2_sheet(ctx: CheckContext[SubmissionState]) -> None:
    for joueur in (0, 1):
        check_moves(ctx, ref.grille_vide(3, 4), joueur)


def q2_random(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        v, _ = example
        for joueur in (0, 1):
            check_moves(ctx, v, joueur)

    explicit = [
        (ref.grille_vide(1, 4), 0),
        (ref.grille_vide(4, 1), 0),
        (ref.grille_vide(2, 2), 0),
    ] + structural_positions()

    def calls(example: tuple[Any, ...]) -> list[Call]:
        return [ctx.ask("coups_possibles", ctx.as_student(example[0]), joueur) for joueur in (0, 1)]

    ctx.for_all(draw(positions), probe, examples=25, explicit=explicit, calls=calls)


# -- Q3 strategie_aleatoire ----------------------------------------------------------------
def _impossible(call: str, legal: list[Any], move: Any, v: list[list[int]]) -> Mismatch:
    """strategie_aleatoire returned `move`, not one of the player's `legal` moves."""
    return mismatch(
        call,
        a_move_among(legal),
        show(move),
        v,
        text=True,
        note=Text("ce coup n'est pas possible pour ce joueur", "this move is not possible for this player"),
    )


def q3_legal(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        v, joueur = example
        call = f"strategie_aleatoire(v, {joueur})"
        obtained = ctx.value("strategie_aleatoire", ctx.as_student(v), joueur, shown=call, board=v)
        legal = ref.coups_possibles(v, joueur)
        if as_cell(obtained) not in legal:
            raise _impossible(call, legal, obtained, v)

    def calls(example: tuple[Any, ...]) -> list[Call]:
        v, joueur = example
        return [ctx.ask("strategie_aleatoire", ctx.as_student(v), joueur)]

    ctx.for_all(draw(playable), probe, examples=20, calls=calls)


DRAWS = 200
"""Calls per position: with 9 legal moves, missing one by chance has probability
9 * (8/9) ** 200, below 1e-9 (and the worker's seed makes the draw repeatable)."""


def _repeated(call: str) -> Text:
    return Text(f"{call}, {DRAWS} fois", f"{call}, {DRAWS} times")


def q3_every_move(ctx: CheckContext[SubmissionState]) -> None:
    cases = [(ref.grille_vide(3, 4), 0), (ref.grille_vide(3, 4), 1), (ref.rejouer(4, 4, [3, 5, 1])[0], 1)]
    for v, joueur in cases:
        call = f"strategie_aleatoire(v, {joueur})"
        drawn = ctx.value(
            "@tirages",
            ctx.student.ref("strategie_aleatoire"),
            ctx.as_student(v),
            joueur,
            DRAWS,
            shown=_repeated(call),
            board=v,
            budget=10,
        )
        legal = ref.coups_possibles(v, joueur)
        cells = {as_cell(m) for m in drawn}
        if cells - set(legal):
            bad = next(m for m in drawn if as_cell(m) not in legal)
            raise _impossible(call, legal, bad, v)
        missing = sorted(set(legal) - cells)
        if missing:
            raise mismatch(
                _repeated(call),
                Text(f"chacun des {len(legal)} coups possibles", f"each of the {len(legal)} possible moves"),
                Text(
                    f"{len(cells)} coups différents : {moves_text(cells)}",
                    f"{len(cells)} different moves: {moves_text(cells)}",
                ),
                v,
                text=True,
                note=Text(
                    f"{moves_text(missing)} n'est jamais tiré : le coup doit être choisi au hasard "
                    "parmi tous les coups possibles (random.choice)",
                    f"{moves_text(missing)} is never drawn: the move must be drawn at random "
                    "among all possible moves (random.choice)",
                ),
            )


# -- Q4 placer, Q5 retirer ----------------------------------------------------------------
def _moves_strategy() -> st.SearchStrategy:
    """(board, player, (i, j)) with (i, j) a legal move of the player."""
    from hypothesis import strategies as st

    return playable().flatmap(
        lambda t: st.sampled_from(ref.coups_possibles(*t)).map(lambda m: (t[0], t[1], m))
    )


EDGE_MOVES = [
    (ref.grille_vide(3, 4), 0, (0, 0)),
    (ref.grille_vide(3, 4), 1, (0, 0)),
    (ref.grille_vide(3, 4), 0, (1, 3)),
    (ref.grille_vide(3, 4), 1, (2, 2)),
    # structural: one row, one column, the last row and column of non-square grids
    (ref.grille_vide(1, 5), 1, (0, 3)),
    (ref.grille_vide(5, 1), 0, (3, 0)),
    (ref.grille_vide(2, 5), 0, (0, 4)),
    (ref.grille_vide(5, 2), 1, (4, 0)),
]


def _placing(example: tuple[Any, ...]) -> tuple[Any, ...]:
    """(board, player, (i, j)) drawn -> the arguments of placer(v, i, j, joueur)."""
    v, joueur, (i, j) = example
    return (v, i, j, joueur)


def _removing(example: tuple[Any, ...]) -> tuple[Any, ...]:
    """(board, player, (i, j)) drawn -> retirer's: the board once the domino is placed."""
    before, joueur, (i, j) = example
    after = ref.copie(before)
    ref.placer(after, i, j, joueur)
    return (after, i, j, joueur)


def _removed(args: tuple[Any, ...]) -> Text:
    _, i, j, joueur = args
    return Text(
        f"v est le plateau dessiné, où le joueur {joueur} vient de placer son domino "
        f"en ({i}, {j}) : retirer doit rétablir exactement le plateau d'avant",
        f"v is the board drawn, where player {joueur} just put a domino at ({i}, {j}): "
        "retirer must restore exactly the board before",
    )


in_place = functools.partial(arguments_check, drawn=draw(_moves_strategy), examples=15, board=0, ahead=False)
"""A check of the board after the call, in place (placer, retirer), on the same moves."""


QUESTIONS = (
    Question(
        "Q1",
        "grille_vide",
        (("grille_vide",),),
        (
            value_check(
                "values",
                0.5,
                SIZES,
                reference=ref.grille_vide,
                arguments=None,
                ahead=False,
                note=_rows_of,
                says=Text(
                    "grille_vide(3, 4) de l'énoncé, et d'autres tailles n x p",
                    "the sheet's grille_vide(3, 4), and other sizes n x p",
                ),
            ),
            Check(
                "rows_distinct",
                0.5,
                q1_rows_distinct,
                Text("les lignes sont des listes distinctes", "the rows are distinct lists"),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q2",
        "coups_possibles",
        (("coups_possibles",),),
        (
            Check(
                "sheet",
                0.5,
                q2_sheet,
                Text(
                    "les deux exemples de l'énoncé (grille 3 x 4, joueurs 0 et 1)",
                    "the sheet's two examples (3 x 4 grid, players 0 and 1)",
                ),
            ),
            Check(
                "random_positions",
                1.5,
                q2_random,
                Text(
                    "les mêmes coups que la correction (ordre libre, sans doublon), positions et tailles au hasard",
                    "the same moves as the reference (any order, no duplicate), random positions and sizes",
                ),
            ),
        ),
    ),
    Question(
        "Q3",
        "strategie_aleatoire",
        (("strategie_aleatoire",),),
        (
            Check(
                "legal",
                0.75,
                q3_legal,
                Text(
                    "renvoie toujours un coup possible (positions au hasard)",
                    "always returns a possible move (random positions)",
                ),
            ),
            Check(
                "every_move",
                0.75,
                q3_every_move,
                Text(
                    f"en {DRAWS} tirages, chaque coup possible sort au moins une fois",
                    f"in {DRAWS} draws, every possible move comes out at least once",
                ),
            ),
        ),
    ),
    Question(
        "Q4",
        "placer",
        (("placer",),),
        (
            in_place(
                "in_place",
                1.0,
                EDGE_MOVES,
                reference=ref.placer,
                as_args=_placing,
                note=Text(
                    "v après l'appel (attendu / obtenu) ; le plateau dessiné est celui d'avant. "
                    "Joueur 0 : cases (i, j) et (i + 1, j) ; joueur 1 : (i, j) et (i, j + 1)",
                    "v after the call (expected / obtained); the board drawn is the one before. "
                    "Player 0: cells (i, j) and (i + 1, j); player 1: (i, j) and (i, j + 1)",
                ),
                says=Text(
                    "modifie v en place : exactement les deux cases du domino",
                    "changes v in place: exactly the domino's two cells",
                ),
            ),
        ),
    ),
    Question(
        "Q5",
        "retirer",
        (("retirer",),),
        (
            in_place(
                "undo",
                1.0,
                EDGE_MOVES,
                reference=ref.retirer,
                as_args=_removing,
                note=_removed,
                says=Text(
                    "rétablit exactement le plateau d'avant placer",
                    "restores exactly the board before placer",
                ),
            ),
        ),
    ),
)
