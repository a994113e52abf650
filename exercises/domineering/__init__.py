"""Exercise `domineering`: TP : jeu du domineering (work in progress: no question yet)."""

from grader.checks import Exercise

EXERCISE = Exercise(id="domineering", title="TP : jeu du domineering", questions=())
