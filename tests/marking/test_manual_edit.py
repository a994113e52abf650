"""The marking page changes one row of the teacher's manual table and nothing else: the
other rows as typed, the teacher's own columns, the delimiter and the BOM stay; a file
changed on disk since the page read it is never written over."""

from __future__ import annotations

import pytest

from grader.marking.manual import parse_manual
from grader.marking.manual_edit import (
    Cells,
    EditError,
    cells_of,
    digest,
    edit_file,
    edit_table,
    typed_cells,
)

BOM = "\ufeff"
TABLE = (
    BOM + "élève;question;points;commentaire;remarque perso\r\n"
    "dupont_marie;Q16;;;à rappeler\r\n"
    'martin_lea;Q16;2;"très bien;\r\nsur deux lignes";\r\n'
    "martin_lea;Q14;1,5;privé : vu en classe;\r\n"
)


def rows(text: str) -> list[tuple[str, str, str, str, tuple[str, ...]]]:
    return [(r.student, r.question, r.points_text, r.comment, r.items) for r in parse_manual(text, None)]


def test_one_row_changes_and_every_other_cell_column_the_bom_and_the_delimiter_stay():
    edited = edit_table(TABLE, "dupont_marie", "Q16", Cells("1,5", "schéma juste"), "fr")
    assert edited is not None and edited.startswith(
        BOM + "élève;question;points;commentaire;remarque perso\r\n"
    )
    assert (
        edited.splitlines()[1] == "dupont_marie;Q16;1,5;schéma juste;à rappeler"
    )  # the teacher's column kept
    assert rows(edited) == [
        ("dupont_marie", "Q16", "1,5", "schéma juste", ()),
        ("martin_lea", "Q16", "2", "très bien;\r\nsur deux lignes", ()),
        ("martin_lea", "Q14", "1,5", "privé : vu en classe", ()),
    ]


def test_items_add_the_grille_column_at_the_end_in_the_tables_language():
    edited = edit_table(TABLE, "martin_lea", "Q16", Cells("", "", ("horizon3", "schema")), "fr")
    lines = edited.splitlines()
    assert lines[0].endswith(";remarque perso;grille")
    assert rows(edited)[1] == ("martin_lea", "Q16", "", "", ("horizon3", "schema"))
    english = "student,question,points,comment\r\nleroy,Q16,,\r\n"
    assert edit_table(english, "leroy", "Q16", Cells("", "", ("right",)), "en").splitlines() == [
        "student,question,points,comment,rubric",
        "leroy,Q16,,,right",
    ]


def test_a_row_the_table_lacks_is_added_at_its_end_or_left_to_the_side_file():
    edited = edit_table(TABLE, "leroy_paul", "Q16", Cells("2"), "fr")
    assert edited.endswith("leroy_paul;Q16;2;;\r\n")
    assert edit_table(TABLE, "leroy_paul", "Q16", Cells("2"), "fr", append=False) is None


def test_a_tab_separated_table_without_a_bom_stays_so():
    table = "eleve\tquestion\tpoints\tcommentaire\ndupont_marie\tQ16\t\t\n"
    edited = edit_table(table, "dupont_marie", "Q16", Cells("2", "ok"), "fr")
    assert edited == "eleve\tquestion\tpoints\tcommentaire\r\ndupont_marie\tQ16\t2\tok\r\n"


def test_the_same_question_typed_twice_is_not_written():
    twice = TABLE + "martin_lea;Q16;1;\r\n"
    with pytest.raises(EditError) as refused:
        edit_table(twice, "martin_lea", "Q16", Cells("0"), "fr")
    assert refused.value.reason == "twice" and refused.value.values["detail"] == "3, 5"


def test_what_the_page_types_is_written_as_the_file_writes_it_and_read_back_as_typed():
    french = typed_cells("1.5", "  signe  oublié ", True, ("schema",), ";")
    assert french == Cells("1,5", "privé : signe oublié", ("schema",))
    assert typed_cells("1,5", "", False, (), ",").points == "1.5"
    formula = typed_cells("", "=HYPERLINK(\"http://x\")", False, (), ";")
    assert formula.comment.startswith(" =")  # a spreadsheet reads it as text
    edited = edit_table(TABLE, "dupont_marie", "Q16", formula, "fr")
    assert rows(edited)[0][3] == '=HYPERLINK("http://x")'  # and the grader as typed
    row = parse_manual(edit_table(TABLE, "dupont_marie", "Q16", french, "fr"), None)[0]
    assert row.private and row.shown_comment == "signe oublié" and cells_of(row) == french


def test_the_base_of_a_row_changes_with_any_of_its_cells():
    bases = {Cells().base, Cells("1").base, Cells("", "1").base, Cells("", "", ("a",)).base}
    assert len(bases) == 4 and Cells(" 1 ").base == Cells("1").base


