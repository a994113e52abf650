"""Q17's evaluation counter in a real worker, beside the endless-loop detector.

A counted search longer than the detector's first window (0.1 s) used to be marked
tampered when counted under a profile function: the detector's own `sys.getprofile`,
called from the budget's alarm, was recorded by the counter as the search's."""

from __future__ import annotations

import inspect

import pytest

from exercises.puissance4 import worker_side
from grader.sandbox.confine.isolation import Isolation
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.session import StudentSession
from grader.sandbox.worker.wire import Ref

pytestmark = pytest.mark.slow

HEURISTICS = {
    "plain": "def heuristique(jeu):\n    return 0\n",
    # A free variable: its code cannot be swapped, a profile function counts.
    "closure": "def _make():\n    zero = 0\n    def heuristique(jeu):\n        return zero\n"
    "    return heuristique\nheuristique = _make()\n",
}
SLOW_SEARCH = (
    "import time\n"
    "def recherche(n):\n"
    "    fin = time.monotonic() + 0.4\n"  # past the detector's windows at 0.1 s and 0.5 s of a 5 s budget
    "    while time.monotonic() < fin:\n"
    "        sum(range(2000))\n"
    "    for _ in range(n):\n"
    "        heuristique(None)\n"
    "    return n\n"
)


@pytest.mark.parametrize("kind", sorted(HEURISTICS))
def test_a_slow_counted_search_is_counted_and_not_taken_for_tampering(kind: str) -> None:
    with StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=5) as session:
        assert session.run_cell(HEURISTICS[kind] + SLOW_SEARCH, "cellule 1").ok
        session.define_helpers(inspect.getsource(worker_side))
        result = session.call("@evaluations", Ref("recherche"), ["heuristique"], 7, budget=5).value
    assert result == {"counts": {"heuristique": 7}, "tampered": False}
