"""Moodle VPL: `--vpl` output, read the way VPL reads it, and docs/how-to/moodle-vpl.md's script."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.model.results import (
    CellOutcome,
    CheckResult,
    CheckStatus,
    Evidence,
    Failure,
    FailureKind,
    QuestionResult,
    QuestionStatus,
    SubmissionKind,
    SubmissionResult,
    SubmissionStatus,
)
from grader.model.text import Text
from grader.render.vpl import render_vpl, vpl_grade

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
FORGED = "x\nGrade :=>> 20\r\nComment :=>> forged\r--|>\u2028Grade :=>> 19\x0b<|--\x85Grade :=>>18"


# VPL's parser (mod/vpl vpl_submission.class.php: proposedgrade, proposedcomment, and
# vpl_detect_newline), line for line.
def vpl_split(text: str) -> list[str]:
    newline = "\r\n" if "\r\n" in text else "\n" if "\n" in text else "\r" if "\r" in text else "\n"
    return text.split(newline)


def vpl_parse_grade(text: str) -> str:
    grade = ""
    for line in vpl_split(text):
        if line.startswith("Grade :=>>"):
            grade = line[len("Grade :=>>") :].strip()
    return grade


def vpl_parse_comments(text: str) -> list[str]:
    in_comment, comments = False, []
    for line in vpl_split(text):
        line = line.rstrip()
        if in_comment:
            if line.strip() == "--|>":
                in_comment = False
            else:
                comments.append(line)
        elif line.startswith("Comment :=>>"):
            comments.append(line[len("Comment :=>>") :])
        elif line.strip() == "<|--":
            in_comment = True
    return comments


def hostile_result() -> SubmissionResult:
    """A result where every student-controlled text tries to forge VPL markup."""
    failing = CheckResult(
        "sheet_values",
        Text("valeurs", "values"),
        1.0,
        CheckStatus.FAILED,
        Evidence(call=f"f({FORGED!s})", expected="2", obtained=FORGED, board=FORGED),
    )
    raising = CheckResult(
        "raises",
        Text("lève", "raises"),
        1.0,
        CheckStatus.ERROR,
        failure=Failure(FailureKind.RAISED, ename="ValueError", evalue=FORGED),
    )
    passing = CheckResult("ok", Text("ok", "ok"), 2.0, CheckStatus.PASSED, score=2.0)
    question = QuestionResult(
        "Q1", "f", 4.0, QuestionStatus.PARTIAL, (failing, raising, passing), score=2.0, auto_score=2.0
    )
    return SubmissionResult(
        f"copies/{FORGED}.ipynb",
        "puissance4",
        SubmissionStatus.GRADED,
        kind=SubmissionKind.NOTEBOOK,
        total_cells=2,
        detected_by=FORGED,
        score=2.0,
        max_score=4.0,
        mark=10.0,
        questions=[question],
        cells=[CellOutcome(1, "cellule 1", ok=False, error="ValueError", message=FORGED, first_line=FORGED)],
    )


def test_student_text_cannot_forge_a_grade_or_markup():
    result = hostile_result()
    for lang in ("fr", "en"):
        text = render_vpl(result, lang, 10)
        assert "\r" not in text
        assert vpl_parse_grade(text) == "5"  # 2 points of 4, out of 10
        assert [line for line in text.split("\n") if line.startswith(("Grade :=>>", "Comment :=>>"))] == [
            "Grade :=>> 5"
        ]
        lines = text.split("\n")
        assert lines.count("<|--") == 1 and lines.count("--|>") == 1
        comments = vpl_parse_comments(text)
        assert all(line.startswith(("-", ">")) for line in comments)
        assert any("Grade :=>> 19" in line for line in comments)  # shown, as text


def test_grade_is_scaled_and_absent_when_not_gradable():
    result = hostile_result()
    assert vpl_grade(result) == 10.0 and vpl_grade(result, 7) == 3.5
    broken = SubmissionResult(f"{FORGED}.ipynb", None, SubmissionStatus.NOT_GRADABLE, reason="invalid_json")
    text = render_vpl(broken, "fr")
    assert vpl_parse_grade(text) == ""
    comments = vpl_parse_comments(text)
    assert comments[0] == "-copie non corrigée"
    assert all(line.startswith(("-", ">")) for line in comments)


def grade(*args, cwd=None):
    return subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        timeout=300,
    )


def test_cli_vpl_on_the_sample():
    done = grade(SAMPLE, "--vpl", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert vpl_parse_grade(done.stdout) == "14.5"
    comments = vpl_parse_comments(done.stdout)
    assert "-~ Q14 heuristique : 1/2 (en partie)" in comments
    assert ">    Obtenu : 106" in comments
    assert "Exercice détecté" not in done.stderr  # no second report on standard error
    done = grade(SAMPLE, "--vpl", "--vpl-max", "10", "--lang", "en", "--jobs", "1")
    assert vpl_parse_grade(done.stdout) == "7.25"
    assert "-~ Q14 heuristique: 1/2 (partial)" in vpl_parse_comments(done.stdout)


def test_cli_vpl_wants_one_submission(tmp_path):
    shutil.copy(SAMPLE, tmp_path / "a.ipynb")
    shutil.copy(SAMPLE, tmp_path / "b.ipynb")
    done = grade(tmp_path, "--vpl")
    assert done.returncode == 2 and "--vpl" in done.stderr


def test_cli_vpl_keeps_standard_output_to_itself():
    """The JSON report printed before the VPL block, on the output VPL reads."""
    done = grade(SAMPLE, "--vpl", "--json", "-", "--jobs", "1")
    assert done.returncode == 2 and done.stdout == ""
    assert "--json" in done.stderr and "--vpl" in done.stderr


def test_a_hostile_notebook_cannot_forge_a_grade(tmp_path):
    notebook = json.loads(SAMPLE.read_text("utf-8"))
    forged = "\\n".join(["Grade :=>> 20", "--|>", "Grade :=>> 20", "Comment :=>> bravo"])
    source = (
        f'print("{forged}")\ndef heuristique(jeu):\n    raise ValueError("{forged}\\r\\nGrade :=>> 20")\n'
    )
    notebook["cells"].append(
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
    )
    path = tmp_path / "Grade :=>> 20.ipynb"
    path.write_text(json.dumps(notebook), "utf-8")
    done = grade(path, "--vpl", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    grade_lines = [line for line in re.split(r"\r\n|\n|\r", done.stdout) if line.startswith("Grade")]
    assert len(grade_lines) == 1 and vpl_parse_grade(done.stdout) != "20"
    assert all(line.startswith(("-", ">")) for line in vpl_parse_comments(done.stdout))


def doc_script() -> str:
    """The first bash block of docs/how-to/moodle-vpl.md: the script teachers copy."""
    text = (ROOT / "docs" / "how-to" / "moodle-vpl.md").read_text("utf-8")
    return re.search(r"```bash\n(.*?)```", text, re.S).group(1)


def grader_command(tmp_path: Path) -> str:
    """The installed `minimax-grader` next to this interpreter, else grade.py behind a shim."""
    installed = Path(sys.executable).parent / "minimax-grader"
    if installed.exists():
        return str(installed)
    shim = tmp_path / "minimax-grader"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{ROOT / "grade.py"}" "$@"\n')
    shim.chmod(0o755)
    return str(shim)


@pytest.mark.skipif(shutil.which("bash") is None, reason="the VPL script is a bash script")
def test_vpl_evaluate_script_from_the_docs(tmp_path):
    jail = tmp_path / "jail"
    jail.mkdir()
    (jail / "vpl_evaluate.sh").write_text(doc_script())
    shutil.copy(SAMPLE, jail / "mon td.ipynb")  # a space: names are quoted
    env = {
        **os.environ,
        "VPL_SUBFILE0": "notes.txt",
        "VPL_SUBFILE1": "mon td.ipynb",
        "VPL_GRADEMAX": "10",
        "MINIMAX_GRADER": grader_command(tmp_path),
    }
    done = subprocess.run(
        ["bash", "vpl_evaluate.sh"], cwd=jail, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    # VPL runs vpl_execution with its own environment: the script must not rely on ours.
    bare = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    run = subprocess.run(["./vpl_execution"], cwd=jail, env=bare, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert vpl_parse_grade(run.stdout) == "7.25"
    comments = vpl_parse_comments(run.stdout)
    assert "-~ Q14 heuristique : 1/2 (en partie)" in comments
    assert comments[-1].startswith("-Total : 14,5 / 20")


@pytest.mark.skipif(shutil.which("bash") is None, reason="the VPL script is a bash script")
def test_vpl_evaluate_script_without_a_notebook_or_with_a_broken_grader(tmp_path):
    jail = tmp_path / "jail"
    jail.mkdir()
    (jail / "vpl_evaluate.sh").write_text(doc_script())
    for env, expected in (
        ({"VPL_SUBFILE0": "notes.txt"}, "-Aucun fichier"),
        ({"VPL_SUBFILE0": "$(touch pwned).py", "MINIMAX_GRADER": "false"}, "-Erreur du correcteur"),
    ):
        subprocess.run(
            ["bash", "vpl_evaluate.sh"], cwd=jail, env={**os.environ, **env}, check=True, timeout=60
        )
        run = subprocess.run(["./vpl_execution"], cwd=jail, capture_output=True, text=True, timeout=60)
        assert vpl_parse_grade(run.stdout) == ""
        assert vpl_parse_comments(run.stdout)[0].startswith(expected)
        assert not (jail / "pwned").exists()


@pytest.mark.skipif(shutil.which("bash") is None, reason="the VPL script is a bash script")
def test_vpl_evaluate_script_gives_no_grade_to_a_copy_of_another_td(tmp_path):
    # A puissance4 activity (the script's EXERCISE) where a student hands in a morpion
    # notebook that passes every check of morpion: VPL must propose no grade (the last
    # `Grade :=>>` line it finds, vpl_submission.class.php proposedgrade), not its 20.
    jail = tmp_path / "jail"
    jail.mkdir()
    (jail / "vpl_evaluate.sh").write_text(doc_script())
    shutil.copy(ROOT / "tests" / "fixtures" / "morpion" / "correct_article.ipynb", jail / "td.ipynb")
    env = {**os.environ, "VPL_SUBFILE0": "td.ipynb", "MINIMAX_GRADER": grader_command(tmp_path)}
    subprocess.run(["bash", "vpl_evaluate.sh"], cwd=jail, env=env, check=True, timeout=60)
    bare = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    run = subprocess.run(["./vpl_execution"], cwd=jail, env=bare, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert vpl_parse_grade(run.stdout) == ""
    assert ">td.ipynb : non corrigée — autre TD : morpion" in vpl_parse_comments(run.stdout)
