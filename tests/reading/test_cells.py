"""Cells as the student sees them: magics converted as IPython runs them, cells named by
their code-cell position and first line, the failing line quoted (pure functions)."""

import json

import nbformat
import pytest
from IPython.core.inputtransformer2 import TransformerManager

from grader.checking.values import show
from grader.model.results import (
    CellOutcome,
    CellStatus,
    Place,
    PlaceKind,
    SubmissionKind,
    SubmissionResult,
    SubmissionStatus,
)
from grader.model.text import in_lang
from grader.reading.submission import (
    Cell,
    SubmissionCode,
    failing_line,
    ipython_to_python,
    opening,
    read_notebook,
)
from grader.render.feedback import cell_message
from grader.render.json_report import submission_dict


def notebook(*cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(c[3:]) if c.startswith("md:") else nbformat.v4.new_code_cell(c)
        for c in cells
    ]
    return nbformat.writes(nb)


def run(python: str) -> dict:
    namespace: dict = {}
    exec(compile(python, "<cell>", "exec"), namespace)
    return namespace


# -- conversion ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "magic",
    [
        "%%time",
        "%%capture",
        "%%capture sortie",
        "%%timeit",
        "%%timeit -n 10 -r 3",
        "%%timeit -n10 -q",
        "%%capture\n%%time",
    ],
)
def test_a_timing_or_capture_cell_runs_its_body_and_keeps_its_lines(magic):
    source = magic + "\ndef f():\n    return 1 / 0\nx = f"
    converted = ipython_to_python(source)
    assert not converted.cell_magic
    assert "x" in run(converted.python) and "f" in run(converted.python)
    # line 3 of the cell is line 3 of what runs: errors point where the student looks
    body_line = magic.count("\n") + 3
    assert converted.python.split("\n")[body_line - 1] == "    return 1 / 0"


def test_timeit_runs_its_setup_once_then_the_body_once():
    converted = ipython_to_python("%%timeit -n 1000 calls = []\ncalls.append(1)")
    assert run(converted.python)["calls"] == [1]


@pytest.mark.parametrize(
    "source, magic",
    [
        ("%%bash\npip install numpy", "bash"),
        ("%%writefile jeu.py\nx = 1", "writefile"),
        ("\n%%html\n<b>fin</b>", "html"),
        ("%%capture\n%%bash\nls", "bash"),
    ],
)
def test_other_cell_magics_are_not_run_and_say_which(source, magic):
    assert ipython_to_python(source).python == ""
    assert ipython_to_python(source).cell_magic == magic


class IgnoringIPython:
    """`get_ipython()` as the worker's stub: a magic it receives is not run."""

    @staticmethod
    def run_line_magic(name, line):
        return None


def test_line_magics_go_to_ipython_as_before():
    source = "%matplotlib inline\n!pip install numpy\n%timeit f()\nx = 1"
    assert ipython_to_python(source).python == TransformerManager().transform_cell(source)


@pytest.mark.parametrize(
    "source, defined",
    [
        # puissance4's sheet speaks of the cost of `x in L`: a student times Q10, and a
        # correct notebook lost Q10 and every question calling Dalignements (10.5/20)
        (
            "%time D = {k: [a for a in L if k in a] for k in range(3)}",
            {"D": {0: [[0, 1]], 1: [[0, 1]], 2: []}},
        ),
        ("L2 = []\n%time L2.append(len(L))", {"L2": [1]}),
        ("for k in range(2):\n    %time y = k * 10", {"y": 10}),
        ("z = %time len(L) + 1", {"z": 2}),
        ("%time  w = 'it' + \"'s\"", {"w": "it's"}),
    ],
)
def test_a_time_line_magic_runs_its_statement_as_ipython_does(source, defined):
    """IPython's `%time STATEMENT` runs STATEMENT in the notebook's namespace: what it
    assigns stays defined, as with a `%%time` cell."""
    python = ipython_to_python(source).python
    namespace = {"L": [[0, 1]], "get_ipython": IgnoringIPython}  # as the worker's stub
    exec(compile(python, "<cell>", "exec"), namespace)
    assert {name: namespace.get(name) for name in defined} == defined
    assert python.count("\n") == source.count("\n") + 1  # line N is still line N


@pytest.mark.parametrize("source", ["%time", "%time return 1", "s = '''\n%time x = 1\n'''"])
def test_a_time_line_magic_without_a_statement_to_run_is_left_to_the_stub(source):
    assert ipython_to_python(source).python == TransformerManager().transform_cell(source)


@pytest.mark.parametrize(
    "source",
    [
        "x = 1",
        "def f():\n    return 2\n",
        "for i in range(3):\n    print(i % 2)",
        "s = '''\n%not a magic\n'''",
        "    x = 1\n    y = 2",
        ">>> x = 1",
        "print(1)  # vraiment ?",
        "\n\nx = 1\n",
    ],
)
def test_plain_python_is_what_ipython_would_give(source):
    blank = len(source) - len(source.lstrip("\n"))
    assert ipython_to_python(source).python == "\n" * blank + TransformerManager().transform_cell(source)


def test_leading_blank_lines_keep_the_line_numbers():
    assert ipython_to_python("\n\n%matplotlib inline\nx = 1 / 0").python.split("\n")[3] == "x = 1 / 0"


# -- naming ----------------------------------------------------------------------------


