"""Workers started ahead of need (grader.sandbox.manage.ahead): each is fresh, handed to one
session only, for the submission it was started for, and nothing of it is left."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from grader.errors import StudentCodeError
from grader.model.results import SubmissionStatus
from grader.sandbox.confine.isolation import Isolation
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.ahead import AHEAD, Ahead, WorkerKey
from grader.sandbox.manage.session import StudentSession
from tests.sandbox.manage.test_faults import assert_nothing_left

pytestmark = pytest.mark.slow  # every test starts workers

LIMITS = Limits()
KEY = WorkerKey("__main__", LIMITS, Isolation.BASIC)
FIRST, SECOND, THIRD = Path("a.ipynb"), Path("b.ipynb"), Path("c.ipynb")


def session_on(worker):
    return StudentSession("__main__", LIMITS, Isolation.BASIC, cell_budget=2, fresh=worker)


def test_the_worker_started_ahead_runs_the_submission_and_is_handed_once(private_tmp):
    ahead = Ahead()
    ahead.plan([(FIRST, KEY)])
    worker = ahead.take(FIRST, KEY)
    assert worker is not None and worker.alive
    assert ahead.take(FIRST, KEY) is None  # never to a second session
    with session_on(worker) as session:
        assert session.run_cell("import os\npid = os.getpid()\n", "cellule 1").ok
        assert session.get("pid") == worker.popen.pid
    assert not worker.alive
    assert_nothing_left(private_tmp)


def test_the_next_submissions_worker_starts_when_one_is_taken_and_carries_nothing(private_tmp):
    ahead = Ahead()
    ahead.plan([(FIRST, KEY), (SECOND, KEY)])
    first = ahead.take(FIRST, KEY)
    with session_on(first) as session:
        assert session.run_cell("secret = 42\n", "cellule 1").ok
    second = ahead.take(SECOND, KEY)  # started while the first was graded
    assert second is not None and second.alive and second.popen.pid != first.popen.pid
    with session_on(second) as session, pytest.raises(StudentCodeError):
        session.get("secret")
    assert ahead.take(THIRD, KEY) is None  # not planned: nothing waits for it
    assert_nothing_left(private_tmp)


def test_a_worker_started_with_other_limits_is_closed_not_used(private_tmp):
    ahead = Ahead()
    ahead.plan([(FIRST, KEY)])
    other = WorkerKey("__main__", Limits(memory_bytes=LIMITS.memory_bytes // 2), Isolation.BASIC)
    assert ahead.take(FIRST, other) is None
    assert_nothing_left(private_tmp)


NAMES = (
    "import sys\n"
    "name = __name__\n"
    "mine = [n for n, m in sys.modules.items() if m is sys.modules['__main__']]\n"
)


@pytest.mark.parametrize("started_as", ["__main__", "autre_eleve"])
def test_a_worker_started_with_another_module_name_serves_under_the_submissions_name(private_tmp, started_as):
    """A pool guesses its next submission's key: a worker started for a notebook (or
    another .py file) serves a .py file as a worker started with its name would."""
    ahead = Ahead()
    ahead.plan([(FIRST, WorkerKey(started_as, LIMITS, Isolation.BASIC))])
    module = WorkerKey("module_eleve", LIMITS, Isolation.BASIC)  # a .py file's own __name__
    worker = ahead.take(FIRST, module)
    assert worker is not None
    with StudentSession("module_eleve", LIMITS, Isolation.BASIC, cell_budget=2, fresh=worker) as session:
        assert session.run_cell(NAMES, "cellule 1").ok
        assert session.get("name") == "module_eleve"
        assert sorted(session.get("mine")) == ["__main__", "module_eleve"]
        assert session._worker is worker
        renamed_requests = worker.requests
    with StudentSession("module_eleve", LIMITS, Isolation.BASIC, cell_budget=2) as session:
        assert session.run_cell(NAMES, "cellule 1").ok  # started with its name: the same
        assert session.get("name") == "module_eleve"
        assert sorted(session.get("mine")) == ["__main__", "module_eleve"]
        assert session._worker is not None
        assert session._worker.requests == renamed_requests  # the naming is not counted
    assert_nothing_left(private_tmp)


def test_a_notebook_keeps_main_in_a_worker_started_for_a_module(private_tmp):
    ahead = Ahead()
    ahead.plan([(FIRST, WorkerKey("module_eleve", LIMITS, Isolation.BASIC))])
    worker = ahead.take(FIRST, KEY)
    with session_on(worker) as session:
        assert session.run_cell(NAMES, "cellule 1").ok
        assert session.get("name") == "__main__"
        assert session.get("mine") == ["__main__"]
    assert_nothing_left(private_tmp)


def test_a_forked_child_neither_uses_nor_removes_the_parents_waiting_worker(private_tmp):
    AHEAD.plan([(FIRST, KEY)])
    try:
        pid = os.fork()
        if pid == 0:  # the child (a pool's grading process): nothing waits for it here
            taken = AHEAD.take(FIRST, KEY)
            gc.collect()  # its copy of the folder object collected: the folder must stay
            os._exit(0 if taken is None else 1)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        worker = AHEAD.take(FIRST, KEY)
        assert worker is not None and worker.folder.script.exists()
        with session_on(worker) as session:
            assert session.run_cell("x = 1\n", "cellule 1").ok
    finally:
        AHEAD.close()
    assert_nothing_left(private_tmp)


def test_closing_leaves_nothing(private_tmp):
    ahead = Ahead()
    ahead.plan([(FIRST, KEY), (SECOND, KEY)])
    ahead.close()
    assert ahead.take(FIRST, KEY) is None
    assert_nothing_left(private_tmp)


def test_a_parallel_batch_leaves_no_worker_started_ahead(private_tmp, tmp_path):
    from grader.app.api import grade
    from grader.model.settings import Settings

    corpus = Path(__file__).resolve().parents[2] / "fixtures" / "puissance4"
    notebooks = sorted(corpus.glob("*.ipynb"))[:3]
    for index, notebook in enumerate(notebooks):
        folder = tmp_path / "classe" / f"eleve{index}"
        folder.mkdir(parents=True)
        (folder / notebook.name).write_bytes(notebook.read_bytes())
    results = grade([tmp_path / "classe"], Settings(jobs=2, isolation="basic"))
    assert [r.status for r in results] == [SubmissionStatus.GRADED] * 3
    assert_nothing_left(private_tmp)  # each pool process closed the worker it started for nothing
