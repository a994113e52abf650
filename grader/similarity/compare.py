"""The similarity pass over a class: read each copy, fingerprint its functions, score
the pairs of each exercise (the model the reports render)."""

from __future__ import annotations

import ast
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import NotGradable
from .extract import TooLarge, Unit, extract, extract_sources
from .fingerprints import Prints, fingerprint
from .score import ClassScores, PairScore, score_class

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Submission:
    """A copy to compare: who, which file, which exercise it answers."""

    student: str
    path: str
    exercise: str


@dataclass(frozen=True)
class Copy:
    student: str
    path: str
    units: tuple[Unit, ...]
    prints: tuple[Prints, ...]


@dataclass(frozen=True)
class LeftOut:
    student: str
    path: str
    reason: str
    """`unreadable` (the file), `no_function` (nothing to compare), `no_exercise`,
    `too_large` (more code than the pass compares: `extract.MAX_COMPARED_BYTES`)."""


@dataclass(frozen=True)
class ExerciseSimilarity:
    exercise: str
    copies: tuple[Copy, ...]
    scores: ClassScores
    has_shared_code: bool
    """Whether the sheet's code or the reference was found and discounted (else only
    what most of the class shares is)."""

    def copy_pair(self, pair: PairScore) -> tuple[Copy, Copy]:
        return self.copies[pair.a], self.copies[pair.b]


@dataclass(frozen=True)
class Similarity:
    exercises: tuple[ExerciseSimilarity, ...]
    left_out: tuple[LeftOut, ...]


def given_names(sources: Sequence[str]) -> frozenset[str]:
    """The names the shared code (the sheet's, the reference's) defines at top level:
    the sheet's names, which a student does not choose (kept by the normalisation)."""
    names: set[str] = set()
    for source in sources:
        try:
            names.update(_top_level_names(ast.parse(source)))
        except (SyntaxError, ValueError):
            continue
    return frozenset(names)


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def compare(
    submissions: Sequence[Submission],
    shared: Callable[[str], Sequence[str]],
) -> Similarity:
    """Score the pairs of `submissions` exercise by exercise; `shared(exercise)`: the
    code every copy of the exercise may share (the sheet's given code, the reference
    solution), as module texts, whose fingerprints count for nothing."""
    left_out: list[LeftOut] = []
    by_exercise: dict[str, list[Submission]] = {}
    for submission in submissions:
        if submission.exercise:
            by_exercise.setdefault(submission.exercise, []).append(submission)
        else:
            left_out.append(LeftOut(submission.student, submission.path, "no_exercise"))
    exercises = []
    for exercise, members in by_exercise.items():
        sources = shared(exercise)
        names = given_names(sources)
        given: frozenset[int] = frozenset()
        for source in sources:
            for unit in extract_sources([source], names).units:
                given |= fingerprint(unit.tokens).hashes
        copies = []
        for member in members:
            try:
                units = extract(Path(member.path), names).units
            except NotGradable as exc:
                log.debug("similarity: %s not read (%s)", member.path, exc)
                left_out.append(LeftOut(member.student, member.path, "unreadable"))
                continue
            except TooLarge:
                left_out.append(LeftOut(member.student, member.path, "too_large"))
                continue
            if not units:
                left_out.append(LeftOut(member.student, member.path, "no_function"))
                continue
            copies.append(
                Copy(member.student, member.path, units, tuple(fingerprint(u.tokens) for u in units))
            )
        scores = score_class([[p.hashes for p in copy.prints] for copy in copies], given)
        exercises.append(ExerciseSimilarity(exercise, tuple(copies), scores, bool(sources)))
    return Similarity(tuple(exercises), tuple(left_out))