def test_code_cells_are_numbered_without_the_markdown_cells():
    cells, total, origins = read_notebook(
        notebook("md:# TD", "x = 1", "md:## Partie 2", "%%bash\nls", "", "%%time\ny = 2")
    )
    assert total == 4
    assert [(c.index, c.source) for c in cells] == [(2, "x = 1\n"), (6, "\ny = 2\n")]
    assert [(o.index, o.code_cell, o.cell_magic) for o in origins] == [(2, 1, ""), (4, 2, "bash"), (6, 4, "")]


def test_the_quoted_line_is_the_one_that_failed_as_written():
    cells, total, origins = read_notebook(notebook("md:# TD", "\n%time f()\njeu = init()\nc = input()"))
    code = SubmissionCode(None, SubmissionKind.NOTEBOOK, tuple(cells), "__main__", total, tuple(origins))
    assert failing_line(code, cells[0], 4) == "c = input()"
    assert failing_line(code, cells[0], 2) == "%time f()"  # as written, not as converted
    assert failing_line(code, cells[0], 9) == ""
    module = SubmissionCode(
        None,
        SubmissionKind.MODULE,
        (Cell(6, "\ny = 1/0\n", "lignes 6-7", Place(PlaceKind.LINES, 6, 7), first_lineno=6),),
        "m",
        1,
    )
    assert failing_line(module, module.cells[0], 7) == "y = 1/0"
    assert opening("\n\n   from random import *   \nx = 1") == "from random import *"


def place(code_cell, opening_line):
    return Place(PlaceKind.CELL, code_cell + 3, code_cell=code_cell, opening=opening_line)


def test_a_failing_cell_is_named_by_position_and_first_line_and_quotes_its_line():
    cell = CellOutcome(
        13,
        "cellule 13",
        ok=False,
        error="EOFError",
        message="input()",
        line=3,
        place=place(10, "from random import choice"),
        failing_line="choix = input()",
    )
    assert cell_message(cell, "fr").splitlines()[0] == (
        "Cellule de code 10 (« from random import choice »), ligne 3 : EOFError: input() — « choix = input() »"
    )
    assert cell_message(cell, "en").splitlines()[0] == (
        "Code cell 10 (“from random import choice”), line 3: EOFError: input() — “choix = input()”"
    )


def test_a_line_in_another_cell_is_named_with_that_cell():
    cell = CellOutcome(
        9,
        "cellule 9",
        ok=False,
        error="AssertionError",
        line=2,
        place=place(7, "jouer(jeu)"),
        line_place=place(3, "def jouer(jeu):"),
        failing_line="assert jeu",
    )
    assert cell_message(cell, "fr") == (
        "Cellule de code 7 (« jouer(jeu) ») : AssertionError (cellule de code 3, ligne 2 — « assert jeu »)"
    )


def test_a_cell_magic_not_run_is_said_on_its_cell():
    cell = CellOutcome(
        4, "cellule 4", ok=False, status=CellStatus.NOT_RUN, cell_magic="bash", place=place(2, "%%bash")
    )
    assert cell_message(cell, "fr") == (
        "Cellule de code 2 (« %%bash ») : non exécutée pendant la correction "
        "(le correcteur ne lance pas %%bash)"
    )
    result = SubmissionResult(
        "a.ipynb", "puissance4", SubmissionStatus.GRADED, kind=SubmissionKind.NOTEBOOK, cells=[cell]
    )
    cells = submission_dict(result, "en")["cells"]
    assert cells["failed"] == [] and cells["not_run"] == [
        {"index": 4, "label": "code cell 2", "code_cell": 2, "cell_magic": "%%bash"}
    ]


# -- values and marks --------------------------------------------------------------------


def test_a_list_cut_short_says_how_many_items_are_left_out():
    shown = show(list(range(300)))
    assert len(shown) <= 400 and shown.startswith("[0, 1, 2, ")
    left = 300 - shown.count(",")
    assert shown.endswith(f"… ({left} de plus)]") and in_lang(shown, "en").endswith(f"… ({left} more)]")
    assert show({(i, j): [0] * 9 for i in range(6) for j in range(7)}).endswith("de plus)}")
    assert show(list(range(10))) == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]"


def test_no_mark_is_null_in_the_json():
    result = SubmissionResult("a.ipynb", None, SubmissionStatus.NOT_GRADABLE, reason="invalid_json")
    data = json.loads(json.dumps(submission_dict(result, "fr")))
    assert data["mark20"] is None and data["score"] == 0


def test_a_call_that_raised_quotes_the_students_line():
    from grader.errors import StudentCodeError
    from grader.model.results import failure_of
    from grader.render.feedback import failure_text

    where = Place(
        PlaceKind.CELL,
        16,
        code_cell=12,
        opening="def maximin(jeu, n):",
        source="def maximin(jeu, n):\n    if n == 0:\n        return None, heuristique(jeu)",
    )
    failure = failure_of(
        StudentCodeError("NameError", "name 'heuristique' is not defined", 3, "cellule 16"), where
    )
    assert failure_text(failure, "fr").endswith(
        "(cellule de code 12, ligne 3 — « return None, heuristique(jeu) »)"
    )
    module = Place(PlaceKind.LINES, 10, 12, source="def f():\n    return 1 / 0\n")
    assert module.line_text(11) == "return 1 / 0" and module.line_text(40) == ""
