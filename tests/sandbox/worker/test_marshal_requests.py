"""Requests in marshal (grader to worker): which ones, what the worker rebuilds from
them, and the frames around them (in this process; tests/sandbox/manage/test_worker.py and
tests/sandbox/manage/test_call_many.py send them to a real worker)."""

import marshal
import math
import os
import struct

import numpy as np
import pytest

from grader.sandbox.manage import process
from grader.sandbox.worker import wire
from grader.sandbox.worker.worker_main import Worker

WORKER = Worker(-1, -1, "__main__")


def read(data):
    """What the worker reads from a request's bytes."""
    return wire.read_request(data, WORKER.decode)


def same(a, b):
    """Equal, and of the same types all the way down (-0.0 is not 0.0, NaN is NaN,
    True is not 1, a tuple is not a list)."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(map(same, a, b))
    if type(a) is dict:
        return len(a) == len(b) and all(same(k, j) and same(a[k], b[j]) for k, j in zip(a, b, strict=True))
    if type(a) in (set, frozenset):
        return sorted(map(repr, a)) == sorted(map(repr, b))
    return bool(a == b)


def nested(levels, inner):
    for _ in range(levels):
        inner = [inner]
    return inner


BOARD = {"nbcoups": 3, "hauteurs": [1, 0, 2, 0, 0, 0, 0], "plateau": [[0] * 7 for _ in range(6)]}

SENT = [
    0,
    -1,
    2**70,
    True,
    False,
    1.5,
    -0.0,
    math.inf,
    -math.inf,
    math.nan,
    "é\x00\"\\",
    "\ud800",
    None,
    [],
    (),
    {},
    set(),
    [1, (2, 3), [True, 1, 1.0]],
    (1, (2, (3,))),
    {(0, 0): [1], 1: "a", None: 2, 1.5: 3, (1, (2, 3)): {4}, False: 0},
    {"$t": [1], "$ref": "f"},  # a dict that looks like a tag
    {1, 2, (3, 4)},
    [BOARD, 2, (3, 4)],
    nested(wire.MAX_DEPTH - 3, [0]),  # its last list at depth 99 in the request
]


@pytest.mark.parametrize("value", SENT)
def test_a_request_of_plain_data_is_marshalled_and_read_as_the_json_one_was(value):
    message = {"op": "call", "func": "f", "args": [value], "seed": 1}
    data, holds_ref = wire.request_bytes(message)
    assert data[:1] == wire.MARSHALLED and not holds_ref
    assert same(read(data), message)
    assert same(read(data), read(wire.request_text(message)[0].encode()))


class Entier(int):
    pass


class Cle(str):
    pass


class Liste(list):  # type: ignore[type-arg]
    pass


_cycle: list[object] = [1]
_cycle.append(_cycle)

MARSHAL_WOULD_WRITE = [
    frozenset({1, 2}),  # arrives as a set through JSON
    b"ab",
    bytearray(b"ab"),
    np.int64(3),  # a buffer: marshal writes its bytes
    np.float64(1.5),
    np.arange(3),
    1j,
    ...,
]


@pytest.mark.parametrize(
    "value",
    [
        *MARSHAL_WOULD_WRITE,
        wire.Ref("@h"),
        wire.ArrayValue([[1, 2]], "int64"),
        Entier(3),
        {Cle("k"): 1},
        Liste([1]),
        _cycle,
        nested(wire.MAX_DEPTH - 2, [0]),  # a list at depth 100: opaque through JSON
        [[0, 1], {"a": [wire.Ref("g")]}],
    ],
)
def test_anything_else_keeps_the_json_request(value):
    message = {"op": "call", "func": "f", "args": [value]}
    assert wire.request_bytes(message) == (
        wire.request_text(message)[0].encode(),
        wire.request_text(message)[1],
    )


@pytest.mark.parametrize("value", MARSHAL_WOULD_WRITE)
def test_marshal_itself_would_write_what_keeps_the_json_request(value):
    """What makes the look (`wire._marshal_exact`) needed: marshal writes these without
    a word, and the worker would read them as another type than through JSON."""
    marshalled = read(wire.MARSHALLED + marshal.dumps({"v": value}, 2))["v"]
    assert type(marshalled) is not type(read(wire.request_text({"v": value})[0].encode())["v"])


@pytest.mark.parametrize("extra", [0, 1])
def test_a_request_past_the_node_limit_is_refused_as_before(extra):
    """The dict, its three keys, two strings, the list: 7 nodes besides the list's items."""
    message = {"op": "set", "name": "x", "value": [0] * (wire.MAX_NODES - 7 + extra)}
    if extra:
        with pytest.raises(wire.TooLarge):
            wire.request_bytes(message)
        with pytest.raises(wire.TooLarge):
            wire.request_text(message)
    else:
        data, _ = wire.request_bytes(message)
        assert data[:1] == wire.MARSHALLED and len(read(data)["value"]) == wire.MAX_NODES - 7
        wire.request_text(message)  # the JSON path agrees: not too large


def test_an_object_sent_twice_is_rebuilt_twice():
    """Version 2 of marshal has no back-references: the items of a stream given one
    board, and a board's rows made of one list, are distinct objects in the worker."""
    board = {"plateau": [[0] * 7] * 6, "nbcoups": 0}
    message = {"op": "call_many", "func": "f", "args": [[board, 1], [board, 2]]}
    data, _ = wire.request_bytes(message)
    assert data[:1] == wire.MARSHALLED
    first, second = (args[0] for args in read(data)["args"])
    assert first == second == board
    assert first is not second and first["plateau"] is not second["plateau"]
    assert len({id(row) for row in first["plateau"]}) == 6


def g():
    return 0


WORKER.namespace["g"] = g


@pytest.mark.parametrize(
    "message, expected",
    [
        ({}, {}),
        ({"op": "names"}, {"op": "names"}),
        ({"op": "call", "args": [BOARD, (1, 2)]}, {"op": "call", "args": [BOARD, (1, 2)]}),
        ({"op": "call", "args": [wire.Ref("g")]}, {"op": "call", "args": [g]}),  # tagged JSON
    ],
)
def test_the_token_comes_first_in_either_form(message, expected):
    data, _ = wire.request_bytes(message)
    token = 2**52 - 3
    request = read(wire.with_token(data, token))
    assert list(request) == ["seq", *message] and request["seq"] == token
    assert same(request, {"seq": token, **expected})


@pytest.mark.parametrize(
    "data",
    [
        wire.MARSHALLED,
        wire.MARSHALLED + b"\x00garbage",
        wire.MARSHALLED + marshal.dumps([1], 2),
        wire.MARSHALLED + marshal.dumps({"op": "names"}, 2)[:-1],
        b"{not json",
    ],
)
def test_a_request_the_worker_cannot_read_is_a_value_error_as_malformed_json_was(data):
    with pytest.raises(ValueError):
        read(data)


def test_the_worker_receives_a_marshalled_frame_from_its_pipe():
    read_end, write_end = os.pipe()
    try:
        worker = Worker(read_end, -1, "__main__")
        message = {"op": "call", "func": "f", "args": [BOARD, (1, 2), {3}], "budget": 5}
        data = wire.with_token(wire.request_bytes(message)[0], 7)
        os.write(write_end, process.framed(data))
        assert same(worker.receive(), {"seq": 7, **message})
        os.write(write_end, process.SHUTDOWN)
        assert worker.receive() == {"op": "shutdown"}
        assert process.framed(b"xyz") == struct.pack(">I", 3) + b"xyz"
    finally:
        os.close(read_end)
        os.close(write_end)
