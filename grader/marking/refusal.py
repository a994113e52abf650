"""A teacher's file the grader refuses, said in one sentence: the one base of marking's errors.

Each error (a class list, a barème, a manual table, a worksheet...) carries its `reason`,
a key of the table of sentences named beside it (`words`), and the `values` that sentence
names; `why(lang)` says it. A caller asks the error rather than looking its sentence up,
so the table a reason belongs to is named once, and `tests/model/test_words.py` checks
that every reason an error is raised with is a key of it.
"""

from __future__ import annotations

from typing import Any

from ..model.text import Words


class Refusal(ValueError):
    """Why a file is refused: a `reason` of the table `words`, filled with `values`.

    A ValueError, as each error was before it had this base: a caller's `except` catches
    what it caught.
    """

    words: Words
    """The sentences whose keys are this error's reasons (a subclass names its table)."""

    def __init__(self, reason: str, **values: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.values = values
        """The placeholders its sentence names (`detail`, `path`...)."""

    def why(self, lang: str) -> str:
        """The sentence of `reason` in `lang`, with its values."""
        return self.words(lang, self.reason, **self.values)

    def __str__(self) -> str:  # a diagnostic (a traceback, a log); the teacher reads `why`
        return f"{self.reason} {self.values}" if self.values else self.reason
