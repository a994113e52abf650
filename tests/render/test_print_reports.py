"""The reports on paper: tools/print_reports.py grades the sample and a class as a teacher
does, prints the sample's page and the class index to A4 with headless Chromium; the page
counts, and what each page holds, are read back from the PDFs."""

import re
import shutil
import subprocess

import pytest

from tools import chromium

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    if chromium.find_browser() is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium): nothing can be printed")
    from tools.print_reports import print_reports

    return print_reports(tmp_path_factory.mktemp("print"))


def page_texts(pdf):
    if shutil.which("pdftotext") is None:
        pytest.skip(
            "pdftotext is not installed (apt-get install -y poppler-utils): the pages cannot be read back"
        )
    pages = chromium.pdf_pages(pdf)
    return [
        subprocess.run(
            ["pdftotext", "-f", str(n), "-l", str(n), str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for n in range(1, pages + 1)
    ]


def test_a_copy_with_three_questions_to_review_prints_on_two_pages(printed):
    assert printed["sample"].pages <= 2
    text = "".join(page_texts(printed["sample"].pdf))
    for question in ("Q14 — heuristique", "Q15 — maximin/minimax", "Q17 — maximin_alpha_beta"):
        assert question in text  # the three questions to review, all printed


def test_no_failing_check_is_split_across_pages(printed):
    """Each failing check of the sample has a title (✗), a call, and a board with its
    column numbers: a check cut by a page break leaves one page with more of one than
    of the others."""
    pages = page_texts(printed["sample"].pdf)
    total = 0
    for n, text in enumerate(pages, start=1):
        titles = len(re.findall(r"✗ (?!Cellule)", text))
        calls = len(re.findall(r"^Appel\b", text, re.M))
        boards = len(re.findall(r"\bJeu\b", text))
        axes = len(re.findall(r"0 1 2 3 4 5 6", text))
        assert titles == calls == boards == axes, (n, titles, calls, boards, axes)
        total += titles
    assert total == 6  # Q14: 2 checks, Q15: 4


def test_a_question_s_title_is_on_the_page_of_its_first_failure(printed):
    # A question that fits on one page moves to the next whole: its title is never left
    # alone at the foot of a page, its failures on the next.
    first = {"Q14 — heuristique": "heuristique(jeu1) == 2", "Q15 — maximin/minimax": "maximin(jeu1, n) pour"}
    for n, text in enumerate(page_texts(printed["sample"].pdf), start=1):
        for question, failure in first.items():
            assert (question in text) == (failure in text), (n, question)


def test_the_class_index_prints_the_marks_table_first(printed):
    pages = page_texts(printed["index"].pdf)
    assert printed["index"].pages == len(pages) == 2
    marks, stats = pages
    assert marks.index("Notes") < marks.index("bug_alphabeta_alpha_fixe")
    assert "triche_elagage_alias" in marks and "eleve_puissance4" in marks  # the whole class on page 1
    assert "Répartition des notes" not in marks and stats.lstrip().startswith("Répartition des notes")
    assert "Réussite par question" in stats
