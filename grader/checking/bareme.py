"""The teacher's barème and the mark it gives: points, questions left out, scale, rounding.

A `Bareme` is a value: the scoring pass (`grader.checking.scoring`) takes it as a
parameter, and the default gives the grader's own marks (every question, its checks'
points, out of 20, to the hundredth). Reading one from a file is the command line's job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..model.results import QuestionResult
from .declare import Exercise


@dataclass(frozen=True)
class Bareme:
    """How a teacher marks an exercise this year; the default gives the grader's own marks.

    Args:
        points: question id -> its points; its checks keep their relative weights. A
            question not listed keeps its checks' declared points.
        omitted: questions not set this year: not graded, not in the results, not in
            the total.
        scale: what the mark is out of (`sur`), any positive number.
        rounding: the mark is rounded half up to a multiple of this (0.01, 0.25, 0.5,
            1); 0: to the hundredth.
        bonus: questions whose points add to the score but not to the maximum.
        capped: the mark is at most `scale` (bonus points can only fill it).

    Raises:
        ValueError: negative points, a scale that is not positive, a negative rounding.

    Example:
        Bareme(points={"Q16": 2, "Q14": 3}, omitted=frozenset({"Q17"}), scale=10, rounding=0.5)
    """

    points: Mapping[str, float] = field(default_factory=dict)
    omitted: frozenset[str] = frozenset()
    scale: float = 20.0
    rounding: float = 0.0
    bonus: frozenset[str] = frozenset()
    capped: bool = True

    def __post_init__(self) -> None:
        negative = sorted(q for q, p in self.points.items() if p < 0)
        if negative:
            raise ValueError(f"negative points for {', '.join(negative)}")
        if self.scale <= 0:
            raise ValueError(f"the scale must be positive, got {self.scale}")
        if self.rounding < 0:
            raise ValueError(f"the rounding must be positive or 0, got {self.rounding}")

    def unknown(self, exercise: Exercise[Any]) -> list[str]:
        """The question ids it names that `exercise` does not have, sorted."""
        known = {q.id for q in exercise.questions}
        return sorted((set(self.points) | self.omitted | self.bonus) - known)


DEFAULT = Bareme()
"""Every question, its checks' points, out of 20, to the hundredth: the grader's marks."""

NO_OVERRIDES: Mapping[str, float] = MappingProxyType({})


@dataclass(frozen=True)
class Scored:
    """A submission scored: its questions' results and its mark."""

    questions: tuple[QuestionResult, ...]
    score: float
    """Points earned, bonus questions included."""
    max_score: float
    """Points of the graded questions, bonus questions left out."""
    mark: float
    """Out of `scale`, capped and rounded as the barème says."""
    scale: float


def mark_of(results: tuple[QuestionResult, ...], bareme: Bareme = DEFAULT) -> Scored:
    """The submission's score, maximum and mark from its questions' results."""
    earned = round(sum(q.score for q in results), 4)
    most = round(sum(q.max_score for q in results if not q.bonus), 4)
    return Scored(results, earned, most, _mark(earned, most, bareme), bareme.scale)


def _mark(earned: float, most: float, bareme: Bareme) -> float:
    if not most:
        return 0.0
    mark = bareme.scale * earned / most
    if bareme.rounding:
        mark = _round_to(mark, bareme.rounding)
    if bareme.capped:
        mark = min(mark, bareme.scale)
    return round(mark, 2)


def _round_to(value: float, step: float) -> float:
    """`value` rounded half up to a multiple of `step` (13.25 to the half point: 13.5)."""
    from decimal import ROUND_HALF_UP, Decimal  # only for a barème that rounds

    exact, unit = Decimal(repr(round(value, 6))), Decimal(repr(step))
    return float((exact / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP) * unit)
