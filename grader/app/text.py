"""The command line's sentences (its help, its usage errors, what it says before and after
grading): their French and English are in the `text.toml` beside this file. `tr` reads the wing
below too (`grader.serve.text`), and `grader.model.text` says how the tables work."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..model.text import Words
from ..serve.text import tr as _below

if TYPE_CHECKING:
    from ..sandbox.confine.reasons import Unavailable

tr = Words.load(__package__, "app", below=_below)

UNAVAILABLE = Words.load(__package__, "unavailable")

ARGUMENT_TYPE = Words.load(__package__, "cli.type")

OPTION_HELP = Words.load(__package__, "cli")


def unavailable(reasons: Iterable[Unavailable], lang: str) -> str:
    """Why isolations cannot work here (`grader.sandbox.confine.reasons`), in one line ("" for none)."""
    return "; ".join(UNAVAILABLE(lang, why.reason, detail=why.detail) for why in reasons)
