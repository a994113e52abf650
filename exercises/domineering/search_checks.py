"""Checks of the heuristic and the search: h1 (Q8), minmax (Q9), strategie_minmax (Q10)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grader.kit import (
    CallResult,
    Check,
    CheckContext,
    Comparison,
    Mismatch,
    Question,
    Text,
    among_best,
    arguments_check,
    as_cell,
    as_pair,
    draw,
    is_number,
    mismatch,
    probe_private,
    same,
    show,
    unchanged,
    value_check,
)
from reference import domineering as ref

from . import referee
from .positions import (
    INF,
    SubmissionState,
    a_move_among,
    h1_table,
    key,
    leaves,
    midgames,
    minmax_with,
    moves_text,
    optimal_moves,
    playable,
    positions,
    random_playable,
    random_position,
    search_leaves,
    search_value,
    structural_positions,
    structural_searches,
)
from .worker_side import plateau

if TYPE_CHECKING:
    from hypothesis import strategies as st

SEARCH_BUDGET = 10.0  # one call at depth <= 3 on small boards: many times what the reference needs
MAX_LEAVES = 3000  # bound on the positions x depths drawn, to keep a submission's grading short


# -- Q8 h1 ----------------------------------------------------------------------------
def _h1_expected(v: list[list[int]]) -> set[Any]:
    """The accepted values: when neither player can move the sheet's sentence ("+inf if
    player 0 has won, -inf if player 1 has won") does not say who has won."""
    return {ref.h1(v), ref.h1_bloque_1(v)}


def _h1_note(args: tuple[Any, ...]) -> Text:
    """Why h1(v) is what the reference says, as the student can check it."""
    v = args[0]
    stuck0, stuck1 = not ref.coups_possibles(v, 0), not ref.coups_possibles(v, 1)
    if stuck0 and not stuck1:
        return Text(
            "le joueur 0 ne peut plus jouer : le joueur 1 a gagné, -inf",
            "player 0 cannot move: player 1 has won, -inf",
        )
    if stuck1 and not stuck0:
        return Text(
            "le joueur 1 ne peut plus jouer : le joueur 0 a gagné, +inf",
            "player 1 cannot move: player 0 has won, +inf",
        )
    if len(_h1_expected(v)) > 1:
        return Text(
            "aucun joueur ne peut jouer : -inf ou +inf sont acceptés",
            "neither player can move: -inf or +inf are accepted",
        )
    moves0, moves1 = len(ref.coups_possibles(v, 0)), len(ref.coups_possibles(v, 1))
    return Text(
        f"{moves0} coups pour le joueur 0, {moves1} pour le joueur 1",
        f"{moves0} moves for player 0, {moves1} for player 1",
    )


H1 = Comparison(
    "h1's value", lambda expected, obtained, args: any(same(obtained, e) for e in _h1_expected(args[0]))
)
"""The reference's value; either infinity where neither player can move."""
h1_value = functools.partial(
    value_check, reference=ref.h1, board=0, compare=H1, arguments=None, note=_h1_note
)
"""A check of h1's value."""


def _grid(position: tuple[Any, ...]) -> tuple[Any, ...]:
    """A drawn (board, player): the arguments of h1(v)."""
    return (position[0],)


# Player 0 stuck, player 1 not (-inf); player 1 stuck, player 0 not (+inf).
INFINITE_CASES = (
    ref.grille_vide(1, 3),
    ref.grille_vide(3, 1),
    ref.rejouer(2, 2, [0])[0],
    ref.rejouer(3, 3, [0, 0, 0, 0])[0],
    ref.rejouer(2, 3, [2, 0])[0],
    ref.rejouer(2, 4, [1, 1, 0])[0],
)


# -- Q9 minmax --------------------------------------------------------------------------
def _search_examples(max_depth: int = 3) -> st.SearchStrategy:
    """(board, player, depth >= 1), the player having a move, the tree kept small."""
    from hypothesis import strategies as st

    def with_depth(t: tuple[Any, ...]) -> st.SearchStrategy:
        depths = [d for d in range(1, max_depth + 1) if leaves(t[0], t[1], d) <= MAX_LEAVES]
        return st.sampled_from(depths).map(lambda d: (t[0], t[1], d))

    return playable(1, 5).flatmap(with_depth)


