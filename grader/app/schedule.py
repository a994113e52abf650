"""In which order a parallel batch starts its submissions (the reports keep the folder's).

A pool's processes take submissions in the order given. The last one started decides
when the batch ends: a slow one started last keeps one core busy after the others are
done (the class of `benchmarks/bench_vs_nbgrader.py` ended that way: its numpy
notebook, near the end of the folder, ran alone at the end). Submissions that import a
heavy library are slower than the others on every count: the worker imports it, and
code on small numpy arrays runs several times slower than on lists. They start first;
the others keep their order (docs/explanation/performance.md#both-cores-busy-in-a-batch).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..reading.files import read_regular

HEAVY = ("numpy", "pandas", "scipy", "matplotlib", "sklearn", "sympy", "torch", "networkx", "PIL")
"""Libraries whose import alone is a large share of a worker's work
(docs/explanation/performance.md#the-figures-behind-the-codes-choices)."""

READ_BYTES = 1 << 20
"""Of each file, what is looked at (a 20 MB notebook is read once, by the grading)."""

_IMPORTS_HEAVY = re.compile(
    # A line of code starts a line of a .py; in a notebook's JSON, a source string (after
    # its quote) or a line inside one (after an escaped line break).
    r'(?:^|"|\\n)[ \t]*(?:import|from)[ \t]+(?:' + "|".join(HEAVY) + r')\b',
    re.MULTILINE,
)


def looks_heavy(text: str) -> bool:
    """Whether the code in `text` (a .py, or a notebook's JSON) imports a HEAVY library."""
    return _IMPORTS_HEAVY.search(text) is not None


def start_order(files: list[Path]) -> list[Path]:
    """`files` with the heavy ones first, each group in its own order. A file that
    cannot be read keeps its place among the others: grading reports it."""

    def heavy(path: Path) -> bool:
        try:  # the start only (a huge file is refused later), as the grading reads it
            return looks_heavy(read_regular(path, READ_BYTES, partial=True).decode("utf-8", errors="replace"))
        except OSError:
            return False

    flags = [heavy(path) for path in files]
    return [p for p, h in zip(files, flags, strict=True) if h] + [
        p for p, h in zip(files, flags, strict=True) if not h
    ]
