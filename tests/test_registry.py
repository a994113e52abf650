"""The registry of exercises, checked as a whole: what every TD must satisfy, and the
points the docs (`docs/reference/exercises/<td>.md`) state, which must be the code's."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from exercises import EXERCISES
from grader.cli import build_parser
from grader.detect import detect, signatures_of
from grader.settings import Settings

DOCS = Path(__file__).resolve().parent.parent / "docs" / "reference" / "exercises"
ROW = re.compile(r"^\|\s*(?:(Q\d+)(?:\s*\(([\d.]+)\))?)?\s*\|[^|]*\|(.*)\|\s*$")
POINTS = re.compile(r"\((\d+(?:\.\d+)?)\)(?=\s*(?:[;,:]|$|\.\s))")
"""A check's points: a number in brackets closing its clause."""


def documented_points(exercise_id: str) -> dict[str, tuple[float, list[float]]]:
    """Per question of the docs' table: its points, and the points of each of its checks."""
    table: dict[str, tuple[float, list[float]]] = {}
    current = None
    for line in (DOCS / f"{exercise_id}.md").read_text("utf-8").splitlines():
        match = ROW.match(line)
        if match is None or line.startswith("| id"):
            continue
        qid, total, checks = match.groups()
        if qid:
            current = qid
            table[qid] = (float(total or 0), [])
        if current is not None:
            table[current][1].extend(float(p) for p in POINTS.findall(checks.strip()))
    return table


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_twenty_points_per_exercise(exercise):
    assert sum(q.max_score for q in exercise.questions) == 20


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_ids_and_check_names_are_unique(exercise):
    assert len({q.id for q in exercise.questions}) == len(exercise.questions)
    for question in exercise.questions:
        names = Counter(c.name for c in question.checks)
        assert [n for n, k in names.items() if k > 1] == [], question.id
        assert all(c.points > 0 and c.fr and c.en for c in question.checks), question.id


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_the_docs_state_the_codes_points(exercise):
    documented = documented_points(exercise.id)
    assert list(documented) == [q.id for q in exercise.questions]
    for question in exercise.questions:
        total, checks = documented[question.id]
        assert total == question.max_score, question.id
        if not question.manual:
            assert sorted(checks) == sorted(c.points for c in question.checks), question.id


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_each_exercise_is_detected_by_its_own_signature(exercise):
    names = dict.fromkeys(exercise.signature, "function")
    assert detect(names, EXERCISES.values()).exercise == exercise.id


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_the_table_of_signatures_is_each_exercises_own(exercise):
    """Detection reads the table (no TD imported); grading and the API's registries read
    the `Exercise`: both must say the same."""
    (listed,) = [s for s in EXERCISES.signatures() if s.id == exercise.id]
    assert listed is not exercise  # from the table, not the TD
    assert (listed.signature, listed.min_matches, listed.functions_only) == (
        exercise.signature,
        exercise.min_matches,
        exercise.functions_only,
    )
    assert [s.id for s in EXERCISES.signatures()] == list(EXERCISES)  # detection order


def test_a_td_missing_from_the_table_is_detected_by_its_own_exercise(monkeypatch):
    from exercises import signatures

    monkeypatch.delitem(signatures.SIGNATURES, "morpion")
    morpion = EXERCISES["morpion"]
    assert morpion in EXERCISES.signatures()
    names = dict.fromkeys(morpion.signature, "function")
    assert detect(names, signatures_of(EXERCISES)).exercise == "morpion"


def test_the_cli_and_the_settings_read_the_registry():
    choices = next(a.choices for a in build_parser()._actions if a.dest == "exercise")
    assert list(choices) == list(EXERCISES)
    Settings(exercise="morpion").check_exercise(EXERCISES)
    with pytest.raises(ValueError, match="sixth"):
        Settings(exercise="sixth").check_exercise(EXERCISES)
