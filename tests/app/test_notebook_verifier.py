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

from grader.app.notebook import NotebookNotFound, find_notebook, scope_css, unsaved_cells
from grader.reading.submission import cells_from_notebook, without_self_check

ROOT = Path(__file__).resolve().parents[2]
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
        "@page { size: A4; }\n/* on paper, compact */\n"
        "@media print { body { padding: 0; } nav.back { display: none; } }\n"
        "/* a comment, with a comma { and a brace */\npre.board { padding: 1px; }"
    )
    assert scope_css(css, ".r") == (
        ".r { --ink: #000; }\n.r { margin: 0; }\n.r h1, .r .badge { color: red; }\n"
        ".r pre.board { padding: 1px; }"
    )


def test_the_self_check_cell_is_not_graded():
    assert without_self_check("from grader import verifier; verifier()") == ""
    assert without_self_check("import grader\ngrader.verifier(\n    question='Q14')\nx = 1") == "\n\n\nx = 1"
    assert without_self_check("def f():\n    verifier()") == "def f():\n    verifier()"
    assert without_self_check("from grader import resultat\nr = resultat('td.ipynb')\nx = 1") == "\n\nx = 1"
    assert without_self_check("print(resultat().mark20)\nresultat().mark20") == "\n"
    notebook = json.loads(SAMPLE.read_text("utf-8"))
    notebook["cells"].append(code_cell("from grader import verifier\nverifier()"))
    cells, total = cells_from_notebook(json.dumps(notebook))
    assert total == 11 and len(cells) == 10  # counted as a code cell, not run


def test_a_weak_isolation_is_said_to_the_student_in_one_sentence(tmp_path, monkeypatch, capsys):
    """A student's own check in portable isolation (Windows, macOS): what it means for
    them, not the teacher's warning about the answer key."""
    from grader.app import notebook
    from grader.model.results import SubmissionResult

    path = tmp_path / "td.ipynb"
    shutil.copy(SAMPLE, path)
    result = SubmissionResult(str(path), "puissance4", "graded", kind="notebook", isolation="portable")
    monkeypatch.setattr(notebook, "_grade", lambda _path, _settings, _exercises: result)
    monkeypatch.setattr(notebook, "_ipython", lambda: None)  # a script: the text on stdout
    notebook.verifier(path)
    out = capsys.readouterr().out
    sentence = "Isolation « portable » : votre code tourne à part et s'arrête au bout de son temps"
    assert out.count(sentence) == 1 and "corrigé" not in out.replace("est corrigé", "")
    html = notebook.report_html(result, "fr", None, [sentence])
    assert sentence.replace("'", "&#39;") in html and "isolation-weak" not in html


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


def kernel_for_this_interpreter(tmp_path, monkeypatch) -> str:
    """A kernel of this interpreter, whatever kernels the machine has installed."""
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
    return "mmg-test"


SELF_CHECK_CELLS = [
    "from grader import verifier\nverifier()",  # as the README shows it: the last line of a cell
    "verifier(question='q14')",
    "verifier(question='Q14', lang='en')",
    "verifier(question='Q99')",
]


