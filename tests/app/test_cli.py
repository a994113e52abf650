"""Black-box: `python grade.py ...` as a student, a teacher or CI runs it."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"


def grade(*args, cwd=None):
    return subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        timeout=300,
    )


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "report.json"
    done = grade(SAMPLE, "--json", out, "--jobs", "1")
    assert done.returncode == 0, done.stderr
    return done, json.loads(out.read_text("utf-8"))


def test_sample_report_follows_the_spec(sample_report):
    _, report = sample_report
    assert set(report) >= {"grader_version", "submissions"}
    (sub,) = report["submissions"]
    assert set(sub) >= {
        "path",
        "exercise",
        "status",
        "score",
        "max_score",
        "questions",
        "cells",
        "duration_s",
    }
    assert sub["exercise"] == "puissance4" and sub["status"] == "graded" and sub["max_score"] == 20
    assert [q["id"] for q in sub["questions"]] == [f"Q{i}" for i in range(1, 18)]
    for q in sub["questions"]:
        assert set(q) >= {"id", "title", "status", "score", "max_score", "feedback", "checks"}
        for c in q["checks"]:
            assert set(c) >= {"name", "status", "message"}


def test_sample_verdicts_follow_from_its_bug(sample_report):
    # The sample's heuristique forgets the minus sign of player 2 (wins are right);
    # its maximin/minimax are the sheet's, so they fail only through heuristique;
    # it has no alpha-beta; its last cell is a game loop calling input().
    _, report = sample_report
    (sub,) = report["submissions"]
    status = {q["id"]: (q["status"], q["score"]) for q in sub["questions"]}
    assert status["Q14"] == ("partial", 1.0)
    assert {c["name"]: c["status"] for c in sub["questions"][13]["checks"]} == {
        "jeu1": "failed",
        "wins": "passed",
        "random_games": "failed",
        "unchanged": "passed",
    }
    assert status["Q15"] == ("partial", 0.5)
    assert status["Q16"] == ("manual", 0)
    # a single copy's JSON may be handed to its student: no answer key (issue 27); the class
    # JSON lists the keys apart (tests/marking/test_class_run.py), the HTML pages show them to the teacher
    assert "answer_key" not in sub["questions"][15] and "answer_keys" not in report
    assert status["Q17"] == ("missing", 0)
    assert all(status[f"Q{i}"][0] == "passed" for i in range(1, 14))
    assert sub["score"] == 14.5
    assert [(c["index"], c["error"].split(":")[0]) for c in sub["cells"]["failed"]] == [(13, "EOFError")]
    # the student counts code cells only (cell 13 of the file is code cell 10) and
    # reads the line that failed, not the cell's first line
    (failed,) = sub["cells"]["failed"]
    assert (failed["code_cell"], failed["label"], failed["line"]) == (10, "cellule de code 10", 3)
    assert failed["line_text"] == "col = int(input('Colonne ? '))"


def test_the_failing_input_cell_is_named_as_jupyter_shows_it(sample_report):
    done, _ = sample_report
    assert (
        "✗ Cellule de code 10 (« jeu = init() »), ligne 3 : EOFError: input() "
        "— « col = int(input('Colonne ? ')) »"
    ) in done.stdout
    assert "Cellule 13" not in done.stdout


def test_terminal_feedback_shows_call_expected_obtained_and_board(sample_report):
    done, _ = sample_report
    out = done.stdout
    assert "Appel : heuristique(jeu1)" in out and "Attendu : 2" in out and "Obtenu : 106" in out
    assert "5| 2 1 1 1 2 2 -" in out  # jeu1 drawn as the sheet's affiche draws it
    assert "maximin_alpha_beta n'est pas défini" in out
    assert "note : 14,5 / 20" in out


def test_same_file_same_report(sample_report, tmp_path):
    _, first = sample_report
    out = tmp_path / "again.json"
    assert grade(SAMPLE, "--json", out, "--jobs", "1").returncode == 0
    second = json.loads(out.read_text("utf-8"))
    for report in (first, second):
        for sub in report["submissions"]:
            sub.pop("duration_s")
            sub.pop("student_s")
            sub.pop("student_cpu_s")
    assert first == second


def test_english_feedback():
    done = grade(SAMPLE, "--lang", "en", "--jobs", "1")
    assert "Expected: 2" in done.stdout and "Obtained: 106" in done.stdout


def test_fail_under_sets_the_exit_status():
    assert grade(SAMPLE, "--fail-under", "15", "--jobs", "1").returncode == 1
    assert grade(SAMPLE, "--fail-under", "14", "--jobs", "1").returncode == 0


@pytest.mark.parametrize(
    "content, reason",
    [
        ("ceci n'est pas un notebook", "invalid_json"),
        ('{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []}', "no_code"),
        (
            '{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "markdown", '
            '"metadata": {}, "source": "# TD"}]}',
            "no_code",
        ),
    ],
)
def test_bad_files_get_a_report_not_a_traceback(tmp_path, content, reason):
    bad = tmp_path / "copie.ipynb"
    bad.write_text(content, encoding="utf-8")
    out = tmp_path / "r.json"
    done = grade(bad, "--json", out)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    (sub,) = json.loads(out.read_text("utf-8"))["submissions"]
    assert sub["status"] == "not_gradable" and sub["reason"].startswith(reason)
    assert bad.read_text(encoding="utf-8") == content  # nothing the student wrote is modified


def test_unknown_exercise_is_said(tmp_path):
    other = tmp_path / "autre.py"
    other.write_text("def bonjour():\n    return 1\n", encoding="utf-8")
    out = tmp_path / "r.json"
    assert grade(other, "--json", out).returncode == 0
    (sub,) = json.loads(out.read_text("utf-8"))["submissions"]
    assert sub["status"] == "not_gradable" and sub["reason"] == "unknown_exercise"


def test_usage_errors_exit_2(tmp_path):
    assert grade(tmp_path / "absent.ipynb").returncode == 2
    assert grade(SAMPLE, "--lang", "de").returncode == 2


@pytest.mark.parametrize(
    "lang, said",
    [
        ("fr", "aucun TD « nim » n'est installé (installés : puissance4, domineering,"),
        ("en", "no TD 'nim' is installed (installed: puissance4, domineering,"),
    ],
)
def test_an_exercise_not_installed_says_how_a_course_td_is_installed(tmp_path, lang, said):
    # A teacher who wrote the nim TD of docs/tutorial/your-own-td.md and forgot its
    # `pip install -e nim-td`, or ran another Python's pip, read only "choix invalide".
    done = grade(SAMPLE, "--exercise", "nim", "--lang", lang)
    assert done.returncode == 2
    first = done.stderr.splitlines()[0]
    assert said in first
    assert f"{sys.executable} -m pip install -e " in first  # this grader's own Python


def test_json_to_stdout_keeps_stdout_clean():
    done = grade(SAMPLE, "--json", "-", "--jobs", "1")
    assert json.loads(done.stdout)["submissions"][0]["score"] == 14.5
    assert "Total" in done.stderr


EXIT_NOW = """
import atexit, sys
sys.path.insert(0, {root!r})
from grader.app.startup import exit_now
atexit.register(lambda: open({marker!r}, "w").write("ran"))
print("report", end="")
exit_now(3)
print("after exit_now")
"""


def test_exit_now_runs_the_atexit_handlers_flushes_the_output_and_keeps_the_code(tmp_path: Path) -> None:
    marker = tmp_path / "handler"
    done = subprocess.run(
        [sys.executable, "-c", EXIT_NOW.format(root=str(ROOT), marker=str(marker))],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (3, "report")
    assert marker.read_text() == "ran"


def test_exit_now_leaves_the_exit_to_python_when_the_output_cannot_be_flushed(tmp_path: Path) -> None:
    # `grade ... | head -0`: the reader is gone before the report is flushed. exit_now
    # returns before running the handlers; Python's own exit then reports the closed pipe.
    marker = tmp_path / "handler"
    script = EXIT_NOW.format(root=str(ROOT), marker=str(marker)).replace(
        "exit_now(3)", "exit_now(3)\nsys.stderr.write('returned')"
    )
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-c", script],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},  # as in a terminal
        )
    finally:
        os.close(writer)
    assert done.returncode != 3
    assert done.stderr.startswith("returned")
    assert marker.read_text() == "ran"  # by Python's exit, after exit_now returned


def test_exit_now_leaves_the_exit_to_python_while_another_thread_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os
    import threading

    from grader.app.startup import exit_now

    exits: list[int] = []
    monkeypatch.setattr(os, "_exit", exits.append)
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        exit_now(0)  # returns: the thread would be cut short
    finally:
        release.set()
        other.join()
    assert exits == []


def test_the_help_is_french_and_names_the_command_as_typed():
    done = grade("--help")
    assert done.returncode == 0
    help_text = done.stdout
    assert help_text.startswith("usage : grade.py [-h]")
    for french in (
        "\narguments :\n",  # French typography (issue 36)
        "\noptions :\n",
        "afficher cette aide et quitter",
        "afficher la version et quitter",
    ):
        assert french in help_text
    for english in ("usage:", "positional arguments", "show this help message", "version number"):
        assert english not in help_text
    console = Path(sys.executable).with_name("minimax-grader")
    if console.is_file():  # the installed entry point
        named = subprocess.run([str(console), "-h"], capture_output=True, text=True, timeout=60)
        assert named.stdout.startswith("usage : minimax-grader [-h]")
    module = subprocess.run(
        [sys.executable, "-m", "grader", "-h"], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert module.stdout.startswith("usage : python -m grader [-h]")


def test_the_french_help_names_every_option_s_value_in_french():
    # the class options said FICHIER and DOSSIER beside --json FILE, --html DIR, PATH...
    french = grade("--help").stdout
    for word in ("FILE", "DIR", "PATH", "SCORE", "JOBS", "TIMEOUT"):
        assert re.search(rf"\b{word}\b", french) is None, word
    for shown in (
        "[--json FICHIER]",
        "[--html DOSSIER]",
        "[--fail-under NOTE]",
        "[--jobs N]",
        "[CHEMIN ...]",
    ):
        assert shown in french
    assert "DOSSIER/index.html" in french and "moins de NOTE sur 20" in french
    english = grade("--lang", "en", "--help").stdout
    for shown in (
        "[--json FILE]",
        "[--html DIR]",
        "[--fail-under SCORE]",
        "[--jobs N]",
        "[--timeout S]",
        "[PATH ...]",
    ):
        assert shown in english


def test_lang_en_makes_the_help_and_the_errors_english():
    english = grade("--lang", "en", "--help").stdout
    assert english.startswith("usage: grade.py") and "show this help message and exit" in english
    assert "Grades the minimax TDs" in english and "afficher" not in english
    error = grade("x.ipynb", "--timeout", "abc", "--lang=en").stderr
    assert error.splitlines() == [
        "grade.py: error: argument --timeout: invalid value: 'abc' (expected: a number)",
        "('grade.py --help' for help)",
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        ([], "grade.py : erreur : donnez au moins une copie ou un dossier de copies (PATH)"),
        (
            ["x.ipynb", "--lang", "de"],
            "grade.py : erreur : argument --lang : choix invalide : 'de' (choix possibles : ",
        ),
        (
            ["x.ipynb", "--timeout", "abc"],
            "grade.py : erreur : argument --timeout : valeur invalide : 'abc' (attendu : un nombre)",
        ),
        (["x.ipynb", "--bogus"], "grade.py : erreur : arguments non reconnus : --bogus"),
        (["x.ipynb", "--json"], "grade.py : erreur : argument --json : une valeur est attendue"),
        (
            ["x.ipynb", "--details=oui"],
            "grade.py : erreur : argument --details : cette option ne prend pas de valeur : 'oui'",
        ),
    ],
)
def test_usage_errors_are_french(args, message):
    done = grade(*args)
    assert done.returncode == 2
    lines = done.stderr.splitlines()  # one line and the way to the help, no usage block (issue 36)
    assert len(lines) == 2 and lines[0].startswith(message)
    assert lines[1] == "(« grade.py --help » pour l'aide)"
    assert "error:" not in done.stderr and "usage" not in done.stderr


def test_the_readme_shows_the_sample_s_report_as_printed_today(sample_report):
    # The README's "What a student sees" is an excerpt: each of its lines is a line of
    # today's report, whole or cut short with "…", in the report's order.
    done, _ = sample_report
    readme = (ROOT / "README.md").read_text("utf-8")
    block = readme.split("## What a student sees", 1)[1].split("```\n", 2)[1]
    printed = done.stdout.splitlines()
    at = 0
    for line in block.splitlines():
        if line.strip() == "…":
            continue
        whole = [i for i in range(at, len(printed)) if printed[i] == line]
        cut = [i for i in range(at, len(printed)) if line.endswith("…") and printed[i].startswith(line[:-1])]
        found = (whole or cut or [None])[0]
        assert found is not None, f"README line not in the sample's report (in order): {line!r}"
        at = found + 1


def test_a_report_reader_gone_leaves_the_run_to_finish_without_a_traceback(tmp_path):
    # `grade.py … | head`: once head has its lines, the reports have nowhere to go; the
    # run still grades every copy and writes what was asked, and says nothing of the pipe
    copies = [ROOT / "tests" / "fixtures" / "puissance4" / name for name in FIXTURES_FOR_A_PIPE]
    csv = tmp_path / "notes.csv"
    done = subprocess.Popen(
        [sys.executable, str(ROOT / "grade.py"), "--details", "--csv", str(csv), *map(str, copies)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert done.stdout is not None
    done.stdout.readline()
    done.stdout.close()  # the reader goes, as head does after its lines
    _, err = done.communicate(timeout=300)
    said = err.decode("utf-8", "replace")
    assert done.returncode == 0, said
    assert "Traceback" not in said and "BrokenPipe" not in said, said
    assert len(csv.read_text("utf-8-sig").strip().splitlines()) == 1 + len(copies)


FIXTURES_FOR_A_PIPE = (
    "bug_sans_diagonales.ipynb",
    "bug_joueur_inverse.ipynb",
    "bug_mauvaise_ligne.ipynb",
    "bug_copie_superficielle.ipynb",
)
"""Four reports with --details: far more than a pipe holds once its reader is gone."""