def _private_search(max_depth: int, rng: random.Random) -> tuple[Any, ...]:
    """(board, player, depth) as `_search_examples` draws one, for one submission."""
    for _ in range(50):
        v, joueur = random_playable(rng, 1, 5)
        depths = [d for d in range(1, max_depth + 1) if leaves(v, joueur, d) <= MAX_LEAVES]
        if depths:
            return v, joueur, rng.choice(depths)
    return ref.grille_vide(3, 4), 0, 1


def _private_strategy_position(depth: int, rng: random.Random) -> tuple[Any, ...]:
    """(board, player) as `_strategy_positions` draws one, for one submission."""
    for _ in range(50):
        v, joueur = random_playable(rng, 2, 5)
        if leaves(v, joueur, depth) <= MAX_LEAVES * 4:
            return v, joueur
    return ref.grille_vide(3, 3), 0


def check_search(call: str, v: list[list[int]], joueur: int, depth: int, h: str, obtained: Any) -> None:
    """`obtained` must be (value, move): the reference's value and an optimal move.

    When every move loses (-inf for player 0, +inf for player 1) every move is
    optimal, and None (a skeleton that starts without a best move) is accepted too."""
    expected_value = search_value(key(v), joueur, depth, h)
    good = optimal_moves(key(v), joueur, depth, h)
    wrong = functools.partial(mismatch, call, (expected_value, min(good)), obtained, v)
    pair = as_pair(obtained)
    if pair is None or not is_number(pair[0]):
        raise wrong(
            note=Text(
                "minmax doit renvoyer un couple (valeur, coup)", "minmax must return a pair (value, move)"
            )
        )
    value, move = pair
    if not same(value, expected_value):
        raise wrong(
            note=Text(
                f"la valeur n'est pas celle de min-max à la profondeur {depth}",
                f"the value is not min-max's at depth {depth}",
            )
        )
    lost = expected_value == (-INF if joueur == 0 else INF)
    among_best(call, move, good, v, among=a_move_among, key=as_cell, accepted=lost and move is None)


SHOWN_H = {"h1": "h1_correction", "h_poids": "h_poids"}
"""How the grader's heuristics are named in the calls shown: h1_correction is the
reference's h1 (its values, computed by the grader), so that a wrong h1 does not fail
minmax."""


def _minmax(
    ctx: CheckContext[SubmissionState],
    v: list[list[int]],
    joueur: int,
    depth: int,
    h: str,
    keep_args: bool = False,
) -> tuple[str, CallResult]:
    """`minmax(v, joueur, depth, h)`. The sheet's h1 is handed as the table of its values
    on the boards of this very search (`worker_side.minmax_h1`): the worker never holds
    an h1 that a submission could keep as its own (issue 32)."""
    call = f"minmax(v, {joueur}, {depth}, {SHOWN_H[h]})"
    if h != "h1":
        result = ctx.call(
            "minmax",
            ctx.as_student(v),
            joueur,
            depth,
            ctx.student.ref("@" + h),
            shown=call,
            board=v,
            budget=SEARCH_BUDGET,
            keep_args=keep_args,
        )
        return call, result
    boards, values = h1_table(key(v), joueur, depth)
    both = ctx.value(
        "@minmax_h1",
        ctx.student.ref("minmax"),
        list(boards),
        list(values),
        ctx.as_student(v),
        joueur,
        depth,
        shown=call,
        board=v,
        budget=SEARCH_BUDGET,
    )
    value, after = both if isinstance(both, list) and len(both) == 2 else (both, None)
    return call, CallResult(value=value, args_after=[after, joueur, depth, SHOWN_H[h]])


def q9_leaves(ctx: CheckContext[SubmissionState]) -> None:
    heuristics: dict[str, Callable[[list[Any]], float]] = {"h1": ref.h1, "h_poids": ref.h_poids}
    cases = (
        (ref.grille_vide(3, 4), 0, 0, "h1"),
        (ref.rejouer(4, 4, [2, 7])[0], 1, 0, "h_poids"),
        (ref.grille_vide(1, 4), 0, 2, "h1"),
        (ref.grille_vide(4, 1), 1, 2, "h_poids"),
        (ref.rejouer(2, 2, [0])[0], 1, 3, "h_poids"),
    )
    for v, joueur, depth, h in cases:
        call, result = _minmax(ctx, v, joueur, depth, h)
        expected = (heuristics[h](v), None)
        pair = as_pair(result.value)
        if pair is None or pair[1] is not None or not same(pair[0], expected[0]):
            note = (
                Text("profondeur 0 : renvoyer (h(v), None)", "depth 0: return (h(v), None)")
                if depth == 0
                else Text(
                    f"le joueur {joueur} ne peut pas jouer : renvoyer (h(v), None)",
                    f"player {joueur} cannot move: return (h(v), None)",
                )
            )
            raise mismatch(call, expected, result.value, v, note=note)


