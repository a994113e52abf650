"""Which folders a worker with a uid of its own gets covered in its mount namespace
(grader/sandbox/confine/mountns.py `veils`), worked out on folders made here (no worker:
the real covering is proved by the hostile batch, tests/sandbox/test_hostile_batch.py)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from grader.sandbox.confine import mountns


@pytest.fixture
def tree(monkeypatch: pytest.MonkeyPatch):
    """home (0700) holding a pyenv-like Python and a venv's library; usr (0755) holding a
    system library; the roots the worker needs are these three. In a folder every user
    can cross (pytest's own is root's only)."""
    base = Path(tempfile.mkdtemp(prefix="mmg-test-veils-"))
    os.chmod(base, 0o755)
    home = base / "home"
    python = home / ".pyenv" / "versions" / "3.11"
    library = home / "projet" / ".venv" / "lib" / "numpy"
    system = base / "usr" / "lib"
    for folder in (python, library, system):
        folder.mkdir(parents=True)
    os.chmod(home, 0o700)
    monkeypatch.setattr(mountns, "_runtime_roots", lambda: (library, python, system))
    monkeypatch.setattr(mountns, "TMP", Path("/nonexistent-tmp"))  # the fixture's folder is in /tmp
    mountns.veils.cache_clear()
    yield home, python, library, system
    mountns.veils.cache_clear()
    shutil.rmtree(base)


def test_the_outermost_folder_no_other_user_can_cross_is_covered(tree):
    home, python, library, system = tree
    (veil,) = mountns.veils()
    assert veil.folder == home
    assert sorted(veil.keep) == sorted([python, library])
    assert mountns.kept_root(python / "bin" / "python3", veiled=True) == python
    assert mountns.kept_root(system / "libc.so", veiled=True) is None
    assert mountns.kept_root(python / "bin" / "python3", veiled=False) is None


def test_nothing_is_covered_when_every_folder_can_be_crossed(tree):
    home, *_ = tree
    os.chmod(home, 0o755)
    mountns.veils.cache_clear()
    assert mountns.veils() == ()


def test_a_module_bound_back_alone_is_within_reach(tree, monkeypatch):
    """A library that is one file (matplotlib's `pylab.py`) is a root of its own: it is
    read, not crossed (a venv under a 0700 `mktemp -d` folder kept the worker uid 0)."""
    from grader.sandbox.confine import privileges

    _home, python, library, system = tree
    module = library.parent / "pylab.py"
    module.write_text("from matplotlib.pylab import *\n")
    os.chmod(module, 0o644)
    monkeypatch.setattr(mountns, "_runtime_roots", lambda: (library, module, python, system))
    mountns.veils.cache_clear()
    assert mountns.kept_root(module, veiled=True) == module
    assert privileges._reachable_by_anyone(module, namespaced=True)
    assert privileges._reachable_by_anyone(python / "bin", namespaced=True) is False  # not made: no such file
