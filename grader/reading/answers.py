"""A student's own answer to a question graded by hand, found in their file (pure).

Puissance4's Q16 asks which nodes alpha-beta would not explore: the answer is prose,
in a markdown cell (`**Q16.** …`), sometimes with a cell or two after it. The teacher
grades it from the class's pages, where it is shown next to the answer key: the cells
from the question's heading up to the next question's (a heading, another question's
number, or a cell defining a function another question asks for).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_CELLS = 8
MAX_CHARS = 4_000
"""What a page shows of one answer: enough to grade it, not a whole notebook."""
# Blanks within a line only ([ \t], not \s): `^\s*` would run over every following blank
# line from each line's start, quadratic in a cell of blank lines (student text).
_MARKER = re.compile(r"^[ \t#*_>\-]*(?:Q|Question[ \t]*)(\d+)(?!\d)", re.IGNORECASE | re.MULTILINE)
_HEADING = re.compile(r"^[ \t]*#", re.MULTILINE)


@dataclass(frozen=True)
class NotebookCell:
    """One cell as the notebook holds it (plain data, untrusted)."""

    kind: str
    """`markdown`, `code` or `raw`."""
    source: str
    outputs: tuple[dict[str, Any], ...] = ()
    attachments: dict[str, Any] = field(default_factory=dict)


def read_cells(text: str) -> list[NotebookCell]:
    """The cells of a notebook's JSON text, read defensively; [] when it is not one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    cells = data.get("cells") if isinstance(data, dict) else None
    if not isinstance(cells, list):
        return []
    found = []
    for cell in cells:
        if not isinstance(cell, dict):
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(part for part in source if isinstance(part, str))
        if not isinstance(source, str):
            continue
        outputs = cell.get("outputs")
        attachments = cell.get("attachments")
        found.append(
            NotebookCell(
                str(cell.get("cell_type", "")),
                source,
                tuple(o for o in outputs if isinstance(o, dict)) if isinstance(outputs, list) else (),
                attachments if isinstance(attachments, dict) else {},
            )
        )
    return found


def notebook_cells(text: str) -> list[tuple[str, str]]:
    """(type, source) of every cell of a notebook's JSON text; [] when it is not one."""
    return [(cell.kind, cell.source) for cell in read_cells(text)]


def module_cells(text: str) -> list[tuple[str, str]]:
    """A module's lines as cells: each comment or docstring block (its prose), and each
    block of code between them."""
    blocks: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        kind = "markdown" if line.lstrip().startswith("#") else "code"
        if blocks and blocks[-1][0] == kind:
            blocks[-1][1].append(line)  # joined once at the end: linear in the file's size
        else:
            blocks.append((kind, [line]))
    return [(kind, "\n".join(lines)) for kind, lines in blocks]


def manual_answers(
    cells: Sequence[tuple[str, str]], questions: Iterable[tuple[str, bool, Sequence[str]]]
) -> dict[str, str]:
    """The answer to each manual question: `questions` is (id, manual, names it asks
    for) of every question, in the sheet's order; "" when no heading names it."""
    return {qid: _answer(cells, span) for qid, span in answer_spans(cells, questions).items()}


def answer_spans(
    cells: Sequence[tuple[str, str]], questions: Iterable[tuple[str, bool, Sequence[str]]]
) -> dict[str, range]:
    """Which cells answer each manual question (the marking page shows them with their
    outputs): `questions` as for `manual_answers`; an empty range when no heading names it."""
    questions = list(questions)
    spans = {}
    for qid, manual, _ in questions:
        if manual:
            others = {name for other, _, names in questions if other != qid for name in names}
            spans[qid] = _span(cells, _number(qid), others)
    return spans


def _number(qid: str) -> str:
    found = re.search(r"\d+", qid)
    return found.group(0) if found else qid


def _span(cells: Sequence[tuple[str, str]], number: str, others: set[str]) -> range:
    """The cells from the one naming the question to the next question (a heading,
    another question's number, a cell defining a function another question asks for),
    at most MAX_CELLS; empty when no cell names it."""
    start = next((i for i, (_, text) in enumerate(cells) if number in _markers(text)), None)
    if start is None:
        return range(0)
    end = start + 1
    for kind, text in cells[start + 1 : start + MAX_CELLS]:
        markers = _markers(text)
        if (markers and number not in markers) or (kind == "markdown" and _HEADING.match(text)):
            break
        if kind == "code" and _defines(text, others):
            break
        end += 1
    return range(start, end)


def _answer(cells: Sequence[tuple[str, str]], span: range) -> str:
    answer = "\n\n".join(text.strip() for _, text in (cells[i] for i in span) if text.strip())
    return answer if len(answer) <= MAX_CHARS else answer[: MAX_CHARS - 1] + "…"


def _markers(text: str) -> set[str]:
    return {match.group(1) for match in _MARKER.finditer(text)}


def _defines(text: str, names: set[str]) -> bool:
    return any(
        re.search(
            rf"^[ \t]*(?:def[ \t]+{re.escape(name)}[ \t]*\(|{re.escape(name)}[ \t]*=)", text, re.MULTILINE
        )
        for name in names
    )
