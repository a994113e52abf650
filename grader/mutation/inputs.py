"""Per exercise: what to mutate, which question each name belongs to, the calls that
decide whether a mutant changed behaviour, and which different answers the sheet
accepts (comparators).

A TD shipped with the grader has its inputs written for it (`specs/<package>.py`, its
`SPEC`): calls built from the reference's own game functions (legal random play plus
structural positions: empty, full, nearly full, each player to move), with a seeded
`random.Random`, independently of the grader's checks and of Hypothesis. Any other TD
(a course's own) gets inputs derived from its declaration (`grader.mutation.derived`):
the calls of its value checks, and their comparisons as the answers it accepts.
"""

from __future__ import annotations

import importlib
import random
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .differential import Call, Comparator, Outcome, equal

INF = float("inf")


@dataclass
class ExerciseSpec:
    id: str
    questions: dict[str, str]
    """Graded name -> question id (docs/reference/exercises/<td>.md)."""
    helpers: set[str]
    """Mutated names no check calls directly; a mutant there counts on the questions of
    the graded functions whose behaviour it changes."""
    build_calls: Callable[[types.ModuleType, random.Random], list[Call]]
    comparators: dict[str, Comparator] = field(default_factory=dict)
    shim: str = ""
    """Appended to every submission (mutants and the reference alike): adapts the
    reference to the names the grader expects. Empty for most exercises."""
    unmeasured: tuple[str, ...] = ()
    """Questions whose functions no input calls (derived inputs: no value check): their
    mutants are not generated, and the report says so."""
    derived: bool = False
    """Derived from the TD's value checks: the calls are the checks' own, so a mutant no
    call tells apart is reported, not taken for equivalent silently."""

    @property
    def mutated_names(self) -> set[str]:
        return set(self.questions) | self.helpers


# -- comparators shared by several exercises -------------------------------------------
def same_but_value(expected: Outcome, got: Outcome) -> bool:
    """Everything but the returned value is identical."""
    return expected.kind == got.kind == "value" and all(
        equal(getattr(expected, f), getattr(got, f)) for f in ("args_after", "globals_after", "count")
    )


def with_value(judge_value: Callable[[Any, Call, Any, Any], bool]) -> Comparator:
    """A comparator that only relaxes the value: `judge_value(ref, call, expected, got)`
    says whether a different value is an accepted answer."""

    def compare(ref: Any, call: Call, expected: Outcome, got: Outcome) -> str:
        if equal(expected, got):
            return "same"
        if same_but_value(expected, got) and judge_value(ref, call, expected.value, got.value):
            return "alternative"
        return "differs"

    return compare


def as_cells(x: Any) -> frozenset[Any] | None:
    try:
        cells = [tuple(c) for c in x]
    except TypeError:
        return None
    return frozenset(cells) if len(set(cells)) == len(cells) else None


unordered = with_value(lambda ref, call, e, g: as_cells(e) is not None and as_cells(e) == as_cells(g))
"""Same elements, another order: the sheet fixes no order (the grader compares sets)."""

OWN_PACKAGE = "exercises."
"""The grader's own TDs' packages: only they have inputs written in `specs/`."""


def shipped_spec(package: str) -> ExerciseSpec | None:
    """The inputs written for the grader's own TD of `package` (`specs/<name>.py`), or None."""
    if not package.startswith(OWN_PACKAGE):
        return None
    try:
        module = importlib.import_module(f"{__package__}.specs.{package.rpartition('.')[2]}")
    except ModuleNotFoundError:
        return None
    spec: ExerciseSpec = module.SPEC
    return spec
