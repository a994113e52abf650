"""The portable tier (issue 14): what can be proved of it on Linux.

- The whole fixture corpus graded with `--isolation portable` gets the verdicts of
  EXPECTED.json, as with the default isolation (slow).
- `grade.py` run with `resource` and `fcntl` unimportable and `signal.setitimer`
  (with SIGALRM and the itimer constants) removed, in the grader and in every worker
  it starts, as on Windows, gives the sample the same report as a normal run (slow).
- `auto` takes the portable tier on Windows and macOS, never a strong one there (fast).

Nothing here runs on Windows or macOS: those are simulated (the platform's name, the
missing modules), not tested.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from grader.app.runner import grade_file
from grader.app.text import unavailable
from grader.model.results import SubmissionStatus
from grader.model.settings import Settings
from grader.sandbox.confine import isolation as iso
from grader.sandbox.confine.isolation import Isolation, IsolationUnavailable, choose
from grader.sandbox.confine.limits import Limits, portable_limits
from grader.sandbox.confine.reasons import Reason
from tests.exercises.test_fixture_corpus import corpus
from tests.sandbox.manage.test_faults import EXPECTED as FAULT_EXPECTED
from tests.sandbox.manage.test_faults import (
    PROCESS_ATTACKS,
    assert_nothing_left,
    assert_verdicts,
    grade_fault,
)

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
SETTINGS = Settings(cell_budget=3.0, isolation="portable")

KERNEL_LIMIT_ONLY: dict[str, str] = {}
"""Fixtures whose verdict needs a limit the portable tier lacks (a fork storm needs
the process count, a memory bomb RLIMIT_AS): none in tests/fixtures today. The fault
fixtures that need them (`fourche_100`, `memoire_6go`, ...) live in tests/faults and
are not graded here."""


# -- fast: choosing the tier ------------------------------------------------------
@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_auto_takes_the_portable_tier_on_windows_and_macos(monkeypatch, platform):
    monkeypatch.setattr(iso.sys, "platform", platform)
    chosen = choose("auto")
    assert chosen.mode is Isolation.PORTABLE
    assert [why.reason for why in chosen.fallback] == [Reason.NOT_LINUX]
    assert unavailable(chosen.fallback, "fr") == f"{platform} : bubblewrap et Landlock demandent Linux"
    assert unavailable(chosen.fallback, "en") == f"{platform}: bubblewrap and Landlock need Linux"
    assert not chosen.mode.strong  # --require-isolation strong refuses it
    with pytest.raises(IsolationUnavailable):
        choose("basic")


def test_portable_is_weak_and_can_be_asked_for_on_linux():
    chosen = choose("portable")
    assert (
        chosen.mode is Isolation.PORTABLE
        and chosen.fallback == ()
        and unavailable(chosen.fallback, "fr") == ""
    )
    assert not Isolation.PORTABLE.strong and not Isolation.BASIC.strong
    assert Isolation.BUBBLEWRAP.strong and Isolation.LANDLOCK.strong


def test_the_portable_limits_leave_out_the_process_count():
    text = portable_limits(Limits())
    assert "CPU=300" in text and "AS=" in text and "NPROC" not in text


def test_require_strong_refuses_portable(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(SAMPLE),
            "--isolation",
            "portable",
            "--require-isolation",
            "strong",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "portable" in done.stderr


# -- slow: the corpus -------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("path, spec", list(corpus()))
def test_corpus_verdicts_with_portable_isolation(path, spec):
    key = f"{path.parent.name}/{path.name}"
    if key in KERNEL_LIMIT_ONLY:
        pytest.skip(KERNEL_LIMIT_ONLY[key])
    result = grade_file(path, SETTINGS)
    if spec.get("status") == "not_gradable":  # run, then recognised as no sheet of ours
        assert (result.status, result.reason) == (SubmissionStatus.NOT_GRADABLE, spec["reason"])
    else:
        assert result.status is SubmissionStatus.GRADED, result.reason
    assert result.isolation == "portable"
    verdicts = {q.id: q.status.value for q in result.questions}
    assert verdicts == spec["questions"], spec.get("why", "")
    failed_cells = sorted(c.index for c in result.cells if not c.ok)
    assert failed_cells == sorted(spec.get("failed_cells", []))


# -- slow: no resource, no fcntl, no setitimer ------------------------------------
ABSENT_ON_WINDOWS = """
import signal as _signal, sys as _sys
_sys.modules["resource"] = None  # `import resource` raises ImportError
_sys.modules["fcntl"] = None
for _name in ("setitimer", "getitimer", "ITIMER_REAL", "ITIMER_VIRTUAL", "ITIMER_PROF", "SIGALRM"):
    if hasattr(_signal, _name):
        delattr(_signal, _name)
