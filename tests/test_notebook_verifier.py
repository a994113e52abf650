"""`from grader import verifier; verifier()` inside Jupyter: finding the notebook, the
scoped HTML report, and a real kernel running it (nbclient)."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from grader.notebook import NotebookNotFound, find_notebook, scope_css, unsaved_cells
from grader.submission import cells_from_notebook, without_self_check

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"


def test_import_grader_stays_light():
    code = (
        "import sys, grader; print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'jinja2', 'nbformat', 'numpy', 'hypothesis', 'IPython', 'exercises', 'reference'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert callable(__import__("grader").verifier)


def touch(path: Path, mtime: float) -> Path:
    path.write_text("{}")
    os.utime(path, (mtime, mtime))
    return path


def test_the_notebook_is_found_from_the_session_or_the_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    now = time.time()
    mine = touch(tmp_path / "mon_td.ipynb", now - 100)
    assert find_notebook(None, None, "fr", tmp_path) == mine  # the only one
    other = touch(tmp_path / "autre.ipynb", now)
    assert find_notebook(None, None, "fr", tmp_path) == other  # clearly the newest
    os.utime(mine, (now, now))
    with pytest.raises(NotebookNotFound, match=r"autre\.ipynb, mon_td\.ipynb|mon_td\.ipynb, autre\.ipynb"):
        find_notebook(None, None, "fr", tmp_path)  # as new as each other: which one?
    assert find_notebook(str(mine), None, "fr", tmp_path) == mine
    with pytest.raises(NotebookNotFound, match="introuvable"):
        find_notebook(tmp_path / "absent.ipynb", None, "fr", tmp_path)
    vscode = SimpleNamespace(user_ns={"__vsc_ipynb_file__": str(mine)})
    assert find_notebook(None, vscode, "fr", tmp_path) == mine
    monkeypatch.setenv("JPY_SESSION_NAME", str(mine))  # recent Jupyter servers: absolute
    assert find_notebook(None, None, "fr", tmp_path) == mine
    monkeypatch.setenv("JPY_SESSION_NAME", "cours/td10/mon_td.ipynb")  # older: from the root
    assert find_notebook(None, None, "fr", tmp_path) == mine


def test_the_report_css_is_scoped_to_the_report():
    css = (
        ":root { --ink: #000; }\nbody { margin: 0; }\nh1, .badge { color: red; }\n"
        "@page { size: A4; }\n@media print { body { padding: 0; } nav.back { display: none; } }\n"
        "pre.board { padding: 1px; }"
    )
    assert scope_css(css, ".r") == (
        ".r { --ink: #000; }\n.r { margin: 0; }\n.r h1, .r .badge { color: red; }\n"
        ".r pre.board { padding: 1px; }"
    )


def test_the_self_check_cell_is_not_graded():
    assert without_self_check("from grader import verifier; verifier()") == ""
    assert without_self_check("import grader\ngrader.verifier(\n    question='Q14')\nx = 1") == "\n\n\nx = 1"
    assert without_self_check("def f():\n    verifier()") == "def f():\n    verifier()"
    notebook = json.loads(SAMPLE.read_text("utf-8"))
    notebook["cells"].append(code_cell("from grader import verifier\nverifier()"))
    cells, total = cells_from_notebook(json.dumps(notebook))
    assert total == 11 and len(cells) == 10  # counted as a code cell, not run


def test_unsaved_cells_are_those_run_but_not_in_the_file(tmp_path):
    path = tmp_path / "td.ipynb"
    shutil.copy(SAMPLE, path)
    sources = [
        "".join(c["source"])
        for c in json.loads(SAMPLE.read_text("utf-8"))["cells"]
        if c["cell_type"] == "code"
    ]
    shell = SimpleNamespace(history_manager=SimpleNamespace(input_hist_raw=["", *sources[:3], "verifier()"]))
    assert unsaved_cells(path, shell) == 0
    shell.history_manager.input_hist_raw = ["", sources[0], "x = 'pas enregistré'", "verifier()"]
    assert unsaved_cells(path, shell) == 1


def code_cell(source: str) -> dict:
    return {
        "cell_type": "code",
        "id": f"mmg-{abs(hash(source))}",
        "metadata": {},
        "outputs": [],
        "execution_count": None,
        "source": source,
    }


@pytest.mark.slow
def test_verifier_in_a_running_kernel_shows_the_html_report(tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    # A kernel of this interpreter, whatever kernels the machine has installed.
    kernels = tmp_path / "jupyter" / "kernels" / "mmg-test"
    kernels.mkdir(parents=True)
    (kernels / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "mmg-test",
                "language": "python",
            }
        )
    )
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    work = tmp_path / "td"
    work.mkdir()
    saved = json.loads(SAMPLE.read_text("utf-8"))
    saved["cells"] += [
        code_cell("from grader import verifier\nverifier()"),
        code_cell("verifier(question='q14')"),
    ]
    path = work / "mon_td.ipynb"
    path.write_text(json.dumps(saved), "utf-8")
    decoy = touch(work / "brouillon.ipynb", time.time() + 60)  # newer: only the session tells
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))
    # What the kernel runs: the saved cells and one more, not saved yet.
    running = nbformat.reads(json.dumps(saved), as_version=4)
    running.cells.insert(-2, nbformat.v4.new_code_cell("pas_encore_enregistre = 1"))
    client = nbclient.NotebookClient(
        running,
        kernel_name="mmg-test",
        timeout=300,
        allow_errors=True,
        resources={"metadata": {"path": str(work)}},
    )
    client.execute()
    full, one = (cell.outputs for cell in running.cells[-2:])
    html = "".join(o["data"]["text/html"] for o in full if o["output_type"] == "display_data")
    assert 'class="mmg-report"' in html and ".mmg-report h1" in html
    assert "mon_td.ipynb" in html and "brouillon" not in html and decoy.exists()
    assert "14,5 / 20" in html and "Q14" in html and "Obtenu" in html
    assert '<pre class="board">' in html and "5| 2 1 1 1 2 2 -" in html
    assert "Cellules de code : 12, dont 1 en échec" in html  # the input() game loop only
    assert "Des cellules exécutées ne sont pas dans le fichier enregistré" in html
    assert "C&#39;est le fichier enregistré qui est corrigé" in html
    assert "index.html" not in html  # no link to a class index
    text = "".join(o["data"]["text/plain"] for o in full if o["output_type"] == "display_data")
    assert "Total : 14,5 / 20 points" in text
    single = "".join(o["data"]["text/html"] for o in one if o["output_type"] == "display_data")
    assert "Q14" in single and "heuristique" in single and "Q15" not in single and "Q9" not in single
    assert "14,5 / 20" not in single
