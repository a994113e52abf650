"""Per exercise: what to mutate, which question each name belongs to, the calls that
decide whether a mutant changed behaviour, and which different answers the sheet
accepts (comparators). Each TD's spec is a module of `specs/` named after its package,
found through the registry (`specs`); what several share is here.

The calls are built from the reference's own game functions (legal random play plus
structural positions: empty, full, nearly full, each player to move), with a seeded
`random.Random`, independently of the grader's checks and of Hypothesis.
"""

from __future__ import annotations

import importlib
import random
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .differential import Call, Comparator, Outcome, equal

ROOT = Path(__file__).resolve().parents[2]
INF = float("inf")


@dataclass
class ExerciseSpec:
    id: str
    module: str
    """File name under reference/."""
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

    @property
    def source(self) -> str:
        return (ROOT / "reference" / self.module).read_text("utf-8")

    @property
    def mutated_names(self) -> set[str]:
        return set(self.questions) | self.helpers


# -- comparators shared by several exercises -------------------------------------------
def same_but_value(expected: Outcome, got: Outcome) -> bool:
    """Everything but the returned value is identical."""
    return expected.kind == got.kind == "value" and all(
        equal(getattr(expected, f), getattr(got, f)) for f in ("args_after", "globals_after", "count")
    )


def with_value(judge_value: Callable) -> Comparator:
    """A comparator that only relaxes the value: `judge_value(ref, call, expected, got)`
    says whether a different value is an accepted answer."""

    def compare(ref, call, expected, got):
        if equal(expected, got):
            return "same"
        if same_but_value(expected, got) and judge_value(ref, call, expected.value, got.value):
            return "alternative"
        return "differs"

    return compare


def as_cells(x) -> frozenset | None:
    try:
        cells = [tuple(c) for c in x]
    except TypeError:
        return None
    return frozenset(cells) if len(set(cells)) == len(cells) else None


unordered = with_value(lambda ref, call, e, g: as_cells(e) is not None and as_cells(e) == as_cells(g))
"""Same elements, another order: the sheet fixes no order (the grader compares sets)."""


def specs(exercises: Mapping[str, object]) -> dict[str, ExerciseSpec]:
    """The spec of each TD of `exercises` that has one: `tools/mutation/specs/<package>.py`
    (its `SPEC`), named after the TD's package (`grader.registry.Installed.package`)."""
    found = {}
    for exercise_id in exercises:
        package = getattr(exercises, "package", lambda i: "")(exercise_id) or exercise_id.replace("-", "_")
        try:
            module = importlib.import_module(f"{__package__}.specs.{package.rpartition('.')[2]}")
        except ModuleNotFoundError:
            continue  # a TD without mutation inputs: not measured
        found[exercise_id] = module.SPEC
    return found
