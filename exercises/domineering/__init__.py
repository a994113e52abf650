"""TP "Jeu du domineering": questions Q1 to Q10.

The questions, checks and points are listed in docs/reference/exercises/domineering.md.
"""

from typing import Any

from exercises.signatures import SIGNATURES
from grader.kit import Exercise

from . import board_checks, game_checks, search_checks, worker_side
from .positions import SubmissionState, draw, example_size, prepare, to_student


def describe(state: SubmissionState) -> list[tuple[str, dict[str, Any]]]:
    if state.representation.dtype:
        return [
            (
                "text",
                {
                    "fr": f"grille numpy ({state.representation.dtype}) : les positions vous sont "
                    "passées sous cette forme",
                    "en": f"numpy grid ({state.representation.dtype}): positions are passed to you "
                    "in that form",
                },
            )
        ]
    return []


EXERCISE = Exercise(
    id="domineering",
    title="TP : jeu du domineering",
    questions=board_checks.QUESTIONS + game_checks.QUESTIONS + search_checks.QUESTIONS,
    **SIGNATURES["domineering"].fields(),
    prepare=prepare,
    describe=describe,
    to_student=to_student,
    draw=draw,
    worker_side=worker_side,
    example_size=example_size,
)
