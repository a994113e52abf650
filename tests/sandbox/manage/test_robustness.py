"""Issue 11: the grader and its reports survive any submission.

One test per hostile case: nothing raises out of the grader, every decode and parse
fails into a defined outcome, strings and numbers from the worker are capped and
checked, one total budget bounds a submission's time, reports cannot be forged, the
same file gets the same mark, nothing lands in the current directory. Fixtures are in
tests/faults/ (verdicts in ROBUSTNESS.json); the large ones are generated here, by the
functions of make_faults.py. Limits on time and memory are generous: they tell
"bounded" from "unbounded" on a loaded 2-core machine, not a benchmark.
"""

import csv
import dataclasses
import importlib.util
import io
import json
import re
import resource
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from grader import __version__
from grader.app.api import grade
from grader.app.runner import grade_file
from grader.errors import NotGradable
from grader.model.results import SubmissionResult, SubmissionStatus
from grader.model.settings import Settings
from grader.reading.submission import MAX_CELLS, cells_from_notebook, read_submission
from grader.render.annotations import render_annotations
from grader.render.csv_report import render_csv
from grader.render.json_report import render_json
from grader.render.junit_report import render_junit
from grader.render.sanitize import json_text_safe, safe_cell, safe_line, safe_text
from grader.render.terminal import render_submission, render_summary
from grader.sandbox.manage import checked
from grader.sandbox.manage import session as session_module
from grader.sandbox.worker import wire

ROOT = Path(__file__).resolve().parents[3]
FAULTS = ROOT / "tests" / "faults"
CORPUS = ROOT / "tests" / "fixtures" / "puissance4"
EXPECTED = json.loads((FAULTS / "ROBUSTNESS.json").read_text("utf-8"))
CORPUS_EXPECTED = json.loads((CORPUS / "EXPECTED.json").read_text("utf-8"))
SETTINGS = Settings(cell_budget=3.0)

_spec = importlib.util.spec_from_file_location("make_faults", FAULTS / "make_faults.py")
make_faults = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_faults)

ALL_PASSED = {f"Q{i}": "passed" for i in range(1, 18)} | {"Q16": "manual"}
UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
"""What no terminal, CSV, JUnit or annotation text may hold (tab and newline aside)."""


def assert_verdicts(result, spec):
    assert result.status is SubmissionStatus.GRADED, (result.reason, result.detail)
    assert result.exercise == spec["exercise"]
    assert {q.id: q.status.value for q in result.questions} == spec["questions"], spec["why"]
    assert sorted(c.index for c in result.cells if not c.ok) == spec["failed_cells"], [
        (c.index, c.error, c.message[:80]) for c in result.cells if not c.ok
    ]


def assert_no_command_line(text: str, allowed: tuple[str, ...] = ()):
    """No line a CI runner would read as a command, except the grader's own annotations."""
    for line in text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("::", "##[")):
            assert stripped.startswith(allowed) and allowed, line[:120]


# -- the codec ------------------------------------------------------------------------


def test_dict_keys_of_any_hashable_plain_type_round_trip():
    value = {
        frozenset({1, 2}): "fs",
        (1, frozenset({(2, 3)})): "tuple of fs",
        1.5: "f",
        None: "n",
        True: "b",
        (): "empty",
        float("inf"): "inf",
        "s": {frozenset(): [1]},
        ((1, 2), (3,)): 9,
    }
    decoded = wire.decode(wire.encode(value)[0])
    assert decoded == value
    assert all(type(k) is type(o) for k, o in zip(decoded, value, strict=False))


def test_a_set_of_frozensets_round_trips():
    value = {frozenset({1}), frozenset({2, 3})}
    assert wire.decode(wire.encode(value)[0]) == value


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,  # nested deeper than the C scanner recurses
        '{"$d": [[[1], 2], [{"$d": []}, 3]]}',  # a dict as a key: not hashable
        '{"$d": 5}',
        '{"$s": "abc"}',
        '{"$d": [[1]]}',
        '{"$np": 3}',  # tags holding the wrong type
    ],
)
def test_a_malformed_or_too_deep_value_is_refused_as_malformed(text):
    with pytest.raises(ValueError):
        wire.decode(text)


def test_opaque_fields_are_capped_on_both_sides():
    huge = type("T" * 1_000_000, (), {})()
    text, _ = wire.encode(huge)
    assert len(text) < 1_000
    forged = '{{"$obj": "{}", "repr": "{}", "why": 3}}'.format("N" * 100_000, "r" * 100_000)
    opaque = wire.decode(forged)
    assert len(opaque.type_name) <= wire.MAX_NAME and len(opaque.text) <= wire.MAX_REPR
    assert opaque.why == "?"


