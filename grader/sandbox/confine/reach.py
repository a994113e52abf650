"""What the worker may read: the Python runtime and the libraries student code
imports (numpy, matplotlib and what they need), never the grader, the reference or
the exercises, wherever pip put them (an editable checkout, a venv's site-packages,
the interpreter's own site-packages).

Installed packages live in site-packages folders, which often sit inside the runtime
(`lib/python3.X/site-packages`): so every such folder is *hidden* (carved out of the
runtime), and the student's libraries are reached through a private folder of
symbolic links made for each worker (`link_libraries`).
"""

from __future__ import annotations

import csv
import functools
import importlib.util
import os
import re
import site
import sys
import sysconfig
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Union

from ..worker import GRADER_PACKAGES

if TYPE_CHECKING:
    import importlib.metadata

STUDENT_DISTRIBUTIONS = ("numpy", "matplotlib")
"""What student notebooks import; their dependencies come with them."""
SHARED_LIBRARY_FOLDERS = ("/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib")
RUNTIME_FILES = ("/etc/ld.so.cache", "/etc/localtime")
DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random")


PACKAGES_FOLDER = re.compile(r"(site|dist)-packages")
"""Any folder of installed packages, even one this interpreter does not use."""


def _real(path: str | Path) -> Path:
    return Path(os.path.realpath(path))


@functools.lru_cache(maxsize=1)
def python_executable() -> str:
    """The real interpreter (not a venv's link to it: without `site`, the worker needs
    nothing from the venv but the libraries it is given)."""
    return str(_real(getattr(sys, "_base_executable", None) or sys.executable))


@functools.lru_cache(maxsize=1)
def grader_locations() -> tuple[Path, ...]:
    """The folders holding the grader's packages (the project checkout when editable)."""
    found = set()
    for name in GRADER_PACKAGES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        for folder in (spec.submodule_search_locations or []) if spec else []:
            found.add(_real(folder))
    return tuple(sorted(found))


@functools.lru_cache(maxsize=1)
def hidden_folders() -> tuple[Path, ...]:
    """Folders the worker must never see: every folder of installed packages, and the
    grader's packages themselves (with the folder that holds them)."""
    folders = set(grader_locations()) | {p.parent for p in grader_locations()}
    candidates = list(site.getsitepackages()) + [site.getusersitepackages()] + list(sys.path)
    for entry in candidates:
        if entry and PACKAGES_FOLDER.fullmatch(Path(entry).name):
            folders.add(_real(entry))
    # folders of packages of other interpreters too (a system python's dist-packages);
    # each folder searched once (/lib is often a link to /usr/lib: the same real paths)
    for root in dict.fromkeys(_real(r) for r in SHARED_LIBRARY_FOLDERS + (sys.base_prefix + "/lib",)):
        for pattern in ("python*/*-packages", "python*/*/*-packages"):
            folders.update(_real(p) for p in root.glob(pattern) if p.is_dir())
    base = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    for paths in (sysconfig.get_paths(), sysconfig.get_paths(vars=base)):
        folders.update(_real(paths[scheme]) for scheme in ("purelib", "platlib"))
    # Only folders that exist: one that does not has nothing to hide, and bubblewrap
    # cannot make its mount point in a read-only bind (Debian's python3: the default
    # scheme names /usr/lib/python3.X/site-packages, its packages are in dist-packages).
    return tuple(sorted(f for f in folders if f != Path("/") and f.is_dir()))


def _inside(path: Path | str, folder: Path | str) -> bool:
    """`path` is `folder` or lies under it (string prefixes: `Path.parents` builds a
    path object per level, too slow over the runtime's thousands of pairs)."""
    inner, outer = str(path), str(folder)
    return inner == outer or inner.startswith(outer if outer.endswith("/") else outer + "/")


def _ancestors(path: Path | str) -> Iterator[str]:
    """`path` and each folder holding it, as strings, innermost first."""
    text = str(path)
    yield text
    while text not in ("/", ""):
        parent = text.rsplit("/", 1)[0] or "/"
        if parent == text:
            return
        text = parent
        yield text


