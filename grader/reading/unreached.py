"""Where a name the submission misses is defined, when the cell defining it stopped
before reaching it (pure).

A cell that raises on its first line (an `assert` testing the previous question), times
out, or does not compile defines nothing after the point it stopped: the names it would
have defined are missing, and "not defined" alone sends the student looking for a typo.
The cell's own code says what it defines: its syntax tree, or, when it does not compile,
its text (`def` lines and assignments). The feedback then names that cell and why it
stopped.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ..model.results import CellOutcome, CellStatus, Unreached
from .recognise import kinds_in_text
from .statements import TOO_DEEP
from .submission import Cell

STOPPED = frozenset({CellStatus.ERROR, CellStatus.TIMEOUT, CellStatus.CRASH, CellStatus.SKIPPED})
"""How a cell may end before defining what it holds (a cell magic not run is said apart)."""


def unreached(cells: Sequence[Cell], outcomes: Sequence[CellOutcome]) -> dict[str, Unreached]:
    """Each name a cell that stopped (or does not compile) defines, with that cell: the
    first such cell for a name defined in several."""
    ended = {outcome.index: outcome for outcome in outcomes}
    found: dict[str, Unreached] = {}
    for cell in cells:
        outcome = ended.get(cell.index)
        if outcome is None or outcome.ok or outcome.status not in STOPPED:
            continue
        status = outcome.status or CellStatus.ERROR
        place = replace(cell.place, source="")  # kept in records: the cell's name, not its code
        line = outcome.line if outcome.line_place is None else None  # a line of this cell only
        for name in defined_by(cell.source):
            found.setdefault(name, Unreached(name, place, status, outcome.error, line))
    return found


def defined_by(source: str) -> list[str]:
    """The names a cell defines at its top level (functions, classes, assignments,
    `for` targets, imports), in order, compound statements included but not function or
    class bodies; its `def` lines and top-level assignments when it does not compile."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, *TOO_DEEP):
        return list(kinds_in_text([source]))
    return list(dict.fromkeys(_defined(tree.body)))


def _defined(body: list[ast.stmt]) -> Iterator[str]:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield from ((alias.asname or alias.name).split(".")[0] for alias in node.names)
            continue
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor)):
            targets = [node.target]
        for target in targets:
            yield from (
                n.id for n in ast.walk(target) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
            )
        for field in ("body", "orelse", "finalbody", "handlers"):  # if, for, while, try, with
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _defined([n for n in inner if isinstance(n, ast.stmt)] + _handler_bodies(inner))


def _handler_bodies(nodes: list[object]) -> list[ast.stmt]:
    return [stmt for n in nodes if isinstance(n, ast.ExceptHandler) for stmt in n.body]
