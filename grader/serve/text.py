"""The marking page's sentences, each key with its French and English side by side in the
`text.toml` beside this file, from which each table here is read.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.marking.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from ..marking.text import tr as _below
from ..model.text import Words

tr = Words.load(__package__, "serve", below=_below)