def run_in_a_kernel(tmp_path, monkeypatch, extra_cells=()):
    """The sample notebook, saved with the self-check cells, run by a real kernel (one
    more cell run than saved); returns the executed notebook and the saved file."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    kernel = kernel_for_this_interpreter(tmp_path, monkeypatch)
    work = tmp_path / "td"
    work.mkdir()
    saved = json.loads(SAMPLE.read_text("utf-8"))
    saved["cells"] += [code_cell(source) for source in (*SELF_CHECK_CELLS, *extra_cells)]
    path = work / "mon_td.ipynb"
    path.write_text(json.dumps(saved), "utf-8")
    touch(work / "brouillon.ipynb", time.time() + 60)  # newer: only the session tells
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))
    running = nbformat.reads(json.dumps(saved), as_version=4)
    first_check = len(running.cells) - len(SELF_CHECK_CELLS) - len(extra_cells)
    running.cells.insert(first_check, nbformat.v4.new_code_cell("pas_encore_enregistre = 1"))
    client = nbclient.NotebookClient(
        running,
        kernel_name=kernel,
        timeout=300,
        allow_errors=True,
        resources={"metadata": {"path": str(work)}},
    )
    client.execute()
    return running, path


@pytest.mark.slow
def test_verifier_in_a_running_kernel_shows_the_report_once_and_nothing_else(tmp_path, monkeypatch):
    running, path = run_in_a_kernel(
        tmp_path, monkeypatch, extra_cells=["from grader import resultat\nresultat().mark20"]
    )
    full, one, english, unknown, scripted = (cell.outputs for cell in running.cells[-5:])
    # Every output of each verifier() cell: one display_data, no Out[...] (execute_result),
    # no stream, no error.
    for outputs in (full, one, english, unknown):
        assert [o["output_type"] for o in outputs] == ["display_data"], outputs
        assert set(outputs[0]["data"]) == {"text/html", "text/plain"}
    html, text = full[0]["data"]["text/html"], full[0]["data"]["text/plain"]
    assert html.startswith('<div class="mmg-report">') and ".mmg-report" in html
    assert "mon_td.ipynb" in html and "brouillon" not in html
    assert "14,5 / 20" in html and "Q14" in html and "Obtenu" in html
    assert '<pre class="board">' in html and "5| 2 1 1 1 2 2 -" in html
    assert "Cellules de code : 15, dont 1 en échec" in html  # the input() game loop only (10 + 5 checks)
    assert "Des cellules exécutées ne sont pas dans le fichier enregistré" in html
    assert "C&#39;est le fichier enregistré qui est corrigé" in html
    assert "index.html" not in html  # no link to a class index
    assert "Total : 14,5 / 20 points" in text and text.count("Total :") == 1
    single = one[0]["data"]["text/html"]
    assert "Q14" in single and "heuristique" in single and "Q15" not in single and "Q9" not in single
    assert "14,5 / 20" not in single
    in_english = english[0]["data"]["text/html"]
    assert "Q14" in in_english and "Expected" in in_english and "Attendu" not in in_english
    assert "The saved file is what is graded" in in_english and "Q15" not in in_english
    assert "Q99 : pas de telle question (questions : Q1, Q2" in unknown[0]["data"]["text/plain"]
    # resultat(): the result itself, for a script (here as a cell's value)
    assert [o["output_type"] for o in scripted] == ["execute_result"]
    assert scripted[0]["data"]["text/plain"] == "14.5"
    assert path.exists()


@pytest.mark.slow
def test_verifier_in_a_script_and_a_terminal_ipython_prints_the_report_once(tmp_path):
    notebook = tmp_path / "mon_td.ipynb"
    shutil.copy(SAMPLE, notebook)
    code = f"from grader import verifier, resultat\nverifier({str(notebook)!r})\n"
    script = subprocess.run(
        [sys.executable, "-c", code + "print('note', resultat(" + repr(str(notebook)) + ").mark20)"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert script.returncode == 0, script.stderr
    assert script.stdout.count("Total : 14,5 / 20 points") == 1 and script.stdout.endswith("note 14.5\n")
    assert script.stdout.startswith("C'est le fichier enregistré qui est corrigé : mon_td.ipynb")
    assert "SubmissionResult(" not in script.stdout
    shell = subprocess.run(
        [sys.executable, "-m", "IPython", "--no-banner", "--colors=NoColor", "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert shell.returncode == 0, shell.stderr
    assert shell.stdout.count("Total : 14,5 / 20 points") == 1
    assert (
        "Out[" not in shell.stdout
        and "SubmissionResult(" not in shell.stdout
        and "<IPython" not in shell.stdout
    )
