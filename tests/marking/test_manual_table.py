"""The manual points table as a teacher edits it: in Excel (`;`, decimal comma, BOM) or
a text editor, with mistakes; the grader never writes over what was typed."""

import pytest

from grader.marking.manual import (
    ManualFileError,
    ManualRow,
    Slot,
    check_rows,
    parse_manual,
    parse_points,
    prepare,
    read_manual,
    side_file,
)

SLOTS = {
    "dupont_marie": {"Q14": Slot(2.0, False), "Q16": Slot(2.0, True)},
    "martin_lea": {"Q14": Slot(2.0, False), "Q16": Slot(2.0, True)},
}


def test_the_table_is_created_once_in_the_dialect_of_the_language(tmp_path):
    path = tmp_path / "manuel.csv"
    done, sources = prepare(path, ["dupont_marie", "martin_lea"], ["Q16"], "fr")
    assert done.created
    raw = path.read_bytes()
    assert raw.startswith("\ufeff".encode()) and b"\r\n" in raw
    assert raw.decode("utf-8-sig").splitlines() == [
        "élève;question;points;commentaire",
        "dupont_marie;Q16;;",
        "martin_lea;Q16;;",
    ]
    assert [r.student for r in sources[0][1]] == ["dupont_marie", "martin_lea"]
    english = tmp_path / "manual.csv"
    prepare(english, ["dupont_marie"], ["Q16"], "en")
    assert english.read_text("utf-8-sig").splitlines()[0] == "student,question,points,comment"


def test_what_the_teacher_typed_is_read_and_never_rewritten(tmp_path):
    path = tmp_path / "manuel.csv"
    typed = (
        "\ufeffélève;question;points;commentaire\r\n"
        "dupont_marie;Q16;1,5;bien vu\r\n"
        "martin_lea;Q14;2;privé : recopié ?\r\n"
    )
    path.write_bytes(typed.encode())
    done, sources = prepare(path, ["dupont_marie", "martin_lea", "leroy"], ["Q16"], "fr")
    assert path.read_bytes() == typed.encode()  # untouched
    assert not done.created and done.side_written == 1
    assert side_file(path).read_text("utf-8-sig").splitlines() == [
        "élève;question;points;commentaire",
        "leroy;Q16;;",
    ]
    marks = check_rows(sources, SLOTS)
    assert marks.rows["dupont_marie"]["Q16"].points == 1.5
    override = marks.rows["martin_lea"]["Q14"]
    assert override.points == 2 and override.private
    assert marks.refused == []


def test_the_side_file_is_left_alone_once_typed_in_and_read_too(tmp_path):
    path = tmp_path / "manuel.csv"
    path.write_text("élève;question;points;commentaire\ndupont_marie;Q16;1;\n", encoding="utf-8")
    side = side_file(path)
    side.write_text("élève;question;points;commentaire\nmartin_lea;Q16;2;\n", encoding="utf-8")
    done, sources = prepare(path, ["dupont_marie", "martin_lea", "leroy"], ["Q16"], "fr")
    assert done.side_kept and done.missing == ("leroy",)
    assert side.read_text("utf-8") == "élève;question;points;commentaire\nmartin_lea;Q16;2;\n"
    assert check_rows(sources, SLOTS).rows["martin_lea"]["Q16"].points == 2


def test_a_row_moved_from_the_side_file_into_the_table_counts_once(tmp_path):
    table = [ManualRow(2, "martin_lea", "Q16", "2", "")]
    side = [ManualRow(2, "martin_lea", "Q16", "1", "")]
    marks = check_rows([(tmp_path / "t.csv", table), (tmp_path / "s.csv", side)], SLOTS)
    assert marks.rows["martin_lea"]["Q16"].points == 2 and marks.refused == []


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        ("inconnu;Q16;1;", "student"),
        ("dupont_marie;Q99;1;", "question"),
        ("dupont_marie;Q16;un;", "number"),
        ("dupont_marie;Q16;3;", "range"),
        ("dupont_marie;Q16;-1;", "range"),
        ("dupont_marie;;1;", "no_question"),
    ],
)
def test_a_row_that_cannot_apply_is_listed_and_not_applied(tmp_path, row, reason):
    rows = parse_manual(f"élève;question;points;commentaire\n{row}\n", tmp_path / "m.csv")
    marks = check_rows([(tmp_path / "m.csv", rows)], SLOTS)
    assert [r.reason for r in marks.refused] == [reason] and marks.rows == {}
    assert marks.refused[0].row.line == 2


def test_the_same_question_twice_keeps_the_first_and_lists_the_second(tmp_path):
    text = "élève;question;points;commentaire\ndupont_marie;Q16;1;\ndupont_marie;Q16;2;\n"
    marks = check_rows([(tmp_path / "m.csv", parse_manual(text, tmp_path / "m.csv"))], SLOTS)
    assert marks.rows["dupont_marie"]["Q16"].points == 1
    assert [(r.reason, r.detail, r.row.line) for r in marks.refused] == [("twice", "2", 3)]


