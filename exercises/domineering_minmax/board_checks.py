"""Checks of the course page's h (Q1) and s (Q2) on 4 x 4 domineering boards.
Points in docs/reference/exercises/domineering-minmax.md."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from grader.kit import (
    Check,
    CheckContext,
    Question,
    draw,
    is_number,
    mismatch,
    probe_private,
    same,
    unchanged,
)
from reference import domineering_minmax as ref

from .positions import (
    BOTH_STUCK,
    ONLY_HORIZONTAL,
    ONLY_VERTICAL,
    Board,
    Representation,
    board_key,
    boards,
    page_board,
    random_board,
    rows,
    same_board,
    successors,
)

if TYPE_CHECKING:
    from hypothesis import strategies as st


# -- Q1 h ----------------------------------------------------------------------------
def _check_h(
    ctx: CheckContext[Representation], v: Board, name: str = "v", note: tuple[str, str] = ("", "")
) -> None:
    call = f"h({name})"
    obtained = ctx.value("h", ctx.as_student(v), shown=call, board=v)
    expected = ref.h(v)
    if not (is_number(obtained) and same(obtained, expected)):
        raise mismatch(call, expected, obtained, v, fr=note[0], en=note[1])


def _blocked(v: Board) -> tuple[bool, bool]:
    return not ref.coups(v, 0), not ref.coups(v, 1)


def q1_sheet(ctx: CheckContext[Representation]) -> None:
    _check_h(
        ctx, page_board(), note=("le plateau de l'énoncé : h(v) vaut -2", "the page's board: h(v) is -2")
    )


def q1_random(ctx: CheckContext[Representation]) -> None:
    ctx.for_all(draw(_not_blocked), lambda v: _check_h(ctx, v), examples=25)
    probe_private(ctx, _private_not_blocked, lambda v: _check_h(ctx, v))


def _private_not_blocked(rng: random.Random) -> Board:
    """A board where a player can move (as `_not_blocked` draws one), for one submission."""
    for _ in range(200):
        v = random_board(rng)
        if _blocked(v) != (True, True):
            return v
    return page_board()


def _private_with_player(rng: random.Random) -> tuple[Board, int]:
    return random_board(rng), rng.randrange(2)


def _not_blocked() -> st.SearchStrategy:
    # Boards where both players are stuck have their own check (which infinity wins).
    return boards().filter(lambda v: _blocked(v) != (True, True))


def q1_infinities(ctx: CheckContext[Representation]) -> None:
    _check_h(
        ctx,
        ONLY_HORIZONTAL,
        note=(
            "le joueur 0 (dominos verticaux) ne peut plus jouer : -inf",
            "player 0 (vertical dominoes) cannot move: -inf",
        ),
    )
    _check_h(
        ctx,
        ONLY_VERTICAL,
        note=(
            "le joueur 1 (dominos horizontaux) ne peut plus jouer : +inf",
            "player 1 (horizontal dominoes) cannot move: +inf",
        ),
    )


def q1_both_stuck(ctx: CheckContext[Representation]) -> None:
    _check_h(
        ctx,
        BOTH_STUCK,
        note=(
            "aucun joueur ne peut jouer : la fonction du cours teste n0 == 0 en premier et renvoie -inf",
            "neither player can move: the page's function tests n0 == 0 first and returns -inf",
        ),
    )


def q1_unchanged(ctx: CheckContext[Representation]) -> None:
    for v in (page_board(), ONLY_VERTICAL):
        result = ctx.call("h", ctx.as_student(v), shown="h(v)", board=v, keep_args=True)
        unchanged("h(v)", v, result.argument_after(0), func="h", equal=same_board, expected=rows(v))


# -- Q2 s ----------------------------------------------------------------------------
def _check_s(ctx: CheckContext[Representation], v: Board, joueur: int, name: str = "v") -> None:
    call = f"s({name}, {joueur})"
    obtained = ctx.value("s", ctx.as_student(v), joueur, shown=call, board=v)
    expected = successors(v, joueur)
    got = [board_key(w) for w in obtained] if isinstance(obtained, (list, tuple)) else None
    if got is None or None in got or sorted(got) != sorted(expected):  # type: ignore[type-var]  # no None left (checked)
        raise mismatch(
            call,
            [rows(w) for w in expected],
            obtained,
            v,
            fr=f"les plateaux obtenus en plaçant un domino du joueur {joueur} de toutes les "
            "façons possibles, chacun une fois (l'ordre n'a pas d'importance)",
            en=f"the boards obtained by placing one domino of player {joueur} in every "
            "possible way, each once (order does not matter)",
        )


def q2_sheet(ctx: CheckContext[Representation]) -> None:
    _check_s(ctx, page_board(), 0)


def q2_random(ctx: CheckContext[Representation]) -> None:
    ctx.for_all(
        draw(_with_player), lambda case: _check_s(ctx, *case), examples=25, explicit=[(page_board(), 1)]
    )
    probe_private(ctx, _private_with_player, lambda case: _check_s(ctx, *case))


def q2_unchanged(ctx: CheckContext[Representation]) -> None:
    def probe(case: tuple[Any, ...]) -> None:
        v, joueur = case
        call = f"s(v, {joueur})"
        result = ctx.call("s", ctx.as_student(v), joueur, shown=call, board=v, keep_args=True)
        unchanged(
            call,
            v,
            result.argument_after(0),
            func="s",
            equal=same_board,
            expected=rows(v),
            why=(
                " (copier le plateau avant d'y placer un domino)",
                " (copy the board before placing a domino)",
            ),
        )

    ctx.for_all(
        draw(_with_player),
        probe,
        examples=10,
        explicit=[(page_board(), 0), (page_board(), 1)],
    )


def _with_player() -> st.SearchStrategy:
    """(board, player to move)."""
    from hypothesis import strategies as st

    return st.tuples(boards(), st.integers(0, 1))


QUESTIONS = (
    Question(
        "Q1",
        "h",
        (("h",),),
        (
            Check(
                "sheet",
                1.5,
                q1_sheet,
                "h(v) vaut -2 sur le plateau de l'énoncé",
                "h(v) is -2 on the page's board",
            ),
            Check(
                "random_boards",
                1.5,
                q1_random,
                "même valeur que le cours sur des plateaux au hasard",
                "same value as the page on random boards",
            ),
            Check(
                "infinities",
                0.5,
                q1_infinities,
                "-inf quand le joueur 0 ne peut plus jouer, +inf quand le joueur 1 ne peut plus jouer",
                "-inf when player 0 cannot move, +inf when player 1 cannot move",
            ),
            Check(
                "both_stuck",
                0.25,
                q1_both_stuck,
                "-inf quand aucun joueur ne peut jouer (n0 testé d'abord)",
                "-inf when neither player can move (n0 tested first)",
            ),
            Check("unchanged", 0.25, q1_unchanged, "ne modifie pas v", "does not change v", value_free=True),
        ),
    ),
    Question(
        "Q2",
        "s",
        (("s",),),
        (
            Check(
                "sheet",
                1.5,
                q2_sheet,
                "s(v, 0) donne les 3 plateaux de l'énoncé",
                "s(v, 0) gives the page's 3 boards",
            ),
            Check(
                "random_boards",
                2.5,
                q2_random,
                "mêmes successeurs que le cours sur des plateaux au hasard, pour les deux joueurs",
                "same successors as the page on random boards, for both players",
            ),
            Check("unchanged", 1.0, q2_unchanged, "ne modifie pas v", "does not change v", value_free=True),
        ),
    ),
)
