"""What a student wrote, function by function, normalised so that a disguise does not
hide a copy (pure functions on text; `extract` reads the file).

A submission is read as grading reads it (`grader.reading.submission`): the code cells of a
notebook (magics, outputs and markdown left out), the top-level statements of a module.
Each top-level function (each method of a class) is one unit; the top-level statements
that define values (`Lalignements = [...]`, the loops that fill `Dalignements`) are one
more unit; demonstration code (expressions, `print`s, imports, `if __name__ ==
"__main__":`) is left out. A function defined twice counts once, as the last definition
(the one that runs).

A unit is normalised through `ast` (`normalise.Normaliser`), then unparsed and
tokenised. Each token keeps the lines of the original statement it comes from, so that
the report highlights the student's code as they wrote it.
"""

from __future__ import annotations

import ast
import builtins
import io
import logging
import tokenize
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..reading.statements import TOO_DEEP
from ..reading.submission import read_submission
from .normalise import PLACEHOLDER, Normaliser

log = logging.getLogger(__name__)

TOP_LEVEL = ""
"""The name of the unit holding a submission's top-level definitions of values."""
MAX_UNITS = 300
MAX_UNIT_TOKENS = 20_000
"""Bounds on what one submission costs the pass (a hostile file may hold thousands of
functions, or one huge one): beyond them the rest is left out."""
MAX_COMPARED_BYTES = 200_000
"""The code a copy may have to be compared (UTF-8), 25 times the largest copy of the
fixtures (7.7 KB): checked before its costly steps (issue 40: a 3.9 MB module cost the
pass 15 s and 1.3 GB). A module's file is checked before it is read (reading splits it
in statements: 3.7 s and 895 MiB for that module), a notebook's code once read (its
reading is cheap). Past it, the copy is listed, not compared (`TooLarge`)."""


class TooLarge(Exception):
    """A copy with more code than the pass compares (MAX_COMPARED_BYTES)."""


BUILTIN_NAMES = frozenset(dir(builtins))


@dataclass(frozen=True)
class Unit:
    """One function (or the top-level definitions) of a submission, normalised."""

    name: str
    """The name the student gave it (`Class.method` for a method), TOP_LEVEL for the
    top-level definitions."""
    source: str
    """Its code as the student wrote it (comments included), for the report."""
    tokens: tuple[str, ...]
    """The normalised tokens that are fingerprinted."""
    lines: tuple[tuple[int, int], ...]
    """For each token, the lines (first, last; 1-based in `source`) of the statement it
    comes from."""


@dataclass(frozen=True)
class Extracted:
    units: tuple[Unit, ...]
    unreadable: int = 0
    """Cells (or blocks of a module) that do not parse: left out."""


def extract(path: Path, given_names: Iterable[str] = ()) -> Extracted:
    """The units of the submission at `path`; raises NotGradable when it cannot be read
    (the reason grading gives), TooLarge past MAX_COMPARED_BYTES of code."""
    if path.suffix.lower() != ".ipynb":
        try:
            if path.stat().st_size > MAX_COMPARED_BYTES:
                raise TooLarge(path)
        except OSError:
            pass  # reading it says why
    sources = [cell.source for cell in read_submission(path).cells]
    if sum(len(source.encode("utf-8", "surrogatepass")) for source in sources) > MAX_COMPARED_BYTES:
        raise TooLarge(path)
    return extract_sources(sources, given_names)


def extract_sources(sources: Sequence[str], given_names: Iterable[str] = ()) -> Extracted:
    """The units of code given as cells (a notebook's code cells, a module's blocks)."""
    trees: list[tuple[ast.Module, list[str]]] = []
    importing: list[ast.Module] = []
    unreadable = 0
    for source in sources:
        try:
            trees.append((ast.parse(source), source.split("\n")))
        except (SyntaxError, ValueError, *TOO_DEEP):
            unreadable += 1
            continue
        if "import" in source:
            importing.append(trees[-1][0])
    kept = frozenset(given_names) | BUILTIN_NAMES
    aliases = _import_aliases(importing)
    functions: dict[str, tuple[ast.stmt, list[str]]] = {}
    top_level: list[tuple[ast.stmt, list[str]]] = []
    for tree, lines in trees:
        for node in tree.body:
            for name, function in _units_of(node):
                functions.pop(name, None)  # a redefinition counts where it is, once
                functions[name] = (function, lines)
            if _defines_values(node):
                top_level.append((node, lines))
    parts = [(name, [part]) for name, part in list(functions.items())[:MAX_UNITS]]
    if top_level:
        parts.append((TOP_LEVEL, top_level))
    units = [_unit(name, statements, kept, aliases) for name, statements in parts]
    return Extracted(tuple(unit for unit in units if unit is not None), unreadable)


