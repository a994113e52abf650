"""A small AST mutator: every single-site change of the chosen top-level definitions.

Each mutant is the whole module unparsed with exactly one change. Sites are found by
walking the target definition in `ast.walk` order; a mutant is applied to a fresh copy
of the tree by index, so the same (target, index, operator) always gives the same mutant.
Identical modules (two sites giving the same source) are kept once.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

Parents = dict[ast.AST, ast.AST]
"""Each node of a definition -> the node holding it."""

# Comparison swaps: the neighbour of each operator (off-by-one) and its opposite.
COMPARE_SWAPS: dict[type[Any], tuple[type[Any], ...]] = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}
BINOP_SWAPS: dict[type[Any], tuple[type[Any], ...]] = {
    ast.Add: (ast.Sub,),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.Add,),
    ast.Mod: (ast.FloorDiv,),
    ast.FloorDiv: (ast.Mult,),
    ast.Div: (ast.Mult,),
}
SYMBOL: dict[type[Any], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Mod: "%",
    ast.FloorDiv: "//",
    ast.Div: "/",
    ast.And: "and",
    ast.Or: "or",
}


@dataclass(frozen=True)
class Mutant:
    exercise: str
    target: str
    """The top-level name whose definition was changed."""
    line: int
    operator: str
    """Which kind of change (see `OPERATORS` in the docs): cmp, binop, const, ..."""
    change: str
    """The change, readable: `<` -> `<=` on `hauteurs[j] < nrows`."""
    source: str
    """The whole mutated module."""

    @property
    def id(self) -> str:
        return f"{self.exercise}:{self.target}:{self.line}:{self.operator}:{self.change}"


@dataclass(frozen=True)
class _Site:
    index: int
    operator: str
    describe: str
    apply: Callable[[Any, Parents], None]
    """Changes the node (a fresh copy) in place; `parents` maps child -> parent."""
    line: int | None = None


def _short(node: ast.AST, limit: int = 50) -> str:
    text = ast.unparse(node)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _replace(parents: Parents, old: ast.AST, new: ast.AST) -> None:
    parent = parents[old]
    for field, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, field, new)
            return
        if isinstance(value, list):
            for k, item in enumerate(value):
                if item is old:
                    value[k] = new
                    return
    raise ValueError("node not found in its parent")


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _sites(node: ast.AST, index: int, parent: ast.AST | None = None) -> Iterator[_Site]:
    """The mutations possible at one node (`parent` only names the place in the report),
    in a fixed order: an operator's, a value's, a branch's, then its statements'."""
    where = f" in `{_short(parent)}`" if isinstance(parent, ast.expr) else ""
    yield from _operator_sites(node, index)
    yield from _value_sites(node, index, where)
    yield from _branch_sites(node, index)
    yield from _statement_sites(node, index)


def _operator_sites(node: ast.AST, index: int) -> Iterator[_Site]:
    """A comparison, an arithmetic or boolean operator changed, a sign or a `not` dropped."""
    if isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            for new in COMPARE_SWAPS.get(type(op), ()):

                def _cmp(n: Any, parents: Parents, k: Any = k, new: Any = new) -> None:
                    n.ops[k] = new()

                yield _Site(
                    index, "cmp", f"`{SYMBOL[type(op)]}` -> `{SYMBOL[new]}` in `{_short(node)}`", _cmp
                )
    elif isinstance(node, ast.BinOp):
        for new in BINOP_SWAPS.get(type(node.op), ()):

            def _binop(n: Any, parents: Parents, new: Any = new) -> None:
                n.op = new()

            yield _Site(
                index, "binop", f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[new]}` in `{_short(node)}`", _binop
            )
        # `1 - joueur` -> `joueur`, `3 - p` -> `p`: the other player becomes the same one.
        if isinstance(node.op, ast.Sub) and isinstance(node.left, ast.Constant):

            def _other_player(n: Any, parents: Parents) -> None:
                _replace(parents, n, n.right)

            yield _Site(index, "other_player", f"`{_short(node)}` -> `{_short(node.right)}`", _other_player)
    elif (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, (ast.USub, ast.Not))
        and not isinstance(node.operand, ast.Constant)
    ):

        def _unary(n: Any, parents: Parents) -> None:
            _replace(parents, n, n.operand)

        yield _Site(index, "unary", f"`{_short(node)}` -> `{_short(node.operand)}`", _unary)
    elif isinstance(node, ast.BoolOp):
        other = ast.Or if isinstance(node.op, ast.And) else ast.And

        def _boolop(n: Any, parents: Parents, other: Any = other) -> None:
            n.op = other()

        yield _Site(
            index, "boolop", f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[other]}` in `{_short(node)}`", _boolop
        )
        for k, value in enumerate(node.values):  # a forgotten condition

            def _drop_condition(n: Any, parents: Parents, k: Any = k) -> None:
                del n.values[k]
                if len(n.values) == 1:
                    _replace(parents, n, n.values[0])

            yield _Site(
                index, "drop_condition", f"drop `{_short(value)}` from `{_short(node)}`", _drop_condition
            )


def _value_sites(node: ast.AST, index: int, where: str) -> Iterator[_Site]:
    """A constant off by one or negated, min for max, a range bound off by one, the
    branches of `a if c else b` swapped, a comprehension's filter dropped."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        for delta in (1, -1):

            def _const_int(n: Any, parents: Parents, delta: Any = delta) -> None:
                n.value = n.value + delta

            yield _Site(index, "const", f"`{node.value}` -> `{node.value + delta}`{where}", _const_int)
    elif isinstance(node, ast.Constant) and type(node.value) is bool:

        def _const_bool(n: Any, parents: Parents) -> None:
            n.value = not n.value

        yield _Site(index, "const", f"`{node.value}` -> `{not node.value}`{where}", _const_bool)
    elif isinstance(node, ast.Name) and node.id in ("min", "max"):
        swapped = "max" if node.id == "min" else "min"

        def _minmax(n: Any, parents: Parents, swapped: str = swapped) -> None:
            n.id = swapped

        yield _Site(index, "minmax", f"`{node.id}` -> `{swapped}`{where}", _minmax)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
        # Literal bounds are covered by `const`; computed bounds get +-1 here.
        for k, arg in enumerate(node.args[:2]):
            if isinstance(arg, ast.Constant):
                continue
            for delta, sym in ((1, ast.Add), (-1, ast.Sub)):

                def _range_bound(n: Any, parents: Parents, k: Any = k, sym: Any = sym) -> None:
                    n.args[k] = ast.BinOp(n.args[k], sym(), ast.Constant(1))

                yield _Site(
                    index,
                    "range",
                    f"`{_short(arg)}` -> `{_short(arg)} {'+' if delta > 0 else '-'} 1` in `{_short(node)}`",
                    _range_bound,
                )
    elif isinstance(node, ast.IfExp):

        def _ifexp(n: Any, parents: Parents) -> None:
            n.body, n.orelse = n.orelse, n.body

        yield _Site(index, "ifexp", f"swap the branches of `{_short(node)}`", _ifexp)
    elif isinstance(node, ast.comprehension):
        for k, cond in enumerate(node.ifs):

            def _drop_filter(n: Any, parents: Parents, k: Any = k) -> None:
                del n.ifs[k]

            yield _Site(index, "drop_filter", f"drop the filter `if {_short(cond)}`", _drop_filter)


