"""Exercise `domineering-minmax`: Algorithme min-max (domineering 4 x 4) (work in progress: no question yet)."""

from grader.checks import Exercise

EXERCISE = Exercise(id="domineering-minmax", title="Algorithme min-max (domineering 4 x 4)", questions=())
