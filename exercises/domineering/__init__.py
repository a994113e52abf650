"""TP "Jeu du domineering": questions Q1 to Q10.

The questions, checks and points are listed in docs/domineering-checks.md.
"""

from grader.checks import Exercise

from . import board_checks, game_checks, search_checks
from .positions import SubmissionState, prepare


def describe(state: SubmissionState) -> list[tuple[str, dict]]:
    if state.representation.dtype:
        return [("text", {"fr": f"grille numpy ({state.representation.dtype}) : les positions vous sont "
                                "passées sous cette forme",
                          "en": f"numpy grid ({state.representation.dtype}): positions are passed to you "
                                "in that form"})]
    return []


EXERCISE = Exercise(
    id="domineering",
    title="TP : jeu du domineering",
    questions=board_checks.QUESTIONS + game_checks.QUESTIONS + search_checks.QUESTIONS,
    prepare=prepare,
    describe=describe,
)
