"""`verifier()` as JupyterLab shows it: run in a real kernel, rendered with JupyterLab's
stylesheet (nbconvert's `lab` template), screenshotted in headless Chromium.

    python -m tools.verifier_in_lab [NOTEBOOK] [--out DIR] [--theme light|dark] [--lang fr|en]

NOTEBOOK (default: the bundled sample) is graded by a two-cell notebook beside it,
`verifier("NOTEBOOK")`, run by a kernel of this interpreter through nbclient. Writes
`verifier-lab.html` and `verifier-lab-<theme>.png` in DIR (default: a temporary folder) and
prints their paths. This is JupyterLab's CSS on the kernel's real output, not a live
JupyterLab: its page around the output (toolbar, side panels) is not drawn.
Needs Chromium (tools/chromium.py) and the `test` extra (nbclient, ipykernel).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tools import chromium

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
KERNEL = "mmg-this-python"


def kernel_of_this_interpreter(folder: Path) -> str:
    """A kernel spec running this interpreter (whatever kernels the machine has), found
    through JUPYTER_PATH, which this sets for the process."""
    spec = folder / "kernels" / KERNEL
    spec.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": KERNEL, "language": "python"})
    )
    os.environ["JUPYTER_PATH"] = str(folder)
    return KERNEL


def run_verifier(notebook: Path, work: Path, lang: str = "fr", extra_cells: Sequence[str] = ()) -> Path:
    """A notebook beside a copy of `notebook` that calls `verifier()` on it (then runs
    `extra_cells`), run by a real kernel; returns the executed notebook's path."""
    import nbclient
    import nbformat

    work.mkdir(parents=True, exist_ok=True)
    graded = work / "mon_td.ipynb"
    shutil.copy(notebook, graded)
    check = nbformat.v4.new_notebook()
    check.cells = [
        nbformat.v4.new_markdown_cell("Vérification de `mon_td.ipynb`"),
        nbformat.v4.new_code_cell(f'from grader import verifier\n\nverifier("mon_td.ipynb", lang="{lang}")'),
        *(nbformat.v4.new_code_cell(source) for source in extra_cells),
    ]
    kernel = kernel_of_this_interpreter(work / "jupyter")
    client = nbclient.NotebookClient(
        check, kernel_name=kernel, timeout=300, allow_errors=True, resources={"metadata": {"path": str(work)}}
    )
    client.execute()
    executed = work / "verification.ipynb"
    nbformat.write(check, str(executed))
    return executed


def lab_html(executed: Path, target: Path, theme: str = "light") -> Path:
    """The executed notebook as nbconvert's `lab` template writes it: JupyterLab's own
    stylesheet around the outputs, as JupyterLab and Notebook 7 style them."""
    import nbformat
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab", theme=theme)
    body, _ = exporter.from_notebook_node(nbformat.read(str(executed), as_version=4))
    target.write_text(body, encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--out", type=Path, help="where the files go (default: a temporary folder)")
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    parser.add_argument("--height", type=int, default=2400, help="screenshot height in pixels")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="mmg-lab-"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mmg-lab-run-") as work:
        executed = run_verifier(args.notebook, Path(work), args.lang)
        page = lab_html(executed, out / "verifier-lab.html", args.theme)
    png = chromium.screenshot(page, out / f"verifier-lab-{args.theme}.png", width=1100, height=args.height)
    print(page)
    print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
