"""Where a root grader keeps its readable copy of the runtime, and what it does when the
copy cannot be made (grader/sandbox/confine/runtime_copy.py), worked out on folders made
here with the build stubbed (no 285 MB copy in the fast tier: the real copy, run by the
workers of a root that can make no mount namespace, is proved by the hostile batch's
`*-root-no-namespace` modes, tests/sandbox/test_hostile_batch.py)."""

from __future__ import annotations

import errno
import logging
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from grader.sandbox.confine import mountns, privileges, reach, runtime_copy
from grader.sandbox.confine.privileges import Drop

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="only a root grader makes a copy of the runtime")


@pytest.fixture
def place(monkeypatch: pytest.MonkeyPatch):
    """A cache folder in a folder every user can cross (pytest's own is root's only), a
    temp dir no other user can cross (so the copy has one place only), a root that can
    make no mount namespace with a Python no other user reaches."""
    base = Path(tempfile.mkdtemp(prefix="mmg-test-copy-"))
    os.chmod(base, 0o755)
    private = base / "private-tmp"
    private.mkdir(mode=0o700)
    crossable = base / "tmp"
    crossable.mkdir(mode=0o755)
    monkeypatch.setattr(runtime_copy, "CACHE", base / "cache")
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    monkeypatch.setattr(mountns, "available", lambda: False)
    monkeypatch.setattr(
        privileges, "_uid_drop_possible", lambda namespaced: (False, "/root/python is private")
    )
    runtime_copy.readable_copy.cache_clear()
    yield base
    runtime_copy.readable_copy.cache_clear()
    shutil.rmtree(base)


def fake_build(folder: Path) -> None:
    """What `_build` lays out, in small."""
    (folder / "bin").mkdir()
    (folder / "bin" / Path(reach.python_executable()).name).write_text("")
    runtime_copy._readable(folder)


def test_the_copy_is_made_once_in_a_root_folder_every_user_crosses(place, monkeypatch):
    built = []
    monkeypatch.setattr(runtime_copy, "_build", lambda folder: built.append(folder) or fake_build(folder))
    monkeypatch.setattr(runtime_copy, "_works", lambda copy: True)
    copy = runtime_copy.readable_copy()
    assert copy is not None and copy.folder.parent == place / "cache"
    assert copy.folder.name.startswith("runtime-") and copy.executable.is_file()
    assert oct((place / "cache").stat().st_mode & 0o777) == "0o755"
    assert oct(copy.folder.stat().st_mode & 0o777) == "0o755"
    assert [p.name for p in (place / "cache").iterdir()] == [copy.folder.name]  # nothing half-made
    runtime_copy.readable_copy.cache_clear()  # a second run finds it
    assert runtime_copy.readable_copy() == copy and len(built) == 1
    # the workers of that root get a uid of their own
    monkeypatch.setattr(tempfile, "tempdir", str(place / "tmp"))
    assert privileges.planned_drop() is Drop.UID
    assert privileges.worker_runtime() == copy


@pytest.mark.parametrize("who", ["another user's", "writable by others", "a link"])
def test_a_cache_folder_another_user_controls_is_refused(who, place, monkeypatch, caplog):
    """A folder of that name made beforehand by someone else (in /tmp anyone may) would
    let them put their own interpreter where root's workers run it."""
    target = place / "elsewhere"
    target.mkdir(mode=0o755)
    cache = place / "cache"
    if who == "a link":
        cache.symlink_to(target)
    else:
        cache.mkdir(mode=0o755)
        if who == "another user's":
            os.chown(cache, 1000, 1000)
        else:
            os.chmod(cache, 0o777)
    monkeypatch.setattr(
        runtime_copy, "_build", lambda folder: pytest.fail("built in a folder not root's own")
    )
    with caplog.at_level(logging.WARNING):
        assert runtime_copy.readable_copy() is None
    assert list(target.iterdir()) == []
    assert "stay root without capabilities" in caplog.text
    monkeypatch.setattr(tempfile, "tempdir", str(place / "tmp"))
    assert privileges.planned_drop() is Drop.CAPABILITIES


def test_a_full_disk_leaves_the_workers_root_without_capabilities_and_nothing_behind(
    place, monkeypatch, caplog
):
    def full(folder: Path) -> None:
        (folder / "bin").mkdir()
        (folder / "bin" / "python3").write_bytes(b"\0" * 1000)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(runtime_copy, "_build", full)
    monkeypatch.setattr(tempfile, "tempdir", str(place / "tmp"))
    with caplog.at_level(logging.WARNING):
        assert privileges.planned_drop() is Drop.CAPABILITIES
    assert "No space left on device" in caplog.text and "root without capabilities" in caplog.text
    assert list((place / "cache").iterdir()) == []


def test_a_copy_that_does_not_run_as_another_user_is_not_used(place, monkeypatch):
    monkeypatch.setattr(runtime_copy, "_build", fake_build)  # an empty file: no interpreter
    assert runtime_copy.readable_copy() is None
    assert list((place / "cache").iterdir()) == []


def test_two_graders_making_it_at_once_keep_one(place, monkeypatch):
    """The other grader renames its copy into place while this one builds: this one's is
    removed and the other's used."""

    def raced(folder: Path) -> None:
        fake_build(folder)
        theirs = folder.parent / f"runtime-{runtime_copy._key()}"
        theirs.mkdir(mode=0o755)
        fake_build(theirs)

    monkeypatch.setattr(runtime_copy, "_build", raced)
    monkeypatch.setattr(runtime_copy, "_works", lambda copy: True)
    copy = runtime_copy.readable_copy()
    assert copy is not None
    assert [p.name for p in (place / "cache").iterdir()] == [copy.folder.name]


def test_a_new_library_makes_a_new_copy(place, monkeypatch):
    library = place / "numpy"
    library.mkdir()
    monkeypatch.setattr(reach, "student_libraries", lambda: (("numpy", library),))
    before = runtime_copy._key()
    library.rmdir()  # pip's upgrade: the old folder removed, a new one made
    (place / "numpy-new").mkdir()
    (place / "numpy-new").rename(library)
    os.utime(library, ns=(1, 1))
    assert runtime_copy._key() != before


def test_the_copy_leaves_out_installed_packages_and_the_grader(place, monkeypatch):
    """What the worker may read from the copy is what it reads from the original: the
    standard library without any folder of installed packages (the grader's among them)."""
    stdlib = place / "stdlib"
    (stdlib / "json").mkdir(parents=True)
    (stdlib / "json" / "__init__.py").write_text("")
    (stdlib / "site-packages" / "grader").mkdir(parents=True)
    (stdlib / "test").mkdir()
    (stdlib / "config-3.11-x86_64-linux-gnu").mkdir()
    hidden = stdlib / "cachee"
    hidden.mkdir()
    monkeypatch.setattr(reach, "hidden_folders", lambda: (hidden,))
    target = place / "copie"
    runtime_copy._copy_tree(stdlib, target, runtime_copy._left_out(stdlib))
    assert sorted(p.name for p in target.iterdir()) == ["json"]
