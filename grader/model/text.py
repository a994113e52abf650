"""The words a person reads: one form for every sentence, its French and English side by side.

- `Text(fr, en)` is one sentence in both languages. As a `str` it is the French (French is
  the default language of every report), so a consumer that does not choose still reads
  a whole sentence; `in_lang` picks the reader's language. An exercise's sentences (a
  check's description, a note) are `Text` values written beside its checks.
- `Words` is a wing's table of sentences, each key with its `Text`, kept next to the code
  that owns it: the wing's `text.toml` holds the sentences (`[table.key]`, its `fr` and
  `en`), its `text.py` names each table (`Words.load`), read from the file when a sentence
  is first asked for. A wing's table reads the sentences of the wings below it too
  (`below`: app, then serve, then marking, then render, then the words every wing shares
  here), as its code may import theirs. A key no table holds is an error, never a silent
  fallback to the other language or to the key itself; a text file missing or damaged is
  a broken install (`TextFileError`, naming the file), never a reason to guess.
- A family of sentences looked up by a value (a status, a reason code, an error's code)
  is a `Words` of its own, keyed by that value (`STATUS(lang, question.status)`): the
  value, written where it is produced, is its key, and no key is built from pieces.

`tests/model/test_words.py` reads every table: both languages in every entry, with the
same placeholders; every key a call names exists; every key is used somewhere; each entry
of a text file holds exactly its `fr` and `en`.
"""

from __future__ import annotations

import functools
import string
import sys
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from pathlib import Path
from typing import Any

TEXT_FILE = "text.toml"
"""The file of a wing's sentences, beside its `text.py`."""


class Text(str):
    """Text a person reads, in both languages; the renderer picks one with `in_lang`.

    As a `str` it is the French text (French is the default language of every report),
    so a consumer that does not choose still reads a whole sentence.
    """

    en: str

    def __new__(cls, fr: str, en: str) -> Text:
        text = super().__new__(cls, fr)
        text.en = en
        return text

    def __reduce__(self) -> tuple[type[Text], tuple[str, str]]:  # pickled across forked graders
        return (Text, (str(self), self.en))

    @property
    def fr(self) -> str:
        return str(self)


def in_lang(value: str, lang: str) -> str:
    """A plain string (code, a value as Python shows it) as is; a `Text` in `lang`."""
    if isinstance(value, Text) and lang == "en":
        return value.en
    return str(value)


class MissingWords(KeyError):
    """A key that no table holds: a bug of the grader (the fast tests look for them)."""


class TextFileError(BaseException):
    """A wing's text file missing or damaged: the install is broken (the message names the
    file); no sentence is guessed in its place. A BaseException, so that the guards that
    keep a batch going past one copy's grader bug (`except Exception`) do not swallow it:
    the run stops, and no copy is graded or reported without its words."""


class Words(Mapping[str, Text]):
    """A table of sentences: key -> `Text`, read by calling it, `words(lang, key, **values)`.

    `below`: the table of the wings below this one, read for a key this one does not hold.
    A key (or a family's value: an enum member is read as its value) that neither holds
    raises `MissingWords`.
    """

    def __init__(self, entries: Mapping[str, Text], below: Words | None = None, name: str = "") -> None:
        self._entries: dict[str, Text] | None = dict(entries)
        self._read: Callable[[], dict[str, Text]] | None = None
        self._below = below
        self.name = name
        """What the table is, for a missing key's message (`reason`, `status`...)."""

    @classmethod
    def load(cls, package: str, name: str, below: Words | None = None) -> Words:
        """The table `name` of the wing `package`'s `text.toml` (`[name.key]`, its `fr` and
        `en`). The file is read when a sentence of the wing is first asked for, once for all
        its tables: a run reads only the wings it speaks from."""
        words = cls({}, below, name)
        words._entries = None
        words._read = functools.partial(_file_table, package, name)
        return words

    def _own(self) -> dict[str, Text]:
        if self._entries is None:
            assert self._read is not None
            self._entries = self._read()
        return self._entries

    def entry(self, key: str | Enum) -> Text:
        """The sentence of `key`, here or below."""
        plain = key.value if isinstance(key, Enum) else key
        found = self._own().get(plain)
        if found is not None:
            return found
        if self._below is not None and plain in self._below:
            return self._below.entry(plain)
        raise MissingWords(f"{self.name or 'words'}: no sentence for {plain!r}")

    def __call__(self, lang: str, key: str | Enum, **values: Any) -> str:
        """The sentence of `key` in `lang`, filled with `values` (a `Text` among them in
        `lang` too)."""
        shown = {name: _shown(value, lang) for name, value in values.items()}
        return in_lang(self.entry(key), lang).format(**shown)

    def __getitem__(self, key: str) -> Text:
        return self.entry(key)

    def __contains__(self, key: object) -> bool:
        plain = key.value if isinstance(key, Enum) else key
        return plain in self._own() or (self._below is not None and plain in self._below)

    def __iter__(self) -> Iterator[str]:
        return iter(self._own())

    def __len__(self) -> int:
        return len(self._own())

    def own(self) -> Mapping[str, Text]:
        """This table's own entries, without those below."""
        return self._own()