def _random_search(h: str, examples: int, max_depth: int) -> Callable[[CheckContext[SubmissionState]], None]:
    def check(ctx: CheckContext[SubmissionState]) -> None:
        def probe(example: tuple[Any, ...]) -> None:
            v, joueur, depth = example
            call, result = _minmax(ctx, v, joueur, depth, h)
            check_search(call, v, joueur, depth, h, result.value)

        explicit = [(ref.grille_vide(3, 4), 0, 2), (ref.grille_vide(4, 3), 1, 2)] + [
            (v, joueur, min(depth, max_depth)) for v, joueur, depth in structural_searches()
        ]
        ctx.for_all(draw(_search_examples, max_depth), probe, examples=examples, explicit=explicit)
        probe_private(ctx, functools.partial(_private_search, min(max_depth, 2)), probe, count=1)

    return check


def q9_own_h1(ctx: CheckContext[SubmissionState]) -> None:
    """With the student's own h1: the answer of the sheet's minmax run with that same h1
    (its values on the search's leaves asked of the student, the search run by the
    grader), so that a wrong h1 does not fail minmax here."""
    for v, joueur in (
        (ref.grille_vide(3, 4), 0),
        (ref.rejouer(4, 4, [1, 5])[0], 0),
        (ref.rejouer(3, 5, [2])[0], 1),
    ):
        call = f"minmax(v, {joueur}, 2, h1)"
        h = ctx.student.ref("h1")
        obtained = ctx.value(
            "minmax", ctx.as_student(v), joueur, 2, h, shown=call, board=v, budget=SEARCH_BUDGET
        )
        leaves_of = search_leaves(v, joueur, 2)
        own = ctx.value(
            "@valeurs", h, [ctx.as_student(b) for b in leaves_of], shown=call, budget=SEARCH_BUDGET
        )
        values = {
            plateau(b): x for b, x in zip(leaves_of, own if isinstance(own, list) else [], strict=False)
        }
        try:
            value, good = minmax_with(values, v, joueur, 2)
        except (KeyError, TypeError):  # h1 answered something that is not a number
            raise mismatch(
                call,
                Text("des valeurs de h1 comparables", "comparable values of h1"),
                show(own),
                v,
                text=True,
                note=Text(
                    "votre h1 doit renvoyer un nombre pour chaque plateau",
                    "your h1 must return a number for each board",
                ),
            ) from None
        good = {as_cell(m) for m in good}
        pair = as_pair(obtained)
        if pair is None or not same(pair[0], value) or as_cell(pair[1]) not in good:
            raise mismatch(
                call,
                Text(
                    f"({show(value)}, un coup parmi {moves_text(good)})",
                    f"({show(value)}, a move among {moves_text(good)})",
                ),
                show(obtained),
                v,
                text=True,
                note=Text(
                    "avec votre h1 passée en argument (la valeur attendue est calculée avec votre h1)",
                    "with your own h1 as the argument (the expected value uses your h1)",
                ),
            )


def q9_unchanged(ctx: CheckContext[SubmissionState]) -> None:
    for v, joueur, depth in (
        (ref.grille_vide(3, 4), 0, 2),
        (ref.rejouer(4, 4, [1, 5])[0], 0, 3),
        (ref.rejouer(3, 5, [2])[0], 1, 2),
    ):
        call, result = _minmax(ctx, v, joueur, depth, "h1", keep_args=True)
        unchanged(
            call,
            v,
            result.argument_after(0),
            func="minmax",
            why=Text(" (chaque coup placé doit être retiré)", " (every move placed must be removed)"),
        )


