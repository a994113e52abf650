"""The fault suite: hostile and broken submissions (tests/faults/) must get exactly the
verdicts of tests/faults/EXPECTED.json (reasoned from the attack, not copied from a
run), leave no process, no scratch directory and no cgroup behind, and never stop a
batch."""

import json
import os
import shutil
from pathlib import Path

import pytest

from grader.app.api import grade
from grader.app.runner import grade_file
from grader.model.results import SubmissionStatus
from grader.model.settings import Settings
from grader.sandbox.confine.cage import CGROUP_ROOT, cgroups_usable
from grader.sandbox.confine.isolation import Isolation, choose
from grader.sandbox.confine.limits import Limits

TESTS = Path(__file__).resolve().parents[2]
FAULTS = TESTS / "faults"
EXPECTED = json.loads((FAULTS / "EXPECTED.json").read_text("utf-8"))
CORPUS = TESTS / "fixtures" / "puissance4"
CORPUS_EXPECTED = json.loads((CORPUS / "EXPECTED.json").read_text("utf-8"))

BUBBLEWRAP_ONLY = {
    "cherche_reference.ipynb",
    "cherche_venv.ipynb",
    "execute_voisin.ipynb",
    "signale_parent.ipynb",
    "reecrit_voisins.ipynb",
}
"""Only OS-level isolation hides the reference and the neighbours from a search of the
filesystem, and the grader from a signal (every mode: tests/sandbox/confine/test_isolation_attacks.py)."""
PROCESS_ATTACKS = [
    "boucle_sans_signaux.ipynb",
    "fourche_100.ipynb",
    "memoire_6go.ipynb",
    "fichier_1go.ipynb",
    "recursion_pile_c.ipynb",
    "descripteurs_fermes.ipynb",
    "trame_forgee.ipynb",
    "python_modifie.ipynb",
    "gros_resultat.ipynb",
    "exit_dans_copie.ipynb",
]
"""Attacks on the worker process and its channel: basic isolation must hold them too."""


def bubblewrap_or_fail():
    if choose("auto").mode is Isolation.BUBBLEWRAP:
        return
    if os.environ.get("CI"):
        pytest.fail("CI must have a working bubblewrap (.ci/run installs it)")
    pytest.skip("bubblewrap is not installed on this development machine")


def worker_processes(folder: Path) -> list[str]:
    """Live processes started from a worker script under `folder` (each worker's
    private copy lives in its temporary folder; forked children of a worker keep its
    command line), as 'pid command'."""
    marker = str(folder).encode()
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            cmdline = Path(entry.path, "cmdline").read_bytes()
        except OSError:
            continue
        if marker in cmdline:
            found.append(f"{entry.name} {cmdline[:120]!r}")
    return found


def own_cgroups() -> list[Path]:
    return list(CGROUP_ROOT.rglob(f"mmg-{os.getpid()}-*")) if cgroups_usable() else []


def assert_verdicts(result, spec):
    assert result.status is SubmissionStatus.GRADED, (result.reason, getattr(result, "detail", ""))
    assert result.exercise == "puissance4"
    verdicts = {q.id: q.status.value for q in result.questions}
    assert verdicts == spec["questions"], spec["why"]
    failed_cells = sorted(c.index for c in result.cells if not c.ok)
    assert failed_cells == spec["failed_cells"], [
        (c.index, c.error, c.message) for c in result.cells if not c.ok
    ]


def assert_nothing_left(folder: Path):
    assert worker_processes(folder) == []
    assert sorted(p.name for p in folder.iterdir()) == []
    assert own_cgroups() == []


def grade_fault(name: str, isolation: str, limits: Limits | None = None):
    settings = Settings(cell_budget=3.0, isolation=isolation, limits=limits or Limits())
    return grade_file(FAULTS / name, settings)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fault_verdicts(name, private_tmp):
    if name in BUBBLEWRAP_ONLY:
        bubblewrap_or_fail()
    result = grade_fault(name, "auto")
    assert_verdicts(result, EXPECTED[name])
    assert_nothing_left(private_tmp)


@pytest.mark.parametrize("name", PROCESS_ATTACKS)
def test_fault_verdicts_with_basic_isolation(name, private_tmp):
    result = grade_fault(name, "basic")
    assert result.isolation == "basic"
    assert_verdicts(result, EXPECTED[name])
    assert_nothing_left(private_tmp)


@pytest.mark.parametrize("isolation", ["basic", "auto"])
def test_fork_storm_without_cgroup_is_counted_and_killed(isolation, private_tmp):
    """Where the grader cannot make a cgroup, it counts the worker's session itself."""
    result = grade_fault("fourche_100.ipynb", isolation, Limits(use_cgroup=False))
    assert_verdicts(result, EXPECTED["fourche_100.ipynb"])
    assert_nothing_left(private_tmp)


def test_the_reference_search_finds_nothing_under_bubblewrap(private_tmp):
    bubblewrap_or_fail()
    result = grade_fault("cherche_reference.ipynb", "bubblewrap")
    assert "pas trouvé" in result.printed


def test_the_suite_covers_every_attack_of_the_issue():
    assert len(EXPECTED) >= 19
    assert set(PROCESS_ATTACKS) <= set(EXPECTED)
    assert all(set(spec["questions"]) == {f"Q{i}" for i in range(1, 18)} for spec in EXPECTED.values())


def _batch_files(folder: Path) -> dict[Path, dict]:
    """30 copies of corpus submissions and 10 hostile ones, with their expected verdicts."""
    corpus = sorted(CORPUS_EXPECTED)
    hostile = PROCESS_ATTACKS[:9] + ["fil_bavard.ipynb"]
    files = {}
    for i in range(30):
        name = corpus[i % len(corpus)]
        copy = folder / f"eleve{i:02d}_{name}"
        shutil.copy(CORPUS / name, copy)
        files[copy] = CORPUS_EXPECTED[name]
    for name in hostile:
        copy = folder / f"hostile_{name}"
        shutil.copy(FAULTS / name, copy)
        files[copy] = EXPECTED[name]
    return files


@pytest.mark.slow
def test_a_batch_with_hostile_submissions_is_fully_reported(tmp_path, private_tmp):
    submissions = tmp_path / "rendus"
    submissions.mkdir()
    files = _batch_files(submissions)
    results = grade([submissions], Settings(cell_budget=3.0, jobs=2))
    assert len(results) == 40
    for result in results:
        spec = files[Path(result.path)]
        assert_verdicts(result, spec)
    assert_nothing_left(private_tmp)
