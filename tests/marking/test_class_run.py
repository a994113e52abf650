"""A class marked from start to finish, as a teacher runs it (issue 27): a folder of 40
copies graded into a record, run again, one copy handed in again, a barème, manual
points and overrides, a mixed folder, Moodle's download layout and worksheet, the
pages handed back. Every expected mark is reasoned from the copies (the fixture
corpus' verdicts), not read from the grader's output.

The runs that must not grade anything are made in this process, with starting a
worker turned into a failure: they prove that no student code ran."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.app import cli, startup
from grader.marking.lock import locked
from grader.marking.record import ENTRIES, entry_name
from grader.registry import installed
from grader.sandbox.manage.process import WorkerProcess

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
P4 = ROOT / "tests" / "fixtures" / "puissance4"
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"  # 14.5/20: Q14 1/2, Q15 0.5/2.5, Q17 0/2.5
CORRECT = P4 / "correct_listes.ipynb"  # 20/20, answers Q16 in a markdown cell
SKELETON = P4 / "squelette_a_faire.ipynb"  # every function missing: 0/20, and fast
DOMINEERING = ROOT / "tests" / "fixtures" / "domineering" / "correct_listes.ipynb"


def grade(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
    )


def no_worker(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Starting a worker (or probing the isolation) now fails the test: what ran is listed."""
    started: list[object] = []

    def refuse(*args: object, **kwargs: object) -> None:
        started.append(args)
        raise AssertionError("a worker was started: student code would have run")

    monkeypatch.setattr(WorkerProcess, "start", staticmethod(refuse))
    monkeypatch.setattr(startup, "start_probe", lambda: started.append("probe"))
    return started


def in_process(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args], installed())
    out, err = capsys.readouterr()
    return code, out, err


def table(path: Path) -> list[dict[str, str]]:
    """The class CSV as Excel reads it in French: BOM, `;`, decimal comma."""
    raw = path.read_bytes()
    assert raw.startswith("\ufeff".encode())
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))


def marks(path: Path, column: str = "note /20") -> dict[str, str]:
    return {row["élève"]: row[column] for row in table(path)}


