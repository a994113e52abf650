"""Reading a submission: a notebook or a .py module, split into cells to run.

Pure functions (`cells_from_notebook`, `cells_from_module`) do the work on text and
dicts; `read_submission` is the thin file-reading wrapper. Nothing here runs code.
"""

from __future__ import annotations

import ast
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import NotGradable
from .sandbox.session import Cell

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class SubmissionCode:
    path: Path
    kind: str
    """`notebook` or `module`."""
    cells: tuple[Cell, ...]
    module_name: str
    """`__name__` the code runs under: `__main__` for a notebook, else the module's name."""
    total_cells: int


def _ipython_to_python(source: str) -> str:
    """Turn magics and shell escapes into calls to `get_ipython()` (which ignores them).

    This is nbconvert's `ipython2python` filter, the one its Python exporter applies.
    """
    from nbconvert.filters import ipython2python

    try:
        return ipython2python(source)
    except Exception:  # a cell the transformer cannot tokenise: run it as written
        return source


def _is_self_check(node: ast.stmt) -> bool:
    """`import grader`, `from grader import verifier`, `verifier(...)`, `grader.verifier(...)`."""
    if isinstance(node, ast.Import):
        return all(alias.name.split(".")[0] == "grader" for alias in node.names)
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] == "grader"
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        func = node.value.func
        return (isinstance(func, ast.Name) and func.id == "verifier") or (
            isinstance(func, ast.Attribute) and func.attr == "verifier"
            and isinstance(func.value, ast.Name) and func.value.id == "grader")
    return False


def without_self_check(source: str) -> str:
    """The cell without the student's self-check (`from grader import verifier;
    verifier()`): the grader is not importable in the worker, and the check is no part of
    the answer. Its lines become blank (line numbers stay true); unparsable cells are kept."""
    if "grader" not in source and "verifier" not in source:
        return source
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.split("\n")
    dropped = False
    for node in tree.body:
        if _is_self_check(node):
            dropped = True
            for number in range(node.lineno - 1, (node.end_lineno or node.lineno)):
                lines[number] = ""
    if not dropped:
        return source
    # `a = 1; verifier()`: a statement sharing a line with a dropped one is kept whole
    kept_lines = {n for node in tree.body if not _is_self_check(node)
                  for n in range(node.lineno - 1, (node.end_lineno or node.lineno))}
    original = source.split("\n")
    for number in kept_lines:
        lines[number] = original[number]
    return "\n".join(lines)


def cells_from_notebook(text: str) -> tuple[list[Cell], int]:
    """Code cells of a notebook, as (cells, number of code cells); raises NotGradable."""
    import nbformat

    try:
        json.loads(text)
    except ValueError as exc:
        raise NotGradable("invalid_json", str(exc)[:200]) from None
    try:
        notebook = nbformat.reads(text, as_version=4)
    except Exception as exc:  # nbformat raises many kinds for malformed files
        raise NotGradable("not_a_notebook", str(exc)[:200]) from None
    cells = []
    code_cells = 0
    for position, cell in enumerate(notebook.get("cells", []), start=1):
        if cell.get("cell_type") != "code":
            continue
        code_cells += 1
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(source)
        if not source.strip():
            continue
        python = without_self_check(_ipython_to_python(source))
        if not python.strip():
            continue
        cells.append(Cell(position, python, f"cellule {position}"))
    return cells, code_cells


def decode_module(data: bytes) -> str:
    """UTF-8 (with or without BOM), else cp1252 (Windows editors); CRLF accepted."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


_CELL_MARKER = re.compile(r"^# ?(%%|In\[[ 0-9]*\]:)", re.MULTILINE)
_BLOCK_START = re.compile(r"^(def |async def |class |@|if __name__)")
_CONTINUATION = re.compile(r"^(else|elif|except|finally)\b|^[)\]}]")


def _chunk(lines: list[str], start: int, end: int) -> Cell:
    """Lines [start, end) of the module (0-based) as one cell."""
    source = "\n" * start + "\n".join(lines[start:end]) + "\n"  # keeps line numbers true
    return Cell(start + 1, source, f"lignes {start + 1}-{end}")


def cells_from_module(text: str) -> list[Cell]:
    """Split a module into top-level statements, so one failing statement costs only itself.

    Percent markers (`# %%`, `# In[ ]:`) split it like notebook cells. A module with a
    syntax error is split at top-level definitions, so only the broken block fails.
    """
    lines = text.split("\n")
    markers = [m.start() for m in _CELL_MARKER.finditer(text)]
    if markers:
        starts = sorted({0, *(text.count("\n", 0, pos) for pos in markers)})
        bounds = list(zip(starts, starts[1:] + [len(lines)]))
        return [_chunk(lines, a, b) for a, b in bounds if "\n".join(lines[a:b]).strip()]
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return _split_blocks(lines)
    cells = []
    previous_end = 0
    for node in tree.body:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]) - 1
        start = previous_end if previous_end <= first else first
        end = node.end_lineno or node.lineno
        cells.append(_chunk(lines, start, end))
        previous_end = end
    return cells


def _split_blocks(lines: list[str]) -> list[Cell]:
    starts = [0]
    for number, line in enumerate(lines):
        if number == 0 or not line or line[0] in " \t#" or _CONTINUATION.match(line):
            continue
        previous = lines[number - 1].strip()
        after_blank = previous == ""
        if (_BLOCK_START.match(line) and not previous.startswith("@")) or after_blank:
            starts.append(number)
    bounds = zip(starts, starts[1:] + [len(lines)])
    return [_chunk(lines, a, b) for a, b in bounds if "\n".join(lines[a:b]).strip()]


def _module_name(path: Path) -> str:
    name = re.sub(r"\W", "_", path.stem)
    if not name or name[0].isdigit() or name == "__main__":
        name = "module_eleve_" + name
    return name


def read_submission(path: Path) -> SubmissionCode:
    """Read and split a submission file; raises NotGradable with a reason."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise NotGradable("too_large", f"{size} bytes")
        data = path.read_bytes()
    except OSError as exc:
        raise NotGradable("unreadable", str(exc)) from None
    if path.suffix == ".py":
        cells = cells_from_module(decode_module(data))
        if not cells:
            raise NotGradable("no_code")
        return SubmissionCode(path, "module", tuple(cells), _module_name(path), len(cells))
    text = data.decode("utf-8", errors="replace")
    cells, total = cells_from_notebook(text)
    if not cells:
        raise NotGradable("no_code")
    return SubmissionCode(path, "notebook", tuple(cells), "__main__", total)
