"""Issue 10: every attack on the grader's files, its process and the neighbours, in
every isolation mode this machine offers, each mode asserting what it promises
(docs/explanation/security.md has the table). The fixtures are in tests/faults/ (EXPECTED.json);
each attack prints "ATTAQUE <what>: réussi|refusé" for what it tried.

Basic isolation promises less: the attacks it cannot stop are not run with it here
(a signal to the grader would stop this very test run), and the docs say so.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.app.api import grade
from grader.app.runner import grade_file
from grader.app.text import unavailable
from grader.model.results import SubmissionStatus
from grader.model.settings import Settings
from grader.sandbox.confine import isolation as isolation_module
from grader.sandbox.confine import landlock
from grader.sandbox.confine.isolation import Isolation, choose
from grader.sandbox.confine.limits import Limits
from grader.sandbox.confine.privileges import Drop, planned_drop
from grader.sandbox.confine.reasons import Reason, Unavailable
from tests.sandbox.manage.test_faults import (
    CORPUS,
    CORPUS_EXPECTED,
    EXPECTED,
    FAULTS,
    assert_nothing_left,
)

ROOT = Path(__file__).resolve().parents[3]
PLACEHOLDER = "__RENDUS__"

STRONG_ATTACKS = [
    "cherche_reference.ipynb",
    "cherche_venv.ipynb",
    "execute_voisin.ipynb",
    "reecrit_voisins.ipynb",
    "signale_parent.ipynb",
    "reecrit_worker.ipynb",
    "remonte_root.ipynb",
    "petit_enfant.ipynb",
]
BASIC_ATTACKS = [
    "reecrit_worker.ipynb",
    "remonte_root.ipynb",
    "petit_enfant.ipynb",
    "signale_parent.ipynb",
    "reecrit_voisins.ipynb",
]
NEEDS_OWN_UID = {"signale_parent.ipynb", "reecrit_voisins.ipynb"}
"""What basic isolation holds: a fresh script per worker, no capability, the cage;
with a user id of its own (root, Python readable by all) also signals and the
neighbours' files. Never: reading the reference or a neighbour (docs/explanation/security.md)."""


def own_uid() -> bool:
    """Whether a worker started now gets a user id of its own (decided per start: the
    temp folder of the test counts)."""
    return planned_drop() is Drop.UID


def basic_refuses() -> set[str]:
    """The root-only actions basic isolation refuses (no capability; the rest needs its own uid)."""
    return {"remount", "mount", "chown"} | ({"ecrire python", "cgroup"} if own_uid() else set())


FAILED_CELLS = {("cherche_reference.ipynb", "landlock"): [10]}
"""Landlock refuses to list /proc: the search of cherche_reference raises in its cell."""


def available_modes() -> list[str]:
    modes = []
    if isolation_module.bubblewrap_status()[0]:
        modes.append("bubblewrap")
    elif os.environ.get("CI"):
        pytest.fail("CI must have a working bubblewrap (.ci/run installs it)")
    if landlock.abi()[0]:
        modes.append("landlock")
    return modes + ["basic"]


MODES = available_modes()


def cases() -> list[tuple[str, str]]:
    return [(name, mode) for mode in MODES for name in (BASIC_ATTACKS if mode == "basic" else STRONG_ATTACKS)]


def class_folder(root: Path) -> Path:
    """A class of three honest neighbours (the attacks look for them here)."""
    folder = root / "rendus"
    folder.mkdir()
    for name in ("correct_listes.ipynb", "correct_tableau.ipynb", "bug_min_max_inverses.ipynb"):
        if (CORPUS / name).exists():
            shutil.copy(CORPUS / name, folder / f"voisin_{name}")
    return folder


def hostile_copy(name: str, folder: Path) -> Path:
    """The fixture with the class folder written in, as `hostile_<name>` in `folder`."""
    text = (FAULTS / name).read_text("utf-8").replace(PLACEHOLDER, str(folder))
    copy = folder / f"hostile_{name}"
    copy.write_text(text, "utf-8")
    return copy


def digests(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if not p.name.startswith("hostile_")
    }


