"""IPython's syntax turned into Python, as IPython runs it: magics and shell escapes
become `get_ipython()` calls (its `TransformerManager`), and the cell magics that run
their cell (`%%time`, `%%timeit`, `%%capture`) run it. Bounded: a hostile cell costs
the grader linear time, never more (`Allowance`)."""

from __future__ import annotations

import ast
import re
import tokenize
from dataclasses import dataclass

from .statements import TOO_DEEP, statement_bounds

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


_transformer = None  # IPython's TransformerManager, made on first need
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
    blank = _blank_lines_above(lines)
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


def _blank_lines_above(lines: list[str]) -> int:
    """How many blank lines open the cell (IPython drops them, and dedents the next)."""
    blank = 0
    while blank < len(lines) and not lines[blank].strip():
        blank += 1
    return blank


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
    docs/explanation/performance.md#little-work-before-the-first-cell),
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
    python = "\n" * _blank_lines_above(text.split("\n")) + _timed_statements(python)
    return python + "\n" * max(0, text.count("\n") - python.count("\n"))


_TIME_CALL = re.compile(
    r"""get_ipython\(\)\.run_line_magic\('time', ('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\)"""
)
"""IPython's translation of a `%time STATEMENT` line (its argument a one-line literal)."""


def _compiles(statement: str, mode: str) -> bool:
    try:
        compile(statement, "<%time>", mode)
    except (SyntaxError, ValueError, *TOO_DEEP):
        return False
    return True


def _timed_statements(python: str) -> str:
    """`%time STATEMENT` as IPython runs it: STATEMENT in the notebook's namespace, so
    what it assigns stays defined (`%time D = {...}`, `x = %time f()`), as with a
    `%%time` cell; only the timing is left out. One whose statement does not compile
    (a bare `%time`) stays a call the worker's stub ignores."""
    lines = python.split("\n")
    for number, line in enumerate(lines):
        match = _TIME_CALL.search(line)
        if match is None:
            continue
        statement = ast.literal_eval(match.group(1)).strip()
        before, after = line[: match.start()], line[match.end() :]
        if not before.strip() and not after.strip() and statement and _compiles(statement, "exec"):
            lines[number] = before + statement
        elif statement and _compiles(statement, "eval"):
            lines[number] = before + "(" + statement + ")" + after
    return "\n".join(lines)


def _pieces(source: str) -> list[str]:
    """`source` cut before top-level statements (`statement_bounds`: the tokenizer reads
    `!` and `?` as error tokens and goes on) into pieces holding at most ESCAPES_PER_PIECE
    lines IPython may rewrite, each ending with a line break; the whole cell as one piece
    when it cannot be tokenised."""
    text = source if source.endswith("\n") else source + "\n"
    lines = text.splitlines(keepends=True)
    try:
        bounds = {start for start, _ in statement_bounds(text)}
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
