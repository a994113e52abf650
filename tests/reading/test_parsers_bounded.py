"""Issue 32 (4): every parse of student text in the grader is bounded. Each case is a
cell a hostile student can hand in; before, it cost the grader from tens of seconds to
hours (a regex with `^\\s*` on blank lines is quadratic), or the whole notebook
(MemoryError). Now reading is linear in the size, or a pathological cell fails alone.

`no_hang` is a guard against a hang, not a timing: each case takes milliseconds now, and
minutes to hours before; its bound is far above any machine's honest time."""

from __future__ import annotations

import contextlib
import json
import signal
from collections.abc import Iterator

import pytest

from grader.reading.magics import ipython_to_python
from grader.reading.recognise import likely_exercise, names_called, names_in_text
from grader.reading.submission import cells_from_module, read_notebook


class Hung(Exception):
    pass


@contextlib.contextmanager
def no_hang(seconds: float = 60) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def notebook(*sources: str) -> str:
    cells = [
        {"cell_type": "code", "source": s, "metadata": {}, "outputs": [], "execution_count": None}
        for s in sources
    ]
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells})


BLANK_CELLS = {
    "newlines": "\n" * 1_500_000 + "x = 1\n",
    "blank lines with spaces": " \n" * 750_000 + "x = 1\n",
    "blank lines then a magic": "\n" * 1_500_000 + "%time x = 1\n",
}


@pytest.mark.parametrize("name", sorted(BLANK_CELLS))
def test_a_cell_of_blank_lines_is_read_in_linear_time(name):
    source = BLANK_CELLS[name]
    with no_hang():
        python = ipython_to_python(source).python
    assert python.count("\n") == source.count("\n")  # line numbers kept
    assert python.rstrip().endswith(("x = 1", "x = 1)"))


def test_the_skeleton_reader_is_linear_on_blank_lines():
    text = "\n" * 1_500_000 + "def h1(v):\n    pass\n" + " \n" * 500_000 + "coups = []\n"
    with no_hang():
        names = names_in_text([text])
        guess = likely_exercise(text, [])
    assert {"h1", "coups"} <= names and guess is None


def test_the_calls_of_a_cell_that_does_not_compile_are_read_in_linear_time():
    """Issue 29: names called are evidence; a cell that does not compile is read by a pattern."""
    text = "def f(:\n" + "a" * 2_000_000 + " " * 1_000_000 + "\n" + "(" * 500_000 + "\ngrille_vide (3, 4)\n"
    with no_hang():
        called = names_called([text])
    assert {"f", "grille_vide"} <= called


def test_a_cell_of_many_shell_escapes_fails_alone_without_ipython_rework():
    # IPython re-tokenises the whole cell once per escape: 32 KB of them took 20 s.
    pathological = "!ls\n" * 200_000
    with no_hang():
        cells, total, _ = read_notebook(notebook("x = 1", pathological, "y = 2"))
    assert total == 3
    sources = [c.source for c in cells]
    assert sources[0].startswith("x = 1") and sources[-1].startswith("y = 2")
    # Run as written: the worker reports a syntax error for that cell, the others run.
    with pytest.raises(SyntaxError):
        compile(sources[1], "<cellule>", "exec")


def test_a_long_cell_of_escapes_is_translated_piece_by_piece():
    # Alone (no notebook allowance), a cell cut at its top-level statements: each piece
    # re-tokenised a few times only, so the whole is linear in its size.
    source = "x = 1\n" + "!ls\n" * 2000 + "def f():\n    return 1\n"
    with no_hang():
        python = ipython_to_python(source).python
    assert python.count("get_ipython().system('ls')") == 2000
    assert python.count("\n") == source.count("\n")
    compile(python, "<cellule>", "exec")


def test_one_statement_holding_thousands_of_escapes_is_kept_as_written():
    source = "for i in range(3):\n" + "    !ls\n" * 8000
    with no_hang():
        python = ipython_to_python(source).python
    assert python == source
    with pytest.raises(SyntaxError):
        compile(python, "<cellule>", "exec")


def test_an_honest_cell_with_a_few_escapes_is_still_translated():
    python = ipython_to_python("!pip install numpy\n%matplotlib inline\nx = 1\n").python
    assert "get_ipython()" in python and "x = 1" in python
    compile(python, "<cellule>", "exec")


def test_verifier_and_200000_minus_signs_fail_that_cell_not_the_notebook():
    hostile = "verifier()\nx = " + "-" * 200_000 + "1\n"
    with no_hang():
        cells, total, _ = read_notebook(notebook("def f():\n    return 1", hostile, "y = 2"))
    assert total == 3 and len(cells) == 3
    assert cells[0].source.startswith("def f()") and cells[2].source.startswith("y = 2")


def test_a_module_of_blank_lines_and_minus_signs_is_read():
    text = "\n" * 1_000_000 + "verifier()\nx = " + "-" * 200_000 + "1\ny = 2\n"
    with no_hang():
        cells = cells_from_module(text)
    assert any("y = 2" in c.source for c in cells)


@pytest.mark.parametrize("name", sorted(BLANK_CELLS))
def test_the_answer_to_a_question_graded_by_hand_is_found_in_linear_time(name):
    """Q16's answer (the teacher's page): a module of 100,000 lines, and notebook cells of
    blank lines, searched for its heading (`grader.reading.answers`) without a quadratic step."""
    from grader.reading.answers import manual_answers, module_cells, notebook_cells

    questions = [("Q15", False, ["maximin"]), ("Q16", True, []), ("Q17", False, ["maximin_alpha_beta"])]
    module = "".join(f"x{i} = {i}\n" for i in range(100_000)) + "# Q16 : les noeuds de droite\n"
    with no_hang():
        assert manual_answers(module_cells(module), questions)["Q16"] == "# Q16 : les noeuds de droite"
        cells = notebook_cells(notebook(BLANK_CELLS[name], "# Q16\nréponse", BLANK_CELLS[name]))
        assert manual_answers(cells, questions)["Q16"].startswith("# Q16\nréponse")
