"""The exercises the grader knows, one module per TD sheet, declared here by id.

Adding a TD: a reference module in `reference/`, an exercise module here exposing
`EXERCISE`, an entry in `EXERCISES`, and its names in `grader.detect.SIGNATURES`.
"""

from __future__ import annotations

from grader.checks import Exercise

from .puissance4 import EXERCISE as PUISSANCE4

EXERCISES: dict[str, Exercise] = {PUISSANCE4.id: PUISSANCE4}
