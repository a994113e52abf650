"""The similarity report's sentences, each key with its French and English side by side in the
`text.toml` beside this file, from which each table here is read.

`say(lang, key, **values)` reads these, then the reports' (`grader.render.text`: the
footer...); a key none of them holds is an error (`grader.model.text.Words`)."""

from __future__ import annotations

from ..model.text import Words
from ..render.text import tr as _below

say = Words.load(__package__, "similarity", below=_below)

LEFT_OUT = Words.load(__package__, "left_out")
"""Why a copy was not compared, by its reason (`compare.LeftOut.reason`)."""