def _branch_sites(node: ast.AST, index: int) -> Iterator[_Site]:
    """An `if`/`while` test negated, an `else` dropped."""
    if isinstance(node, (ast.If, ast.While)):

        def _negate(n: Any, parents: Parents) -> None:
            n.test = ast.UnaryOp(ast.Not(), n.test)

        yield _Site(index, "negate", f"negate `{_short(node.test)}`", _negate)
        if isinstance(node, ast.If) and node.orelse:

            def _drop_else(n: Any, parents: Parents) -> None:
                n.orelse = []

            yield _Site(index, "drop_else", f"drop the else branch of `if {_short(node.test)}`", _drop_else)


def _statement_sites(node: ast.AST, index: int) -> Iterator[_Site]:
    """One statement of a body replaced by `pass`."""
    for field in ("body", "orelse"):
        body = getattr(node, field, None)
        if not isinstance(body, list) or not body or not isinstance(body[0], ast.stmt):
            continue
        if isinstance(node, (ast.Module,)):
            continue
        for k, stmt in enumerate(body):
            if _is_docstring(stmt) or isinstance(stmt, (ast.Pass, ast.Global, ast.Nonlocal)):
                continue

            def _drop_statement(n: Any, parents: Parents, field: Any = field, k: Any = k) -> None:
                getattr(n, field)[k] = ast.Pass()

            first = ast.unparse(stmt).splitlines()[0]
            yield _Site(index, "drop_statement", f"remove `{first[:60]}`", _drop_statement, stmt.lineno)


