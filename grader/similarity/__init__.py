"""The similarity report of a class (`--similarity DIR`): which pairs of copies of one
exercise are unusually alike in the code their students wrote.

    extract.py       a copy's code, function by function (pure but for reading)
    normalise.py     a function's tree rewritten so that a disguise does not hide it (pure)
    fingerprints.py  each function's winnowed fingerprints (copydetect's winnowing)
    score.py         the pairs scored against the class (pure)
    compare.py       the pass over a class: the model the reports render
    given.py         the code every copy may share (the sheet's, the reference's)
    report.py        pairs.csv and index.html (templates/)

It needs the `similarity` extra (copydetect); nothing of it is imported unless the
report is asked for. The method and its reasons: docs/similarity.md.
"""

from __future__ import annotations

import importlib.util

EXTRA_MODULE = "copydetect"


def missing_extra(lang: str = "fr") -> str | None:
    """What to install when the `similarity` extra is missing, else None (nothing is
    imported to find out)."""
    try:
        found = importlib.util.find_spec(EXTRA_MODULE) is not None
    except (ImportError, ValueError):
        found = False
    if found:
        return None
    from .text import say

    return say(lang, "sim.missing_extra")
