"""Checks of the board functions: wins (Q1), evaluate (Q2), game_over (Q3) and
empty_cells (Q4)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grader.kit import (
    Call,
    CallResult,
    Check,
    CheckContext,
    Comparison,
    Question,
    Text,
    arguments_check,
    as_cell,
    draw,
    mismatch,
    show,
    value_check,
)
from reference import morpion as ref

from .positions import (
    AT_WIN,
    BEFORE_WIN,
    COMP,
    HUMAN,
    KINDS,
    SubmissionState,
    as_bool,
    empty,
    full_boards,
    line_position,
    line_positions,
    positions,
)

if TYPE_CHECKING:
    from hypothesis import strategies as st


def _call(
    ctx: CheckContext[SubmissionState], func: str, state: list[list[int]], *more: Any, keep_args: bool = False
) -> tuple[str, CallResult]:
    args = ", ".join(show(a) for a in (state,) + more)
    call = f"{func}({args})"
    return call, ctx.call(func, state, *more, shown=call, board=state, keep_args=keep_args)


def _calls_of(
    ctx: CheckContext[SubmissionState], func: str, *more: Any, keep_args: bool = False
) -> Callable[[tuple[Any, ...]], list[Call]]:
    """The call `_call(ctx, func, state, *more)` makes for an example (state, player),
    for `for_all(..., calls=)`: sent ahead with the others."""
    return lambda example: [ctx.ask(func, example[0], *more, keep_args=keep_args)]


def by_value(func: str) -> Callable[[tuple[Any, ...]], str]:
    """How a call is shown: every argument as its value, the grid too (it is drawn below)."""
    return lambda args: f"{func}({', '.join(str(show(a)) for a in args)})"


AS_BOOL = Comparison("a boolean", lambda expected, obtained, args: as_bool(obtained) is expected)
"""True or False, 1 or 0, None for False (docs/reference/exercises/morpion.md, decisions)."""


def _first(example: tuple[Any, ...]) -> tuple[Any, ...]:
    """A drawn (state, player to move): the arguments of a function of the grid alone."""
    return (example[0],)


# -- Q1 wins -------------------------------------------------------------------
def _check_wins(ctx: CheckContext[SubmissionState], state: list[list[int]], player: int) -> None:
    call, result = _call(ctx, "wins", state, player)
    expected = ref.wins(state, player)
    if as_bool(result.value) is not expected:
        raise mismatch(call, expected, result.value, state)


def _line_cases(kind: str) -> list[tuple[list[list[int]], int]]:
    """Each line of `kind` held by each player, asked for both players."""
    return [
        (line_position(line, holder), player)
        for line in KINDS[kind]
        for holder in (COMP, HUMAN)
        for player in (holder, -holder)
    ]


wins_value = functools.partial(
    value_check, reference=ref.wins, board=0, compare=AS_BOOL, arguments=None, shown=by_value("wins")
)
"""A check of wins on listed grids (each call sent ahead)."""


def q1_random(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        state, _ = example
        for player in (COMP, HUMAN):
            _check_wins(ctx, state, player)

    def calls(example: tuple[Any, ...]) -> list[Call]:
        return [ctx.ask("wins", example[0], player) for player in (COMP, HUMAN)]

    explicit = [(b, COMP) for b in full_boards()]
    ctx.for_all(draw(positions, AT_WIN), probe, examples=25, explicit=explicit, calls=calls)


# -- Q2 evaluate ---------------------------------------------------------------
NO_WIN = [[1, -1, 0], [0, 1, 0], [0, 0, -1]]
evaluate_value = functools.partial(
    value_check,
    reference=ref.evaluate,
    board=0,
    arguments=None,
    shown=by_value("evaluate"),
    note=Text(
        "+1 si COMP (+1) gagne, -1 si HUMAN (-1) gagne, 0 sinon",
        "+1 when COMP (+1) wins, -1 when HUMAN (-1) wins, 0 otherwise",
    ),
)
"""A check of evaluate's value."""


# -- Q3 game_over --------------------------------------------------------------
def _check_game_over(ctx: CheckContext[SubmissionState], state: list[list[int]]) -> None:
    call, result = _call(ctx, "game_over", state)
    expected = ref.game_over(state)
    obtained = as_bool(result.value)
    if obtained is expected:
        return
    if not expected and not ref.empty_cells(state) and obtained is True:
        return  # a full board is a finished game too: the article does not say, both accepted
    raise mismatch(
        call,
        expected,
        result.value,
        state,
        note=Text(
            "la partie est finie quand l'un des deux joueurs a gagné",
            "the game is over when either player has won",
        ),
    )


