"""The fixture corpus: student-written submissions, each correct in its own style or
with one known bug, graded end to end; the per-question verdicts must be exactly
those written in the folder's EXPECTED.json (reasoned from the bug, not copied from
a run)."""

import json
from pathlib import Path

import pytest

from grader.results import SubmissionStatus
from grader.runner import grade_file
from grader.settings import Settings
from tools.golden import grade_of, recorded

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SETTINGS = Settings(cell_budget=3.0)


def corpus():
    for expected_file in sorted(FIXTURES.glob("*/EXPECTED.json")):
        expected = json.loads(expected_file.read_text("utf-8"))
        for name, spec in sorted(expected.items()):
            yield pytest.param(expected_file.parent / name, spec, id=f"{expected_file.parent.name}/{name}")


@pytest.mark.parametrize("path, spec", list(corpus()))
def test_exact_verdicts(path, spec):
    result = grade_file(path, SETTINGS)
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


def test_the_corpus_is_there():
    counts = {}
    for param in corpus():
        path = param.values[0]
        counts[path.parent.name] = counts.get(path.parent.name, 0) + 1
    minimum = {"puissance4": 15, "domineering": 7, "domineering-minmax": 4, "morpion": 6, "chocolat": 5}
    assert {ex: min(counts.get(ex, 0), n) for ex, n in minimum.items()} == minimum
