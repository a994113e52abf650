"""The marking page's class in memory (`grader.serve.desk`), on a class record made in
memory (tests/marking/classroom.py): a save writes one row and re-scores the class from
the record; a row or a file changed behind the page is never written over; a rubric
changed in the barème re-scores at once. The fast tier refuses any worker: every test
here also shows that no student code runs. Marks are reasoned from the verdicts: out of
19.5 points (17.5 automatic with Q17 left out, Q16 worth 2)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from grader.app import cli
from grader.marking.manual import read_manual
from grader.marking.record import Record
from grader.model.results import SubmissionResult
from grader.model.settings import Settings
from grader.registry import installed
from grader.serve.desk import Desk, Typed
from tests.marking.classroom import BAREME, answered, make_class, notebook

EXERCISES = installed()


def students() -> dict[str, tuple[str, tuple[str, ...]]]:
    return {
        "dupont_marie": (answered("les nœuds 0-6-6 et 6-6 ne sont pas explorés"), ()),  # 17.5 points
        "martin_lea": (answered("on coupe dès que beta <= alpha"), ("Q14",)),  # Q14 (2) failed: 15.5
        "leroy_ines": (notebook({"cell_type": "markdown", "source": "# sans titre Q", "metadata": {}}), ()),
        "bernard_lucas": (answered("<b>voir le schéma</b>"), ("Q9", "Q10")),  # 2 + 1 failed: 14.5
    }


@pytest.fixture
def room(tmp_path):
    return make_class(tmp_path, students())


@pytest.fixture
def desk(room):
    args = cli.build_parser(EXERCISES, []).parse_args(room.arguments())
    desk = Desk(args, Settings(lang="fr"), EXERCISES)
    desk.refresh()
    return desk


def marks(desk: Desk) -> dict[str, float]:
    return {c.student: c.view.mark for c in desk.snapshot.copies}


def save(desk: Desk, student: str, qid: str = "Q16", **typed) -> object:
    return desk.save(student, qid, Typed(**typed), desk.snapshot.cells(student, qid).base)


def rows(path: Path) -> dict[tuple[str, str], tuple[str, str, tuple[str, ...]]]:
    return {(r.student, r.question): (r.points_text, r.comment, r.items) for r in read_manual(path)}


def test_the_class_is_the_records_scored_with_the_bareme_and_nothing_is_graded_yet(desk, room):
    assert [c.student for c in desk.snapshot.copies] == [
        "bernard_lucas",
        "dupont_marie",
        "leroy_ines",
        "martin_lea",
    ]
    assert marks(desk) == {
        "bernard_lucas": 14.87,
        "dupont_marie": 17.95,
        "leroy_ines": 17.95,
        "martin_lea": 15.9,
    }
    assert desk.snapshot.progress("Q16") == (0, 4)
    assert rows(room.manual) == {(s, "Q16"): ("", "", ()) for s in students()}  # the table made to fill in
    leroy = desk.snapshot.copy("leroy_ines")
    assert desk.snapshot.state(leroy, "Q16") == {"toutes", "a-noter", "a-revoir"}  # no answer under a heading


def test_items_are_written_in_the_grille_column_and_their_sum_is_the_mark(desk, room):
    done = save(desk, "dupont_marie", items=("horizon3", "schema"))
    assert done.status == "saved"
    assert rows(room.manual)[("dupont_marie", "Q16")] == ("", "", ("horizon3", "schema"))
    assert room.manual.read_text("utf-8-sig").splitlines()[0] == "élève;question;points;commentaire;grille"
    assert marks(desk)["dupont_marie"] == 18.46  # (17.5 + 1 - 0.5) / 19.5 * 20
    assert desk.snapshot.progress("Q16") == (1, 4)
    assert desk.snapshot.next_answer("Q16", "dupont_marie").student == "leroy_ines"
    assert desk.snapshot.next_answer("Q16", "martin_lea").student == "bernard_lucas"  # from the start again


def test_a_number_wins_over_the_items_and_a_private_comment_is_marked_so(desk, room):
    save(desk, "martin_lea", points="1,5", items=("horizon3", "horizon4"), comment="vu en TD", private=True)
    assert rows(room.manual)[("martin_lea", "Q16")] == ("1,5", "privé : vu en TD", ("horizon3", "horizon4"))
    assert marks(desk)["martin_lea"] == 17.44  # (15.5 + 1.5) / 19.5 * 20


def test_an_override_keeps_the_automatic_score_beside_it_and_a_reason(desk, room):
    assert save(desk, "martin_lea", "Q14", points="2", comment="signe oublié seulement").status == "saved"
    q14 = desk.snapshot.copy("martin_lea").question("Q14")
    assert (q14.score, q14.auto_score, q14.override) == (2.0, 0.0, 2.0)
    assert marks(desk)["martin_lea"] == 17.95
    assert rows(room.manual)[("martin_lea", "Q14")] == ("2", "signe oublié seulement", ())
    assert save(desk, "martin_lea", "Q14").status == "saved"  # emptied: the automatic score again
    assert marks(desk)["martin_lea"] == 15.9


def test_a_row_changed_in_the_file_since_the_page_showed_it_is_not_written_over(desk, room):
    shown = desk.snapshot.cells("dupont_marie", "Q16").base
    text = room.manual.read_text("utf-8-sig").replace("dupont_marie;Q16;;", "dupont_marie;Q16;2;")
    room.manual.write_text("\ufeff" + text, encoding="utf-8")  # typed in a spreadsheet behind the page
    before = room.manual.read_bytes()
    done = desk.save("dupont_marie", "Q16", Typed(points="1"), shown)
    assert done.status == "conflict" and "elle vaut maintenant 2" in done.message
    assert room.manual.read_bytes() == before
    assert marks(desk)["dupont_marie"] == 20.0  # the spreadsheet's 2, read again
    assert "manuel.csv a changé sur le disque" in desk.banner()
    again = desk.save("dupont_marie", "Q16", Typed(points="1"), done.current.base)  # Enter once more
    assert again.status == "saved" and rows(room.manual)[("dupont_marie", "Q16")][0] == "1"


def test_a_file_saved_between_the_check_and_the_write_is_left_as_it_is(desk, room, monkeypatch):
    from grader.serve import desk as desk_module

    original = desk_module.edit_file

    def spreadsheet_saves_first(path, *args, **kwargs):
        path.write_bytes(path.read_bytes().replace(b"martin_lea;Q16;;", b"martin_lea;Q16;0,5;"))
        return original(path, *args, **kwargs)

    monkeypatch.setattr(desk_module, "edit_file", spreadsheet_saves_first)
    done = save(desk, "dupont_marie", points="2")
    assert done.status == "conflict" and "a changé sur le disque" in done.message
    assert rows(room.manual)[("dupont_marie", "Q16")] == ("", "", ())  # nothing of ours written
    assert rows(room.manual)[("martin_lea", "Q16")][0] == "0,5"  # theirs kept


def test_a_question_given_twice_in_the_file_is_refused_with_its_lines_and_not_written(desk, room):
    # the table lists the students in order: bernard_lucas line 2, dupont_marie 3, the one added 6
    text = room.manual.read_text("utf-8-sig").replace("dupont_marie;Q16;;", "dupont_marie;Q16;1;a")
    room.manual.write_text("\ufeff" + text + "dupont_marie;Q16;2;b\r\n", encoding="utf-8")
    assert desk.refresh()
    before = room.manual.read_bytes()
    done = save(desk, "dupont_marie", points="0")
    assert (done.status, done.message) == (
        "refused",
        f"{room.manual} donne cette question deux fois (lignes 3, 6) : corrigez le fichier, puis enregistrez ici.",
    )
    assert room.manual.read_bytes() == before


def test_an_items_new_points_in_the_bareme_rescore_every_copy_that_got_it_at_once(desk, room):
    save(desk, "dupont_marie", items=("horizon3",))
    save(desk, "martin_lea", items=("horizon3", "schema"))
    assert (marks(desk)["dupont_marie"], marks(desk)["martin_lea"]) == (18.97, 16.41)  # 18.5, 16 of 19.5
    room.bareme.write_text(BAREME.replace("points = 1, commentaire", "points = 1.5, commentaire"), "utf-8")
    assert desk.refresh()
    assert (marks(desk)["dupont_marie"], marks(desk)["martin_lea"]) == (19.49, 16.92)  # 19, 16.5 of 19.5
    comments = [c for c in desk.snapshot.copy("dupont_marie").view.comments if c.item]
    assert [(c.item, c.points) for c in comments] == [("horizon 3 juste", 1.5)]


def test_a_barème_with_a_mistake_keeps_the_last_marks_and_nothing_is_written(desk, room):
    room.bareme.write_text(BAREME.replace("points = -0.5", "points = moins"), "utf-8")
    assert desk.refresh()
    assert "ligne" in desk.snapshot.problem and marks(desk)["dupont_marie"] == 17.95
    before = room.manual.read_bytes()
    assert save(desk, "dupont_marie", points="2").status == "refused"
    assert room.manual.read_bytes() == before


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ({"points": "deux"}, "« deux » n'est pas un nombre"),
        ({"points": "2,5"}, "n'est pas entre 0 et 2 point(s)"),
        ({"items": ("horizon5",)}, "« horizon5 » : pas d'item de ce nom"),
    ],
)
def test_what_cannot_be_a_mark_is_refused_and_not_written(desk, room, typed, words):
    before = room.manual.read_bytes()
    done = save(desk, "dupont_marie", **typed)
    assert done.status == "refused" and words in done.message
    assert room.manual.read_bytes() == before


def test_the_pages_marks_are_a_report_only_runs_marks(desk, room, capsys):
    save(desk, "dupont_marie", items=("horizon3", "horizon4"))
    save(desk, "martin_lea", "Q14", points="1")
    save(desk, "bernard_lucas", points="0,5")
    csv = room.folder / "notes.csv"
    assert cli.main([*room.arguments(), "--csv", str(csv)], EXERCISES) == 0
    table = [line.split(";") for line in csv.read_text("utf-8-sig").splitlines()]
    column = table[0].index("note /20")
    from_run = {row[0]: float(row[column].replace(",", ".")) for row in table[1:]}
    assert (
        from_run
        == marks(desk)
        == {
            "bernard_lucas": 15.38,  # 14.5 + 0.5 = 15 of 19.5
            "dupont_marie": 20.0,
            "leroy_ines": 17.95,
            "martin_lea": 16.92,  # 15.5 + 1 (Q14 overridden from 0 to 1) = 16.5
        }
    )
    capsys.readouterr()


def test_a_copy_graded_again_after_its_points_were_given_is_listed_as_changed(desk, room):
    from dataclasses import replace

    from grader.marking.record import Record
    from grader.model.results import SubmissionResult

    save(desk, "dupont_marie", points="2")
    copy = desk.snapshot.copy("dupont_marie")
    assert "modifiees" not in desk.snapshot.state(copy, "Q16")
    record = Record(room.results, SubmissionResult)
    with record.open():  # handed in again and graded: another content, the row unchanged
        record.put(replace(record.entries["dupont_marie"], sha256="0" * 64))
    assert desk.refresh()
    copy = desk.snapshot.copy("dupont_marie")
    assert "modifiees" in desk.snapshot.state(copy, "Q16")
    assert [c.student for c in desk.snapshot.answers("Q16", "modifiees")] == ["dupont_marie"]
    save(desk, "dupont_marie", points="1,5")  # marked again: confirmed for this copy
    assert desk.snapshot.answers("Q16", "modifiees") == []


def test_with_a_class_list_each_row_keeps_its_copy_s_file_and_what_was_graded(tmp_path):
    """A class list names students `NOM Prénom`, the record keeps them as their folders
    name them: the page must still find each student's file (their cells, not the text kept
    in the results, 'no longer in the folder') and the content graded (the 'changed since
    graded' filter). Before, both were looked up under the list's name and never found."""
    room = make_class(tmp_path, students())
    roster = tmp_path / "liste.csv"
    roster.write_text(
        "Nom;Prénom\nDUPONT;Marie\nMARTIN;Léa\nLEROY;Inès\nBERNARD;Lucas\nPETIT;Tom\n", "cp1252"
    )
    args = cli.build_parser(EXERCISES, []).parse_args(room.arguments("--roster", str(roster)))
    desk = Desk(args, Settings(lang="fr"), EXERCISES)
    desk.refresh()
    found = {c.student: (c.file, bool(c.sha)) for c in desk.snapshot.copies}
    assert found["DUPONT Marie"] == (room.copies / "dupont_marie" / "td10.ipynb", True)
    assert found["BERNARD Lucas"] == (room.copies / "bernard_lucas" / "td10.ipynb", True)
    assert found["PETIT Tom"] == (None, False)  # on the list, no copy
    save(desk, "DUPONT_Marie", points="2")  # its address on the page
    assert desk.snapshot.answers("Q16", "modifiees") == []
    record = Record(room.results, SubmissionResult)
    with record.open():  # handed in again and graded: another content, the row unchanged
        record.put(replace(record.entries["dupont_marie"], sha256="0" * 64))
    assert desk.refresh()
    assert [c.student for c in desk.snapshot.answers("Q16", "modifiees")] == ["DUPONT Marie"]


def test_a_reading_keeps_of_what_it_says_only_what_the_teacher_must_act_on(desk, room):
    """The page showed every line of its own reading of the record ('0 copie(s)
    corrigée(s), 0 inchangée(s) ; 4 autre(s) reprise(s)…', the table made, the students
    without Q16): it keeps what the teacher must act on, a record's file damaged behind it."""
    from grader.marking.record import ENTRIES, entry_name

    assert desk.snapshot.to_act == ()  # the table made, four students to grade: the page shows them
    damaged = room.results / ENTRIES / entry_name("martin_lea")
    damaged.write_text('{"format": "minimax-grader-record", "version": 1, "stud', encoding="utf-8")
    desk.rescore()
    (line,) = desk.snapshot.to_act
    assert line.startswith(f"Résultats : {damaged} est abîmé (") and line.endswith("), il n'est pas utilisé")
