"""A student's other file (a draft beside the final copy) in a class marked on its class list,
as a teacher runs it on Moodle's download and a Pronote list: its row reads under the list's
name for the student, right after theirs, when the grader is sure whose it is (the same Moodle
folder, or the same prefix in the flat layout, as the copy the list placed); else it keeps its
own label, the file's name still readable in the terminal. Its record entry is not written
again by a run that changes nothing. Beside them, files in a student's folder named like
another student's folder or draft, which move no honest row. Every mark is the copies' own:
the sample 14,5 / 20, the right copy 20, the skeleton 0."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from grader.marking.record import ENTRIES, entry_name
from tests.marking.moodle_site import Participant, import_worksheet, worksheet
from tests.marking.test_class_run import (
    CORRECT,
    SAMPLE,
    SKELETON,
    grade,
    in_process,
    marks,
    no_worker,
    table,
)

pytestmark = pytest.mark.slow

LEA = "Léa Martin_6502301_assignsubmission_file"
EVE = "Eve Attaque_6502330_assignsubmission_file"
PAUL = "Paul Inconnu_6502340_assignsubmission_file"  # on no list
ROSE = "Rose Chevalier_6502325_assignsubmission_file_"  # Moodle's flat layout: a prefix
LIST = "Nom;Prénom\nATTAQUE;Eve\nCHEVALIER;Rose\nDUPONT;Marie\nMARTIN;Léa\nPERRIN;Julie\n"
SITE = [
    Participant(6502301, "Léa Martin"),
    Participant(6502303, "Marie Dupont"),
    Participant(6502325, "Rose Chevalier"),
    Participant(6502330, "Eve Attaque"),
    Participant(6502399, "Julie Perrin", has_copy=False),
]


def download(root: Path) -> Path:
    """Moodle's "Download all submissions" for TD10, each draft beside its final copy; in
    Eve's folder, a right copy named like Léa's flat-layout draft, and another in a folder
    named like Léa's (both Eve's, by the folder rule: her td10.ipynb is the one graded)."""
    copies = root / "TD10"
    files = {
        f"{LEA}/td10.ipynb": SAMPLE,
        f"{LEA}/td10_brouillon.ipynb": SKELETON,
        "Marie Dupont_6502303_assignsubmission_file/td10.ipynb": CORRECT,
        f"{ROSE}td10.ipynb": SAMPLE,
        f"{ROSE}brouillon.ipynb": SKELETON,
        f"{EVE}/td10.ipynb": SAMPLE,
        f"{EVE}/{LEA}_td10_brouillon.ipynb": CORRECT,
        f"{EVE}/{LEA}/td10_brouillon.ipynb": CORRECT,
        f"{PAUL}/td10.ipynb": SKELETON,
        f"{PAUL}/brouillon.ipynb": SKELETON,
    }
    for name, source in files.items():
        (copies / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, copies / name)
    (root / "liste.csv").write_text(LIST, encoding="cp1252")  # as Pronote exports it
    return copies


ROWS = [  # the list's order, each draft the grader is sure of right after its student
    "ATTAQUE Eve",
    f"ATTAQUE Eve/{LEA}/td10_brouillon.ipynb",
    f"ATTAQUE Eve/{LEA}_td10_brouillon.ipynb",
    "CHEVALIER Rose",
    "CHEVALIER Rose/brouillon.ipynb",
    "DUPONT Marie",
    "MARTIN Léa",
    "MARTIN Léa/td10_brouillon.ipynb",
    "PERRIN Julie",
    "Paul Inconnu",  # on no list: his row and his draft's keep their own names, after the list's
    f"{PAUL}/brouillon.ipynb",
]
GRADES = {6502301: 14.5, 6502303: 20.0, 6502325: 14.5, 6502330: 14.5}
MARKS = {"ATTAQUE Eve": "14,5", "CHEVALIER Rose": "14,5", "DUPONT Marie": "20", "MARTIN Léa": "14,5"}


def summary_rows(out: str) -> list[str]:
    """The terminal summary's name column, stripped."""
    lines = out[out.rindex("═") + 1 :].splitlines()[1:]
    return [line[:40].rstrip() for line in lines[: len(ROWS)]]