def carve(root: Path, hidden: tuple[Path, ...], split: set[Path] | None = None) -> list[Path]:
    """`root` without the hidden folders: the root itself when none is inside it, else
    its entries, each carved in turn (a rule or a bind covers a whole tree). The
    folders split that way are added to `split`. `root` is a real path (no link in
    it, as `_runtime` gives); each entry is carved at its real path."""
    hidden_text = tuple(map(str, hidden))
    hidden_set = frozenset(hidden_text)
    kept: list[Path] = []

    def visit(path: str, is_dir: bool, inside: tuple[str, ...]) -> None:
        """`path`: real, not hidden nor inside a hidden folder; `inside`: the hidden
        folders that may lie under it."""
        under = tuple(h for h in inside if _inside(h, path))
        if not is_dir or not under:
            kept.append(Path(path))
            return
        if split is not None:
            split.add(Path(path))
        for entry in _scan(path):
            if entry.is_symlink():  # carved where it leads, as any other path
                real = os.path.realpath(entry.path)
                if hidden_set.isdisjoint(_ancestors(real)) and not PACKAGES_FOLDER.fullmatch(
                    os.path.basename(real)
                ):
                    visit(real, os.path.isdir(real), hidden_text)
            # An entry of a real folder that is no link is real already (no realpath: an
            # lstat per component of the path, thousands per run), and only it can be
            # hidden among its folders: the folder and those above it are not.
            elif entry.path not in hidden_set and not PACKAGES_FOLDER.fullmatch(entry.name):
                visit(entry.path, _is_dir(entry), under)

    if hidden_set.isdisjoint(_ancestors(root)) and not PACKAGES_FOLDER.fullmatch(root.name):
        visit(str(root), root.is_dir(), hidden_text)
    return kept


