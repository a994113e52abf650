"""Issue 32: a hostile submission in a batch beside honest ones, in every mode this
machine offers, each asserting what a correct grader gives.

The modes (each one batch, graded by `attack_driver.py` in a process of its own):

- bubblewrap, the grader root; bubblewrap, the grader another user;
- Landlock (bwrap hidden from PATH: `auto` falls back to it), the grader root with a
  Python other users cannot reach (the worker still gets a uid of its own: its mount
  namespace covers the private folder and binds the runtime back);
  Landlock, the grader another user who owns its Python (a teacher's own install);
- basic, the grader root with a private Python; basic, the grader another user who owns
  its Python (only the seccomp filter stands between its worker and the grader's limits);
- Landlock and basic, the grader root with a private Python and no mount namespace (a
  container without CAP_SYS_ADMIN: `mountns.available` turned off in the grader): the
  worker runs from a readable copy of the runtime, under a uid of its own.

The grader's Python is always a COPY of the system's (the attacks chmod the
interpreter they run on: never the real one), given the test's dependencies and the
project through PYTHONPATH. What each batch asserts: the honest neighbours get their
exact verdicts and their files are untouched; the interpreter's mode is unchanged;
every attack is refused (no "réussi" printed); what an attack fills is capped; the
three copies that read their environment get one mark; each thief scores exactly as
its twin that does not steal; the batch is reported in full; nothing is left in the
temporary directory.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.sandbox.confine import isolation as isolation_module
from grader.sandbox.confine import landlock

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
ATTACKS = TESTS / "attacks"
CORPUS = TESTS / "fixtures" / "puissance4"
CORPUS_EXPECTED = json.loads((CORPUS / "EXPECTED.json").read_text("utf-8"))
CORRECT = CORPUS_EXPECTED["correct_module.py"]
"""The verdicts of the module every attack cell is appended to: each question passes."""
NEIGHBOURS = ("correct_listes.ipynb", "correct_numpy.ipynb", "bug_min_max_inverses.ipynb")
SYSTEM_PYTHON = Path("/usr/bin/python{}.{}".format(*sys.version_info[:2]))
SYSTEM_STDLIB = Path("/usr/lib/python{}.{}".format(*sys.version_info[:2]))
USER = 1000
"""The unprivileged user of the "as a user" modes (any uid works with setpriv)."""
ATTACK_CELLS = (
    "chmod_tout",
    "socket_racine",
    "remplit_scratch",
    "fourche_memoire",
    "vise_le_correcteur",
    "memoire_cachee",
)
SCRATCH_MIB, MEMORY_MB = 128, 1024 * 1.048576
"""The caps of `Limits` (scratch 128 MiB, memory 1024 MiB) in the attacks' units."""


@dataclass(frozen=True)
class Mode:
    name: str
    isolation: str
    as_user: bool
    hide_bwrap: bool
    expect: str
    namespace: bool = True
    """False: the grader can make no mount namespace (`attack_driver.py`'s COPIES)."""


MODES = [
    Mode("bubblewrap-root", "bubblewrap", False, False, "bubblewrap"),
    Mode("bubblewrap-user", "bubblewrap", True, False, "bubblewrap"),
    Mode("landlock-root-private-python", "auto", False, True, "landlock"),
    Mode("landlock-user-own-python", "auto", True, True, "landlock"),
    Mode("basic-root-private-python", "basic", False, False, "basic"),
    Mode("basic-user-own-python", "basic", True, False, "basic"),
    Mode("landlock-root-no-namespace", "auto", False, True, "landlock", namespace=False),
    Mode("basic-root-no-namespace", "basic", False, False, "basic", namespace=False),
]


