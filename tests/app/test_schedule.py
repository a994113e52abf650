"""The order in which a parallel batch starts its submissions (grader/app/schedule.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.app.schedule import looks_heavy, start_order


def notebook(*cells: str, as_lines: bool = True) -> str:
    """A notebook's JSON as nbformat writes it: each source a list of lines, or one string."""
    sources = [cell.splitlines(keepends=True) if as_lines else cell for cell in cells]
    return json.dumps(
        {"cells": [{"cell_type": "code", "source": s, "metadata": {}, "outputs": []} for s in sources]},
        indent=1,
    )


HEAVY_CODE = [
    "import numpy as np\n",
    "import numpy\n",
    "from numpy import array\n",
    "from numpy.linalg import norm\n",
    "import matplotlib.pyplot as plt\n",
    "    import pandas as pd\n",
    "x = 1\nimport scipy\n",
]
LIGHT_CODE = [
    "import math\n",
    "# import numpy as np\n",
    "import numpyish\n",
    "print('import numpy')\n",
    "def f():\n    return 'numpy'\n",
    "%matplotlib inline\n",
]


@pytest.mark.parametrize("code", HEAVY_CODE)
def test_an_import_of_a_heavy_library_is_seen_in_a_module_and_in_a_notebook(code: str) -> None:
    assert looks_heavy(code)
    assert looks_heavy(notebook("x = 0\n", code))
    assert looks_heavy(notebook("x = 0\n", code, as_lines=False))


@pytest.mark.parametrize("code", LIGHT_CODE)
def test_other_code_is_not_heavy(code: str) -> None:
    assert not looks_heavy(code)
    assert not looks_heavy(notebook("x = 0\n", code))
    assert not looks_heavy(notebook("x = 0\n", code, as_lines=False))


def test_heavy_submissions_start_first_and_each_group_keeps_its_order(tmp_path: Path) -> None:
    kinds = {"a.py": "x = 1\n", "b.ipynb": notebook("import numpy as np\n"), "c.py": "import math\n"}
    kinds |= {"d.py": "import pandas\n", "e.ipynb": notebook("y = 2\n")}
    files = []
    for name, text in kinds.items():
        (tmp_path / name).write_text(text, "utf-8")
        files.append(tmp_path / name)
    missing = tmp_path / "gone.py"
    files.insert(2, missing)  # unreadable: keeps its place among the others
    assert [p.name for p in start_order(files)] == ["b.ipynb", "d.py", "a.py", "gone.py", "c.py", "e.ipynb"]


def test_only_the_start_of_a_file_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import grader.app.schedule as schedule

    monkeypatch.setattr(schedule, "READ_BYTES", 64)
    early, late = tmp_path / "early.py", tmp_path / "late.py"
    early.write_text("import numpy\n" + "x = 1\n" * 100, "utf-8")
    late.write_text("x = 1\n" * 100 + "import numpy\n", "utf-8")
    assert [p.name for p in start_order([late, early])] == ["early.py", "late.py"]
