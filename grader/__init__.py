"""minimax-grader: grades French TD notebooks on two-player games and minimax."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # `import grader` stays light
    import os

    from .results import SubmissionResult

__version__ = "0.1.0"


def verifier(
    notebook: str | os.PathLike[str] | None = None, question: str | None = None, **options: Any
) -> SubmissionResult | None:
    """In Jupyter: grade the notebook being edited (its saved file) and show the report.

    `verifier()`, `verifier("mon_td.ipynb")`, `verifier(question="Q14")`; see
    `grader.notebook.verifier`. Imported on call, so that `import grader` stays light.
    """
    from .notebook import verifier as run

    return run(notebook, question, **options)
