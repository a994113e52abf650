"""The endless-loop detector's cases (tests/sandbox/worker/test_loopwatch.py) on Python 3.10, 3.12 and
3.13: each version compiles loops its own way (where the test of a `while` sits, which
offset a line event reports, comprehensions inlined in 3.12), and the worker runs on
whichever Python the grader was installed with. A version not installed here is skipped
and says so."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests import loopwatch_harness
from tests.app.test_python_versions import find_python
from tests.sandbox.worker.test_loopwatch import BUDGETS, CASES

VERSIONS = ("3.10", "3.12", "3.13")


def outcomes_on(version: str) -> dict:
    python = find_python(version)
    if python is None:
        pytest.skip(f"Python {version} is not installed here")
    names = sorted(CASES)
    cases = [{"source": CASES[n][1], "budget": BUDGETS[CASES[n][0]]} for n in names]
    report = loopwatch_harness.run_elsewhere(cases, str(python))
    return {
        "cases": dict(zip(names, report["outcomes"], strict=True)),
        "left_tracing": report["left_tracing"],
    }


@pytest.fixture(scope="module")
def by_version():
    with ThreadPoolExecutor(len(VERSIONS)) as pool:
        return dict(zip(VERSIONS, pool.map(_or_skip, VERSIONS), strict=True))


def _or_skip(version):
    try:
        return outcomes_on(version)
    except pytest.skip.Exception as exc:
        return exc


@pytest.mark.parametrize("version", VERSIONS)
def test_every_case_gets_its_verdict_on(by_version, version):
    found = by_version[version]
    if isinstance(found, BaseException):
        pytest.skip(str(found))
    expected = {"endless": "endless", "ends": "ends", "silent": "timeout"}
    wrong = {
        name: outcome
        for name, outcome in found["cases"].items()
        if outcome[0] != expected[CASES[name][0]]
        or (outcome[0] == "endless" and outcome[1] != CASES[name][2])
    }
    assert not wrong
    assert found["left_tracing"] == [False, False]