def copy_class(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


# -- the class of 40 ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def class40(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 students, one folder each: martin_lea hands in a right copy, dupont_marie the
    sample, the 38 others the blank skeleton; graded once into a record."""
    folder = tmp_path_factory.mktemp("classe40")
    copies = folder / "copies"
    for student, source in [("martin_lea", CORRECT), ("dupont_marie", SAMPLE)] + [
        (f"eleve{i:02d}", SKELETON) for i in range(1, 39)
    ]:
        (copies / student).mkdir(parents=True)
        shutil.copy(source, copies / student / "td10.ipynb")
    done = grade(
        copies, "--results", "classe", "--csv", "classe/notes.csv", "--html", "classe/html", cwd=folder
    )
    assert done.returncode == 0, done.stderr
    assert "40 copie(s) corrigée(s), 0 inchangée(s)" in done.stderr
    return folder


@pytest.fixture
def classroom(class40: Path, tmp_path: Path) -> Path:
    """A copy of the graded class for one test to change."""
    return copy_class(class40, tmp_path / "classe40")


def test_the_first_run_records_every_copy_and_reports_the_class(class40: Path) -> None:
    got = marks(class40 / "classe" / "notes.csv")
    assert len(got) == 40 and got["martin_lea"] == "20" and got["dupont_marie"] == "14,5"
    assert {got[f"eleve{i:02d}"] for i in range(1, 39)} == {"0"}
    assert len(list((class40 / "classe" / ENTRIES).glob("*.json"))) == 40
    entry = json.loads((class40 / "classe" / ENTRIES / entry_name("dupont_marie")).read_text("utf-8"))
    assert entry["format"] == "minimax-grader-record" and entry["student"] == "dupont_marie"
    assert len(entry["sha256"]) == 64 and entry["graded_at"] and entry["grader_version"]


def test_the_second_run_of_an_unchanged_class_runs_no_student_code(
    classroom: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (classroom / "classe" / "notes.csv").read_bytes()
    (classroom / "classe" / "notes.csv").unlink()
    started = no_worker(monkeypatch)
    code, _, err = in_process(
        capsys,
        classroom / "copies",
        "--results",
        classroom / "classe",
        "--csv",
        classroom / "classe" / "notes.csv",
    )
    assert code == 0 and started == []
    assert "0 copie(s) corrigée(s), 40 inchangée(s)" in err
    after = table(classroom / "classe" / "notes.csv")
    # the same rows; the file column names each copy where it is now (this copy of the class)
    assert [{k: v for k, v in r.items() if k not in ("durée (s)", "fichier")} for r in after] == [
        {k: v for k, v in r.items() if k not in ("durée (s)", "fichier")} for r in table_from(before)
    ]
    assert all(r["fichier"].startswith(str(classroom.resolve() / "copies")) for r in after)
    assert [Path(r["fichier"]).parts[-3:] for r in after] == [
        Path(r["fichier"]).parts[-3:] for r in table_from(before)
    ]


def table_from(raw: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))


def test_one_copy_handed_in_again_is_graded_into_the_whole_class(classroom: Path) -> None:
    shutil.copy(CORRECT, classroom / "copies" / "dupont_marie" / "td10.ipynb")  # now right
    done = grade(
        "copies/dupont_marie/td10.ipynb",
        "--results",
        "classe",
        "--csv",
        "classe/notes.csv",
        "--html",
        "classe/html",
        cwd=classroom,
    )
    assert done.returncode == 0, done.stderr
    assert "1 copie(s) corrigée(s), 0 inchangée(s) ; 39 autre(s) reprise(s) des résultats" in done.stderr
    assert "corrigée : dupont_marie (modifiée)" in done.stderr
    got = marks(classroom / "classe" / "notes.csv")
    assert len(got) == 40 and got["dupont_marie"] == "20" and got["martin_lea"] == "20"
    index = (classroom / "classe" / "html" / "index.html").read_text("utf-8")
    pages = sorted(p.name for p in (classroom / "classe" / "html").glob("*.html") if p.name != "index.html")
    assert len(pages) == 40 and all(f'href="{page}"' in index for page in pages)


def test_the_run_names_a_student_graded_again_as_the_class_list_does(classroom: Path) -> None:
    # the summary's rows say "DUPONT Marie": so does the line saying her copy was graded again
    names = "Nom;Prénom\n" + "".join(f"{n};{p}\n" for n, p in (("DUPONT", "Marie"), ("MARTIN", "Léa")))
    (classroom / "liste.csv").write_text(names, encoding="utf-8")
    shutil.copy(CORRECT, classroom / "copies" / "dupont_marie" / "td10.ipynb")
    done = grade(
        "copies/dupont_marie/td10.ipynb", "--results", "classe", "--roster", "liste.csv", cwd=classroom
    )
    assert done.returncode == 0, done.stderr
    assert "corrigée : DUPONT Marie (modifiée)" in done.stderr, done.stderr
    assert "dupont_marie" not in done.stderr.split("Liste de la classe")[0]


def test_the_csv_names_every_copy_where_it_is_now_whichever_way_it_was_named(
    classroom: Path, tmp_path: Path
) -> None:
    # one copy named alone by a relative path, the others from the folder: the file column
    # holds each where it is, the same way; the class moved elsewhere, where it is now
    shutil.copy(CORRECT, classroom / "copies" / "dupont_marie" / "td10.ipynb")
    done = grade("copies/dupont_marie/td10.ipynb", "--results", "classe", "--csv", "notes.csv", cwd=classroom)
    assert done.returncode == 0, done.stderr
    files = {row["élève"]: row["fichier"] for row in table(classroom / "notes.csv")}
    copies = (classroom / "copies").resolve()
    assert files["dupont_marie"] == str(copies / "dupont_marie" / "td10.ipynb")
    assert files["martin_lea"] == str(copies / "martin_lea" / "td10.ipynb")
    moved = shutil.move(classroom, tmp_path / "ailleurs")
    done = grade("--results", "classe", "--csv", "notes.csv", cwd=moved)
    assert done.returncode == 0, done.stderr
    files = {row["élève"]: row["fichier"] for row in table(Path(moved) / "notes.csv")}
    assert files["dupont_marie"] == str(Path(moved).resolve() / "copies" / "dupont_marie" / "td10.ipynb")


def test_a_copy_no_longer_in_the_folder_stays_until_pruned(
    classroom: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.rmtree(classroom / "copies" / "eleve38")
    started = no_worker(monkeypatch)
    args = [classroom / "copies", "--results", classroom / "classe", "--csv", classroom / "notes.csv"]
    code, _, err = in_process(capsys, *args)
    assert code == 0 and started == [] and "absente(s) du dossier" in err and "eleve38" in err
    assert "eleve38" in marks(classroom / "notes.csv")
    code, _, err = in_process(capsys, *args, "--prune")
    assert code == 0 and "retirée(s) des résultats : eleve38" in err
    assert "eleve38" not in marks(classroom / "notes.csv") and len(marks(classroom / "notes.csv")) == 39


def test_a_damaged_record_file_is_reported_and_its_copy_graded_again(classroom: Path) -> None:
    damaged = classroom / "classe" / ENTRIES / entry_name("martin_lea")
    damaged.write_text('{"format": "minimax-grader-record", "version": 1, "stud', encoding="utf-8")
    # only another copy is named: the damaged one is found in the class folder and graded again
    done = grade(
        "copies/eleve01/td10.ipynb", "--results", "classe", "--csv", "classe/notes.csv", cwd=classroom
    )
    assert done.returncode == 0, done.stderr
    assert "est abîmé" in done.stderr
    assert "1 copie(s) corrigée(s), 1 inchangée(s) ; 38 autre(s) reprise(s) des résultats" in done.stderr
    assert "inchangée : eleve01" in done.stderr
    assert "corrigée : martin_lea (résultat abîmé)" in done.stderr
    assert marks(classroom / "classe" / "notes.csv")["martin_lea"] == "20"
    assert damaged.with_name(damaged.name + ".damaged").exists()


def test_a_second_run_on_the_same_record_at_once_is_refused(classroom: Path) -> None:
    with locked(classroom / "classe" / "record.lock"):
        done = grade("copies", "--results", "classe", "--csv", "classe/autre.csv", cwd=classroom)
    assert done.returncode == 2 and "est utilisé par une autre correction" in done.stderr
    assert not (classroom / "classe" / "autre.csv").exists()


# -- the brief's scenario: a class of two, one copy handed in again ------------------------------
def test_a_copy_named_alone_is_the_same_student_as_in_the_class_run(tmp_path: Path) -> None:
    copies = tmp_path / "C" / "copies"
    for student, source in (("dupont_marie", SAMPLE), ("martin_lea", CORRECT)):
        (copies / student).mkdir(parents=True)
        shutil.copy(source, copies / student / "td10.ipynb")
    first = grade("C/copies", "--results", "C/classe", "--csv", "C/classe/notes.csv", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    again = grade(
        "C/copies/dupont_marie/td10.ipynb",
        "--results",
        "C/classe",
        "--csv",
        "C/classe/notes.csv",
        cwd=tmp_path,
    )
    assert again.returncode == 0, again.stderr
    assert marks(tmp_path / "C" / "classe" / "notes.csv") == {"dupont_marie": "14,5", "martin_lea": "20"}
    # dupont_marie's file is the one graded; martin_lea's was not named, nor read: said apart
    assert "0 copie(s) corrigée(s), 1 inchangée(s) ; 1 autre(s) reprise(s) des résultats" in again.stderr


# -- a barème ---------------------------------------------------------------------------------
def test_a_bareme_is_applied_from_the_record_without_a_worker(
    classroom: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (classroom / "copies" / "minimax-grader.toml").write_text(
        'exercice = "puissance4"\nsur = 10\narrondi = 0.5\nomises = ["Q17"]\n[points]\nQ16 = 2\n',
        encoding="utf-8",
    )
    started = no_worker(monkeypatch)
    code, out, err = in_process(
        capsys,
        classroom / "copies",
        "--results",
        classroom / "classe",
        "--csv",
        classroom / "notes.csv",
        "--html",
        classroom / "html",
    )
    assert code == 0 and started == [], err
    rows = {row["élève"]: row for row in table(classroom / "notes.csv")}
    header = list(rows["martin_lea"])
    assert "Q17 (/2,5)" not in " ".join(header) and "Q16 (/2)" in header and "note /10" in header
    # out of 20 - 2.5 (Q17 left out) + 2 (Q16) = 19.5 points, Q16 not given yet (0):
    # martin_lea 17.5/19.5 -> 8.97/10 -> 9 to the half point; dupont_marie 14.5/19.5 -> 7.44 -> 7.5
    assert rows["martin_lea"]["note /10"] == "9" and rows["dupont_marie"]["note /10"] == "7,5"
    assert rows["dupont_marie"]["total"] == "14,5" and rows["dupont_marie"]["sur"] == "19,5"
    assert "/ 10" in out
    index = (classroom / "html" / "index.html").read_text("utf-8")
    # (9 + 7.5 + 38 blank skeletons at 0) / 40 = 0.41, on the class's scale (it said "/ 20")
    assert "moyenne 0,41 / 10, médiane 0 / 10" in index, re.findall("moyenne[^<]*", index)


def test_the_printed_default_bareme_gives_exactly_todays_marks(
    classroom: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, printed, _ = in_process(capsys, "--print-config", "puissance4")
    assert code == 0
    (classroom / "copies" / "minimax-grader.toml").write_text(printed, encoding="utf-8")
    started = no_worker(monkeypatch)
    code, _, err = in_process(
        capsys, classroom / "copies", "--results", classroom / "classe", "--csv", classroom / "notes.csv"
    )
    assert code == 0 and started == [], err
    # the file column names each copy where it is now: this copy of the class, not the first
    strip = lambda rows: [{k: v for k, v in r.items() if k not in ("durée (s)", "fichier")} for r in rows]  # noqa: E731
    assert strip(table(classroom / "notes.csv")) == strip(table(classroom / "classe" / "notes.csv"))
    assert all(row["fichier"].startswith(str(classroom.resolve())) for row in table(classroom / "notes.csv"))


def test_a_bad_bareme_is_a_usage_error_naming_its_line_and_nothing_is_graded(tmp_path: Path) -> None:
    copies = tmp_path / "copies"
    (copies / "dupont").mkdir(parents=True)
    shutil.copy(SAMPLE, copies / "dupont" / "td10.ipynb")
    (copies / "minimax-grader.toml").write_text(
        'exercice = "puissance4"\n[points]\nQ14 = -1\n', encoding="utf-8"
    )
    done = grade(copies, "--results", "classe", "--csv", "notes.csv", cwd=tmp_path)
    assert done.returncode == 2 and "ligne 3" in done.stderr and "négatifs" in done.stderr
    assert not (tmp_path / "notes.csv").exists() and not (tmp_path / "classe").exists()


def test_print_config_prints_todays_bareme(tmp_path: Path) -> None:
    done = grade("--print-config", "puissance4", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("# Barème de minimax-grader")
    assert 'exercice = "puissance4"' in done.stdout and "\nQ17 = 2.5" in done.stdout


# -- manual points and overrides --------------------------------------------------------------
def test_manual_points_and_an_override_then_a_changed_copy_is_flagged(
    classroom: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (classroom / "copies" / "minimax-grader.toml").write_text(
        'exercice = "puissance4"\n[points]\nQ16 = 2\n', encoding="utf-8"
    )
    manual = classroom / "manuel.csv"
    args = [
        "--results",
        classroom / "classe",
        "--csv",
        classroom / "notes.csv",
        "--json",
        classroom / "r.json",
    ]
    started = no_worker(monkeypatch)
    code, _, err = in_process(capsys, classroom / "copies", *args, "--manual", manual)
    assert code == 0 and started == [] and "manuel.csv" in err
    lines = manual.read_text("utf-8-sig").splitlines()
    assert lines[0] == "élève;question;points;commentaire" and len(lines) == 41  # one row per student, Q16
    # the teacher types in Excel: Q16 for martin_lea, and overrides dupont_marie's Q14 (automatic: 1 of 2)
    typed = (
        lines[0]
        + "\r\n"
        + "martin_lea;Q16;1,5;bien vu\r\ndupont_marie;Q14;2;privé : heuristique juste à l'oral\r\n"
    )
    manual.write_bytes(("\ufeff" + typed).encode())
    code, _, err = in_process(capsys, classroom / "copies", *args, "--manual", manual)
    assert code == 0 and started == [], err
    rows = {row["élève"]: row for row in table(classroom / "notes.csv")}
    # martin_lea 20 + 1.5 of 22; dupont_marie 14.5 - 1 + 2 = 15.5 of 22 (Q16 not given: 0)
    assert rows["martin_lea"]["note /20"] == number(21.5 * 20 / 22)
    assert rows["dupont_marie"]["note /20"] == number(15.5 * 20 / 22)
    # issue 36: the override is shown where the teacher looks, the automatic score beside it,
    # and the run says who still has no Q16 points
    assert rows["dupont_marie"]["points à la main"] == "Q14 : 2 à la main (auto 1)"
    assert rows["martin_lea"]["points à la main"] == ""
    assert "Q16 : 39 élève(s) sur 40 sans points à la main" in err
    whole = json.loads((classroom / "r.json").read_text("utf-8"))
    # the class's JSON gives the answer key once (docs/reference/sheet-facts.md: maximin(jeu5, 3) == (5, 19))
    (key,) = whole["answer_keys"]
    assert key["id"] == "Q16" and "maximin(jeu5, 3) = (5, 19)" in key["text"]
    report = {s["path"].split("/")[-2]: s for s in whole["submissions"]}
    assert all("answer_key" not in q for sub in report.values() for q in sub["questions"])
    q14 = next(q for q in report["dupont_marie"]["questions"] if q["id"] == "Q14")
    assert (q14["score"], q14["auto_score"], q14["override"]) == (2, 1, 2)
    assert manual.read_bytes() == ("\ufeff" + typed).encode()  # never rewritten
    # dupont_marie hands in a right copy: Q14's automatic score becomes 2 (was 1 when overridden)
    monkeypatch.undo()
    shutil.copy(CORRECT, classroom / "copies" / "dupont_marie" / "td10.ipynb")
    # and martin_lea hands in another copy: her Q16 points were given to the earlier one
    shutil.copy(SAMPLE, classroom / "copies" / "martin_lea" / "td10.ipynb")
    done = grade(classroom / "copies", *args, "--manual", manual, "--html", classroom / "html", cwd=classroom)
    assert done.returncode == 0, done.stderr
    assert "2 copie(s) corrigée(s), 38 inchangée(s)" in done.stderr
    summary = done.stdout[done.stdout.index("═") :]
    dupont = next(line for line in summary.splitlines() if line.startswith("dupont_marie"))
    assert "Q14" in dupont  # flagged for review
    rows = {row["élève"]: row for row in table(classroom / "notes.csv")}
    assert "Q14" in rows["dupont_marie"]["à revoir"]
    assert "Q16" in rows["martin_lea"]["à revoir"]  # issue 36: her points stayed silently before
    index = html.unescape((classroom / "html" / "index.html").read_text("utf-8"))
    assert "Q14 : 2 à la main (auto 2)" in index and "Q14 : 2 à la main (auto 2)" in dupont
    page = html.unescape((classroom / "html" / "dupont_marie.html").read_text("utf-8"))
    assert "heuristique juste à l'oral" in page and "privé" in page  # the teacher's page: the private comment
    assert "score automatique était 1 ; il vaut maintenant 2 : à revoir" in page


def test_a_later_run_without_manual_keeps_the_table_the_record_remembers(
    classroom: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the teacher gave Q16 points with --manual, then runs again for the exports without
    # it: the points typed stay in every mark (they were dropped without a word)
    (classroom / "copies" / "minimax-grader.toml").write_text(
        'exercice = "puissance4"\n[points]\nQ16 = 2\n', encoding="utf-8"
    )
    manual = classroom / "notes-a-la-main.csv"
    results = ["--results", classroom / "classe", "--csv", classroom / "notes.csv"]
    started = no_worker(monkeypatch)
    code, _, err = in_process(capsys, classroom / "copies", *results, "--manual", manual)
    assert code == 0, err
    header = manual.read_text("utf-8-sig").splitlines()[0]
    manual.write_bytes(("\ufeff" + header + "\r\nmartin_lea;Q16;1,5;bien vu\r\n").encode())
    with_table = in_process(capsys, classroom / "copies", *results, "--manual", manual)
    assert with_table[0] == 0, with_table[2]
    given = marks(classroom / "notes.csv")
    assert given["martin_lea"] == number(21.5 * 20 / 22)
    for again in ([classroom / "copies"], []):  # the folder named again, or the record alone
        code, _, err = in_process(capsys, *again, *results)
        assert code == 0 and started == [], err
        assert marks(classroom / "notes.csv") == given
        assert f"Points à la main : {manual} (ceux de la dernière correction" in err
    assert manual.read_bytes() == ("\ufeff" + header + "\r\nmartin_lea;Q16;1,5;bien vu\r\n").encode()
    # the table moved away: the marks say no point typed, and the run says why
    manual.rename(classroom / "ailleurs.csv")
    code, _, err = in_process(capsys, *results)
    assert code == 0, err
    assert marks(classroom / "notes.csv")["martin_lea"] == number(20 * 20 / 22)
    assert f"La table des points à la main de la dernière correction, {manual}, est introuvable" in err


def number(value: float) -> str:
    return f"{round(value, 2):g}".replace(".", ",")


# -- what students are handed -----------------------------------------------------------------
def test_the_release_holds_only_each_students_page_and_json(classroom: Path) -> None:
    manual = classroom / "manuel.csv"
    manual.write_text(
        "élève;question;points;commentaire\n"
        "martin_lea;;;Très bon travail\n"
        "martin_lea;Q16;;privé : recopié sur eleve01 ?\n",
        encoding="utf-8",
    )
    done = grade("copies", "--results", "classe", "--manual", manual, "--release", "rendu", cwd=classroom)
    assert done.returncode == 0, done.stderr
    folders = sorted(p.name for p in (classroom / "rendu").iterdir())
    assert len(folders) == 40 and "martin_lea" in folders
    own = classroom / "rendu" / "martin_lea"
    assert sorted(p.name for p in own.iterdir()) == ["martin_lea.html", "martin_lea.json"]
    text = (own / "martin_lea.html").read_text("utf-8") + (own / "martin_lea.json").read_text("utf-8")
    assert "Très bon travail" in text and "recopié" not in text
    assert "maximin(jeu5, 3)" not in text and "answer_key" not in text  # no answer key
    assert "dupont_marie" not in text and "eleve01" not in text and "index.html" not in text


# -- a mixed folder ---------------------------------------------------------------------------
def test_a_mixed_folder_names_the_other_td_and_keeps_it_out_of_the_class(tmp_path: Path) -> None:
    copies = tmp_path / "copies"
    for student, source in (("dupont_marie", SAMPLE), ("martin_lea", CORRECT), ("leroy_paul", DOMINEERING)):
        (copies / student).mkdir(parents=True)
        shutil.copy(source, copies / student / "td10.ipynb")
    (copies / "martin_lea" / "brouillon.py").write_text("x = 1\nprint('essai')\n", encoding="utf-8")
    done = grade(copies, "--exercise", "puissance4", "--csv", "notes.csv", "--html", "html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    summary = done.stdout[done.stdout.index("═") :]
    leroy = next(line for line in summary.splitlines() if line.startswith("leroy_paul"))
    assert "domineering" in leroy and "autre TD : domineering" in leroy and "/ 20" not in leroy
    assert "moyenne 17,25 / 20" in summary  # (14.5 + 20) / 2: the domineering copy is not in it
    rows = {row["élève"]: row for row in table(tmp_path / "notes.csv")}
    assert rows["martin_lea"]["note /20"] == "20" and rows["leroy_paul"]["note /20"] == ""
    assert "autre fichier" in rows["martin_lea/brouillon.py"]["état"]
    index = (tmp_path / "html" / "index.html").read_text("utf-8")
    assert "Exercice" in index and "autre TD : domineering" in index


# -- Moodle and Pronote -----------------------------------------------------------------------
MOODLE_HEADER = (  # a French Moodle's (mod/assign/gradingtable.php; fr langpack strings)
    "Identifiant,Nom complet,Adresse de courriel,Statut,Note,Note maximale,La note peut être modifiée,"
    "Dernière modification (travail remis),Dernière modification (note),Feedback par commentaires"
)


def test_moodles_layout_and_worksheet_are_filled_for_upload(tmp_path: Path) -> None:
    download = tmp_path / "TD10-123"
    for folder, source in (
        ("Marie Dupont_101_assignsubmission_file", SAMPLE),  # Moodle 4.1 to 4.5 (downloader.php)
        ("Léa Martin_102_assignsubmission_file_", CORRECT),  # Moodle 3.x (locallib.php)
    ):
        (download / folder).mkdir(parents=True)
        shutil.copy(source, download / folder / "td10.ipynb")
    sheet = tmp_path / "Notes-TD10-123.csv"
    rows = [
        MOODLE_HEADER,
        'Participant101,Marie Dupont,m.dupont@lycee.fr,Remis pour évaluation,,"20,00",Oui,'
        '"jeudi 27 novembre 2026, 10:12","vendredi 28 novembre 2026, 08:05",',
        'Participant102,Léa Martin,l.martin@lycee.fr,Remis pour évaluation,,"20,00",Oui,'
        '"jeudi 27 novembre 2026, 10:15",-,',
        "Participant103,Jean Durand,j.durand@lycee.fr,Pas de travail remis,,\"20,00\",Oui,-,-,",
    ]
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    done = grade(download, "--moodle-worksheet", sheet, "--pronote", "pronote.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    filled = sheet.with_name("Notes-TD10-123.rempli.csv")
    got = list(csv.reader(io.StringIO(filled.read_text("utf-8"))))
    assert got[0] == MOODLE_HEADER.split(",")
    assert got[1][4] == "14,5" and got[2][4] == "20" and got[3][4] == ""
    assert "14,5 / 20" in got[1][9] and "Q14" in got[1][9]
    original = list(csv.reader(io.StringIO(sheet.read_text("utf-8"))))
    for before, after in zip(original, got, strict=True):
        assert before[:4] + before[5:8] == after[:4] + after[5:8]  # every other column untouched
    # the date of the grade, as Moodle's importer reads it back (strtotime), and the teacher
    # is shown that very date rewritten, not an example of the form
    assert got[1][8] == "2026-11-28 08:05" and got[2][8] == "-"
    assert "« vendredi 28 novembre 2026, 08:05 » devient « 2026-11-28 08:05 »" in done.stderr
    # without --roster the worksheet's participants are the class: its order, its names, and
    # Jean Durand, who handed nothing in, has an empty cell
    assert (tmp_path / "pronote.csv").read_text("utf-8-sig").splitlines() == [
        "Élève;Note /20",
        "Marie Dupont;14,5",
        "Léa Martin;20",
        "Jean Durand;",
    ]
    assert "3 ligne(s) pour les 3 élève(s) de la liste" in done.stderr


def test_the_progress_lines_give_the_marks_the_summary_gives(tmp_path: Path) -> None:
    # A teacher who typed points before the run reads each copy's mark as it is graded:
    # the same as in the summary below it (points by hand and overrides included).
    for student, source in (("martin_lea", SAMPLE), ("petit_zoe", CORRECT)):
        (tmp_path / "copies" / student).mkdir(parents=True)
        shutil.copy(source, tmp_path / "copies" / student / source.name)
    (tmp_path / "copies" / "minimax-grader.toml").write_text(
        'exercice = "puissance4"\n[points]\nQ16 = 2\n', encoding="utf-8"
    )
    manual = tmp_path / "manuel.csv"
    manual.write_text(
        "élève;question;points;commentaire\nmartin_lea;Q14;2;\nmartin_lea;Q16;1;\npetit_zoe;Q16;2;\n",
        encoding="utf-8",
    )
    done = grade("copies", "--results", "classe", "--manual", manual, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    progress = dict(re.findall(r"\] (\w+) : ([\d,]+)/20", done.stderr))
    summary = dict(re.findall(r"^(\w+) +([\d,]+) / 20", done.stdout, re.M))
    # martin_lea: 14.5 - 1 + 2 (Q14 by hand) + 1 (Q16) = 16.5 of 22; petit_zoe: 22 of 22
    assert progress == summary == {"martin_lea": number(16.5 * 20 / 22), "petit_zoe": "20"}
    assert manual.read_text("utf-8").startswith("élève;question;points;commentaire\nmartin_lea;Q14;2;\n")
