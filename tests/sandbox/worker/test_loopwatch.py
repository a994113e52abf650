"""The endless-loop detector (grader/sandbox/worker/loopwatch.py), in this process.

Every case's verdict is reasoned from its code, not from a run:
- "endless": the loop can never end and the detector's contract covers it (plain data,
  the student's own functions, pure builtins): it must be reported, with its line;
- "ends": the program ends by itself, after the first window has opened (~0.1 s; each
  runs ~0.3-1 s untraced on the 2-core machine): the detector must stay silent. These
  are what a state-repetition detector could get wrong:
  state outside the loop's frame (an alias, a closure, a default, a function or class
  attribute, `nonlocal`, `global`), time, randomness, iterators, threads, signals, a
  frame id reused by another call;
- "silent": the loop never ends but the contract says the detector gives up (output, a
  period longer than one turn, a state that keeps changing): only the budget stops it.

The same cases run on the other Python versions in tests/sandbox/worker/test_loopwatch_versions.py.
"""

from __future__ import annotations

import math
import random
import time

import pytest

from tests import loopwatch_harness

CASES: dict[str, tuple[str, str, int | None]] = {
    # name: (verdict, source, the loop's line for "endless")
    "increment_forgotten": (
        "endless",
        "L = [3, 1, 2]\ni = 0\nwhile i < len(L):\n    x = L[i]\n",
        3,
    ),
    "board_full_off_by_one": (  # the Connect-4 sheet's `<=`: a full board has no move
        "endless",
        "nrows, ncols = 6, 7\n"
        "def colonnes_jouables(jeu):\n"
        "    L = []\n"
        "    for j in range(ncols):\n"
        "        if jeu['hauteurs'][j] < nrows:\n"
        "            L.append(j)\n"
        "    return L\n"
        "jeu = {'nbcoups': 42, 'hauteurs': [6] * 7, 'plateau': [[1] * 7 for _ in range(6)]}\n"
        "while jeu['nbcoups'] <= nrows * ncols:\n"
        "    cols = colonnes_jouables(jeu)\n"
        "    if cols != []:\n"
        "        jeu['nbcoups'] += 1\n",
        9,
    ),
    "in_a_function": (
        "endless",
        "def f(n):\n    i = 0\n    while i < n:\n        n = n\n    return i\nf(5)\n",
        3,
    ),
    "float_absorbed": ("endless", "x = 1e20\nwhile x < 1e21:\n    x = x + 1.0\n", 2),
    "pure_recursion_in_body": (
        "endless",
        "def f(n):\n    return 0 if n == 0 else f(n - 1)\nwhile f(10) == 0:\n    y = 1\n",
        3,
    ),
    "inner_while_stuck": (
        "endless",
        "i = 0\nwhile i < 3:\n    j = 0\n    while j < 3:\n        i = i\n    i += 1\n",
        4,
    ),
    "string_methods": ("endless", "s = 'abc'\nwhile s:\n    t = s.upper()\n", 2),
    "fresh_lambda_key": (
        "endless",
        "while True:\n    L = sorted([3, 1, 2], key=lambda v: -v)\n",
        1,
    ),
    "counter": ("ends", "i = 0\nwhile i < 2_500_000:\n    i += 1\n", None),
    "busy_wait_on_time": (
        "ends",
        "import time\nt = time.monotonic()\nwhile time.monotonic() < t + 0.4:\n    x = 1\n",
        None,
    ),
    "busy_wait_on_imported_clock": (
        "ends",
        "from time import monotonic\nt = monotonic()\nwhile monotonic() < t + 0.4:\n    x = 1\n",
        None,
    ),
    "flag_set_by_a_thread": (
        "ends",
        "import threading\nfini = [False]\n"
        "threading.Timer(0.3, lambda: fini.__setitem__(0, True)).start()\n"
        "while not fini[0]:\n    x = 1\n",
        None,
    ),
    "flag_set_by_a_signal_handler": (
        "ends",
        "import signal\nfini = [False]\n"
        "def h(signum, frame):\n    fini[0] = True\n"
        "signal.signal(signal.SIGVTALRM, h)\nsignal.setitimer(signal.ITIMER_VIRTUAL, 0.3)\n"
        "while not fini[0]:\n    x = 1\n"
        "signal.signal(signal.SIGVTALRM, signal.SIG_DFL)\n",
        None,
    ),
    "random_method": (
        "ends",
        "import random\nrandom.seed(9)\nwhile random.randint(1, 1_000_000) != 1:\n    x = 1\n",
        None,
    ),
    "random_builtin_method": (
        "ends",
        "from random import random, seed\nseed(1)\nwhile random() < 0.999_999_7:\n    x = 1\n",
        None,
    ),
    "alias_changes": (
        "ends",
        "a = [0]\nb = a\nwhile a[0] < 1_500_000:\n    b[0] = b[0] + 1\n",
        None,
    ),
    "closure_counter": (
        "ends",
        "def mk():\n    c = [0]\n    def f():\n        c[0] += 1\n        return c[0]\n    return f\n"
        "f = mk()\nwhile f() < 4_000_000:\n    pass\n",
        None,
    ),
    "default_argument_grows": (
        "ends",
        "def f(acc=[]):\n    acc.append(1)\n    return len(acc)\nwhile f() < 2_000_000:\n    pass\n",
        None,
    ),
    "function_attribute": (
        "ends",
        "def f():\n    f.n += 1\n    return f.n\nf.n = 0\nwhile f() < 1_000_000:\n    pass\n",
        None,
    ),
    "class_attribute": (
        "ends",
        "class C:\n    n = 0\ndef inc():\n    C.n += 1\nwhile C.n < 1_500_000:\n    inc()\n",
        None,
    ),
    "nonlocal_counter": (
        "ends",
        "def outer():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n"
        "    while n < 3_000_000:\n        inc()\n    return n\nouter()\n",
        None,
    ),
    "global_set_in_a_callee": (
        "ends",
        "n = 0\ndef inc():\n    global n\n    n += 1\nwhile True:\n    inc()\n    if n > 2_000_000:\n        break\n",
        None,
    ),
    "next_on_an_iterator": (
        "ends",
        "g = iter(range(2_500_000))\nwhile next(g) < 2_499_999:\n    pass\n",
        None,
    ),
    "generator_advanced_by_a_callee": (
        "ends",
        "def gen():\n    n = 0\n    while True:\n        n += 1\n        yield n\n"
        "g = gen()\ndef step():\n    for v in g:\n        return v\n"
        "while step() < 1_500_000:\n    pass\n",
        None,
    ),
    "iterator_kept_across_turns": (
        "ends",
        "it = iter(range(6_000_000))\nwhile True:\n    for v in it:\n        break\n    else:\n        break\n",
        None,
    ),
    "float_last_bit": ("ends", "x = 1.0\nwhile x < 1.0 + 5e-10:\n    x = x + 3e-16\n", None),
    "head_inside_a_for": (
        "ends",
        "for j in range(3):\n    k = 0\n    while k < 800_000:\n        k += 1\n",
        None,
    ),
    "same_frame_id_again": (  # g's frames come and go at the same address
        "ends",
        "def g():\n    i = 0\n    while i < 2:\n        i += 1\n    return i\n"
        "k = 0\nwhile k < 1_500_000:\n    g()\n    k += 1\n",
        None,
    ),
    "global_read_only_by_a_callee": (  # the looping frame itself reads only `inc`
        "ends",
        "n = 0\ndef inc():\n    global n\n    n += 1\n    return n > 2_000_000\nwhile not inc():\n    pass\n",
        None,
    ),
    "same_frame_id_one_turn_per_call": (  # each call of g sees i = 0 at its loop's head
        "ends",
        "def g():\n    i = 0\n    while i < 1:\n        i += 1\n    return i\n"
        "def main():\n    k = 0\n    while k < 2_000_000:\n        g()\n        k += 1\nmain()\n",
        None,
    ),
    "for_loop_not_reading_its_variable": (  # the iterator is the only thing that moves
        "ends",
        "for v in range(4_000_000):\n    x = 1\n",
        None,
    ),
    "class_body": (  # its names live in the class's namespace, not the globals
        "ends",
        "class C:\n    i = 0\n    while i < 1_500_000:\n        i += 1\n",
        None,
    ),
    "exec_with_its_own_locals": (
        "ends",
        "exec('i = 0\\nwhile i < 1_500_000:\\n    i += 1\\n', {}, {})\n",
        None,
    ),
    "caught_exception_each_turn": (
        "ends",
        "d = {}\nn = 0\nwhile n < 600_000:\n    try:\n        d['k']\n    except KeyError:\n        n += 1\n",
        None,
    ),
    "recursion_at_the_limit": (  # the detector's own calls must not raise RecursionError in it
        "ends",
        "def f(n):\n    return 0 if n == 0 else f(n - 1)\n"
        "lo, hi = 1, 5000\nwhile lo < hi:\n    mid = (lo + hi + 1) // 2\n    try:\n        f(mid)\n"
        "        lo = mid\n    except RecursionError:\n        hi = mid - 1\n"
        "k = 0\nwhile k < 3000:\n    f(lo)\n    k += 1\n",
        None,
    ),
    "prints": ("silent", "while True:\n    print('.', end='')\n", None),
    "period_two": ("silent", "x = 0\nwhile True:\n    x = 1 - x\n", None),
    "keeps_counting": ("silent", "n = 0\nwhile True:\n    n += 1\n", None),
}

