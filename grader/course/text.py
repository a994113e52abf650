"""The sentences of `python -m grader.course`: their French and English are in the `text.toml`
beside this file. `tr` reads the words every wing shares too, and `grader.model.text` says how
the tables work."""

from __future__ import annotations

from ..model.text import Words
from ..model.text import tr as _below

tr = Words.load(__package__, "course", below=_below)