def attempts(result) -> dict[str, str]:
    """What the attack tried, and whether it worked, from its printed lines."""
    found = {}
    for line in result.printed.splitlines():
        if line.startswith("ATTAQUE ") and ": " in line:
            what, _, outcome = line[len("ATTAQUE ") :].partition(": ")
            found[what] = outcome
    return found


def assert_verdicts(result, name: str, mode: str) -> None:
    spec = EXPECTED[name]
    assert result.status is SubmissionStatus.GRADED, (result.reason, result.detail)
    assert {q.id: q.status.value for q in result.questions} == spec["questions"], spec["why"]
    failed = sorted(c.index for c in result.cells if not c.ok)
    assert failed == FAILED_CELLS.get((name, mode), spec["failed_cells"]), [
        (c.index, c.error, c.message) for c in result.cells if not c.ok
    ]


@pytest.mark.parametrize("name, mode", cases())
def test_each_attack_in_each_mode(name, mode, tmp_path, private_tmp):
    if mode == "basic" and name in NEEDS_OWN_UID and not own_uid():
        pytest.skip(
            "basic isolation without a uid of its own cannot stop it (docs/explanation/security.md); "
            "it would stop this test run"
        )
    folder = class_folder(tmp_path)
    before = digests(folder)
    result = grade_file(hostile_copy(name, folder), Settings(cell_budget=3.0, isolation=mode))
    assert result.isolation == mode
    assert_verdicts(result, name, mode)
    tried = attempts(result)
    if mode != "basic":
        assert not [w for w, outcome in tried.items() if outcome.startswith("réussi")], tried
    else:
        assert all(tried[w] == "refusé" for w in basic_refuses() if w in tried), tried
        assert all(
            not outcome.startswith("réussi")
            for w, outcome in tried.items()
            if w.startswith(("signal", "voisin"))
        ), tried
    assert digests(folder) == before  # every neighbour's file unchanged
    assert_nothing_left(private_tmp)


@pytest.mark.parametrize("mode", MODES)
def test_a_grandchild_does_not_outlive_the_grader_even_without_cgroup(mode, private_tmp):
    """Without a cgroup the grader adopts the orphan (child subreaper) and kills it;
    under bubblewrap the PID namespace does."""
    settings = Settings(cell_budget=3.0, isolation=mode, limits=Limits(use_cgroup=False))
    result = grade_file(FAULTS / "petit_enfant.ipynb", settings)
    assert_verdicts(result, "petit_enfant.ipynb", mode)
    assert_nothing_left(private_tmp)


def test_the_reference_is_not_reachable_with_strong_isolation(private_tmp):
    """The direct proof: open the reference, the exercises and the venv's site-packages by path."""
    spy = (
        "import os\ndef lire(chemin):\n    try:\n        return open(chemin).read()[:20]\n"
        "    except OSError:\n        return 'refusé'\n"
        "def lister(chemin):\n    try:\n        return sorted(os.listdir(chemin))\n"
        "    except OSError:\n        return 'refusé'\n"
    )
    from grader.sandbox.manage.session import StudentSession

    targets = [
        ROOT / "reference" / "puissance4.py",
        ROOT / "exercises" / "__init__.py",
        ROOT / "grader" / "sandbox" / "worker" / "worker_main.py",
        ROOT / "tests" / "faults" / "EXPECTED.json",
    ]
    for mode in [m for m in MODES if m != "basic"]:
        with StudentSession("m", Limits(), Isolation(mode), 5) as session:
            assert session.run_cell(spy, "espion").ok
            for target in targets:
                assert session.call("lire", str(target)).value == "refusé", (mode, target)
            listed = session.call("lister", str(ROOT)).value  # bubblewrap: only mount points
            assert listed == "refusé" or not {"reference", "exercises", "grader"} & set(listed), mode
    assert_nothing_left(private_tmp)


# -- choosing the isolation ---------------------------------------------------------------


@pytest.fixture
def fresh_probes():
    # The real probes, kept: a test may monkeypatch them, and the autouse fixture's
    # monkeypatch is undone only after this teardown.
    probes = (isolation_module.bubblewrap_status, landlock.abi)
    for probe in probes:
        probe.cache_clear()
    yield
    for probe in probes:
        probe.cache_clear()


