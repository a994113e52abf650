"""The checks' own sentences: their French and English are in the `text.toml` beside this file.
`tr` reads the words every wing shares too, and `grader.model.text` says how the tables work."""

from __future__ import annotations

from typing import Any

from ..model.text import Text, Words
from ..model.text import tr as _below

tr = Words.load(__package__, "checking", below=_below)


def both(key: str, **values: Any) -> Text:
    """The sentence of `key` in both languages, as one `Text` (a `Text` among `values` is
    read in each language)."""
    return Text(tr("fr", key, **values), tr("en", key, **values))
