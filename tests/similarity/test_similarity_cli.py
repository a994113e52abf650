"""`grade.py --similarity`, end to end: a batch graded, then its similarity report, as a
teacher runs it (slow: it grades)."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLASS = ROOT / "tests" / "fixtures" / "similarity" / "puissance4"


def grade(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


def a_class(folder: Path, names: list[str]) -> Path:
    """One folder per student, as an LMS export holds them."""
    for name in names:
        source = next(CLASS.glob(f"{name}.*"))
        (folder / name).mkdir(parents=True)
        shutil.copy(source, folder / name / f"td10{source.suffix}")
    return folder


def rows(path: Path, delimiter: str) -> list[dict[str, str]]:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(text[1:]), delimiter=delimiter))


def test_a_batch_writes_its_similarity_report_and_its_marks_stay(tmp_path):
    names = ["ines_moreau", "hugo_lefevre", "adam_roux", "lina_garcia", "sarah_benali", "zoe_chevalier"]
    copies = a_class(tmp_path / "copies", names)
    out = tmp_path / "similarite"
    done = grade(copies, "--jobs", "2", "--csv", tmp_path / "notes.csv", "--similarity", out)
    assert done.returncode == 0, done.stderr
    assert f"Rapport de similarité : {out / 'index.html'}" in done.stderr
    pairs = rows(out / "pairs.csv", ";")
    assert {frozenset({r["student_a"], r["student_b"]}) for r in pairs[:2]} == {
        frozenset({"ines_moreau", "hugo_lefevre"}),
        frozenset({"adam_roux", "lina_garcia"}),
    }
    assert len(pairs) == 15 and all(r["exercise"] == "puissance4" for r in pairs)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr">' in page and "ines_moreau" in page
    # grading is what it is without the report: every one of these is right
    marks = rows(tmp_path / "notes.csv", ";")
    assert sorted(r["élève"] for r in marks) == sorted(names)
    assert {r["note /20"] for r in marks} == {"20"}


def test_the_report_is_in_english_with_lang_en(tmp_path):
    copies = a_class(tmp_path / "copies", ["ines_moreau", "hugo_lefevre", "zoe_chevalier"])
    done = grade(copies, "--jobs", "2", "--lang", "en", "--similarity", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    pairs = rows(tmp_path / "out" / "pairs.csv", ",")
    assert {pairs[0]["student_a"], pairs[0]["student_b"]} == {"ines_moreau", "hugo_lefevre"}
    assert pairs[0]["unusual"] == "yes" and "." in pairs[0]["score"]
    assert '<html lang="en">' in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_without_the_extra_nothing_is_graded_and_the_usage_error_says_what_to_install(tmp_path):
    hidden = (
        "import sys; sys.modules['copydetect'] = None; "
        "sys.argv = ['grade.py', *sys.argv[1:]]; from grader.app.cli import run; run()"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            hidden,
            str(CLASS / "zoe_chevalier.py"),
            "--similarity",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2
    assert 'pip install "minimax-grader[similarity]"' in done.stderr
    assert "Total" not in done.stdout and not (tmp_path / "out").exists()
