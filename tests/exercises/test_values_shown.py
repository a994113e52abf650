"""Values are printed as values (issue 39 item 5): an expected value the checks write as
ready text is shown as text, never as a quoted Python string."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.exercises.test_checks_in_process import grade_source, reference_source

ROOT = Path(__file__).resolve().parents[2]


def test_a_minimax_returning_the_score_alone_is_shown_the_triple_it_owes():
    # The reference's minimax renamed, and a minimax that returns its score alone: on the
    # article's one-move position (a draw) the triple owed is [x, y, 0], shown unquoted.
    source = re.sub(r"\bminimax\(", "_search(", reference_source("morpion"))
    source += "\n\ndef minimax(state, depth, player):\n    return _search(state, depth, player)[2]\n"
    (value,) = [c for c in grade_source("morpion", source, "Q6")["Q6"].checks if c.name == "value"]
    assert (value.evidence.call, value.evidence.expected, value.evidence.obtained) == (
        "minimax([[0, 0, 0], [0, -1, 0], [0, 0, 0]], 8, 1)",
        "[x, y, 0]",
        "0",
    )


def test_no_check_passes_ready_text_as_a_value():
    """`mismatch(call, "…")` or `mismatch(call, f"…")` without `text=True` shows the text
    quoted, as a Python string (`'[x, y, 0]'`): ready text is a `Text`, with text=True."""
    found = []
    for path in sorted((ROOT / "exercises").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "mismatch"):
                continue
            expected = node.args[1] if len(node.args) > 1 else None
            literal = isinstance(expected, ast.JoinedStr) or (
                isinstance(expected, ast.Constant) and isinstance(expected.value, str)
            )
            if literal and not any(k.arg == "text" for k in node.keywords):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
