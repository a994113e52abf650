"""Reading a submission: a notebook or a .py module, split into cells to run.

Pure functions (`cells_from_notebook`, `cells_from_module`) do the work on text and
dicts; `read_submission` is the thin file-reading wrapper. Nothing here runs code.
"""

from __future__ import annotations

import ast
import io
import json
import logging
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from ..errors import NotGradable
from ..model.results import Place, PlaceKind, SubmissionKind
from .files import FileTooLarge, NotRegularFile, module_name_of, read_regular

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_CODE_CHARS = 4_000_000
"""Code of one submission (a module, or a notebook's code cells together): parsing it
costs the grader time and memory many times its size
(docs/lab/performance-log.md#figures-moved-out-of-the-code), and a TD is a few dozen
kB; a notebook file may be bigger (its outputs, images)."""
MAX_CELLS = 400
MAX_NOTEBOOK_CELLS = 5_000
"""A notebook with more cells is refused before nbformat validates it (slowly)."""
"""Top-level statements (or marked cells) of a module run as at most this many cells:
beyond it consecutive ones are grouped (100,000 one-line statements would otherwise
cost 100,000 round trips to the worker)."""
TOO_DEEP = (MemoryError, RecursionError)
"""What `ast.parse` raises on valid but hostile code: MemoryError on 200,000 unary
signs, RecursionError on deep nesting."""


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

    def origin(self, index: int) -> CellOrigin | None:
        return next((o for o in self.origins if o.index == index), None)

    @property
    def places(self) -> dict[str, Place]:
        """Cell label (as tracebacks name a cell) -> where that cell sits."""
        return {cell.label: cell.place for cell in self.cells}


RUN_CELL_MAGICS = frozenset({"time", "timeit", "capture"})
"""Cell magics whose body IPython runs in the notebook's namespace: the grader runs the
body once (`%%timeit` too: its timing loop would only cost the student's budget)."""
_TIMEIT_VALUE_OPTIONS = frozenset({"-n", "-r", "-p"})


@dataclass(frozen=True)
class Converted:
    """A cell as Python the worker runs, with its line numbers kept."""

    python: str
    cell_magic: str = ""
    """The name of a cell magic the grader does not run (`bash`, `writefile`...): the
    cell is then not run at all (`python` is empty) and the report says so."""


_transformer = None
_MAYBE_IPYTHON = re.compile(r"^[^\S\n]*(?:[%!?/,;]|>>>|\.\.\.|In \[)|\?[^\S\n]*$|=[^\S\n]*[%!]", re.MULTILINE)
"""A line IPython might rewrite: a magic, `!`, help `?`, an autocall escape, a prompt
(`>>>`, `In [1]:`), `x = !ls`. A superset: a match only means "ask IPython". Blanks are
matched within a line only (`[^\\S\\n]`): `^\\s*` crossed line breaks, and on a cell of
blank lines each line start scanned every line after it (quadratic)."""
TRANSFORM_WORK = 200_000
"""Lines IPython may rewrite times characters: what one call of IPython's transformer may
cost. It tokenises the whole cell again for every line it rewrites, so its work grows
with the square of a cell of `!` lines (the attack: docs/explanation/security.md); beyond
this the cell is cut into pieces first."""
ESCAPES_PER_PIECE = 8
"""Lines IPython may rewrite in one piece of a cell cut for it (`_pieces`)."""
MAX_ESCAPES = 400
"""Lines IPython may rewrite in one notebook: each costs a pass of IPython's tokeniser
(a notebook has a few dozen); a cell past what is left runs as written (see `_transform`)."""


@dataclass
class Allowance:
    """What is left of MAX_ESCAPES while one notebook is read."""

    escapes: int = MAX_ESCAPES


def _transform(source: str, allowance: Allowance | None = None) -> str:
    """IPython's own translation of line magics and shell escapes into `get_ipython()`
    calls (which the worker's stub ignores), with the line numbers of the cell kept.

    A cell IPython would cost too much to translate whole (`TRANSFORM_WORK`) is cut at
    its top-level statements into pieces of a few such lines, each translated on its own:
    the work is then linear in the cell's size. A piece still too costly (one statement
    holding thousands of them) is kept as written: that cell then fails alone, with a
    syntax error, as any cell that is not Python does; so is a cell needing more such
    lines than the notebook's `allowance` has left.
    """
    lines = source.split("\n")
    blank = 0
    while blank < len(lines) and not lines[blank].strip():
        blank += 1
    indented = blank < len(lines) and lines[blank][:1].isspace()  # IPython dedents it
    if not indented and not _MAYBE_IPYTHON.search(source):
        # Plain Python, which IPython would leave as it is: importing IPython adds to
        # the student's wait, paid only by a cell that needs it.
        return source if source.endswith("\n") else source + "\n"
    if allowance is not None:
        needed = _candidates(source)
        if needed > allowance.escapes:
            return source if source.endswith("\n") else source + "\n"
        allowance.escapes -= needed
    if _work(source) <= TRANSFORM_WORK:
        return _ipython(source)
    pieces = _pieces(source)
    return "".join(_ipython(piece) if _work(piece) <= TRANSFORM_WORK else piece for piece in pieces)


def _candidates(source: str) -> int:
    """Lines of `source` IPython may rewrite (`_MAYBE_IPYTHON`)."""
    return sum(1 for _ in _MAYBE_IPYTHON.finditer(source))