BUDGETS = {"endless": 3.0, "ends": 3.0, "silent": 0.5}

REPORTED = "L = [3, 1, 2]\ni = 0\nwhile i < len(L):\n    x = L[i]\n"


@pytest.fixture(scope="module")
def loopwatch():
    return loopwatch_harness.load()


FAST = (
    *(name for name, (verdict, _, _) in CASES.items() if verdict == "endless"),
    # one "ends" case of each kind of state the module's docstring names
    "alias_changes",
    "closure_counter",
    "default_argument_grows",
    "function_attribute",
    "class_attribute",
    "nonlocal_counter",
    "global_set_in_a_callee",
    "busy_wait_on_time",
    "random_builtin_method",
    "next_on_an_iterator",
    "flag_set_by_a_thread",
    "flag_set_by_a_signal_handler",
    "same_frame_id_again",
    "period_two",
)
"""The cases of the fast tier: every endless one (found in a fraction of a second), one
that ends for each kind of state outside the loop, one the detector gives up on. Every
case runs in the slow tier (each one that ends runs for a good part of a second)."""


def run_cases(names: list[str]) -> dict[str, object]:
    """The cases `names`, in one process of their own: the test process may hold threads
    of other tests (thread pools) or a tool's trace function, on which the detector gives
    up; then a reported loop and one under the student's own trace function."""
    cases = [{"source": CASES[n][1], "budget": BUDGETS[CASES[n][0]]} for n in names]
    cases.append({"source": REPORTED, "budget": 3.0})
    cases.append({"source": "i = 0\nwhile i < 3:\n    x = 1\n", "budget": 0.5, "student_trace": True})
    report = loopwatch_harness.run_elsewhere(cases)
    outcomes = report["outcomes"]
    return {
        "cases": dict(zip(names, outcomes, strict=False)),
        "reported": outcomes[-2],
        "student_trace": outcomes[-1],
        "left_tracing": report["left_tracing"],
    }


