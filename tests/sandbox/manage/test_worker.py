"""The sandboxed worker seen from the grader: cells, calls, failures, restarts."""

import time

import pytest

from grader.app.runner import cell_outcome
from grader.errors import CallTimeout, Crash, LoopSeen, StudentCodeError, ValueTooLarge, WorkerCrash
from grader.model.results import CellStatus, Place, PlaceKind
from grader.reading.submission import Cell
from grader.sandbox.confine.isolation import Isolation
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.session import StudentSession


@pytest.fixture
def session():
    with StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=2) as s:
        yield s


def run(session, source, index=1):
    """The cell's report row, as the runner makes it from the worker's reply."""
    cell = Cell(index, source, f"cellule {index}", Place(PlaceKind.CELL, index))
    return cell_outcome(cell, session.run_cell(cell.source, cell.label))


def test_cells_run_in_one_namespace_and_calls_return_plain_data(session):
    assert run(session, "def f(a, b):\n    return (a, [b, b], float('inf'))\n").ok
    assert session.call("f", 1, (2, 3)).value == (1, [(2, 3), (2, 3)], float("inf"))
    assert session.names().kinds["f"] == "function"


def test_a_name_the_code_does_not_define_is_a_name_error_when_called_or_read(session):
    assert run(session, "plateau = [[0] * 7 for _ in range(6)]\n").ok
    for ask in (
        lambda: session.call("jouer", 3),
        lambda: session.get("jouer"),
        lambda: session.call("plateau"),
    ):
        with pytest.raises(StudentCodeError) as caught:
            ask()
        error = caught.value
        assert (error.ename, error.line, error.where, error.traceback) == ("NameError", None, "", [])
        assert error.evalue in ("jouer", "plateau")
    assert session.get("plateau")[5][3] == 0  # the session goes on


@pytest.mark.parametrize(
    "source, error",
    [
        ("def f(:\n", "SyntaxError"),
        ("1 / 0\n", "ZeroDivisionError"),
        ("import sys\nsys.exit(3)\n", "SystemExit"),
        ("exit()\n", "SystemExit"),
        ("raise KeyboardInterrupt\n", "KeyboardInterrupt"),
        ("input('colonne ? ')\n", "EOFError"),
    ],
)
def test_a_failing_cell_is_recorded_and_the_next_cells_still_run(session, source, error):
    outcome = run(session, source)
    assert not outcome.ok and outcome.error == error
    assert run(session, "x = 41 + 1\n", 2).ok
    assert session.get("x") == 42


def test_an_endless_cell_is_stopped_and_the_state_kept(session):
    assert run(session, "y = 1\n").ok
    start = time.monotonic()
    outcome = run(session, "while True:\n    y = 2\n", 2)
    assert outcome.status is CellStatus.TIMEOUT and time.monotonic() - start < 5
    assert session.get("y") == 2


def test_an_endless_loop_is_stopped_early_and_reported_with_its_line_and_state(session):
    # i never changes: the loop detector (grader/sandbox/worker/loopwatch.py) sees the same
    # state at every turn; the outcome is still a timeout, the following cells run.
    outcome = run(session, "L = [1, 2]\ni = 0\nwhile i < len(L):\n    x = L[i]\n", 1)
    assert outcome.status is CellStatus.TIMEOUT and outcome.failure is not None
    assert outcome.failure.loop == LoopSeen(3, "cellule 1", ("L = [1, 2]", "i = 0"))
    assert (outcome.line, outcome.where) == (3, "cellule 1")
    assert run(session, "x = 41 + 1\n", 2).ok
    run(session, "def cherche(L, v):\n    i = 0\n    while L[i] != v:\n        i = i\n    return i\n", 3)
    with pytest.raises(CallTimeout) as info:
        session.call("cherche", [1, 2], 2, budget=3)
    assert info.value.loop == LoopSeen(3, "cellule 3", ("L = [1, 2]", "i = 0", "v = 2"))
    assert info.value.budget == 3


def test_a_loop_that_swallows_the_timeout_is_killed_and_the_worker_restarted(session):
    assert run(session, "z = 5\n").ok
    outcome = run(
        session,
        "while True:\n    try:\n        while True:\n            pass\n"
        "    except BaseException:\n        pass\n",
        2,
    )
    assert outcome.status is CellStatus.TIMEOUT
    assert session.get("z") == 5  # the succeeded cells were replayed in a new worker


