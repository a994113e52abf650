"""Checks of the two questions: minimax_rec (Q1) and minimax (Q2)."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from grader.kit import CallResult, Check, CheckContext, Question, Text, as_pair, mismatch, show

from .conventions import Conventions
from .judge import expected_text, is_int, move_problem, strategy_problem, value_problem, winner
from .worker_side import TAMPERED

CALL_BUDGET = 5.0
FAST_BUDGET = (
    1.0  # docs/reference/grading-contract.md §4: minimax(30, 30) within a second (the reference: far less)
)
BIG = 30
SMALL = 6  # sides of the random bars: without memoisation 6 x 6 takes ~16,000 calls, 7 x 7 ~130,000


def all_states(players: tuple[int, ...], largest: int = SMALL) -> list[tuple[int, int, int]]:
    """Every state (m, n, p) with m, n <= largest, p one of `players`, smallest bars first:
    the domain is small enough to be covered whole, and the first failure is then the smallest."""
    return sorted(
        ((m, n, p) for m in range(1, largest + 1) for n in range(1, largest + 1) for p in players),
        key=lambda s: (s[0] + s[1], s),
    )


def _rec_call(state: tuple[int, int, int]) -> str:
    m, n, p = state
    return f"minimax_rec({{}}, {m}, {n}, {p})"


def _rec(
    ctx: CheckContext[Conventions],
    state: tuple[int, int, int],
    keep_args: bool = False,
    budget: float = CALL_BUDGET,
) -> CallResult:
    return ctx.call("minimax_rec", {}, *state, shown=_rec_call(state), budget=budget, keep_args=keep_args)


def _check_winner(call: str, state: tuple[int, int, int], value: Any, ctx: CheckContext[Conventions]) -> None:
    """The winner part of `value` must be right (the move is other checks' business)."""
    pair = as_pair(value)
    if pair is not None and is_int(pair[0]) and pair[0] == winner(state, ctx.state.players):
        return
    problem = value_problem(state, value, ctx.state)
    if problem is not None:
        raise mismatch(call, problem.expected, show(value), note=problem.note, text=True)


# -- Q1 minimax_rec --------------------------------------------------------------
def q1_base_case(ctx: CheckContext[Conventions]) -> None:
    for p in ctx.state.players.both:
        state = (1, 1, p)
        _check_winner(_rec_call(state), state, _rec(ctx, state).value, ctx)


def q1_winner(ctx: CheckContext[Conventions]) -> None:
    for state in all_states(ctx.state.players.both):
        _check_winner(_rec_call(state), state, _rec(ctx, state).value, ctx)


def q1_winning_move(ctx: CheckContext[Conventions]) -> None:
    for state in (s for s in all_states(ctx.state.players.both) if s[0] != s[1]):
        value = _rec(ctx, state).value
        pair = as_pair(value)  # the move alone: the winner is the previous check's business
        problem = move_problem(state, pair[1] if pair else value, ctx.state, expected_text(state, ctx.state))
        if problem is not None:
            raise mismatch(_rec_call(state), problem.expected, show(value), note=problem.note, text=True)


def q1_fills_dic(ctx: CheckContext[Conventions]) -> None:
    for state in all_states(ctx.state.players.both):
        result = _rec(ctx, state, keep_args=True)
        dic: Any = result.args_after[0] if result.args_after else None
        call = f"dic = {{}} ; {_rec_call(state).replace('{}', 'dic')}"
        found = strategy_problem(dic, state, ctx.state)
        if found is not None:
            raise mismatch(call, found.problem.expected, found.obtained, note=found.problem.note, text=True)
        if not _same_value(dic.get(state), result.value):
            raise mismatch(
                call,
                Text(
                    f"la valeur de dic[{show(state)}], {show(dic.get(state))}",
                    f"the value of dic[{show(state)}], {show(dic.get(state))}",
                ),
                show(result.value),
                text=True,
                note=Text(
                    "minimax_rec doit renvoyer la valeur qu'il a rangée dans dic pour cet état",
                    "minimax_rec must return the value it stored in dic for that state",
                ),
            )


def _same_value(stored: Any, returned: Any) -> bool:
    a, b = as_pair(stored), as_pair(returned)
    same: bool = a is not None and b is not None and a[0] == b[0] and _same_move(a[1], b[1])
    return same


def _same_move(a: Any, b: Any) -> bool:
    x, y = as_pair(a), as_pair(b)
    if x is None or y is None:
        same: bool = a == b
        return same
    return x == y


ONCE_STATE = (5, 7, 1)


def q1_computed_once(ctx: CheckContext[Conventions]) -> None:
    """The states the probe saw computed came to the grader one by one as they were
    computed (`worker_side.memo_probe`, `tally`): counted here, out of the student's reach."""
    call = _rec_call(ONCE_STATE)
    result = ctx.call("@memo_probe", *ONCE_STATE, shown=call, budget=CALL_BUDGET)
    value = result.value[0] if isinstance(result.value, list) and result.value else None
    _check_winner(call, ONCE_STATE, value, ctx)
    computed = Counter(result.tally)
    twice = sorted(k for k, c in computed.items() if c > 1 and k != TAMPERED)
    count, first, times = len(twice), twice[:1], [computed[k] for k in twice[:1]]
    wrong = functools.partial(
        mismatch, call, Text("chaque état calculé une seule fois", "each state computed once"), text=True
    )
    if TAMPERED in computed:  # the student's code switched the grader's profile hook off
        raise wrong(
            Text("non mesurable : sys.setprofile appelé", "not measurable: sys.setprofile called"),
            note=Text(
                "minimax_rec ne doit pas changer la fonction de profilage de Python",
                "minimax_rec must not change Python's profile function",
            ),
        )
    if count:
        raise wrong(
            Text(
                f"{count} état(s) calculé(s) plusieurs fois, par exemple {first[0]} : {times[0]} fois",
                f"{count} state(s) computed more than once, e.g. {first[0]}: {times[0]} times",
            ),
            note=Text(
                "un état déjà dans dic doit être renvoyé tout de suite (étape 1 du sujet), sans "
                "refaire les appels récursifs",
                "a state already in dic must be returned at once (step 1 of the sheet), without "
                "making the recursive calls again",
            ),
        )


def q1_fast(ctx: CheckContext[Conventions]) -> None:
    state = (BIG, BIG, 1)
    value = _rec(ctx, state, budget=FAST_BUDGET).value
    _check_winner(_rec_call(state), state, value, ctx)


# -- Q2 minimax ------------------------------------------------------------------
def _check_strategy(ctx: CheckContext[Conventions], m: int, n: int, budget: float = CALL_BUDGET) -> None:
    call = f"minimax({m}, {n})"
    dic = ctx.value("minimax", m, n, shown=call, budget=budget)
    found = strategy_problem(dic, (m, n, 1), ctx.state)
    if found is not None:
        raise mismatch(call, found.problem.expected, found.obtained, note=found.problem.note, text=True)


def q2_small_bars(ctx: CheckContext[Conventions]) -> None:
    for m, n in ((1, 1), (1, 2), (2, 1), (1, 5), (6, 1)):
        _check_strategy(ctx, m, n)


def q2_sizes(ctx: CheckContext[Conventions]) -> None:
    for m, n, _ in all_states((1,)):
        _check_strategy(ctx, m, n)


def q2_fast(ctx: CheckContext[Conventions]) -> None:
    _check_strategy(ctx, BIG, BIG, budget=FAST_BUDGET)


QUESTIONS = (
    Question(
        "Q1",
        "minimax_rec",
        (("minimax_rec",),),
        (
            Check(
                "base_case",
                1.5,
                q1_base_case,
                Text(
                    "tablette 1 x 1 : le joueur p qui doit jouer a perdu, le gagnant est l'autre joueur",
                    "1 x 1 bar: player p, who must move, has lost; the winner is the other player",
                ),
            ),
            Check(
                "winner",
                2.5,
                q1_winner,
                Text(
                    "le gagnant renvoyé est juste (le joueur qui doit jouer gagne si et seulement si m != n), "
                    "m, n <= 6, p = 1 ou l'autre joueur (2, ou -1 ou 0 si votre copie le numérote ainsi)",
                    "the winner returned is right (the player to move wins exactly when m != n), "
                    "m, n <= 6, p = 1 or the other player (2, or -1 or 0 if your copy numbers it so)",
                ),
            ),
            Check(
                "winning_move",
                2.5,
                q1_winning_move,
                Text(
                    "quand m != n, le coup renvoyé est légal et laisse une tablette carrée (perdante) "
                    "à l'adversaire",
                    "when m != n, the move returned is legal and leaves a square (losing) bar to the opponent",
                ),
            ),
            Check(
                "fills_dic",
                2.5,
                q1_fills_dic,
                Text(
                    "après minimax_rec(dic, m, n, p), dic contient tous les états accessibles, chacun avec le bon "
                    "gagnant et un coup gagnant quand il y en a un ; la valeur renvoyée est celle rangée dans dic",
                    "after minimax_rec(dic, m, n, p), dic holds every reachable state, each with the right winner "
                    "and a winning move when there is one; the value returned is the one stored in dic",
                ),
            ),
            Check(
                "computed_once",
                1.5,
                q1_computed_once,
                Text(
                    "mémoïsation : aucun état n'est calculé deux fois (minimax_rec({}, 5, 7, 1))",
                    "memoisation: no state is computed twice (minimax_rec({}, 5, 7, 1))",
                ),
                value_free=True,
            ),
            Check(
                "fast",
                1.5,
                q1_fast,
                Text(
                    "mémoïsation : minimax_rec({}, 30, 30, 1) donne le bon gagnant en moins d'une seconde",
                    "memoisation: minimax_rec({}, 30, 30, 1) gives the right winner within a second",
                ),
            ),
        ),
    ),
    Question(
        "Q2",
        "minimax",
        (("minimax",),),
        (
            Check(
                "small_bars",
                2,
                q2_small_bars,
                Text(
                    "minimax(1, 1), minimax(1, n), minimax(n, 1) : la stratégie gagnante complète depuis (m, n, 1)",
                    "minimax(1, 1), minimax(1, n), minimax(n, 1): the whole winning strategy from (m, n, 1)",
                ),
            ),
            Check(
                "sizes",
                3.5,
                q2_sizes,
                Text(
                    "minimax(m, n), m, n <= 6 : un dictionnaire de tous les états accessibles depuis (m, n, 1), "
                    "bons gagnants, coups gagnants",
                    "minimax(m, n), m, n <= 6: a dictionary of every state reachable from (m, n, 1), right "
                    "winners, winning moves",
                ),
            ),
            Check(
                "fast",
                2.5,
                q2_fast,
                Text(
                    "minimax(30, 30) répond en moins d'une seconde, avec une stratégie juste",
                    "minimax(30, 30) answers within a second, with a right strategy",
                ),
            ),
        ),
    ),
)
