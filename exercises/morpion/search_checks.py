"""Checks of minimax (Q6), and the call count from the empty board (a note, no points)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grader.kit import (
    CallFailed,
    CallTimeout,
    Check,
    CheckContext,
    Note,
    Question,
    Text,
    draw,
    is_number,
    mismatch,
    note,
    probe_private,
    same,
    show,
    unchanged,
)
from reference import morpion as ref

from .positions import (
    COMP,
    SubmissionState,
    empty,
    full_boards,
    line_positions,
    random_searchable,
    searchable,
    threat_positions,
    to_move,
)

SEARCH_BUDGET = 10.0  # one search from at most 8 empty cells: many times what the reference needs
COUNT_BUDGET = 15.0  # the whole tree from the empty board: 549,946 calls, a few seconds
ARTICLE_CALLS = 549946  # the article's figure, verified (docs/reference/sheet-facts.md)


def _search(ctx: CheckContext[SubmissionState], state: list[list[int]], player: int) -> tuple[str, Any]:
    """Call minimax(state, len(empty_cells(state)), player) once per position and
    player for the whole question (value, move and side effect share the call)."""
    depth = len(ref.empty_cells(state))
    call = f"minimax({show(state)}, {depth}, {player})"
    cache_key = ("search", ref.key(state), player)
    if cache_key not in ctx.cache:
        try:
            ctx.cache[cache_key] = ctx.call(
                "minimax",
                ref.from_key(ref.key(state)),
                depth,
                player,
                shown=call,
                board=state,
                budget=SEARCH_BUDGET,
                keep_args=True,
            )
        except CallFailed as exc:
            # kept too: a search that ran out of time is not tried again by the next check
            ctx.cache[cache_key] = exc
            if isinstance(exc.failure, CallTimeout):
                ctx.cache["timed_out"] = True
    outcome = ctx.cache[cache_key]
    if isinstance(outcome, CallFailed):
        raise CallFailed(outcome.evidence, outcome.failure)
    return call, outcome


def _triple(value: Any) -> tuple[Any, Any, Any] | None:
    """[x, y, score] (list or tuple) as a tuple, or None when it is not one."""
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return None
    x, y, score = value
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)) or not is_number(score):
        return None
    return (x, y, score)


def _not_a_triple(call: str, state: list[list[int]], obtained: Any, score: Any) -> Exception:
    """minimax returned no [x, y, score]: the expected triple is shown as a triple, with
    the position's score (`[x, y, 0]`), not as a string."""
    expected = f"[x, y, {show(score)}]"
    return mismatch(
        call,
        Text(expected, expected),
        show(obtained),
        state,
        text=True,
        note=Text(
            "minimax doit renvoyer une liste [x, y, score]", "minimax must return a list [x, y, score]"
        ),
    )


WON_LEAF = Text(
    "partie gagnée : pas de coup, [-1, -1, evaluate(state)]", "game won: no move, [-1, -1, evaluate(state)]"
)
FULL_LEAF = Text(
    "grille pleine (depth = 0) : pas de coup, [-1, -1, evaluate(state)]",
    "full board (depth = 0): no move, [-1, -1, evaluate(state)]",
)


def q6_leaves(ctx: CheckContext[SubmissionState]) -> None:
    for state in line_positions()[:8] + full_boards():
        player = to_move(state)
        call, result = _search(ctx, state, player)
        expected = [-1, -1, ref.evaluate(state)]
        if not same(result.value, expected):
            leaf = WON_LEAF if ref.game_over(state) else FULL_LEAF
            raise mismatch(call, expected, result.value, state, note=leaf)


# One move played: the largest search of the checks (59,704 calls in the article's program).
ONE_MOVE = ([[0, 0, 0], [0, -1, 0], [0, 0, 0]], COMP)


def _answer(
    ctx: CheckContext[SubmissionState], state: list[list[int]], player: int
) -> tuple[str, Any, tuple[Any, Any, Any]]:
    """(call as shown, value returned, it as (x, y, score)) of minimax on the position;
    the check fails, saying so, when the value is no [x, y, score]."""
    call, result = _search(ctx, state, player)
    triple = _triple(result.value)
    if triple is None:
        raise _not_a_triple(call, state, result.value, ref.game_value(state, player))
    return call, result.value, triple


def _each_searchable(ctx: CheckContext[SubmissionState], probe: Callable[[tuple[Any, ...]], None]) -> None:
    """`probe` on drawn positions (the one-move board and the threats first), then on
    the submission's private ones."""
    ctx.for_all(draw(searchable), probe, examples=15, explicit=[ONE_MOVE] + threat_positions())
    probe_private(ctx, random_searchable, probe)


