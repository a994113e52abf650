"""Checks of the search functions: MinMax (Q15) and the pruning exercise (Q16, manual);
what the checks of searches share (alpha-beta's, Q17: `alpha_beta_checks`). The draws
of alpha-beta's windows stay here: the shipped examples and the private positions are
named by the module of their generator."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from grader.kit import (
    Call,
    CallFailed,
    CallResult,
    CallTimeout,
    Check,
    CheckContext,
    Evidence,
    Question,
    Text,
    among_best,
    as_pair,
    draw,
    is_number,
    mismatch,
    once_per_process,
    probe_private,
    same,
    show,
    unchanged,
)
from reference import puissance4 as ref

from .evaluations import JEU1_DEPTH, counted_on_jeu1
from .immediate_wins import Probe, immediate_wins
from .immediate_wins import wins_for as immediate_wins_of
from .positions import (
    INF,
    OPPONENT_THREAT,
    OWN_THREAT,
    SEARCH_BUDGET,
    SubmissionState,
    columns,
    games,
    key,
    nearly_full,
    optimal_columns,
    pruned_nodes,
    random_search_game,
    sample,
    search_value,
    threats,
)

if TYPE_CHECKING:
    from hypothesis import strategies as st

SEARCH_SHRINK_PROBES = 20
"""Probes to shrink a search's failure: each candidate needs the reference's search too,
which costs more than the student's call: a few dozen are worth it, not more."""
PAIR = Text("(colonne, valeur)", "(column, value)")


OPEN_BOARD = 4
"""A board with fewer tokens is searched at depth 2 at most by the random search checks
(the drawn depth lowered when probed: the draws, their ladders and the shrinks are those
of `_search_games`). At depth 3 its tree has all 7 x 7 x 7 = 343 leaves, most of the
student CPU these checks spent on the class of issue 13, and no mutant (grader.mutation)
nor fixture failed on such an example alone: crowded boards searched at depth 3 catch
what it caught (docs/explanation/performance.md#less-student-code-per-check)."""


def _shallow_when_open(example: tuple[dict[str, Any], int]) -> tuple[dict[str, Any], int]:
    jeu, n = example
    return (jeu, min(n, 2)) if jeu["nbcoups"] < OPEN_BOARD else example


def _search_games(player: int) -> st.SearchStrategy:
    """(game, depth): nobody has won, a column is playable, `player` is to move.

    Long games are drawn on purpose as well: most bugs only show on crowded boards.
    """
    from hypothesis import strategies as st

    positions = st.one_of(games(max_moves=30), games(min_moves=12, max_moves=36)).filter(
        lambda jeu: ref.prochain_joueur(jeu) == player and ref.colonnes_jouables(jeu)
    )
    return st.tuples(positions, st.integers(1, 3))


def check_answer(
    call: str, jeu: dict[str, Any], n: int, obtained: Any, immediate_win_required: bool = True
) -> None:
    """`obtained` must be (column, value): the reference's value and an optimal column."""
    expected_col, expected_value = search_value(key(jeu), n)
    wrong = functools.partial(mismatch, call, (expected_col, expected_value), obtained, jeu)
    pair = as_pair(obtained)
    if (pair is None or not same(pair[1], expected_value)) and swapped(
        obtained, expected_value, optimal_columns(key(jeu), n, immediate_win_required) | {expected_col}
    ):
        raise wrong(note=SWAPPED)
    if pair is None or not (pair[0] is None or isinstance(pair[0], int)) or not is_number(pair[1]):
        raise wrong(
            note=Text(
                "la fonction doit renvoyer un couple (colonne, valeur)",
                "the function must return a pair (column, value)",
            )
        )
    col, value = pair
    if not ref.colonnes_jouables(jeu) and col is not None:
        raise wrong(note=Text("plateau plein : aucune colonne à jouer", "full board: no column to play"))
    if not same(value, expected_value):
        raise wrong(
            note=Text(
                "la valeur n'est pas celle de MinMax à cet horizon",
                "the value is not MinMax's at this horizon",
            )
        )
    good = optimal_columns(key(jeu), n, immediate_win_required)
    player = ref.prochain_joueur(jeu)
    lost = expected_value == (-INF if player == 1 else INF)
    playable = ref.colonnes_jouables(jeu)
    among_best(
        call,
        col,
        good,
        jeu,
        among=_columns_among,
        accepted=not playable or (lost and (col is None or col in playable)),
        noun=Text("la colonne", "column"),
    )


