"""A wing's text file missing or damaged is a broken install: the run stops, naming the file,
and exits with an error, instead of grading on with a report it cannot word (issue 38)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["missing", "not_toml"])
def test_a_run_with_a_broken_text_file_stops_and_names_it(damage, tmp_path):
    # A copy of the grader whose reports' sentences (read once the copy is graded) are broken;
    # `python -m grader` from its folder imports that copy.
    shutil.copytree(ROOT / "grader", tmp_path / "grader", ignore=shutil.ignore_patterns("__pycache__"))
    broken = tmp_path / "grader" / "render" / "text.toml"
    if damage == "missing":
        broken.unlink()
    else:
        broken.write_text(broken.read_text("utf-8") + "\n[status.passed\n", "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "grader", str(SAMPLE)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    assert f"TextFileError: {broken}" in done.stderr
    assert f"{tmp_path}/grader/model/text.py" in done.stderr  # the copy ran, not the checkout
    assert "Total" not in done.stdout  # no report without its words
