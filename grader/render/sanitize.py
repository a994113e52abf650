"""Making student text safe to write in a report (pure functions, one job each).

Every string a submission controls (messages, names, printed output, file and folder
names) may hold control characters (clear screen, cursor moves), a NUL or lone
surrogates (not well-formed XML, not encodable as UTF-8), bidirectional controls and
invisible characters (a right-to-left override makes `fdp.exe` read `exe.pdf`, a
zero-width space makes two names look alike), a spreadsheet formula, or a line that a CI
runner reads as a command (`::stop-commands::`, `##[error]`). Every
renderer passes its text through `safe_text` (or the variant of its format), so the
rule is written once.
"""

from __future__ import annotations

import logging
import re

_INVISIBLE = "\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff"
"""Bidirectional controls (the Arabic letter mark, LRM/RLM, the embeddings and overrides
U+202A-202E, the isolates U+2066-2069) and invisible format characters (zero-width
space, joiners, word joiner and invisible operators, BOM): what a terminal, a
spreadsheet or a browser acts on without showing it."""
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff" + _INVISIBLE + "]")
"""Characters shown as escapes: C0 and C1 controls (tab and newline kept), DEL, the
Unicode line separators, lone surrogates, non-characters (invalid in XML) and the
invisible characters above."""
_COMMAND_LINE = re.compile(r"^([ \t]*)(::|##\[)", re.MULTILINE)
"""A line that GitHub Actions (`::`) or Azure Pipelines (`##[`) would run as a command."""
COMMAND_GUARD = "› "
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet evaluate a cell (OWASP's list for CSV injection)."""


def _escape_char(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """Control characters, lone surrogates and non-characters as visible `\\xNN`."""
    return _CONTROL.sub(_escape_char, text)


def neutralise_commands(text: str) -> str:
    """No line may start (after blanks) with `::` or `##[`: such lines get a visible prefix."""
    return _COMMAND_LINE.sub(lambda m: m.group(1) + COMMAND_GUARD + m.group(2), text)


def safe_text(text: object) -> str:
    """Text fit for a terminal, a log, an annotation or an XML document.

    CR is escaped too (it would overwrite a line on a terminal); tabs and newlines stay.
    """
    if not isinstance(text, str):
        text = str(text)
    return neutralise_commands(escape_controls(text.replace("\r\n", "\n")).replace("\r", "\\r"))


def safe_line(text: object) -> str:
    """One line of text (a name, a path): newlines and tabs escaped too."""
    return safe_text(text).replace("\n", "\\n").replace("\t", "\\t")


def safe_cell(text: object) -> str:
    """A CSV cell holding student text: safe, and never read as a formula."""
    cell = safe_line(text)
    if cell.startswith(FORMULA_START):
        cell = "'" + cell  # the usual neutralisation: the cell becomes plain text
    return cell


_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\u2028\u2029\ud800-\udfff" + _INVISIBLE + "]")


def json_text_safe(text: str) -> str:
    """JSON text (from `json.dumps(..., ensure_ascii=False)`) with the characters it
    leaves raw (DEL, C1 controls, line separators, lone surrogates, bidirectional and
    invisible characters) as `\\uXXXX` escapes:
    they can only occur inside strings, so the JSON means the same and stays UTF-8."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class SafeFormatter(logging.Formatter):
    """Log records may quote student text (a file name, a message): made safe too."""

    def format(self, record: logging.LogRecord) -> str:
        return safe_text(super().format(record))
