"""Feedback that names the real cause (issue 29, item 5, the exercises' part): a pair
returned the other way round, object-oriented code that compiles (the morpion cases:
tests/test_morpion_board.py). Each case is a one-line change of a right program, graded
in this process."""

from __future__ import annotations

from pathlib import Path

from test_checks_in_process import grade_source

from grader.results import CheckStatus
from grader.runner import classes_defining

FIXTURES = Path(__file__).resolve().parent / "fixtures"
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
        assert SWAPPED in checks[name].evidence.note["fr"], name
        assert "the value and the column are swapped" in checks[name].evidence.note["en"]
    sheet = checks["sheet_pairs"].evidence
    assert (sheet.call, sheet.expected, sheet.obtained) == ("maximin(jeu1, 1)", "(3, 15)", "(15, 3)")


def test_a_wrong_value_is_not_taken_for_a_swapped_pair():
    source = (FIXTURES / "puissance4" / "correct_module.py").read_text("utf-8")
    source = source.replace("            return col, math.inf\n", "            return col, 1000\n", 1)
    checks = {c.name: c for c in grade_source("puissance4", source, only="Q15")["Q15"].checks}
    assert checks["immediate_win"].status is CheckStatus.FAILED
    assert SWAPPED not in checks["immediate_win"].evidence.note["fr"]


def test_methods_of_a_class_are_named_not_a_compile_error():
    source = (FIXTURES / "morpion" / "objet_classe_morpion.py").read_text("utf-8")
    assert classes_defining(source, ("wins", "minimax")) == ["Morpion"]
    assert classes_defining(source, ("grille_vide",)) == []
    assert classes_defining("def f(:\n", ("f",)) == []


def test_the_recognised_from_text_notes_exist_in_both_languages():
    from grader.messages import MESSAGES

    for key in ("recognised_from_text", "recognised_from_text_class", "recognised_from_text_plain"):
        assert key in MESSAGES["fr"] and key in MESSAGES["en"]
    assert "compile" not in MESSAGES["fr"]["recognised_from_text_class"]