def test_os_exit_in_a_call_fails_that_call_only(session):
    assert run(session, "import os\ndef g():\n    os._exit(1)\ndef h():\n    return 7\n").ok
    with pytest.raises(WorkerCrash):
        session.call("g")
    assert session.call("h").value == 7
    assert session.restarts == 1


def test_exceptions_in_calls_carry_the_line(session):
    run(session, "def f(x):\n    y = 1\n    return x[5]\n")
    with pytest.raises(StudentCodeError) as info:
        session.call("f", [1])
    assert info.value.ename == "IndexError" and info.value.line == 3


def test_calls_have_a_budget(session):
    run(session, "def lent():\n    while True:\n        pass\n")
    with pytest.raises(CallTimeout):
        session.call("lent", budget=0.5)


def test_printed_output_is_captured_and_capped(session):
    run(session, "print('bonjour')\nfor i in range(100000):\n    print('x' * 50)\n")
    printed = "".join(session.printed)
    assert printed.startswith("bonjour") and len(printed) <= 20_000


def test_huge_return_values_are_refused(session):
    run(session, "def gros():\n    return list(range(5_000_000))\n")
    with pytest.raises(ValueTooLarge):
        session.call("gros")


def test_arguments_after_the_call_and_sharing(session):
    run(session, "def ajoute(l):\n    l.append(1)\n    return l\n")
    result = session.call("ajoute", [0], keep_args=True)
    assert result.args_after == [[0, 1]] and result.shared == [[[0, 0], [1]]]


def test_call_counts(session):
    run(session, "def h(x):\n    return x\ndef f(n):\n    return sum(h(i) for i in range(n))\n")
    assert session.call("f", 5, count=("h",)).counts == {"h": 5}
    assert session.call("f", 2).value == 1  # the counter is removed afterwards


def test_the_grader_is_not_importable_and_cwd_is_a_scratch(session):
    run(
        session,
        "import os, sys\ntry:\n    import grader\n    ok = True\nexcept ImportError:\n"
        "    ok = False\ncwd = os.getcwd()\n",
    )
    assert session.get("ok") is False
    assert "mmg-scratch" in session.get("cwd")


def test_memory_is_capped(session):
    outcome = run(session, "x = bytearray(4 * 1024 ** 3)\n")
    assert outcome.error == "MemoryError"


def test_matplotlib_show_does_nothing():
    with StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=20) as session:
        outcome = run(session, "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.show()\n")
        assert outcome.ok, outcome


HELPERS = """
SEEN = []
def premier(v, joueur):
    SEEN.append([list(row) for row in v])
    return 0
"""


def test_grader_helpers_are_passed_to_student_functions_and_read_back(session):
    from grader.sandbox.worker.wire import Ref

    assert run(
        session,
        "def jeu(strategie, v):\n    return strategie(v, 1) + 1\n"
        "def double(x):\n    return 2 * x\n"
        "def applique(f, x):\n    return f(x)\n",
    ).ok
    session.define_helpers(HELPERS)
    assert session.call("jeu", Ref("@premier"), [[1, 2], [3, 4]]).value == 1
    assert session.get("@SEEN") == []  # the helpers are fresh for every request
    assert session.call("applique", Ref("double"), 21).value == 42  # the student's own function
    assert "SEEN" not in session.names().kinds and "premier" not in session.names().kinds


def test_grader_helpers_survive_a_restart(session):
    from grader.sandbox.worker.wire import Ref

    assert run(
        session,
        "def jeu(strategie, v):\n    return strategie(v, 1)\ndef crash():\n    import os\n    os._exit(1)\n",
    ).ok
    session.define_helpers(HELPERS)
    with pytest.raises(WorkerCrash):
        session.call("crash")
    assert session.call("jeu", Ref("@premier"), [[5]]).value == 0
    assert session.get("@SEEN") == []