def _work(source: str) -> int:
    """What IPython's transformer costs on `source`: its candidate lines times its size."""
    return max(1, _candidates(source)) * len(source)


def _ipython(source: str) -> str:
    """`source` translated by IPython's `TransformerManager` (what nbconvert's
    `ipython2python` filter wraps; imported here on first use, without the rest of
    nbconvert, slow to import:
    docs/lab/performance-log.md#reading-the-notebook-without-nbconvert-branch-cells-2026-11-22),
    ending with a line break, its leading blank lines kept; as written when IPython
    cannot tokenise it."""
    global _transformer
    if _transformer is None:
        from IPython.core.inputtransformer2 import TransformerManager

        _transformer = TransformerManager()
    text = source if source.endswith("\n") else source + "\n"
    try:
        python = _transformer.transform_cell(text)
    except Exception:  # a cell the transformer cannot tokenise: run it as written
        return text
    # IPython drops the leading blank lines: put them back, so that line N of the
    # error is line N of the cell the student sees (and of the pieces after this one).
    lines = text.split("\n")
    blank = 0
    while blank < len(lines) and not lines[blank].strip():
        blank += 1
    python = "\n" * blank + python
    return python + "\n" * max(0, text.count("\n") - python.count("\n"))


def _pieces(source: str) -> list[str]:
    """`source` cut before top-level statements (`_statement_bounds`: the tokenizer reads
    `!` and `?` as error tokens and goes on) into pieces holding at most ESCAPES_PER_PIECE
    lines IPython may rewrite, each ending with a line break; the whole cell as one piece
    when it cannot be tokenised."""
    text = source if source.endswith("\n") else source + "\n"
    lines = text.splitlines(keepends=True)
    try:
        bounds = {start for start, _ in _statement_bounds(text)}
    except (tokenize.TokenError, SyntaxError, *TOO_DEEP):
        return [text]
    pieces, first, escapes = [], 0, 0
    for number, line in enumerate(lines):
        if number in bounds and number > first and escapes >= ESCAPES_PER_PIECE:
            pieces.append("".join(lines[first:number]))
            first, escapes = number, 0
        if _MAYBE_IPYTHON.search(line):
            escapes += 1
    pieces.append("".join(lines[first:]))
    return pieces


def _timeit_setup(line: str) -> str:
    """The statement after `%%timeit`'s options: IPython runs it once, as setup."""
    rest = line
    while rest:
        word, _, after = rest.partition(" ")
        if not word.startswith("-"):
            break
        rest = after.lstrip()
        if word in _TIMEIT_VALUE_OPTIONS:  # `-n 10` (`-n10` is one word)
            rest = rest.partition(" ")[2].lstrip()
    return rest.strip()


def ipython_to_python(source: str, allowance: Allowance | None = None) -> Converted:
    """A notebook cell as the Python that IPython would run, line for line.

    A cell opened by `%%time`, `%%timeit` or `%%capture` runs its body (once), so the
    names it defines are defined as in Jupyter; any other cell magic (`%%bash`,
    `%%writefile`...) is not run, and says so. Line magics and `!` escapes become
    `get_ipython()` calls, ignored by the worker (and listed in the report), within the
    notebook's `allowance` (see `_transform`).
    """
    lines = source.split("\n")
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    if first is None or not lines[first].startswith("%%"):
        return Converted(_transform(source, allowance))
    name, _, arguments = lines[first][2:].partition(" ")
    if name not in RUN_CELL_MAGICS:
        return Converted("", cell_magic=name.strip() or "%%")
    # The magic's line becomes blank (or timeit's setup statement): the body keeps its
    # line numbers. The body may itself open with a cell magic (`%%capture` + `%%time`).
    head = _timeit_setup(arguments) if name == "timeit" else ""
    body = ipython_to_python("\n".join(lines[first + 1 :]), allowance)
    if body.cell_magic:
        return Converted("", cell_magic=body.cell_magic)
    return Converted("\n" * first + head + "\n" + body.python)


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
            return _cells(lines, _statement_bounds(text))
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


_CONTINUATIONS = {"else", "elif", "except", "finally"}


def _statement_bounds(text: str) -> list[tuple[int, int]]:
    """Line ranges of the top-level statements, found with the tokenizer (which builds
    no tree, so a statement too deep for `ast.parse` costs nothing special)."""
    ends: list[int] = []
    depth, last_newline, at_line_start, after_decorator = 0, 0, True, False
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.INDENT:
            depth += 1
        elif token.type == tokenize.DEDENT:
            depth -= 1
        elif token.type == tokenize.NEWLINE:
            last_newline, at_line_start = token.end[0], True
        elif token.type not in (tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER):
            if at_line_start and depth == 0:
                # A new top-level line closes the statement before it, unless it goes on
                # with it (`else:`) or that one was a decorator.
                if last_newline and not after_decorator and token.string not in _CONTINUATIONS:
                    ends.append(last_newline)
                after_decorator = token.string == "@"
            at_line_start = False
    if last_newline and (not ends or ends[-1] != last_newline):
        ends.append(last_newline)
    return list(zip([0] + ends[:-1], ends, strict=False))


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
        return SubmissionCode(path, SubmissionKind.MODULE, tuple(cells), module_name_of(path), len(cells))
    text = data.decode("utf-8", errors="replace")
    cells, total, origins = read_notebook(text)
    if not cells:
        raise NotGradable("no_code")
    return SubmissionCode(path, SubmissionKind.NOTEBOOK, tuple(cells), "__main__", total, tuple(origins))
