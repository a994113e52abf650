"""The exercises the grader knows, one package per TD sheet: the registry.

Detection, the CLI's `--exercise` choices and the settings' check all read
`EXERCISES`; its order breaks detection ties (puissance4 first). Adding a TD: a
reference module in `reference/`, a package here exposing `EXERCISE` (with its
detection signature), and an entry below (see the README's "Adding a TD").
"""

from __future__ import annotations

from grader.kit import Registry

from .chocolat import EXERCISE as CHOCOLAT
from .domineering import EXERCISE as DOMINEERING
from .domineering_minmax import EXERCISE as DOMINEERING_MINMAX
from .morpion import EXERCISE as MORPION
from .puissance4 import EXERCISE as PUISSANCE4

EXERCISES: Registry = {
    exercise.id: exercise for exercise in (PUISSANCE4, DOMINEERING, DOMINEERING_MINMAX, MORPION, CHOCOLAT)
}