# -- checked replies --------------------------------------------------------------------


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -1.0, 1e300, "3", None, True, [1]])
def test_a_number_from_the_worker_must_be_finite_and_in_range(bad):
    assert checked.number(bad, 0, 1e6) == 0.0


def test_error_fields_are_typed_and_capped():
    error = checked.error_fields(
        {
            "type": "E" * 10_000,
            "message": "m" * 10_000,
            "line": float("nan"),
            "where": ["x"],
            "traceback": ["t" * 1000] * 100,
        }
    )
    assert len(error["type"]) == checked.TYPE_CHARS and len(error["message"]) == checked.MESSAGE_CHARS
    assert error["line"] is None and error["where"] == ""
    assert len(error["traceback"]) == checked.TRACEBACK_LINES
    assert checked.error_fields("garbage")["type"] == "Error"


def test_names_are_capped_in_number_and_length():
    names = {f"n{i}": "function" for i in range(20_000)} | {"x" * 500: "value", "k": "weird"}
    kept = checked.names(names)
    assert len(kept) == checked.MAX_NAMES and "k" not in kept
    assert all(len(n) <= checked.NAME_CHARS for n in kept)


# -- reading ------------------------------------------------------------------------------


def test_a_notebook_nested_100000_deep_is_not_gradable():
    with pytest.raises(NotGradable) as info:
        cells_from_notebook(make_faults.deep_notebook())
    assert info.value.reason == "too_deep"


def test_a_notebook_nested_100000_deep_gets_a_report(tmp_path):
    path = tmp_path / "profond.ipynb"
    path.write_text(make_faults.deep_notebook(), "utf-8")
    result = grade_file(path, SETTINGS)
    assert (result.status, result.reason) == (SubmissionStatus.NOT_GRADABLE, "too_deep")


