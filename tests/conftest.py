"""Test tiers: `pytest -m "not slow"` is the fast tier, which starts no worker process.

Modules that grade real submissions end to end (workers, `grade.py`) are marked slow
here, in one place; any other test that would start a worker fails in the fast tier
with a message saying to mark it `slow`. Checks are tested fast through
`fake_session.FakeSession`, which speaks the worker's codec in this process.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.golden import DRAW_KEY

SLOW_MODULES = {
    "test_fixture_corpus",
    "test_faults",
    "test_worker",
    "test_call_many",
    "test_isolation",
    "test_cli",
    "test_batch_reports",
    "test_reference_as_submission",
    "test_english_reports",
    "test_isolation_attacks",
    "test_loopwatch_versions",
    "test_loop_corpus",
    "test_similarity_cli",
    "test_course_example",
}
"""Whole modules of end-to-end runs: every test in them starts a worker or grade.py."""


def pytest_configure(config: pytest.Config) -> None:
    """The suite's own cache folder (`XDG_CACHE_HOME`, inherited by every `grade.py` it
    runs), holding the tests' key: the developer's own key and caches are not touched."""
    import os

    if os.environ.get("MMG_TESTS_CACHE"):  # set by a run already (xdist workers, nested runs)
        return
    folder = Path(tempfile.mkdtemp(prefix="mmg-tests-cache-"))
    keys = folder / "minimax-grader" / "private-draws"
    keys.mkdir(parents=True)
    # the key the private positions are drawn with, the same on every machine: a verdict
    # that hangs on a position drawn for a copy (tests/fixtures/*/EXPECTED.json) holds in
    # every run of the suite (grader/checking/draw_key.py)
    (keys / "key").write_bytes(DRAW_KEY)
    os.chmod(keys / "key", 0o600)
    os.environ["XDG_CACHE_HOME"] = os.environ["MMG_TESTS_CACHE"] = str(folder)
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).stem in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _no_worker_in_the_fast_tier(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    if request.node.get_closest_marker("slow") is None:
        from grader.sandbox.manage.portable import PortableWorker
        from grader.sandbox.manage.process import WorkerProcess

        def refuse(*args: object, **kwargs: object) -> None:
            raise RuntimeError(
                "this test starts a worker: mark it @pytest.mark.slow "
                "(or test the check in process with tests/fake_session.py)"
            )

        monkeypatch.setattr(WorkerProcess, "start", staticmethod(refuse))
        monkeypatch.setattr(PortableWorker, "launch", staticmethod(refuse))
    yield


@pytest.fixture
def private_tmp(tmp_path, monkeypatch):
    """Worker folders of this test go to a folder of its own, to count them (shared by the
    fault, isolation and portable tests)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder
