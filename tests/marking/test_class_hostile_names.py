"""A class folder as a determined student can make it (issue 40, items 3, 4, 6, 8), beside
honest copies whose marks must not move: a barème of their own, a nested folder claiming
another student, a folder name that is not text, a mark obtained under a weak isolation.
Each expected mark is the sample's (14,5 / 20: Q14 1/2, Q15 0,5/2,5, Q17 0/2,5)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.reading.files import MAX_DEPTH
from tests.marking.test_class_run import ROOT, SAMPLE, grade, marks, table

pytestmark = pytest.mark.slow

BONUS = 'exercice = "puissance4"\nbonus = ["Q15", "Q17"]\n'


def class_of(root: Path, *students: str) -> Path:
    copies = root / "copies"
    for student in students:
        (copies / student).mkdir(parents=True)
        shutil.copy(SAMPLE, copies / student / "td10.ipynb")
    return copies


def test_a_students_own_bareme_is_never_read_and_the_run_says_so(tmp_path: Path) -> None:
    """Issue 40: `copies/eve/minimax-grader.toml` (Q15 and Q17 made bonus) was read when
    eve's copy was graded alone into the record, and re-scored the whole class."""
    copies = class_of(tmp_path, "bob", "eve")
    (copies / "eve" / "minimax-grader.toml").write_text(BONUS)
    first = grade(copies, "--results", "classe", "--csv", "classe/notes.csv", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "Barème ignoré" in first.stderr and "eve" in first.stderr
    alone = grade(
        copies / "eve" / "td10.ipynb", "--results", "classe", "--csv", "classe/notes.csv", cwd=tmp_path
    )
    assert alone.returncode == 0, alone.stderr
    assert "Barème ignoré" in alone.stderr and "Barème changé" not in alone.stderr
    assert marks(tmp_path / "classe" / "notes.csv") == {"bob": "14,5", "eve": "14,5"}


def test_a_report_only_run_uses_the_classs_bareme_or_refuses(tmp_path: Path) -> None:
    """Issue 36: `--results DIR` with no copy named forgot the class's barème (marks out of 20
    again, Q17 counted, "Barème changé" on every later run)."""
    copies = class_of(tmp_path, "a", "b")
    (copies / "minimax-grader.toml").write_text('exercice = "puissance4"\nsur = 10\nomises = ["Q17"]\n')
    first = grade(copies, "--results", "classe", "--csv", "classe/notes.csv", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    # 14,5 of 17,5 points (Q17 left out) out of 10: 8,29
    expected = {"a": "8,29", "b": "8,29"}
    assert marks(tmp_path / "classe" / "notes.csv", "note /10") == expected
    again = grade("--results", "classe", "--csv", "classe/notes.csv", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "Barème changé" not in again.stderr
    assert marks(tmp_path / "classe" / "notes.csv", "note /10") == expected
    (copies / "minimax-grader.toml").unlink()
    lost = grade("--results", "classe", "--csv", "classe/notes.csv", cwd=tmp_path)
    assert lost.returncode == 2 and "plus trouvé" in lost.stderr


def test_a_nested_folder_never_renames_another_student(tmp_path: Path) -> None:
    copies = tmp_path / "copies"
    marie = copies / "Marie Dupont_101_assignsubmission_file"
    marie.mkdir(parents=True)
    shutil.copy(SAMPLE, marie / "td10.ipynb")
    nested = copies / "Eve Attaque_102_assignsubmission_file" / "Marie Dupont_101_assignsubmission_file_"
    nested.mkdir(parents=True)
    (nested / "td10.ipynb").write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    done = grade(copies, "--csv", tmp_path / "notes.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = {row["élève"]: row for row in table(tmp_path / "notes.csv")}
    assert set(rows) == {"Marie Dupont", "Eve Attaque"}
    assert rows["Marie Dupont"]["note /20"] == "14,5"


def test_a_name_that_is_not_text_goes_through_every_report(tmp_path: Path) -> None:
    """Issue 40: a non-UTF-8 folder name stopped the class run after grading
    (`UnicodeEncodeError … '\\udcff'`): no marks table, no manual table, at every run."""
    copies = class_of(tmp_path, "ok")
    odd = copies / b"caf\xe9_\xff".decode("utf-8", "surrogateescape")
    odd.mkdir()
    shutil.copy(SAMPLE, odd / "td10.ipynb")
    (copies / "minimax-grader.toml").write_text('exercice = "puissance4"\n[points]\nQ16 = 2\n')
    out = tmp_path / "classe"
    args = ["--results", out, "--csv", out / "notes.csv", "--html", out / "html", "--json", out / "r.json"]
    args += ["--manual", out / "manuel.csv", "--pronote", out / "pronote.csv", "--release", out / "rendu"]
    for _ in range(2):
        done = grade(copies, *args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
    assert marks(out / "notes.csv") == {"caf\\xe9_\\xff": "13,18", "ok": "13,18"}  # 14,5 of 22 points
    assert (out / "manuel.csv").read_text("utf-8-sig").splitlines()[1] == "caf\\xe9_\\xff;Q16;;"
    assert "caf\\xe9_\\xff;13,18" in (out / "pronote.csv").read_text("utf-8-sig")
    json.loads((out / "r.json").read_text("utf-8"))
    assert len(list((out / "rendu").iterdir())) == 2 and (out / "html" / "index.html").is_file()


def test_a_class_list_puts_every_report_on_it_and_never_guesses(tmp_path: Path) -> None:
    """Issue 36: with the class list (a Pronote export, `NOM Prénom`), one row per student in
    its order; homonyms told apart only by what the teacher settles; a draft is no student."""
    copies = tmp_path / "copies"
    for folder in ("Lefevre_Jean-Baptiste", "dupont_marie", "bernard_lucas", "inconnu"):
        (copies / folder).mkdir(parents=True)
        shutil.copy(SAMPLE, copies / folder / "td10.ipynb")
    shutil.copy(SAMPLE, copies / "dupont_marie" / "brouillon.ipynb")
    roster = tmp_path / "liste.csv"
    roster.write_text(
        "Nom;Prénom\nBERNARD;Lucas\nDUPONT;Marie\nBERNARD;Lucas\nLEFÈVRE;Jean-Baptiste\nROUX;Adam\n", "cp1252"
    )
    out = tmp_path / "classe"
    args = [
        copies,
        "--roster",
        roster,
        "--results",
        out,
        "--csv",
        out / "notes.csv",
        "--pronote",
        out / "p.csv",
    ]
    done = grade(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = table(out / "notes.csv")
    assert [r["élève"] for r in rows] == [
        "BERNARD Lucas",
        "DUPONT Marie",
        "DUPONT Marie/brouillon.ipynb",  # her draft, under her name (her folder's)
        "BERNARD Lucas (2)",
        "LEFÈVRE Jean-Baptiste",
        "ROUX Adam",
        "bernard_lucas",
        "inconnu",
    ]
    by = {r["élève"]: r for r in rows}
    assert by["DUPONT Marie"]["note /20"] == "14,5" and by["LEFÈVRE Jean-Baptiste"]["note /20"] == "14,5"
    assert by["BERNARD Lucas"]["note /20"] == "" and "pas de copie" in by["ROUX Adam"]["état"]
    # the rule that chose her copy, beside the draft it left
    assert (
        "(corrigé : td10.ipynb, pas nommé comme un brouillon)" in by["DUPONT Marie/brouillon.ipynb"]["état"]
    )
    assert "bernard_lucas : son nom va à plusieurs élèves" in done.stderr.replace("Copie ", "")
    pronote = (out / "p.csv").read_text("utf-8-sig").splitlines()
    assert pronote == [
        "Élève;Note /20",
        "BERNARD Lucas;",
        "DUPONT Marie;14,5",
        "BERNARD Lucas (2);",
        "LEFÈVRE Jean-Baptiste;14,5",
        "ROUX Adam;",
    ]
    # the teacher settles the homonym once, in the barème, as the reports name the list's rows
    (copies / "minimax-grader.toml").write_text('[copies]\nbernard_lucas = "BERNARD Lucas (2)"\n')
    settled = grade(*args, cwd=tmp_path)
    assert settled.returncode == 0 and "plusieurs élèves" not in settled.stderr, settled.stderr
    marks_now = marks(out / "notes.csv")
    assert marks_now["BERNARD Lucas (2)"] == "14,5" and marks_now["BERNARD Lucas"] == ""
    # a report-only run keeps the list the record remembers
    again = grade("--results", out, "--csv", out / "notes.csv", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert marks(out / "notes.csv") == marks_now


def test_what_a_students_folder_holds_and_is_not_read_claims_no_other_student(tmp_path: Path) -> None:
    """Red team: in durand_eve's folder, a link out of the class folder named `MARTIN Léa.py`, and
    folders nested past the walk's depth ending in `MARTIN Léa` (Moodle's file manager makes
    folders): each thing not read was a row named after its own stem, `MARTIN Léa`, which the
    class list took for a second copy of MARTIN Léa's. Her mark then went to no export,
    and the 1,5 points typed for her in the manual table no longer counted (14,5 / 20 for
    16 / 20)."""
    copies = class_of(tmp_path, "martin_lea", "durand_eve")
    outside = tmp_path / "ailleurs.py"
    outside.write_text("x = 1\n")
    (copies / "durand_eve" / "MARTIN Léa.py").symlink_to(outside)
    deep = copies / "durand_eve" / "d"
    for _ in range(MAX_DEPTH):
        deep = deep / "d"
    deep = deep / "MARTIN Léa"
    deep.mkdir(parents=True)
    shutil.copy(SAMPLE, deep / "td10.ipynb")
    (copies / "minimax-grader.toml").write_text('exercice = "puissance4"\n[points]\nQ16 = 2\n')
    roster = tmp_path / "liste.csv"
    roster.write_text("Nom;Prénom\nDURAND;Eve\nMARTIN;Léa\n", "utf-8")
    out = tmp_path / "classe"
    out.mkdir()
    (out / "manuel.csv").write_text("élève;question;points;commentaire\nMARTIN Léa;Q16;1,5;\n", "utf-8")
    args = [copies, "--roster", roster, "--results", out, "--manual", out / "manuel.csv"]
    done = grade(*args, "--csv", out / "notes.csv", "--pronote", out / "p.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # the sample earns 14,5 of the default 20 points; Q16 worth 2: 14,5 / 22 -> 13,18 / 20,
    # with her 1,5 points: 16 / 22 -> 14,55 / 20
    pronote = (out / "p.csv").read_text("utf-8-sig").splitlines()
    assert pronote == ["Élève;Note /20", "DURAND Eve;13,18", "MARTIN Léa;14,55"]
    assert "MARTIN Léa : plusieurs copies" not in done.stderr


def not_read_inside(copies: Path, outside: Path) -> list[str]:
    """In durand_eve's folder, beside her copy: a link out of the class folder, a fifo and a
    folder past the walk's depth; their labels inside her folder."""
    eve = copies / "durand_eve"
    (eve / "corrige.ipynb").symlink_to(outside)
    os.mkfifo(eve / "tube.ipynb")
    deep = eve / "d"
    for _ in range(MAX_DEPTH):
        deep = deep / "d"
    deep.mkdir(parents=True)
    shutil.copy(SAMPLE, deep / "td10.ipynb")
    # her folder is level 1 of the class folder: the walk enters levels up to MAX_DEPTH, and
    # reports the folder found at that level (the MAX_DEPTH-th `d`) instead of entering it
    return ["corrige.ipynb", "/".join(["d"] * MAX_DEPTH), "tube.ipynb"]


def test_a_fifo_or_a_link_out_in_a_students_folder_is_never_read_by_a_run_with_a_record(
    tmp_path: Path,
) -> None:
    """Found marking a domineering class: with `--results`, the record's entry of a thing not
    read hashed it (a fifo: the run waited forever on it) and named it by where its link
    leads (the teacher's file outside the class folder, hashed too)."""
    copies = class_of(tmp_path, "durand_eve", "martin_lea")
    outside = tmp_path / "corrige_du_prof.ipynb"
    shutil.copy(SAMPLE, outside)
    not_read_inside(copies, outside)
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            "copies",
            "--results",
            "classe",
            "--csv",
            "classe/notes.csv",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,  # before the fix: blocked on the fifo, never returned
    )
    assert done.returncode == 0, done.stderr
    assert marks(tmp_path / "classe" / "notes.csv")["durand_eve"] == "14,5"
    entries = [json.loads(p.read_text("utf-8")) for p in (tmp_path / "classe" / "record").glob("*.json")]
    link = next(e for e in entries if e["student"] == "durand_eve/corrige.ipynb")
    assert link["sha256"] == "" and link["path"].endswith("durand_eve/corrige.ipynb")
    assert all("corrige_du_prof" not in json.dumps(e) for e in entries)


def test_what_is_not_read_in_a_students_folder_reads_under_that_student_on_the_class_list(
    tmp_path: Path,
) -> None:
    """Red team: each thing not read inside durand_eve's folder was listed after the list as a
    copy *à aucun élève*, with the advice to settle it in the barème's [copies], where a
    draft of hers reads under her row; it now reads under hers too, and goes to no export."""
    copies = class_of(tmp_path, "durand_eve", "martin_lea")
    outside = tmp_path / "corrige_du_prof.ipynb"
    shutil.copy(SAMPLE, outside)
    inside = not_read_inside(copies, outside)
    roster = tmp_path / "liste.csv"
    roster.write_text("Nom;Prénom\nDURAND;Eve\nMARTIN;Léa\n", "utf-8")
    args = ["--roster", roster, "--results", "classe", "--csv", "classe/notes.csv", "--pronote", "p.csv"]
    done = grade(copies, *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "aucun élève" not in said and "[copies]" not in said
    rows = [r["élève"] for r in table(tmp_path / "classe" / "notes.csv")]
    assert rows == ["DURAND Eve", *(f"DURAND Eve/{name}" for name in inside), "MARTIN Léa"]
    pronote = (tmp_path / "p.csv").read_text("utf-8-sig").splitlines()
    assert pronote == ["Élève;Note /20", "DURAND Eve;14,5", "MARTIN Léa;14,5"]