def why_not(mode: Mode) -> str:
    """Why `mode` cannot run on this machine ("" when it can)."""
    if os.geteuid() != 0:
        return "needs root (to grade as root and as another user, with copies of Python)"
    if python_source() is None:
        return (
            f"no {SYSTEM_PYTHON} nor relocatable {VERSION} to copy (the attacks need a Python of their own)"
        )
    if mode.as_user and shutil.which("setpriv") is None:
        return "no setpriv to run the grader as another user"
    if mode.expect == "bubblewrap" and not isolation_module.bubblewrap_status()[0]:
        if os.environ.get("CI"):
            pytest.fail("CI must have a working bubblewrap (.ci/run installs it)")
        return "bubblewrap does not work here"
    if mode.expect == "landlock" and not landlock.abi()[0]:
        return "this kernel has no Landlock"
    return ""


# -- a copy of Python per kind of owner ---------------------------------------------------
VERSION = "python{}.{}".format(*sys.version_info[:2])
SKIPPED_IN_COPY = shutil.ignore_patterns(
    "site-packages", "dist-packages", "test", "tests", "idlelib", "tkinter", "ensurepip", "__pycache__"
)


def python_source() -> tuple[Path, Path, list[Path]] | None:
    """(interpreter, standard library, shared libraries next to it) to copy: the
    system's of this version, else this run's base interpreter (a relocatable build, as
    CI runners install); None when neither exists."""
    if SYSTEM_PYTHON.exists() and SYSTEM_STDLIB.is_dir():
        return SYSTEM_PYTHON, SYSTEM_STDLIB, []
    base = Path(sys.base_prefix)
    binary, stdlib = base / "bin" / VERSION, base / "lib" / VERSION
    if binary.exists() and stdlib.is_dir():
        return binary, stdlib, sorted((base / "lib").glob("libpython3*.so*"))
    return None


def copy_python(base: Path, owner: int | None) -> Path:
    """An interpreter and its standard library under `base` (`owner`'s, or root's in a
    folder only root can enter: a private Python)."""
    source = python_source()
    assert source is not None
    binary, stdlib, shared = source
    prefix = base / "py"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "lib").mkdir()
    shutil.copy2(binary, prefix / "bin" / VERSION)
    shutil.copytree(stdlib, prefix / "lib" / VERSION, symlinks=True, ignore=SKIPPED_IN_COPY)
    for library in shared:
        shutil.copy2(library, prefix / "lib" / library.name, follow_symlinks=False)
    if owner is not None:
        for path in [base, *base.rglob("*")]:
            os.lchown(path, owner, owner)
    return prefix / "bin" / VERSION


@pytest.fixture(scope="module")
def workspace() -> Iterator[Path]:
    """A folder another user can cross (pytest's own is root's only), removed after."""
    base = Path(tempfile.mkdtemp(prefix="mmg-test-attacks-"))
    os.chmod(base, 0o755)
    yield base
    shutil.rmtree(base, ignore_errors=True)


def python_for(mode: Mode, run: Path) -> Path:
    """The grader's interpreter for one batch, a copy of its own (an attack that got
    through breaks only that batch): root's in a folder only root can enter, or the
    user's own."""
    if mode.as_user:
        own = run / "python"
        own.mkdir()
        return copy_python(own, USER)
    private = run / "python"
    private.mkdir(mode=0o700)
    return copy_python(private, None)


def dependencies() -> str:
    """PYTHONPATH for a copy of Python: the project and this test run's packages."""
    return os.pathsep.join([str(ROOT)] + [p for p in sys.path if p.endswith("-packages")])


