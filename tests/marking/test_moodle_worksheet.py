"""Moodle's offline grading worksheet filled by the grader and fed back to Moodle's importer
(re-stated in `tests/marking/moodle_site.py`, each rule with the PHP it follows), in French and
in English: every student with a copy gets their own mark, homonyms included, a student
without a copy nothing; a second upload in a French Moodle updates what the teacher changed
and still protects a grade changed in Moodle since the download (issue 36)."""

import csv
import io

import pytest

from grader.marking.moodle import Mark, WorksheetError, fill_worksheet, strtotime_form
from tests.marking.moodle_site import (
    CsvWeirdColumns,
    Participant,
    import_worksheet,
    load_csv_content,
    strtotime,
    worksheet,
)

T0 = 1_795_000_000  # the first upload (2026-11-19)
DOWNLOAD = T0 + 86_400  # the worksheet downloaded again a day later


def site() -> list[Participant]:
    return [
        Participant(6502301, "Léa Martin"),
        Participant(6502302, "Lucas Bernard"),
        Participant(6502303, "Marie Dupont"),
        Participant(6502304, "Lucas Bernard", has_copy=False),  # a homonym who handed nothing in
    ]


def marks_of(*pairs: tuple[str, str, float | None]) -> list[Mark]:
    return [Mark(name, number, mark, 20, f"Note : {mark} / 20") for name, number, mark in pairs]


COPIES = marks_of(
    ("Léa Martin", "6502301", 17.5),
    ("Lucas Bernard (6502302)", "6502302", 14.5),  # the run tells the homonyms apart by number
    ("Marie Dupont", "6502303", 9.0),
)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_student_with_a_copy_gets_their_own_mark_and_no_one_else(lang):
    text = worksheet(site(), lang, downloaded=DOWNLOAD)
    filled = fill_worksheet(text, COPIES)
    imported = import_worksheet(filled.text, site(), lang)
    assert imported.grades == {6502301: 17.5, 6502302: 14.5, 6502303: 9.0}
    assert set(imported.feedbacks) == {6502301, 6502302, 6502303}
    assert filled.without_copy == ["Lucas Bernard"] and not filled.conflicts


def test_a_name_alone_fitting_two_rows_fills_neither():
    """Issue 36: a Lucas Bernard who handed nothing in got the other Lucas Bernard's mark."""
    filled = fill_worksheet(
        worksheet(site(), "fr", downloaded=DOWNLOAD), marks_of(("bernard_lucas", None, 14.5))
    )
    imported = import_worksheet(filled.text, site(), "fr")
    assert imported.grades == {} and filled.conflicts == ["bernard_lucas"]


def test_a_second_upload_in_a_french_moodle_updates_the_grades_and_protects_a_newer_one():
    """Issue 36: the importer reads `Dernière modification (note)` with strtotime, which reads a
    French date as false: every row with a grade was skipped, silently."""
    graded = site()
    for p, mark in zip(graded, (17.5, 14.5, 9.0), strict=False):
        p.grade, p.timemarked = mark, T0
    text = worksheet(graded, "fr", downloaded=DOWNLOAD)
    graded[2].timemarked = DOWNLOAD + 3_600  # Marie's grade changed in Moodle after the download
    graded[2].grade = 11.0
    again = marks_of(("Léa Martin", "6502301", 18.0), ("Lucas Bernard (6502302)", "6502302", 15.5))
    again += marks_of(("Marie Dupont", "6502303", 9.5))
    # as the worksheet is downloaded, Moodle itself skips every row (the bug)
    unchanged = fill_worksheet(text, [])
    assert import_worksheet(unchanged.text.replace("9,00", "9,50"), graded, "fr").grades == {}
    filled = fill_worksheet(text, again)
    assert filled.dates == 3
    imported = import_worksheet(filled.text, graded, "fr")
    assert imported.grades == {6502301: 18.0, 6502302: 15.5}  # Marie's newer 11 is protected
    assert 6502303 not in imported.feedbacks


