"""Hypothesis keeps its files in the grader's cache folder, never in a `.hypothesis/` of
the folder the grader is run from, and is not imported to say so (it is imported only to
shrink a failure, issue 13)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
from grader.app.guard import prepare_process
prepare_process()
assert "hypothesis" not in sys.modules, "imported to set its folder"
from hypothesis import find, strategies as st
from hypothesis.configuration import storage_directory
print(storage_directory("examples", intent_to_write=False).path)
find(st.integers(), lambda x: x > 10)
"""


def test_hypothesis_files_go_to_the_cache_folder_not_the_current_one(tmp_path):
    cache = tmp_path / "cache"
    env = {
        "PATH": "/usr/bin:/bin",
        "XDG_CACHE_HOME": str(cache),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
    }
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    ).stdout
    assert Path(out.strip()).is_relative_to(cache / "minimax-grader" / "hypothesis")
    assert not (tmp_path / ".hypothesis").exists()