def text_file(package: str) -> Path:
    """Where the wing `package` (`grader.render`) keeps its sentences."""
    return Path(sys.modules[package].__file__ or "").parent / TEXT_FILE


def _file_table(package: str, name: str) -> dict[str, Text]:
    tables = _text_file(package)
    if name not in tables:
        raise TextFileError(f"{text_file(package)}: no table [{name}] (the grader's install is broken)")
    return tables[name]


@functools.cache
def _text_file(package: str) -> dict[str, dict[str, Text]]:
    """Every table of the wing's text file, read once: table -> key -> `Text`."""
    path = text_file(package)
    try:
        return read_text_file(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # tomllib's error is a ValueError
        raise TextFileError(f"{path}: {exc} (the grader's install is broken)") from exc


def read_text_file(source: str) -> dict[str, dict[str, Text]]:
    """The tables of a text file's source; a ValueError for anything but `[table.key]`
    sections holding exactly a `fr` and an `en` string."""
    from ..tomlfile import loads

    tables: dict[str, dict[str, Text]] = {}
    for name, entries in loads(source).items():
        if not isinstance(entries, dict):
            raise ValueError(f"{name} is not a table of sentences")
        tables[name] = {key: _entry(name, key, entry) for key, entry in entries.items()}
    return tables


def _entry(name: str, key: str, entry: object) -> Text:
    if not (isinstance(entry, dict) and set(entry) == {"fr", "en"}):
        raise ValueError(f"[{name}.{key}] must hold exactly fr and en")
    fr, en = entry["fr"], entry["en"]
    if not (isinstance(fr, str) and isinstance(en, str)):
        raise ValueError(f"[{name}.{key}]: fr and en must be strings")
    return Text(fr, en)


def placeholders(template: str) -> set[str]:
    """The names a sentence fills in (`{count}`, `{path}`): both languages must agree."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


DECIMAL_SEPARATORS = {"fr": ",", "en": "."}
"""How each language writes the decimal point (the CSV follows it too: French
spreadsheets read '14,5' as a number)."""


def _shown(value: Any, lang: str) -> Any:
    """A value as a sentence in `lang` shows it: a `Text` in that language, a float that
    the sentence formats as a number (`{points:g}`) with the language's decimal separator
    ('1,5'); a float without a format is left as Python writes it (a value of the
    student's, shown as it is)."""
    if isinstance(value, Text):
        return in_lang(value, lang)
    if type(value) is float:
        return _Decimal(value, DECIMAL_SEPARATORS.get(lang, DECIMAL_SEPARATORS["fr"]))
    return value


class _Decimal(float):
    separator: str

    def __new__(cls, value: float, separator: str) -> _Decimal:
        made = super().__new__(cls, value)
        made.separator = separator
        return made

    def __format__(self, spec: str) -> str:
        text = format(float(self), spec)
        return text.replace(".", self.separator) if spec else text


def number(value: float, lang: str) -> str:
    """A score, a mark or a duration as a teacher writes it in `lang`: 2.0 -> '2',
    14.5 -> '14,5' in French and '14.5' in English. Every report that a person reads
    writes its numbers with this function (machine formats keep Python's '14.5')."""
    text = f"{value:g}" if value == round(value, 4) else f"{value:.2f}"
    return text.replace(".", DECIMAL_SEPARATORS.get(lang, DECIMAL_SEPARATORS["fr"]))


tr = Words.load(__package__, "words")
"""The words several wings share."""
