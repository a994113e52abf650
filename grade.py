#!/usr/bin/env python3
"""Grade TD notebooks on minimax: `python grade.py mon_td.ipynb` (see README.md)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from grader.app.cli import run

if __name__ == "__main__":
    run()