def test_auto_falls_back_to_landlock_without_bwrap(fresh_probes, monkeypatch):
    if "landlock" not in MODES:
        pytest.skip("this kernel has no Landlock")
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent))  # no bwrap on it
    choice = choose("auto")
    assert choice.mode is Isolation.LANDLOCK and choice.landlock_abi >= 1
    assert [why.reason for why in choice.fallback] == [Reason.BWRAP_NOT_INSTALLED]
    # worded in the reader's language, in one line
    assert unavailable(choice.fallback, "fr") == "bwrap n'est pas installé (apt-get install bubblewrap)"
    assert unavailable(choice.fallback, "en") == "bwrap is not installed (apt-get install bubblewrap)"
    with pytest.raises(isolation_module.IsolationUnavailable) as refused:
        choose("bubblewrap")
    assert refused.value.why.reason is Reason.BWRAP_NOT_INSTALLED


def test_auto_falls_back_to_basic_and_says_why(fresh_probes, monkeypatch):
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent))
    monkeypatch.setattr(landlock, "abi", lambda: (0, Unavailable(Reason.NO_LANDLOCK)))
    choice = choose("auto")
    assert choice.mode is Isolation.BASIC and not choice.mode.strong
    assert [why.reason for why in choice.fallback] == [Reason.BWRAP_NOT_INSTALLED, Reason.NO_LANDLOCK]
    french = unavailable(choice.fallback, "fr")
    assert "bwrap n'est pas installé" in french and "le noyau n'a pas Landlock" in french
    assert "\n" not in french and "is not installed" not in french


def run_cli(*args: str, path: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=path or os.environ.get("PATH", ""))
    return subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


SAMPLE = str(ROOT / "samples" / "eleve_puissance4.ipynb")
NO_BWRAP = str(Path(sys.executable).parent)


def test_cli_without_bwrap_says_which_isolation_and_why(tmp_path):
    if "landlock" not in MODES:
        pytest.skip("this kernel has no Landlock")
    for name in ("a.ipynb", "b.ipynb"):  # a class: the teacher's announcement
        shutil.copy(SAMPLE, tmp_path / name)
    done = run_cli(str(tmp_path), "--json", "-", path=NO_BWRAP)
    assert done.returncode == 0, done.stderr
    # the whole line in French: the reason too, not the engine's English
    assert "Isolation : landlock (ABI" in done.stderr
    assert "bwrap n'est pas installé (apt-get install bubblewrap)" in done.stderr
    assert "le code des élèves ne peut lire ni le corrigé ni les autres copies" in done.stderr
    report = json.loads(done.stdout)["submissions"][0]
    assert report["isolation"] == "landlock" and report["landlock_abi"] >= 1
    alone = run_cli(SAMPLE, "--json", "-", path=NO_BWRAP)  # one file: a student's self-check
    assert alone.returncode == 0, alone.stderr
    first, *rest = alone.stderr.splitlines()  # the report follows on stderr (stdout holds the JSON)
    assert re.fullmatch(r"isolation : landlock \(ABI \d+\), forte \(.*corrigé.*\)", first), alone.stderr
    assert not any("solation" in line for line in rest), alone.stderr


