"""Reading a submission: a notebook or a .py module, split into cells to run.

Pure functions (`cells_from_notebook`, `cells_from_module`) do the work on text and
dicts; `read_submission` is the thin file-reading wrapper. Nothing here runs code.
"""

from __future__ import annotations

import ast
import json
import logging
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from ..errors import NotGradable
from ..model.results import Place, PlaceKind, SubmissionKind
from .files import FileTooLarge, NotRegularFile, module_name_of, read_regular
from .magics import Allowance, ipython_to_python
from .statements import TOO_DEEP, statement_bounds

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_CODE_CHARS = 4_000_000
"""Code of one submission (a module, or a notebook's code cells together): parsing it
costs the grader time and memory many times its size
(docs/explanation/performance.md#the-figures-behind-the-codes-choices), and a TD is a few dozen
kB; a notebook file may be bigger (its outputs, images)."""
MAX_CELLS = 400
MAX_NOTEBOOK_CELLS = 5_000
"""A notebook with more cells is refused before nbformat validates it (slowly)."""
"""Top-level statements (or marked cells) of a module run as at most this many cells:
beyond it consecutive ones are grouped (100,000 one-line statements would otherwise
cost 100,000 round trips to the worker)."""


@dataclass(frozen=True)
class CellOrigin:
    """A notebook code cell as the student finds it in Jupyter."""

    index: int
    """Position among all the notebook's cells, markdown included (the JSON's `index`)."""
    code_cell: int
    """Position among the code cells: what the student counts (markdown is not numbered)."""
    source: str
    """As written, magics included: what the feedback quotes."""
    cell_magic: str = ""
    """A cell magic the grader does not run (`bash`): the cell is reported, not run."""

    @property
    def place(self) -> Place:
        return Place(
            PlaceKind.CELL,
            self.index,
            code_cell=self.code_cell,
            opening=opening(self.source),
            source=self.source,
        )


@dataclass(frozen=True)
class Cell:
    """One unit of student code run on its own: a notebook cell, a chunk of a module."""

    index: int
    """1-based position in the notebook (all cells counted), or the first line of a .py chunk."""
    source: str
    """The Python the worker runs (a notebook cell's magics converted)."""
    label: str
    """How the worker names it in tracebacks: 'cellule 3' or 'lignes 10-24'."""
    place: Place
    """Where it sits, as the reports word it (the cell as the student wrote it)."""
    first_lineno: int = 1
    """The number of its first line in the file (a chunk of a .py module)."""


@dataclass(frozen=True)
class SubmissionCode:
    path: Path
    kind: SubmissionKind
    cells: tuple[Cell, ...]
    module_name: str
    """`__name__` the code runs under: `__main__` for a notebook, else the module's name."""
    total_cells: int
    origins: tuple[CellOrigin, ...] = ()
    """Notebook: each code cell with code, as the student sees it (those not run too)."""
    text: str = ""
    """The whole file as read (a notebook's JSON, markdown cells included): what the steps
    that read text take (which TD it answers, the answers graded by hand), so that the
    file is read once."""

    def origin(self, index: int) -> CellOrigin | None:
        return next((o for o in self.origins if o.index == index), None)

    @property
    def places(self) -> dict[str, Place]:
        """Cell label (as tracebacks name a cell) -> where that cell sits."""
        return {cell.label: cell.place for cell in self.cells}


SELF_CHECKS = ("verifier", "resultat")
"""The grader's functions a student may call from their notebook (grader/__init__.py)."""


def _is_self_check(node: ast.stmt) -> bool:
    """`import grader`, `from grader import verifier`, and a top-level expression or
    assignment that calls the grader (`verifier()`, `grader.verifier(question="Q14")`,
    `print(resultat().mark20)`)."""
    if isinstance(node, ast.Import):
        return all(alias.name.split(".")[0] == "grader" for alias in node.names)
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] == "grader"
    if isinstance(node, (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)):
        return any(_calls_the_grader(inner) for inner in ast.walk(node))
    return False


def _calls_the_grader(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (isinstance(func, ast.Name) and func.id in SELF_CHECKS) or (
        isinstance(func, ast.Attribute)
        and func.attr in SELF_CHECKS
        and isinstance(func.value, ast.Name)
        and func.value.id == "grader"
    )


def without_self_check(source: str) -> str:
    """The cell without the student's self-check (`from grader import verifier;
    verifier()`): the grader is not importable in the worker, and the check is no part of
    the answer. Its lines become blank (line numbers stay true); unparsable cells are kept."""
    if "grader" not in source and not any(name in source for name in SELF_CHECKS):
        return source
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, *TOO_DEEP):  # too deep for the parser: that cell fails in the worker
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
    kept_lines = {
        n
        for node in tree.body
        if not _is_self_check(node)
        for n in range(node.lineno - 1, (node.end_lineno or node.lineno))
    }
    original = source.split("\n")
    for number in kept_lines:
        lines[number] = original[number]
    return "\n".join(lines)


def cells_from_notebook(text: str) -> tuple[list[Cell], int]:
    """Code cells of a notebook, as (cells, number of code cells); raises NotGradable."""
    cells, total, _ = read_notebook(text)
    return cells, total