def _columns_among(good: Collection[int]) -> Text:
    return Text(f"une colonne parmi {sorted(good)}", f"a column among {sorted(good)}")


SWAPPED = Text(
    "la valeur et la colonne sont inversées : la fonction doit renvoyer (colonne, valeur)",
    "the value and the column are swapped: the function must return (column, value)",
)


def swapped(obtained: Any, value: Any, columns: Collection[Any]) -> bool:
    """`obtained` is (value, column) where (column, value) was expected, a column among
    `columns` (a search that returns its pair the other way round)."""
    pair = as_pair(obtained)
    return (
        pair is not None
        and is_number(pair[0])
        and same(pair[0], value)
        and (pair[1] is None or isinstance(pair[1], int))
        and pair[1] in columns
        and not same(pair[1], value)
    )


def _search(
    ctx: CheckContext[SubmissionState],
    func: str,
    jeu: dict[str, Any],
    n: int,
    name: str = "jeu",
    window: tuple[Any, ...] | None = None,
    keep_args: bool = False,
) -> tuple[str, CallResult]:
    args: tuple[Any, ...] = (ctx.as_student(jeu),) + (window or ()) + (n,)
    call = _shown(func, name, window, n)
    result = ctx.call(func, *args, shown=call, board=jeu, budget=SEARCH_BUDGET, keep_args=keep_args)
    return call, result


def _shown(func: str, name: str, window: tuple[Any, ...] | None, n: int) -> str:
    shown_window = "".join(f"{show(b)}, " for b in window) if window else ""
    return f"{func}({name}, {shown_window}{n})"


# -- Q15 ----------------------------------------------------------------------
SHEET_PAIRS = ((1, (3, 15)), (2, (3, 4)), (3, (3, 14)))


def q15_sheet(ctx: CheckContext[SubmissionState]) -> None:
    _sheet_pairs(ctx, "maximin", None)


def _sheet_pairs(ctx: CheckContext[SubmissionState], func: str, window: tuple[Any, ...] | None) -> None:
    """`func` on jeu1 at depths 1 to 3 gives the sheet's pairs. Depth 3 is read from the
    counted search the pruning check uses (`counted_on_jeu1`): one search instead of two."""
    for n, expected in SHEET_PAIRS:
        call, value = _sheet_answer(ctx, func, window, n)
        if not same(value, expected):
            note = SWAPPED if swapped(value, expected[1], {expected[0]}) else None
            raise mismatch(call, expected, value, ref.jeu1(), note=note)


def _sheet_answer(
    ctx: CheckContext[SubmissionState], func: str, window: tuple[Any, ...] | None, n: int
) -> tuple[str, Any]:
    call = _shown(func, "jeu1", window, n)
    if n == JEU1_DEPTH and ctx.student.has(func):
        try:
            counted = counted_on_jeu1(ctx, func)
            if counted.answered:
                return call, counted.value
        except CallFailed as failed:
            if isinstance(failed.failure, CallTimeout):  # the same call, not waited for twice
                raise CallFailed(Evidence(call=call, board=ctx.drawn(ref.jeu1())), failed.failure) from None
            # Any other failure: the search is made again as the sheet's call, so that its
            # report is exactly that of any call (the counting code out of its traceback).
    _, result = _search(ctx, func, ref.jeu1(), n, "jeu1", window=window)
    return call, result.value


def _own_games(ctx: CheckContext[SubmissionState], player: int) -> list[tuple[dict[str, Any], int]]:
    own = [jeu for jeu in ctx.state.own_games.values() if ref.prochain_joueur(jeu) == player]
    return [(jeu, n) for jeu in own for n in (1, 2)]


@once_per_process
def structural_searches(player: int, full_board: bool = False) -> list[tuple[dict[str, Any], int]]:
    """(game, depth) with `player` to move, nobody has won: the nearly full boards
    searched deeper than the moves left (k moves left, depth k + 1; with `full_board`
    the full board too, at depths 1 and 3), an immediate win for the side to move and
    one for the opponent (to block) on edge and inner alignments, at depth 2, and full
    first and last columns, at depth 2."""
    out = []
    for left, jeu in enumerate(nearly_full(5)):
        if ref.prochain_joueur(jeu) == player and (left or full_board):
            out += [(jeu, left + 1)] if left else [(jeu, 1), (jeu, 3)]
    for finish, offset in ((OWN_THREAT, 0), (OPPONENT_THREAT, 1)):
        own = [jeu for jeu in threats(finish) if ref.prochain_joueur(jeu) == player]
        out += [(jeu, 2) for jeu in sample(own, 6, offset)]
    # Depth 2 is enough to meet the full columns at the root and below it: at depth 3
    # these open boards cost ~200 leaves each and caught no mutant more.
    for counts in ({0: 6}, {6: 6}, {0: 6, 6: 5}, {0: 5, 6: 6, 3: 1}):
        jeu = columns(counts)
        if ref.prochain_joueur(jeu) == player:
            out.append((jeu, 2))
    return out