def _units_of(node: ast.stmt) -> list[tuple[str, ast.stmt]]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return [(node.name, node)]
    if isinstance(node, ast.ClassDef):
        return [
            (f"{node.name}.{item.name}", item)
            for item in node.body
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
    return []


def _defines_values(node: ast.stmt) -> bool:
    """A top-level statement that defines or fills a value: an assignment, or a loop or
    test that assigns or calls a method (`D[k].append(a)`). Expressions, imports,
    definitions and `if __name__ == "__main__":` blocks are not answers to compare."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        return True
    if not isinstance(node, (ast.For, ast.While, ast.If, ast.With, ast.Try)) or _is_main_guard(node):
        return False
    return any(
        isinstance(inner, (ast.Assign, ast.AugAssign, ast.AnnAssign))
        or (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute))
        for inner in ast.walk(node)
    )


def _is_main_guard(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.If)
        and isinstance(node.test, ast.Compare)
        and isinstance(node.test.left, ast.Name)
        and node.test.left.id == "__name__"
    )


def _import_aliases(trees: Iterable[ast.Module]) -> dict[str, str]:
    """Name bound by an import -> what it imports: `np` -> `numpy`, `dc` -> `deepcopy`."""
    aliases: dict[str, str] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        aliases[alias.asname] = alias.name
                    else:
                        top = alias.name.split(".")[0]
                        aliases[top] = top
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name != "*":
                        aliases[alias.asname or alias.name] = alias.name
    return aliases


def _unit(
    name: str, parts: list[tuple[ast.stmt, list[str]]], kept: frozenset[str], aliases: dict[str, str]
) -> Unit | None:
    """The unit made of `parts` (statements with the lines of their cell), or None when
    it cannot be normalised (too deep for `ast.unparse`)."""
    shown: list[str] = []
    offsets: list[int] = []
    statements: list[ast.stmt] = []
    for node, lines in parts:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        if shown:
            shown.append("")
        offsets.append(len(shown) - (first - 1))  # a line of the cell -> its line in `shown`
        shown.extend(lines[first - 1 : node.end_lineno or node.lineno])
        statements.append(node)
    try:
        normal = Normaliser(kept, aliases)
        visited = [(normal.visit(s), offset) for s, offset in zip(statements, offsets, strict=True)]
        body = [(s, offset) for s, offset in visited if isinstance(s, ast.stmt)]
        module = ast.Module(body=[s for s, _ in body], type_ignores=[])
        for statement in module.body:  # functions are matched whatever their names
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                statement.name = PLACEHOLDER
        text = ast.unparse(module)
        tokens, token_lines = _tokens(text)
        spans = _original_lines(module, [offset for _, offset in body], text, token_lines, len(shown))
    except (*TOO_DEEP, SyntaxError, ValueError, tokenize.TokenError) as exc:
        log.debug("unit %s left out: %s", name, type(exc).__name__)
        return None
    return Unit(name, "\n".join(shown), tuple(tokens[:MAX_UNIT_TOKENS]), tuple(spans[:MAX_UNIT_TOKENS]))


_SKIPPED_TOKENS = {tokenize.ENCODING, tokenize.ENDMARKER, tokenize.NL, tokenize.COMMENT}
_LAYOUT = {tokenize.NEWLINE: ";", tokenize.INDENT: "{", tokenize.DEDENT: "}"}


def _tokens(text: str) -> tuple[list[str], list[int]]:
    """The tokens of normalised code and the line of each (1-based, in `text`)."""
    tokens: list[str] = []
    lines: list[int] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in _SKIPPED_TOKENS:
            continue
        tokens.append(_LAYOUT.get(token.type, token.string))
        lines.append(token.start[0])
    return tokens, lines


def _statements(node: ast.stmt) -> Iterator[ast.stmt]:
    """A statement and those it holds, depth first (expressions are not visited)."""
    yield node
    blocks = [getattr(node, field, None) for field in ("body", "orelse", "finalbody")]
    blocks += [part.body for part in [*getattr(node, "handlers", ()), *getattr(node, "cases", ())]]
    for block in blocks:
        if isinstance(block, list):
            for child in block:
                if isinstance(child, ast.stmt):
                    yield from _statements(child)


def _end_line(node: ast.AST) -> int:
    end = getattr(node, "end_lineno", None)
    if isinstance(end, int):
        return end
    return max((_end_line(child) for child in ast.iter_child_nodes(node)), default=0)


def _header_lines(node: ast.stmt) -> tuple[int, int]:
    """The lines of a statement without the statements it holds: a compound statement's
    header (`for ... in ...:` over two lines), a simple statement whole."""
    body = getattr(node, "body", None)
    if not (isinstance(body, list) and body and isinstance(body[0], ast.stmt)):
        return node.lineno, node.end_lineno or node.lineno
    parts = [
        p
        for p in ast.iter_child_nodes(node)
        if not isinstance(p, (ast.stmt, ast.excepthandler, ast.match_case))
    ]
    return node.lineno, max([node.lineno] + [_end_line(part) for part in parts])


def _original_lines(
    module: ast.Module, offsets: list[int], text: str, token_lines: list[int], shown: int
) -> list[tuple[int, int]]:
    """For each token of the unparsed `text`, the lines of its statement in the unit's
    shown text (`offsets`: for each statement of `module`, what to add to a line of its
    cell).

    `text` parses back to a tree of the same shape as `module` (whose nodes still carry
    the lines of their cells): the statements of both, in the same order, pair up."""
    reparsed = ast.parse(text).body
    by_line: dict[int, tuple[int, int]] = {}
    if len(reparsed) == len(module.body):
        for new_top, old_top, offset in zip(reparsed, module.body, offsets, strict=True):
            new, old = list(_statements(new_top)), list(_statements(old_top))
            if len(new) != len(old):
                continue
            for after, before in zip(new, old, strict=True):
                first, last = _header_lines(before)
                by_line.setdefault(after.lineno, (first + offset, last + offset))
    whole = (1, shown)
    spans: list[tuple[int, int]] = []
    current = whole
    for line in token_lines:
        # `else:` and `except:` lines belong to no statement of their own: the line before's
        current = by_line.get(line, current if by_line else whole)
        spans.append(current)
    return spans
