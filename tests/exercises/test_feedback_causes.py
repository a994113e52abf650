"""Feedback that names the real cause (issue 29, item 5, the exercises' part): a pair
returned the other way round, object-oriented code that compiles (the morpion cases:
tests/exercises/test_morpion_board.py). Each case is a one-line change of a right program, graded
in this process."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from grader.model.results import CheckStatus
from tests.exercises.test_checks_in_process import grade_source

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SWAPPED = "la valeur et la colonne sont inversées"


def _swapped_searches() -> str:
    source = (FIXTURES / "puissance4" / "correct_module.py").read_text("utf-8")
    start, end = source.index("def maximin(jeu, n):"), source.index("def maximin_alpha_beta(")
    searches = source[start:end]
    for old, new in (
        ("return None, heuristique(jeu)", "return heuristique(jeu), None"),
        ("return col, math.inf", "return math.inf, col"),
        ("return col, -math.inf", "return -math.inf, col"),
        ("return colmax, hmax", "return hmax, colmax"),
        ("return colmin, hmin", "return hmin, colmin"),
        ("minimax(jeu_suivant, n - 1)[1]", "minimax(jeu_suivant, n - 1)[0]"),
        ("maximin(jeu_suivant, n - 1)[1]", "maximin(jeu_suivant, n - 1)[0]"),
    ):
        assert old in searches
        searches = searches.replace(old, new)
    return source[:start] + searches + source[end:]


def test_a_pair_returned_the_other_way_round_is_said_to_be_swapped():
    checks = {c.name: c for c in grade_source("puissance4", _swapped_searches(), only="Q15")["Q15"].checks}
    for name in ("sheet_pairs", "maximin_random", "minimax_random", "leaves", "immediate_win"):
        assert checks[name].status is CheckStatus.FAILED, name
        assert SWAPPED in checks[name].evidence.note.fr, name
        assert "the value and the column are swapped" in checks[name].evidence.note.en
    sheet = checks["sheet_pairs"].evidence
    assert (sheet.call, sheet.expected, sheet.obtained) == ("maximin(jeu1, 1)", "(3, 15)", "(15, 3)")


def test_a_wrong_value_is_not_taken_for_a_swapped_pair():
    source = (FIXTURES / "puissance4" / "correct_module.py").read_text("utf-8")
    source = source.replace("            return col, math.inf\n", "            return col, 1000\n", 1)
    checks = {c.name: c for c in grade_source("puissance4", source, only="Q15")["Q15"].checks}
    assert checks["immediate_win"].status is CheckStatus.FAILED
    assert SWAPPED not in checks["immediate_win"].evidence.note.fr


def test_the_recognised_from_text_notes_exist_in_both_languages():
    from grader.render.text import tr

    for key in (
        "recognised_from_text",
        "recognised_from_text_plain",
        "recognised_from_text_called",
        "recognised_from_calls",
    ):
        entry = tr.entry(key)
        assert entry.fr and entry.en
        assert "chaque fonction est comptée absente" not in entry.fr  # the functions that run are graded


def _not_counted_copy():
    """A copy whose Q15 has a value-free property not counted: maximin returns
    (valeur, colonne), so no value check of maximin passes while 'unchanged' holds."""
    from grader.model.results import SubmissionResult

    q15 = grade_source("puissance4", _swapped_searches(), only="Q15")["Q15"]
    result = SubmissionResult("copie.py", "puissance4", "graded", questions=[q15], kind="module")
    return result, q15


def test_a_value_free_property_not_counted_has_its_own_mark_and_no_call():
    from grader.render.feedback import question_feedback

    _, q15 = _not_counted_copy()
    unchanged = next(c for c in q15.checks if c.name == "unchanged")
    assert (unchanged.status, unchanged.score) == (CheckStatus.NOT_COUNTED, 0.0)
    assert q15.score == 0 and q15.status.value == "failed"
    for lang, mark, words in (
        (
            "fr",
            "(pas encore comptée, 0,25 pt)",
            "comptée dès qu'une vérification de valeur de maximin passera",
        ),
        ("en", "(not counted yet, 0.25 pt)", "it counts once a value check of maximin passes"),
    ):
        text = question_feedback(q15, lang)
        block = text[text.index("○ ") :].splitlines()
        assert block[0].endswith(mark), block[0]
        assert len(block) == 2 and words in block[1], block  # one line of explanation, nothing else
        assert not any(w in text for w in ("au moins une valeur juste", "at least one right value"))
        assert text.count("○") == 1 and "✗" in text  # the value checks still fail, marked ✗


def test_every_report_handles_a_check_not_counted():
    import json
    import xml.etree.ElementTree as ET

    from grader.render.annotations import render_annotations
    from grader.render.gradescope import render_gradescope
    from grader.render.html_report import submission_page
    from grader.render.json_report import render_json
    from grader.render.junit_report import render_junit
    from grader.render.terminal import render_submission
    from grader.render.vpl import render_vpl

    result, _ = _not_counted_copy()
    checks = json.loads(render_json([result], "fr"))["submissions"][0]["questions"][0]["checks"]
    unchanged = next(c for c in checks if c["name"] == "unchanged")
    assert (unchanged["status"], unchanged["score"]) == ("not_counted", 0.0)
    assert unchanged["message"].startswith("propriété vérifiée") and "Appel" not in unchanged["message"]
    assert "○ " in render_submission(result, "fr") and "(pas encore comptée" in render_submission(
        result, "fr"
    )
    page = submission_page(result, "en")
    assert '<span class="not-counted">○</span>' in page and "not counted yet" in page
    # JUnit reports questions: Q15 lost points, a failure whose text marks the property ○
    case = ET.fromstring(render_junit([result], "fr")).find(".//testcase")
    assert case is not None and case.find("failure") is not None and case.find("skipped") is None
    assert "○ " in (case.find("failure").text or "")  # type: ignore[union-attr]
    assert "○ " in render_vpl(result, "fr") and "(not counted yet" in render_vpl(result, "en")
    assert "○ " in json.loads(render_gradescope(result, "fr"))["tests"][0]["output"]
    assert "pas encore comptée" in render_annotations([result], "fr")


def test_a_submission_of_no_known_td_is_told_the_closest_one():
    import json

    from grader.model.results import SubmissionResult
    from grader.render.feedback import not_gradable_reason
    from grader.render.json_report import render_json

    result = SubmissionResult("tp.ipynb", None, "not_gradable", reason="unknown_exercise", closest="morpion")
    assert not_gradable_reason(result, "fr").startswith(
        "exercice non reconnu ; le plus proche : morpion (titre) — "
    )
    assert not_gradable_reason(result, "en").startswith(
        "exercise not recognised; the closest: morpion (title) — "
    )
    (sub,) = json.loads(render_json([result], "fr"))["submissions"]
    assert (sub["exercise"], sub["reason"], sub["closest"]) == (
        None,
        "unknown_exercise",
        {"exercise": "morpion", "names": []},
    )
    result = dataclasses.replace(result, closest="domineering", closest_names=("placer",))
    assert "le plus proche : domineering (noms : placer)" in not_gradable_reason(result, "fr")
    bare = SubmissionResult("tp.ipynb", None, "not_gradable", reason="unknown_exercise")
    assert not_gradable_reason(bare, "fr") == "impossible de reconnaître le TD (précisez-le avec --exercise)"
    assert "closest" not in json.loads(render_json([bare], "fr"))["submissions"][0]


def test_the_names_a_cell_defines_are_read_from_its_tree_or_its_text():
    from grader.reading.unreached import defined_by

    source = (
        "assert f(0) == 1\nimport random as rd, os.path\nfrom math import inf\nx, (y, z) = 1, (2, 3)\n"
        "v[i] = 0\nn: int = 3\ncompteur += 1\nfor k in range(3):\n    w = k\nif x:\n    def g():\n        u = 1\n"
        "else:\n    class C:\n        t = 2\ntry:\n    a = 1\nexcept ValueError:\n    b = 2\n"
    )
    assert defined_by(source) == [
        "rd",
        "os",
        "inf",
        "x",
        "y",
        "z",
        "n",
        "compteur",
        "k",
        "w",
        "g",
        "C",
        "a",
        "b",
    ]
    assert defined_by("def jouer_colonne(jeu, joueur, col):\n    #to_do\nL = #to_do\n") == [
        "L",
        "jouer_colonne",
    ]


def test_a_missing_name_defined_in_a_cell_that_stopped_says_where_and_why():
    from grader.model.results import CellOutcome, CellStatus, Place, PlaceKind, QuestionResult, QuestionStatus
    from grader.reading.submission import Cell
    from grader.reading.unreached import unreached
    from grader.render.feedback import question_remarks

    def cell(index: int, code_cell: int, source: str) -> Cell:
        place = Place(
            PlaceKind.CELL, index, code_cell=code_cell, opening=source.splitlines()[0], source=source
        )
        return Cell(index, source, f"cellule {index}", place)

    cells = [
        cell(
            7,
            6,
            "assert colonnes_jouables(jeu) == range(ncols)\ndef jouer_colonne(jeu, joueur, col):\n    pass\n",
        ),
        cell(9, 8, "def f(:\n    pass\ndef dejouer_colonne(jeu, col):\n    pass\n"),
        cell(11, 10, "while True:\n    pass\ninit = 0\n"),
        cell(12, 11, "copie = 1\n"),
        cell(13, 12, "jeu2 = initialiser_jeu(L1)\nprochain_joueur = 2\n"),
    ]
    outcomes = [
        CellOutcome(7, "cellule 7", ok=False, error="AssertionError", line=1),
        CellOutcome(9, "cellule 9", ok=False, error="SyntaxError", line=1),
        CellOutcome(11, "cellule 11", ok=False, status=CellStatus.TIMEOUT),
        CellOutcome(12, "cellule 12", ok=False, status=CellStatus.SKIPPED),
        CellOutcome(13, "cellule 13", ok=False, error="NameError", line=4, line_place=cells[0].place),
    ]
    found = unreached(cells, outcomes)
    assert set(found) == {"jouer_colonne", "f", "dejouer_colonne", "init", "copie", "jeu2", "prochain_joueur"}
    assert found["jouer_colonne"].place.source == ""  # what a record keeps: the cell's name only
    assert found["prochain_joueur"].line is None  # raised in another cell's function: not this cell's line
    question = QuestionResult(
        "Q6",
        "",
        1.5,
        QuestionStatus.MISSING,
        missing=tuple(found),
        unreached=found,
        suggestions={"init": ["int"]},
    )
    fr, en = question_remarks(question, "fr"), question_remarks(question, "en")
    assert fr[0] == (
        "jouer_colonne est défini dans la cellule de code 6 (« assert colonnes_jouables(jeu) == range(ncols) »), "
        "qui s'est arrêtée avant (AssertionError ligne 1)"
    )
    assert en[0] == (
        "jouer_colonne is defined in code cell 6 (“assert colonnes_jouables(jeu) == range(ncols)”), "
        "which stopped before reaching it (AssertionError line 1)"
    )
    assert fr[2].endswith("qui ne compile pas (SyntaxError ligne 1)") and "cellule de code 8" in fr[2]
    assert en[2].endswith("which does not compile (SyntaxError line 1)")
    assert fr[3].endswith("qui s'est arrêtée avant (temps dépassé)") and "noms proches" not in fr[3]
    assert fr[4].endswith("qui n'a pas été exécutée (le temps de toutes les cellules était écoulé)")
    assert fr[6].endswith("qui s'est arrêtée avant (NameError)")
    # a module's block
    block = Place(PlaceKind.LINES, 186, 211)
    lines = unreached(
        [Cell(186, "def affiche(jeu):\n    print(jeu\n", "lignes 186-211", block)],
        [CellOutcome(186, "lignes 186-211", ok=False, error="SyntaxError", line=187)],
    )
    question = QuestionResult("Q1", "", 1, QuestionStatus.MISSING, missing=("affiche",), unreached=lines)
    assert question_remarks(question, "fr") == [
        "affiche est défini dans le bloc des lignes 186-211, qui ne compile pas (SyntaxError ligne 187)"
    ]
    assert question_remarks(question, "en") == [
        "affiche is defined in the block of lines 186-211, which does not compile (SyntaxError line 187)"
    ]


def _copy_that_does_not_run(kind: str = "module"):
    """A graded copy, 20/20, one of whose blocks (cells) does not compile."""
    from grader.model.results import (
        CellOutcome,
        CellStatus,
        Place,
        PlaceKind,
        QuestionResult,
        QuestionStatus,
        SubmissionResult,
    )

    if kind == "module":
        place = Place(PlaceKind.LINES, 195, 209)
        label, line = "lignes 195-209", 206
    else:
        place = Place(PlaceKind.CELL, 14, code_cell=11, opening="nb_alignements_potentiels = []")
        label, line = "cellule 14", 21
    cells = [
        CellOutcome(1, "lignes 1-4", ok=True),
        CellOutcome(
            place.first,
            label,
            ok=False,
            error="SyntaxError",
            message="expected ':'",
            line=line,
            failing_line="if teste_gagnante(jeu, 2, coords)",
            place=place,
        ),
        CellOutcome(300, "lignes 300-301", ok=False, error="EOFError", message="", status=CellStatus.ERROR),
    ]
    q1 = QuestionResult("Q1", "nrows, ncols", 20, QuestionStatus.PASSED, score=20, auto_score=20)
    return SubmissionResult(
        f"girard.{'py' if kind == 'module' else 'ipynb'}",
        "puissance4",
        "graded",
        kind=kind,
        cells=cells,
        questions=[q1],
        score=20,
        max_score=20,
        mark=20,
        student="girard",
    )


def test_a_file_that_does_not_run_as_written_is_said_first_and_flagged_mark_unchanged():
    import json

    from grader.marking.outputs import summary
    from grader.model.results import SubmissionResult
    from grader.render.annotations import render_annotations
    from grader.render.csv_report import render_csv
    from grader.render.gradescope import render_gradescope
    from grader.render.html_report import submission_page, to_review
    from grader.render.json_report import render_json
    from grader.render.terminal import render_submission, render_summary
    from grader.render.vpl import render_vpl

    result = _copy_that_does_not_run()
    assert result.review and [c.line for c in result.does_not_run] == [206]  # the EOFError is not one
    assert result.mark == 20
    lines = render_submission(result, "fr").splitlines()
    assert lines[2] == (
        "⚠ Ce fichier ne s'exécute pas tel quel : SyntaxError ligne 206 (expected ':') — "
        "« if teste_gagnante(jeu, 2, coords) ». Python refuse alors le fichier entier ; ses fonctions ont "
        "été corrigées bloc par bloc malgré tout."
    )
    assert (
        render_submission(result, "en")
        .splitlines()[2]
        .startswith(
            "⚠ This file does not run as written: SyntaxError line 206 (expected ':') — “if teste_gagnante"
        )
    )
    notebook = _copy_that_does_not_run("notebook")
    assert (
        render_submission(notebook, "fr")
        .splitlines()[2]
        .startswith(
            "⚠ Ce notebook ne s'exécute pas tel quel : la cellule de code 11 ne compile pas : SyntaxError ligne 21"
        )
    )
    # the teacher's summary, CSV and HTML index flag it; the mark stays
    ok = SubmissionResult(
        "garnier.py", "puissance4", "graded", student="garnier", mark=20, score=20, max_score=20
    )
    summary_lines = render_summary([ok, result], "fr").splitlines()
    assert summary_lines[1].rstrip().endswith("20 / 20") and "exécute" not in summary_lines[1]
    assert summary_lines[2].endswith("20 / 20  ne s'exécute pas tel quel")
    csv = render_csv([ok, result], "fr").splitlines()
    assert (
        csv[0].endswith(";à revoir")
        and csv[2].endswith(";ne s'exécute pas tel quel")
        and csv[1].endswith(";")
    )
    assert ";20;20;20;" in csv[2]
    assert render_csv([ok], "fr").splitlines()[0].endswith(";isolation")  # no column when nothing to review
    assert to_review(result) == []  # the questions; the index adds the flag before them
    page = submission_page(result, "fr")
    assert page.index('class="box does-not-run"') < page.index("Exercice détecté")
    report = json.loads(render_json([result], "en"))["submissions"][0]
    assert report["review"] is True and report["does_not_run"].startswith(
        "⚠ This file does not run as written"
    )
    assert report["mark20"] == 20 and "review" not in json.loads(render_json([ok], "en"))["submissions"][0]
    assert render_vpl(result, "fr").splitlines()[1] == ">" + lines[2]
    assert render_vpl(result, "fr").endswith("Grade :=>> 20")
    assert json.loads(render_gradescope(result, "fr"))["output"].startswith("⚠ Ce fichier")
    assert "::warning file=girard.py,title=ne s'exécute pas tel quel::⚠ Ce fichier" in render_annotations(
        [result], "fr"
    )
    assert summary(result, "fr").splitlines() == [
        "Note : 20 / 20",
        "Ce fichier ne s'exécute pas tel quel (voir le rapport)",
    ]


def test_the_class_index_flags_a_copy_that_does_not_run(tmp_path):
    from grader.render.html_report import write_html

    index = write_html([_copy_that_does_not_run()], tmp_path, "fr").read_text("utf-8")
    row = index[index.index('href="girard.html"') :]
    assert "ne s&#39;exécute pas tel quel" in row[: row.index("</tr>")]


def test_a_runtime_error_or_a_not_graded_copy_is_not_flagged():
    from dataclasses import replace

    from grader.render.feedback import does_not_run_message

    result = _copy_that_does_not_run()
    runs = replace(result, cells=[result.cells[0], result.cells[2]])  # input() raised EOFError: ignored
    assert not runs.review and does_not_run_message(runs, "fr") == ""
    other = replace(result, status="not_gradable", reason="unknown_exercise")
    assert not other.review and does_not_run_message(other, "fr") == ""