def random_games(
    ctx: CheckContext[SubmissionState],
    player: int,
    probe: Callable[[Any], None],
    examples: int,
    calls: Callable[[Any], list[Call]] | None = None,
    seed: str | None = None,
) -> None:
    """`probe` on the submission's own games, then on random games with `player` to move,
    an open board at depth 2 at most (the calls `calls(example)` gives sent ahead: see
    `CheckContext.for_all`; `seed`: its draw's, the check's name by default)."""
    ctx.for_all(
        draw(_search_games, player),
        lambda example: probe(_shallow_when_open(example)),
        examples=examples,
        seed=seed,
        explicit=_own_games(ctx, player),
        shrink_probes=SEARCH_SHRINK_PROBES,
        calls=(lambda example: calls(_shallow_when_open(example))) if calls else None,
        reads_only=True,
    )
    probe_private(  # positions no table shipped with the grader holds (grader/checking/private_draws.py)
        ctx,
        functools.partial(random_search_game, player),
        lambda example: probe(_shallow_when_open(example)),
        count=1,
        calls=(lambda example: calls(_shallow_when_open(example))) if calls else None,
        reads_only=True,
    )


def _random_search(func: str, player: int) -> Callable[[CheckContext[SubmissionState]], None]:
    def check(ctx: CheckContext[SubmissionState]) -> None:
        def probe(example: tuple[Any, ...]) -> None:
            jeu, n = example
            call, result = _search(ctx, func, jeu, n)
            check_answer(call, jeu, n, result.value)

        def calls(example: tuple[Any, ...]) -> list[Call]:
            jeu, n = example
            return [ctx.ask(func, ctx.as_student(jeu), n, budget=SEARCH_BUDGET)]

        random_games(ctx, player, probe, examples=12, calls=calls)
        ctx.each(probe, structural_searches.shared(player), calls, reads_only=True)  # after the random ones

    return check


def q15_leaves(ctx: CheckContext[SubmissionState]) -> None:
    full = ref.initialiser_jeu(ref.PARTIE_NULLE)
    cases = (
        ("maximin", ref.jeu1(), 0, "jeu1"),
        ("minimax", ref.initialiser_jeu(ref.L1[:-1]), 0, "jeu"),
        ("maximin", full, 2, "jeu"),
        ("minimax", full, 1, "jeu"),
    )
    for func, jeu, n, name in cases:
        call, result = _search(ctx, func, jeu, n, name)
        expected = (None, ref.heuristique(jeu))
        pair = as_pair(result.value)
        if pair is None or pair[0] is not None or not same(pair[1], expected[1]):
            note = (
                Text("plateau plein : aucun coup possible", "full board: no move")
                if n
                else Text("horizon 0 : pas de recherche", "horizon 0: no search")
            )
            if swapped(result.value, expected[1], {None}):
                note = SWAPPED
            elif pair is not None and pair[0] is None and _own_heuristique(ctx, jeu) == pair[1]:
                note = _leaf_from_heuristique(name, pair[1], expected[1])
            raise mismatch(call, expected, result.value, jeu, note=note)


def _own_heuristique(ctx: CheckContext[SubmissionState], jeu: dict[str, Any]) -> Any:
    """The student's heuristique(jeu), or None when it gives none (missing, raising)."""
    try:
        return ctx.value("heuristique", ctx.as_student(jeu))
    except CallFailed:
        return None


def _leaf_from_heuristique(name: str, value: Any, expected: float) -> Text:
    # the search did what the sheet asks at a leaf: the real cause is heuristique's value
    return Text(
        f"(None, heuristique({name})) est bien renvoyé : c'est heuristique({name}) qui vaut "
        f"{show(value)} au lieu de {show(expected)} (Q14)",
        f"(None, heuristique({name})) is returned as asked: heuristique({name}) is "
        f"{show(value)} instead of {show(expected)} (Q14)",
    )


