"""The matches game (a course's own TD): n matches on the table, each player in turn
takes 1, 2 or 3 of them, and whoever takes the last one loses.

Q1 `coups(n)`: the moves open with n matches left. Q2 `gagnant(n)`: whether the player
to move wins, playing well. Q3 `meilleur_coup(n)`: a move that wins, when one does.
"""

from __future__ import annotations

from grader.kit import Check, CheckContext, Exercise, Question, Signature, Text, mismatch, same

from . import reference as ref

SIGNATURE = Signature(
    "allumettes",
    frozenset({"coups", "gagnant", "meilleur_coup"}),
    title_words=("jeu des allumettes",),
    exercise="allumettes_td:EXERCISE",
)
COUNTS = range(1, 22)


def _each(ctx: CheckContext[None], func: str, expected: object, n: int) -> None:
    obtained = ctx.value(func, n, shown=f"{func}({n})")
    if not same(obtained, expected):
        raise mismatch(f"{func}({n})", expected, obtained)


def q1(ctx: CheckContext[None]) -> None:
    for n in COUNTS:
        obtained = ctx.value("coups", n, shown=f"coups({n})")
        if not isinstance(obtained, list) or sorted(obtained) != ref.coups(n):
            raise mismatch(f"coups({n})", ref.coups(n), obtained)


def q2(ctx: CheckContext[None]) -> None:
    for n in COUNTS:
        _each(ctx, "gagnant", ref.gagnant(n), n)


def q3(ctx: CheckContext[None]) -> None:
    for n in COUNTS:
        move = ctx.value("meilleur_coup", n, shown=f"meilleur_coup({n})")
        if move not in ref.coups(n) or (ref.gagnant(n) and ref.gagnant(n - move)):
            winning = [k for k in ref.coups(n) if not ref.gagnant(n - k)] or ref.coups(n)
            raise mismatch(
                f"meilleur_coup({n})",
                Text(f"un coup parmi {winning}", f"a move among {winning}"),
                move,
                note=Text(
                    "le coup doit laisser l'adversaire perdant", "the move must leave the opponent losing"
                ),
                text=True,
            )


EXERCISE = Exercise(
    id="allumettes",
    title="Le jeu des allumettes",
    questions=(
        Question("Q1", "coups", (("coups",),), (Check("legal", 5, q1, Text("coups légaux", "legal moves")),)),
        Question("Q2", "gagnant", (("gagnant",),), (Check("value", 5, q2, Text("valeur", "value")),)),
        Question(
            "Q3",
            "meilleur_coup",
            (("meilleur_coup",),),
            (Check("wins", 10, q3, Text("un coup gagnant", "a winning move")),),
        ),
    ),
    **SIGNATURE.fields(),
    reference=ref,
)