def q3_won(ctx: CheckContext[SubmissionState]) -> None:
    ctx.for_all(
        draw(_won),
        lambda ex: _check_game_over(ctx, ex[0]),
        examples=12,
        explicit=[(s, COMP) for s in line_positions()],
        calls=_calls_of(ctx, "game_over"),
    )
    # `return True` answers every won position: as `not_won` is value-free for a constant
    # False, this check asks for one False, on the empty board, so a constant earns nothing.
    call, result = _call(ctx, "game_over", empty())
    if as_bool(result.value) is not False:
        raise mismatch(
            call,
            False,
            result.value,
            empty(),
            note=Text(
                "la partie n'est pas finie sur la grille vide : la réponse doit dépendre de la grille",
                "the game is not over on the empty board: the answer must depend on the board",
            ),
        )


def _won() -> st.SearchStrategy:
    """Positions where a player has won."""
    return positions(AT_WIN).filter(lambda ex: ref.game_over(ex[0]))


def q3_not_won(ctx: CheckContext[SubmissionState]) -> None:
    ctx.for_all(
        draw(positions, BEFORE_WIN),
        lambda ex: _check_game_over(ctx, ex[0]),
        examples=15,
        explicit=[(empty(), COMP)] + [(b, COMP) for b in full_boards()[:2]],
        calls=_calls_of(ctx, "game_over"),
    )


# -- Q4 empty_cells ------------------------------------------------------------
def _cell_set(value: Any) -> set[Any] | None:
    """The cells as a set of (x, y), or None when not distinct coordinate pairs."""
    if not isinstance(value, (list, tuple, set, frozenset)):
        return None
    cells = [as_cell(c) for c in value]
    if None in cells or len(set(cells)) != len(cells):
        return None
    return set(cells)


def _check_empty_cells(ctx: CheckContext[SubmissionState], state: list[list[int]]) -> None:
    call, result = _call(ctx, "empty_cells", state)
    expected = ref.empty_cells(state)
    if _cell_set(result.value) != {tuple(c) for c in expected}:
        note = _what_empty_cells_got_wrong(ctx, state, result.value)
        raise mismatch(call, expected, result.value, state, note=note)


def _what_empty_cells_got_wrong(ctx: CheckContext[SubmissionState], state: list[list[int]], got: Any) -> Text:
    """What is wrong in `got`, the cells empty_cells(state) gave, as the student can fix it."""
    if not isinstance(got, (list, tuple, set, frozenset)):
        return Text(
            "empty_cells doit renvoyer la liste des cases vides [x, y], dans n'importe quel ordre",
            "empty_cells must return the list of the empty cells [x, y], in any order",
        )
    cells = [as_cell(c) for c in got]
    odd = [c for c, cell in zip(got, cells, strict=True) if cell is None]
    if odd:
        return Text(f"{show(odd[0])} n'est pas une case [x, y]", f"{show(odd[0])} is not a cell [x, y]")
    pairs: list[tuple[int, int]] = [c for c in cells if c is not None]
    twice = sorted({c for c in pairs if pairs.count(c) > 1})
    if twice:
        shown = show(list(twice[0]))
        return Text(f"la case {shown} y est plusieurs fois", f"cell {shown} is there more than once")
    found, expected = set(pairs), {(x, y) for x, y in ref.empty_cells(state)}
    board, name = ctx.state.saved_board, ctx.state.board_name
    reads_global = name in ctx.student.uses.get(ctx.student.aliases.get("empty_cells", "empty_cells"), [])
    if reads_global and _is_board(board) and found == {(x, y) for x, y in ref.empty_cells(board)}:
        return Text(
            f"ce sont les cases vides de la grille globale {name} : empty_cells lit {name} au lieu de la "
            "grille qu'on lui passe",
            f"these are the empty cells of the global grid {name}: empty_cells reads {name} instead of the "
            "grid it is given",
        )
    if len(found) == 9 and len(expected) < 9:
        return Text(
            "les 9 cases, comme si la grille était vide : empty_cells ne lit pas le contenu de la grille "
            "qu'on lui passe",
            "all 9 cells, as if the grid were empty: empty_cells does not read the grid it is given",
        )
    taken = sorted(found - expected)
    if taken:
        x, y = taken[0]
        if 0 <= x < 3 and 0 <= y < 3:
            return Text(
                f"la case {show([x, y])} n'est pas vide (elle vaut {state[x][y]})",
                f"cell {show([x, y])} is not empty (it holds {state[x][y]})",
            )
        return Text(f"la case {show([x, y])} est hors de la grille", f"cell {show([x, y])} is off the board")
    missing = show(list(sorted(expected - found)[0]))
    return Text(f"il manque la case vide {missing}", f"the empty cell {missing} is missing")


