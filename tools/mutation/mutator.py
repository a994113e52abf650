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

# Comparison swaps: the neighbour of each operator (off-by-one) and its opposite.
COMPARE_SWAPS: dict[type, tuple[type, ...]] = {
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
BINOP_SWAPS: dict[type, tuple[type, ...]] = {
    ast.Add: (ast.Sub,),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.Add,),
    ast.Mod: (ast.FloorDiv,),
    ast.FloorDiv: (ast.Mult,),
    ast.Div: (ast.Mult,),
}
SYMBOL = {
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
    apply: Callable[[ast.AST, dict], None]
    """Changes the node (a fresh copy) in place; `parents` maps child -> parent."""
    line: int | None = None


def _short(node: ast.AST, limit: int = 50) -> str:
    text = ast.unparse(node)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _replace(parents: dict, old: ast.AST, new: ast.AST) -> None:
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
    """The mutations possible at one node (`parent` only names the place in the report)."""
    where = f" in `{_short(parent)}`" if isinstance(parent, ast.expr) else ""
    if isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            for new in COMPARE_SWAPS.get(type(op), ()):

                def apply(n, parents, k=k, new=new):
                    n.ops[k] = new()

                yield _Site(
                    index, "cmp", f"`{SYMBOL[type(op)]}` -> `{SYMBOL[new]}` in `{_short(node)}`", apply
                )
    elif isinstance(node, ast.BinOp):
        for new in BINOP_SWAPS.get(type(node.op), ()):

            def apply(n, parents, new=new):
                n.op = new()

            yield _Site(
                index, "binop", f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[new]}` in `{_short(node)}`", apply
            )
        # `1 - joueur` -> `joueur`, `3 - p` -> `p`: the other player becomes the same one.
        if isinstance(node.op, ast.Sub) and isinstance(node.left, ast.Constant):

            def apply(n, parents):
                _replace(parents, n, n.right)

            yield _Site(index, "other_player", f"`{_short(node)}` -> `{_short(node.right)}`", apply)
    elif (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, (ast.USub, ast.Not))
        and not isinstance(node.operand, ast.Constant)
    ):

        def apply(n, parents):
            _replace(parents, n, n.operand)

        yield _Site(index, "unary", f"`{_short(node)}` -> `{_short(node.operand)}`", apply)
    elif isinstance(node, ast.BoolOp):
        other = ast.Or if isinstance(node.op, ast.And) else ast.And

        def apply(n, parents, other=other):
            n.op = other()

        yield _Site(
            index, "boolop", f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[other]}` in `{_short(node)}`", apply
        )
        for k, value in enumerate(node.values):  # a forgotten condition

            def apply(n, parents, k=k):
                del n.values[k]
                if len(n.values) == 1:
                    _replace(parents, n, n.values[0])

            yield _Site(index, "drop_condition", f"drop `{_short(value)}` from `{_short(node)}`", apply)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        for delta in (1, -1):

            def apply(n, parents, delta=delta):
                n.value = n.value + delta

            yield _Site(index, "const", f"`{node.value}` -> `{node.value + delta}`{where}", apply)
    elif isinstance(node, ast.Constant) and type(node.value) is bool:

        def apply(n, parents):
            n.value = not n.value

        yield _Site(index, "const", f"`{node.value}` -> `{not node.value}`{where}", apply)
    elif isinstance(node, ast.Name) and node.id in ("min", "max"):
        other = "max" if node.id == "min" else "min"

        def apply(n, parents, other=other):
            n.id = other

        yield _Site(index, "minmax", f"`{node.id}` -> `{other}`{where}", apply)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
        # Literal bounds are covered by `const`; computed bounds get +-1 here.
        for k, arg in enumerate(node.args[:2]):
            if isinstance(arg, ast.Constant):
                continue
            for delta, sym in ((1, ast.Add), (-1, ast.Sub)):

                def apply(n, parents, k=k, sym=sym):
                    n.args[k] = ast.BinOp(n.args[k], sym(), ast.Constant(1))

                yield _Site(
                    index,
                    "range",
                    f"`{_short(arg)}` -> `{_short(arg)} {'+' if delta > 0 else '-'} 1` in `{_short(node)}`",
                    apply,
                )
    elif isinstance(node, ast.IfExp):

        def apply(n, parents):
            n.body, n.orelse = n.orelse, n.body

        yield _Site(index, "ifexp", f"swap the branches of `{_short(node)}`", apply)
    elif isinstance(node, ast.comprehension):
        for k, cond in enumerate(node.ifs):

            def apply(n, parents, k=k):
                del n.ifs[k]

            yield _Site(index, "drop_filter", f"drop the filter `if {_short(cond)}`", apply)
    if isinstance(node, (ast.If, ast.While)):

        def apply(n, parents):
            n.test = ast.UnaryOp(ast.Not(), n.test)

        yield _Site(index, "negate", f"negate `{_short(node.test)}`", apply)
        if isinstance(node, ast.If) and node.orelse:

            def apply(n, parents):
                n.orelse = []

            yield _Site(index, "drop_else", f"drop the else branch of `if {_short(node.test)}`", apply)
    for field in ("body", "orelse"):
        body = getattr(node, field, None)
        if not isinstance(body, list) or not body or not isinstance(body[0], ast.stmt):
            continue
        if isinstance(node, (ast.Module,)):
            continue
        for k, stmt in enumerate(body):
            if _is_docstring(stmt) or isinstance(stmt, (ast.Pass, ast.Global, ast.Nonlocal)):
                continue

            def apply(n, parents, field=field, k=k):
                getattr(n, field)[k] = ast.Pass()

            first = ast.unparse(stmt).splitlines()[0]
            yield _Site(index, "drop_statement", f"remove `{first[:60]}`", apply, stmt.lineno)


def _targets(tree: ast.Module, names: set[str]) -> list[tuple[int, str]]:
    """(statement index, name) of the top-level definitions to mutate."""
    found = []
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
    mutants = []
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