def first_run(tmp_path: Path) -> tuple[Path, list[object]]:
    """The class graded once into its record, with every French report; the arguments."""
    download(tmp_path)
    sheet = tmp_path / "Feuille_de_notes-TD10-1234.csv"
    sheet.write_text(worksheet(SITE, "fr", downloaded=1_795_000_000), encoding="utf-8")
    args: list[object] = ["--roster", "liste.csv", "--results", "classe", "--csv", "classe/notes.csv"]
    args += ["--html", "classe/html", "--pronote", "classe/pronote.csv", "--moodle-worksheet", sheet]
    done = grade("TD10", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (tmp_path / "terminal.txt").write_text(done.stdout, encoding="utf-8")
    return sheet, args


def test_a_draft_reads_under_its_student_on_the_class_list_and_in_no_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It kept its Moodle folder's name after the list's rows, cut in the terminal to
    `Léa Martin_6502301_assignsubmission_fil…`: the file's name was lost."""
    sheet, _ = first_run(tmp_path)
    out = tmp_path / "classe"
    rows = table(out / "notes.csv")
    assert [r["élève"] for r in rows] == ROWS
    assert {k: v for k, v in marks(out / "notes.csv").items() if v} == {**MARKS, "Paul Inconnu": "0"}
    by = {r["élève"]: r for r in rows}
    draft = by["MARTIN Léa/td10_brouillon.ipynb"]
    assert "corrigé : td10.ipynb, pas nommé comme un brouillon" in draft["état"]
    assert draft["fichier"].endswith(f"{LEA}/td10_brouillon.ipynb") and draft["note /20"] == ""
    # the terminal: the same rows; a label too long for the column keeps its file's name
    shown = summary_rows((tmp_path / "terminal.txt").read_text("utf-8"))
    assert shown[:9] == [*ROWS[:1], *shown[1:3], *ROWS[3:9]] and shown[9] == "Paul Inconnu"
    assert all(
        name.startswith("ATTAQUE Eve/") and name.endswith("td10_brouillon.ipynb") for name in shown[1:3]
    )
    assert shown[10].startswith("Paul Inconnu_") and shown[10].endswith("…/brouillon.ipynb")
    index = (out / "html" / "index.html").read_text("utf-8")
    places = [
        index.index(f">{name}<") for name in ("MARTIN Léa", "MARTIN Léa/td10_brouillon.ipynb", "PERRIN Julie")
    ]
    assert places == sorted(places)
    # no draft has a row or a mark in the exports: the list's rows, and Moodle's importer
    # (re-stated in moodle_site.py) gives each student their own copy's mark
    assert (out / "pronote.csv").read_text("utf-8-sig").splitlines() == [
        "Élève;Note /20",
        "ATTAQUE Eve;14,5",
        "CHEVALIER Rose;14,5",
        "DUPONT Marie;20",
        "MARTIN Léa;14,5",
        "PERRIN Julie;",
    ]
    filled = sheet.with_name(sheet.stem + ".rempli.csv").read_text("utf-8")
    assert len(filled.splitlines()) == len(SITE) + 1
    assert import_worksheet(filled, SITE, "fr").grades == GRADES

    # in English, from the record alone (no copy named): the same rows, the same marks
    monkeypatch.chdir(tmp_path)
    started = no_worker(monkeypatch)
    english = tmp_path / "Offline_grading_worksheet-TD10-1234.csv"
    english.write_text(worksheet(SITE, "en", downloaded=1_795_000_000), encoding="utf-8")
    code, printed, err = in_process(
        capsys,
        "--results",
        "classe",
        "--csv",
        "classe/marks.csv",
        "--html",
        "classe/html-en",
        "--pronote",
        "classe/pronote-en.csv",
        "--moodle-worksheet",
        english,
        "--lang",
        "en",
    )
    assert code == 0 and started == [], err
    english_rows = csv.DictReader(io.StringIO((out / "marks.csv").read_text("utf-8-sig")))
    assert [r["student"] for r in english_rows] == ROWS
    assert summary_rows(printed)[:9] == shown[:9] and "another file of the student" in printed
    # Pronote's grid is French whatever the run's language (Pronote reads 14,5)
    assert (out / "pronote-en.csv").read_bytes() == (out / "pronote.csv").read_bytes()
    filled = english.with_name(english.stem + ".rempli.csv").read_text("utf-8")
    assert import_worksheet(filled, SITE, "en").grades == GRADES
    assert ">MARTIN Léa/td10_brouillon.ipynb<" in (out / "html-en" / "index.html").read_text("utf-8")


def test_a_run_that_changes_nothing_leaves_a_drafts_entry_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was written again at every run, with a new `graded_at`, though never graded."""
    _, args = first_run(tmp_path)
    out = tmp_path / "classe"
    draft = out / ENTRIES / entry_name(f"{LEA}/td10_brouillon.ipynb")
    data = json.loads(draft.read_text("utf-8"))
    assert data["outcome"]["reason"] == "extra_file"
    data["graded_at"] = "2026-11-20T08:00:00+01:00"  # a run of a week ago
    draft.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")
    before = {entry.name: entry.read_text("utf-8") for entry in (out / ENTRIES).iterdir()}
    monkeypatch.chdir(tmp_path)
    started = no_worker(monkeypatch)
    # nothing changed, the folder named another way (its full path)
    code, _, err = in_process(capsys, tmp_path / "TD10", *args)
    assert code == 0 and started == [], err
    assert {entry.name: entry.read_text("utf-8") for entry in (out / ENTRIES).iterdir()} == before
    assert [r["élève"] for r in table(out / "notes.csv")] == ROWS
    # the draft handed in again: its entry is written again, with its new content
    with (tmp_path / "TD10" / LEA / "td10_brouillon.ipynb").open("a", encoding="utf-8") as changed:
        changed.write("\n")
    code, _, err = in_process(capsys, tmp_path / "TD10", *args)
    assert code == 0 and started == [], err
    now = json.loads(draft.read_text("utf-8"))
    assert now["sha256"] != data["sha256"] and now["graded_at"] != data["graded_at"]
    assert {e.name: e.read_text("utf-8") for e in (out / ENTRIES).iterdir() if e != draft} == {
        name: text for name, text in before.items() if name != draft.name
    }
