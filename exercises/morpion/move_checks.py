"""Checks of valid_move and set_move (Q5): both act on the module's global board.

Each call is made with the global set to the position under test (the program's
`board`, or `tableau` as the article prints it), then the global is read back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grader.kit import ArrayValue, Check, CheckContext, Question, Text, draw, mismatch, same, show, unchanged
from reference import morpion as ref

from .positions import BEFORE_WIN, COMP, HUMAN, SubmissionState, as_bool, empty, full_boards, positions

if TYPE_CHECKING:
    from hypothesis import strategies as st

ALL_CELLS = [(x, y) for x in range(3) for y in range(3)]


def _on_board(
    ctx: CheckContext[SubmissionState], state: list[list[int]], func: str, *args: Any
) -> tuple[str, Any, Any]:
    """(call as shown, value returned, the global board after the call)."""
    name = ctx.state.board_name
    grid: Any = ref.from_key(ref.key(state))
    saved = ctx.state.saved_board
    if isinstance(saved, ArrayValue):  # a numpy board stays one
        grid = ArrayValue(grid, saved.dtype)
    ctx.student.set(name, grid)
    call = f"{name} = {show(state)} ; {func}({', '.join(show(a) for a in args)})"
    value = ctx.value(func, *args, shown=call, board=state)
    return call, value, ctx.student.get(name)


def _restoring(
    check: Callable[[CheckContext[SubmissionState]], None],
) -> Callable[[CheckContext[SubmissionState]], None]:
    """Put the submission's own board back afterwards, whatever the check did; and fail at
    once, saying so, when the global board the functions read is not a 3 x 3 grid once
    the program has run (the program as written cannot play: no grid is put in its place)."""

    def run(ctx: CheckContext[SubmissionState]) -> None:
        problem = ctx.state.board_problem
        if problem is not None:
            name = ctx.state.board_name
            raise mismatch(
                name,
                Text(
                    "une grille 3 × 3 (une liste de 3 listes de 3 cases)",
                    "a 3 × 3 grid (a list of 3 lists of 3 cells)",
                ),
                problem,
                text=True,
                note=Text(
                    f"valid_move et set_move lisent la variable globale {name}, qui n'est pas une grille 3 × 3 "
                    f"une fois votre programme exécuté : {problem.fr}. Telles qu'elles sont écrites, elles ne "
                    "peuvent pas jouer (les vérifications ne mettent pas de grille à sa place)",
                    f"valid_move and set_move read the global {name}, which is not a 3 × 3 grid once your "
                    f"program has run: {problem.en}. As written they cannot play (the checks put no grid in its "
                    "place)",
                ),
            )
        try:
            check(ctx)
        finally:
            saved = ctx.state.saved_board
            ctx.student.set(ctx.state.board_name, saved if saved is not None else empty())

    return run


def _board_unchanged(
    ctx: CheckContext[SubmissionState], call: str, state: list[list[int]], after: Any, func: str
) -> None:
    name = ctx.state.board_name
    unchanged(call, state, after, func=func, arg=Text(name, name), why=Text(" ici", " here"))


def q5_valid_move(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        state, _ = example
        for x, y in ALL_CELLS:
            call, value, after = _on_board(ctx, state, "valid_move", x, y)
            expected = state[x][y] == 0
            if as_bool(value) is not expected:
                raise mismatch(
                    call,
                    expected,
                    value,
                    state,
                    note=Text(
                        f"la case ({x}, {y}) est {'vide' if expected else 'occupée'}",
                        f"cell ({x}, {y}) is {'empty' if expected else 'taken'}",
                    ),
                )
            _board_unchanged(ctx, call, state, after, "valid_move")

    ctx.for_all(
        draw(positions, BEFORE_WIN, min_moves=1),
        probe,
        examples=5,
        explicit=[(empty(), COMP), (full_boards()[0], COMP)],
    )


def _playable() -> st.SearchStrategy:
    """(position, empty cell, player): nobody has won, a cell is free, either player."""
    from hypothesis import strategies as st

    games = positions(BEFORE_WIN, max_moves=8)
    return games.flatmap(
        lambda ex: st.tuples(
            st.just(ex[0]),
            st.sampled_from([tuple(c) for c in ref.empty_cells(ex[0])]),
            st.sampled_from([ex[1], -ex[1]]),
        )
    )


def _taken() -> st.SearchStrategy:
    """(position, occupied cell, player): at least one move played."""
    from hypothesis import strategies as st

    games = positions(BEFORE_WIN, min_moves=1)
    return games.flatmap(
        lambda ex: st.tuples(
            st.just(ex[0]),
            st.sampled_from([c for c in ALL_CELLS if ex[0][c[0]][c[1]] != 0]),
            st.sampled_from([COMP, HUMAN]),
        )
    )


def q5_set_move_plays(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        state, (x, y), player = example
        call, _, after = _on_board(ctx, state, "set_move", x, y, player)
        expected = ref.from_key(ref.key(state))
        expected[x][y] = player
        if not same(after, expected):
            raise mismatch(
                call,
                expected,
                after,
                state,
                note=Text(
                    f"{ctx.state.board_name} après l'appel (attendu / obtenu) ; "
                    "la grille dessinée est celle d'avant",
                    f"{ctx.state.board_name} after the call (expected / obtained); "
                    "the board drawn is the one before",
                ),
            )

    ctx.for_all(
        draw(_playable), probe, examples=12, explicit=[(empty(), (1, 1), COMP), (empty(), (2, 0), HUMAN)]
    )


def q5_set_move_refuses(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        state, (x, y), player = example
        call, _, after = _on_board(ctx, state, "set_move", x, y, player)
        if not same(after, state):
            raise mismatch(
                call,
                state,
                after,
                state,
                note=Text(
                    f"la case ({x}, {y}) est occupée : set_move doit refuser le coup et laisser "
                    f"{ctx.state.board_name} inchangé (valid_move)",
                    f"cell ({x}, {y}) is taken: set_move must refuse the move and leave "
                    f"{ctx.state.board_name} unchanged (valid_move)",
                ),
            )

    ctx.for_all(draw(_taken), probe, examples=10, explicit=[(full_boards()[0], (1, 1), COMP)])


def q5_set_move_returns(ctx: CheckContext[SubmissionState]) -> None:
    state = [[1, 0, 0], [0, -1, 0], [0, 0, 0]]
    note = Text(
        "comme dans le programme de l'article : True si le coup est joué, False s'il est refusé",
        "as in the article's program: True when the move is played, False when it is refused",
    )
    for (x, y), player, expected in (
        ((0, 2), COMP, True),
        ((0, 0), HUMAN, False),
        ((1, 1), COMP, False),
        ((2, 1), HUMAN, True),
    ):
        call, value, _ = _on_board(ctx, state, "set_move", x, y, player)
        if as_bool(value) is not expected:
            raise mismatch(call, expected, value, state, note=note)


QUESTIONS = (
    Question(
        "Q5",
        "valid_move/set_move",
        (("valid_move",), ("set_move",)),
        (
            Check(
                "valid_move",
                1.0,
                _restoring(q5_valid_move),
                Text(
                    "valid_move(x, y) : True exactement pour les cases vides de board, sans le modifier",
                    "valid_move(x, y): True exactly for the empty cells of board, without changing it",
                ),
            ),
            Check(
                "set_move_plays",
                1.5,
                _restoring(q5_set_move_plays),
                Text(
                    "set_move(x, y, player) sur une case vide : board reçoit player en (x, y), "
                    "rien d'autre ne change",
                    "set_move(x, y, player) on an empty cell: board gets player at (x, y), nothing else changes",
                ),
                of="set_move",
            ),
            Check(
                "set_move_refuses",
                1.0,
                _restoring(q5_set_move_refuses),
                Text(
                    "set_move sur une case occupée : board n'est pas modifié",
                    "set_move on a taken cell: board is not changed",
                ),
                value_free=True,
                of="set_move",
            ),
            Check(
                "set_move_returns",
                0.5,
                _restoring(q5_set_move_returns),
                Text(
                    "set_move renvoie True si le coup est joué, False sinon",
                    "set_move returns True when the move is played, False otherwise",
                ),
                of="set_move",
            ),
        ),
    ),
)
