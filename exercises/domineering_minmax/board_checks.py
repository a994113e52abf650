"""Checks of the course page's h (Q1) and s (Q2) on 4 x 4 domineering boards.
Points in docs/reference/exercises/domineering-minmax.md."""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any

from grader.kit import NUMBER, Comparison, Question, Text, arguments_check, draw, value_check
from reference import domineering_minmax as ref

from .positions import (
    BOTH_STUCK,
    ONLY_HORIZONTAL,
    ONLY_VERTICAL,
    Board,
    board_key,
    boards,
    page_board,
    random_board,
    rows,
    same_board,
)

if TYPE_CHECKING:
    from hypothesis import strategies as st


def _alone(v: Board) -> tuple[Board]:
    """A board drawn alone: the arguments of `h(v)`."""
    return (v,)


SAME_BOARD = Comparison(
    "same board",
    lambda expected, obtained, args: same_board(obtained, expected),
    shown=lambda expected, args: rows(expected),
)
"""The student's board holds the reference's cells (numpy or lists), shown as lists."""


def _same_boards(expected: Any, obtained: Any, args: tuple[Any, ...]) -> bool:
    got = [board_key(w) for w in obtained] if isinstance(obtained, (list, tuple)) else None
    return got is not None and None not in got and sorted(got) == sorted(ref.key(w) for w in expected)  # type: ignore[type-var]  # no None left (checked)


SAME_BOARDS = Comparison(
    "the same boards in any order",
    _same_boards,
    shown=lambda expected, args: [rows(ref.key(w)) for w in expected],
)
"""The successors: the reference's boards, each once, in any order."""


def _placing(case: tuple[Board, int]) -> Text:
    joueur = case[1]
    return Text(
        f"les plateaux obtenus en plaçant un domino du joueur {joueur} de toutes les "
        "façons possibles, chacun une fois (l'ordre n'a pas d'importance)",
        f"the boards obtained by placing one domino of player {joueur} in every "
        "possible way, each once (order does not matter)",
    )


h_value = functools.partial(
    value_check, reference=ref.h, board=0, compare=NUMBER, arguments=None, ahead=False
)
"""A check of h's value: the page's h on a board, a number, the calls one by one."""
s_value = functools.partial(
    value_check, reference=ref.s, board=0, compare=SAME_BOARDS, arguments=None, ahead=False, note=_placing
)
"""A check of the successors s gives."""
unchanged = functools.partial(
    arguments_check,
    board=0,
    equal=SAME_BOARD,
    says=Text("ne modifie pas v", "does not change v"),
    value_free=True,
)
"""A check that the board is left as it was (a stub does not change it either)."""


# -- Q1 h ----------------------------------------------------------------------------
def _blocked(v: Board) -> tuple[bool, bool]:
    return not ref.coups(v, 0), not ref.coups(v, 1)


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


INFINITIES = {
    ONLY_HORIZONTAL: Text(
        "le joueur 0 (dominos verticaux) ne peut plus jouer : -inf",
        "player 0 (vertical dominoes) cannot move: -inf",
    ),
    ONLY_VERTICAL: Text(
        "le joueur 1 (dominos horizontaux) ne peut plus jouer : +inf",
        "player 1 (horizontal dominoes) cannot move: +inf",
    ),
    BOTH_STUCK: Text(
        "aucun joueur ne peut jouer : la fonction du cours teste n0 == 0 en premier et renvoie -inf",
        "neither player can move: the page's function tests n0 == 0 first and returns -inf",
    ),
}


def _stuck(args: tuple[Any, ...]) -> Text:
    """The note of h on a board where a player cannot move: which infinity, and why."""
    return INFINITIES[args[0]]


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
            h_value(
                "sheet",
                1.5,
                [(page_board(),)],
                note=Text("le plateau de l'énoncé : h(v) vaut -2", "the page's board: h(v) is -2"),
                says=Text("h(v) vaut -2 sur le plateau de l'énoncé", "h(v) is -2 on the page's board"),
            ),
            h_value(
                "random_boards",
                1.5,
                drawn=draw(_not_blocked),
                examples=25,
                private=_private_not_blocked,
                as_args=_alone,
                says=Text(
                    "même valeur que le cours sur des plateaux au hasard",
                    "same value as the page on random boards",
                ),
            ),
            h_value(
                "infinities",
                0.5,
                [(ONLY_HORIZONTAL,), (ONLY_VERTICAL,)],
                note=_stuck,
                says=Text(
                    "-inf quand le joueur 0 ne peut plus jouer, +inf quand le joueur 1 ne peut plus jouer",
                    "-inf when player 0 cannot move, +inf when player 1 cannot move",
                ),
            ),
            h_value(
                "both_stuck",
                0.25,
                [(BOTH_STUCK,)],
                note=_stuck,
                says=Text(
                    "-inf quand aucun joueur ne peut jouer (n0 testé d'abord)",
                    "-inf when neither player can move (n0 tested first)",
                ),
            ),
            unchanged(
                "unchanged",
                0.25,
                [(page_board(),), (ONLY_VERTICAL,)],
                reference=ref.h,
            ),
        ),
    ),
    Question(
        "Q2",
        "s",
        (("s",),),
        (
            s_value(
                "sheet",
                1.5,
                [(page_board(), 0)],
                says=Text("s(v, 0) donne les 3 plateaux de l'énoncé", "s(v, 0) gives the page's 3 boards"),
            ),
            s_value(
                "random_boards",
                2.5,
                [(page_board(), 1)],
                drawn=draw(_with_player),
                examples=25,
                private=_private_with_player,
                says=Text(
                    "mêmes successeurs que le cours sur des plateaux au hasard, pour les deux joueurs",
                    "same successors as the page on random boards, for both players",
                ),
            ),
            unchanged(
                "unchanged",
                1.0,
                [(page_board(), 0), (page_board(), 1)],
                reference=ref.s,
                drawn=draw(_with_player),
                examples=10,
                why=Text(
                    " (copier le plateau avant d'y placer un domino)",
                    " (copy the board before placing a domino)",
                ),
            ),
        ),
    ),
)