# -- Q10 strategie_minmax ----------------------------------------------------------------
OTHER_DEPTHS = (1, 3)
"""The sheet says "par exemple une profondeur de 2": depth 2 is checked first, and a
submission whose answers are all optimal at depth 1 or 3 instead is accepted as well."""


def _best_moves(v: list[list[int]], joueur: int, depth: int) -> frozenset[Any]:
    """Optimal moves with h1, under either reading of h1 when neither player can move."""
    return optimal_moves(key(v), joueur, depth, "h1") | optimal_moves(key(v), joueur, depth, "h1_bloque_1")


def _strategy_probe(ctx: CheckContext[SubmissionState], depth: int) -> Callable[[tuple[Any, ...]], None]:
    def probe(example: tuple[Any, ...]) -> None:
        v, joueur = example
        call = f"strategie_minmax(v, {joueur})"
        move = ctx.value(
            "strategie_minmax", ctx.as_student(v), joueur, shown=call, board=v, budget=SEARCH_BUDGET
        )
        good = _best_moves(v, joueur, depth)
        lost = search_value(key(v), joueur, depth, "h1") == (-INF if joueur == 0 else INF)
        among_best(
            call,
            move,
            good,
            v,
            among=a_move_among,
            key=as_cell,
            accepted=lost and move is None,
            note=Text(
                f"ce coup n'est pas optimal pour minmax(v, {joueur}, {depth}, h1)",
                f"this move is not optimal for minmax(v, {joueur}, {depth}, h1)",
            ),
        )

    return probe


def _strategy_positions(depth: int) -> st.SearchStrategy:
    from hypothesis import strategies as st

    crowded = midgames().filter(lambda t: ref.coups_possibles(*t))
    return st.one_of(playable(2, 5), crowded).filter(lambda t: leaves(t[0], t[1], depth) <= MAX_LEAVES * 4)


# Positions (by the move choices of ref.rejouer on 5 x 5) where no optimal move for h1
# is optimal for an h1 with swapped infinities: the infinities decide the move there.
INFINITY_DECIDES = (
    [5, 19, 21, 0, 26, 48],
    [40, 15, 0, 38, 23, 23, 39, 29],
    [55, 35, 54, 59, 49, 29, 28],
    [11, 40, 9, 19, 58, 14, 52],
)


def q10_optimal(ctx: CheckContext[SubmissionState]) -> None:
    explicit = [(ref.grille_vide(5, 5), 0), (ref.rejouer(5, 5, [7])[0], 1)] + [
        ref.rejouer(5, 5, choices) for choices in INFINITY_DECIDES
    ]
    try:
        ctx.for_all(draw(_strategy_positions, 2), _strategy_probe(ctx, 2), examples=10, explicit=explicit)
        probe_private(ctx, functools.partial(_private_strategy_position, 2), _strategy_probe(ctx, 2), count=1)
        return
    except Mismatch as first_failure:
        failure = first_failure
    for depth in OTHER_DEPTHS:  # the same submission, read as searching at another depth
        try:
            ctx.for_all(
                draw(_strategy_positions, depth),
                _strategy_probe(ctx, depth),
                examples=6,
                explicit=explicit,
                seed=f"{ctx.check_name}_{depth}",
            )
            private = functools.partial(_private_strategy_position, depth)
            probe_private(ctx, private, _strategy_probe(ctx, depth), count=1, what=f"depth {depth}")
            return
        except Mismatch:
            continue
    raise failure


DUEL_GAMES = 25  # per seat: 50 games in all
DUEL_BUDGET = 30.0


