"""The grader's settings, resolved once and frozen."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from ..sandbox.confine.limits import Limits

LANGS = ("fr", "en")


@dataclass(frozen=True)
class Settings:
    exercise: str | None = None
    """Forced exercise id; None to detect it from the names defined."""
    lang: str = "fr"
    call_budget: float | None = None
    """Seconds one call into student code may take (`--timeout`); None: each check's own."""
    cell_budget: float = 5.0
    """Seconds one notebook cell may take (`--cell-timeout`): top-level demo code, game loops..."""
    all_cells_budget: float = 60.0
    """Seconds all the cells of one submission may take together; later cells are skipped."""
    total_budget: float = 180.0
    """Wall seconds one submission may spend in its worker in all: cells, calls, worker
    starts and replays after restarts (grader.sandbox.manage.session.TOTAL_BUDGET)."""
    jobs: int = 1
    limits: Limits = field(default_factory=Limits)
    isolation: str = "auto"
    """`auto` (bubblewrap, else landlock, else basic: the strongest that works here),
    `bubblewrap`, `landlock` or `basic`."""
    examples_scale: float = 1.0
    """Multiplies the number of Hypothesis examples of every check."""

    def __post_init__(self) -> None:
        if self.lang not in LANGS:
            raise ValueError(f"--lang: {self.lang!r} is not one of {', '.join(LANGS)}")
        for name, value in (
            ("--cell-timeout", self.cell_budget),
            ("all_cells_budget", self.all_cells_budget),
            ("total_budget", self.total_budget),
        ):
            if value <= 0:
                raise ValueError(f"{name} must be positive, got {value}")
        if self.call_budget is not None and self.call_budget <= 0:
            raise ValueError(f"--timeout must be positive, got {self.call_budget}")
        if self.jobs < 1:
            raise ValueError(f"--jobs must be at least 1, got {self.jobs}")

    def check_exercise(self, exercises: Collection[str]) -> None:
        """A forced exercise must be one of the registry's ids (the CLI's `choices`)."""
        if self.exercise is not None and self.exercise not in exercises:
            raise ValueError(f"--exercise: {self.exercise!r} is not one of {', '.join(exercises)}")
