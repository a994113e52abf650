"""Issue 40: a copy aims at the process grading it (its limits, priority, processors,
`oom_score_adj`, a pidfd on it), graded by `grade.py --jobs 1` beside an honest copy in
each mode this machine offers. Before, under Landlock and basic, the grader's
RLIMIT_FSIZE and RLIMIT_NOFILE fell to 0: an empty JSON and CSV (or none), exit 1, no copy
named. Now every report is written and the honest mark is unchanged.

The grader runs under a shell that waits for it, so that the attack's "grandparent" is
that shell, never this test run (`tests/sandbox/test_hostile_batch.py` grades the same
attack with --jobs 2 in every mode, as root and as another user)."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.sandbox.confine import isolation as isolation_module
from grader.sandbox.confine import landlock

pytestmark = pytest.mark.slow

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
CORPUS = TESTS / "fixtures" / "puissance4"
MODES = ["bubblewrap", "landlock", "basic"]


def why_not(mode: str) -> str:
    if not sys.platform.startswith("linux"):
        return "Linux only"
    if mode == "bubblewrap" and not isolation_module.bubblewrap_status()[0]:
        return "bubblewrap does not work here"
    if mode == "landlock" and not landlock.abi()[0]:
        return "this kernel has no Landlock"
    return ""


@pytest.mark.parametrize("mode", MODES)
def test_every_report_is_written_when_a_copy_aims_at_its_grader(mode, tmp_path):
    reason = why_not(mode)
    if reason:
        pytest.skip(reason)
    folder = tmp_path / "rendus"
    folder.mkdir()
    attack = (CORPUS / "correct_module.py").read_text("utf-8") + (
        TESTS / "attacks" / "vise_le_correcteur.py"
    ).read_text("utf-8")
    (folder / "aa_vise.py").write_text(attack, "utf-8")
    shutil.copy(CORPUS / "correct_listes.ipynb", folder / "voisin.ipynb")
    out_json, out_csv = tmp_path / "notes.json", tmp_path / "notes.csv"
    grade = [sys.executable, str(ROOT / "grade.py"), str(folder), "--isolation", mode, "--jobs", "1"]
    grade += ["--json", str(out_json), "--csv", str(out_csv)]
    # bubblewrap hidden from a Landlock run, as on a laptop without it
    env = {
        **os.environ,
        "PATH": "/nonexistent" if mode == "landlock" else os.environ.get("PATH", "/usr/bin:/bin"),
    }
    done = subprocess.run(
        ["/bin/sh", "-c", '"$@"; exit $?', "sh", *grade],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
    submissions = {Path(s["path"]).name: s for s in json.loads(out_json.read_text("utf-8"))["submissions"]}
    assert sorted(submissions) == ["aa_vise.py", "voisin.ipynb"]
    assert all(s["status"] == "graded" for s in submissions.values()), submissions
    assert submissions["aa_vise.py"]["mark20"] == submissions["voisin.ipynb"]["mark20"] == 20
    with out_csv.open(encoding="utf-8-sig", newline="") as table:
        rows = list(csv.reader(table, delimiter=";"))
    assert len(rows) == 3, rows  # the header and one row per copy