CELL_TYPES = ("code", "markdown", "raw")


def _plain_v4(data: object) -> bool:
    """A version 4 notebook whose every field the reading uses has its schema's type:
    what nbformat reads unchanged (list sources joined, as below). Anything else goes
    through nbformat, which converts, repairs or refuses it."""
    if not (
        isinstance(data, dict)
        and data.get("nbformat") == 4
        and type(data.get("nbformat_minor")) is int
        and isinstance(data.get("metadata"), dict)
        and isinstance(data.get("cells"), list)
    ):
        return False
    return all(_plain_cell(cell) for cell in data["cells"])


def _plain_cell(cell: object) -> bool:
    if not isinstance(cell, dict) or cell.get("cell_type") not in CELL_TYPES:
        return False
    source = cell.get("source")
    if not (isinstance(source, str) or (isinstance(source, list) and all(type(s) is str for s in source))):
        return False
    if not isinstance(cell.get("metadata"), dict):
        return False
    if cell["cell_type"] != "code":
        return True
    count = cell.get("execution_count")
    return isinstance(cell.get("outputs"), list) and (count is None or type(count) is int)


def read_notebook(text: str) -> tuple[list[Cell], int, list[CellOrigin]]:
    """Code cells of a notebook as (cells to run, number of code cells, every code cell
    with code as the student sees it); raises NotGradable."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise NotGradable("invalid_json", str(exc)[:200]) from None
    except (RecursionError, MemoryError) as exc:  # `[[[[...` 100,000 deep
        raise NotGradable("too_deep", type(exc).__name__) from None
    if (
        isinstance(data, dict)
        and isinstance(data.get("cells"), list)
        and len(data["cells"]) > MAX_NOTEBOOK_CELLS
    ):
        raise NotGradable("too_large", f"{len(data['cells'])} cells")
    if _plain_v4(data):
        notebook = data  # nbformat would return the same cells, after its import
    else:
        import nbformat  # older formats (converted) and anything irregular: its verdict

        try:
            notebook = nbformat.reads(text, as_version=4)
        except Exception as exc:  # nbformat raises many kinds for malformed files
            raise NotGradable("not_a_notebook", str(exc)[:200]) from None
    if not isinstance(notebook.get("cells", []), list):
        raise NotGradable("not_a_notebook", "cells")
    cells = []
    origins = []
    code_cells = 0
    size = 0
    allowance = Allowance()
    for position, cell in enumerate(notebook.get("cells", []), start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        code_cells += 1
        source = cell.get("source", "")
        if isinstance(source, list):  # nbformat does not always reject other item types
            source = "".join(part for part in source if isinstance(part, str))
        if not isinstance(source, str) or not source.strip():
            continue
        size += len(source)
        if size > MAX_CODE_CHARS:
            raise NotGradable("too_large", f"more than {MAX_CODE_CHARS} characters of code")
        converted = ipython_to_python(source, allowance)
        python = without_self_check(converted.python)
        if converted.cell_magic:
            origins.append(CellOrigin(position, code_cells, source, converted.cell_magic))
        if not python.strip():
            continue
        origin = CellOrigin(position, code_cells, source)
        origins.append(origin)
        cells.append(Cell(position, python, f"cellule {position}", origin.place))
    return cells, code_cells, origins


OPENING_CHARS = 80


def opening(source: str) -> str:
    """A cell's first non-blank line, by which the student finds it in Jupyter (cut)."""
    for line in source.splitlines():
        if line.strip():
            return _cut(line.strip())
    return ""


def _cut(text: str) -> str:
    return text if len(text) <= OPENING_CHARS else text[: OPENING_CHARS - 1] + "…"


def failing_line(code: SubmissionCode, cell: Cell, line: int) -> str:
    """The text of line `line` of `cell` as the student wrote it (a notebook cell's own
    source, magics included; a module's line), "" when it is not in that cell."""
    origin = code.origin(cell.index) if code.kind is SubmissionKind.NOTEBOOK else None
    source, first = (origin.source, 1) if origin is not None else (cell.source, cell.first_lineno)
    lines = source.split("\n")
    number = line - first
    return _cut(lines[number].strip()) if 0 <= number < len(lines) else ""


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
    """Lines [start, end) of the module (0-based) as one cell; the worker numbers its
    lines from `start + 1` (padding with newlines instead costs the square of the size).
    Blank lines after the code are left out: the range the reports name ends on a line of
    the file (the last chunk's `end` counts the empty string after the final newline)."""
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    source = "\n".join(lines[start:end]) + "\n"
    place = Place(PlaceKind.LINES, start + 1, end, source=source)
    return Cell(start + 1, source, f"lignes {start + 1}-{end}", place, first_lineno=start + 1)


