"""The plain-data codec: what crosses the pipe, and what cannot."""

import math

import numpy as np
import pytest

from grader.sandbox import wire


def roundtrip(value):
    text, _ = wire.encode(value)
    return wire.decode(text)


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        False,
        0,
        -3,
        2**70,
        1.5,
        "é",
        [],
        (),
        [1, (2, 3)],
        ((1, 2), [3]),
        {(0, 0): [[(0, 0), (0, 1)]]},
        {"nbcoups": 3, "plateau": [[0] * 7 for _ in range(6)]},
        {1, 2},
        frozenset({(1, 2)}),
    ],
)
def test_plain_values_survive_the_trip(value):
    decoded = roundtrip(value)
    assert decoded == value
    assert type(decoded) is type(value) or isinstance(value, frozenset)


def test_infinities_and_nan():
    assert roundtrip(float("inf")) == math.inf
    assert roundtrip(-math.inf) == -math.inf
    assert math.isnan(roundtrip(float("nan")))


def test_numpy_arrays_and_scalars_become_plain_data():
    decoded = roundtrip({"plateau": np.zeros((2, 3), dtype=int), "h": np.int64(4), "x": np.float64(1.5)})
    assert decoded == {"plateau": [[0, 0, 0], [0, 0, 0]], "h": 4, "x": 1.5}
    assert isinstance(decoded["plateau"], wire.ArrayValue) and decoded["plateau"].dtype == "int64"
    assert type(decoded["h"]) is int


def test_object_with_eq_always_true_equals_nothing():
    class Toujours:
        def __eq__(self, other):
            return True

    decoded = roundtrip([Toujours()])
    assert decoded != [(3, 14)]
    assert decoded[0] != (3, 14) and decoded[0] != 15


def test_subclasses_are_sent_as_their_base_type():
    class Tricky(tuple):
        def __eq__(self, other):
            return True

    class Int(int):
        def __eq__(self, other):
            return True

    decoded = roundtrip(Tricky((3, Int(14))))
    assert type(decoded) is tuple and decoded == (3, 14)
    assert type(decoded[1]) is int and decoded != (3, 15)


def test_rows_of_ints_are_sent_exactly_whatever_their_items():
    class Int(int):
        def __repr__(self):
            return "999"

    big = 10**5000  # more digits than int->str allows: an opaque value, not a failure
    assert wire.encode([[0, 1, -2], [3]])[0] == "[[0,1,-2],[3]]"
    assert wire.encode([1, True, Int(5), 2.5])[0] == "[1,true,5,2.5]"
    assert roundtrip([[0, 1], [], [-(2**70)]]) == [[0, 1], [], [-(2**70)]]
    assert roundtrip([1, big])[0] == 1 and type(roundtrip([1, big])[1]) is wire.Opaque
    with pytest.raises(wire.TooLarge):  # the row's ints count as nodes
        wire.encode([[0] * 7] * 6, max_nodes=48)
    wire.encode([[0] * 7] * 6, max_nodes=49)


def test_shared_lists_are_reported_with_their_paths():
    ligne = [0] * 7
    _, shared = wire.encode({"plateau": [ligne, ligne]})
    assert shared == [[["plateau", 0], ["plateau", 1]]]
    _, shared = wire.encode({"plateau": [[0] * 7 for _ in range(2)]})
    assert shared == []


def test_numpy_views_share_their_buffer():
    a = np.zeros((6, 7))
    _, shared = wire.encode([a, a[:]])
    assert shared == [[[0], [1]]]
    _, shared = wire.encode([a, a.copy()])
    assert shared == []


def test_too_large_values_are_refused():
    with pytest.raises(wire.TooLarge):
        wire.encode(list(range(100)), max_nodes=50)


def test_cycles_and_deep_values_become_opaque():
    boucle = []
    boucle.append(boucle)
    decoded = roundtrip(boucle)
    assert isinstance(decoded[0], wire.Opaque)
    deep = []
    for _ in range(500):
        deep = [deep]
    assert roundtrip(deep) != deep


def test_functions_are_opaque():
    decoded = roundtrip(len)
    assert isinstance(decoded, wire.Opaque) and decoded.type_name == "builtin_function_or_method"


def test_array_values_ask_the_worker_for_numpy():
    array = wire.ArrayValue([[1, 2]])
    array.dtype = "int64"
    text, _ = wire.encode(array)
    made = wire.decode(text, make_array=lambda data, dtype: ("array", data, dtype))
    assert made == ("array", [[1, 2]], "int64")


def test_no_eval_on_decode():
    assert isinstance(wire.decode('{"$obj": "os", "repr": "__import__(\'os\')"}'), wire.Opaque)


@pytest.mark.parametrize("text", ["", "garbage", '{"ok": true} trailing', '{"ok": tr', "\x00\x00"])
def test_anything_but_one_json_value_is_refused(text):
    with pytest.raises(ValueError):
        wire.decode(text)


def test_the_codec_ignores_patched_builtins_and_json(monkeypatch):
    import builtins
    import json

    monkeypatch.setattr(builtins, "isinstance", lambda obj, cls: True)
    monkeypatch.setattr(builtins, "repr", lambda obj: "20/20")
    monkeypatch.setattr(json, "loads", lambda *a, **k: {"ok": True})
    monkeypatch.setattr(json.JSONDecoder, "decode", lambda *a, **k: {"ok": True})
    value = {"jeu": [[0, 1], (2, 3)], "h": -math.inf, "s": {4}}
    text, _ = wire.encode(value)
    decoded = wire.decode(text)
    monkeypatch.undo()
    assert decoded == value and type(decoded["jeu"][1]) is tuple


def test_a_reply_of_five_million_elements_is_refused_not_built():
    with pytest.raises(wire.TooLarge):
        wire.encode(list(range(5_000_000)))