def test_what_student_code_changes_in_the_helpers_is_gone_at_the_next_request(session):
    from grader.sandbox.worker.wire import Ref

    assert run(
        session,
        "def pirate(strategie):\n"
        "    strategie.__globals__['premier'] = lambda v, j: 99\n"
        "    strategie.__globals__['__builtins__']['len'] = lambda x: 0\n"
        "    return 0\n"
        "def jeu(strategie, v):\n    return strategie(v, 1)\n",
    ).ok
    session.define_helpers(HELPERS)
    assert session.call("pirate", Ref("@premier")).value == 0
    assert session.call("jeu", Ref("@premier"), [[5]]).value == 0
    assert len([1, 2]) == 2 and session.call("jeu", Ref("@premier"), [[5]]).value == 0


def test_a_helper_changed_through_one_kept_by_student_code_is_fresh_when_named_again(session):
    # The helpers are made again only when a request names one (not before each request):
    # a change made by a call that names none must still be gone at the next that does.
    from grader.sandbox.worker.wire import Ref

    assert run(
        session,
        "GARDE = []\n"
        "def garde(strategie):\n    GARDE.append(strategie)\n    return 0\n"
        "def pirate():\n    GARDE[0].__globals__['premier'] = lambda v, j: 99\n    return 0\n"
        "def jeu(strategie, v):\n    return strategie(v, 1)\n",
    ).ok
    session.define_helpers(HELPERS)
    assert session.call("garde", Ref("@premier")).value == 0
    assert session.call("pirate").value == 0
    assert session.call("jeu", Ref("@premier"), [[5]]).value == 0
    assert session.get("@SEEN") == []


# -- hostile code (see also tests/sandbox/manage/test_faults.py) -----------------------------------


def test_a_call_that_ignores_every_signal_is_killed_at_its_budget(session):
    assert run(
        session,
        "import signal\ndef tetu():\n"
        "    for s in (signal.SIGALRM, signal.SIGTERM, signal.SIGINT):\n"
        "        signal.signal(s, signal.SIG_IGN)\n"
        "    while True:\n        pass\n"
        "def h():\n    return 7\n",
    ).ok
    start = time.monotonic()
    with pytest.raises(CallTimeout):
        session.call("tetu", budget=0.5)
    assert time.monotonic() - start < 0.5 + 1.0 + 1.0  # budget + grace + slack
    assert session.call("h").value == 7


def test_a_dead_worker_is_noticed_even_when_its_children_hold_the_pipes(session):
    assert run(
        session,
        "import os, time\nfor _ in range(3):\n    if os.fork() == 0:\n"
        "        time.sleep(600)\n        os._exit(0)\n"
        "def meurt():\n    os._exit(0)\n",
    ).ok
    start = time.monotonic()
    with pytest.raises(WorkerCrash):
        session.call("meurt", budget=5)
    assert time.monotonic() - start < 2  # noticed by polling, not at the 5 s deadline


def test_a_frame_forged_on_the_channel_fails_that_call_only(session):
    assert run(
        session,
        "import os, json\ndef forge():\n"
        "    trame = json.dumps({'ok': True, 'value': 20}).encode()\n"
        "    for fd in range(3, 256):\n        try:\n"
        "            os.write(fd, len(trame).to_bytes(4, 'big') + trame)\n"
        "        except OSError:\n            pass\n    return 0\n"
        "def h():\n    return 7\n",
    ).ok
    with pytest.raises(WorkerCrash) as crash:
        session.call("forge")
    assert crash.value.cause is Crash.CHANNEL
    assert session.call("h").value == 7


def test_closed_standard_fds_and_garbage_on_them_change_nothing(session):
    assert run(
        session,
        "import os\nos.close(0)\nos.close(1)\nos.close(2)\nr, w = os.pipe()\n"
        "os.write(w, b'garbage')\nprint('encore')\n",
    ).ok
    assert run(session, "import os\nos.write(1, b'\\x00\\x00\\x00\\x02{}')\ndef h():\n    return 7\n", 2).ok
    assert session.call("h").value == 7
    assert "encore" in "".join(session.printed)


