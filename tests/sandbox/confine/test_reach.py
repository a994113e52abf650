"""What the worker may read (grader/sandbox/confine/reach.py) is what the earlier, slower
algorithm gave: the runtime's carving (one realpath per entry then, only per symbolic
link now) and the student's libraries (each `sys.path` folder listed per distribution
then, once now; RECORD read with the csv module then, split by hand now). The earlier
code is kept here, verbatim, as the oracle; the attack tests (test_attacks*.py,
test_isolation_attacks.py) show that the reference stays out of reach."""

from __future__ import annotations

import csv
import importlib
import os
import re
import site
import sys
import sysconfig
from pathlib import Path

import pytest

from grader.sandbox.confine import isolation, landlock, reach
from grader.sandbox.confine.reach import (
    PACKAGES_FOLDER,
    SHARED_LIBRARY_FOLDERS,
    _ancestors,
    _DistInfo,
    _inside,
    _metadata_distribution,
    _real,
    grader_locations,
)


# -- the oracle: reach.py before the change (main at 48d30cc) ---------------------------
def old_hidden_folders() -> tuple[Path, ...]:
    folders = set(grader_locations()) | {p.parent for p in grader_locations()}
    candidates = list(site.getsitepackages()) + [site.getusersitepackages()] + list(sys.path)
    for entry in candidates:
        if entry and PACKAGES_FOLDER.fullmatch(Path(entry).name):
            folders.add(_real(entry))
    for root in SHARED_LIBRARY_FOLDERS + (sys.base_prefix + "/lib",):
        for pattern in ("python*/*-packages", "python*/*/*-packages"):
            folders.update(_real(p) for p in Path(root).glob(pattern) if p.is_dir())
    base = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    for paths in (sysconfig.get_paths(), sysconfig.get_paths(vars=base)):
        folders.update(_real(paths[scheme]) for scheme in ("purelib", "platlib"))
    # Since 2026-11-23 only folders that exist are hidden (test below): the oracle
    # compares the rest of the algorithm.
    return tuple(sorted(f for f in folders if f != Path("/") and f.is_dir()))


def old_carve(root: Path, hidden: tuple[Path, ...], split: set[Path] | None = None) -> list[Path]:
    hidden_set = frozenset(map(str, hidden))
    if not hidden_set.isdisjoint(_ancestors(root)) or PACKAGES_FOLDER.fullmatch(root.name):
        return []
    if not root.is_dir() or not any(_inside(h, root) for h in hidden):
        return [root]
    if split is not None:
        split.add(root)
    kept: list[Path] = []
    for entry in old_entries(root):
        kept.extend(old_carve(Path(os.path.realpath(entry)), hidden, split))
    return kept


