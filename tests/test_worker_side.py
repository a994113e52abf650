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

from exercises.chocolat import worker_side as chocolat_side
from exercises.domineering import worker_side as domineering_side
from exercises.domineering.positions import positions as domineering_positions
from exercises.domineering_minmax import worker_side as minmax_side
from exercises.domineering_minmax.positions import boards, rows
from grader.registry import installed
from reference import chocolat as chocolat_ref
from reference import domineering as dom
from reference import domineering_minmax as dmm

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

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
PLAIN = "def heuristique(jeu):\n    return 0\n"
CLOSURE = (
    "def _make():\n    zero = 0\n    def heuristique(jeu):\n        return zero\n    return heuristique\n"
    "heuristique = _make()\n"
)
"""A heuristique with a free variable: its code cannot be swapped, the profiler counts."""


def _puissance4_side(student_source: str, heuristique: str = PLAIN) -> dict:
    """The worker side as the worker defines it: its source run in a namespace of its
    own, beside a student module defined first (which may have tampered with modules)."""
    student: dict = {"__name__": "copie"}
    exec(compile(heuristique + student_source, "<copie>", "exec"), student)
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
    """The profiler path (a heuristique with a free variable): tampering with the
    profile function is seen."""
    monkeypatch.delitem(sys.modules, "_lsprof", raising=False)  # restored after the test
    side = _puissance4_side((FAKE_LSPROF if fake else "") + SEARCHES[name], CLOSURE)
    assert side["_swappable"](side["student"]["heuristique"]) is None
    assert (side["_c_profiler"]() is None) is fake  # a replaced _lsprof is not trusted
    result = side["evaluations"](side["student"]["s"], ["heuristique", "copie"], 5)
    assert sys.getprofile() is None  # the counter is gone, whatever the search did
    honest = name in ("honest", "alias")
    assert result["tampered"] is not honest
    if honest:
        assert result["counts"] == {"heuristique": 5, "copie": 0}


SWAPPED_SEARCHES = {
    **SEARCHES,
    "default_argument": "def s(n, h=heuristique):\n" + EVALUATE.replace("heuristique", "h"),
    "in_a_dict": "T = {'h': heuristique}\ndef s(n):\n" + EVALUATE.replace("heuristique", "T['h']"),
    "closure_over_it": "def mk(h):\n    def s(n):\n"
    + EVALUATE.replace("    ", "        ").replace("heuristique", "h")
    + "    return s\ns = mk(heuristique)\n",
    "cached": "import functools\nheuristique = functools.lru_cache(maxsize=None)(heuristique)\n"
    "def s(n):\n    for i in range(n):\n        heuristique(i)\n",
    "wrapped": "import functools\n_inner = heuristique\n@functools.wraps(_inner)\n"
    "def heuristique(jeu):\n    return _inner(jeu)\ndef s(n):\n" + EVALUATE,
    "recursive": "def heuristique(jeu):\n    return 0 if jeu <= 0 else heuristique(jeu - 1)\n"
    "def s(n):\n    heuristique(n - 1)\n",
}


@pytest.mark.parametrize("name", sorted(SWAPPED_SEARCHES))
@pytest.mark.parametrize("fake", [False, True], ids=["genuine_lsprof", "fake_lsprof"])
def test_puissance4_plain_functions_are_counted_by_swapped_code(name, fake, monkeypatch):
    """A plain heuristique: its code is swapped for the search, so every call of the
    function object counts under any name, whatever the search does to the profile
    function (nothing is counted through it), and the function is as it was after."""
    monkeypatch.delitem(sys.modules, "_lsprof", raising=False)
    side = _puissance4_side((FAKE_LSPROF if fake else "") + SWAPPED_SEARCHES[name])
    student = side["student"]
    before = {key: value for key, value in student.items() if key != "__builtins__"}
    target = side["_swappable"](student["heuristique"])
    assert target is not None
    code = target.__code__
    result = side["evaluations"](student["s"], ["heuristique", "copie"], 5)
    sys.setprofile(None)
    sys.settrace(None)
    assert result == {"counts": {"heuristique": 5, "copie": 0}, "tampered": False}
    assert target.__code__ is code
    assert {key: value for key, value in student.items() if key != "__builtins__"} == before


def test_puissance4_swapped_code_comes_back_when_the_search_raises() -> None:
    side = _puissance4_side("def s(n):\n" + EVALUATE + "    raise ValueError(n)\n")
    heuristique = side["student"]["heuristique"]
    code = heuristique.__code__
    with pytest.raises(ValueError):
        side["evaluations"](side["student"]["s"], ["heuristique"], 3)
    assert heuristique.__code__ is code
    assert not [key for key in side["student"] if key.startswith("\x00")]


def test_puissance4_a_search_that_replaces_the_swapped_code_is_tampering() -> None:
    side = _puissance4_side(
        "def _quiet(jeu):\n    return 0\ndef s(n):\n    heuristique.__code__ = _quiet.__code__\n" + EVALUATE
    )
    result = side["evaluations"](side["student"]["s"], ["heuristique"], 4)
    assert result == {"counts": {"heuristique": 0}, "tampered": True}


def test_puissance4_two_names_of_one_code_are_counted_by_the_profiler() -> None:
    """A function object copied with another's code: counted by code, as the profiler
    does, not by function object."""
    side = _puissance4_side(
        "import types\ncopie = types.FunctionType(heuristique.__code__, globals())\n"
        "def s(n):\n" + EVALUATE + EVALUATE.replace("heuristique", "copie")
    )
    result = side["evaluations"](side["student"]["s"], ["heuristique", "copie"], 2)
    sys.setprofile(None)
    assert result == {"counts": {"heuristique": 4, "copie": 0}, "tampered": False}
