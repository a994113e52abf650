"""What a `call_many` request holds, and the worker's reading of it (in this process)."""

import struct

import pytest

from grader.sandbox.confine.isolation import Isolation
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.calls import Call, CallResult, stream_request
from grader.sandbox.manage.process import WorkerProcess
from grader.sandbox.manage.session import StudentSession
from grader.sandbox.worker import wire
from grader.sandbox.worker.wire import Ref
from grader.sandbox.worker.worker_main import Worker

SOURCE = "import random\ndef f(x, y=0):\n    return [x, y, random.random()]\ndef g(x):\n    return x\n"


def frames(request):
    """The frames the worker writes for `request`, as the grader decodes them."""
    worker = Worker(-1, -1, "__main__")
    exec(compile(SOURCE, "<cellule 1>", "exec"), worker.namespace)
    written: list[str] = []
    worker.send = written.append  # type: ignore[method-assign]
    worker.send(worker.op_call_many(worker.decode(wire.encode(request, track=False)[0])))
    return [wire.decode(text) for text in written]


def test_calls_of_one_function_send_it_once_with_each_call_s_arguments():
    calls = [Call("f", ({"plateau": [[0] * 7] * 6}, i)) for i in range(3)]
    request = stream_request(calls, 10)
    assert request["func"] == "f" and request["seed"] == 11 and "items" not in request
    assert request["args"] == [[{"plateau": [[0] * 7] * 6}, i] for i in range(3)]


@pytest.mark.parametrize(
    "calls",
    [
        [Call("f", (i, (i, i))) for i in range(5)],
        [Call("f", (1,)), Call("g", (2,)), Call("f", (3,), budget=2)],
        [Call("g", ([0, 1],), keep_args=True, count=("f",)) for _ in range(3)],
    ],
)
def test_either_form_runs_each_call_as_listed_in_full(calls):
    """The short form (one function) gives the frames the full listing gives: the same
    values, seeds (the random draws), arguments kept and counters."""
    full = {
        "op": "call_many",
        "items": [
            {
                "func": c.func,
                "args": list(c.args),
                "budget": c.budget,
                "keep_args": c.keep_args,
                "count": list(c.count),
                "seed": 5 + i,
            }
            for i, c in enumerate(calls)
        ],
    }
    sent = frames(stream_request(calls, 4))
    expected = frames(full)
    keep = ("item", "ok", "value", "counts", "end")
    assert [{k: f.get(k) for k in keep} for f in sent] == [{k: f.get(k) for k in keep} for f in expected]
    assert len(sent) == len(calls) + 1 and sent[-1]["end"] == len(calls)


class _Sent(Exception):
    """Raised where the session would start or reach its worker to send a stream."""


def _no_worker() -> None:
    raise _Sent


def test_calls_naming_a_worker_object_are_made_one_by_one_each_when_taken(monkeypatch):
    session = StudentSession("__main__", Limits(), Isolation.BASIC, cell_budget=2)
    made = []

    def call(func, *args, budget=5, keep_args=False, count=()):
        made.append((func, args))
        return CallResult(value=len(made))

    monkeypatch.setattr(session, "call", call)
    monkeypatch.setattr(session, "_ensure_worker", _no_worker)
    calls = [Call("apply", ({"plateau": [[0, 1], [Ref("h")]]},)), Call("apply", (1,))]
    out = session.call_many(calls)
    assert next(out).value == 1 and made == [("apply", calls[0].args)]  # the second not yet made
    assert next(out).value == 2 and made[1] == ("apply", (1,))
    # The same calls without a Ref go to the worker as one stream.
    with pytest.raises(_Sent):
        next(session.call_many([Call("apply", ({"plateau": [[0, 1], [2]]},)), Call("apply", (1,))]))


def test_a_stream_request_is_sent_with_its_token_in_front():
    """`request_bytes` writes the request, whether its boards were built here or decoded
    from a worker's reply (marshalled, or as `wire.encode` wrote it when it holds a
    `Ref`); `open_stream` sends it with the token, which the worker reads as the same
    request."""
    built = {"nbcoups": 2, "hauteurs": [1, 1, 0], "plateau": [[0, 0, 0], [1, 2, 0]]}
    replied = wire.decode(wire.Encoder().encode({"nbcoups": 1, "plateau": [[0] * 7] * 6}))
    calls = [
        Call("f", (built, 1, (2, 3))),
        Call("f", (replied, 2.5, {1: (2,)}, {3}, float("inf"), "x")),
        Call("f", ([built, built], None)),
    ]
    worker = Worker(-1, -1, "__main__")
    worker.namespace["h"] = len
    for extra, marshalled in (((), True), ((Ref("h"),), False)):
        message = stream_request([*calls, Call("f", extra)], 4)
        data, holds_ref = wire.request_bytes(message)
        assert (data[:1] == wire.MARSHALLED) is marshalled and holds_ref is not marshalled
        if not marshalled:
            assert data == wire.encode(message, track=False)[0].encode()
        process = object.__new__(WorkerProcess)
        sent: list[bytes] = []
        process._send = lambda data, end, deadline, sent=sent: sent.append(data)  # type: ignore[method-assign]
        token = process.open_stream(data, 5)
        (size,) = struct.unpack(">I", sent[0][:4])
        assert size == len(sent[0]) - 4
        received = wire.read_request(sent[0][4:], worker.decode)
        assert received == worker.decode(wire.encode(dict(message, seq=token), track=False)[0])