# Player 1 to move wins at once in column 3; player 2 to move wins at once in column 1.
WIN_FOR_1 = [0, 0, 1, 1, 2, 2]
WIN_FOR_2 = [0, 1, 0, 1, 6, 1, 5]


def q15_immediate_win(ctx: CheckContext[SubmissionState]) -> None:
    for func, moves, value in (("maximin", WIN_FOR_1, INF), ("minimax", WIN_FOR_2, -INF)):
        jeu = ref.initialiser_jeu(moves)
        for n in (1, 3):
            call, result = _search(ctx, func, jeu, n)
            _check_immediate_win(call, jeu, n, optimal_columns(key(jeu), n), value, result.value)
    _immediate_wins(ctx, ("maximin", "minimax"), None, 0)


def _check_immediate_win(
    call: str, jeu: dict[str, Any], n: int, winning: frozenset[Any], value: float, obtained: Any
) -> None:
    pair = as_pair(obtained)
    if pair is not None and pair[0] in winning and same(pair[1], value):
        return
    wrong = functools.partial(mismatch, call, (min(winning), value), obtained, jeu)
    if swapped(obtained, value, winning):
        raise wrong(note=SWAPPED)
    threat = n > 1 and immediate_wins_of(jeu, 3 - ref.prochain_joueur(jeu))
    raise wrong(
        note=Text(
            "une colonne gagne tout de suite : la fonction doit la renvoyer avec la valeur infinie"
            + (" (l'adversaire, lui, gagnerait au coup suivant)" if threat else ""),
            "a column wins at once: the function must return it with the infinite value"
            + (" (the opponent would win on the next move)" if threat else ""),
        )
    )


def _immediate_wins(
    ctx: CheckContext[SubmissionState], funcs: tuple[str, str], window: tuple[Any, ...] | None, search: int
) -> None:
    """`funcs` (player 1's, player 2's) on the positions where the player to move wins at
    once in one column only (immediate_wins.py: its half of the alignments and cells at
    depth 1, `search`; a sample where the opponent threatens too, at depth 2), sent in
    one stream per player: that column, with the infinite value."""
    for player, func in zip((1, 2), funcs, strict=True):

        def probe(case: Probe, func: str = func, player: int = player) -> None:
            jeu, n, col = case
            call, result = _search(ctx, func, jeu, n, window=window)
            _check_immediate_win(call, jeu, n, frozenset({col}), INF if player == 1 else -INF, result.value)

        def calls(case: Probe, func: str = func) -> list[Call]:
            jeu, n, _ = case
            return [ctx.ask(func, ctx.as_student(jeu), *(window or ()), n, budget=SEARCH_BUDGET)]

        ctx.each(probe, immediate_wins.shared(player, search), calls, reads_only=True)


def q15_unchanged(ctx: CheckContext[SubmissionState]) -> None:
    cases = [
        (func, jeu, n)
        for func, jeu in (("maximin", ref.jeu1()), ("minimax", ref.initialiser_jeu(ref.L1[:-1])))
        for n in (0, 2)
    ]
    for func, jeu, n in cases:
        call, result = _search(ctx, func, jeu, n, keep_args=True)
        unchanged(call, jeu, result.argument_after(0), func=func, arg=Text("le jeu", "the game"))


# -- Q16 ----------------------------------------------------------------------
def q16_answer_key() -> Text:
    return Text(*_q16_answer_key_texts())


@functools.cache  # the reference's searches on jeu5 (shipped), once per process (strings: immutable)
def _q16_answer_key_texts() -> tuple[str, str]:
    fr, en = [], []
    for n in (3, 4):
        pruned = pruned_nodes(key(ref.jeu5()), n)
        shown = ", ".join("-".join(map(str, path)) for path in pruned)
        value = search_value(key(ref.jeu5()), n)  # maximin's: player 1 is to move in jeu5
        fr.append(
            f"horizon {n} : maximin(jeu5, {n}) = {value} ; nœuds non explorés par alpha-bêta "
            f"(suite de colonnes depuis la racine) : {shown or 'aucun'}"
        )
        en.append(
            f"horizon {n}: maximin(jeu5, {n}) = {value}; nodes alpha-beta does not explore "
            f"(columns from the root): {shown or 'none'}"
        )
    return "\n".join(fr), "\n".join(en)