@pytest.fixture(scope="module")
def ran() -> dict[str, object]:
    return run_cases(sorted(FAST))


@pytest.fixture(scope="module")
def ran_all() -> dict[str, object]:
    return run_cases(sorted(CASES))


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=[] if n in FAST else [pytest.mark.slow]) for n in sorted(CASES)]
)
def test_each_case_gets_its_verdict(request, name):
    ran = request.getfixturevalue("ran" if name in FAST else "ran_all")
    verdict, _, line = CASES[name]
    expected = {"endless": ("endless", line), "ends": ("ends", None), "silent": ("timeout", None)}
    assert tuple(ran["cases"][name][:2]) == expected[verdict], ran["cases"][name]


def test_nothing_is_left_traced(ran):
    assert ran["left_tracing"] == [False, False]


def test_the_report_names_what_the_loop_reads(ran):
    # `x` is written, never read; `len` is not plain data: neither is shown.
    assert ran["reported"] == ["endless", 3, ["L = [3, 1, 2]", "i = 0"]]


def test_a_trace_function_of_the_students_keeps_the_detector_out(ran):
    # The loop repeats, but the student's own trace function could change anything.
    assert ran["student_trace"] == ["timeout", None, [], True]


def test_images_tell_apart_what_behaves_differently(loopwatch):
    encode = loopwatch._encode

    def image(*values):
        return encode([(str(i), v) for i, v in enumerate(values)])

    assert image(0.0) != image(-0.0)  # str() and 1/x differ
    assert image(1) != image(1.0) != image(True)
    shared = [1]
    assert image([shared, shared]) != image([shared, [1]])  # appending to one shows in both
    assert image({"a": 1, "b": 2}) != image({"b": 2, "a": 1})  # iteration order
    assert image([1, (2, "x")]) == image([1, (2, "x")])

    def f(a=[1]):  # noqa: B006 - the default is the point
        return a

    def g(a=[2]):  # noqa: B006
        return a

    assert image(f) != image(g)
    assert image(math.nan) == image(math.nan)  # every NaN behaves alike
    for opaque in (math, object(), iter([]), random.random, time.time):
        with pytest.raises(loopwatch._GiveUp):
            image(opaque)


