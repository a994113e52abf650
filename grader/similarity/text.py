"""The similarity report's sentences: their French and English are in the `text.toml` beside this
file. `say` reads the wing below too (`grader.render.text`), and `grader.model.text` says how
the tables work."""

from __future__ import annotations

from ..model.text import Words
from ..render.text import tr as _below

say = Words.load(__package__, "similarity", below=_below)

LEFT_OUT = Words.load(__package__, "left_out")
"""Why a copy was not compared, by its reason (`compare.LeftOut.reason`)."""