def q10_beats_random(ctx: CheckContext[SubmissionState]) -> None:
    wins = 0
    empty = ref.grille_vide(5, 5)
    for seat in (0, 1):
        call = Text(
            f"{DUEL_GAMES} parties sur 5 x 5 : strategie_minmax (joueur {seat}) contre "
            f"une stratégie au hasard (joueur {1 - seat})",
            f"{DUEL_GAMES} games on 5 x 5: strategie_minmax (player {seat}) against "
            f"a random strategy (player {1 - seat})",
        )
        result = referee.duel(ctx, empty, DUEL_GAMES, seat, DUEL_BUDGET, call)
        if result.illegal is not None:
            board, joueur = result.illegal.board, result.illegal.player
            legal = moves_text(ref.coups_possibles(board, joueur))
            raise mismatch(
                f"strategie_minmax(v, {joueur})",
                a_move_among(legal),
                result.illegal.move,
                board,
                text=True,
                note=Text(
                    "coup impossible pendant une partie contre le hasard",
                    "impossible move during a game against random play",
                ),
            )
        wins += result.wins
    total = 2 * DUEL_GAMES
    if wins < 0.9 * total:
        call = Text(
            f"{total} parties sur 5 x 5 contre une stratégie au hasard, la moitié en tant que joueur 0",
            f"{total} games on 5 x 5 against a random strategy, half of them as player 0",
        )
        least = int(0.9 * total)
        raise mismatch(
            call,
            Text(f"au moins {least} victoires", f"at least {least} wins"),
            Text(f"{wins} victoires", f"{wins} wins"),
            text=True,
            note=Text(
                "min-max à profondeur 2 avec h1 gagne presque toujours contre le hasard",
                "min-max at depth 2 with h1 almost always wins against random play",
            ),
        )


QUESTIONS = (
    Question(
        "Q8",
        "h1",
        (("h1",),),
        (
            h1_value(
                "sheet",
                0.5,
                [(ref.grille_vide(3, 2),)],
                shown=lambda args: "h1(grille_vide(3, 2))",
                ahead=False,
                says=Text("h1(grille_vide(3, 2)) == 1 (énoncé)", "h1(grille_vide(3, 2)) == 1 (sheet)"),
            ),
            h1_value(
                "infinities",
                0.5,
                [(v,) for v in INFINITE_CASES],
                ahead=False,
                says=Text(
                    "-inf si le joueur 0 ne peut plus jouer, +inf si c'est le joueur 1",
                    "-inf when player 0 cannot move, +inf when player 1 cannot",
                ),
            ),
            h1_value(
                "random_positions",
                1.0,
                structural_positions(),
                drawn=draw(positions),
                examples=25,
                private=random_position,
                as_args=_grid,
                says=Text(
                    "la même valeur que la correction, positions au hasard",
                    "the same value as the reference, random positions",
                ),
            ),
            arguments_check(
                "unchanged",
                0.5,
                [(ref.grille_vide(3, 2),), (ref.rejouer(4, 4, [1, 2, 3, 4])[0],), (ref.grille_vide(1, 3),)],
                reference=ref.h1,
                board=0,
                ahead=False,
                says=Text("ne modifie pas v", "does not change v"),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q9",
        "minmax",
        (("minmax",),),
        (
            Check(
                "leaves",
                0.5,
                q9_leaves,
                Text(
                    "(h(v), None) à la profondeur 0 et quand le joueur ne peut pas jouer",
                    "(h(v), None) at depth 0 and when the player cannot move",
                ),
            ),
            Check(
                "random_positions",
                1.75,
                _random_search("h1", 12, 3),
                Text(
                    "avec h1_correction (la h1 de la correction) : la valeur de la correction et un coup optimal "
                    "(profondeurs 1 à 3)",
                    "with h1_correction (the reference's h1): the reference's value and an optimal move "
                    "(depths 1 to 3)",
                ),
            ),
            Check(
                "uses_h",
                0.5,
                _random_search("h_poids", 6, 2),
                Text(
                    "utilise l'heuristique h reçue en argument (une autre que h1)",
                    "uses the heuristic h it is given (another one than h1)",
                ),
            ),
            Check(
                "own_h1",
                0.25,
                q9_own_h1,
                Text(
                    "fonctionne avec votre propre h1 passée en argument",
                    "works with your own h1 passed as the argument",
                ),
            ),
            Check(
                "unchanged",
                0.5,
                q9_unchanged,
                Text("ne modifie pas v (placer puis retirer)", "does not change v (placer then retirer)"),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q10",
        "strategie_minmax",
        (("strategie_minmax",),),
        (
            Check(
                "optimal_move",
                1.25,
                q10_optimal,
                Text(
                    "renvoie un coup optimal de minmax à la profondeur 2 avec h1",
                    "returns an optimal move of minmax at depth 2 with h1",
                ),
            ),
            Check(
                "beats_random",
                1.25,
                q10_beats_random,
                Text(
                    "gagne au moins 90 % de 50 parties contre le hasard sur 5 x 5",
                    "wins at least 90% of 50 games against random play on 5 x 5",
                ),
            ),
        ),
    ),
)