def _cells(lines: list[str], bounds: list[tuple[int, int]]) -> list[Cell]:
    """The non-blank chunks of `bounds`, grouped so that there are at most MAX_CELLS."""
    bounds = [(a, b) for a, b in bounds if any(line.strip() for line in lines[a:b])]
    if len(bounds) > MAX_CELLS:
        size = -(-len(bounds) // MAX_CELLS)
        bounds = [
            (bounds[i][0], bounds[min(i + size, len(bounds)) - 1][1]) for i in range(0, len(bounds), size)
        ]
    return [_chunk(lines, a, b) for a, b in bounds]


def cells_from_module(text: str) -> list[Cell]:
    """Split a module into top-level statements, so one failing statement costs only itself.

    Percent markers (`# %%`, `# In[ ]:`) split it like notebook cells. A module that does
    not parse (a syntax error, a statement too deep for the parser) is split at its
    top-level statements as the tokenizer reads them, so only the broken statement fails;
    at its definitions and blank lines when the tokenizer cannot read it either (an
    unclosed bracket or string).
    """
    lines = text.split("\n")
    markers = [number for number, line in enumerate(lines) if _CELL_MARKER.match(line)]
    if markers:
        starts = sorted({0, *markers})
        return _cells(lines, list(zip(starts, starts[1:] + [len(lines)], strict=False)))
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, *TOO_DEEP):  # ValueError: a NUL byte, on older Pythons
        # Statements, not blank lines: a docstring's blank line is inside a string, and
        # cutting there broke the module's first lines (its imports) with the broken one.
        try:
            return _cells(lines, statement_bounds(text))
        except (SyntaxError, ValueError, tokenize.TokenError, *TOO_DEEP):
            return _split_blocks(lines)
    bounds = []
    previous_end = 0
    for node in tree.body:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]) - 1
        start = previous_end if previous_end <= first else first
        end = node.end_lineno or node.lineno
        bounds.append((start, end))
        previous_end = end
    return _cells(lines, bounds)


def _split_blocks(lines: list[str]) -> list[Cell]:
    starts = [0]
    for number, line in enumerate(lines):
        if number == 0 or not line or line[0] in " \t#" or _CONTINUATION.match(line):
            continue
        previous = lines[number - 1].strip()
        after_blank = previous == ""
        if (_BLOCK_START.match(line) and not previous.startswith("@")) or after_blank:
            starts.append(number)
    return _cells(lines, list(zip(starts, starts[1:] + [len(lines)], strict=False)))


PRELOADS = (("matplotlib", ("matplotlib.pyplot",)), ("pylab", ("matplotlib.pyplot",)), ("numpy", ("numpy",)))
"""Libraries whose first import is slow (matplotlib builds its font cache): when
the code imports one, the worker imports it before any student code, off the clock,
so the same file always gets the same mark."""

_IMPORT_LINE = re.compile(r"^[ \t]*(import|from)[ \t]+([^#;\n]*)", re.M)
"""An import statement opening a line, indented or not (one inside a function counts
too), up to a comment or a `;`."""


def preload_modules(code: SubmissionCode) -> tuple[str, ...]:
    """The modules a new worker should import before running this submission's cells:
    those of `PRELOADS` an import statement of the code names. A mere mention does not
    count: `%matplotlib inline`, which the grader does not run, imports nothing, and
    preloading matplotlib for it was paid by every run. An import the pattern
    misses (`__import__`, after a `;`) only runs on the cell's own clock, as any other
    library's."""
    imported = {name for cell in code.cells for name in _imported(cell.source)}
    found: list[str] = []
    for word, modules in PRELOADS:
        if word in imported:
            found.extend(m for m in modules if m not in found)
    return tuple(found)


def _imported(source: str) -> set[str]:
    """The top-level modules the import statements of `source` name (see `_IMPORT_LINE`):
    `from a.b import c` names a, `import a.b as c, d` names a and d."""
    names = set()
    for keyword, rest in _IMPORT_LINE.findall(source):
        items = rest.split(" import ")[0:1] if keyword == "from" else rest.split(",")
        for item in items:
            words = item.split()
            if words:
                names.add(words[0].split(".")[0])
    return names


def read_submission(path: Path) -> SubmissionCode:
    """Read and split a submission file; raises NotGradable with a reason. Read as
    `files.read_regular` reads: a regular file only, never waited on, at most
    MAX_FILE_BYTES."""
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except FileTooLarge as exc:
        raise NotGradable("too_large", str(exc)) from None
    except NotRegularFile:
        raise NotGradable("not_a_regular_file") from None
    except OSError as exc:
        raise NotGradable("unreadable", str(exc)) from None
    if not data.strip():  # said as such, rather than as unreadable JSON or no code
        raise NotGradable("empty", f"{len(data)} bytes")
    if path.suffix == ".py":
        text = decode_module(data)
        if len(text) > MAX_CODE_CHARS:
            raise NotGradable("too_large", f"{len(text)} characters of code")
        cells = cells_from_module(text)
        if not cells:
            raise NotGradable("no_code")
        return SubmissionCode(
            path, SubmissionKind.MODULE, tuple(cells), module_name_of(path), len(cells), text=text
        )
    text = data.decode("utf-8", errors="replace")
    cells, total, origins = read_notebook(text)
    if not cells:
        raise NotGradable("no_code")
    return SubmissionCode(
        path, SubmissionKind.NOTEBOOK, tuple(cells), "__main__", total, tuple(origins), text
    )
