"""minimax-grader: grades French TD notebooks on two-player games and minimax."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # `import grader` stays light
    import os

    from .model.results import SubmissionResult

__version__ = "0.2.0"


def verifier(
    notebook: str | os.PathLike[str] | None = None, question: str | None = None, **options: Any
) -> None:
    """In Jupyter: grade the notebook being edited (its saved file) and show the report.

    `verifier()`, `verifier("mon_td.ipynb")`, `verifier(question="Q14")`; see
    `grader.app.notebook.verifier`. Imported on call, so that `import grader` stays light.
    Returns None: the report is shown, nothing follows it (the result: `resultat()`).
    """
    from .app.notebook import verifier as run

    run(notebook, question, **options)


def resultat(notebook: str | os.PathLike[str] | None = None, **options: Any) -> SubmissionResult:
    """For a script: the result of the saved notebook (`.mark20`, `.questions`...),
    graded as `verifier()` grades it, nothing shown; see `grader.app.notebook.resultat`."""
    from .app.notebook import resultat as run

    return run(notebook, **options)
