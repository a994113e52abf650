"""A student's notebook cells as the marking page shows them: Markdown rendered, code and
its outputs, images; every piece inert (`grader.render.inert`) and capped (pure).

The cells are read by `grader.reading.answers.read_cells` (the notebook's JSON, cell by
cell), the same reading the answers are found in, so that the answer's span
(`answer_spans`) points at the same cells here. A `.py` copy is shown as its blocks of
code and comments (`grader.reading.answers.module_cells`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from markupsafe import Markup, escape

from .inert import clean_html, data_uri, markdown_html, svg_uri
from .sanitize import safe_text

MAX_TEXT = 5_000
MAX_LINES = 150
"""What a page shows of one output's text, as of the report's printed text."""
MAX_OUTPUTS = 12
MAX_CELLS = 400
"""A whole copy shown (an answer with no heading): at most this many cells."""
MARKDOWN_PAGE = 500_000
"""Characters of Markdown one page renders at most, cells and Markdown outputs together:
markdown-it spends about 11 µs on each `[` of `[[[…`, and the page answers one request at
a time (5 MB froze it for a minute at each view). Past it, the Markdown is shown as its
text; an honest notebook's is a few tens of thousands."""
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


class Cell(Protocol):
    """One cell as the notebook holds it (plain data, untrusted): what
    `grader.reading.answers.read_cells` reads."""

    @property
    def kind(self) -> str:
        """`markdown`, `code` or `raw`."""

    @property
    def source(self) -> str: ...

    @property
    def outputs(self) -> tuple[dict[str, Any], ...]: ...

    @property
    def attachments(self) -> dict[str, Any]: ...


def _text(value: Any) -> str | None:
    """A notebook's multi-line string (a string, or a list of lines); None otherwise."""
    if isinstance(value, list):
        return "".join(part for part in value if isinstance(part, str))
    return value if isinstance(value, str) else None


def plain_text(text: str) -> str:
    """Output text as shown: terminal escapes removed, capped in lines and characters."""
    text = _ANSI.sub("", text)
    lines = text.splitlines(keepends=True)
    shown = "".join(lines[:MAX_LINES])[:MAX_TEXT]
    if len(shown) < len(text):
        shown += f"\n[… +{len(text) - len(shown)}]"
    return safe_text(shown)


def cells_html(cells: Sequence[Cell], indexes: Iterable[int], word: str = "") -> Markup:
    """The cells at `indexes` as HTML, each in its own box; with `word` (`cellule`), each
    labelled with its number (the notebook's count of every cell, from 1, as the reports
    name cells)."""
    parts = []
    left = _Left(MARKDOWN_PAGE)
    for index in list(indexes)[:MAX_CELLS]:
        cell = cells[index]
        label = Markup('<div class="cell-label">{} {}</div>').format(word, index + 1) if word else Markup("")
        parts.append(
            Markup('<div class="cell cell-{}">{}{}</div>').format(
                cell.kind if cell.kind in ("markdown", "code") else "raw", label, _cell_body(cell, left)
            )
        )
    return Markup("").join(parts)


@dataclass
class _Left:
    """The Markdown a page may still render (`MARKDOWN_PAGE`), spent cell by cell."""

    chars: int

    def markdown(self, source: str, attachments: dict[str, Any] | None = None) -> Markup:
        """`source` rendered while the page's budget lasts, else shown as its text."""
        if len(source) > self.chars:
            return Markup('<pre class="source">{}</pre>').format(plain_text(source))
        self.chars -= len(source)
        return markdown_html(source, attachments)


def _cell_body(cell: Cell, left: _Left) -> Markup:
    if cell.kind == "markdown":
        return Markup('<div class="md">{}</div>').format(left.markdown(cell.source, cell.attachments))
    body = Markup('<pre class="source"><code>{}</code></pre>').format(safe_text(cell.source))
    outputs = [_output(output, left) for output in cell.outputs[:MAX_OUTPUTS]]
    return body + Markup("").join(o for o in outputs if o)


def _output(output: dict[str, Any], left: _Left) -> Markup:
    kind = output.get("output_type")
    if kind == "stream":
        text = _text(output.get("text", "")) or ""
        css = "out err" if output.get("name") == "stderr" else "out"
        return Markup('<pre class="{}">{}</pre>').format(css, plain_text(text))
    if kind == "error":
        trace = output.get("traceback")
        lines = [line for line in trace if isinstance(line, str)] if isinstance(trace, list) else []
        text = "\n".join(lines) or f"{output.get('ename', '')}: {output.get('evalue', '')}"
        return Markup('<pre class="out err">{}</pre>').format(plain_text(text))
    data = output.get("data")
    if kind in ("execute_result", "display_data") and isinstance(data, dict):
        return _rich(data, left)
    return Markup("")


def _rich(data: dict[str, Any], left: _Left) -> Markup:
    """The richest form of a display we show inert: an image, HTML, Markdown, text."""
    for mime in ("image/png", "image/jpeg", "image/gif", "image/webp"):
        payload = _text(data.get(mime))
        if payload is not None:
            uri = data_uri(mime, payload)
            return _image(uri) if uri else Markup('<p class="muted">[image]</p>')
    svg = _text(data.get("image/svg+xml"))
    if svg is not None:
        uri = svg_uri(svg)
        return _image(uri) if uri else Markup('<p class="muted">[image]</p>')
    html = _text(data.get("text/html"))
    if html is not None:
        return Markup('<div class="out html">{}</div>').format(clean_html(html[: MAX_TEXT * 20]))
    markdown = _text(data.get("text/markdown"))
    if markdown is not None:
        return Markup('<div class="out md">{}</div>').format(left.markdown(markdown[: MAX_TEXT * 4]))
    text = _text(data.get("text/plain"))
    if text is not None:
        return Markup('<pre class="out">{}</pre>').format(plain_text(text))
    return Markup("")


def _image(uri: str) -> Markup:
    return Markup('<img class="out" alt="" src="{}">').format(uri)


def escaped(text: str) -> Markup:
    """Text shown as it is (the record's answer, when the copy's file is gone)."""
    return Markup('<pre class="source">{}</pre>').format(escape(safe_text(text)))