def test_the_rewritten_date_is_the_same_minute():
    assert strtotime_form("mercredi 25 novembre 2026, 18:03") == "2026-11-25 18:03"
    assert strtotime_form("jeudi 5 février 2026, 08:07") == "2026-02-05 08:07"
    assert strtotime(strtotime_form("mercredi 25 novembre 2026, 18:03")) == strtotime(
        "Wednesday, 25 November 2026, 6:03 PM"
    )
    for cell in ("-", "Wednesday, 25 November 2026, 6:03 PM", ""):
        assert strtotime_form(cell) == cell


def test_a_row_whose_grade_cannot_be_changed_is_said_not_counted():
    locked = site()
    locked[0].disabled = True
    filled = fill_worksheet(worksheet(locked, "fr", downloaded=DOWNLOAD), COPIES)
    assert filled.refused == ["Léa Martin"] and "Léa Martin" not in filled.filled
    assert 6502301 not in import_worksheet(filled.text, locked, "fr").grades


def test_a_feedback_ending_in_a_backslash_keeps_the_file_readable_by_moodle():
    """PHP's fgetcsv reads `"…\\"` as an escaped quote: the row loses a column and Moodle
    refuses the whole upload ("csvweirdcolumns"), as it did the cell the grader wrote before."""
    feedback = "Note : 17,5 / 20\nQ16 : voir C:\\"
    raw = worksheet(site(), "fr", downloaded=DOWNLOAD)
    before = rows(raw)
    before[1][9] = "<br>".join(feedback.splitlines())  # what the grader wrote before
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(before)
    with pytest.raises(CsvWeirdColumns):
        load_csv_content(out.getvalue())
    filled = fill_worksheet(raw, [Mark("Léa Martin", "6502301", 17.5, 20, feedback)])
    assert (
        import_worksheet(filled.text, site(), "fr").feedbacks[6502301]
        == "Note : 17,5 / 20<br>Q16 : voir C:&#92;"
    )


def test_blind_marking_matches_by_number_and_a_name_that_disagrees_is_refused():
    copies = [Mark("Participant", "6502301", 12.0, 20, ""), Mark("Eve Attaque", "6502303", 20.0, 20, "")]
    filled = fill_worksheet(worksheet(site(), "en", downloaded=DOWNLOAD), copies)
    assert import_worksheet(filled.text, site(), "en").grades == {6502301: 12.0}
    assert filled.conflicts == ["Eve Attaque"]


def test_a_copy_the_class_list_does_not_take_goes_to_no_row():
    off = [Mark("Léa Martin", "6502301", 12.0, 20, "", listed=False)]
    filled = fill_worksheet(worksheet(site(), "en", downloaded=DOWNLOAD), off)
    assert filled.filled == [] and import_worksheet(filled.text, site(), "en").grades == {}


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def test_every_other_cell_the_header_and_the_order_stay_as_they_were():
    text = worksheet(site(), "fr", downloaded=DOWNLOAD)
    filled = fill_worksheet(text, COPIES)
    before, after = rows(text), rows(filled.text)
    assert after[0] == before[0] and len(after) == len(before) and filled.text.startswith("\ufeff")
    assert [r[0] for r in after] == [r[0] for r in before]
    assert after[1][4] == "17,5" and after[4] == before[4]
    assert after[1][:4] + after[1][5:8] == before[1][:4] + before[1][5:8]


def test_the_grade_is_put_on_the_worksheets_scale():
    text = worksheet(site(), "en", maximum=100.0, downloaded=DOWNLOAD)
    filled = fill_worksheet(text, [Mark("Léa Martin", "6502301", 14.5, 20, "")])
    assert rows(filled.text)[1][4] == "72.5"
    assert import_worksheet(filled.text, site(), "en", maximum=100.0).grades == {6502301: 72.5}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("Nom,Prénom,Moyenne\nDupont,Marie,12\n", "columns"),
        ('Identifier,Full name,Grade,Scale\nParticipant 1,A B,,"Bad\nGood"\n', "scale"),
    ],
)
def test_a_file_that_is_not_a_points_worksheet_is_refused(text, reason):
    with pytest.raises(WorksheetError) as refused:
        fill_worksheet(text, COPIES)
    assert refused.value.reason == reason
