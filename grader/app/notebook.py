"""`verifier()`: the report of the notebook being edited, shown in the cell's output.

A student types `from grader import verifier; verifier()` in Jupyter (classic, Lab,
VS Code). The saved file is graded by the same engine as `grade.py` (its own worker
process, its own isolation), and the report is the HTML page of `--html`, embedded
with its stylesheet scoped to the output so that it cannot restyle the notebook.

`verifier()` shows the report and returns None, so that, as the last line of a cell, it
adds no `Out[...]` under the report; a script that wants the result calls `resultat()`
(docs/how-to/verifier-in-jupyter.md).
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
import os
import re
import sys
import warnings
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.results import SubmissionResult
from ..model.settings import Settings
from .text import tr

if TYPE_CHECKING:
    from ..checking.declare import Registry

log = logging.getLogger(__name__)

SCOPE = "mmg-report"
"""The class of the element holding the report: every CSS rule is scoped under it."""
SCOPE_SELECTOR = f":is(.{SCOPE}, #{SCOPE})"
"""What every rule of the report is scoped under: it matches by the class, and weighs
as an id (`:is()` takes its most specific argument's weight), so that the report's
rules outweigh the front end's (JupyterLab's `:not(.jp-RenderedMarkdown)
.jp-RenderedHTMLCommon td { text-align: right }` weighs two classes and an element)
whatever the order of the stylesheets."""
NEWEST_MARGIN_S = 1.0
"""How much newer the most recent notebook of the folder must be to be taken for the
one being edited (closer than that, which one is meant is left to the student)."""


class NotebookNotFound(Exception):
    """The notebook to grade could not be told: the message says what to type."""


class UnknownQuestion(ValueError):
    """`verifier(question=...)` named no question of the exercise; carries the ids."""


def verifier(
    notebook: str | os.PathLike[str] | None = None,
    question: str | None = None,
    *,
    lang: str = "fr",
    exercise: str | None = None,
    exercises: Registry | None = None,
) -> None:
    """Grade the saved notebook and show its report, once: in the cell's output in
    Jupyter (HTML, or text in a terminal IPython), on standard output in a script.

    `notebook`: its path; found from the Jupyter session when omitted. `question`: show
    that question only (`"Q14"`). `exercises`: the TDs to grade against (the installed
    ones by default: `grader.registry.installed`). Returns None, so that nothing follows
    the report (the result itself: `resultat()`).
    """
    shell = _ipython()
    try:
        path = find_notebook(notebook, shell, lang)
    except NotebookNotFound as exc:  # a sentence to act on, not a traceback
        _show(shell, str(exc), f"<p><strong>{_escape(str(exc))}</strong></p>")
        return
    result = _graded(path, lang, exercise, exercises)
    notes = saved_notes(path, shell, lang)
    if result.isolation_weak:  # what it means for the student, in one sentence
        notes.append(tr(lang, "isolation.self_check_weak", mode=result.isolation_name))
    try:
        html = report_html(result, lang, question, notes)
        text = report_text(result, lang, question, notes)
    except UnknownQuestion as exc:
        message = tr(lang, "verifier.no_question", question=question, names=str(exc))
        _show(shell, message, f"<p><strong>{_escape(message)}</strong></p>")
        return
    _show(shell, text, html)


def resultat(
    notebook: str | os.PathLike[str] | None = None,
    *,
    lang: str = "fr",
    exercise: str | None = None,
    exercises: Registry | None = None,
) -> SubmissionResult:
    """The result of the saved notebook, graded as `verifier()` grades it, nothing shown:
    for a script (`resultat("mon_td.ipynb").mark20`). Raises NotebookNotFound when the
    notebook cannot be told (its message says what to type)."""
    path = find_notebook(notebook, _ipython(), lang)
    return _graded(path, lang, exercise, exercises)


def _graded(path: Path, lang: str, exercise: str | None, exercises: Registry | None) -> SubmissionResult:
    result = _grade(path, Settings(exercise=exercise, lang=lang, jobs=1), exercises)
    return replace(result, student=path.name)  # the page's heading, as the class reports name a file


def _show(shell: Any, text: str, html: str) -> None:
    """The report, once: Jupyter picks the HTML, a terminal IPython the text; without
    IPython (a script), the text on standard output."""
    if shell is None:
        sys.stdout.write(text + "\n")
        return
    from IPython.display import display

    display({"text/html": html, "text/plain": text}, raw=True)


def _escape(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))


def _grade(path: Path, settings: Settings, exercises: Registry | None) -> SubmissionResult:
    from .runner import grade_file  # imported on first use: `import grader` stays light

    return grade_file(path, settings, exercises)


def _ipython() -> Any:
    try:  # from where it is defined: IPython 8 does not re-export it (strict mypy)
        from IPython.core.getipython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def find_notebook(
    given: str | os.PathLike[str] | None, shell: Any, lang: str, folder: Path | None = None
) -> Path:
    """The notebook to grade: the one given, else the session's, else the folder's only
    (or clearly most recently saved) notebook; raises NotebookNotFound otherwise."""
    folder = folder or Path.cwd()
    if given is not None:
        path = Path(given).expanduser()
        if not path.is_file():
            raise NotebookNotFound(tr(lang, "verifier.missing", path=path))
        return path
    for candidate in _session_paths(shell, folder):
        if candidate.suffix == ".ipynb" and candidate.is_file():
            return candidate
    notebooks = sorted(
        (p for p in folder.glob("*.ipynb") if p.is_file()), key=lambda p: p.stat().st_mtime, reverse=True
    )
    if len(notebooks) == 1:
        return notebooks[0]
    if len(notebooks) > 1 and notebooks[0].stat().st_mtime - notebooks[1].stat().st_mtime > NEWEST_MARGIN_S:
        return notebooks[0]
    names = ", ".join(p.name for p in notebooks) or "—"
    raise NotebookNotFound(tr(lang, "verifier.which", folder=folder, names=names))


def _session_paths(shell: Any, folder: Path) -> list[Path]:
    """Where the session says the notebook is: VS Code's `__vsc_ipynb_file__` (absolute),
    then the Jupyter server's `JPY_SESSION_NAME` (absolute in recent servers, relative to
    the server's root in older ones; the kernel runs in the notebook's folder)."""
    paths = []
    user_ns = getattr(shell, "user_ns", None) or {}
    if user_ns.get("__vsc_ipynb_file__"):
        paths.append(Path(user_ns["__vsc_ipynb_file__"]))
    session = os.environ.get("JPY_SESSION_NAME", "")
    if session:
        paths += [Path(session), folder / Path(session).name]
    return paths


def saved_notes(path: Path, shell: Any, lang: str) -> list[str]:
    """What to say about the saved file: when it was saved, and whether cells run in
    this session are missing from it (changes not saved yet)."""
    saved = datetime.datetime.fromtimestamp(path.stat().st_mtime).strftime("%H:%M:%S")
    notes = [tr(lang, "verifier.saved", name=path.name, time=saved)]
    if shell is not None and unsaved_cells(path, shell):
        notes.append(tr(lang, "verifier.unsaved"))
    return notes


def unsaved_cells(path: Path, shell: Any) -> int:
    """Cells run in this session whose source is not in the saved file (the cell running
    `verifier()` itself excepted): cheap, and what "not saved" means to a student."""
    history = getattr(getattr(shell, "history_manager", None), "input_hist_raw", None) or []
    try:
        import nbformat

        with warnings.catch_warnings():  # a notebook without cell ids is fine here
            warnings.simplefilter("ignore")
            saved_notebook = nbformat.read(str(path), as_version=4)
    except Exception:  # an unreadable file is reported by the grading itself
        return 0
    saved = {_squeeze(cell.get("source", "")) for cell in saved_notebook.cells}
    run = [_squeeze(source) for source in list(history)[1:-1]]
    return sum(1 for source in run if source and source not in saved)


def _squeeze(source: Any) -> str:
    if isinstance(source, list):
        source = "".join(source)
    return re.sub(r"\s+", " ", str(source)).strip()


def only_question(result: SubmissionResult, question: str | None) -> SubmissionResult:
    """The result restricted to one question (`q14` or `Q14`), for `verifier(question=...)`."""
    if question is None or not result.graded:
        return result
    wanted = question.strip().upper()
    wanted = wanted if wanted.startswith("Q") else f"Q{wanted}"
    kept = [q for q in result.questions if q.id.upper() == wanted]
    if not kept:
        raise UnknownQuestion(", ".join(q.id for q in result.questions))
    return dataclasses.replace(result, questions=kept, printed="")


def report_html(result: SubmissionResult, lang: str, question: str | None, notes: list[str]) -> str:
    """The `--html` page of the submission as a fragment: its CSS scoped to the report."""
    from ..render.html_report import submission_page

    shown = only_question(result, question)
    page = submission_page(
        shown,
        lang,
        embedded=True,
        only=shown.questions[0].id if question is not None and shown.graded else None,
    )
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    body = re.search(r"<body>(.*)</body>", page, re.S)
    css = scope_css(style.group(1) if style else "", SCOPE_SELECTOR)
    banner = "".join(f'<div class="box info small">{_escape(note)}</div>' for note in notes)
    return f'<div class="{SCOPE}"><style>{css}</style>{banner}{body.group(1) if body else page}</div>'


def report_text(result: SubmissionResult, lang: str, question: str | None, notes: list[str]) -> str:
    """The terminal report: what a console without HTML shows."""
    from ..render.terminal import render_submission

    text = render_submission(only_question(result, question), lang)
    if question is not None and result.graded:
        text = text.rsplit("\n", 1)[0]  # the total of one question would read as the mark
    return "\n".join([*notes, text])


def scope_css(css: str, scope: str) -> str:
    """Every rule of `css` restricted to the elements under `scope`; at-rules (`@page`,
    `@media print`) dropped: they would apply to the whole notebook page; comments too."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out, pos = [], 0
    while True:
        start = css.find("{", pos)
        if start < 0:
            break
        selectors = css[pos:start].strip()
        depth, end = 1, start + 1
        while depth and end < len(css):
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        if not selectors.startswith("@"):
            scoped = ", ".join(_scope_selector(s.strip(), scope) for s in selectors.split(","))
            out.append(f"{scoped} {css[start:end]}")
        pos = end
    return "\n".join(out)


def _scope_selector(selector: str, scope: str) -> str:
    if selector in (":root", "body", "html"):
        return scope
    return f"{scope} {selector}"
