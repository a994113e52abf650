"""Course page "Algorithme min-max" applied to 4 x 4 domineering: h (Q1), s (Q2),
minmax (Q3), jeu and affiche (Q4).

The questions, checks and points are listed in docs/reference/exercises/domineering-minmax.md.
"""

from exercises.signatures import DOMINEERING_MINMAX
from grader.kit import Exercise, Note, Text, note
from reference import domineering_minmax as ref

from . import board_checks, search_checks, worker_side
from .positions import Representation, example_size, prepare, to_student


def describe(state: Representation) -> list[Note]:
    if state.dtype:
        return [
            note(
                Text(
                    f"plateaux numpy ({state.dtype}) : ils vous sont passés sous cette forme",
                    f"numpy boards ({state.dtype}): they are given to you in that form",
                )
            )
        ]
    return [
        note(
            Text(
                "plateaux en listes de listes : ils vous sont passés sous cette forme",
                "boards as lists of lists: they are given to you in that form",
            )
        )
    ]


EXERCISE = Exercise(
    id="domineering-minmax",
    title="Algorithme min-max (domineering 4 x 4)",
    questions=board_checks.QUESTIONS + search_checks.QUESTIONS,
    **DOMINEERING_MINMAX.fields(),
    reference=ref,
    prepare=prepare,
    describe=describe,
    to_student=to_student,
    draw=ref.dessin,
    worker_side=worker_side,
    example_size=example_size,
)
