"""The teacher's batch, black-box: a class folder graded with every report format,
as `python grade.py copies/ --csv ... --junit ...` produces them."""

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from grader.app.api import collect_named

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "puissance4"
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
EXPECTED = json.loads((FIXTURES / "EXPECTED.json").read_text("utf-8"))

pytestmark = pytest.mark.slow


def grade(*args, **kwargs):
    return subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        **kwargs,
    )


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """Three students in their own folders, one loose file, one broken notebook."""
    root = tmp_path_factory.mktemp("copies")
    for student, name in [
        ("dupont", "correct_listes.ipynb"),
        ("martin", "bug_sans_diagonales.ipynb"),
        ("durand", "correct_module.py"),
    ]:
        (root / student).mkdir()
        shutil.copy(FIXTURES / name, root / student / name)
    shutil.copy(SAMPLE, root / "leroy_td10.ipynb")
    (root / "bernard.ipynb").write_text("{ pas du json", encoding="utf-8")
    (root / ".ipynb_checkpoints").mkdir()
    shutil.copy(SAMPLE, root / ".ipynb_checkpoints" / "leroy_td10-checkpoint.ipynb")
    out = tmp_path_factory.mktemp("out")
    done = grade(
        root,
        "--jobs",
        "2",
        "--csv",
        out / "notes.csv",
        "--junit",
        out / "junit.xml",
        "--json",
        out / "report.json",
        "--github-annotations",
    )
    return root, out, done


def test_student_names_come_from_their_folder_or_file(tmp_path):
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "td.ipynb").write_text("{}")
    (tmp_path / "bob").mkdir()
    (tmp_path / "bob" / "td.ipynb").write_text("{}")
    (tmp_path / "bob" / "brouillon.py").write_text("")
    (tmp_path / "claire.py").write_text("")
    names = {p.relative_to(tmp_path).as_posix(): n for p, n in collect_named([tmp_path]).items()}
    assert names == {
        "alice/td.ipynb": "alice",
        "bob/td.ipynb": "bob",  # one student, one copy: the draft is set aside
        "claire.py": "claire",
    }


def test_every_submission_gets_a_row_and_the_batch_is_not_stopped(classroom):
    _, out, done = classroom
    assert done.returncode == 0, done.stderr
    rows = list(csv.reader(io.StringIO((out / "notes.csv").read_text("utf-8-sig")), delimiter=";"))
    header, *rows = rows
    assert [r[0] for r in rows] == ["bernard", "dupont", "durand", "leroy_td10", "martin"]
    by_student = {r[0]: dict(zip(header, r, strict=False)) for r in rows}
    assert header[:4] == ["élève", "fichier", "exercice", "état"]
    assert "Q1 (/0,5)" in header and "Q17 (/2,5)" in header and "Q16 (/0)" not in header
    assert by_student["dupont"]["note /20"] == "20"
    assert by_student["leroy_td10"]["note /20"] == "14,5"  # the sample's known mark
    assert by_student["leroy_td10"]["Q14 (/2)"] == "1"
    assert by_student["bernard"]["note /20"] == "" and "non corrigeable" in by_student["bernard"]["état"]
    martin = EXPECTED["bug_sans_diagonales.ipynb"]["questions"]
    assert by_student["martin"]["Q9 (/2)"] != "2" and martin["Q9"] == "partial"


def test_the_csv_opens_in_a_spreadsheet(classroom):
    _, out, _ = classroom
    raw = (out / "notes.csv").read_bytes()
    assert raw.startswith("\ufeff".encode("utf-8"))  # Excel reads the accents right
    assert b"\r\n" in raw and b"\r\r\n" not in raw


def test_junit_has_one_case_per_question_with_the_feedback(classroom):
    _, out, _ = classroom
    suite = ET.parse(out / "junit.xml").getroot().find("testsuite")
    cases = suite.findall("testcase")
    leroy = [c for c in cases if c.get("classname") == "leroy_td10"]
    assert [c.get("name").split()[0] for c in leroy] == [f"Q{i}" for i in range(1, 18)]
    q14 = next(c for c in leroy if c.get("name").startswith("Q14"))
    assert "Obtenu : 106" in q14.find("failure").text
    assert next(c for c in leroy if c.get("name").startswith("Q16")).find("skipped") is not None
    bernard = [c for c in cases if c.get("classname") == "bernard"]
    assert len(bernard) == 1 and bernard[0].find("error") is not None
    assert int(suite.get("tests")) == len(cases)
    assert int(suite.get("failures")) == sum(c.find("failure") is not None for c in cases)
    # Each question's own time, measured as it is graded (not the copy's time split evenly):
    # they differ, and together they fit in the copy's time (which also runs its cells).
    times = [float(c.get("time")) for c in leroy]
    assert len(set(times)) > 1 and all(t >= 0 for t in times)
    leroy_json = next(
        s for s in json.loads((out / "report.json").read_text("utf-8"))["submissions"] if "leroy" in s["path"]
    )
    assert sum(times) <= leroy_json["duration_s"] + 0.001 * len(times)  # each rounded to the ms