def within_reach_of_the_user(paths: list[Path]) -> Callable[[], None] | None:
    """For a checkout in a folder only root can cross (`mktemp -d` makes one 0700, so does
    a private home): the user's grader runs in a mount namespace where each such folder is
    covered by a tmpfs every user crosses and `paths` (the project, the venv's packages)
    are bound back. None when every path is within reach already. Made here
    with the mount system call, independently of the grader's own `mountns`."""
    covers = set()
    for path in paths:
        shut = [f for f in reversed(path.parents) if f != Path("/") and not os.stat(f).st_mode & stat.S_IXOTH]
        if shut:
            covers.add(shut[0])
    if not covers:
        return None
    kept = [p for p in {*paths} if any(c in p.parents for c in covers)]
    kept = [p for p in kept if not any(o in p.parents for o in kept)]

    def in_child() -> None:
        libc = ctypes.CDLL(None, use_errno=True)

        def check(result: int, what: str) -> None:
            if result != 0:
                raise OSError(ctypes.get_errno(), what)

        check(libc.unshare(0x00020000), "unshare(CLONE_NEWNS)")
        check(
            libc.mount(b"none", b"/", None, 16384 | 262144, None), "mount --make-rprivate /"
        )  # MS_REC | MS_PRIVATE
        held = [(path, os.open(path, os.O_PATH)) for path in kept]
        for cover in covers:
            check(libc.mount(b"tmpfs", bytes(cover), b"tmpfs", 0, b"mode=0755"), f"tmpfs on {cover}")
        for path, fd in held:
            path.mkdir(parents=True, exist_ok=True)
            check(
                libc.mount(f"/proc/self/fd/{fd}".encode(), bytes(path), None, 4096 | 16384, None),
                f"bind {path}",
            )

    return in_child


# -- the class ------------------------------------------------------------------------------
def with_theft(name: str, steal: bool) -> str:
    text = (ATTACKS / name).read_text("utf-8")
    vol = (ATTACKS / "_vol.py").read_text("utf-8")
    return text.replace("# __VOL__\n", vol).replace("VOLER = True", f"VOLER = {steal}")


def build_class(folder: Path, socket_path: Path) -> dict[str, str]:
    """The batch: honest neighbours, attack cells on a correct module, three copies that
    read their environment, the thieves and their twins. name -> what it is."""
    folder.mkdir()
    kinds = {}
    for name in NEIGHBOURS:
        shutil.copy(CORPUS / name, folder / f"voisin_{name}")
        kinds[f"voisin_{name}"] = "neighbour"
    base = (CORPUS / "correct_module.py").read_text("utf-8")
    for attack in ATTACK_CELLS:
        text = (ATTACKS / f"{attack}.py").read_text("utf-8")
        text = text.replace("__RENDUS__", str(folder)).replace("__SOCKET__", str(socket_path))
        (folder / f"{attack}.py").write_text(base + text, "utf-8")
        kinds[f"{attack}.py"] = attack
    for copy in ("a", "b", "c"):
        (folder / f"env_{copy}.py").write_text(base + (ATTACKS / "nom_du_dossier.py").read_text("utf-8"))
        kinds[f"env_{copy}.py"] = "environment"
    for thief in ("vole_domineering.py", "vole_domineering_minmax.py", "efface_memo_chocolat.py"):
        (folder / thief).write_text(with_theft(thief, True), "utf-8")
        (folder / thief.replace(".py", "_honnete.py")).write_text(with_theft(thief, False), "utf-8")
        kinds[thief] = "thief"
        kinds[thief.replace(".py", "_honnete.py")] = "twin"
    return kinds


def digests(folder: Path) -> dict[str, tuple[str, int]]:
    return {p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mode) for p in folder.iterdir()}


def attempts(printed: str) -> dict[str, str]:
    found = {}
    for line in printed.splitlines():
        if line.startswith("ATTAQUE ") and ": " in line:
            what, _, outcome = line[len("ATTAQUE ") :].partition(": ")
            found.setdefault(what, outcome)
            if outcome.startswith("réussi"):
                found[what] = outcome
    return found


def amount(printed: str, what: str) -> int | None:
    match = re.search(rf"ATTAQUE {what}: (\d+)", printed)
    return int(match.group(1)) if match else None


@dataclass
class Batch:
    rows: dict[str, dict]
    kinds: dict[str, str]
    before: dict[str, tuple[str, int]]
    after: dict[str, tuple[str, int]]
    python_mode: tuple[int, int]
    left: list[str]
    copies: list[str]
    """What the copies folder of the runtime holds after the batch (no mount namespace)."""