def test_the_channel_is_not_advertised_to_student_code(session):
    assert run(
        session,
        "import os, sys\nargv = list(sys.argv)\nenv = dict(os.environ)\n"
        "fds = sorted(int(f) for f in os.listdir('/proc/self/fd'))\n",
    ).ok
    assert session.get("argv") == [""]
    env = session.get("env")
    assert not any(k.startswith("MMG_") for k in env)
    assert set(env) <= {
        "PATH",
        "HOME",
        "TMPDIR",
        "LANG",
        "LC_ALL",
        "PYTHONHASHSEED",
        "PYTHONIOENCODING",
        "MPLBACKEND",
        "MPLCONFIGDIR",
        "OMP_NUM_THREADS",
        "OPENBLAS_NUM_THREADS",
        "MKL_NUM_THREADS",
    }
    assert [fd for fd in session.get("fds") if 2 < fd < 100] in ([], [3])  # 3: listdir's own fd


def test_the_environment_of_the_grader_is_not_inherited(monkeypatch):
    monkeypatch.setenv("MMG_TEST_SECRET", "jeton")
    with StudentSession("m", Limits(), Isolation.BASIC, cell_budget=2) as session:
        assert run(session, "import os\nsecret = os.environ.get('MMG_TEST_SECRET')\n").ok
        assert session.get("secret") is None


def test_patched_builtins_and_json_do_not_reach_the_channel(session):
    assert run(
        session,
        "import builtins, json, random\n"
        "builtins.isinstance = lambda o, c: True\nbuiltins.repr = lambda o: '?'\n"
        "json.loads = json.dumps = lambda *a, **k: None\n"
        "json.JSONDecoder.decode = lambda *a, **k: None\n"
        "def f(x):\n    return {'x': [x, (x, 1.5)], 's': {x}}\n"
        "def hasard():\n    return random.random()\n",
    ).ok
    assert session.call("f", 2).value == {"x": [2, (2, 1.5)], "s": {2}}
    first = session.call("hasard").value
    assert isinstance(first, float)


def test_the_scratch_directory_is_removed_even_after_a_kill(tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with StudentSession("m", Limits(), Isolation.BASIC, cell_budget=1) as session:
        assert run(session, "open('trace.txt', 'w').write('x')\n").ok
        outcome = run(
            session,
            "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass\n",
            2,
        )
        assert outcome.status is CellStatus.TIMEOUT
        assert run(session, "import os\nvu = os.listdir('.')\n", 3).ok
        assert session.get("vu") == ["trace.txt"]  # the replayed cell wrote it again
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("mmg-scratch")] == []


def test_a_fresh_worker_answers_uncounted_and_a_dead_one_does_not():
    """What stands in for the bubblewrap probe (`WorkerProcess.answers`): a request that
    is not one of the session's, so the process counts keep their cadence."""
    from grader.sandbox.manage.process import WorkerProcess

    worker = WorkerProcess.start("__main__", Limits(), Isolation.BASIC)
    try:
        assert worker.answers(20) and worker.requests == 0
        worker.popen.kill()
        worker.popen.wait()
        assert not worker.answers(20) and not worker.alive
    finally:
        worker.close()


def test_a_worker_boots_without_re_enum_or_signal(session):
    """Their imports were ~8 ms of every worker's start; student code imports them when
    it needs them (measured here before any student code imports anything)."""
    assert run(session, "import sys\nbooted = [m for m in ('re', 'enum', 'signal') if m in sys.modules]\n").ok
    assert session.get("booted") == []
    assert run(session, "import signal\nsignal.signal(signal.SIGUSR1, signal.SIG_IGN)\n", 2).ok


WARNED = [
    "FigureCanvasAgg is non-interactive, and thus cannot be shown",
    "NON-INTERACTIVE backend",
    "an interactive one",
    "first line\nthen non-interactive",
    "non-interactive on the first line\nthen more",
]


def test_the_non_interactive_warning_is_ignored_as_the_pattern_would(session):
    import re

    pattern = re.compile(".*non-interactive.*", re.I)  # what the worker's filter stands for
    for index, message in enumerate(WARNED, start=1):
        before = len("".join(session.printed))
        assert run(session, f"import warnings\nwarnings.warn({message!r}, UserWarning)\n", index).ok
        printed = "".join(session.printed)[before:]
        assert (message.splitlines()[0] in printed) is (pattern.match(message) is None), message