def q6_value(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        state, player = example
        call, obtained, triple = _answer(ctx, state, player)
        expected = ref.game_value(state, player)
        if not same(triple[2], expected):
            raise mismatch(
                call,
                f"[x, y, {expected}]",
                show(obtained),
                state,
                text=True,
                note=Text(
                    f"le score de cette position pour le joueur {player} est {expected} "
                    "(+1 : COMP gagne, -1 : HUMAN gagne, 0 : nulle, si chacun joue au mieux)",
                    f"the score of this position for player {player} is {expected} "
                    "(+1: COMP wins, -1: HUMAN wins, 0: draw, with best play on both sides)",
                ),
            )

    _each_searchable(ctx, probe)


def q6_move(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        state, player = example
        call, obtained, triple = _answer(ctx, state, player)
        good = ref.optimal_moves(state, player)
        if (triple[0], triple[1]) not in good:
            moves = ", ".join(f"[{x}, {y}]" for x, y in good)
            raise mismatch(
                call,
                Text(f"un coup parmi {moves}", f"a move among {moves}"),
                show(obtained),
                state,
                text=True,
                note=Text(
                    f"le coup [{triple[0]}, {triple[1]}] n'est pas une case vide qui atteint le "
                    f"score {ref.game_value(state, player)} de la position",
                    f"move [{triple[0]}, {triple[1]}] is not an empty cell reaching the "
                    f"position's score {ref.game_value(state, player)}",
                ),
            )

    _each_searchable(ctx, probe)


def q6_unchanged(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        state, player = example
        call, result = _search(ctx, state, player)
        unchanged(
            call,
            state,
            result.argument_after(0),
            func="minimax",
            arg=Text("state", "state"),
            why=Text(" (annuler chaque coup essayé)", " (undo every move it tries)"),
        )

    ctx.for_all(draw(searchable), probe, examples=8, explicit=[ONE_MOVE])


def q6_notes(ctx: CheckContext[SubmissionState]) -> list[tuple[str, dict[str, Any]]]:
    """How many calls of minimax from the empty board, beside the article's figure."""
    shown = f"minimax({show(ref.from_key(((0, 0, 0),) * 3))}, 9, {COMP})"
    if ctx.cache.get("timed_out"):
        return [
            _text(
                f"{shown} n'a pas été essayé : minimax a déjà dépassé le temps sur une position plus petite",
                f"{shown} was not tried: minimax already ran out of time on a smaller position",
            )
        ]
    try:
        result = ctx.call("minimax", empty(), 9, COMP, shown=shown, budget=COUNT_BUDGET, count=("minimax",))
    except CallFailed as exc:
        if isinstance(exc.failure, CallTimeout):
            return [
                _text(
                    f"{shown} n'a pas fini en {COUNT_BUDGET:g} s : nombre d'appels non mesuré "
                    f"(l'article : {_fr(ARTICLE_CALLS)} appels)",
                    f"{shown} did not finish within {COUNT_BUDGET:g} s: number of calls not measured "
                    f"(the article: {ARTICLE_CALLS:,} calls)",
                )
            ]
        return [
            _text(
                f"{shown} a levé {exc.failure} : nombre d'appels non mesuré",
                f"{shown} raised {exc.failure}: number of calls not measured",
            )
        ]
    recursive = result.counts.get("minimax", 0)
    if not recursive:
        return [
            _text(
                f"{shown} renvoie {show(result.value)} sans que minimax s'appelle sous ce nom pendant "
                "l'appel (elle passe par une autre fonction, ou avait déjà le résultat en mémoire) : "
                "nombre d'appels non mesuré",
                f"{shown} returns {show(result.value)} without minimax calling itself by that name "
                "during the call (it goes through another function, or already remembered the "
                "result): number of calls not measured",
            )
        ]
    calls = recursive + 1  # the grader's own call is not counted by the worker
    return [
        _text(
            f"pour information (sans points) : {shown} fait {_fr(calls)} appels à minimax "
            f"(l'article : {_fr(ARTICLE_CALLS)}) et renvoie {show(result.value)}",
            f"for information (no points): {shown} makes {calls:,} calls to minimax "
            f"(the article: {ARTICLE_CALLS:,}) and returns {show(result.value)}",
        )
    ]


def _fr(n: int) -> str:
    """549946 -> '549 946', as a French text writes it."""
    return f"{n:,}".replace(",", " ")


def _text(fr: str, en: str) -> Note:
    return note(Text(fr, en))


QUESTIONS = (
    Question(
        "Q6",
        "minimax",
        (("minimax",),),
        (
            Check(
                "leaves",
                1.0,
                q6_leaves,
                Text(
                    "[-1, -1, evaluate(state)] sur une partie gagnée (chacune des 8 lignes) "
                    "et sur une grille pleine",
                    "[-1, -1, evaluate(state)] on a won game (each of the 8 lines) and on a full board",
                ),
            ),
            Check(
                "value",
                2.0,
                q6_value,
                Text(
                    "le score est celui de la référence (depth = len(empty_cells(state))), parties au hasard, "
                    "COMP et HUMAN",
                    "the score is the reference's (depth = len(empty_cells(state))), random games, COMP and HUMAN",
                ),
            ),
            Check(
                "move",
                2.0,
                q6_move,
                Text(
                    "le coup [x, y] est optimal (il atteint ce score)",
                    "the move [x, y] is optimal (it reaches that score)",
                ),
            ),
            Check(
                "unchanged",
                1.0,
                q6_unchanged,
                Text(
                    "state est rendu tel qu'il était (chaque coup essayé est annulé)",
                    "state is left as it was (every move tried is undone)",
                ),
                value_free=True,
            ),
        ),
        notes=q6_notes,
    ),
)
