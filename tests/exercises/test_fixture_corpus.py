"""The fixture corpus: student-written submissions, each correct in its own style or
with one known bug, graded end to end; the per-question verdicts must be exactly
those written in the folder's EXPECTED.json (reasoned from the bug, not copied from
a run)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from grader.app.runner import grade_file
from grader.model.results import SubmissionStatus
from grader.model.settings import Settings
from grader.registry import installed
from tools.golden import grade_of, recorded

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SETTINGS = Settings(cell_budget=3.0)
EXERCISES = installed()
MINIMUM = 4
"""Fixtures each TD's corpus holds at least (tests/fixtures/<id>/EXPECTED.json)."""


def corpus():
    for expected_file in sorted(FIXTURES.glob("*/EXPECTED.json")):
        expected = json.loads(expected_file.read_text("utf-8"))
        for name, spec in sorted(expected.items()):
            yield pytest.param(expected_file.parent / name, spec, id=f"{expected_file.parent.name}/{name}")


@pytest.mark.parametrize("path, spec", list(corpus()))
def test_exact_verdicts(path, spec):
    result = grade_file(path, SETTINGS)
    if spec.get("status") == "not_gradable":  # another TD's file in this TD's folder: not graded as it
        assert (result.status, result.reason) == (SubmissionStatus.NOT_GRADABLE, spec["reason"])
        assert (result.exercise, result.closest) == (None, spec.get("closest", ""))
        assert list(result.closest_names) == spec.get("closest_names", [])
    else:
        assert result.status is SubmissionStatus.GRADED, result.reason
        assert result.exercise == path.parent.name
    verdicts = {q.id: q.status.value for q in result.questions}
    assert verdicts == spec["questions"], spec.get("why", "")
    failed_cells = sorted(c.index for c in result.cells if not c.ok)
    assert failed_cells == sorted(spec.get("failed_cells", []))
    # Issue 13: a faster grader grades the same; every check's status, every score and the
    # mark as recorded in tests/golden_grades.json (`python -m tools.golden`).
    fixture_id = f"{path.parent.name}/{path.name}"
    assert grade_of(result) == recorded()[fixture_id], "grade differs from tests/golden_grades.json"


def test_every_td_has_its_corpus_and_every_grade_is_recorded():
    """Each TD of this repository has at least MINIMUM fixtures; the record holds the
    grade of every fixture and of nothing else (a fixture lost is seen)."""
    counts = Counter(param.values[0].parent.name for param in corpus())
    ours = [
        exercise_id for exercise_id in EXERCISES if EXERCISES.package(exercise_id).startswith("exercises.")
    ]
    assert ours and {td: counts[td] for td in ours if counts[td] < MINIMUM} == {}
    assert {param.id for param in corpus()} == set(recorded())
