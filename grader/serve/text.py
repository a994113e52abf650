"""The marking page's sentences: their French and English are in the `text.toml` beside this file.
`tr` reads the wing below too (`grader.marking.text`), and `grader.model.text` says how the
tables work."""

from __future__ import annotations

from ..marking.text import tr as _below
from ..model.text import Words

tr = Words.load(__package__, "serve", below=_below)
