"""The student's own answer to Q16, as students write it: a bold `**Q16.**` paragraph,
`Q16 : voir feuille.`, a heading and two cells, a comment in a module; never the next
question's code."""

import json
from pathlib import Path

from grader.reading.answers import manual_answers, module_cells, notebook_cells
from grader.registry import installed

EXERCISES = installed()

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "puissance4"


def questions():
    return [(q.id, q.manual, [s[0] for s in q.names]) for q in EXERCISES["puissance4"].questions]


def answer_in(path: Path) -> str:
    return manual_answers(notebook_cells(path.read_text("utf-8")), questions())["Q16"]


def notebook(*cells: tuple[str, str]) -> str:
    return json.dumps(
        {"cells": [{"cell_type": kind, "source": source, "metadata": {}} for kind, source in cells]}
    )


def test_the_answer_is_the_students_paragraph_and_not_the_next_questions_code():
    answer = answer_in(FIXTURES / "correct_boucle_input.ipynb")
    assert answer.startswith("**Q16.** Avec l'élagage") and "schéma sur la copie" in answer
    assert "maximin_alpha_beta" not in answer


def test_short_answers_and_missing_ones():
    assert answer_in(FIXTURES / "correct_tuples.ipynb") == "Q16 : voir feuille."
    assert answer_in(FIXTURES / "correct_evaluer_alignement.ipynb").startswith("**Q16** Les nœuds coupés")
    assert answer_in(ROOT / "samples" / "eleve_puissance4.ipynb") == ""  # the sample has none


def test_an_answer_over_several_cells_stops_at_the_next_question_or_heading():
    text = notebook(
        ("markdown", "## Question 16\nLes nœuds non explorés :"),
        ("markdown", "- la colonne 6 sous la racine\n- le dernier fils de 3"),
        ("code", "# vérification\nprint(maximin(jeu5, 3))"),
        ("markdown", "**Q17.** alpha-bêta"),
        ("code", "def maximin_alpha_beta(jeu, a, b, n):\n    pass"),
    )
    answer = manual_answers(notebook_cells(text), questions())["Q16"]
    assert answer.split("\n\n") == [
        "## Question 16\nLes nœuds non explorés :",
        "- la colonne 6 sous la racine\n- le dernier fils de 3",
        "# vérification\nprint(maximin(jeu5, 3))",
    ]
    stop_at_heading = notebook(("markdown", "Q16 : élaguer 6"), ("markdown", "# Jouer contre l'ordinateur"))
    assert manual_answers(notebook_cells(stop_at_heading), questions())["Q16"] == "Q16 : élaguer 6"


def test_a_module_answers_in_a_comment():
    text = (
        "def maximin(jeu, n):\n    pass\n\n"
        "# Q16 : on coupe après\n# le fils qui renvoie 5\n"
        "def maximin_alpha_beta(j, a, b, n):\n    pass\n"
    )
    assert (
        manual_answers(module_cells(text), questions())["Q16"]
        == "# Q16 : on coupe après\n# le fils qui renvoie 5"
    )


def test_what_is_not_a_notebook_has_no_cells():
    assert (
        notebook_cells("{ pas du json") == []
        and notebook_cells("[1]") == []
        and notebook_cells("[" * 100_000) == []
    )
