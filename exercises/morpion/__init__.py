"""Exercise `morpion`: Minimax au morpion (tic-tac-toe) (work in progress: no question yet)."""

from grader.checks import Exercise

EXERCISE = Exercise(id="morpion", title="Minimax au morpion (tic-tac-toe)", questions=())
