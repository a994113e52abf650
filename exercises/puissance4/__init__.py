"""TD10 "Algorithme MinMax": Connect-4 (puissance 4), questions Q1 to Q17.

The questions, checks and points are listed in docs/puissance4-checks.md.
"""

from grader.checks import Exercise

from . import alignment_checks, game_checks, search_checks
from .positions import SubmissionState, prepare


def describe(state: SubmissionState) -> list[tuple[str, dict]]:
    notes = []
    if state.representation.plateau_dtype:
        notes.append(("numpy_board", {"dtype": state.representation.plateau_dtype}))
    if state.own_games:
        notes.append(("own_games", {"names": ", ".join(sorted(state.own_games))}))
    return notes


EXERCISE = Exercise(
    id="puissance4",
    title="TD10 : Algorithme MinMax (puissance 4)",
    questions=game_checks.QUESTIONS + alignment_checks.QUESTIONS + search_checks.QUESTIONS,
    prepare=prepare,
    describe=describe,
)