def _windows(value: float) -> st.SearchStrategy:
    """Windows alpha < beta placed around the true value (below, across, above)."""
    from hypothesis import strategies as st

    around = [-INF, INF] if value in (INF, -INF) else [value - 7, value - 1, value, value + 1, value + 7]
    bounds = sorted(set(around + [-INF, INF, -3.0, 0.0, 3.0]))
    return st.tuples(st.sampled_from(bounds), st.sampled_from(bounds)).filter(lambda w: w[0] < w[1])


def _private_window(rng: random.Random) -> tuple[tuple[dict[str, Any], int], tuple[float, float]]:
    """A search game of either player and a window around its value (`_windowed_games`),
    drawn for one submission."""
    example = _shallow_when_open(random_search_game(rng.choice((1, 2)), rng))
    value = search_value(key(example[0]), example[1])[1]
    around = [-INF, INF] if value in (INF, -INF) else [value - 7, value - 1, value, value + 1, value + 7]
    bounds = sorted(set(around + [-INF, INF, -3.0, 0.0, 3.0]))
    low, high = sorted(rng.sample(bounds, 2))
    return example, (low, high)


def _windowed_games() -> st.SearchStrategy:
    """((game, depth), window): either player to move, a window around its value."""
    from hypothesis import strategies as st

    return st.one_of(_search_games(1), _search_games(2)).flatmap(
        lambda ex: st.tuples(st.just(ex), _windows(search_value(key(ex[0]), ex[1])[1]))
    )


QUESTIONS = (
    Question(
        "Q15",
        "maximin/minimax",
        (("maximin",), ("minimax",)),
        (
            Check(
                "sheet_pairs",
                0.75,
                q15_sheet,
                Text(
                    "maximin(jeu1, n) pour n = 1, 2, 3 : (3, 15), (3, 4), (3, 14)",
                    "maximin(jeu1, n) for n = 1, 2, 3: (3, 15), (3, 4), (3, 14)",
                ),
            ),
            Check(
                "maximin_random",
                0.5,
                _random_search("maximin", 1),
                Text(
                    "maximin : valeur MinMax et colonne optimale sur des parties au hasard (n = 1 à 3), des "
                    "plateaux presque pleins et des gains immédiats à jouer ou à bloquer",
                    "maximin: MinMax value and an optimal column on random games (n = 1 to 3), nearly full "
                    "boards and immediate wins to play or to block",
                ),
            ),
            Check(
                "minimax_random",
                0.5,
                _random_search("minimax", 2),
                Text(
                    "minimax : valeur MinMax et colonne optimale sur des parties au hasard (n = 1 à 3), des "
                    "plateaux presque pleins et des gains immédiats à jouer ou à bloquer",
                    "minimax: MinMax value and an optimal column on random games (n = 1 to 3), nearly full "
                    "boards and immediate wins to play or to block",
                ),
                of="minimax",
            ),
            Check(
                "leaves",
                0.25,
                q15_leaves,
                Text(
                    "(None, heuristique(jeu)) pour n = 0 et pour un plateau plein",
                    "(None, heuristique(jeu)) for n = 0 and for a full board",
                ),
            ),
            Check(
                "immediate_win",
                0.25,
                q15_immediate_win,
                Text(
                    "un coup gagnant immédiat est joué, avec la valeur infinie : des alignements de chaque "
                    "direction complétés sur chacune de leurs cases (horizon 1), et un coup plus loin quand "
                    "l'adversaire menace aussi",
                    "an immediately winning move is played, with the infinite value: alignments of each "
                    "direction completed on each of their cells (depth 1), and one move deeper when the "
                    "opponent threatens too",
                ),
            ),
            Check(
                "unchanged",
                0.25,
                q15_unchanged,
                Text("ne modifie pas le jeu", "does not change the game"),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q16",
        Text("élagage alpha-bêta sur jeu5", "alpha-beta pruning on jeu5"),
        (),
        manual=True,
        answer_key=q16_answer_key,
        statement=Text(
            "Anticiper les nœuds de cet arbre qui ne seront pas explorés si on met en œuvre un élagage "
            "alpha-béta, en s'aidant au besoin des annexes 1 et 2. (L'arbre est l'exploration MinMax de "
            "jeu5 ; l'énoncé le donne en figure.)",
            "Anticipate the nodes of this tree that will not be explored when alpha-beta pruning is used, "
            "with the help of annexes 1 and 2 if needed. (The tree is jeu5's MinMax exploration; the sheet "
            "gives it as a figure.)",
        ),
    ),
)
