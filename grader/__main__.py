"""`python -m grader mon_td.ipynb`: the same command as grade.py and minimax-grader."""

import sys

from .cli import main

sys.exit(main())
