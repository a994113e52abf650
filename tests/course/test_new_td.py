"""`python -m grader.course new`: the plug-in package it writes for a TD id, from the
allumettes example; and the example itself, graded in process (fast tier)."""

from __future__ import annotations

import re
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import nbformat
import pytest
from fake_session import FakeSession

from grader.checking.grading import grade_exercise
from grader.checking.view import StudentView
from grader.course.__main__ import main
from grader.course.skeleton import EXAMPLE, BadName, Names, planned, write
from grader.reading.submission import read_submission

EXPECTED_FILES = {
    "README.md",
    "pyproject.toml",
    "sujet.md",
    "copies/ATTENDU.md",
    "copies/copie_a.ipynb",
    "copies/copie_b.ipynb",
    "copies/copie_c.ipynb",
    "copies/copie_d.ipynb",
}


def test_names_of_a_td():
    assert Names.of("allumettes") == Names("allumettes", "allumettes_td", "allumettes-td")
    assert Names.of("jeu-de-nim") == Names("jeu-de-nim", "jeu_de_nim_td", "jeu-de-nim-td")
    for bad in ("Nim", "2nim", "nim!", "", "nim-", "a b"):
        with pytest.raises(BadName):
            Names.of(bad)


def test_the_allumettes_package_is_the_example_as_it_is():
    files = planned(Names.of("allumettes"))
    assert set(files) == EXPECTED_FILES | {
        "allumettes_td/__init__.py",
        "allumettes_td/reference.py",
        "tests/test_allumettes_td.py",
    }
    for relative, text in files.items():
        assert text == (EXAMPLE / relative).read_text("utf-8"), relative
    assert 'allumettes = "allumettes_td:EXERCISE"' in files["pyproject.toml"]


def test_another_id_gets_the_same_files_renamed():
    files = planned(Names.of("jeu-de-nim"))
    assert set(files) == EXPECTED_FILES | {
        "jeu_de_nim_td/__init__.py",
        "jeu_de_nim_td/reference.py",
        "tests/test_jeu_de_nim_td.py",
    }
    assert 'jeu-de-nim = "jeu_de_nim_td:EXERCISE"' in files["pyproject.toml"]
    assert 'name = "jeu-de-nim-td"' in files["pyproject.toml"]
    assert 'id="jeu-de-nim"' in files["jeu_de_nim_td/__init__.py"]
    assert '"jeu-de-nim"' in files["tests/test_jeu_de_nim_td.py"]
    assert not any("allumettes_td" in text or "allumettes-td" in text for text in files.values())
    assert "jeu des allumettes" in files["sujet.md"]  # the prose is the course's to replace
    for copy in sorted(c for c in EXPECTED_FILES if c.endswith(".ipynb")):  # the students' notebooks
        assert files[copy] == (EXAMPLE / copy).read_text("utf-8"), copy


def test_the_readme_commands_name_the_new_td():
    # The nim package's README said `python -m grader.mutation allumettes`, which the
    # teacher ran: "unknown TD: allumettes (installed: ..., nim)".
    readme = planned(Names.of("jeu-de-nim"))["README.md"]
    commands = [line for line in readme.splitlines() if line.startswith(("python ", "pip "))]
    assert "python -m grader.mutation jeu-de-nim" in " ".join(commands)
    assert not any("allumettes" in line for line in commands), commands


def test_installing_the_package_brings_what_its_test_runs():
    # The README and the tutorial say `pip install -e nim-td`, then `python -m pytest
    # nim-td/tests`: beside a grader installed without its test extra, that said
    # "No module named pytest" (a fresh venv with `pip install minimax-grader`, 2026-11-29).
    project = tomllib.loads(planned(Names.of("nim"))["pyproject.toml"])["project"]
    names = {re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0] for requirement in project["dependencies"]}
    assert {"minimax-grader", "pytest"} <= names


def test_a_folder_that_holds_anything_is_left_as_it_is(tmp_path):
    folder = tmp_path / "nim-td"
    folder.mkdir()
    (folder / "mes_notes.txt").write_text("à garder", "utf-8")
    with pytest.raises(BadName):
        write(folder, planned(Names.of("nim")))
    assert [p.name for p in folder.iterdir()] == ["mes_notes.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["nim-td"]  # no scratch folder left


def test_the_command_writes_a_new_folder_and_says_what_next(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["new", "nim"]) == 0
    said = capsys.readouterr().out
    assert "TD nim écrit dans nim-td (paquet nim_td)" in said
    assert "pip install -e nim-td ; python -m grader nim-td/copies ; python -m grader.mutation nim" in said
    assert (tmp_path / "nim-td" / "nim_td" / "__init__.py").is_file()
    with pytest.raises(SystemExit) as stopped:
        main(["new", "nim", "--lang", "en"])
    assert stopped.value.code == 2
    assert "nim-td exists and is not empty: nothing was written" in capsys.readouterr().err


@pytest.fixture
def example_td(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLE))
    yield __import__("allumettes_td").EXERCISE
    for name in [n for n in sys.modules if n.split(".")[0] == "allumettes_td"]:
        del sys.modules[name]


def test_the_example_s_copies_are_notebooks_as_students_hand_them_in():
    """Valid nbformat 4, never run (no outputs), each question's title then its code."""
    for copy in sorted((EXAMPLE / "copies").glob("copie_*")):
        assert copy.suffix == ".ipynb", copy.name
        notebook = nbformat.read(copy, as_version=nbformat.NO_CONVERT)
        nbformat.validate(notebook)
        assert notebook.nbformat == 4, copy.name
        code = [c for c in notebook.cells if c.cell_type == "code"]
        assert all(c.outputs == [] and c.execution_count is None for c in code), copy.name
        titles = [c.source for c in notebook.cells if c.source.startswith("**Question ")]
        assert [t.split(".")[0] for t in titles] == [f"**Question {n}" for n in range(1, 7)], copy.name


@pytest.mark.parametrize(
    ("copy", "mark"), [("copie_a.ipynb", 20), ("copie_b.ipynb", 8), ("copie_c.ipynb", 18)]
)
def test_the_example_s_copies_get_the_marks_reasoned_before(example_td, copy, mark):
    # copies/ATTENDU.md says why; copie_d's marks come from timeouts: graded by a worker
    # in tests/course/test_course_example.py
    assert sum(c.points for q in example_td.questions for c in q.checks) == 20
    cells = read_submission(EXAMPLE / "copies" / copy).cells  # the code cells, as a worker runs them
    session = FakeSession("\n\n".join(cell.source for cell in cells), "__main__")
    graded = grade_exercise(example_td, StudentView(session, session.names(), None))  # type: ignore[arg-type]
    assert sum(q.score for q in graded.questions) == mark