DESCRIBE = '''
def describe(x):
    """x's types and values all the way down, written in the worker (the reply's own
    codec cannot hide a type: everything here is a list of strs)."""
    t = type(x).__name__
    if type(x) in (list, tuple):
        return [t, [describe(i) for i in x]]
    if type(x) is dict:
        return [t, [[describe(k), describe(v)] for k, v in x.items()]]
    if type(x) in (set, frozenset):
        return [t, sorted(repr(describe(i)) for i in x)]
    return [t, repr(x)]
def pair(a, b):
    return [a is b, a == b]
'''


def describe(x):
    """The same description, made here of what the grader sent."""
    namespace: dict[str, object] = {}
    exec(DESCRIBE, namespace)
    return namespace["describe"](x)  # type: ignore[operator]


SENT_TO_WORKER = [
    0,
    2**70,
    True,
    1,
    1.5,
    -0.0,
    float("inf"),
    float("-inf"),
    float("nan"),
    "é\x00\"",
    None,
    [[0] * 7 for _ in range(6)],
    (3, (4, 5)),
    {(0, 0): [1], 1: "a", None: 2.5, (1, (2,)): {3}},
    {"nbcoups": 0, "plateau": [[0, 1], [2, 0]], "$t": [1]},
    {1, (2, 3)},
]


@pytest.mark.parametrize("value", SENT_TO_WORKER)
def test_every_type_the_grader_sends_arrives_as_it_was_sent(session, value):
    """Through a request (`call`, marshalled), a stream (`call_many`) and `set`."""
    from grader.sandbox.manage.calls import Call

    assert run(session, DESCRIBE).ok
    assert session.call("describe", value).value == describe(value)
    assert [r.value for r in session.call_many([Call("describe", (value,))] * 2)] == [describe(value)] * 2
    session.set("sent", value)
    assert run(session, "described = describe(sent)\n", 2).ok
    assert session.get("described") == describe(value)


def test_a_frozenset_arrives_as_a_set_as_before(session):
    """It travels as tagged JSON (`wire._marshal_exact`), which rebuilds it as a set."""
    assert run(session, DESCRIBE).ok
    assert session.call("describe", frozenset({1})).value == describe({1})


def test_one_object_given_twice_arrives_as_two(session):
    """No aliasing between a call's arguments, a board's rows, nor the items of a stream
    given one board (marshal version 2: no back-references)."""
    from grader.sandbox.manage.calls import Call

    assert run(session, DESCRIBE + "kept = []\ndef keep(b):\n    kept.append(b)\n    return len(kept)\n").ok
    board = {"plateau": [[0] * 7] * 6, "nbcoups": 0}
    assert session.call("pair", board, board).value == [False, True]
    assert [r.value for r in session.call_many([Call("keep", (board,))] * 2)] == [1, 2]
    source = "a, b = kept\nrows = len({id(r) for r in a['plateau']})\nsame = [a is b, a['plateau'] is b['plateau']]\n"
    assert run(session, source, 2).ok
    assert session.get("rows") == 6 and session.get("same") == [False, False]


def test_the_codec_s_modules_are_builtin_in_the_worker(session):
    """marshal and itertools (bound by wire.py at the worker's start) are compiled into
    the interpreter: no file read, nothing imported at boot beyond what was."""
    source = "import sys\nfiles = [hasattr(sys.modules[m], '__file__') for m in ('marshal', 'itertools')]\n"
    assert run(session, source).ok
    assert session.get("files") == [False, False]


def test_a_request_the_worker_cannot_read_ends_it_as_malformed_json_did(session):
    from grader.sandbox.manage import process
    from grader.sandbox.worker import wire

    assert run(session, "def h():\n    return 7\n").ok
    worker = session._ensure_worker()
    for garbled in (wire.MARSHALLED + b"\x00", b"{not json"):
        with pytest.raises(process.WorkerDied) as died:
            worker._send(process.framed(garbled), time.monotonic() + 5, 5)
            worker._frame(0, time.monotonic() + 5, 5)
        assert died.value.cause is Crash.EXIT and died.value.detail == "1"
        assert session.call("h").value == 7  # replayed in a new worker
        worker = session._ensure_worker()
