"""Every mark is the submission's own (issue 13's reference work done once per process):
graded after others in one process, a submission gets exactly the result it gets alone,
evidence included. Each order is graded in a fresh interpreter, so that "alone" means
with every cache empty."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # starts workers

ROOT = Path(__file__).resolve().parents[2]
P4 = ROOT / "tests" / "fixtures" / "puissance4"

GRADE_IN_TURN = """
import dataclasses, json, sys
from pathlib import Path
from grader.app.runner import grade_file
from grader.model.settings import Settings

TIMES = {"seconds", "student_seconds", "student_cpu", "duration_s"}

def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in TIMES}
    if isinstance(value, (list, tuple)):
        return [strip(v) for v in value]
    return value

for path in sys.argv[1:]:
    result = grade_file(Path(path), Settings(cell_budget=3.0))
print(json.dumps(strip(dataclasses.asdict(result)), default=repr, sort_keys=True))
"""


def _last_graded(*paths: Path) -> dict[str, object]:
    """The result of the last of `paths`, graded in turn by one fresh grading process."""
    done = subprocess.run(
        [sys.executable, "-c", GRADE_IN_TURN, *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    graded: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return graded


@pytest.mark.parametrize(
    "before, after",
    [
        # Buggy and cheating submissions that fail on the structural and drawn positions
        # (their evidence holds those boards), then one that fails on others of them.
        (
            [
                "bug_gagnante_derniere_colonne.py",
                "triche_copie_remplissage.py",
                "bug_copie_superficielle.ipynb",
            ],
            "bug_heuristique_sans_ligne_0.py",
        ),
        (
            ["bug_heuristique_sans_ligne_0.py", "bug_gagnante_horizontale.ipynb"],
            "bug_gagnante_derniere_colonne.py",
        ),
    ],
)
def test_a_submission_graded_after_others_gets_its_own_result(before, after):
    alone = _last_graded(P4 / after)
    assert alone["status"] == "graded" and alone["questions"]
    assert _last_graded(*(P4 / name for name in before), P4 / after) == alone
