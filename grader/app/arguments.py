"""The command line's parser in the reader's language, argparse's own lines included.

argparse writes "usage:", "positional arguments", "options", "show this help message
and exit" and its errors in English; a French teacher or student reading `--help` or a
mistyped option gets them in French here, with the command named as they typed it, section
titles as French typography writes them (`options :`), and an error as one line with a
pointer to `--help`. The
language is read from `--lang` before parsing, so that `--lang en --help` is English.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any, NoReturn

from .text import ARGUMENT_TYPE, tr

ENTRY_SCRIPTS = {"__main__.py": "python -m grader"}
"""argv[0] of `python -m grader`, named as it was typed."""

_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.S), key)
    for pattern, key in (
        (r"the following arguments are required: (?P<names>.*)", "cli.error.required"),
        (r"unrecognized arguments: (?P<names>.*)", "cli.error.unrecognized"),
        (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)", "cli.error.ambiguous"),
        (r"invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)", "cli.error.choice"),
        (r"invalid (?P<type>\w+) value: (?P<value>.*)", "cli.error.type"),
        (r"expected one argument", "cli.error.one"),
        (r"expected at least one argument", "cli.error.at_least_one"),
        (r"ignored explicit argument (?P<value>.*)", "cli.error.explicit"),
    )
)
"""argparse's error messages (the English its versions 3.10 to 3.14 write), and ours."""
_ARGUMENT = re.compile(r"argument (?P<name>.+?): (?P<message>.*)", re.S)


def prog_name(argv0: str | None = None) -> str:
    """The command as typed: `grade.py`, `minimax-grader` or `python -m grader`."""
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    return ENTRY_SCRIPTS.get(name, name) or "minimax-grader"


def lang_of(argv: Sequence[str], default: str, langs: Sequence[str]) -> str:
    """The language `--lang` asks for (`--lang en`, `--lang=en`, `--la en`), read before
    parsing so that the help and the errors are worded in it; `default` otherwise."""
    lang = default
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if len(name) >= 3 and "--lang".startswith(name):  # argparse accepts a prefix
            value = value if equals else (argv[i + 1] if i + 1 < len(argv) else "")
            lang = value if value in langs else lang
    return lang


def translated_error(message: str, lang: str) -> str:
    """One of argparse's error messages in `lang` (as it is when not recognised)."""
    argument = _ARGUMENT.fullmatch(message)
    inner = argument.group("message") if argument else message
    for pattern, key in _ERRORS:
        found = pattern.fullmatch(inner)
        if found:
            values = found.groupdict()
            if "type" in values:  # `float` is Python's word: "un nombre"
                values["type"] = ARGUMENT_TYPE(lang, values["type"])
            inner = tr(lang, key, **values)
            break
    return tr(lang, "cli.error.argument", name=argument.group("name"), message=inner) if argument else inner


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str, usage_prefix: str = "usage: ", **options: Any) -> None:
        super().__init__(prog, **options)
        self._usage_prefix = usage_prefix

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self._usage_prefix if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose own words (usage, section titles, `-h`, errors) are in `lang`."""

    def __init__(self, lang: str, **options: Any) -> None:
        self.lang = lang
        super().__init__(
            add_help=False,
            formatter_class=partial(_Formatter, usage_prefix=tr(lang, "cli.usage")),
            **options,
        )
        self._positionals.title = tr(lang, "cli.positionals")
        self._optionals.title = tr(lang, "cli.options")
        self.add_argument("-h", "--help", action="help", help=tr(lang, "cli.help"))

    def error(self, message: str) -> NoReturn:
        """One line that says what is wrong, and where the help is (the usage block of
        sixteen lines buried it)."""
        text = tr(self.lang, "cli.error", prog=self.prog, message=translated_error(message, self.lang))
        self.exit(2, text + "\n" + tr(self.lang, "cli.see_help", prog=self.prog) + "\n")
