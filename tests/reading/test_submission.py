"""Reading notebooks and modules into cells (pure functions, in memory)."""

import json

import nbformat
import pytest

from grader.errors import NotGradable
from grader.reading.submission import (
    cells_from_module,
    cells_from_notebook,
    decode_module,
    preload_modules,
    read_submission,
)


def notebook(*cells, version=4):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(c[3:]) if c.startswith("md:") else nbformat.v4.new_code_cell(c)
        for c in cells
    ]
    return nbformat.writes(nb)


def test_cells_keep_their_position_among_all_cells():
    cells, total = cells_from_notebook(notebook("md:# TD", "x = 1", "", "md:fin", "y = 2"))
    assert total == 3
    assert [(c.index, c.label) for c in cells] == [(2, "cellule 2"), (5, "cellule 5")]


def test_magics_and_shell_escapes_are_neutralised():
    cells, _ = cells_from_notebook(notebook("%matplotlib inline\n!pip install numpy\nx = 1"))
    source = cells[0].source
    assert "get_ipython()" in source and "x = 1" in source
    assert "%matplotlib" not in source.replace("'matplotlib'", "")
    compile(source, "<cell>", "exec")


def test_nbformat_3_notebooks_are_upgraded():
    v3 = {
        "nbformat": 3,
        "nbformat_minor": 0,
        "metadata": {},
        "worksheets": [
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "input": "def init():\n    return 1",
                        "language": "python",
                        "outputs": [],
                        "metadata": {},
                    }
                ]
            }
        ],
    }
    cells, total = cells_from_notebook(json.dumps(v3))
    assert total == 1 and "def init" in cells[0].source


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{not json", "invalid_json"),
        ('{"hello": 1}', "not_a_notebook"),
    ],
)
def test_bad_notebooks_are_not_gradable(text, reason):
    with pytest.raises(NotGradable) as info:
        cells_from_notebook(text)
    assert info.value.reason == reason


def test_markdown_only_notebook_has_no_code(tmp_path):
    path = tmp_path / "vide.ipynb"
    path.write_text(notebook("md:# rien"))
    with pytest.raises(NotGradable) as info:
        read_submission(path)
    assert info.value.reason == "no_code"


@pytest.mark.parametrize(
    "name, data", [("vide.ipynb", b""), ("vide.py", b""), ("blanc.ipynb", b"\n  \r\n\t")]
)
def test_an_empty_file_is_said_to_be_empty(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(NotGradable) as info:
        read_submission(path)
    assert info.value.reason == "empty"  # not "unreadable JSON", not "no code"


@pytest.mark.parametrize(
    "text",
    [
        "x = 1\n\nwhile True:\n    pass\n",  # statements (the ast's bounds)
        "# %%\nx = 1\n# %%\nwhile True:\n    pass\n\n\n",  # percent markers, blank lines at the end
        "def f(:\n    pass\n\nwhile True:\n    pass\n",  # a syntax error: split at definitions
        "x = 1\n\nwhile True:\n    pass",  # no final newline
    ],
)
def test_a_modules_line_ranges_stay_inside_the_file(text):
    lines = len(text.splitlines())
    cells = cells_from_module(text)
    for cell in cells:
        first, last = map(int, cell.label.split()[-1].split("-"))
        assert 1 <= first <= last <= lines, (cell.label, lines)
        assert first + cell.source.count("\n") - 1 == last  # the place the reports name
    assert cells[-1].label.endswith(f"-{len(text.rstrip().splitlines())}")  # the last line of code


def test_module_is_split_into_top_level_statements():
    cells = cells_from_module("import math\n\n# Q2\ndef init():\n    return 0\n\nx = init()\n")
    assert [c.label for c in cells] == ["lignes 1-1", "lignes 2-5", "lignes 6-7"]
    assert "def init" in cells[1].source


def test_module_with_a_syntax_error_loses_only_the_broken_block():
    text = "def f():\n    return 1\n\ndef g(:\n    return 2\n\ndef h():\n    return 3\n"
    cells = cells_from_module(text)
    assert len(cells) == 3
    compile(cells[0].source, "a", "exec")
    compile(cells[2].source, "c", "exec")
    with pytest.raises(SyntaxError) as info:
        compile(cells[1].source, "b", "exec")
    # The worker numbers a chunk's lines from its first line: those of the file.
    assert info.value.lineno + cells[1].first_lineno - 1 == 4


def test_a_syntax_error_at_the_end_keeps_the_docstring_and_imports_above_whole():
    """Issue 29: a module whose game loop misses a colon was cut at blank lines, one of them
    inside its docstring: the docstring's halves failed, and `import math` with them."""
    text = (
        '"""TD10.\n\nManon Girard\n"""\nimport math\n\n\ndef f():\n    """a\n\n    b"""\n    return math.inf\n\n\n'
        "# la partie\njeu = 0\nwhile jeu < 3:\n    if jeu == 2\n        print(jeu)\n    jeu += 1\nprint('fin')\n"
    )
    cells = cells_from_module(text)
    assert [c.label for c in cells] == [
        "lignes 1-4",
        "lignes 5-5",
        "lignes 6-12",
        "lignes 13-16",
        "lignes 17-20",
        "lignes 21-21",
    ]
    for cell in cells[:4] + cells[5:]:
        compile(cell.source, cell.label, "exec")
    assert cells[1].source == "import math\n"
    with pytest.raises(SyntaxError) as info:
        compile(cells[4].source, "loop", "exec")
    assert info.value.lineno + cells[4].first_lineno - 1 == 18


def test_percent_markers_split_like_cells():
    cells = cells_from_module("# %%\nx = 1\n# %%\ny = (\n")
    assert len(cells) == 2


def test_windows_files_are_decoded():
    assert decode_module("é = 1\r\nprint(é)\r\n".encode("cp1252")) == "é = 1\nprint(é)\n"
    assert decode_module("\ufeffx = 'é'\r\n".encode("utf-8")) == "x = 'é'\n"


def test_main_guard_module_name(tmp_path):
    path = tmp_path / "mon-td.py"
    path.write_text("if __name__ == '__main__':\n    input()\n")
    code = read_submission(path)
    assert code.module_name == "mon_td" and code.kind == "module"


@pytest.mark.parametrize(
    "cells, preloaded",
    [
        (["import numpy as np\nx = np.zeros(3)"], ("numpy",)),
        (["import matplotlib.pyplot as plt"], ("matplotlib.pyplot",)),
        (["from pylab import *"], ("matplotlib.pyplot",)),
        (["import os, sys, matplotlib.pyplot as plt, numpy"], ("matplotlib.pyplot", "numpy")),
        (["def dessine(jeu):\n    from matplotlib import pyplot\n    pyplot.show()"], ("matplotlib.pyplot",)),
        (["x = 1", "from numpy.linalg import det  # déterminant"], ("numpy",)),
        # mentioned, never imported: nothing to preload
        (["%matplotlib inline\ndef init():\n    return 0"], ()),
        (["# import numpy\nprint('numpy ou matplotlib ? aucun des deux')"], ()),
        (["import numpy_financial\nimportant = 'numpy'"], ()),
    ],
)
def test_only_the_libraries_the_code_imports_are_preloaded(cells, preloaded, tmp_path):
    path = tmp_path / "copie.ipynb"
    path.write_text(notebook(*cells), encoding="utf-8")
    assert preload_modules(read_submission(path)) == preloaded