def old_entries(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


def old_normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def old_distribution(name: str, listings: object = None) -> reach.Distribution | None:
    wanted = old_normalized(name)
    archives = False
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except OSError:
            archives = archives or os.path.isfile(entry)
            continue
        for child in children:
            if child.endswith(".dist-info") and old_normalized(child.partition("-")[0]) == wanted:
                info = Path(entry or ".") / child
                if (info / "METADATA").is_file() and (info / "RECORD").is_file():
                    return _DistInfo(Path(entry or "."), info)
                return _metadata_distribution(name)
            egg = child.endswith((".egg-info", ".egg"))
            if egg and old_normalized(child.partition("-")[0].removesuffix(".egg-info")) == wanted:
                return _metadata_distribution(name)
    return _metadata_distribution(name) if archives else None


def old_top_entries(distribution: reach.Distribution) -> list[str]:
    record = distribution.read_text("RECORD")
    if record is None:
        files = [] if isinstance(distribution, _DistInfo) else distribution.files or []
        return [file.parts[0] if file.parts else "" for file in files]
    return [row[0].split("/")[0] for row in csv.reader(record.splitlines()) if row]


# -- this machine's tree ----------------------------------------------------------------
CACHED = (
    reach.hidden_folders,
    reach._runtime,
    reach.student_libraries,
    isolation._runtime_binds,
    landlock._static_rules,
)


def everything_the_worker_may_read() -> tuple[object, ...]:
    """Worked out afresh: the hidden folders, the runtime's paths and split folders, the
    student's libraries, the runtime's part of the bwrap command, Landlock's rules."""
    for cached in CACHED:
        cached.cache_clear()
    try:
        return (
            reach.hidden_folders(),
            reach.runtime_paths(),
            reach.runtime_listed(),
            reach.student_libraries(),
            isolation._runtime_binds(),
            landlock._static_rules(),
        )
    finally:
        for cached in CACHED:
            cached.cache_clear()


def test_what_the_worker_may_read_here_is_what_the_old_algorithm_gave(monkeypatch):
    new = everything_the_worker_may_read()
    monkeypatch.setattr(reach, "hidden_folders", old_hidden_folders)
    monkeypatch.setattr(reach, "carve", old_carve)
    monkeypatch.setattr(reach, "_distribution", old_distribution)
    monkeypatch.setattr(reach, "_top_entries", old_top_entries)
    old = everything_the_worker_may_read()
    assert new == old
    hidden, paths, listed, libraries, binds, rules = new
    # not a vacuous comparison: the runtime was carved, and the libraries found
    assert len(paths) > 10 and listed and {"numpy", "matplotlib"} <= {name for name, _ in libraries}
    assert "--tmpfs" in binds and len(rules) > len(paths) and len(hidden) > len(grader_locations())


# -- made trees: links in and out, hidden folders at every depth -------------------------
def made_tree(tmp_path: Path) -> tuple[Path, tuple[Path, ...]]:
    """A runtime-like tree under tmp_path/root, and the folders to hide."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    for folder in (
        "lib/python3.X/json",
        "lib/python3.X/site-packages/numpy",
        "lib/python3.X/lib-dynload",
        "lib/other/deep/dist-packages/x",
        "lib/other/deep/kept",
        "share/grader/sub",
        "share/plain",
    ):
        (root / folder).mkdir(parents=True)
    for file in ("lib/python3.X/os.py", "lib/libpython.so", "share/grader/sub/ref.py", "share/plain/a"):
        (root / file).write_text("x")
    (outside / "holder" / "secret").mkdir(parents=True)
    (outside / "holder" / "open.txt").write_text("x")
    (outside / "site-packages").mkdir()
    (outside / "file.txt").write_text("x")
    links = {
        "lib/link_to_outside_holder": outside / "holder",  # holds a hidden folder: split
        "lib/link_to_file": outside / "file.txt",
        "lib/link_to_packages": outside / "site-packages",  # a packages folder by its real name
        "lib/link_to_hidden": root / "share" / "grader",
        "lib/link_inside_hidden": root / "share" / "grader" / "sub",
        "lib/python3.X/link_to_json": root / "lib" / "python3.X" / "json",
        "lib/broken": tmp_path / "nowhere",
        "share/link_to_plain": root / "share" / "plain",
    }
    for name, target in links.items():
        (root / name).symlink_to(target)
    hidden = (
        root / "share" / "grader",
        outside / "holder" / "secret",
        root / "lib" / "python3.X" / "site-packages",
    )
    return root, hidden


def test_a_made_tree_is_carved_as_the_old_algorithm_did(tmp_path):
    tmp_path = tmp_path.resolve()  # carve starts from a real path
    root, hidden = made_tree(tmp_path)
    for start in (root, root / "lib", root / "share", root / "share" / "plain", root / "share" / "grader"):
        split_new: set[Path] = set()
        split_old: set[Path] = set()
        new = reach.carve(start, hidden, split_new)
        assert sorted(new) == sorted(old_carve(start, hidden, split_old))
        assert split_new == split_old
    split: set[Path] = set()
    carved = set(reach.carve(root, hidden, split))
    assert tmp_path / "outside" / "holder" in split
    # the comparison covers each kind of entry
    assert tmp_path / "outside" / "holder" / "open.txt" in carved  # through a link, split
    assert tmp_path / "outside" / "file.txt" in carved
    assert tmp_path / "nowhere" in carved  # a broken link: kept where it leads, as before
    assert not any(_inside(p, h) for p in carved for h in hidden)
    assert not any("packages" in p.name for p in carved)


def test_a_hidden_root_or_one_inside_a_hidden_folder_is_carved_away(tmp_path):
    root, hidden = made_tree(tmp_path.resolve())
    for start in (root / "share" / "grader" / "sub", root / "lib" / "python3.X" / "site-packages" / "numpy"):
        assert reach.carve(start, hidden) == old_carve(start, hidden) == []


# -- the student's distributions on a made sys.path ---------------------------------------
def dist_info(folder: Path, name: str, record: str = "pkg/__init__.py,,\n") -> Path:
    info = folder / f"{name}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Name: {name}\n\n")
    (info / "RECORD").write_text(record)
    return info


def test_distributions_on_a_made_path_are_found_as_before(tmp_path, monkeypatch):
    # importlib.metadata reads a distribution's metadata through email.message, imported on
    # first use from 3.13 on: imported now, while the standard library is still on sys.path
    importlib.import_module("email.message")
    first, second, empty = tmp_path / "first", tmp_path / "second", tmp_path / "empty"
    empty.mkdir()
    dist_info(first, "Some_Thing-1.0")
    dist_info(second, "some.thing-2.0")  # the same name, later on the path: not this one
    dist_info(second, "other-1.0")
    no_record = first / "norecord-1.0.dist-info"
    no_record.mkdir()
    (no_record / "METADATA").write_text("Name: norecord\n\n")
    (second / "eggy-1.0.egg-info").mkdir()
    (second / "zipped.egg").write_text("")
    monkeypatch.setattr(sys, "path", [str(empty), str(first), str(tmp_path / "missing"), str(second)])
    listings: dict[str, reach.Listing | None] = {}
    for name in ("some-thing", "Some_Thing", "other", "norecord", "eggy", "zipped", "absent"):
        new, old = reach._distribution(name, listings), old_distribution(name)
        assert type(new) is type(old)
        if isinstance(new, _DistInfo):
            assert new == old
        elif new is not None:  # importlib.metadata's answer, both times
            # .get: a folder without metadata has no Name (3.13 warns on ["Name"] there)
            assert old is not None and new.metadata.get("Name") == old.metadata.get("Name")
    found = reach._distribution("some-thing")
    assert isinstance(found, _DistInfo) and found.info.parent == first
    assert set(listings) == set(sys.path)  # each folder listed once for all the names


@pytest.mark.parametrize(
    "record",
    [
        "numpy/__init__.py,sha256=abc,12\nnumpy.libs/x.so,,\n\nnumpy-1.dist-info/RECORD,,\n",
        'pkg/a,b.py,sha256=x,1\n"pkg2/with,comma.py",sha256=y,2\n"top.py",,\n',  # quoted names
        "  spaced/x.py,,\r\nplain.py,,\r\n,,\nno_comma\n",
    ],
)
def test_record_files_give_the_top_entries_csv_gives(tmp_path, record):
    info = dist_info(tmp_path, "pkg-1.0", record)
    distribution = _DistInfo(tmp_path, info)
    assert reach._top_entries(distribution) == old_top_entries(distribution)


def test_only_folders_that_exist_are_hidden():
    # A venv of Debian's python3 names /usr/lib/python3.X/site-packages (its default
    # scheme), which does not exist: bubblewrap could not make the mount point of its
    # empty tmpfs inside the read-only /usr, and every worker fell back to Landlock.
    reach.hidden_folders.cache_clear()
    try:
        hidden = reach.hidden_folders()
    finally:
        reach.hidden_folders.cache_clear()
    assert hidden and all(folder.is_dir() for folder in hidden)