def _is_board(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 3
        and all(
            isinstance(row, list) and len(row) == 3 and all(c in (-1, 0, 1) for c in row) for row in value
        )
    )


def q4_empty_board(ctx: CheckContext[SubmissionState]) -> None:
    _check_empty_cells(ctx, empty())


def q4_full_boards(ctx: CheckContext[SubmissionState]) -> None:
    for board in full_boards():
        _check_empty_cells(ctx, board)


def q4_random(ctx: CheckContext[SubmissionState]) -> None:
    ctx.for_all(
        draw(positions, AT_WIN),
        lambda ex: _check_empty_cells(ctx, ex[0]),
        examples=25,
        calls=_calls_of(ctx, "empty_cells"),
    )


QUESTIONS = (
    Question(
        "Q1",
        "wins",
        (("wins",),),
        (
            wins_value(
                "rows",
                0.5,
                _line_cases("rows"),
                says=Text(
                    "gagne sur chacune des 3 lignes, pour le bon joueur seulement",
                    "wins on each of the 3 rows, for the right player only",
                ),
            ),
            wins_value(
                "columns",
                0.5,
                _line_cases("columns"),
                says=Text(
                    "gagne sur chacune des 3 colonnes, pour le bon joueur seulement",
                    "wins on each of the 3 columns, for the right player only",
                ),
            ),
            wins_value(
                "diagonals",
                0.5,
                _line_cases("diagonals"),
                says=Text(
                    "gagne sur les 2 diagonales, pour le bon joueur seulement",
                    "wins on both diagonals, for the right player only",
                ),
            ),
            Check(
                "random_positions",
                1.5,
                q1_random,
                Text(
                    "même réponse que la référence sur des parties au hasard et des grilles pleines, "
                    "pour les deux joueurs",
                    "same answer as the reference on random games and full boards, for both players",
                ),
            ),
        ),
    ),
    Question(
        "Q2",
        "evaluate",
        (("evaluate",),),
        (
            evaluate_value(
                "signs",
                0.5,
                [(line_position(ref.LINES[0], COMP),), (line_position(ref.LINES[4], HUMAN),), (NO_WIN,)],
                ahead=False,
                says=Text(
                    "+1 quand COMP gagne, -1 quand HUMAN gagne, 0 sinon",
                    "+1 when COMP wins, -1 when HUMAN wins, 0 otherwise",
                ),
            ),
            evaluate_value(
                "random_positions",
                1.0,
                [(s, COMP) for s in line_positions() + full_boards()],
                drawn=draw(positions, AT_WIN),
                examples=25,
                as_args=_first,
                says=Text(
                    "même score que la référence : victoire sur chacune des 8 lignes, grilles pleines, "
                    "parties au hasard",
                    "same score as the reference: a win on each of the 8 lines, full boards, random games",
                ),
            ),
            arguments_check(
                "unchanged",
                0.5,
                [(line_position(ref.LINES[7], COMP), HUMAN)],
                reference=ref.evaluate,
                drawn=draw(positions, AT_WIN),
                examples=8,
                as_args=_first,
                board=0,
                shown=by_value("evaluate"),
                says=Text("ne modifie pas state", "does not change state"),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q3",
        "game_over",
        (("game_over",),),
        (
            Check(
                "won",
                1.0,
                q3_won,
                Text(
                    "True quand l'un des joueurs a gagné (chacune des 8 lignes, parties au hasard), "
                    "et False sur la grille vide",
                    "True when either player has won (each of the 8 lines, random games), and False on "
                    "the empty board",
                ),
            ),
            Check(
                "not_won",
                1.0,
                q3_not_won,
                Text(
                    "False quand personne n'a gagné (True accepté aussi sur une grille pleine)",
                    "False when nobody has won (True also accepted on a full board)",
                ),
                value_free=True,
            ),
        ),
    ),  # a constant None or False answers it
    Question(
        "Q4",
        "empty_cells",
        (("empty_cells",),),
        (
            Check(
                "empty_board",
                0.5,
                q4_empty_board,
                Text("les 9 cases de la grille vide", "the 9 cells of the empty board"),
            ),
            Check(
                "full_boards",
                0.5,
                q4_full_boards,
                Text("aucune case sur une grille pleine", "no cell on a full board"),
            ),
            Check(
                "random_positions",
                2.0,
                q4_random,
                Text(
                    "mêmes cases [x, y] que la référence sur des parties au hasard "
                    "(ordre libre, listes ou tuples)",
                    "same cells [x, y] as the reference on random games (any order, lists or tuples)",
                ),
            ),
        ),
    ),
)