def test_a_file_changed_on_disk_since_it_was_read_is_left_as_it_is(tmp_path):
    path = tmp_path / "manuel.csv"
    path.write_bytes(TABLE.encode())
    read = digest(path.read_bytes())
    in_spreadsheet = TABLE.replace("dupont_marie;Q16;;", "dupont_marie;Q16;2;")
    path.write_bytes(in_spreadsheet.encode())  # saved by a spreadsheet behind the page
    with pytest.raises(EditError) as refused:
        edit_file(path, read, "dupont_marie", "Q16", Cells("1"), "fr")
    assert refused.value.reason == "changed" and path.read_bytes() == in_spreadsheet.encode()
    written = edit_file(path, digest(in_spreadsheet.encode()), "martin_lea", "Q14", Cells("2"), "fr")
    assert written == digest(path.read_bytes())
    assert [r[2] for r in rows(path.read_text("utf-8"))] == ["2", "2", "2"]


def test_a_file_that_appeared_or_vanished_since_it_was_read_is_a_change(tmp_path):
    path = tmp_path / "manuel.nouveaux.csv"
    path.write_text("élève;question;points;commentaire\r\n", encoding="utf-8")
    with pytest.raises(EditError):
        edit_file(path, "", "leroy", "Q16", Cells("1"), "fr")
    with pytest.raises(EditError):
        edit_file(tmp_path / "gone.csv", digest(b"x"), "leroy", "Q16", Cells("1"), "fr")


def test_a_row_that_cannot_be_written_is_said_with_its_file_and_nothing_is_written(tmp_path):
    # What the marking page shows the teacher: the file's path, and what to do.
    path = tmp_path / "manuel.csv"
    twice = (TABLE + "martin_lea;Q16;1;\r\n").encode()
    path.write_bytes(twice)
    with pytest.raises(EditError) as refused:
        edit_file(path, digest(twice), "martin_lea", "Q16", Cells("0"), "fr")
    assert refused.value.why("fr") == (
        f"{path} donne cette question deux fois (lignes 3, 5) : corrigez le fichier, puis enregistrez ici."
    )
    assert (
        refused.value.why("en")
        == f"{path} gives this question twice (lines 3, 5): fix the file, then save here."
    )
    path.write_bytes(b"nom;note\r\ndupont;2\r\n")
    with pytest.raises(EditError) as refused:
        edit_file(path, digest(path.read_bytes()), "dupont", "Q16", Cells("1"), "en")
    assert refused.value.why("en") == f"{path}: columns are missing, nothing was written"
    assert refused.value.why("fr") == f"{path} : il manque des colonnes, rien n'a été écrit"
    with pytest.raises(EditError) as refused:
        edit_file(path, digest(twice), "dupont", "Q16", Cells("1"), "fr")
    assert refused.value.why("fr") == f"{path} a changé sur le disque depuis sa lecture : rien n'a été écrit"
    assert path.read_bytes() == b"nom;note\r\ndupont;2\r\n"


def test_a_student_whose_name_a_spreadsheet_would_run_is_written_as_text_and_found_again():
    table = "élève;question;points;commentaire\r\n"
    hostile = '=HYPERLINK("http://x";"clic")'
    added = edit_table(table, hostile, "Q16", Cells("1"), "fr")
    assert added.splitlines()[1].startswith("\"'=HYPERLINK")  # the grader's own text mark
    assert rows(added) == [(hostile, "Q16", "1", "", ())]
    again = edit_table(added, hostile, "Q16", Cells("2"), "fr")
    assert rows(again) == [(hostile, "Q16", "2", "", ())]  # the same row, not a second one


def test_a_name_with_a_space_around_it_has_its_own_row_on_the_page():
    """Red team: the page looked rows up by the name cell stripped, so `dupont_marie ` (a
    copy `dupont_marie .ipynb` beside `dupont_marie.ipynb`) never found its own row and
    `dupont_marie` found two (the second student's points written on the first's row, or
    a refusal `twice`)."""
    table = BOM + "élève;question;points;commentaire\r\ndupont_marie;Q16;;\r\ndupont_marie ;Q16;2;\r\n"
    edited = edit_table(table, "dupont_marie", "Q16", Cells("1"), "fr")
    assert rows(edited) == [("dupont_marie", "Q16", "1", "", ()), ("dupont_marie ", "Q16", "2", "", ())]
    edited = edit_table(table, "dupont_marie ", "Q16", Cells("0,5"), "fr")
    assert rows(edited) == [("dupont_marie", "Q16", "", "", ()), ("dupont_marie ", "Q16", "0,5", "", ())]