def run_batch(mode: Mode, workspace: Path) -> Batch:
    run = workspace / mode.name
    run.mkdir()
    python = python_for(mode, run)
    tmp, home = run / "tmp", run / "home"
    tmp.mkdir()
    home.mkdir()
    secret = run / "secret"
    secret.mkdir(mode=0o700)
    socket_path = secret / "docker.sock"
    folder = run / "rendus"
    kinds = build_class(folder, socket_path)
    owner = USER if mode.as_user else 0
    for path in [run, tmp, home, folder, *folder.rglob("*")]:
        os.lchown(path, owner, owner)
    os.chmod(secret, 0o711 if mode.as_user else 0o700)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(socket_path))
    listener.listen(8)
    # root's socket, or the user's own (a teacher's agent): only its owner may connect
    os.chown(socket_path, owner, owner)
    os.chmod(socket_path, 0o600)
    os.chown(secret, owner, owner)
    before = digests(folder)
    python_before = python.stat()
    out = run / "results.json"
    env = {
        "PATH": "/nonexistent" if mode.hide_bwrap else "/usr/bin:/bin",
        "PYTHONPATH": dependencies(),
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "LANG": "C.UTF-8",
    }
    command = [str(python), str(TESTS / "attack_driver.py"), str(folder), mode.isolation, str(out)]
    copies = run / "copies"  # root's, in folders any user crosses (`runtime_copy`)
    if not mode.namespace:
        command.append(str(copies))
    if mode.as_user:
        command = [
            "/usr/bin/setpriv",
            "--reuid",
            str(USER),
            "--regid",
            str(USER),
            "--clear-groups",
            "--",
        ] + command
    try:
        done = subprocess.run(
            command,
            env=env,
            cwd=run,
            capture_output=True,
            text=True,
            timeout=1200,
            preexec_fn=within_reach_of_the_user([ROOT, *map(Path, dependencies().split(os.pathsep))])
            if mode.as_user
            else None,
        )
    finally:
        listener.close()
    assert done.returncode == 0, done.stderr[-4000:]
    rows = {Path(r["path"]).name: r for r in json.loads(out.read_text("utf-8"))}
    python_after = python.stat()
    return Batch(
        rows,
        kinds,
        before,
        digests(folder),
        (stat.S_IMODE(python_before.st_mode), stat.S_IMODE(python_after.st_mode)),
        sorted(p.name for p in tmp.iterdir()),
        sorted(p.name for p in copies.iterdir()) if copies.is_dir() else [],
    )


class Batches:
    """The batch of each mode, graded once (on first use) for all its assertions."""

    def __init__(self, workspace: Path):
        self.workspace = workspace
        self.graded: dict[str, Batch | Exception] = {}

    def of(self, mode: Mode) -> Batch:
        reason = why_not(mode)
        if reason:
            pytest.skip(reason)
        if mode.name not in self.graded:
            try:
                self.graded[mode.name] = run_batch(mode, self.workspace)
            except Exception as exc:  # each of the mode's assertions reports it
                self.graded[mode.name] = exc
        found = self.graded[mode.name]
        if isinstance(found, Exception):
            raise found
        return found


@pytest.fixture(scope="module")
def batches(workspace: Path) -> Batches:
    return Batches(workspace)