def test_cli_explicit_isolation_that_cannot_work_is_a_usage_error():
    done = run_cli(SAMPLE, "--isolation", "bubblewrap", path=NO_BWRAP)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--isolation bubblewrap : impossible sur cette machine (bwrap n'est pas installé" in done.stderr


def test_cli_require_strong_refuses_basic():
    done = run_cli(SAMPLE, "--isolation", "basic", "--require-isolation", "strong", "--lang", "en")
    assert done.returncode == 2
    assert "neither bubblewrap nor Landlock" in done.stderr and "apt-get install bubblewrap" in done.stderr


def test_basic_isolation_is_said_everywhere(tmp_path):
    """Terminal before grading and in the summary, the CSV column, the HTML index and pages."""
    copies = tmp_path / "copies"
    copies.mkdir()
    for name in ("correct_listes.ipynb", "bug_min_max_inverses.ipynb"):
        shutil.copy(CORPUS / name, copies / name)
    done = run_cli(
        str(copies),
        "--isolation",
        "basic",
        "--jobs",
        "1",
        "--csv",
        str(tmp_path / "notes.csv"),
        "--html",
        str(tmp_path / "html"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.index("ATTENTION : isolation « basic »") < done.stderr.index("Rapports HTML")
    assert "2 copie(s) corrigée(s) en isolation « basic »" in done.stdout
    header, *rows = (tmp_path / "notes.csv").read_text("utf-8-sig").splitlines()
    assert header.split(";")[-1] == "isolation" and all(r.split(";")[-1] == "basic" for r in rows)
    pages = list((tmp_path / "html").glob("*.html"))
    assert len(pages) == 3 and all("isolation-weak" in p.read_text("utf-8") for p in pages)


# -- a wheel is as safe as an editable install ----------------------------------------------


@pytest.mark.slow
def test_a_non_editable_install_keeps_the_reference_out_of_reach(tmp_path):
    """`pip install .` puts reference/ and exercises/ in the venv's site-packages: with
    strong isolation they are not readable, and the searches find nothing."""
    strong = [m for m in MODES if m != "basic"]
    if not strong:
        pytest.skip("neither bubblewrap nor Landlock works here")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site_packages = next(venv.glob("lib/python3*/")) / "site-packages"
    # the dependencies come from the test's own environment (no download)
    ours = [p for p in sys.path if p.endswith("site-packages")]
    (site_packages / "deps.pth").write_text("\n".join(ours) + "\n")
    # built as pip builds any wheel (setuptools from the pip cache or PyPI), installed without
    # deps, from a copy of the sources (the build leaves build/ next to them)
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in ("grader", "exercises", "reference"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-deps",
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    assert (site_packages / "reference" / "puissance4.py").exists()
    assert not list(site_packages.glob("__editable__.minimax_grader-*.pth"))
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(FAULTS / "cherche_venv.ipynb", work / "cherche_venv.ipynb")
    shutil.copy(FAULTS / "cherche_reference.ipynb", work / "cherche_reference.ipynb")
    for mode in strong:
        done = subprocess.run(
            [
                str(venv / "bin" / "minimax-grader"),
                str(work),
                "--isolation",
                mode,
                "--json",
                "-",
                "--cell-timeout",
                "5",
                "--jobs",
                "1",
            ],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=work,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        for report in json.loads(done.stdout)["submissions"]:
            assert report["isolation"] == mode
            statuses = {q["id"]: q["status"] for q in report["questions"]}
            assert statuses["Q9"] == "missing" and statuses["Q17"] == "missing", (mode, report["path"])


# -- a class with hostile submissions ------------------------------------------------------


def batch_hostile(mode: str) -> list[str]:
    if mode == "basic":
        held = [a for a in BASIC_ATTACKS if a not in NEEDS_OWN_UID or own_uid()]
        return (
            held
            + [
                "fourche_100.ipynb",
                "fil_bavard.ipynb",
                "trame_forgee.ipynb",
                "descripteurs_fermes.ipynb",
                "python_modifie.ipynb",
                "memoire_6go.ipynb",
                "gros_resultat.ipynb",
            ][: 10 - len(held)]
        )
    return STRONG_ATTACKS + ["fourche_100.ipynb", "trame_forgee.ipynb"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_class_with_ten_hostile_submissions(mode, tmp_path, private_tmp):
    """40 submissions of which 10 hostile, --jobs 2: every honest neighbour keeps its
    exact verdicts and its file, every hostile one gets its own, nothing is left."""
    folder = tmp_path / "rendus"
    folder.mkdir()
    corpus = sorted(CORPUS_EXPECTED)
    expected = {}
    for i in range(30):
        name = corpus[i % len(corpus)]
        copy = folder / f"eleve{i:02d}_{name}"
        shutil.copy(CORPUS / name, copy)
        expected[copy.name] = (CORPUS_EXPECTED[name], None)
    hostile = batch_hostile(mode)
    assert len(hostile) == 10
    for name in hostile:
        expected[hostile_copy(name, folder).name] = (EXPECTED[name], name)
    before = digests(folder)
    results = grade([folder], Settings(cell_budget=3.0, jobs=2, isolation=mode))
    assert len(results) == 40
    for result in results:
        spec, fault = expected[Path(result.path).name]
        assert result.isolation == mode
        assert result.status is SubmissionStatus.GRADED, (result.path, result.reason)
        assert {q.id: q.status.value for q in result.questions} == spec["questions"], result.path
        failed = sorted(c.index for c in result.cells if not c.ok)
        assert failed == FAILED_CELLS.get((fault, mode), spec["failed_cells"]), result.path
    assert digests(folder) == before
    assert_nothing_left(private_tmp)


# -- root without bubblewrap: a user id of its own -------------------------------------------

SYSTEM_PYTHON = Path("/usr/bin/python{}.{}".format(*sys.version_info[:2]))


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root grader gives the worker a uid of its own")
@pytest.mark.skipif(not SYSTEM_PYTHON.exists(), reason=f"no {SYSTEM_PYTHON} readable by every user")
@pytest.mark.parametrize("mode", ["basic", "landlock"])
def test_a_root_grader_gives_the_worker_a_uid_of_its_own(mode, monkeypatch, tmp_path):
    """With a Python every user can run (here the system's, without the student's
    libraries), the worker of a root grader runs as a uid of its own: it cannot signal
    the grader nor write root's files, in basic isolation too."""
    if mode not in MODES:
        pytest.skip("this kernel has no Landlock")
    import tempfile

    from grader.sandbox.confine import mountns, privileges, reach
    from grader.sandbox.manage.session import StudentSession

    folder = Path(tempfile.mkdtemp(prefix="mmg-test-uid-"))  # in /tmp: crossable by any user
    os.chmod(folder, 0o711)
    victim = tmp_path / "racine.txt"
    victim.write_text("x")
    os.chmod(tmp_path, 0o755)
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setattr(reach, "python_executable", lambda: str(SYSTEM_PYTHON))
    monkeypatch.setattr(reach, "student_libraries", lambda: ())
    monkeypatch.setattr(privileges, "uid_drop_possible", lambda: (True, ""))
    reach._runtime.cache_clear()  # worked out again for this interpreter
    mountns._runtime_roots.cache_clear()
    mountns.veils.cache_clear()
    landlock._static_rules.cache_clear()
    code = (
        "import os, signal\n"
        "uid = os.getuid()\n"
        "try:\n"
        "    outside = int(open('/proc/self/uid_map').read().split()[1])\n"
        "except OSError:\n"
        "    outside = None\n"
        "def essai(action):\n"
        "    try:\n"
        "        action()\n"
        "        return 'réussi'\n"
        "    except OSError:\n"
        "        return 'refusé'\n"
        "signal_parent = essai(lambda: os.kill(os.getppid(), 0))\n"
        f"ecrire = essai(lambda: open({str(victim)!r}, 'w').write('y'))\n"
        f"chmod = essai(lambda: os.chmod({str(victim)!r}, 0o777))\n"
    )
    try:
        with StudentSession("m", Limits(), Isolation(mode), 5) as session:
            outcome = session.run_cell(code, "c")
            assert outcome.ok, outcome
            assert session.get("uid") == privileges.SEEN_UID  # as under bubblewrap, on every run
            outside = session.get("outside")  # Landlock keeps /proc out of reach
            assert (outside is None) == (mode == "landlock") and (
                outside is None or outside >= privileges.FIRST_UID
            )
            assert session.get("signal_parent") == "refusé"
            assert session.get("ecrire") == "refusé" and session.get("chmod") == "refusé"
        assert victim.read_text() == "x"
        assert list(folder.iterdir()) == []
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        monkeypatch.undo()
        reach._runtime.cache_clear()
        mountns._runtime_roots.cache_clear()
        mountns.veils.cache_clear()
        landlock._static_rules.cache_clear()
