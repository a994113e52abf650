"""TD10 "Algorithme MinMax": Connect-4 (puissance 4), questions Q1 to Q17.

The questions, checks and points are listed in docs/reference/exercises/puissance4.md.
"""

from pathlib import Path
from typing import Any

from exercises.signatures import PUISSANCE4
from grader.kit import Exercise
from reference import puissance4 as ref

from . import alignment_checks, alpha_beta_checks, game_checks, search_checks, worker_side
from .positions import SubmissionState, example_size, prepare, to_student


def describe(state: SubmissionState) -> list[tuple[str, dict[str, Any]]]:
    notes = []
    if state.representation.plateau_dtype:
        notes.append(("numpy_board", {"dtype": state.representation.plateau_dtype}))
    if state.own_games:
        notes.append(("own_games", {"names": ", ".join(sorted(state.own_games))}))
    return notes


EXERCISE = Exercise(
    id="puissance4",
    title="TD10 : Algorithme MinMax (puissance 4)",
    questions=(
        game_checks.QUESTIONS
        + alignment_checks.QUESTIONS
        + search_checks.QUESTIONS
        + alpha_beta_checks.QUESTIONS
    ),
    **PUISSANCE4.fields(),
    reference=ref,
    given_code=Path(__file__).with_name("given_code.txt"),
    prepare=prepare,
    describe=describe,
    to_student=to_student,
    draw=ref.affiche,
    worker_side=worker_side,
    example_size=example_size,
)