MODE_IDS = [m.name for m in MODES]


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_the_batch_is_reported_in_full_and_nothing_is_left(mode, batches):
    batch = batches.of(mode)
    assert sorted(batch.rows) == sorted(batch.kinds)
    assert all(r["isolation"] == mode.expect for r in batch.rows.values()), {
        n: r["isolation"] for n, r in batch.rows.items()
    }
    assert all(r["status"] == "graded" for r in batch.rows.values()), {
        n: (r["reason"], r["detail"]) for n, r in batch.rows.items() if r["status"] != "graded"
    }
    assert batch.left == []


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_the_interpreter_and_the_neighbours_are_untouched(mode, batches):
    batch = batches.of(mode)
    assert batch.python_mode[0] == batch.python_mode[1], "the interpreter's mode changed"
    assert batch.after == batch.before, "a file of the class changed"
    for name, kind in batch.kinds.items():
        if kind == "neighbour":
            expected = CORPUS_EXPECTED[name.removeprefix("voisin_")]
            assert batch.rows[name]["questions"] == expected["questions"], name


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_chmod_chown_utime_and_unix_sockets_are_refused(mode, batches):
    batch = batches.of(mode)
    for name in ("chmod_tout.py", "socket_racine.py"):
        row = batch.rows[name]
        tried = attempts(row["printed"])
        assert tried, row["printed"][-2000:]
        assert not [w for w, o in tried.items() if o.startswith("réussi")], (name, tried)
        assert row["questions"] == CORRECT["questions"], (name, row["questions"])


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_the_scratch_and_the_memory_of_a_submission_are_capped(mode, batches):
    batch = batches.of(mode)
    caps = (("remplit_scratch.py", "disque", SCRATCH_MIB), ("fourche_memoire.py", "mémoire", MEMORY_MB))
    for name, what, cap in caps:
        row = batch.rows[name]
        held = amount(row["printed"], what)
        # Printed when the attack ran to its end; a worker killed at its cap prints nothing.
        assert held is None or held <= cap, (name, held)
        assert row["questions"] == CORRECT["questions"], (name, row["questions"])


FIXED_PATHS = [m for m in MODES if m.namespace]
"""Without a mount namespace the worker keeps host paths, its folder's random name among
them: a residual docs/explanation/security.md states ("Where no mount namespace…")."""


@pytest.mark.slow
@pytest.mark.parametrize("mode", FIXED_PATHS, ids=[m.name for m in FIXED_PATHS])
def test_the_same_file_gets_the_same_mark_whatever_its_folder(mode, batches):
    batch = batches.of(mode)
    seen = {
        n: (r["questions"], attempts(r["printed"]).get("environnement"))
        for n, r in batch.rows.items()
        if batch.kinds[n] == "environment"
    }
    assert len({json.dumps(v, sort_keys=True) for v in seen.values()}) == 1, seen


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_thief_scores_as_if_it_had_not_stolen(mode, batches):
    batch = batches.of(mode)
    for name, kind in batch.kinds.items():
        if kind == "thief":
            twin = batch.rows[name.replace(".py", "_honnete.py")]
            assert batch.rows[name]["questions"] == twin["questions"], name
            assert batch.rows[name]["mark20"] == twin["mark20"], name
    assert batch.rows["vole_domineering.py"]["mark20"] == 11.5


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_no_call_reaches_the_grading_processes(mode, batches):
    """Issue 40: a worker of the grader's uid (or root without capabilities) set the
    grading process's RLIMIT_FSIZE and RLIMIT_NOFILE to 0: with --jobs 2 its neighbours
    became unreadable and the process grading them an internal error."""
    row = batches.of(mode).rows["vise_le_correcteur.py"]
    tried = attempts(row["printed"])
    assert any(what.startswith("prlimit") for what in tried), row["printed"][-2000:]
    assert not [w for w, o in tried.items() if o.startswith("réussi")], tried
    assert row["questions"] == CORRECT["questions"], row["questions"]


ROOT_WITHOUT_BUBBLEWRAP = [m for m in MODES if not m.as_user and m.expect != "bubblewrap"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ROOT_WITHOUT_BUBBLEWRAP, ids=[m.name for m in ROOT_WITHOUT_BUBBLEWRAP])
def test_a_root_grader_gives_each_worker_a_uid_of_its_own(mode, batches):
    """Issue 40: with a Python in a folder only root can cross, the worker stayed uid 0
    (without capabilities: it still owned root's files and processes, the grader's
    `/proc/PID/oom_score_adj` among them). It now sees itself as nobody, as under
    bubblewrap (the same on every run), and is a uid of its own outside (read from its
    /proc where Landlock lets it)."""
    from grader.sandbox.confine.privileges import FIRST_UID, SEEN_UID

    printed = batches.of(mode).rows["vise_le_correcteur.py"]["printed"]
    assert amount(printed, "uid") == SEEN_UID, printed[-2000:]
    outside = amount(printed, "uid hors du bac à sable")
    assert outside is None or outside >= FIRST_UID, printed[-2000:]
    if mode.isolation == "basic":
        assert outside is not None, printed[-2000:]


