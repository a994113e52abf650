"""What the command line pays before grading (docs/lab/performance-log.md): imports made when
needed, the registry's TDs imported on use, notebooks read without nbformat when
nbformat would read them unchanged, and the sandbox's path arithmetic."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grader.reading.submission as submission
from grader.app.text import unavailable
from grader.errors import NotGradable
from grader.registry import installed
from grader.sandbox.confine import reach

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = installed()


def modules_after(statement: str, names: tuple[str, ...]) -> list[str]:
    """Which of `names` a fresh interpreter has imported after `statement`."""
    code = f"import sys\n{statement}\nprint(sorted(n for n in {names!r} if n in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.replace("'", '"'))


HEAVY = (
    "hypothesis",
    "nbformat",
    "concurrent.futures",
    "multiprocessing",
    "grader.checking",
    "exercises.puissance4",
    "reference.puissance4",
    "grader.render.junit_report",
    "grader.render.json_report",
    "grader.render.annotations",
    "grader.render.html_report",
    "grader.similarity",
    "copydetect",
)


def test_the_command_line_module_imports_nothing_heavy():
    assert modules_after("import grader.app.cli", HEAVY) == []


def test_grading_loads_no_hashlib_until_a_font_list_is_kept():
    # hashlib loads OpenSSL (3-10 ms of every run): only matplotlib's font list needs it.
    engine = "import grader.app.api, grader.app.runner, grader.sandbox.manage.session, grader.sandbox.manage.fontcache"
    assert modules_after(f"{engine}; import exercises.puissance4", ("hashlib", "_hashlib")) == []
    folder = "from grader.sandbox.manage import fontcache; fontcache._folder(fontcache.Isolation.BASIC)"
    assert modules_after(folder, ("hashlib",)) == ["hashlib"]


CLASS_ONLY = (
    "grader.marking.record",
    "grader.marking.lock",
    "grader.marking.roster",
    "grader.marking.views",
    "grader.marking.manual",
    "grader.render.csv_report",
)
"""What only a class run reads (a record, a class list, a barème or manual points to score with)."""


@pytest.mark.slow
def test_grading_one_file_alone_imports_nothing_of_the_class_workflow(tmp_path):
    # a student's own run pays no record, no class list, no manual table; a class run
    # still gets them
    code = (
        "import sys\n"
        "from grader.app.cli import main\n"
        "from grader.registry import installed\n"
        "main(sys.argv[1:], installed())\n"
        f"print('MODULES', sorted(n for n in {CLASS_ONLY!r} if n in sys.modules))"
    )

    def modules(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", code, "samples/eleve_puissance4.ipynb", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.rsplit("MODULES", 1)[1].strip()

    assert modules() == "[]"
    assert modules("--results", str(tmp_path / "classe")) == str(
        sorted(n for n in CLASS_ONLY if n != "grader.marking.roster")
    )


TDS = tuple(EXERCISES.package(exercise_id) for exercise_id in EXERCISES)
"""The module of each installed TD."""


def test_finding_the_registry_imports_no_td_nor_the_engine():
    """The command line reads the ids before it starts the first worker: from the
    entry-point files, without importlib.metadata, the kit or any TD."""
    slow = (*TDS, *HEAVY, "grader.kit", "importlib.metadata", "exercises.signatures")
    assert modules_after("from grader.registry import installed; ids = list(installed())", slow) == []


def test_the_registry_imports_a_td_when_it_is_used():
    statement = "from grader.registry import installed; installed()['morpion']"
    assert modules_after(statement, TDS) == ["exercises.morpion"]


def test_the_command_line_imports_the_forced_td_else_the_likely_one_else_all_before_grading():
    imports = (
        "from pathlib import Path; from grader.app.startup import import_exercises; "
        "from grader.registry import installed; from grader.model.settings import Settings; "
    )
    sample, morpion = "samples/eleve_puissance4.ipynb", "tests/fixtures/morpion/correct_programme.py"

    def imported(settings: str, *paths: str) -> list[str]:
        files = ", ".join(f"Path({path!r})" for path in paths)
        return modules_after(imports + f"import_exercises({settings}, [{files}], installed())", TDS)

    assert imported("Settings(exercise='chocolat')", sample) == ["exercises.chocolat"]
    assert imported("Settings()", sample) == ["exercises.puissance4"]
    assert imported("Settings()", morpion) == ["exercises.morpion"]
    assert imported("Settings()", sample, morpion) == sorted(TDS)
    assert imported("Settings()", "grade.py") == sorted(TDS)


def test_detection_imports_no_td():
    """The installed registry detects from the signatures its TDs are registered by:
    only the TD found is imported, when it is graded."""
    statement = (
        "from grader.registry import installed; EXERCISES = installed(); "
        "from grader.reading.recognise import detect, signatures_of; "
        "from grader.reading.recognise import recognise; "
        "assert detect({'wins': 'function', 'evaluate': 'function'}, signatures_of(EXERCISES)).exercise == 'morpion'; "
        "assert recognise([], 'La tablette de chocolat', signatures_of(EXERCISES)).closest == 'chocolat'"
    )
    assert modules_after(statement, TDS) == []


def test_the_likely_exercise_is_guessed_from_the_text_as_detection_weighs_names():
    from grader.reading.recognise import likely_exercise

    signatures = EXERCISES.signatures()
    assert (
        likely_exercise((ROOT / "samples" / "eleve_puissance4.ipynb").read_text(), signatures) == "puissance4"
    )
    assert likely_exercise("def minimax_rec(m, n, p):\n", signatures) == "chocolat"
    # `s` and `h` count only as functions, as detection counts them
    assert likely_exercise("s = 0\nh = 1\ndef affiche(g):\n", signatures) is None
    assert likely_exercise('"def s(v):\\n", "def h(v):\\n"', signatures) == "domineering-minmax"
    # only functions count, as detection counts them (issue 39): the article's constants are no evidence
    assert likely_exercise("HUMAN = -1\nCOMP = +1\n", signatures) is None
    assert likely_exercise("def wins(s, p):\ndef evaluate(s):\n", signatures) == "morpion"
    assert likely_exercise("print('bonjour')", signatures) is None


def test_a_td_that_fails_to_import_is_left_to_grading_to_report():
    from grader.app import startup
    from grader.model.settings import Settings

    class Broken(dict):
        def values(self):
            raise ImportError("a broken TD")

    startup.import_exercises(Settings(), [], Broken())  # no exception: the guard of each grading reports it

    class BrokenLikely(dict):
        def signatures(self):
            return EXERCISES.signatures()

        def __getitem__(self, exercise_id):
            raise ImportError(f"a broken TD: {exercise_id}")

    startup.import_exercises(Settings(), [ROOT / "samples" / "eleve_puissance4.ipynb"], BrokenLikely())


def test_the_registry_maps_each_id_to_its_exercise_in_detection_order():
    assert next(iter(EXERCISES)) == "puissance4"  # ties go to it
    assert [exercise.id for exercise in EXERCISES.values()] == list(EXERCISES)
    assert "morpion" in EXERCISES and "dames" not in EXERCISES
    with pytest.raises(KeyError):
        EXERCISES["dames"]


# -- reading notebooks ----------------------------------------------------------------
def read(text: str) -> object:
    try:
        return submission.read_notebook(text)
    except NotGradable as exc:
        return ("not gradable", exc.reason)


def read_with_nbformat(text: str, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patch:
        patch.setattr(submission, "_plain_v4", lambda data: False)
        return read(text)


def code_cell(source: object, **fields: object) -> dict[str, object]:
    return {
        "cell_type": "code",
        "metadata": {},
        "outputs": [],
        "execution_count": None,
        "source": source,
    } | fields


def v4(*cells: object) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": list(cells)})


IRREGULAR = [
    v4(code_cell(["x = 1\n", 2])),  # a source item that is not text
    v4(code_cell("x = 1", outputs=None)),
    v4(code_cell("x = 1", execution_count="3")),
    v4({"cell_type": "code", "source": "x = 1"}),  # no metadata, no outputs
    v4({"cell_type": "heading", "metadata": {}, "source": "x = 1"}),
    v4(["x = 1"]),
    json.dumps({"nbformat": 4, "metadata": {}, "cells": [code_cell("x = 1")]}),  # no minor
    json.dumps({"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": []}),
    json.dumps({"cells": [code_cell("x = 1")]}),
]


@pytest.mark.parametrize("text", IRREGULAR)
def test_an_irregular_notebook_is_read_by_nbformat(text, monkeypatch):
    assert not submission._plain_v4(json.loads(text))
    assert read(text) == read_with_nbformat(text, monkeypatch)


def corpus_notebooks() -> list[Path]:
    folders = ("tests/fixtures", "tests/faults", "samples")
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.ipynb"))


def test_every_notebook_of_the_corpus_reads_as_nbformat_reads_it(monkeypatch):
    plain = 0
    for path in corpus_notebooks():
        text = path.read_bytes().decode("utf-8", "replace")
        assert read(text) == read_with_nbformat(text, monkeypatch), path
        try:
            plain += submission._plain_v4(json.loads(text))
        except ValueError:
            pass
    assert plain > 50  # the fast path is the common one


def test_a_regular_notebook_written_by_nbformat_takes_the_fast_path():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("# TD"), nbformat.v4.new_code_cell("x = 1\ny = 2")]
    text = nbformat.writes(notebook)
    assert submission._plain_v4(json.loads(text))
    cells, total, _ = submission.read_notebook(text)
    assert total == 1 and [c.source.rstrip() for c in cells] == ["x = 1\ny = 2"]


# -- the sandbox's path arithmetic ------------------------------------------------------
def inside_by_parents(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


segment = st.sampled_from(["a", "b", "ab", "a-b", "a.b", "site-packages"])
paths = st.lists(segment, min_size=0, max_size=4).map(lambda parts: Path("/", *parts))


@given(paths, paths)
def test_inside_is_the_parents_relation(path, folder):
    assert reach._inside(path, folder) == inside_by_parents(path, folder)


@given(st.sets(paths, max_size=12))
def test_outermost_keeps_the_paths_no_other_one_holds(given_paths):
    expected = sorted(
        p for p in given_paths if not any(q != p and inside_by_parents(p, q) for q in given_paths)
    )
    assert list(reach._outermost(given_paths)) == expected


@pytest.mark.parametrize("name", ["numpy", "matplotlib", "python-dateutil", "Pillow", "six", "no-such-thing"])
def test_distributions_are_found_where_importlib_metadata_finds_them(name):
    import importlib.metadata

    try:
        expected = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        assert reach._distribution(name) is None
        return
    found = reach._distribution(name)
    assert found is not None
    for file in ("METADATA", "RECORD"):
        assert found.read_text(file) == expected.read_text(file)
    assert reach._real(found.locate_file("x")) == reach._real(str(expected.locate_file("x")))


# -- the bubblewrap probe, started before the imports ------------------------------------
@pytest.fixture
def fake_bwrap(monkeypatch):
    from grader.sandbox.confine import isolation

    isolation.bubblewrap_status.cache_clear()
    monkeypatch.setattr(isolation.shutil, "which", lambda name: "/usr/bin/" + name)
    yield isolation
    isolation.bubblewrap_status.cache_clear()


@pytest.mark.parametrize("early", [True, False])
def test_the_probes_verdict_is_the_same_started_early_or_not(fake_bwrap, monkeypatch, early):
    from grader.sandbox.confine.reasons import Reason

    failing = [
        sys.executable,
        "-c",
        "import sys; sys.exit('bwrap: No permissions to create a new namespace')",
    ]
    monkeypatch.setattr(fake_bwrap, "_probe_command", lambda: failing)
    if early:
        fake_bwrap.start_probe()
        assert fake_bwrap._probe is not None
    works, why = fake_bwrap.bubblewrap_status()
    assert not works and why is not None and why.reason is Reason.BWRAP_FAILS
    assert unavailable([why], "fr") == "bwrap échoue ici : bwrap: No permissions to create a new namespace"
    assert fake_bwrap._probe is None  # collected
    monkeypatch.setattr(fake_bwrap, "_probe_command", lambda: [sys.executable, "-c", "pass"])
    fake_bwrap.bubblewrap_status.cache_clear()
    fake_bwrap.start_probe()
    assert fake_bwrap.bubblewrap_status() == (True, None)
    assert fake_bwrap.likely("auto") is fake_bwrap.Isolation.BUBBLEWRAP


def test_the_worker_runs_from_bytecode_compiled_once_naming_its_own_copy(tmp_path):
    """Each worker's copy is the script compiled by this process (not by the worker at
    every start), its code naming that copy's path, and runs as the script does."""
    import marshal
    import types

    from grader.sandbox.manage import process

    first, second = tmp_path / "a" / "mmg_worker.pyc", tmp_path / "b" / "mmg_worker.pyc"
    data = process.worker_bytecode(first)
    assert data[:16] == importlib.util.MAGIC_NUMBER + bytes(12)
    code = marshal.loads(data[16:])
    names = set()
    stack = [code]
    while stack:
        c = stack.pop()
        names.add(c.co_filename)
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    assert names == {str(first)}
    assert marshal.loads(process.worker_bytecode(second)[16:]).co_filename == str(second)
    first.parent.mkdir()
    first.write_bytes(data)
    # Run as the sandbox runs it: its main() needs the channel, which is not given here.
    done = subprocess.run(
        [reach.python_executable(), "-S", "-s", "-B", str(first), "__main__"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert "KeyError: 'MMG_FDS'" in done.stderr and str(first) in done.stderr


def test_the_worker_code_comes_from_its_cache_only_when_compiled_from_the_same_source(tmp_path, monkeypatch):
    """The compiled worker outlives the process (PEP 552's checked hash) and is used only
    for the source it was compiled from; a stale or broken cache is compiled again."""
    import marshal

    from grader.sandbox.manage import process

    cache = tmp_path / "__pycache__" / "mmg_worker.pyc"
    monkeypatch.setattr(process, "BYTECODE_CACHE", cache)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    compiled = process._compiled.__wrapped__
    source = "ANSWER = 1\n"
    first = compiled(source)
    namespace: dict[str, object] = {}
    exec(first, namespace)
    assert namespace["ANSWER"] == 1
    data = cache.read_bytes()
    header = (
        importlib.util.MAGIC_NUMBER + (3).to_bytes(4, "little") + importlib.util.source_hash(source.encode())
    )
    assert data.startswith(header)
    # What the cache holds is what is run: another code under the same source's hash is used...
    cache.write_bytes(header + marshal.dumps(compile("ANSWER = 2\n", "x", "exec")))
    namespace = {}
    exec(compiled(source), namespace)
    assert namespace["ANSWER"] == 2
    # ...but never for another source, whose code replaces it.
    namespace = {}
    exec(compiled("ANSWER = 3\n"), namespace)
    assert namespace["ANSWER"] == 3
    assert cache.read_bytes().startswith(
        importlib.util.MAGIC_NUMBER + (3).to_bytes(4, "little") + importlib.util.source_hash(b"ANSWER = 3\n")
    )
    cache.write_bytes(header + b"\x00garbage")  # a broken cache: compiled again
    namespace = {}
    exec(compiled(source), namespace)
    assert namespace["ANSWER"] == 1
    assert list(cache.parent.iterdir()) == [cache]  # no temporary file left


def test_the_worker_code_cache_is_not_written_when_bytecode_must_not_be(tmp_path, monkeypatch):
    from grader.sandbox.manage import process

    monkeypatch.setattr(process, "BYTECODE_CACHE", tmp_path / "__pycache__" / "mmg_worker.pyc")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # PYTHONDONTWRITEBYTECODE, -B
    assert process._compiled.__wrapped__("ANSWER = 1\n") is not None
    assert not (tmp_path / "__pycache__").exists()
    # A folder the grader may not write: compiled, no error.
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(process, "BYTECODE_CACHE", tmp_path / "missing" / "deeper" / "mmg_worker.pyc")
    assert process._compiled.__wrapped__("ANSWER = 1\n") is not None


def test_auto_with_bubblewrap_working_never_asks_landlock(monkeypatch):
    """landlockpy (and ctypes' structures) are imported only when Landlock may be the tier."""
    from grader.sandbox.confine import isolation, landlock

    def asked() -> None:
        raise AssertionError("Landlock asked about")

    monkeypatch.setattr(isolation, "bubblewrap_status", lambda: (True, None))
    monkeypatch.setattr(landlock, "abi", asked)
    assert isolation.choose("auto") == isolation.IsolationChoice(isolation.Isolation.BUBBLEWRAP)
    monkeypatch.setattr(
        isolation,
        "bubblewrap_status",
        lambda: (False, isolation.Unavailable(isolation.Reason.BWRAP_NOT_INSTALLED)),
    )
    with pytest.raises(AssertionError, match="Landlock asked about"):
        isolation.choose("auto")


# -- a bubblewrap worker started ahead stands in for the probe ------------------------
def test_a_worker_that_answers_is_the_probes_verdict_and_no_probe_runs(fake_bwrap, monkeypatch):
    def no_probe() -> list[str]:
        raise AssertionError("the probe ran")

    monkeypatch.setattr(fake_bwrap, "_probe_command", no_probe)
    asked = []
    fake_bwrap.witness(lambda: asked.append(1) or True)
    fake_bwrap.start_probe()  # a witness is waiting: nothing started
    assert fake_bwrap._probe is None
    assert fake_bwrap.bubblewrap_status() == (True, None)
    assert fake_bwrap.bubblewrap_status() == (True, None)
    assert asked == [1] and fake_bwrap._witness is None  # asked once, then forgotten


def test_a_worker_that_does_not_answer_leaves_the_verdict_and_its_words_to_the_probe(fake_bwrap, monkeypatch):
    from grader.sandbox.confine.reasons import Reason

    failing = [sys.executable, "-c", "import sys; sys.exit('bwrap: setting up uid map: Permission denied')"]
    monkeypatch.setattr(fake_bwrap, "_probe_command", lambda: failing)
    fake_bwrap.witness(lambda: False)
    works, why = fake_bwrap.bubblewrap_status()
    assert not works and why is not None and why.reason is Reason.BWRAP_FAILS
    assert unavailable([why], "en").endswith("bwrap: setting up uid map: Permission denied")


class _Waiting:
    """A worker started ahead, as far as `start_early` and the probe see it."""

    def __init__(self, answers: bool):
        self.answered = answers
        self.asked: list[float] = []
        self.closed = False

    def answers(self, deadline: float) -> bool:
        self.asked.append(deadline)
        return self.answered

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("answers", [True, False])
def test_the_command_line_starts_no_probe_beside_a_bubblewrap_worker_ahead(fake_bwrap, monkeypatch, answers):
    from grader.app import startup
    from grader.model.settings import Settings
    from grader.sandbox.manage import ahead

    started = []
    waiting = _Waiting(answers)
    monkeypatch.setattr(ahead.WorkerProcess, "start", lambda *args: started.append(args) or waiting)
    monkeypatch.setattr(fake_bwrap, "_probe_command", lambda: [sys.executable, "-c", "pass"])
    monkeypatch.setattr(ahead, "AHEAD", ahead.Ahead())
    monkeypatch.setattr(fake_bwrap, "_witness", None)
    sample = ROOT / "samples" / "eleve_puissance4.ipynb"
    startup.start_early([sample], Settings())
    assert [args[2] for args in started] == [fake_bwrap.Isolation.BUBBLEWRAP]
    assert fake_bwrap._probe is None and fake_bwrap._witness is not None
    # The probe's command works here: the verdict is the same, from the worker or the probe.
    assert fake_bwrap.bubblewrap_status() == (True, None)
    assert waiting.asked == [fake_bwrap.PROBE_SECONDS]  # when it does not answer, the probe said
    ahead.AHEAD.close()
    assert waiting.closed


def test_the_command_line_probes_when_no_bubblewrap_worker_waits(fake_bwrap, monkeypatch):
    from grader.app import startup
    from grader.model.settings import Settings
    from grader.sandbox.manage import ahead

    monkeypatch.setattr(ahead.WorkerProcess, "start", lambda *args: (_ for _ in ()).throw(OSError("no fork")))
    monkeypatch.setattr(fake_bwrap, "_probe_command", lambda: [sys.executable, "-c", "pass"])
    monkeypatch.setattr(ahead, "AHEAD", ahead.Ahead())
    monkeypatch.setattr(fake_bwrap, "_witness", None)
    startup.start_early([ROOT / "samples" / "eleve_puissance4.ipynb"], Settings())
    assert fake_bwrap._witness is None and fake_bwrap._probe is not None
    assert fake_bwrap.bubblewrap_status() == (True, None)
