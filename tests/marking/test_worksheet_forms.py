"""The worksheet's own form kept as Moodle wrote it, and worksheets Moodle writes in other
forms (tests kept from the first worksheet writer, issue 27; the importer's view of the filled
file is in tests/marking/test_moodle_worksheet.py). Columns as mod/assign/gradingtable.php
names them, in English and in French (the 3.11 language packs' strings)."""

from __future__ import annotations

import csv
import io

from grader.marking.exports import render_pronote
from grader.marking.moodle import Mark, fill_worksheet

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
    "Feedback par commentaires",
]


def worksheet(header: list[str], maximum: str = "20.00", bom: bool = False, newline: str = "\n") -> str:
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


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


MARKS = [Mark("Dupont Marie", "101", 14.5, 20, "Note : 14,5 / 20")]


def test_a_french_worksheet_keeps_its_decimal_comma_and_its_bom_and_line_ends():
    text = worksheet(FRENCH, maximum="20,00", bom=True, newline="\r\n")
    filled = fill_worksheet(text, MARKS)
    assert filled.text.startswith("\ufeff") and "\r\n" in filled.text
    assert rows(filled.text)[1][4] == "14,5"


def test_a_worksheet_without_feedback_comments_still_gets_the_grades():
    header = ENGLISH[:-1]
    text = "\n".join(",".join(r[: len(header)]) for r in rows(worksheet(ENGLISH))) + "\n"
    filled = fill_worksheet(text, MARKS)
    assert rows(filled.text)[1][4] == "14.5"


def test_the_identifier_column_is_found_by_its_values_in_another_language():
    german = ["ID", "Vollständiger Name", "E-Mail-Adresse", "Status", "Grade", "Maximum grade"]
    text = (
        "\n".join(",".join(german if i == 0 else r[:6]) for i, r in enumerate(rows(worksheet(ENGLISH))))
        + "\n"
    )
    assert rows(fill_worksheet(text, MARKS).text)[1][4] == "14.5"


def test_the_pronote_table_neutralises_a_formula_in_a_name():
    table = render_pronote(
        [
            Mark("Martin Léa", None, 9.75, 20, ""),
            Mark("=cmd|' /C calc'!A0", None, None, 20, ""),
            Mark("Dupont Marie", None, 14.5, 20, ""),
        ]
    )
    assert table.text.startswith("\ufeff")
    assert table.text.removeprefix("\ufeff").split("\r\n") == [
        "Élève;Note /20",
        "'=cmd|' /C calc'!A0;",
        "Dupont Marie;14,5",
        "Martin Léa;9,75",
        "",
    ]