WITHOUT_NAMESPACE = [m for m in MODES if not m.namespace]


@pytest.mark.slow
@pytest.mark.parametrize("mode", WITHOUT_NAMESPACE, ids=[m.name for m in WITHOUT_NAMESPACE])
def test_without_a_mount_namespace_the_workers_share_one_readable_copy(mode, batches):
    """Issue 40: a root without CAP_SYS_ADMIN and a Python only root can reach kept its
    workers root (without capabilities). They now run from one copy of the runtime, made
    once by the grader before its two grading processes forked, built beside its place
    and renamed into it: nothing half-made is left."""
    copies = batches.of(mode).copies
    assert len(copies) == 1 and copies[0].startswith("runtime-"), copies


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_memory_no_count_sees_is_refused(mode, batches):
    """Issue 40: memfds written and never mapped, a SysV segment, a descriptor in flight:
    held by no mapping nor process the grader counts (2 GiB of memfds without a memory
    cgroup against a 1.5 GiB cap)."""
    row = batches.of(mode).rows["memoire_cachee.py"]
    tried = attempts(row["printed"])
    assert {"memfd", "segment SysV", "descripteur en vol"} <= set(tried), row["printed"][-2000:]
    assert not [w for w, o in tried.items() if o.startswith("réussi")], tried
    held = amount(row["printed"], "mémoire memfd")
    assert held is None or held <= MEMORY_MB, held
    assert row["questions"] == CORRECT["questions"], row["questions"]


# -- where the kernel cannot cap them: counted by the grader --------------------------------
FILL = (
    "import os\n"
    "for i in range(40):\n"
    "    with open('f%d' % i, 'wb') as f:\n"
    "        f.write(b'\\1' * (8 << 20))\n"
)
FORKS = (
    "import os, time\n"
    "kids = []\n"
    "for i in range(6):\n"
    "    pid = os.fork()\n"
    "    if pid == 0:\n"
    "        block = bytearray(120 << 20)\n"
    "        for k in range(0, len(block), 4096):\n"
    "            block[k] = 1\n"
    "        time.sleep(20)\n"
    "        os._exit(0)\n"
    "    kids.append(pid)\n"
    "time.sleep(4)\n"
)


@pytest.mark.slow
@pytest.mark.parametrize("what", ["disk", "memory"])
def test_without_namespace_nor_cgroup_the_grader_counts_and_kills(what, monkeypatch, private_tmp):
    """A grader that can make neither a mount namespace nor a cgroup (a container, a user
    without delegation): the scratch and the memory of all the worker's processes are
    summed by the grader, which kills the worker past them (Landlock, or basic without
    Landlock here)."""
    from grader.app.runner import cell_outcome
    from grader.errors import Crash
    from grader.model.results import Place, PlaceKind
    from grader.reading.submission import Cell
    from grader.sandbox.confine import mountns
    from grader.sandbox.confine.isolation import Isolation
    from grader.sandbox.confine.limits import MIB, Limits
    from grader.sandbox.manage.session import StudentSession

    monkeypatch.setattr(mountns, "available", lambda: False)
    mode = Isolation.LANDLOCK if landlock.abi()[0] else Isolation.BASIC
    limits = Limits(use_cgroup=False, scratch_bytes=64 * MIB, total_memory_bytes=300 * MIB)
    with StudentSession("m", limits, mode, 8) as session:
        cell = Cell(1, FILL if what == "disk" else FORKS, "c", Place(PlaceKind.CELL, 1))
        outcome = cell_outcome(cell, session.run_cell(cell.source, cell.label))
    assert not outcome.ok
    assert outcome.failure is not None and outcome.failure.crash is (
        Crash.DISK if what == "disk" else Crash.MEMORY
    )
    assert list(private_tmp.iterdir()) == []
