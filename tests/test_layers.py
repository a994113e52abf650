"""The layers, read from the code's own imports (its ASTs; nothing is imported):

- the engine (`grader/`) imports no content: neither `exercises` nor `reference`
  (the command line hands it the registry: `grader.registry`);
- the sandbox imports nothing of the report model, its wording or the checking
  (`results`, `messages`, `checks`): it runs code and returns plain data;
- an exercise imports the engine through `grader.kit` only;
- no two modules import each other, directly or through others.

Every import counts, those inside functions too (imported later is still imported),
except under `if TYPE_CHECKING:` (annotations only).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("grader", "exercises", "reference")
SANDBOX_MUST_NOT_IMPORT = ("grader.results", "grader.messages", "grader.checking")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking(node):
            yield from (n for child in node.orelse for n in _import_nodes(ast.Module([child], [])))
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _import_nodes(node)


def imports(source: str, package: str, known: dict[str, Path]) -> set[str]:
    """The modules a module of `package` imports: each `import a.b`, each `from a
    import b` (the submodule `a.b` when there is one, else `a`), relative ones resolved."""
    found = set()
    for node in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parent = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*parent, *([base] if base else [])])
        for alias in node.names:
            found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return found


@functools.cache
def graph() -> dict[str, set[str]]:
    known = modules()
    return {
        name: imports(
            path.read_text("utf-8"), name if path.name == "__init__.py" else name.rpartition(".")[0], known
        )
        for name, path in known.items()
    }


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def crossings(importer: str, forbidden: Callable[[str], bool]) -> set[tuple[str, str]]:
    """(module, imported) for each import of a module under `importer` that `forbidden` refuses."""
    return {
        (name, imported)
        for name, found in graph().items()
        if _under(name, importer)
        for imported in found
        if forbidden(imported)
    }


def test_the_engine_imports_no_exercise_and_no_reference():
    assert crossings("grader", lambda m: _under(m, "exercises") or _under(m, "reference")) == set()


def test_the_sandbox_imports_no_results_messages_or_checking():
    assert crossings("grader.sandbox", lambda m: any(_under(m, f) for f in SANDBOX_MUST_NOT_IMPORT)) == set()


def test_exercises_reach_the_engine_through_the_kit_only():
    assert crossings("exercises", lambda m: _under(m, "grader") and m != "grader.kit") == set()


def loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm).
    An import of a package's `__init__` for its own names (`from .. import __version__`)
    is its face, not a dependency on what the package holds: not an edge."""
    packages = {name for name, path in modules().items() if path.name == "__init__.py"}
    edges = {name: {m for m in found if m in edges and m not in packages} for name, found in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_through_others():
    assert loops(graph()) == []


def test_the_rules_see_what_they_forbid():
    """Each rule catches its kind of import, relative, lazy or not, and a loop."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ..checks import Check\n"
        "def f():\n    from ..results import CellOutcome\n    import exercises.puissance4\n"
        "from . import wire\n"
    )
    found = imports(source, "grader.sandbox", modules())
    assert found == {"typing", "grader.results", "exercises.puissance4", "grader.sandbox.wire"}
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
