"""The reports' sentences (statuses, failures and their causes, the pages and tables): their
French and English are in the `text.toml` beside this file. `tr` reads the words every wing
shares too, and `grader.model.text` says how the tables work."""

from __future__ import annotations

from ..model.text import Words
from ..model.text import tr as _below

tr = Words.load(__package__, "render", below=_below)

STATUS = Words.load(__package__, "status")

# How many copies of a class are in each state (the HTML index): one, then several
STATUS_ONE = Words.load(__package__, "status_one")

STATUS_MANY = Words.load(__package__, "status_many")

CHECK_STATUS = Words.load(__package__, "check")

REASON = Words.load(__package__, "reason")

COPY_RULE = Words.load(__package__, "copy_rule")

UNIT = Words.load(__package__, "unit")

CRASH = Words.load(__package__, "crash")

CELL_HINT = Words.load(__package__, "cell_hint")

BLOCK_HINT = Words.load(__package__, "block_hint")
