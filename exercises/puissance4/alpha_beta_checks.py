"""Checks of alpha-beta (Q17): the sheet's pairs, the value and column at the root, the
value in a narrower window, and the pruning compared with the annexes' algorithm."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grader.kit import (
    Check,
    CheckContext,
    Question,
    Text,
    as_pair,
    draw,
    is_number,
    mismatch,
    probe_private,
    show,
)
from reference import puissance4 as ref

from .evaluations import JEU1_DEPTH, Evaluations, _tampered, evaluation_counts
from .positions import (
    INF,
    SEARCH_BUDGET,
    SubmissionState,
    key,
    search_value,
    structural,
)
from .pruning import PROBES, Event, annexes_bound, read_search, traced_events
from .search_checks import (
    PAIR,
    SEARCH_SHRINK_PROBES,
    _immediate_wins,
    _private_window,
    _search,
    _sheet_pairs,
    _windowed_games,
    check_answer,
    random_games,
    structural_searches,
)

if TYPE_CHECKING:
    pass


# -- Q17 ----------------------------------------------------------------------
WIDE = (-INF, INF)


def q17_sheet(ctx: CheckContext[SubmissionState]) -> None:
    _sheet_pairs(ctx, "maximin_alpha_beta", WIDE)


def q17_random(ctx: CheckContext[SubmissionState]) -> None:
    for func, player in (("maximin_alpha_beta", 1), ("minimax_alpha_beta", 2)):

        def probe(example: tuple[Any, ...], func: str = func) -> None:
            jeu, n = example
            call, result = _search(ctx, func, jeu, n, window=WIDE)
            check_answer(call, jeu, n, result.value, immediate_win_required=False)

        random_games(ctx, player, probe, examples=8, seed=f"q17_random_{player}")
        structural(probe, structural_searches.shared(player, full_board=True))
    _immediate_wins(ctx, ("maximin_alpha_beta", "minimax_alpha_beta"), WIDE, 1)


def bounds_allowed(true_value: float, alpha: float, beta: float) -> tuple[float, float]:
    """[low, high]: what a right alpha-beta may return in the window ]alpha, beta[ for a
    position worth `true_value`. Inside, the value itself; below, an upper bound between
    the value (fail-soft, the annexes) and alpha (fail-hard); above, a lower bound between
    beta and the value. Every node's result is then in its own range: the parents'
    comparisons, hence the root's value, come out right with either kind."""
    if true_value <= alpha:
        return true_value, alpha
    if true_value >= beta:
        return beta, true_value
    return true_value, true_value


def q17_bounds(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        (jeu, n), window = example
        func = "maximin_alpha_beta" if ref.prochain_joueur(jeu) == 1 else "minimax_alpha_beta"
        if window == WIDE:
            return
        call, result = _search(ctx, func, jeu, n, window=window)
        true_value = search_value(key(jeu), n)[1]
        pair = as_pair(result.value)
        value = pair[1] if pair is not None else result.value
        alpha, beta = window
        if not is_number(value):
            raise mismatch(call, PAIR, show(result.value), jeu, text=True)
        low, high = bounds_allowed(true_value, alpha, beta)
        if not low <= value <= high:
            if low == high:
                expected = Text(show(low), show(low))
            else:
                expected = Text(
                    f"une valeur entre {show(low)} et {show(high)}",
                    f"a value between {show(low)} and {show(high)}",
                )
            raise mismatch(
                call,
                expected,
                show(value),
                jeu,
                text=True,
                note=Text(
                    f"la valeur MinMax de ce jeu est {show(true_value)} ; dans la fenêtre "
                    f"]{show(alpha)}, {show(beta)}[ alpha-bêta doit renvoyer {expected.fr} "
                    "(la valeur elle-même dans la fenêtre ; hors de la fenêtre, une borne entre "
                    "la valeur et la borne dépassée)",
                    f"the MinMax value of this game is {show(true_value)}; inside the window "
                    f"]{show(alpha)}, {show(beta)}[ alpha-beta must return {expected.en} "
                    "(the value itself inside the window; outside, a bound between the value "
                    "and the bound it passed)",
                ),
            )

    ctx.for_all(
        draw(_windowed_games), probe, examples=20, shrink_probes=SEARCH_SHRINK_PROBES, reads_only=True
    )
    probe_private(ctx, _private_window, probe, count=3, reads_only=True)


def q17_prunes(ctx: CheckContext[SubmissionState]) -> None:
    e = evaluation_counts(ctx)
    call = "maximin_alpha_beta(jeu1, -float('inf'), float('inf'), 3)"
    if e.tampered:
        raise _tampered(call, ref.jeu1())
    # The probes are the reference's trees: judged on them only when the helpers the
    # alpha-beta calls passed (a search built on a wrong one explores another tree and is
    # already marked down by the value checks: no double penalty); on jeu1 otherwise.
    probes = not (ctx.failing_helpers("maximin_alpha_beta") or ctx.failing_helpers("minimax_alpha_beta"))
    # No heuristique run on jeu1 and no position at its horizon entered: the search took
    # jeu1's value from a table (the copy's own demo searched it), the probes judge it.
    # Positions entered but not evaluated: code the grader does not see, fail closed.
    remembered = probes and not e.alpha_beta_evaluated and _remembered_jeu1(ctx, call)
    if not remembered and not 0 < e.alpha_beta < e.bound:
        raise mismatch(
            call,
            Text(f"moins de {e.bound} appels à {e.counted}", f"fewer than {e.bound} calls to {e.counted}"),
            Text(f"{e.alpha_beta} appels", f"{e.alpha_beta} calls"),
            ref.jeu1(),
            text=True,
            note=_fewer_than_maximin(e),
        )
    if probes:
        _prunes_like_the_annexes(ctx)


def _remembered_jeu1(ctx: CheckContext[SubmissionState], call: str) -> bool:
    """Whether `maximin_alpha_beta(jeu1, -inf, +inf, 3)`, searched again, enters no
    position at its horizon (it answers from what it remembers)."""
    jeu = ref.jeu1()
    traced = _traced(ctx, "maximin_alpha_beta", jeu, JEU1_DEPTH, call)
    observed = read_search(key(jeu), JEU1_DEPTH, traced.events)
    return not (traced.tampered or traced.full or observed.evaluations or observed.visits)


def _fewer_than_maximin(e: Evaluations) -> Text:
    cut = Text(
        "l'élagage doit en faire strictement moins, et au moins un (couper dès que la valeur atteint "
        "beta, resp. alpha)",
        "pruning must make strictly fewer, and at least one (cut as soon as the value reaches beta, "
        "resp. alpha)",
    )
    if e.bound == e.maximin:
        return Text(
            f"votre maximin(jeu1, 3) fait {e.maximin} appels à {e.counted} : {cut.fr}",
            f"your maximin(jeu1, 3) makes {e.maximin} calls to {e.counted}: {cut.en}",
        )
    return Text(
        f"votre maximin(jeu1, 3) ne fait aucun appel à {e.counted} (il a gardé jeu1 en mémoire ?), "
        f"celui de l'énoncé {e.bound} : {cut.fr}",
        f"your maximin(jeu1, 3) makes no call to {e.counted} (did it remember jeu1?), "
        f"the sheet's {e.bound}: {cut.en}",
    )


TRACED = (
    "heuristique",
    "jouer_colonne",
    "copie",
    "colonnes_jouables",
    "maximin_alpha_beta",
    "minimax_alpha_beta",
)
"""The functions whose calls tell which position a search is at: `heuristique` first
(its calls are the evaluations), then those that enter a node."""


@dataclass(frozen=True)
class Traced:
    """One probe searched in the worker (worker_side.traced)."""

    counts: dict[str, int]
    tampered: bool
    events: list[Event]
    """Each call of TRACED, in order (pruning.read_search)."""
    full: bool
    """More calls than the worker records."""


def _traced(
    ctx: CheckContext[SubmissionState], func: str, jeu: dict[str, Any], depth: int, shown: str
) -> Traced:
    names = [ctx.student.aliases.get(n, n) for n in TRACED]
    result = ctx.value(
        "@traced",
        ctx.student.ref(func),
        names,
        TRACED.index("jouer_colonne"),
        ctx.as_student(jeu),
        -INF,
        INF,
        depth,
        shown=shown,
        board=jeu,
        budget=SEARCH_BUDGET,
    )
    counts = {n: result["counts"].get(resolved, 0) for n, resolved in zip(TRACED, names, strict=True)}
    events = traced_events(result["events"], result["texts"], TRACED)
    return Traced(counts, bool(result["tampered"]), events, bool(result["full"]))


def _prunes_like_the_annexes(ctx: CheckContext[SubmissionState]) -> None:
    """On each probe, the search evaluates no more positions at the horizon than the
    annexes' alpha-beta trying the columns in the order the search tried them, node by
    node (pruning.py): whatever that order, and fewer when it stops first on a winning
    column or remembers positions."""
    for probe in PROBES:
        jeu = probe.game()
        func = "maximin_alpha_beta" if ref.prochain_joueur(jeu) == 1 else "minimax_alpha_beta"
        call = f"{func}(jeu, -float('inf'), float('inf'), {probe.depth})"
        traced = _traced(ctx, func, jeu, probe.depth, call)
        if traced.tampered:
            raise _tampered(call, jeu)
        observed = read_search(key(jeu), probe.depth, traced.events)
        if observed.evaluations:
            number, what = observed.evaluations, _EVALUATED
        else:  # a search that never calls the student's heuristique: the positions it entered
            number, what = observed.visits, _ENTERED
        if not number and not traced.full:
            raise mismatch(
                call,
                Text("des positions évaluées à l'horizon", "positions evaluated at the horizon"),
                Text("aucune vue", "none seen"),
                jeu,
                text=True,
                note=Text(
                    f"la recherche n'appelle ni heuristique ni {func} sur les positions de l'horizon "
                    f"{probe.depth} : le nombre d'évaluations ne peut pas être mesuré",
                    f"the search calls neither heuristique nor {func} on the positions at horizon "
                    f"{probe.depth}: the number of evaluations cannot be measured",
                ),
            )
        bound = annexes_bound(jeu, probe.depth, observed.order)
        if number > bound or traced.full:
            shown = "> " + str(number) if traced.full else str(number)
            root = observed.order.columns((), key(jeu), ref.colonnes_jouables(jeu))
            order = ", ".join(map(str, root))
            raise mismatch(
                call,
                Text(f"au plus {bound} {what.fr}", f"at most {bound} {what.en}"),
                Text(f"{shown} {what.fr}", f"{shown} {what.en}"),
                jeu,
                text=True,
                note=Text(
                    "l'alpha-bêta des annexes (coupure dès que la valeur atteint beta pour maximin, "
                    "alpha pour minimax, et mise à jour de alpha, resp. beta, après chaque colonne), "
                    "essayant à chaque nœud les colonnes dans l'ordre où votre recherche les essaie "
                    f"(ici, à la racine : {order}), en évalue au plus {bound} : votre recherche élague moins",
                    "the annexes' alpha-beta (cut as soon as the value reaches beta in maximin, "
                    "alpha in minimax, and alpha, resp. beta, updated after each column), trying the "
                    "columns at each node in the order your search tries them (here, at the root: "
                    f"{order}), evaluates at most {bound}: your search prunes less",
                ),
            )


_EVALUATED = Text("positions évaluées (appels à heuristique)", "positions evaluated (calls to heuristique)")
_ENTERED = Text("positions de l'horizon visitées", "positions at the horizon visited")


def q17_notes(ctx: CheckContext[SubmissionState]) -> list[tuple[str, dict[str, Any]]]:
    e = evaluation_counts(ctx)
    return [("pruning_counts", {"alpha_beta": e.alpha_beta, "maximin": e.maximin, "counted": e.counted})]


QUESTIONS = (
    Question(
        "Q17",
        "maximin_alpha_beta/minimax_alpha_beta",
        (("maximin_alpha_beta",), ("minimax_alpha_beta",)),
        (
            Check(
                "sheet_pairs",
                0.5,
                q17_sheet,
                Text(
                    "maximin_alpha_beta(jeu1, -inf, +inf, n) pour n = 1, 2, 3 : (3, 15), (3, 4), (3, 14)",
                    "maximin_alpha_beta(jeu1, -inf, +inf, n) for n = 1, 2, 3: (3, 15), (3, 4), (3, 14)",
                ),
            ),
            Check(
                "random_root",
                0.75,
                q17_random,
                Text(
                    "même valeur que MinMax et colonne optimale, fenêtre (-inf, +inf), parties au hasard, "
                    "plateaux pleins ou presque, gains immédiats dans chaque direction",
                    "same value as MinMax and an optimal column, window (-inf, +inf), random games, full or "
                    "nearly full boards, immediate wins in each direction",
                ),
            ),
            Check(
                "bounds",
                0.5,
                q17_bounds,
                Text(
                    "dans une fenêtre ]alpha, beta[ plus étroite : la valeur MinMax si elle est dans la "
                    "fenêtre, sinon une borne entre cette valeur et la borne dépassée",
                    "inside a narrower window ]alpha, beta[: the MinMax value when it lies inside, "
                    "otherwise a bound between that value and the bound it passed",
                ),
            ),
            Check(
                "prunes",
                0.75,
                q17_prunes,
                Text(
                    "élague comme les annexes : moins d'évaluations que maximin sur jeu1 à l'horizon 3, "
                    "et sur quatre positions pas plus d'évaluations à l'horizon que l'alpha-bêta des "
                    "annexes essayant les colonnes dans le même ordre que votre recherche",
                    "prunes as the annexes do: fewer evaluations than maximin on jeu1 at depth 3, and on "
                    "four positions no more evaluations at the horizon than the annexes' alpha-beta "
                    "trying the columns in the same order as your search",
                ),
                value_free=True,
            ),
        ),
        notes=q17_notes,
    ),
)
