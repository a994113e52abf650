"""`python -m grader mon_td.ipynb`: the same command as grade.py and minimax-grader."""

from .cli import run

run()