def test_only_calls_that_depend_on_their_arguments_alone_are_pure(loopwatch):
    pure = loopwatch._pure_call
    assert pure(len) and pure(sorted) and pure([].append) and pure(dict.fromkeys) and pure("".join)
    for impure in (print, input, next, iter, id, getattr, time.time, random.random, object.__subclasses__):
        assert not pure(impure), impure


def test_no_loop_head_inside_a_for_or_a_generator(loopwatch):
    analyse = loopwatch._analyse
    code = compile("for i in range(3):\n    pass\nwhile i:\n    i -= 1\n", "<c>", "exec")
    heads = analyse(code).heads
    assert heads and set(heads.values()) == {3}  # the while loop only, named by its line

    def gen():
        while True:
            yield 1

    assert not analyse(gen.__code__).heads


def test_a_loop_seen_as_the_window_closes_is_still_reported_as_endless():
    """Under load, the visit that finds the repeated state may also be the one whose image
    took the window past its end: the window is then closed there, and the report's names
    must still be read. Before, closing the window forgot the loop's global scopes first,
    and the student's cell failed with `KeyError: <a number>` instead of an endless loop
    (seen in tests/fixtures/loops/endless_recursion_same_value.py on a loaded machine).
    In a process of its own, as the other cases: a test runner's threads keep the detector
    out (pytest-xdist's workers hold one)."""
    source = (
        "def somme(t):\n"
        "    return 0 if t == [] else t[0] + somme(t[1:])\n"
        "notes = [3, 4, 5]\n"
        "total = 0\n"
        "while total < 100:\n"
        "    total = somme(notes)\n"
    )
    report = loopwatch_harness.run_elsewhere([{"source": source, "budget": 3.0, "late_images": True}])
    kind, _, state = report["outcomes"][0]
    assert (kind, state) == ("endless", ["notes = [3, 4, 5]", "total = 12"])
