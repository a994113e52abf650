"""Issue 32 (5): every report is inert for the characters a terminal, a spreadsheet or a
browser acts on without showing them. A student names their folder, their file, their
exception and what they print with right-to-left overrides, isolates and zero-width
characters (U+202E before `fdp.exe` shows `exe.pdf`; U+200B inside `ab` hides): every report shows them
escaped, as it shows control characters, and the JSON reports keep the text's meaning."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest

from grader.model.results import (
    CellOutcome,
    CheckResult,
    CheckStatus,
    Evidence,
    QuestionResult,
    QuestionStatus,
    SubmissionResult,
)
from grader.model.text import Text
from grader.render.annotations import render_annotations
from grader.render.csv_report import render_csv
from grader.render.gradescope import render_gradescope
from grader.render.html_report import write_html
from grader.render.json_report import render_json
from grader.render.junit_report import render_junit
from grader.render.sanitize import json_text_safe, safe_cell, safe_line, safe_text
from grader.render.terminal import render_submission, render_summary
from grader.render.vpl import render_vpl
from grader.sandbox.confine.isolation import Isolation

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
MARKS = ["\u200e", "\u200f", "\u061c"]
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]
INVISIBLE = BIDI + MARKS + ZERO_WIDTH
RAW = re.compile("[" + "".join(INVISIBLE) + "]")
SPOOF = "".join(INVISIBLE) + "\u202efdp.exe"
"""What a hostile student puts in every text it controls."""


def hostile_result(student: str = "=1+1" + SPOOF, path: str = f"rendus/{SPOOF}/td.ipynb") -> SubmissionResult:
    failing = CheckResult(
        "values",
        Text("valeurs", "values"),
        1.0,
        CheckStatus.FAILED,
        evidence=Evidence(call=f"f({SPOOF!r})", expected="1", obtained=SPOOF, board=SPOOF),
    )
    question = QuestionResult("Q1", "f", 1.0, QuestionStatus.FAILED, checks=[failing])
    cell = CellOutcome(1, "cellule 1", ok=False, error="ValueError", message=SPOOF, first_line=SPOOF)
    return SubmissionResult(
        path,
        "puissance4",
        "graded",
        kind="notebook",
        questions=[question],
        cells=[cell],
        student=student,
        printed=SPOOF,
        isolation=Isolation.BUBBLEWRAP,
    )


@pytest.mark.parametrize("char", INVISIBLE)
def test_each_invisible_character_is_escaped_like_a_control_character(char):
    for safe in (safe_text, safe_line, safe_cell):
        text = safe("a" + char + "b")
        assert char not in text and f"\\u{ord(char):04x}" in text, (safe, char)
    encoded = json_text_safe(json.dumps({"x": char}, ensure_ascii=False))
    assert char not in encoded and json.loads(encoded) == {"x": char}


def test_the_grader_own_french_typography_is_kept():
    # Narrow no-break spaces and the guard sign are the grader's, not student text.
    assert safe_text("Total\u202f: 20\u00a0/ 20 › ok") == "Total\u202f: 20\u00a0/ 20 › ok"


def test_terminal_reports_are_inert():
    result = hostile_result()
    for text in (render_submission(result, "fr"), render_summary([result, hostile_result()], "en")):
        assert not RAW.search(text), text


def test_json_report_keeps_the_names_and_shows_no_raw_character():
    result = hostile_result()
    text = render_json([result], "fr")
    assert not RAW.search(text)
    report = json.loads(text)["submissions"][0]
    assert report["path"] == result.path


def test_csv_cells_are_inert_and_never_formulas():
    text = render_csv([hostile_result(), hostile_result(student="@SUM(A1)")], "fr")
    assert not RAW.search(text.lstrip("\ufeff"))
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    for row in rows[1:]:
        for cell in row[:4]:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


def test_junit_is_inert_and_well_formed():
    text = render_junit([hostile_result()], "en")
    assert not RAW.search(text)
    ET.fromstring(text.encode("utf-8"))


def test_html_pages_are_inert(tmp_path):
    write_html([hostile_result()], tmp_path, "fr")
    pages = list(tmp_path.glob("*.html"))
    assert pages
    for page in pages:
        assert not RAW.search(page.read_text("utf-8")), page.name


def test_vpl_gradescope_and_annotations_are_inert():
    result = hostile_result()
    for text in (
        render_vpl(result, "fr"),
        render_gradescope(result, "fr"),
        render_annotations([result], "fr"),
    ):
        assert not RAW.search(text), text
    not_graded = SubmissionResult(f"x/{SPOOF}.py", None, "not_gradable", reason="grader_error", detail=SPOOF)
    for text in (render_vpl(not_graded, "en"), render_gradescope(not_graded, "en")):
        assert not RAW.search(text), text
