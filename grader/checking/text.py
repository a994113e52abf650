"""The checks' own sentences, each key with its French and English side by side in the
`text.toml` beside this file, from which the table here is read.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.model.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from typing import Any

from ..model.text import Text, Words
from ..model.text import tr as _below

tr = Words.load(__package__, "checking", below=_below)


def both(key: str, **values: Any) -> Text:
    """The sentence of `key` in both languages, as one `Text` (a `Text` among `values` is
    read in each language)."""
    return Text(tr("fr", key, **values), tr("en", key, **values))
