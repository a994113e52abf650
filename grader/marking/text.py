"""The sentences of marking a class (the barème file, the class record, the manual points, the
exports): their French and English are in the `text.toml` beside this file. `tr` reads the wing
below too (`grader.render.text`), and `grader.model.text` says how the tables work."""

from __future__ import annotations

from ..model.text import Words
from ..render.text import tr as _below

tr = Words.load(__package__, "marking", below=_below)

ROSTER_ERROR = Words.load(__package__, "roster.error")

BAREME_ERROR = Words.load(__package__, "bareme")

RUBRIC_ERROR = Words.load(__package__, "rubric")

MANUAL_FILE = Words.load(__package__, "manual.file")

MANUAL_EDIT = Words.load(__package__, "manual.edit")

MANUAL_REFUSED = Words.load(__package__, "manual.refused")

RECORD_REASON = Words.load(__package__, "record.reason")

MOODLE_ERROR = Words.load(__package__, "moodle.error")

CLASS_OPTION_HELP = Words.load(__package__, "class_option_help")
"""The class workflow's options (`marking/options.py`), worded in the parser's language."""
