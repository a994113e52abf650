"""The marks into Moodle's offline grading worksheet and a table for Pronote, with the
worksheets as Moodle writes them (columns of mod/assign/gradingtable.php, in English and
in French) and a teacher's copies laid out as "Download all submissions" names them."""

import csv
import io

import pytest

from grader.marking.exports import Mark, WorksheetError, fill_worksheet, render_pronote, same_person

ENGLISH = [
    "Identifier",
    "Full name",
    "Email address",
    "Status",
    "Grade",
    "Maximum grade",
    "Grade can be changed",
    "Last modified (submission)",
    "Last modified (grade)",
    "Feedback comments",
]
FRENCH = [
    "Identifiant",
    "Nom complet",
    "Adresse de courriel",
    "Statut",
    "Note",
    "Note maximale",
    "La note peut être modifiée",
    "Dernière modification (travail remis)",
    "Dernière modification (note)",
    "Commentaires de feedback",
]


def worksheet(header, maximum="20.00", bom=False, newline="\n"):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=newline)
    writer.writerow(header)
    for number, name in ((101, "Marie Dupont"), (102, "Léa Martin"), (103, "Jean Durand")):
        writer.writerow(
            [
                f"Participant {number}",
                name,
                f"{number}@lycee.fr",
                "Submitted for grading",
                "",
                maximum,
                "Yes",
                "Thursday, 27 November 2026, 10:12 AM",
                "-",
                "",
            ]
        )
    return ("\ufeff" if bom else "") + out.getvalue()


def rows(text):
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


MARKS = [
    Mark("Dupont Marie", "101", 14.5, 20, "Note : 14,5 / 20\nÀ revoir : Q14 <sic>"),
    Mark("Martin Léa", "102", None, 20, "non corrigée"),
    Mark("Leroy Paul", "999", 12, 20, "…"),
]


def test_the_worksheet_is_filled_where_a_copy_matches_and_left_as_it_was_elsewhere():
    text = worksheet(ENGLISH)
    filled = fill_worksheet(text, MARKS)
    before, after = rows(text), rows(filled.text)
    assert after[0] == before[0] and len(after) == len(before)
    assert after[1][4] == "14.5" and after[1][9] == "Note : 14,5 / 20<br>À revoir : Q14 &lt;sic&gt;"
    assert after[1][:4] + after[1][5:9] == before[1][:4] + before[1][5:9]  # every other cell untouched
    assert after[2] == before[2] and after[3] == before[3]  # no mark, no copy: untouched
    assert (
        filled.filled == ["Dupont Marie"]
        and filled.no_mark == ["Martin Léa"]
        and filled.unmatched == ["Leroy Paul"]
    )


def test_a_french_worksheet_keeps_its_decimal_comma_and_its_bom_and_line_ends():
    text = worksheet(FRENCH, maximum="20,00", bom=True, newline="\r\n")
    filled = fill_worksheet(text, MARKS)
    assert filled.text.startswith("\ufeff") and "\r\n" in filled.text
    assert rows(filled.text)[1][4] == "14,5"


def test_the_grade_is_put_on_the_worksheets_scale():
    filled = fill_worksheet(worksheet(ENGLISH, maximum="100.00"), [Mark("Dupont Marie", "101", 14.5, 20, "")])
    assert rows(filled.text)[1][4] == "72.5"
    out_of_ten = fill_worksheet(
        worksheet(ENGLISH, maximum="10.00"), [Mark("Dupont Marie", "101", 7.25, 10, "")]
    )
    assert rows(out_of_ten.text)[1][4] == "7.25"


def test_without_participant_numbers_the_full_name_matches_in_any_order_and_case():
    filled = fill_worksheet(
        worksheet(ENGLISH), [Mark("dupont_marie", None, 11, 20, ""), Mark("LEA MARTIN", None, 9, 20, "")]
    )
    assert [r[4] for r in rows(filled.text)[1:]] == ["11", "9", ""]
    assert same_person("Élodie Dupré", "dupre elodie") and not same_person("Marie Dupont", "Marie Durand")


def test_a_worksheet_without_feedback_comments_still_gets_the_grades():
    header = ENGLISH[:-1]
    text = "\n".join(",".join(r[: len(header)]) for r in rows(worksheet(ENGLISH))) + "\n"
    filled = fill_worksheet(text, MARKS)
    assert not filled.feedback_column and rows(filled.text)[1][4] == "14.5"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("Nom,Prénom,Moyenne\nDupont,Marie,12\n", "columns"),
        ("Identifier,Full name,Grade,Scale\nParticipant 1,A B,,\"Bad\nGood\"\n", "scale"),
    ],
)
def test_a_file_that_is_not_a_points_worksheet_is_refused(text, reason):
    with pytest.raises(WorksheetError) as refused:
        fill_worksheet(text, MARKS)
    assert refused.value.reason == reason


def test_the_identifier_column_is_found_by_its_values_in_another_language():
    german = ["ID", "Vollständiger Name", "E-Mail-Adresse", "Status", "Grade", "Maximum grade"]
    text = (
        "\n".join(",".join(german if i == 0 else r[:6]) for i, r in enumerate(rows(worksheet(ENGLISH))))
        + "\n"
    )
    assert rows(fill_worksheet(text, MARKS).text)[1][4] == "14.5"


def test_the_pronote_table_lists_marks_in_class_list_order_in_french_spreadsheet_style():
    text = render_pronote(
        [
            Mark("Martin Léa", None, 9.75, 20, ""),
            Mark("=cmd|' /C calc'!A0", None, None, 20, ""),
            Mark("Dupont Marie", None, 14.5, 20, ""),
        ]
    )
    assert text.startswith("\ufeff")
    assert text.removeprefix("\ufeff").split("\r\n") == [
        "Élève;Note /20",
        "'=cmd|' /C calc'!A0;",
        "Dupont Marie;14,5",
        "Martin Léa;9,75",
        "",
    ]
