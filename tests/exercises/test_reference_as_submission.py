"""The reference handed in as a student module must get every point: a grader that
fails it has a false fail."""

import shutil
from pathlib import Path

from grader.app.runner import grade_file
from grader.model.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_reference_module_gets_full_marks(tmp_path):
    copy = tmp_path / "copie_reference.py"
    shutil.copy(ROOT / "reference" / "puissance4.py", copy)
    result = grade_file(copy, Settings())
    verdicts = {q.id: q.status.value for q in result.questions}
    assert verdicts == {**{f"Q{i}": "passed" for i in range(1, 18)}, "Q16": "manual"}
    assert result.score == result.max_score == 20
    assert not [c for c in result.cells if not c.ok]
