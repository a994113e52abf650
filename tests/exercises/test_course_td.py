"""A sixth TD from outside the grader: a course's package (`tests/course_td/`), installed
as pip would install it (a `dist-info` whose `entry_points.txt` registers it in the
group `minimax_grader.exercises`), found by the registry and graded, in process and
end to end through `grade.py`. No file of the grader names it."""

from __future__ import annotations

import importlib.metadata
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fake_session import FakeSession

from grader.app.cli import build_parser
from grader.checking.grading import grade_exercise
from grader.checking.view import StudentView
from grader.model.text import in_lang
from grader.reading.recognise import detect, recognise, signatures_of
from grader.registry import GROUP, discover, entry_points, installed
from grader.similarity.compare import Submission, compare
from grader.similarity.given import shared_by

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "tests" / "course_td"
SUBMISSION = COURSE / "eleve_allumettes.py"
OWN = list(installed())
"""The TDs installed without the course's (read before any test puts it on the path)."""


def install_course(site: Path) -> Path:
    """`site`, a folder of installed distributions holding the course's: its metadata
    and the entry point (the package itself is on the path from `tests/course_td`)."""
    info = site / "allumettes_td-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: allumettes-td\nVersion: 1.0\n", "utf-8")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nallumettes = allumettes_td:EXERCISE\n", "utf-8")
    return site


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(COURSE))
    monkeypatch.syspath_prepend(str(install_course(tmp_path / "site")))
    yield
    for name in [n for n in sys.modules if n.split(".")[0] == "allumettes_td"]:
        del sys.modules[name]


def test_the_entry_points_are_those_importlib_metadata_finds(course):
    for group in (GROUP, "console_scripts", "pytest11"):
        expected = {(e.name, e.value) for e in importlib.metadata.entry_points(group=group)}
        assert {(name, value) for _, name, value in entry_points(group)} == expected, group


def test_a_course_td_is_found_after_the_grader_s_own(course):
    registry = discover()
    assert list(registry) == [*OWN, "allumettes"]
    assert registry.package("allumettes") == "allumettes_td"
    assert registry["allumettes"].title == "Le jeu des allumettes"
    choices = next(a.choices for a in build_parser(registry)._actions if a.dest == "exercise")
    assert "allumettes" in choices


def test_a_course_td_is_detected_and_graded_by_its_own_checks(course):
    registry = discover()
    session = FakeSession(SUBMISSION.read_text("utf-8"), "eleve_allumettes")
    names = session.names()
    assert detect(names.kinds, signatures_of(registry)).exercise == "allumettes"
    questions = grade_exercise(registry["allumettes"], StudentView(session, names, None)).questions  # type: ignore[arg-type]
    assert {q.id: q.status.value for q in questions} == {"Q1": "passed", "Q2": "passed", "Q3": "failed"}
    assert sum(q.score for q in questions) == 10
    # The expected "a move among ..." is the course's sentence in both languages:
    # `--lang en` shows no French (it was a plain French string until 0.2.0).
    (wrong,) = [c for c in questions[2].checks if c.evidence is not None]
    assert (in_lang(wrong.evidence.expected, "fr"), in_lang(wrong.evidence.expected, "en")) == (
        "un coup parmi [1]",
        "a move among [1]",
    )
    assert recognise([], "# Le jeu des allumettes\n", signatures_of(registry)).closest == "allumettes"


def test_the_similarity_report_discounts_a_course_td_s_reference_as_its_declaration_gives_it(
    course, tmp_path
):
    # The grader holds no reference/allumettes.py: the reference is the one the course's
    # Exercise declares, read through the registry.
    reference = (COURSE / "allumettes_td" / "reference.py").read_text("utf-8")
    shared = shared_by(discover())
    assert shared("allumettes") == [reference]
    for name in ("a", "b"):  # two students who handed in the course's solution as it is
        (tmp_path / f"{name}.py").write_text(reference, "utf-8")
    copies = [Submission(name, str(tmp_path / f"{name}.py"), "allumettes") for name in ("a", "b")]
    (discounted,) = compare(copies, shared).exercises
    assert discounted.has_shared_code and discounted.scores.pairs[0].score == 0.0
    (whole,) = compare(copies, lambda exercise: []).exercises
    assert not whole.has_shared_code and whole.scores.pairs[0].score == 1.0


def test_a_td_that_does_not_load_is_left_out_and_said(tmp_path, monkeypatch, caplog):
    site = tmp_path / "site"
    info = site / "broken_td-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nbroken = no_such_module:EXERCISE\n", "utf-8")
    monkeypatch.syspath_prepend(str(site))
    caplog.set_level(
        logging.INFO, "grader.registry"
    )  # the technical line: -v (tests/app/test_unavailable_td.py)
    registry = discover()
    assert list(registry) == OWN
    assert list(registry.unavailable) == ["broken"]
    assert "no_such_module" in caplog.text


@pytest.mark.slow
def test_grade_py_grades_a_submission_with_the_course_td(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(install_course(tmp_path / "site")), str(COURSE)]))
    for forced in ((), ("--exercise", "allumettes")):
        done = subprocess.run(
            [sys.executable, str(ROOT / "grade.py"), str(SUBMISSION), "--json", "-", *forced],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        (report,) = json.loads(done.stdout)["submissions"]
        assert (report["exercise"], report["status"], report["mark20"]) == ("allumettes", "graded", 10.0)
        assert [q["status"] for q in report["questions"]] == ["passed", "passed", "failed"]