"""

WORKER_PRELUDE = (
    ABSENT_ON_WINDOWS
    + """
_open(MARKER, "a").write("worker %s %s %s\\n" % (_sys.modules["resource"], _sys.modules["fcntl"],
                                                hasattr(_signal, "setitimer")))
_script = _sys.argv[1]
_sys.argv = _sys.argv[1:]
exec(compile(_open(_script, encoding="utf-8").read(), _script, "exec"),
     {"__name__": "__main__", "__file__": _script, "__builtins__": __builtins__})
"""
)

SITECUSTOMIZE = (
    ABSENT_ON_WINDOWS
    + """
import subprocess as _subprocess
_PRELUDE = {prelude!r}
_init = _subprocess.Popen.__init__


def _with_prelude(self, args, *rest, **kwargs):
    # The worker (`python -S -s -B <script> <module>`, no site: sitecustomize does not
    # run there) gets the same modules taken away before its script runs.
    if isinstance(args, list) and len(args) >= 6 and str(args[4]).endswith("mmg_worker.py"):
        args = args[:4] + ["-c", _PRELUDE] + args[4:]
    _init(self, args, *rest, **kwargs)


_subprocess.Popen.__init__ = _with_prelude
"""
)


def _report(json_file: Path) -> dict:
    submission = json.loads(json_file.read_text("utf-8"))["submissions"][0]
    return {
        "status": submission["status"],
        "mark": submission.get("mark20"),
        "questions": [(q["id"], q["status"], q["score"]) for q in submission["questions"]],
        "checks": [
            [(c.get("name"), c.get("status"), c.get("score")) for c in q.get("checks", [])]
            for q in submission["questions"]
        ],
        "cells": submission["cells"],
    }


@pytest.mark.slow
def test_the_sample_without_resource_fcntl_nor_setitimer_gets_the_same_report(tmp_path):
    marker = tmp_path / "workers.txt"
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    prelude = f"MARKER = {str(marker)!r}\n_open = open\n" + WORKER_PRELUDE
    (stubs / "sitecustomize.py").write_text(SITECUSTOMIZE.format(prelude=prelude), "utf-8")
    env = dict(os.environ, PYTHONPATH=str(stubs))
    stubbed = subprocess.run(
        [sys.executable, "-c", "import resource"], env=env, capture_output=True, timeout=60
    )
    assert stubbed.returncode != 0, "the stub does not take resource away"
    normal_json, portable_json = tmp_path / "normal.json", tmp_path / "portable.json"
    normal = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), str(SAMPLE), "--json", str(normal_json)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert normal.returncode == 0, normal.stderr
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(SAMPLE),
            "--isolation",
            "portable",
            "--jobs",
            "1",
            "--json",
            str(portable_json),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Isolation « portable » : votre code tourne à part" in done.stderr  # one file: the student's words
    workers = marker.read_text().splitlines()
    assert workers and all(line == "worker None None False" for line in workers), workers
    assert json.loads(portable_json.read_text("utf-8"))["submissions"][0]["isolation"] == "portable"
    assert _report(portable_json) == _report(normal_json)


@pytest.mark.slow
def test_an_endless_cell_without_setitimer_is_stopped_and_the_rest_graded(tmp_path):
    """Without SIGALRM the worker's watchdog thread (or the grader's kill) stops it."""
    submission = tmp_path / "boucle.py"
    source = SAMPLE_FUNCTIONS.read_text("utf-8") if SAMPLE_FUNCTIONS.exists() else ""
    if not source:
        pytest.skip("no puissance4 fixture to extend")
    submission.write_text(source + "\n\nwhile True:\n    pass\n", "utf-8")
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    marker = tmp_path / "workers.txt"
    prelude = f"MARKER = {str(marker)!r}\n_open = open\n" + WORKER_PRELUDE
    (stubs / "sitecustomize.py").write_text(SITECUSTOMIZE.format(prelude=prelude), "utf-8")
    env = dict(os.environ, PYTHONPATH=str(stubs))
    out = tmp_path / "r.json"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(submission),
            "--isolation",
            "portable",
            "--cell-timeout",
            "2",
            "--json",
            str(out),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text("utf-8"))["submissions"][0]
    assert report["status"] == "graded"
    assert report["cells"]["failed"], report["cells"]
    assert report["mark20"] > 10, report  # the functions before the loop were graded


SAMPLE_FUNCTIONS = ROOT / "tests" / "fixtures" / "puissance4" / "correct_module.py"


def test_no_posix_only_module_is_imported_at_module_level():
    """Every module of the grader (and the worker script) imports with `resource`,
    `fcntl`, `termios`, `pwd`, `grp` unimportable and no `signal.setitimer`, as on Windows."""
    code = ABSENT_ON_WINDOWS + textwrap.dedent("""
        for _name in ("termios", "pwd", "grp"):
            _sys.modules[_name] = None
        import importlib, pkgutil
        import grader
        for info in pkgutil.walk_packages(grader.__path__, "grader."):
            if not info.name.endswith("__main__"):  # that one runs the CLI
                importlib.import_module(info.name)
        import exercises, reference, grader.app.cli, grader.sandbox.worker.worker_main
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


