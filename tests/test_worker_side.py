"""The grader code sent into the worker (`exercises/<td>/worker_side.py`, one
self-contained module per TD) restates parts of the reference, since the worker cannot
import it: each restatement must agree with its reference twin on random positions."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exercises import EXERCISES
from exercises.chocolat import worker_side as chocolat_side
from exercises.domineering import worker_side as domineering_side
from exercises.domineering.positions import positions as domineering_positions
from exercises.domineering_minmax import worker_side as minmax_side
from exercises.domineering_minmax.positions import boards, rows
from reference import chocolat as chocolat_ref
from reference import domineering as dom
from reference import domineering_minmax as dmm

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = settings(max_examples=60, deadline=None, derandomize=True, database=None)


def test_one_convention_worker_side_modules_that_import_only_the_standard_library():
    for exercise in EXERCISES.values():
        if exercise.worker_side is None:
            continue
        module = exercise.worker_side
        assert Path(module.__file__).name == "worker_side.py"
        source = inspect.getsource(module)
        imports = [line.split()[1] for line in source.splitlines() if line.startswith(("import ", "from "))]
        assert all(name.split(".")[0] not in ("grader", "exercises", "reference") for name in imports)
        compile(source, "<grader>", "exec")  # what the worker runs


# -- domineering -----------------------------------------------------------------------
@EXAMPLES
@given(domineering_positions())
def test_domineering_moves_and_heuristics_agree_with_the_reference(position):
    v, _ = position
    for joueur in (0, 1):
        assert domineering_side._moves(v, joueur) == dom.coups_possibles(v, joueur)
    assert domineering_side.h1(v) == dom.h1(v)
    assert domineering_side.h_poids(v) == dom.h_poids(v)


@EXAMPLES
@given(domineering_positions(max_size=4), st.integers(0, 1), st.integers(1, 2))
def test_domineering_minmax_avec_agrees_with_the_reference(position, joueur, depth):
    """At the depths the checks use (an optimal move is asked for, so depth >= 1)."""
    v, _ = position
    value, moves = domineering_side.minmax_avec(v, joueur, depth, dom.h1)
    assert value == dom.minmax(v, joueur, depth, dom.h1)[0]
    assert sorted(map(tuple, moves)) == sorted(dom.coups_optimaux(v, joueur, depth, dom.h1))


# -- domineering-minmax ------------------------------------------------------------------
@EXAMPLES
@given(boards(), st.integers(0, 1))
def test_the_pages_s_and_h_agree_with_the_reference(board, joueur):
    v = rows(board)
    assert minmax_side.h_ref(v) == dmm.h(v)
    assert sorted(map(dmm.key, minmax_side.s_ref(v, joueur))) == sorted(map(dmm.key, dmm.s(v, joueur)))


PROFILER = {"setprofile": sys.setprofile, "getprofile": sys.getprofile, "settrace": sys.settrace}
"""What the worker hands its worker-side code (bound before student code runs)."""


# -- chocolat ------------------------------------------------------------------------------
@pytest.mark.parametrize("memoised", [True, False])
def test_memo_probe_counts_the_states_computed_twice(memoised, monkeypatch):
    source = (ROOT / "reference" / "chocolat.py").read_text("utf-8")
    if not memoised:
        source = source.replace("    if (m, n, p) in dic:", "    if False:")
    student: dict = {"__name__": "copie"}
    exec(compile(source, "<copie>", "exec"), student)
    monkeypatch.setattr(chocolat_side, "student", student, raising=False)
    monkeypatch.setattr(chocolat_side, "profiler", PROFILER, raising=False)
    value, count, first, _ = chocolat_side.memo_probe(5, 7, 1)
    assert value[0] == chocolat_ref.gagnant(5, 7, 1)
    assert (count == 0) is memoised and (first == []) is memoised


# -- puissance4: counting a search's evaluations ------------------------------------------
def _puissance4_side(student_source: str) -> dict:
    """The worker side as the worker defines it: its source run in a namespace of its
    own, beside a student module defined first (which may have tampered with modules)."""
    student: dict = {"__name__": "copie"}
    exec(compile("def heuristique(jeu):\n    return 0\n" + student_source, "<copie>", "exec"), student)
    helpers = {"student": student, "profiler": dict(PROFILER)}
    source = (ROOT / "exercises" / "puissance4" / "worker_side.py").read_text("utf-8")
    exec(compile(source, "<grader>", "exec"), helpers)
    return helpers


EVALUATE = "    for _ in range(n):\n        heuristique(0)\n"
SEARCHES = {
    "honest": "def s(n):\n" + EVALUATE,
    "alias": "_h = heuristique\ndef s(n):\n" + EVALUATE.replace("heuristique", "_h"),
    "switched_off": "import sys\ndef s(n):\n    sys.setprofile(None)\n" + EVALUATE,
    "off_and_on": "import sys\ndef s(n):\n    p = sys.getprofile()\n    list(map(sys.setprofile, [None]))\n"
    + EVALUATE
    + "    p.enable() if hasattr(p, 'enable') else list(map(sys.setprofile, [p]))\n",  # put back unseen
    "off_unseen": "import sys\ndef s(n):\n    list(map(sys.setprofile, [None]))\n" + EVALUATE,
    "tracer": "import sys\ndef s(n):\n    sys.settrace(None)\n" + EVALUATE,
}
FAKE_LSPROF = (
    "import sys, types\nfake = types.ModuleType('_lsprof')\n"
    "class Profiler:\n    def enable(self): pass\n    def disable(self): pass\n    def getstats(self): return []\n"
    "fake.Profiler = Profiler\nsys.modules['_lsprof'] = fake\n"
)


@pytest.mark.parametrize("name", sorted(SEARCHES))
@pytest.mark.parametrize("fake", [False, True], ids=["c_profiler", "python_hook"])
def test_puissance4_evaluations_are_counted_by_code_and_tampering_is_seen(name, fake, monkeypatch):
    monkeypatch.delitem(sys.modules, "_lsprof", raising=False)  # restored after the test
    side = _puissance4_side((FAKE_LSPROF if fake else "") + SEARCHES[name])
    assert (side["_c_profiler"]() is None) is fake  # a replaced _lsprof is not trusted
    result = side["evaluations"](side["student"]["s"], ["heuristique", "copie"], 5)
    assert sys.getprofile() is None  # the counter is gone, whatever the search did
    honest = name in ("honest", "alias")
    assert result["tampered"] is not honest
    if honest:
        assert result["counts"] == {"heuristique": 5, "copie": 0}
