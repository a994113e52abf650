"""The nbgrader benchmark's course is right without running nbgrader (no timing here)."""

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location(
    "bench_vs_nbgrader", ROOT / "benchmarks" / "bench_vs_nbgrader.py"
)
bench = importlib.util.module_from_spec(spec)
sys.modules["bench_vs_nbgrader"] = bench  # its dataclass looks its module up there
spec.loader.exec_module(bench)


def test_the_class_is_twenty_notebooks_without_the_endless_loop():
    notebooks = bench.class_notebooks()
    assert len(notebooks) == 20
    assert all(p.suffix == ".ipynb" and p.exists() for p in notebooks.values())
    assert not any("boucle_infinie" in p.name for p in notebooks.values())


def test_the_solution_passes_the_grade_cell():
    namespace: dict = {}
    exec(bench.solution_source(), namespace)
    exec(bench.GRADE_CELL, namespace)  # raises AssertionError if the asserts fail


def test_a_submission_keeps_the_students_cells_and_ends_with_the_test_cell():
    source = bench.source_notebook()
    released = json.loads(json.dumps(source))  # what generate_assignment keeps of the metadata
    student = bench.CORPUS / "correct_listes.ipynb"
    original = json.loads(student.read_text("utf-8"))
    made = bench.submission(student, released)
    assert [c["source"] for c in made["cells"][:-1]] == [c["source"] for c in original["cells"]]
    assert made["cells"][-1]["metadata"]["nbgrader"]["grade_id"] == "test_td10"
    first_code = next(c for c in made["cells"] if c["cell_type"] == "code")
    assert first_code["metadata"]["nbgrader"]["solution"] is True
    assert len({c["id"] for c in made["cells"]}) == len(made["cells"])