def test_notebook_cells_of_the_wrong_types_are_skipped():
    text = json.dumps(
        {
            "cells": [
                {
                    "cell_type": "code",
                    "source": [1, "x = 1\n"],
                    "metadata": {},
                    "outputs": [],
                    "execution_count": None,
                },
                5,
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )
    try:
        cells, _ = cells_from_notebook(text)
    except NotGradable:
        return  # refused by nbformat: a defined outcome too
    assert [c.source for c in cells] == ["x = 1\n"]


@pytest.mark.slow
def test_200000_unary_signs_fail_one_block_only(tmp_path):
    """`ast.parse` raises MemoryError: the module is split at definitions instead, and
    only the block of `x = ------...1` fails (in the worker)."""
    path = tmp_path / "signes.py"
    text = make_faults.unary_module()
    path.write_text(text, "utf-8")
    result = grade_file(path, SETTINGS)
    assert result.status is SubmissionStatus.GRADED
    assert {q.id: q.status.value for q in result.questions} == ALL_PASSED
    failed = [c for c in result.cells if not c.ok]
    assert [c.first_line[:8] for c in failed] == ["x = ----"], [(c.label, c.error) for c in failed]
    assert failed[0].error in ("MemoryError", "RecursionError", "SyntaxError")


def test_a_module_of_100000_statements_costs_little_memory(tmp_path):
    path = tmp_path / "cent_mille.py"
    path.write_text(make_faults.many_statements_module(), "utf-8")
    # Read in a process of its own, to measure the peak memory of reading it: it was 5.7 GB.
    probe = (
        "import resource, sys; from pathlib import Path; from grader.reading.submission import read_submission; "
        "code = read_submission(Path(sys.argv[1])); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, len(code.cells), "
        "sum(len(c.source) for c in code.cells))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(path)], capture_output=True, text=True, timeout=300, check=True
    )
    peak_kib, cells, source_chars = map(int, done.stdout.split())
    assert peak_kib < 1024 * 1024, f"{peak_kib // 1024} MiB"
    assert cells <= MAX_CELLS
    assert source_chars < 2 * path.stat().st_size  # no padding


def test_a_module_of_more_code_than_a_td_holds_is_refused_before_parsing(tmp_path):
    path = tmp_path / "enorme.py"
    path.write_text(make_faults.many_statements_module(300_000), "utf-8")  # about 6 MB
    start = time.monotonic()
    with pytest.raises(NotGradable) as info:
        read_submission(path)
    assert info.value.reason == "too_large" and time.monotonic() - start < 10


@pytest.mark.slow
def test_a_module_of_100000_statements_is_graded(tmp_path):
    path = tmp_path / "cent_mille.py"
    path.write_text(make_faults.many_statements_module(), "utf-8")
    result = grade_file(path, SETTINGS)
    assert {q.id: q.status.value for q in result.questions} == ALL_PASSED
    assert all(c.ok for c in result.cells)


@pytest.mark.slow
def test_line_numbers_of_a_module_chunk_are_those_of_the_file(tmp_path):
    path = tmp_path / "lignes.py"
    path.write_text("a = 1\n\n\ndef f():\n    return 1\n\n\nx = [1][\n    5]\n\ny = 1 +\n", "utf-8")
    result = grade_file(path, SETTINGS)
    failed = {c.error: c.line for c in result.cells if not c.ok}
    assert failed == {"IndexError": 8, "SyntaxError": 11}


# -- the fixtures -----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", ["cle_frozenset.ipynb", "rapport_force.ipynb", "temps_nan.ipynb"])
def test_fixture_verdicts(name):
    result = grade_file(FAULTS / name, SETTINGS)
    assert_verdicts(result, EXPECTED[name])
    json.loads(render_json([result], "fr"))  # NaN or anything else never breaks it


@pytest.mark.slow
def test_a_40_mb_type_name_is_capped_at_its_source():
    result = grade_file(FAULTS / "nom_de_type_40mo.ipynb", SETTINGS)
    assert_verdicts(result, EXPECTED["nom_de_type_40mo.ipynb"])
    for render in (render_json, render_junit):
        assert len(render([result], "fr")) < 200_000  # it was 1.2 GB
    assert max(len(c.error) for c in result.cells) <= checked.TYPE_CHARS
    # The peak of this whole test process (the worker is another one): it was 7 GB.
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 2 * 1024 * 1024


@pytest.mark.slow
def test_450000_near_miss_names_cost_little_grader_time():
    cpu = time.process_time()  # the grader's own CPU: the worker is another process
    result = grade_file(FAULTS / "noms_450000.ipynb", SETTINGS)
    cpu = time.process_time() - cpu
    assert_verdicts(result, EXPECTED["noms_450000.ipynb"])
    assert cpu < 20, cpu  # 55 s of suggestions before
    assert all(len(s) <= 3 for q in result.questions for s in q.suggestions.values())


@pytest.mark.slow
def test_nan_times_from_the_worker_never_reach_the_reports():
    result = grade_file(FAULTS / "temps_nan.ipynb", SETTINGS)
    assert result.student_cpu == result.student_cpu and result.student_cpu >= 0
    assert all(c.seconds == c.seconds for c in result.cells)


@pytest.mark.slow
def test_the_total_budget_cuts_cells_and_calls():
    from grader.errors import CallTimeout
    from grader.sandbox.confine.isolation import Isolation
    from grader.sandbox.confine.limits import Limits
    from grader.sandbox.manage.session import StudentSession

    with StudentSession("m", Limits(), Isolation.BASIC, cell_budget=5, total_budget=3.0) as session:
        session.run_cell("import time\ntime.sleep(2)\ndef f():\n    return 1\n", "cellule 1")
        second = session.run_cell("time.sleep(4)\n", "cellule 2")
        assert isinstance(second.stopped, CallTimeout)  # cut to what was left of the 3 s
        assert session.names().kinds["f"] == "function"  # listing the names is still granted
        start = time.monotonic()
        with pytest.raises(CallTimeout):
            session.call("f")
        assert time.monotonic() - start < 1  # refused without asking the worker
    assert session.student_seconds < 3 + 10 + 2


@pytest.mark.slow
def test_replays_after_restarts_share_one_total_budget():
    """Slow cells, then a function that kills its worker at every call: each restart
    replays the cells, but all of it fits in the submission's total budget."""
    start = time.monotonic()
    result = grade_file(FAULTS / "rejoue_os_exit.ipynb", Settings(cell_budget=3.0, total_budget=30.0))
    elapsed = time.monotonic() - start
    assert result.status is SubmissionStatus.GRADED
    statuses = {q.id: q.status.value for q in result.questions}
    assert all(statuses[f"Q{i}"] == "passed" for i in range(1, 14)), statuses
    assert all(statuses[q] not in ("passed", "partial") for q in ("Q14", "Q15", "Q17")), statuses
    assert result.student_seconds < 30 + 15  # a request in flight may end after the total
    assert elapsed < 120, elapsed


@pytest.mark.slow
def test_matplotlib_first_import_costs_no_cell_budget(monkeypatch):
    """Graded three times with a cell budget below matplotlib's first import with
    a cold font cache (none kept from an earlier run): the same verdicts every time."""
    monkeypatch.setenv("MINIMAX_GRADER_NO_FONT_CACHE", "1")
    monkeypatch.setattr(session_module, "_PRELOAD_CACHE", {})
    spec = EXPECTED["matplotlib_premier_import.ipynb"]
    for _ in range(3):
        result = grade_file(FAULTS / "matplotlib_premier_import.ipynb", Settings(cell_budget=1.5))
        assert_verdicts(result, spec)


# -- the last-resort guard ----------------------------------------------------------------


def _explode(path, settings, exercises=None):
    if "boum" in path.name:
        raise RecursionError("maximum recursion depth exceeded")
    return SubmissionResult(str(path), None, "graded")


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_an_exception_in_the_grader_costs_one_submission_only(tmp_path, monkeypatch, jobs):
    monkeypatch.setattr("grader.app.guard.grade_file", _explode)
    for name in ("a.py", "boum.py", "c.py"):
        (tmp_path / name).write_text("x = 1\n")
    results = grade([tmp_path], Settings(jobs=jobs))
    assert [r.status for r in results] == [
        SubmissionStatus.GRADED,
        SubmissionStatus.NOT_GRADABLE,
        SubmissionStatus.GRADED,
    ]
    crashed = results[1]
    assert crashed.reason == "grader_error"
    assert crashed.detail == f"minimax-grader {__version__}: RecursionError: maximum recursion depth exceeded"
    assert crashed.detail in render_submission(crashed, "fr")


# -- the reports -----------------------------------------------------------------------------

HOSTILE = (
    "\x1b[2J\x1b[H\nTotal : 20 / 20\n::error::x\n  ::stop-commands::jeton\n##[error]y\n"
    "\x00\ud800 \udfff\r=1+1\x9b\u2028"
)


def test_safe_text_escapes_controls_and_commands():
    text = safe_text(HOSTILE)
    assert not UNSAFE.search(text) and "\r" not in text and "\u2028" not in text
    assert_no_command_line(text)
    assert "Total : 20 / 20" in text  # still readable, on its own line
    assert "\n" not in safe_line(HOSTILE) and "\t" not in safe_line("a\tb")


@pytest.mark.parametrize("cell", ["=HYPERLINK(\"x\")", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_a_csv_text_cell_is_never_a_formula(cell):
    assert not safe_cell(cell).startswith(("=", "+", "-", "@", "\t", "\r"))


def test_json_text_keeps_its_meaning_without_raw_separators():
    text = json_text_safe(json.dumps({"a": HOSTILE}, ensure_ascii=False))
    assert not re.search(r"[\x7f-\x9f\u2028\u2029\ud800-\udfff]", text)
    assert json.loads(text) == {"a": HOSTILE}
    text.encode("utf-8")  # no lone surrogate left: the file can be written


def _hostile_result(student=HOSTILE, path="=HYPERLINK(\"http://x\")/td.ipynb") -> SubmissionResult:
    return dataclasses.replace(
        grade_file(FAULTS / "rapport_force.ipynb", SETTINGS), student=student, path=path
    )


@pytest.fixture(scope="module")
def forged():
    return _hostile_result()


def test_the_terminal_report_is_clean(forged):
    for text in (render_submission(forged, "fr"), render_summary([forged], "fr")):
        assert not UNSAFE.search(text) and "\r" not in text
        assert_no_command_line(text)
        assert "Total : 20 / 20 points — note : 20 / 20" not in text.splitlines()


def test_junit_is_well_formed_whatever_the_bytes(forged):
    text = render_junit([forged], "fr")
    root = ET.fromstring(text.encode("utf-8"))
    assert root.find("testsuite").get("failures") == "1"
    assert not UNSAFE.search(text.replace("\n", "").replace("\t", ""))


def test_csv_has_no_formula_and_keeps_negative_marks(forged):
    text = render_csv([forged], "en")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    for cell in rows[1][:4]:
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
        assert not UNSAFE.search(cell)


@pytest.mark.slow
def test_annotations_cannot_start_a_command(forged):
    failed = dataclasses.replace(
        forged, status=SubmissionStatus.NOT_GRADABLE, reason="grader_error", detail=HOSTILE
    )
    text = render_annotations([failed], "fr") + "\n" + render_annotations([_hostile_result()], "fr")
    assert not UNSAFE.search(text)
    assert_no_command_line(text, allowed=("::error file=", "::warning file="))
    assert all(line.count("\n") == 0 for line in text.splitlines())


def test_json_report_is_strict_utf8_json(forged):
    text = render_json([forged], "fr")
    text.encode("utf-8")
    assert json.loads(text)["submissions"][0]["path"] == forged.path


def test_html_escapes_the_hostile_text(forged, tmp_path):
    from grader.render.html_report import write_html

    write_html([dataclasses.replace(forged, student="<script>alert(1)</script>")], tmp_path, "fr")
    for page in tmp_path.glob("*.html"):
        html = page.read_text("utf-8")
        assert ("<script>alert" not in html and "&lt;script&gt;" in html) or page.name == "index.html"


@pytest.mark.slow
def test_one_failing_report_writer_does_not_stop_the_others(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "junit.xml").mkdir()  # a folder where the JUnit file should go: that writer fails
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(FAULTS / "temps_nan.ipynb"),
            "--cell-timeout",
            "3",
            "--junit",
            str(out / "junit.xml"),
            "--csv",
            str(out / "notes.csv"),
            "--json",
            str(out / "r.json"),
            "--html",
            str(out / "html"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.returncode == 1, done.stderr
    assert (out / "notes.csv").is_file() and (out / "r.json").is_file()
    assert (out / "html" / "index.html").is_file()
    assert "junit.xml" in done.stderr


# -- the batch ----------------------------------------------------------------------------------

HOSTILE_FILES = [
    "cle_frozenset.ipynb",
    "rapport_force.ipynb",
    "nom_de_type_40mo.ipynb",
    "noms_450000.ipynb",
    "temps_nan.ipynb",
    "matplotlib_premier_import.ipynb",
]
HONEST = [
    "correct_listes.ipynb",
    "bug_sans_diagonales.ipynb",
    "correct_module.py",
    "bug_min_max_inverses.ipynb",
    "correct_numpy.ipynb",
    "bug_joueur_inverse.ipynb",
]


@pytest.mark.slow
def test_a_batch_of_hostile_and_honest_files_is_fully_reported(tmp_path):
    """Every hostile case of the issue among honest submissions, with every report:
    the honest verdicts are unchanged, every report is written and clean, and nothing
    is written in the current directory (Hypothesis' files included)."""
    copies = tmp_path / "copies"
    copies.mkdir()
    expected = {}
    for name in HONEST:
        shutil.copy(CORPUS / name, copies / name)
        expected[name] = CORPUS_EXPECTED[name]
    for name in HOSTILE_FILES:
        shutil.copy(FAULTS / name, copies / name)
    formula = copies / '=HYPERLINK("exemple.invalid";"20")'
    formula.mkdir()
    shutil.copy(FAULTS / "rapport_force.ipynb", formula / "td.ipynb")
    shutil.copy(FAULTS / "rapport_force.ipynb", copies / "::stop-commands::jeton.ipynb")
    (copies / "profond.ipynb").write_text(make_faults.deep_notebook(), "utf-8")
    (copies / "signes.py").write_text(make_faults.unary_module(), "utf-8")
    (copies / "cent_mille.py").write_text(make_faults.many_statements_module(), "utf-8")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    start = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(copies),
            "--jobs",
            "2",
            "--cell-timeout",
            "3",
            "--csv",
            str(out / "notes.csv"),
            "--junit",
            str(out / "junit.xml"),
            "--json",
            str(out / "r.json"),
            "--html",
            str(out / "html"),
            "--github-annotations",
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=900,
    )
    elapsed = time.monotonic() - start
    assert done.returncode == 0, done.stderr[-2000:]
    assert list(cwd.iterdir()) == []
    report = json.loads((out / "r.json").read_text("utf-8"))
    by_file = {Path(s["path"]).name: s for s in report["submissions"]}
    assert len(by_file) == len(HONEST) + len(HOSTILE_FILES) + 5
    for name, spec in expected.items():
        verdicts = {q["id"]: q["status"] for q in by_file[name]["questions"]}
        assert verdicts == spec["questions"], name
    for name in HOSTILE_FILES:
        verdicts = {q["id"]: q["status"] for q in by_file[name]["questions"]}
        assert verdicts == EXPECTED[name]["questions"], name
    assert by_file["profond.ipynb"]["status"] == "not_gradable"
    assert by_file["signes.py"]["status"] == by_file["cent_mille.py"]["status"] == "graded"
    ET.parse(out / "junit.xml")
    rows = list(
        csv.reader(io.StringIO((out / "notes.csv").read_text("utf-8").lstrip("\ufeff")), delimiter=";")
    )
    assert len(rows) == 1 + len(by_file)
    for row in rows[1:]:
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row[:4]), row[:4]
    assert (out / "html" / "index.html").is_file()
    for stream in (done.stdout, done.stderr):
        assert not UNSAFE.search(stream.replace("\r", ""))
        assert_no_command_line(stream, allowed=("::error file=", "::warning file="))
    assert (out / "r.json").stat().st_size < 5_000_000
    assert elapsed < 600, elapsed
