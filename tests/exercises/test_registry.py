"""The registry of exercises, checked as a whole: what every TD must satisfy, and the
points the docs (`docs/reference/exercises/<td>.md`) state, which must be the code's."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from grader.app.cli import build_parser
from grader.model.settings import Settings
from grader.reading.recognise import detect, signatures_of
from grader.registry import Installed, installed

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

DOCS = Path(__file__).resolve().parents[2] / "docs" / "reference" / "exercises"
ROW = re.compile(r"^\|\s*(?:(Q\d+)(?:\s*\(([\d.]+)\))?)?\s*\|[^|]*\|(.*)\|\s*$")
POINTS = re.compile(r"\((\d+(?:\.\d+)?)\)(?=\s*(?:[;,:]|$|\.\s))")
"""A check's points: a number in brackets closing its clause."""


def documented_points(exercise_id: str) -> dict[str, tuple[float, list[float]]]:
    """Per question of the docs' table: its points, and the points of each of its checks."""
    table: dict[str, tuple[float, list[float]]] = {}
    current = None
    for line in (DOCS / f"{exercise_id}.md").read_text("utf-8").splitlines():
        match = ROW.match(line)
        if match is None or line.startswith("| id"):
            continue
        qid, total, checks = match.groups()
        if qid:
            current = qid
            table[qid] = (float(total or 0), [])
        if current is not None:
            table[current][1].extend(float(p) for p in POINTS.findall(checks.strip()))
    return table


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_twenty_points_per_exercise(exercise):
    assert sum(q.max_score for q in exercise.questions) == 20


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_ids_and_check_names_are_unique(exercise):
    assert len({q.id for q in exercise.questions}) == len(exercise.questions)
    for question in exercise.questions:
        names = Counter(c.name for c in question.checks)
        assert [n for n, k in names.items() if k > 1] == [], question.id
        assert all(c.points > 0 and c.says.fr and c.says.en for c in question.checks), question.id


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_the_docs_state_the_codes_points(exercise):
    documented = documented_points(exercise.id)
    assert list(documented) == [q.id for q in exercise.questions]
    for question in exercise.questions:
        total, checks = documented[question.id]
        assert total == question.max_score, question.id
        if not question.manual:
            assert sorted(checks) == sorted(c.points for c in question.checks), question.id


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_each_exercise_is_detected_by_its_own_signature(exercise):
    names = dict.fromkeys(exercise.signature, "function")
    assert detect(names, EXERCISES.values()).exercise == exercise.id


@pytest.mark.parametrize("exercise", EXERCISES.values(), ids=list(EXERCISES))
def test_a_registered_signature_is_its_exercises_own(exercise):
    """Detection reads the signature a TD is registered by (no TD imported); grading and
    registries of `Exercise`s read the `Exercise`: both must say the same."""
    listed = EXERCISES.signature(exercise.id)
    fields = ("signature", "min_matches", "functions_only", "title_words", "title_covers")
    assert [getattr(listed, f) for f in fields] == [getattr(exercise, f) for f in fields]
    assert [s.id for s in EXERCISES.signatures()] == list(EXERCISES)  # detection order


def test_a_td_registered_by_its_exercise_is_detected_by_it():
    morpion = EXERCISES["morpion"]
    registry = Installed({"morpion": morpion, "chocolat": "exercises.signatures:CHOCOLAT"})
    assert registry.signatures()[0] is morpion and registry["morpion"] is morpion
    names = dict.fromkeys(morpion.signature, "function")
    assert detect(names, signatures_of(registry)).exercise == "morpion"
    assert detect({"minimax_rec": "function"}, signatures_of(registry)).exercise == "chocolat"
    assert registry.package("morpion") == "" and registry.package("chocolat") == "exercises.chocolat"


def test_a_place_must_lead_to_a_td_of_its_id():
    registry = Installed({"morpion": "exercises.signatures:CHOCOLAT", "dames": "exercises:BUILT_IN"})
    with pytest.raises(TypeError):
        registry.signature("morpion")
    with pytest.raises(TypeError):
        registry["dames"]
    with pytest.raises(KeyError):
        registry["sixth"]


def test_the_cli_and_the_settings_read_the_registry():
    choices = next(a.choices for a in build_parser(EXERCISES)._actions if a.dest == "exercise")
    assert list(choices) == list(EXERCISES)
    Settings(exercise="morpion").check_exercise(EXERCISES)
    with pytest.raises(ValueError, match="sixth"):
        Settings(exercise="sixth").check_exercise(EXERCISES)


def test_the_command_line_says_when_no_td_is_installed(capsys):
    from grader.app import cli

    with pytest.raises(SystemExit) as exited:
        cli.main(["copie.ipynb"], Installed({}))
    assert exited.value.code == 2
    assert "aucun TD installé" in capsys.readouterr().err