def test_github_annotations_name_each_question_to_review(classroom):
    _, _, done = classroom
    lines = done.stdout.splitlines()
    assert all(line.startswith("::") for line in lines)
    leroy = [line for line in lines if "leroy_td10.ipynb" in line]
    assert [line.split("title=")[1].split()[0] for line in leroy] == ["Q14", "Q15", "Q17"]
    assert any(line.startswith("::error") and "bernard.ipynb" in line for line in lines)


def test_progress_lines_and_summary_go_to_the_terminal(classroom):
    _, _, done = classroom
    assert "[5/5]" in done.stderr
    summary = done.stderr[done.stderr.index("═") :]
    assert "leroy_td10" in summary and "14,5 / 20" in summary and "Q14, Q15, Q17" in summary
    assert "Bilan : 5 copie(s)" in summary


def test_gradescope_results_for_one_submission(tmp_path):
    out = tmp_path / "results.json"
    assert grade(SAMPLE, "--gradescope", out, "--jobs", "1").returncode == 0
    data = json.loads(out.read_text("utf-8"))
    assert data["score"] == 14.5 and data["execution_time"] >= 1
    tests = {t["name"].split()[0]: t for t in data["tests"]}
    assert tests["Q14"] == {**tests["Q14"], "score": 1, "max_score": 2, "status": "failed", "number": "14"}
    assert "Obtenu : 106" in tests["Q14"]["output"]
    assert tests["Q1"]["status"] == "passed" and "score" not in tests["Q16"]
    assert sum(t.get("score", 0) for t in data["tests"]) == data["score"]


def test_gradescope_refuses_a_folder_of_several(classroom, tmp_path):
    root, _, _ = classroom
    assert grade(root, "--gradescope", tmp_path / "r.json").returncode == 2


def test_ctrl_c_stops_cleanly_and_writes_what_was_graded(tmp_path):
    root = tmp_path / "copies"
    root.mkdir()
    shutil.copy(SAMPLE, root / "a_premier.ipynb")
    looping = json.loads(SAMPLE.read_text("utf-8"))
    looping["cells"].insert(
        1,
        {
            "cell_type": "code",
            "metadata": {},
            "outputs": [],
            "execution_count": None,
            # A state that never repeats: the loop detector leaves it to the budget.
            "source": "n = 0\nwhile True:\n    n += 1\n",
        },
    )
    for name in ("b_boucle", "c_boucle"):
        (root / f"{name}.ipynb").write_text(json.dumps(looping), encoding="utf-8")
    notes = tmp_path / "notes.csv"
    scratch = tmp_path / "scratch"  # the workers' files live here: their command lines name it
    scratch.mkdir()
    process = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(root),
            "--jobs",
            "1",
            "--csv",
            str(notes),
            "--cell-timeout",
            "30",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(scratch)},
        # As a shell starts a command: Ctrl-C's default action (a test run before this one
        # in the same process may have left SIGINT ignored, which the child would inherit).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    seen = ""
    try:
        deadline = time.monotonic() + 60
        while "[1/3]" not in seen and time.monotonic() < deadline:  # the first is graded
            seen += process.stderr.readline()
        time.sleep(1)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, late = process.communicate()
        raise AssertionError(f"grade.py did not stop on Ctrl-C; it had said:\n{seen}{late}") from None
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "Interrompu : 1 copie(s) corrigée(s) sur 3" in err and "Traceback" not in err
    rows = notes.read_text("utf-8-sig").splitlines()
    assert len(rows) == 2 and rows[1].startswith("a_premier;")
    time.sleep(0.5)
    leftovers = subprocess.run(["pgrep", "-af", str(scratch)], capture_output=True, text=True)
    assert leftovers.stdout == ""  # no student worker left running
