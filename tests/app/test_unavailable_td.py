"""A course's TD that fails to import (issue 39 item 4): said once in the teacher's
language with its package and the cause, its copies reported "TD nim indisponible (…)",
never sent to another TD, `--exercise` of it a usage error that says why; the other TDs
grade as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader.app.cli import main
from grader.model.results import SubmissionResult, SubmissionStatus
from grader.registry import GROUP, ExerciseUnavailable, Installed, discover, installed, unavailable_of
from grader.render.feedback import not_gradable_reason
from grader.render.json_report import submission_dict

ROOT = Path(__file__).resolve().parents[2]
OWN = list(installed())
CAUSE = "ModuleNotFoundError: No module named 'numpyy'"
COPY = ROOT / "grader" / "course" / "example" / "copies" / "copie_a.ipynb"  # a nim-like TD's copy
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"


def broken(where: Path, entry: str, files: dict[str, str]) -> dict[str, str]:
    """A package installed beside the grader (its `dist-info`, as pip writes one), whose
    entry point is `entry`; the environment that finds it."""
    info = where / "site" / "minimax_broken-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: minimax-broken\nVersion: 1.0\n", "utf-8")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{entry}\n", "utf-8")
    for relative, text in files.items():
        (where / "pkg" / relative).parent.mkdir(parents=True, exist_ok=True)
        (where / "pkg" / relative).write_text(text, "utf-8")
    return {"site": str(where / "site"), "pkg": str(where / "pkg")}


AT_ONCE = ("nim = minimax_broken:EXERCISE", {"minimax_broken/__init__.py": "import numpyy\n"})
"""The entry names the Exercise: the package is imported when the grader starts."""
SIGNED = (
    "nim = minimax_broken.signature:SIGNATURE",
    {
        "minimax_broken/__init__.py": "",
        "minimax_broken/td.py": "import numpyy\n",
        "minimax_broken/signature.py": (
            "from grader.kit import Signature\n\n"
            'SIGNATURE = Signature("nim", frozenset({"coups_possibles", "jouer", "est_fini", "minimax"}), '
            'exercise="minimax_broken.td:EXERCISE")\n'
        ),
    },
)
"""The entry names the Signature: the package is imported when a copy of it is graded."""


@pytest.fixture(params=[AT_ONCE, SIGNED], ids=["at_once", "signed"])
def course(request, tmp_path, monkeypatch):
    entry, files = request.param
    paths = broken(tmp_path, entry, files)
    monkeypatch.syspath_prepend(paths["pkg"])
    monkeypatch.syspath_prepend(paths["site"])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([paths["site"], paths["pkg"]]))  # for grade.py
    yield request.param is SIGNED
    for name in [n for n in sys.modules if n.split(".")[0] == "minimax_broken"]:
        del sys.modules[name]


def test_a_td_that_does_not_load_is_kept_as_unavailable(course):
    registry = discover()
    if course:  # signed: detection weighs it; its Exercise fails when first asked for
        assert list(registry) == [*OWN, "nim"] and not registry.unavailable
        with pytest.raises(ExerciseUnavailable):
            registry["nim"]
    else:
        assert list(registry) == OWN
    (missing,) = unavailable_of(registry).values()
    package = "minimax_broken.td" if course else "minimax_broken"  # the module that failed to import
    assert (missing.id, missing.package, missing.cause) == ("nim", package, CAUSE)
    with pytest.raises(ExerciseUnavailable):  # and stays so
        registry["nim"]
    assert unavailable_of({}) == {}


def test_its_copies_say_so_in_the_teacher_s_language():
    result = SubmissionResult(
        "copie.py",
        None,
        SubmissionStatus.NOT_GRADABLE,
        reason="exercise_unavailable",
        unavailable=(("nim", "minimax_broken", CAUSE),),
    )
    assert not_gradable_reason(result, "fr") == f"TD nim indisponible (minimax_broken : {CAUSE})"
    assert not_gradable_reason(result, "en") == f"TD nim unavailable (minimax_broken: {CAUSE})"
    assert submission_dict(result, "fr")["unavailable"] == [
        {"exercise": "nim", "package": "minimax_broken", "cause": CAUSE}
    ]


def test_forcing_it_is_a_usage_error_that_says_why(tmp_path, capsys):
    registry = Installed(
        {"morpion": "exercises.signatures:MORPION"},
        {"nim": __import__("grader.registry").registry.Unavailable("nim", "minimax_broken", CAUSE)},
    )
    with pytest.raises(SystemExit) as stopped:
        main(["--exercise", "nim", str(COPY)], registry)
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith(
        f"TD nim indisponible : le paquet minimax_broken ne se charge pas ({CAUSE}) ; "
        "ses copies ne seront pas corrigées\n"
    )
    assert (
        f"--exercise : le TD nim est indisponible : le paquet minimax_broken ne se charge pas ({CAUSE})"
        in said
    )
    with pytest.raises(SystemExit):
        main(["--exercise", "nim", "--lang", "en", str(COPY)], registry)
    said = capsys.readouterr().err
    assert "TD nim unavailable: the package minimax_broken does not load" in said
    assert "the TDs of" not in said  # the log's English line: -v only


@pytest.mark.slow
def test_grade_py_reports_its_copies_and_grades_the_others(course, tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), str(COPY), str(SAMPLE), "--json", "-"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("TD nim indisponible : le paquet minimax_broken ne se charge pas") == (
        0 if course else 1  # signed: found unavailable only when a copy of it is graded
    )
    copy, sample = json.loads(done.stdout)["submissions"]
    assert (copy["status"], copy["reason"], copy["exercise"]) == (
        "not_gradable",
        "exercise_unavailable",
        "nim" if course else None,  # signed: recognised as nim by its signature
    )
    package = "minimax_broken.td" if course else "minimax_broken"
    assert copy["unavailable"] == [{"exercise": "nim", "package": package, "cause": CAUSE}]
    assert "closest" not in copy  # never sent to another TD, not even as a hint
    assert (sample["exercise"], sample["mark20"]) == ("puissance4", 14.5)  # as without the course's TD


def test_a_signature_naming_values_says_what_to_change_and_the_grader_s_own_do_not(
    tmp_path, monkeypatch, caplog
):
    """Compatibility (issue 39 item 6): a course's TD whose signature names a constant of
    its reference still loads and grades; detection no longer counts that name, and the
    log says which names to take out. The grader's own signatures name functions only."""
    package = tmp_path / "td_constant"
    package.mkdir()
    (package / "reference.py").write_text("LIMITE = 3\n\ndef coups(n):\n    return [1, 2]\n", "utf-8")
    (package / "__init__.py").write_text(
        "from grader.kit import Exercise, Question\nfrom . import reference as ref\n\n"
        'EXERCISE = Exercise(id="constante", title="t", questions=(Question("Q1", "coups", (("coups",),)),), '
        'signature=frozenset({"coups", "LIMITE"}), reference=ref)\n',
        "utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert Installed({"constante": "td_constant:EXERCISE"})["constante"].id == "constante"
    finally:
        for name in [n for n in sys.modules if n.split(".")[0] == "td_constant"]:
            del sys.modules[name]
    assert "the TD constante: its signature names LIMITE" in caplog.text
    assert "remove them from its signature" in caplog.text
    caplog.clear()
    registry = discover()
    for exercise_id in OWN:
        registry[exercise_id]
    assert "its signature names" not in caplog.text
