"""`python -m grader mon_td.ipynb`: the same command as grade.py and minimax-grader."""

from .app.cli import run

run()
