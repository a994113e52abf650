"""The layers, read from the code's own imports (its ASTs; nothing is imported):

- `grader/` is a stack of wings (`LAYERS`, top first): a module imports only its own
  wing or a wing below it, lazy imports included; an import under `if TYPE_CHECKING:`
  (annotations only) may point up only where `TYPE_ONLY_UP` states it, with its reason;
- the worker script (`grader.sandbox.worker`) is the floor: it imports nothing of the
  grader outside itself, and nothing outside the standard library;
- the engine (`grader/`) imports no content: neither `exercises` nor `reference`
  (the command line hands it the registry: `grader.registry`);
- an exercise imports the engine through `grader.kit` only;
- no two modules import each other, directly or through others.

The root package `grader` is the face: anyone may import it (for `__version__`), and it
imports the front door only inside the functions it offers (`verifier`, `resultat`).
"""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("grader", "exercises", "reference")
STUDENT_DISTRIBUTIONS = ("numpy", "matplotlib")  # grader/sandbox/confine/reach.py

LAYERS: tuple[tuple[str, ...], ...] = (
    ("grader.__main__", "grader.mutation"),  # python -m grader; python -m grader.mutation
    ("grader.app",),  # the front door: command line, library entry, start-up, one file graded
    ("grader.serve",),  # the marking page over the class (--serve)
    ("grader.marking", "grader.similarity", "grader.course"),  # the class; who copied; a course's TD
    ("grader.kit",),  # what an exercise sees of the engine
    ("grader.registry",),  # the TDs, from the entry-point group
    ("grader.reading", "grader.checking", "grader.render"),  # read, check, render
    ("grader.model",),  # results, settings, words
    ("grader.sandbox", "grader.sandbox.manage"),  # workers, on the grader's side
    ("grader.sandbox.confine",),  # what a worker may reach and do
    ("grader.errors", "grader.atomic", "grader.cachedir", "grader.tomlfile"),  # the ground
    ("grader.sandbox.worker",),  # the worker script: the floor, it imports only itself
)
"""Every wing of `grader/`, top first. Wings on one line do not import each other."""

TYPE_ONLY_UP: dict[tuple[str, str], str] = {}
"""(module, imported) pairs where an annotation names a type from a wing above, with why."""


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


def _import_nodes(
    tree: ast.AST, type_only: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import node, and whether it is under `if TYPE_CHECKING:` (annotations only)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.body:
                yield from _import_nodes(ast.Module([child], []), True)
            for child in node.orelse:
                yield from _import_nodes(ast.Module([child], []), type_only)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, type_only
        yield from _import_nodes(node, type_only)


def _targets(node: ast.Import | ast.ImportFrom, package: str, known: dict[str, Path]) -> set[str]:
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = node.module or ""
    if node.level:
        parent = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*parent, *([base] if base else [])])
    return {f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names}


def imports(source: str, package: str, known: dict[str, Path], type_only: bool = False) -> set[str]:
    """The modules a module of `package` imports: each `import a.b`, each `from a
    import b` (the submodule `a.b` when there is one, else `a`), relative ones resolved;
    with `type_only`, those under `if TYPE_CHECKING:` instead."""
    found: set[str] = set()
    for node, annotation in _import_nodes(ast.parse(source)):
        if annotation == type_only:
            found |= _targets(node, package, known)
    return found


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


@functools.cache
def graph(type_only: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {
        name: imports(path.read_text("utf-8"), _package(name, path), known, type_only)
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


def wing(module: str) -> str | None:
    """The wing of LAYERS a module of `grader` lives in (the longest that holds it)."""
    holding = [w for layer in LAYERS for w in layer if _under(module, w)]
    return max(holding, key=len) if holding else None


def layer(module: str) -> int:
    return next(i for i, wings in enumerate(LAYERS) if wing(module) in wings)


def upward(edges: dict[str, set[str]]) -> set[tuple[str, str]]:
    """(module, imported) for each import of a wing above the module's, or of another
    wing of its own layer. The root package is the face, importable by anyone."""
    return {
        (name, imported)
        for name, found in edges.items()
        if _under(name, "grader") and name != "grader"
        for imported in found
        if _under(imported, "grader")
        and imported != "grader"
        and wing(imported) != wing(name)
        and layer(imported) <= layer(name)
    }


def test_every_wing_of_the_engine_is_in_the_layers():
    """A module of `grader/` outside every wing, or a wing that does not exist, is a
    layer list that has gone stale."""
    engine = [name for name in modules() if _under(name, "grader") and name != "grader"]
    assert [name for name in engine if wing(name) is None] == []
    assert [w for layer in LAYERS for w in layer if w not in modules()] == []


def test_each_module_imports_its_own_wing_or_a_lower_one():
    assert upward(graph()) == set()


def test_an_annotation_points_up_only_where_stated():
    assert upward(graph(type_only=True)) == set(TYPE_ONLY_UP)


def test_the_face_imports_the_front_door_only_when_called():
    """`import grader` (for `__version__`, or by the import of any of its modules) runs
    nothing of the engine: its own imports are inside the functions it offers."""
    tree = ast.parse(modules()["grader"].read_text("utf-8"))
    at_top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert [
        ast.unparse(n) for n in at_top if any(_under(m, "grader") for m in _targets(n, "grader", modules()))
    ] == []


def test_the_worker_script_imports_only_itself_and_the_standard_library():
    """The worker script shares its process with the student's code: nothing of the
    grader may be there to find, nor any library the worker may not reach but the
    student's own (`STUDENT_DISTRIBUTIONS`, which it preloads)."""
    worker = "grader.sandbox.worker"
    found = {
        (name, imported)
        for graph_ in (graph(), graph(type_only=True))
        for name, imports_ in graph_.items()
        if _under(name, worker)
        for imported in imports_
        if not _under(imported, worker)
        and imported.split(".")[0] not in (*sys.stdlib_module_names, *STUDENT_DISTRIBUTIONS)
    }
    assert found == set()


def test_the_engine_imports_no_exercise_and_no_reference():
    assert crossings("grader", lambda m: _under(m, "exercises") or _under(m, "reference")) == set()


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
    """Each rule catches its kind of import, relative, lazy or not, type-only apart, an
    upward one, one across a layer, and a loop."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ..checking import declare\n"
        "def f():\n    from ..model.results import CellOutcome\n    import exercises.puissance4\n"
        "from .worker import wire\n"
    )
    found = imports(source, "grader.sandbox", modules())
    assert found == {"typing", "grader.model.results", "exercises.puissance4", "grader.sandbox.worker.wire"}
    assert imports(source, "grader.sandbox", modules(), type_only=True) == {"grader.checking.declare"}
    edges = {
        "grader.sandbox.manage.session": {"grader.sandbox.worker.wire", "grader.model.results", "grader"},
        "grader.render.terminal": {"grader.reading.submission", "grader.model.text"},
        "grader.sandbox.worker.wire": {"grader.errors"},
    }
    assert upward(edges) == {
        ("grader.sandbox.manage.session", "grader.model.results"),
        ("grader.render.terminal", "grader.reading.submission"),
        ("grader.sandbox.worker.wire", "grader.errors"),
    }
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