def _scan(folder: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return list(entries)
    except OSError:
        return []


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def runtime_paths() -> tuple[Path, ...]:
    """What the interpreter needs to start and run the standard library: its binary,
    the standard library, the shared libraries (read and execute); installed packages
    carved out."""
    return _runtime()[0]


def runtime_listed() -> tuple[Path, ...]:
    """Folders split by the carving, that the worker may list but not read through:
    the interpreter lists the standard library's folder to import from it (the names
    in a folder of installed packages can then be listed, not their contents)."""
    return _runtime()[1]


@functools.lru_cache(maxsize=1)
def _runtime() -> tuple[tuple[Path, ...], tuple[Path, ...]]:
    roots = {_real(python_executable())}
    paths = sysconfig.get_paths()
    for key in ("stdlib", "platstdlib"):
        roots.add(_real(paths[key]))
    libdir = sysconfig.get_config_var("LIBDIR")
    for folder in SHARED_LIBRARY_FOLDERS + ((libdir,) if libdir else ()):
        if Path(folder).exists():
            roots.add(_real(folder))
    for file in RUNTIME_FILES:
        if Path(file).exists():
            roots.add(_real(file))
    hidden = hidden_folders()
    kept: set[Path] = set()
    split: set[Path] = set()
    for root in roots:
        kept.update(carve(root, hidden, split))
    return _outermost(kept), tuple(sorted(split))


def _outermost(paths: set[Path]) -> tuple[Path, ...]:
    """Without the paths already inside another one of the set: a path is dropped when
    one of its folders is in the set (its depth's worth of lookups, not a pass over
    every other path)."""
    given = frozenset(map(str, paths))
    return tuple(sorted(p for p in paths if given.isdisjoint(list(_ancestors(p))[1:])))


@dataclass(frozen=True)
class _DistInfo:
    """An installed distribution's `.dist-info` folder, found on `sys.path` as
    importlib.metadata finds it (its first match), without importing it (it imports
    the email package)."""

    site: Path
    info: Path

    def read_text(self, name: str) -> str | None:
        try:
            return (self.info / name).read_text("utf-8")
        except OSError:
            return None

    def locate_file(self, path: str) -> Path:
        return self.site / path


Distribution = Union[_DistInfo, "importlib.metadata.Distribution"]


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


Listing = dict[str, tuple[bool, str]]
"""A `sys.path` folder's distributions: normalized name -> (a `.dist-info` folder, not an
egg; its name), the first child of that name in the folder's order."""


def _distribution(name: str, listings: dict[str, Listing | None] | None = None) -> Distribution | None:
    """The distribution `name` (None when not installed); importlib.metadata's
    answer whenever the simple search is not sure (an egg, a dist-info without
    RECORD, a zip file on the path). `listings`: the folders already listed (by entry
    of `sys.path`; None for one that is not a folder), filled as they are listed."""
    wanted = _normalized(name)
    listings = {} if listings is None else listings
    archives = False
    for entry in sys.path:
        if entry not in listings:
            listings[entry] = _listing(entry or ".")
        found = listings[entry]
        if found is None:
            archives = archives or os.path.isfile(entry)  # a zip: importlib.metadata reads it
            continue
        if wanted in found:
            dist_info, child = found[wanted]
            info = Path(entry or ".") / child
            if dist_info and (info / "METADATA").is_file() and (info / "RECORD").is_file():
                return _DistInfo(Path(entry or "."), info)
            return _metadata_distribution(name)
    return _metadata_distribution(name) if archives else None


def _listing(folder: str) -> Listing | None:
    try:
        children = os.listdir(folder)
    except OSError:
        return None
    found: Listing = {}
    for child in children:
        if child.endswith(".dist-info"):
            found.setdefault(_normalized(child.partition("-")[0]), (True, child))
        elif child.endswith((".egg-info", ".egg")):
            found.setdefault(_normalized(child.partition("-")[0].removesuffix(".egg-info")), (False, child))
    return found


def _metadata_distribution(name: str) -> importlib.metadata.Distribution | None:
    import importlib.metadata

    try:
        return importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def _requirement_names(distribution: Distribution) -> list[str]:
    names = []
    for requirement in _requirements(distribution):
        if "extra ==" in requirement.replace("extra==", "extra =="):
            continue  # optional extras: not installed for the student
        match = re.match(r"[A-Za-z0-9._-]+", requirement)
        if match:
            names.append(match.group(0))
    return names


def _requirements(distribution: Distribution) -> list[str]:
    """Its Requires-Dist lines, read from METADATA's headers without the email parser
    (`Distribution.requires` parses the whole file, for every distribution)."""
    text = distribution.read_text("METADATA")
    if text is None:
        return [] if isinstance(distribution, _DistInfo) else list(distribution.requires or [])
    headers = text.split("\n\n", 1)[0]
    return [
        line.split(":", 1)[1].strip() for line in headers.splitlines() if line.startswith("Requires-Dist:")
    ]


@functools.lru_cache(maxsize=4)
def distribution_version(name: str) -> str | None:
    """The installed version of the distribution `name` (its METADATA's `Version:`), as
    the worker will import it; None when it is not installed."""
    distribution = _distribution(name)
    text = None if distribution is None else distribution.read_text("METADATA")
    for line in (text or "").split("\n\n", 1)[0].splitlines():
        if line.startswith("Version:"):
            return line.split(":", 1)[1].strip()
    return None


@functools.lru_cache(maxsize=1)
def student_libraries() -> tuple[tuple[str, Path], ...]:
    """(name, real path) of each top-level module, package and bundled-library folder of
    the student's distributions and their dependencies (numpy.libs included, so the
    loader finds them next to the package)."""
    entries: dict[str, Path] = {}
    todo, seen = list(STUDENT_DISTRIBUTIONS), set()
    listings: dict[str, Listing | None] = {}
    while todo:
        name = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        seen.add(key)
        distribution = _distribution(name, listings)
        if distribution is None:
            continue
        todo.extend(_requirement_names(distribution))
        for top in _top_entries(distribution):
            if (
                not top
                or top in ("..", "__pycache__")
                or top.endswith((".dist-info", ".egg-info", ".pth"))
                or top.split(".")[0] in GRADER_PACKAGES
                or top in entries
            ):
                continue
            path = _real(str(distribution.locate_file(top)))
            if path.exists() and not any(_inside(path, g) for g in grader_locations()):
                entries[top] = path
    return tuple(sorted(entries.items()))


def _top_entries(distribution: Distribution) -> list[str]:
    """The first component of each file the distribution installed, in its order.

    Read from RECORD's text when there is one: `Distribution.files` builds a path
    object per file (numpy and fonttools have thousands)."""
    record = distribution.read_text("RECORD")
    if record is None:
        files = [] if isinstance(distribution, _DistInfo) else distribution.files or []
        return [file.parts[0] if file.parts else "" for file in files]
    lines = record.splitlines()
    if '"' in record or "\0" in record:  # a quoted name (a comma in it): the csv module's reading
        return [row[0].split("/")[0] for row in csv.reader(lines) if row]
    return [line.split(",", 1)[0].split("/", 1)[0] for line in lines if line]  # as csv reads it, cheaper


def link_libraries(folder: Path, libraries: tuple[tuple[str, Path], ...] | None = None) -> None:
    """Fill `folder` (the worker's library path) with links to the student's libraries
    (`libraries`: their copies, `runtime_copy`)."""
    folder.mkdir()
    for name, path in student_libraries() if libraries is None else libraries:
        (folder / name).symlink_to(path)
