"""The endless-loop corpus (tests/fixtures/loops/, issue 13), each case in a real worker.

Each case is a few notebook cells (and maybe a call) with a verdict reasoned by hand
(its `why`, in the file): "ends" (it ends by itself, about 0.3-1 s, and prints what it
says), "endless" (never ends, and the detector's contract says it must be detected) or
"endless-silent" (never ends, and the contract says the detector gives up: the budget
stops it). See tools/loopcases.py for the format and for a run in plain Python on each
interpreter, which checks the "ends" verdicts without the grader.

Today (no detector) an endless case costs its whole budget: ENDLESS_BUDGET is short,
and the cases run PARALLEL at a time, one worker each (a case may leave threads, signal
handlers or a disabled collector behind: no case sees another's). The "ends" cases get
a budget of their own, far above what they need, so that a loaded machine does not turn
them into timeouts.

When the detector lands, wire `detected` and set DETECTOR_LANDED: the endless cases must
then be detected, and an "ends" or "endless-silent" case never (a false detection on an
"ends" case is a false fail; on a silent one, the detector broke its own contract).
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest

from grader.app.runner import cell_outcome
from grader.errors import CallTimeout, StudentFailure
from grader.model.results import CellOutcome, CellStatus, Place, PlaceKind
from grader.reading.submission import Cell
from grader.sandbox.confine.isolation import Isolation
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.session import StudentSession
from tools.loopcases import LoopCase, load_cases

CASES = load_cases()
ENDLESS_BUDGET = 1.5
"""Seconds of an endless case's cell or call: the detector engages after 0.1-0.3 s."""
ENDS_BUDGET = 8.0
"""Seconds of an "ends" case's cell or call: each needs about 0.3-1 s of CPU."""
PARALLEL = 3

# -- the place to wire the detector (issue 13) ----------------------------------------

DETECTOR_LANDED = True
"""True once the worker detects endless loops and `detected` says so."""


def detected(stopped: CellOutcome | StudentFailure) -> bool:
    """Whether the worker stopped this cell or call as an endless loop (not by its budget).

    A cell's failure, or the call's CallTimeout, carries the loop the worker saw
    (grader/sandbox/worker/loopwatch.py)."""
    if isinstance(stopped, CellOutcome):
        return stopped.failure is not None and stopped.failure.loop is not None
    return isinstance(stopped, CallTimeout) and stopped.loop is not None


# -- running the cases ----------------------------------------------------------------


@dataclass
class Ran:
    """How a case ran: its cells' outcomes, then what the last step printed and gave."""

    cells: list[CellOutcome] = field(default_factory=list)
    printed: str = ""
    value: Any = None
    called: bool = False
    """The last step is a call (after the cells), not the last cell."""
    failure: StudentFailure | None = None
    """The call's failure."""

    @property
    def last(self) -> CellOutcome | StudentFailure | None:
        """How the last step ended: its cell's outcome, or the call's failure (None: the
        call returned)."""
        return self.failure if self.called else self.cells[-1]

    @property
    def earlier(self) -> list[CellOutcome]:
        """The cells before the last step (definitions, imports, a thread started)."""
        return self.cells if self.called else self.cells[:-1]


def run_case(case: LoopCase) -> Ran:
    budget = ENDS_BUDGET if case.verdict == "ends" else ENDLESS_BUDGET
    ran = Ran()
    with StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=budget) as session:
        for index, source in enumerate(case.cells, 1):
            seen = len(session.printed)
            cell = Cell(index, source, f"cellule {index}", Place(PlaceKind.CELL, index))
            ran.cells.append(cell_outcome(cell, session.run_cell(source, cell.label)))
            ran.printed = "".join(session.printed[seen:])
        if case.call is not None:
            ran.called = True
            try:
                result = session.call(case.call, *case.args, budget=budget)
            except StudentFailure as exc:
                ran.failure = exc
            else:
                ran.value, ran.printed = result.value, result.stdout
    return ran


@pytest.fixture(scope="module")
def runs(request: pytest.FixtureRequest) -> dict[str, Ran]:
    """Every case this session selected, run once, PARALLEL at a time (the endless ones,
    which cost their whole budget today, first)."""
    wanted = {
        item.callspec.params["case"].name
        for item in request.session.items
        if item.module is request.module and hasattr(item, "callspec")
    }
    chosen = sorted((c for c in CASES if c.name in wanted), key=lambda c: c.verdict == "ends")
    with ThreadPoolExecutor(PARALLEL) as pool:
        return dict(zip([c.name for c in chosen], pool.map(run_case, chosen), strict=True))


def of(verdict: str) -> list[Any]:
    return [pytest.param(c, id=c.name) for c in CASES if c.verdict == verdict]


def earlier_cells_ran(ran: Ran) -> None:
    assert all(c.ok for c in ran.earlier), [(c.label, c.status, c.error, c.message) for c in ran.earlier]


def stopped_by_budget_or_detector(ran: Ran) -> bool:
    """The last step did not end by itself: its budget ran out (a cell: TIMEOUT; a call:
    CallTimeout), or the detector stopped it."""
    last = ran.last
    if isinstance(last, StudentFailure):
        return isinstance(last, CallTimeout) or detected(last)
    return last is not None and (last.status is CellStatus.TIMEOUT or detected(last))


@pytest.mark.parametrize("case", of("ends"))
def test_a_loop_that_ends_runs_to_its_end(case: LoopCase, runs: dict[str, Ran]) -> None:
    ran = runs[case.name]
    earlier_cells_ran(ran)
    last = ran.last
    if ran.called:
        assert last is None, (case.why, last)
        assert ran.value == case.value, case.why
    else:
        assert isinstance(last, CellOutcome) and last.ok, (case.why, last)
        assert not detected(last), case.why  # a false "endless loop" is a false fail
    assert ran.printed == case.printed, case.why


@pytest.mark.parametrize("case", of("endless"))
def test_an_endless_loop_is_stopped(case: LoopCase, runs: dict[str, Ran]) -> None:
    ran = runs[case.name]
    earlier_cells_ran(ran)
    assert stopped_by_budget_or_detector(ran), (case.why, ran.last)
    # Python 3.10 has no exception table: the detector gives up on code holding a try.
    seen = DETECTOR_LANDED and not (sys.version_info < (3, 11) and any("try:" in c for c in case.cells))
    assert ran.last is not None and detected(ran.last) is seen, case.why


@pytest.mark.parametrize("case", of("endless-silent"))
def test_an_endless_loop_outside_the_contract_is_left_to_the_budget(
    case: LoopCase, runs: dict[str, Ran]
) -> None:
    ran = runs[case.name]
    earlier_cells_ran(ran)
    assert stopped_by_budget_or_detector(ran), (case.why, ran.last)
    assert ran.last is not None and not detected(ran.last), case.why  # the detector gave up