# -- slow: attacks on the worker and its channel ----------------------------------

NEEDS_A_PROCESS_COUNT = {"fourche_100.ipynb"}
"""No process count in the portable tier (no /proc, no cgroup): the storm's cell
(cell 9) succeeds instead of failing; its 100 children are killed with the worker's
process group at the end. The questions' verdicts are the same, nothing is left."""


@pytest.mark.slow
@pytest.mark.parametrize("name", PROCESS_ATTACKS)
def test_process_and_channel_attacks_with_portable_isolation(name, private_tmp):
    """On Linux the portable worker still sets RLIMIT_AS and RLIMIT_FSIZE on itself, so
    the memory and file attacks hold here; on Windows they would not (no limit)."""
    result = grade_fault(name, "portable")
    assert result.isolation == "portable"
    if name in NEEDS_A_PROCESS_COUNT:
        assert {q.id: q.status.value for q in result.questions} == FAULT_EXPECTED[name]["questions"]
        assert [c.index for c in result.cells if not c.ok] == []
    else:
        assert_verdicts(result, FAULT_EXPECTED[name])
    assert_nothing_left(private_tmp)


@pytest.mark.slow
def test_portable_isolation_is_said_everywhere(tmp_path):
    """Terminal before grading and in the summary, the CSV column, the HTML index and pages."""
    import shutil

    copies = tmp_path / "copies"
    copies.mkdir()
    corpus_folder = ROOT / "tests" / "fixtures" / "puissance4"
    for name in ("correct_listes.ipynb", "bug_min_max_inverses.ipynb"):
        shutil.copy(corpus_folder / name, copies / name)
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(copies),
            "--isolation",
            "portable",
            "--jobs",
            "1",
            "--csv",
            str(tmp_path / "notes.csv"),
            "--html",
            str(tmp_path / "html"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.index("isolation : portable") < done.stderr.index("Rapports HTML")
    assert "pas pour une correction notée" in done.stderr
    assert "2 copie(s) corrigée(s) en isolation « basic » ou « portable »" in done.stdout
    header, *rows = (tmp_path / "notes.csv").read_text("utf-8-sig").splitlines()
    assert header.split(";")[-1] == "isolation" and all(r.split(";")[-1] == "portable" for r in rows)
    pages = list((tmp_path / "html").glob("*.html"))
    assert len(pages) == 3 and all("isolation-weak" in p.read_text("utf-8") for p in pages)
    assert all("« portable »" in p.read_text("utf-8") for p in pages if p.name != "index.html")
