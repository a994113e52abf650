"""A unit's tree rewritten so that a disguise does not hide a copy (pure).

- docstrings, string statements, annotations and type comments disappear (comments and
  layout do too, when the tree is unparsed);
- every name the student chose (variables, parameters, their own functions) becomes the
  same placeholder, so that renaming, reordering statements or adding a variable moves
  no other token; the names a student does not choose stay: the builtins, the names the
  sheet imposes (read from the exercise's shared code) and the modules imported
  (`import numpy as n` reads as `numpy`);
- string constants stay when they look like keys (`'plateau'`), else become one
  placeholder (messages are easy to reword).
"""

from __future__ import annotations

import ast
import re

PLACEHOLDER = "_"
"""What every name the student chose becomes."""
STRING = "'…'"
"""What a string constant that is not key-like becomes."""
KEY_LIKE = re.compile(r"\w{1,40}")


class Normaliser(ast.NodeTransformer):
    """Rewrites a unit's tree in place as described in the module's docstring.

    `kept`: the names that stay; `aliases`: name bound by an import -> what it imports."""

    def __init__(self, kept: frozenset[str], aliases: dict[str, str]):
        self.kept = kept
        self.aliases = aliases

    def name(self, name: str) -> str:
        if name in self.aliases:
            return self.aliases[name]
        return name if name in self.kept else PLACEHOLDER

    def _body(self, body: list[ast.stmt]) -> list[ast.stmt]:
        """A body without its docstring and string statements (comments in disguise)."""
        kept = [
            s
            for s in body
            if not (
                isinstance(s, ast.Expr)
                and isinstance(s.value, ast.Constant)
                and isinstance(s.value.value, str)
            )
        ]
        return kept or [
            ast.Pass(lineno=body[0].lineno, end_lineno=body[0].lineno, col_offset=0, end_col_offset=0)
        ]

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for field in ("body", "orelse", "finalbody"):
            value = getattr(node, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(node, field, self._body(value))
        return super().generic_visit(node)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.name = self.name(node.name)
        node.returns = None
        node.type_comment = None
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._function(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.name = self.name(node.name)
        return self.generic_visit(node)

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self.name(node.arg)
        node.annotation = None
        node.type_comment = None
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self.name(node.id)
        return node

    def visit_keyword(self, node: ast.keyword) -> ast.AST:
        if node.arg is not None:
            node.arg = self.name(node.arg)
        return self.generic_visit(node)

    def _declared(self, node: ast.Global | ast.Nonlocal) -> ast.AST:
        node.names = [self.name(n) for n in node.names]
        return node

    def visit_Global(self, node: ast.Global) -> ast.AST:
        return self._declared(node)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> ast.AST:
        return self._declared(node)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.AST:
        if node.name is not None:
            node.name = self.name(node.name)
        return self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if node.value is None:
            return None  # `x: int` alone defines nothing
        assign = ast.Assign(targets=[node.target], value=node.value)
        return self.generic_visit(ast.copy_location(assign, node))

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        node.type_comment = None
        return self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, (str, bytes)) and not (
            isinstance(node.value, str) and KEY_LIKE.fullmatch(node.value)
        ):
            return ast.copy_location(ast.Constant(STRING), node)
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.copy_location(ast.Constant(STRING), node)
