"""The exercises the grader knows, one module per TD sheet, declared here by id.

Adding a TD: a reference module in `reference/`, an exercise module here exposing
`EXERCISE`, an entry in `EXERCISES`, and its names in `grader.detect.SIGNATURES`.
"""

from __future__ import annotations

from grader.checks import Exercise

from .chocolat import EXERCISE as CHOCOLAT
from .domineering import EXERCISE as DOMINEERING
from .domineering_minmax import EXERCISE as DOMINEERING_MINMAX
from .morpion import EXERCISE as MORPION
from .puissance4 import EXERCISE as PUISSANCE4

EXERCISES: dict[str, Exercise] = {
    exercise.id: exercise
    for exercise in (PUISSANCE4, DOMINEERING, DOMINEERING_MINMAX, MORPION, CHOCOLAT)
}
