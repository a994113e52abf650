"""The tic-tac-toe (morpion) minimax article: wins, evaluate, game_over, empty_cells
(Q1 to Q4), valid_move and set_move on the global board (Q5), minimax (Q6).

The questions, checks and points are listed in docs/reference/exercises/morpion.md.
"""

from exercises.signatures import SIGNATURES
from grader.kit import Exercise
from reference import morpion as ref

from . import board_checks, move_checks, search_checks
from .positions import describe, example_size, prepare

EXERCISE = Exercise(
    id="morpion",
    title="Minimax au morpion (tic-tac-toe)",
    questions=board_checks.QUESTIONS + move_checks.QUESTIONS + search_checks.QUESTIONS,
    **SIGNATURES["morpion"].fields(),
    prepare=prepare,
    describe=describe,
    draw=ref.render,
    example_size=example_size,
)