def test_a_comment_without_points_or_question_is_kept(tmp_path):
    text = "élève;question;points;commentaire\ndupont_marie;;;Bon travail\ndupont_marie;Q14;;regarder la diagonale\n"
    marks = check_rows([(tmp_path / "m.csv", parse_manual(text, tmp_path / "m.csv"))], SLOTS)
    whole_copy = marks.rows["dupont_marie"][""]
    assert whole_copy.shown_comment == "Bon travail" and not whole_copy.private
    assert marks.rows["dupont_marie"]["Q14"].points is None


def test_any_spreadsheet_dialect_is_read(tmp_path):
    for text in (
        "student,question,points,comment\r\ndupont_marie,Q16,1.5,\"ok, good\"\r\n",
        "Élève\tQuestion\tPoints\tCommentaire\ndupont_marie\tQ16\t1,5\t\n",
        "\ufeffélève;question;points;commentaire\ndupont_marie;Q16; 1,5 ;\n",
    ):
        path = tmp_path / "m.csv"
        path.write_text(text, encoding="utf-8")
        (row,) = read_manual(path)
        assert (row.student, row.question, parse_points(row.points_text)) == ("dupont_marie", "Q16", 1.5)
    path.write_bytes("élève;question;points;commentaire\ndupont_marie;Q16;1;très bien\n".encode("cp1252"))
    assert read_manual(path)[0].comment == "très bien"  # saved as "CSV (Windows)"


def test_a_file_without_the_columns_is_refused_whole(tmp_path):
    with pytest.raises(ManualFileError) as refused:
        parse_manual("nom;note\ndupont;12\n", tmp_path / "m.csv")
    assert "élève, question, points, commentaire" in refused.value.why("fr")


HOSTILE = [
    '=HYPERLINK("http://x","clic")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+33 6",
    "-y",
    "\t=1",
    "'=déjà",
    "Léa",
]


def test_no_cell_of_the_table_runs_in_a_spreadsheet_and_every_student_reads_back(tmp_path):
    """Issue 40: folder names like `=HYPERLINK(…)` or `@SUM(…)*cmd|…` were written as they
    are in the table the teacher opens in Excel. OWASP's rule: a leading `'` before `=`, `+`,
    `-`, `@`, tab and CR; the table reads its own cells back as the same students."""
    path = tmp_path / "manuel.csv"
    prepare(path, HOSTILE, ["Q16"], "fr")
    import csv
    import io

    cells = [row[0] for row in csv.reader(io.StringIO(path.read_text("utf-8-sig")), delimiter=";")][1:]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells)
    assert cells[:5] == ["'" + name for name in HOSTILE[:5]] and cells[5] == "''=déjà" and cells[6] == "Léa"
    assert [row.student for row in read_manual(path)] == HOSTILE
    # saved again by a spreadsheet that drops the text mark (the cell's value is the text)
    saved = path.read_text("utf-8-sig").replace(";'", ";").replace("\r\n'", "\r\n")
    saved = "\n".join(line[1:] if line.startswith("'") else line for line in saved.split("\r\n"))
    (tmp_path / "enregistré.csv").write_text(saved, "utf-8")
    assert [row.student for row in read_manual(tmp_path / "enregistré.csv")][:5] == HOSTILE[:5]


def test_a_name_with_a_space_around_it_is_its_own_student_in_the_table(tmp_path):
    """Red team: copies `dupont_marie.ipynb` and `dupont_marie .ipynb` (a file at the top
    of the class folder is a student named after its stem) are two students and the table
    lists both, but the reader stripped the name cell: the 2 points typed on the second's
    row went to the first (20 / 20 instead of 18), the second got none."""
    path = tmp_path / "manuel.csv"
    prepare(path, ["dupont_marie", "dupont_marie ", " martin_lea"], ["Q16"], "fr")
    typed = path.read_text("utf-8-sig").replace("dupont_marie ;Q16;;", "dupont_marie ;Q16;2;pour Eve")
    path.write_text(typed.replace(" martin_lea;Q16;;", " martin_lea;Q16;1;"), "utf-8-sig")
    slots = {
        name: {"Q16": Slot(2.0, True)}
        for name in ("dupont_marie", "dupont_marie ", "martin_lea", " martin_lea")
    }
    marks = check_rows([(path, read_manual(path))], slots)
    assert marks.refused == [] and set(marks.rows) == {"dupont_marie ", " martin_lea"}
    assert marks.rows["dupont_marie "]["Q16"].points == 2 and marks.rows[" martin_lea"]["Q16"].points == 1
