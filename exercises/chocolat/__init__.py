"""Exercise `chocolat`: TP minimax : la tablette de chocolat (work in progress: no question yet)."""

from grader.checks import Exercise

EXERCISE = Exercise(id="chocolat", title="TP minimax : la tablette de chocolat", questions=())