def _targets(tree: ast.Module, names: set[str]) -> list[tuple[int, str]]:
    """(statement index, name) of the top-level definitions to mutate."""
    found: list[tuple[int, str]] = []
    for k, stmt in enumerate(tree.body):
        if isinstance(stmt, ast.FunctionDef) and stmt.name in names:
            found.append((k, stmt.name))
        elif isinstance(stmt, ast.Assign):
            assigned = [t.id for target in stmt.targets for t in ast.walk(target) if isinstance(t, ast.Name)]
            hits = [name for name in assigned if name in names]
            if hits:
                found.append((k, hits[0]))
    return found


def _line_of(node: ast.AST, fallback: int) -> int:
    return getattr(node, "lineno", fallback)


def generate(exercise: str, source: str, names: set[str]) -> list[Mutant]:
    """Every distinct behaviour-candidate mutant of the definitions of `names`."""
    tree = ast.parse(source)
    original = ast.unparse(tree)
    seen = {original}
    mutants: list[Mutant] = []
    for stmt_index, name in _targets(tree, names):
        target = tree.body[stmt_index]
        nodes = list(ast.walk(target))
        parent_of = {child: parent for parent in nodes for child in ast.iter_child_nodes(parent)}
        for index, node in enumerate(nodes):
            for site in _sites(node, index, parent_of.get(node)):
                fresh = copy.deepcopy(tree)
                fresh_nodes = list(ast.walk(fresh.body[stmt_index]))
                parents = {child: parent for parent in fresh_nodes for child in ast.iter_child_nodes(parent)}
                site.apply(fresh_nodes[index], parents)
                ast.fix_missing_locations(fresh)
                try:
                    mutated = ast.unparse(fresh)
                    compile(mutated, "<mutant>", "exec")
                except (SyntaxError, ValueError):
                    continue  # e.g. a `pass` left in an expression: not a Python program
                if mutated in seen:
                    continue
                seen.add(mutated)
                mutants.append(
                    Mutant(
                        exercise,
                        name,
                        site.line or _line_of(node, target.lineno),
                        site.operator,
                        site.describe,
                        mutated,
                    )
                )
    return mutants


# -- which calls a mutant can affect ------------------------------------------------------
def dependents(source: str) -> dict[str, set[str]]:
    """name -> every top-level name whose value or calls (transitively) use it."""
    tree = ast.parse(source)
    uses: dict[str, set[str]] = {}
    for stmt in tree.body:
        names = []
        if isinstance(stmt, ast.FunctionDef):
            names = [stmt.name]
        elif isinstance(stmt, ast.Assign):
            names = [t.id for target in stmt.targets for t in ast.walk(target) if isinstance(t, ast.Name)]
        read = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        for name in names:
            uses.setdefault(name, set()).update(read)
    users: dict[str, set[str]] = {name: {name} for name in uses}
    changed = True
    while changed:  # fixed point of "a uses b and b uses c"
        changed = False
        for name, read in uses.items():
            for other in read:
                if other in users:
                    for affected in users.values():
                        if other in affected and name not in affected:
                            affected.add(name)
                            changed = True
    return users
