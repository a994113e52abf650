"""`StudentSession.call_many` against a real worker: each item is one call as `call`
makes it (seed, counters, argument after the call, failures), answered as it returns."""

import pytest

from grader.errors import CallTimeout, StudentCodeError, ValueTooLarge, WorkerCrash
from grader.sandbox.confine.isolation import Isolation
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.calls import Call, CallResult
from grader.sandbox.manage.session import StudentSession
from grader.sandbox.worker.wire import Ref

SOURCE = """
import random, os
calls = []
def f(x):
    calls.append(x)
    if x == "boom":
        raise ValueError("no " + x)
    if x == "loop":
        while True:
            pass
    if x == "count":  # never the same state twice: the loop detector leaves it to the budget
        n = 0
        while True:
            n += 1
    if x == "stubborn":  # swallows the worker's alarm: only the grader's deadline ends it
        while True:
            try:
                while True:
                    pass
            except BaseException:
                pass
    if x == "die":
        os._exit(3)
    if x == "big":
        return list(range(10 ** 6))
    return [x, random.random()]
def g(v):
    v.append(1)
    return helper(v) + helper(v)
def helper(v):
    return len(v)
"""


@pytest.fixture
def session():
    with StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=2) as s:
        assert s.run_cell(SOURCE, "cellule 1").ok
        yield s


def one_by_one(session, calls):
    out = []
    for c in calls:
        try:
            out.append(session.call(c.func, *c.args, budget=c.budget, keep_args=c.keep_args, count=c.count))
        except (StudentCodeError, CallTimeout, WorkerCrash, ValueTooLarge) as exc:
            out.append(exc)
    return out


def test_items_get_the_seeds_and_values_of_calls_one_by_one(session):
    calls = [Call("f", (i,)) for i in range(70)]  # more than one request's worth
    streamed = [r.value for r in session.call_many(calls)]
    session.seed = 0
    single = [r.value for r in one_by_one(session, calls)]
    assert streamed == single
    assert len({v[1] for v in streamed}) == 70  # each call its own seed


def test_counters_and_argument_after_the_call_per_item(session):
    calls = [Call("g", ([0] * n,), keep_args=True, count=("helper",)) for n in (0, 3)]
    results = list(session.call_many(calls))
    assert all(isinstance(r, CallResult) for r in results)
    assert [r.value for r in results] == [2, 8]
    assert [r.counts for r in results] == [{"helper": 2}, {"helper": 2}]
    assert [r.argument_after(0) for r in results] == [[1], [0, 0, 0, 1]]


def test_an_exception_on_one_item_is_that_item_s_and_the_next_ones_run(session):
    results = list(session.call_many([Call("f", (1,)), Call("f", ("boom",)), Call("f", (3,))]))
    assert isinstance(results[1], StudentCodeError)
    assert results[1].evalue == "no boom" and results[1].line is not None
    assert results[2].value[0] == 3
    assert session.get("calls") == [1, "boom", 3]


def test_a_timeout_on_item_k_is_that_call_s_and_the_next_ones_run(session):
    calls = [Call("f", (1,)), Call("f", ("loop",), budget=0.5), Call("f", (3,))]
    results = list(session.call_many(calls))
    assert isinstance(results[1], CallTimeout) and results[1].budget == 0.5
    assert results[2].value[0] == 3


def test_a_call_that_swallows_its_timeout_ends_the_stream_and_the_worker(session):
    calls = [Call("f", (1,)), Call("f", ("stubborn",), budget=0.3), Call("f", (3,))]
    results = list(session.call_many(calls))
    assert results[0].value[0] == 1
    assert isinstance(results[1], CallTimeout) and len(results) == 2
    assert session.seed == 2
    assert session.call("f", 4).value[0] == 4  # a new worker answers
    assert session.restarts == 1


def test_a_crash_on_item_k_is_that_call_s_and_restarts_the_worker(session):
    results = list(session.call_many([Call("f", (1,)), Call("f", ("die",)), Call("f", (3,))]))
    assert isinstance(results[1], WorkerCrash) and len(results) == 2
    assert session.call("f", 5).value[0] == 5
    assert session.restarts == 1


def test_an_oversized_value_is_refused_for_its_item_only(session):
    results = list(session.call_many([Call("f", ("big",)), Call("f", (2,))]))
    assert isinstance(results[0], ValueTooLarge)
    assert results[1].value[0] == 2


def test_stopping_early_leaves_the_worker_ready_and_the_seeds_as_consumed(session):
    stream = session.call_many([Call("f", (i,)) for i in range(40)])
    first = [next(stream).value for _ in range(3)]
    stream.close()
    assert session.seed == 3
    after = session.call("f", "next").value
    session.seed = 0
    single = one_by_one(session, [Call("f", (i,)) for i in range(3)] + [Call("f", ("next",))])
    assert first + [after] == [r.value for r in single]


def test_an_item_nobody_waits_for_that_hangs_costs_no_restart(session):
    stream = session.call_many([Call("f", (1,)), Call("f", ("stubborn",), budget=0.3), Call("f", (3,))])
    assert next(stream).value[0] == 1
    stream.close()  # the worker is already in the loop: the stop waits for its timeout
    assert session.call("f", 2).value[0] == 2
    assert session.restarts == 0


def test_the_stream_stays_within_the_submission_s_total_budget():
    with StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=2, total_budget=3) as session:
        assert session.run_cell(SOURCE, "cellule 1").ok
        results = list(session.call_many([Call("f", ("count",), budget=0.5) for _ in range(20)]))
        assert all(isinstance(r, CallTimeout) for r in results)
        assert len(results) < 10  # stopped once the total was spent, not 20 budgets later
        assert session.remaining() <= 0.1


def test_another_request_during_a_stream_ends_the_stream_first(session):
    stream = session.call_many([Call("f", (i,)) for i in range(30)])
    assert next(stream).value[0] == 0
    seen = session.get("calls")  # not answered by one of the stream's frames
    assert seen[0] == 0 and len(seen) <= 30
    assert list(stream) == []  # ended: the calls not taken are made one by one by whoever needs them
    assert session.seed == 1
    assert session.call("f", "after").value[0] == "after"
    assert session.restarts == 0


REBINDS = """
def h(x):
    return 1
def apply(f):
    global h
    old = h
    h = lambda x: old(x) + 1
    return f(0)
"""


def test_a_function_named_in_the_arguments_is_the_one_bound_when_each_call_is_made():
    """The worker resolves a `Ref` once per request: calls holding one are made one by one,
    so each sees what the student's code bound since (as `call` does)."""
    with StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=2) as s:
        assert s.run_cell(REBINDS, "cellule 1").ok
        calls = [Call("apply", (Ref("h"),)) for _ in range(3)] + [Call("apply", ([Ref("h")],))]
        outcomes = list(s.call_many(calls))
    assert [o.value for o in outcomes[:3]] == [1, 2, 3]
