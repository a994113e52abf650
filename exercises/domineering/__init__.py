"""TP "Jeu du domineering": questions Q1 to Q10.

The questions, checks and points are listed in docs/reference/exercises/domineering.md.
"""

from exercises.signatures import DOMINEERING
from grader.kit import Exercise, Note, Text, note
from reference import domineering as ref

from . import board_checks, game_checks, search_checks, worker_side
from .positions import SubmissionState, draw, example_size, prepare, to_student


def describe(state: SubmissionState) -> list[Note]:
    if state.representation.dtype:
        return [
            note(
                Text(
                    f"grille numpy ({state.representation.dtype}) : les positions vous sont "
                    "passées sous cette forme",
                    f"numpy grid ({state.representation.dtype}): positions are passed to you in that form",
                )
            )
        ]
    return []


EXERCISE = Exercise(
    id="domineering",
    title="TP : jeu du domineering",
    questions=board_checks.QUESTIONS + game_checks.QUESTIONS + search_checks.QUESTIONS,
    **DOMINEERING.fields(),
    reference=ref,
    prepare=prepare,
    describe=describe,
    to_student=to_student,
    draw=draw,
    worker_side=worker_side,
    example_size=example_size,
)
