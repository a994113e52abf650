"""What the searches of jeu1 did (Q15's sheet pairs, Q17's pruning): their calls counted
and their evaluations, measured once per submission."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grader.kit import (
    CallFailed,
    CheckContext,
    Text,
    ValueTooLarge,
    mismatch,
)
from reference import puissance4 as ref

from .positions import (
    INF,
    SEARCH_BUDGET,
    SubmissionState,
)

if TYPE_CHECKING:
    pass


COUNTED = ("heuristique", "copie", "jouer_colonne")
# docs/reference/sheet-facts.md: maximin(jeu1, 3) calls heuristique 294 times
REFERENCE_MAXIMIN_EVALUATIONS = 294


@dataclass(frozen=True)
class Evaluations:
    """What the pruning check measured on jeu1 at depth 3 (see worker_side.evaluations)."""

    alpha_beta: int
    maximin: int
    counted: str
    """What was counted: "heuristique", or "copie/jouer_colonne" when no search calls it."""
    tampered: bool
    """A search switched the profile hook off or replaced it: nothing measured."""

    @property
    def bound(self) -> int:
        """What alpha-beta must evaluate fewer than: its own maximin's count, or the
        sheet's maximin's when its own ran no `heuristique` while alpha-beta did (it
        remembered jeu1, searched by the copy's own demo, or evaluates unseen)."""
        if self.counted == "heuristique" and self.maximin == 0:
            return REFERENCE_MAXIMIN_EVALUATIONS
        return self.maximin

    @property
    def alpha_beta_evaluated(self) -> bool:
        """Whether alpha-beta called `heuristique` on jeu1 (when `counted` is the moves,
        neither search did)."""
        return self.counted == "heuristique" and self.alpha_beta > 0


def evaluation_counts(ctx: CheckContext[SubmissionState]) -> Evaluations:
    """Computed once per submission: the pruning check and the note both use it."""
    if "counts" not in ctx.cache:
        ctx.cache["counts"] = _evaluation_counts(ctx)
    counts: Evaluations = ctx.cache["counts"]
    return counts


@dataclass(frozen=True)
class Counted:
    """One search counted in the worker (worker_side.answered / evaluations)."""

    counts: dict[str, int]
    tampered: bool
    answered: bool = False
    """`value` is what the search returned (else it was not sent back)."""
    value: Any = None


def _counted(
    ctx: CheckContext[SubmissionState],
    func: str,
    *args: Any,
    shown: str,
    board: dict[str, Any] | None = None,
    answer: bool = False,
) -> Counted:
    # Counted in the worker by code object (any alias of heuristique counts), compared here.
    names = [ctx.student.aliases.get(n, n) for n in COUNTED]
    helper = "@answered" if answer else "@evaluations"
    result = ctx.value(
        helper, ctx.student.ref(func), names, *args, shown=shown, board=board, budget=SEARCH_BUDGET
    )
    counts = {n: result["counts"].get(resolved, 0) for n, resolved in zip(COUNTED, names, strict=False)}
    return Counted(counts, bool(result["tampered"]), answer, result.get("value") if answer else None)


JEU1_DEPTH = 3
JEU1_SEARCHES = {
    "maximin": ((JEU1_DEPTH,), "maximin(jeu1, 3)"),
    "maximin_alpha_beta": (
        (-INF, INF, JEU1_DEPTH),
        "maximin_alpha_beta(jeu1, -float('inf'), float('inf'), 3)",
    ),
}


def counted_on_jeu1(ctx: CheckContext[SubmissionState], func: str) -> Counted:
    """`maximin(jeu1, 3)` or `maximin_alpha_beta(jeu1, -inf, +inf, 3)`, counted, with its
    answer, once per submission (its failure too, raised again): the sheet checks read
    the answer, the pruning check the counts. These are a submission's two largest
    searches: each is made once, not once per check that reads it
    (docs/explanation/performance.md#less-student-code-per-check)."""
    searches = ctx.state.searches
    if func not in searches:
        args, shown = JEU1_SEARCHES[func]
        jeu = ref.jeu1()

        def search(answer: bool) -> Counted | CallFailed:
            try:
                return _counted(ctx, func, ctx.as_student(jeu), *args, shown=shown, board=jeu, answer=answer)
            except CallFailed as failed:
                return failed

        outcome = search(answer=True)
        if isinstance(outcome, CallFailed) and isinstance(outcome.failure, ValueTooLarge):
            # Only the answer could not be sent back: counted again without it, as the
            # pruning check always did (it does not judge values).
            outcome = search(answer=False)
        searches[func] = outcome
    kept: Counted | CallFailed = searches[func]
    if isinstance(kept, CallFailed):
        raise CallFailed(kept.evidence, kept.failure)
    return kept


def _evaluation_counts(ctx: CheckContext[SubmissionState]) -> Evaluations:
    counted = counted_on_jeu1(ctx, "maximin_alpha_beta")
    ab, tampered = counted.counts, counted.tampered
    mm = None
    if ctx.student.has("maximin"):
        try:
            counted = counted_on_jeu1(ctx, "maximin")
            mm = counted.counts
            tampered = tampered or counted.tampered
        except CallFailed:
            mm = None
    if ab["heuristique"] or (mm and mm["heuristique"]):
        return Evaluations(
            ab["heuristique"],
            mm["heuristique"] if mm else REFERENCE_MAXIMIN_EVALUATIONS,
            "heuristique",
            tampered,
        )
    moves: Callable[[dict[str, Any]], int] = lambda counts: counts["copie"] + counts["jouer_colonne"]  # noqa: E731
    return Evaluations(
        moves(ab), moves(mm) if mm else REFERENCE_MAXIMIN_EVALUATIONS, "copie/jouer_colonne", tampered
    )


def _tampered(call: str, jeu: dict[str, Any]) -> Exception:
    return mismatch(
        call,
        "",
        "",
        jeu,
        text=True,
        note=Text(
            "la recherche a changé la fonction de profilage de Python (sys.setprofile) : "
            "le nombre d'évaluations ne peut pas être mesuré",
            "the search changed Python's profile function (sys.setprofile): "
            "the number of evaluations cannot be measured",
        ),
    )
