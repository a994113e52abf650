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

ROOT = Path(__file__).resolve().parents[2]
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
SHEET_NAMES = {
    "domineering": {"coups_possibles", "h1", "minmax", "strategie_minmax", "minmax_avec", "_moves"},
    "domineering-minmax": {"h", "s", "s_ref", "h_ref", "minmax", "jeu"},
}
"""Names of the sheet's answers (and of the former helpers that were reference code)."""


@pytest.mark.parametrize("exercise_id", sorted(SHEET_NAMES))
def test_no_answer_of_the_sheet_is_defined_in_the_worker(exercise_id):
    """Issue 32: student code reaches the helpers' namespace (a probe's __globals__, the
    worker's frames, the collector): nothing there may answer a question."""
    module = EXERCISES[exercise_id].worker_side
    space: dict = {"student": {}, "profiler": {}}
    exec(compile(inspect.getsource(module), "<grader>", "exec"), space)
    assert not SHEET_NAMES[exercise_id] & set(space), SHEET_NAMES[exercise_id] & set(space)


@EXAMPLES
@given(domineering_positions())
def test_domineering_probes_play_the_first_last_or_a_legal_move(position):
    v, _ = position
    for joueur in (0, 1):
        legal = dom.coups_possibles(v, joueur)
        assert domineering_side.premier_coup(v, joueur) == (legal[0] if legal else None)
        assert domineering_side.dernier_coup(v, joueur) == (legal[-1] if legal else None)
        drawn = domineering_side.coup_au_hasard(v, joueur)
        assert drawn in legal if legal else drawn is None
    assert domineering_side.h_poids(v) == dom.h_poids(v)


@EXAMPLES
@given(domineering_positions(max_size=4), st.integers(0, 1), st.integers(0, 2))
def test_domineering_h1_table_gives_the_reference_minmax(position, joueur, depth):
    """minmax_h1 hands the student's minmax the sheet's h1 as a table of the search's
    boards: the reference minmax run with it finds the reference's value."""
    from exercises.domineering.positions import h1_table, key

    v, _ = position
    boards, values = h1_table(key(v), joueur, depth)
    value, after = domineering_side.minmax_h1(
        dom.minmax, list(boards), list(values), dom.copie(v), joueur, depth
    )
    assert value == dom.minmax(dom.copie(v), joueur, depth, dom.h1) and after == v


@EXAMPLES
@given(domineering_positions(max_size=4), st.integers(0, 1), st.integers(1, 2))
def test_domineering_minmax_with_the_students_values_is_the_sheets(position, joueur, depth):
    """The grader's minmax over the values a student's h1 gives on the search's leaves
    (here the sheet's own h1) is the reference's."""
    from exercises.domineering.positions import minmax_with, search_leaves

    v, _ = position
    leaves = search_leaves(v, joueur, depth)
    values = dict(
        zip(map(domineering_side.plateau, leaves), domineering_side.valeurs(dom.h1, leaves), strict=True)
    )
    value, moves = minmax_with(values, v, joueur, depth)
    assert value == dom.minmax(dom.copie(v), joueur, depth, dom.h1)[0]
    assert moves == set(dom.coups_optimaux(v, joueur, depth, dom.h1))


# -- domineering-minmax ------------------------------------------------------------------
@EXAMPLES
@given(boards(), st.integers(0, 1))
def test_the_pages_s_and_h_tables_agree_with_the_reference(board, joueur):
    """The page's s and h, as tables of every board below the position, agree with the
    reference on each of them (and on the position itself, for both players)."""
    from exercises.domineering_minmax.positions import page_tables

    succ, hv = page_tables(board, joueur)
    s_ref, h_ref = minmax_side.tables(succ, hv)
    for name in list(hv)[:40]:
        w = [[-1 if c == "." else int(c) for c in name[4 * i : 4 * i + 4]] for i in range(4)]
        assert h_ref(w) == dmm.h(w)
        for who in (0, 1):
            assert sorted(map(dmm.key, s_ref(w, who))) == sorted(map(dmm.key, dmm.s(w, who)))
    v = rows(board)
    assert sorted(map(dmm.key, s_ref(v, joueur))) == sorted(map(dmm.key, dmm.s(v, joueur)))


PROFILER = {"setprofile": sys.setprofile, "getprofile": sys.getprofile, "settrace": sys.settrace}
"""What the worker hands its worker-side code (bound before student code runs)."""


# -- chocolat ------------------------------------------------------------------------------
@pytest.mark.parametrize("memoised", [True, False])
def test_memo_probe_sends_each_state_computed_as_it_is_computed(memoised, monkeypatch):
    source = (ROOT / "reference" / "chocolat.py").read_text("utf-8")
    if not memoised:
        source = source.replace("    if (m, n, p) in dic:", "    if False:")
    student: dict = {"__name__": "copie"}
    exec(compile(source, "<copie>", "exec"), student)
    sent: list[str] = []
    monkeypatch.setattr(chocolat_side, "student", student, raising=False)
    monkeypatch.setattr(chocolat_side, "profiler", {**PROFILER, "tally": sent.append}, raising=False)
    (value,) = chocolat_side.memo_probe(5, 7, 1)
    assert value[0] == chocolat_ref.gagnant(5, 7, 1)
    assert sent and (len(set(sent)) == len(sent)) is memoised
    assert chocolat_side.TAMPERED not in sent


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
    if not fake and name == "off_unseen" and sys.version_info >= (3, 12):
        # the C profiler counts through sys.monitoring from 3.12 on: sys.setprofile(None),
        # called where the counter cannot see it, switches nothing off; the counts hold
        assert result == {"counts": {"heuristique": 5, "copie": 0}, "tampered": False}
        return
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
