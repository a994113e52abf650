"""minimax-grader: grades French TD notebooks on two-player games and minimax."""

__version__ = "0.1.0"


def verifier(notebook=None, question=None, **options):
    """In Jupyter: grade the notebook being edited (its saved file) and show the report.

    `verifier()`, `verifier("mon_td.ipynb")`, `verifier(question="Q14")`; see
    `grader.notebook.verifier`. Imported on call, so that `import grader` stays light.
    """
    from .notebook import verifier as run

    return run(notebook, question, **options)
