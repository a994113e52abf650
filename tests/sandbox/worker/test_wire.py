"""The plain-data codec: what crosses the pipe, and what cannot."""

import math

import numpy as np
import pytest

from grader.sandbox.worker import encode as encode_module
from grader.sandbox.worker import wire


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


# -- plain dicts and tagged values ------------------------------------------------------


def test_dicts_of_plain_str_keys_are_written_as_json_objects():
    assert wire.encode({"nbcoups": 3, "hauteurs": [0, 1]})[0] == '{"nbcoups":3,"hauteurs":[0,1]}'
    assert wire.encode({})[0] == "{}"
    assert wire.encode({"a": {"b": (1,)}})[0] == '{"a":{"b":{"$t":[1]}}}'
    assert wire.encode({1: 2})[0] == '{"$d":[[1,2]]}'  # another key type: tagged


@pytest.mark.parametrize(
    "value",
    [
        {"$t": 1},
        {"$t": [1, 2]},
        {"$d": [[1, 2]]},
        {"$s": [1]},
        {"$f": "inf"},
        {"$np": [1, 2], "dtype": "int64"},
        {"$obj": "os", "repr": "x", "why": ""},
        {"$ref": "copie"},
        {"$": 0, "": 1},
        {"plateau": [], "$np": [0]},
        {"a": {"$t": {"$d": {}}}},
        {1: "a", "b": 2, (3, "$t"): {"$s": 4}},
    ],
)
def test_a_student_dict_that_looks_like_a_tag_comes_back_as_that_dict(value):
    resolved = []
    text, _ = wire.encode(value)
    for decoded in (
        wire.decode(text),
        wire.decode(text, make_array=lambda *a: "array", resolve_ref=resolved.append),
    ):
        assert decoded == value and type(decoded) is dict
    assert resolved == []  # the worker resolves only the grader's Ref, never a student's dict


def test_str_subclass_keys_arrive_as_plain_str_keys():
    class Cle(str):
        def __str__(self):
            return "$t"

        __repr__ = __str__

    decoded = roundtrip({Cle("$t"): 1, Cle("b"): [2]})
    assert decoded == {"$t": 1, "b": [2]}
    assert all(type(k) is str for k in decoded)


def test_a_repr_that_rewrites_the_dict_cannot_slip_a_tag_in():
    class Pirate:
        def __repr__(self):
            board.clear()
            board["$t"] = [20]
            return "pirate"

    board: dict = {}
    board["ok"] = Pirate()
    decoded = roundtrip(board)
    assert list(decoded) == ["ok"] and isinstance(decoded["ok"], wire.Opaque)


def test_plain_dict_keys_count_as_nodes_as_tagged_ones_do():
    for value in ({"a": 1, "b": 2}, {1: 1, 2: 2}):  # one dict, two keys, two values
        wire.encode(value, max_nodes=5)
        with pytest.raises(wire.TooLarge):
            wire.encode(value, max_nodes=4)


def test_shared_lists_inside_plain_dicts_are_reported_with_their_paths():
    row = [0] * 7
    _, shared = wire.encode({"jeu": {"plateau": [row, [1], row]}})
    assert shared == [[["jeu", "plateau", 0], ["jeu", "plateau", 2]]]
    text, shared = wire.encode({"jeu": {"plateau": [row, [1], row]}}, track=False)
    assert shared == [] and wire.decode(text) == {"jeu": {"plateau": [row, [1], row]}}


@pytest.mark.parametrize(
    "text",
    [
        '{"$x": 1}',  # no such tag
        '{"$t": [1], "b": 2}',  # a tag with company
        '{"$d": [], "$s": []}',
        '{"$f": "inf", "x": 1}',
        '{"$t": 5}',
        '{"$t": "abc"}',
        '{"a":' * 100_000 + "1" + "}" * 100_000,  # plain objects nested too deep
    ],
)
def test_a_forged_tag_is_refused(text):
    with pytest.raises(ValueError):
        wire.decode(text)


def test_only_the_first_key_tags_an_object():
    assert wire.decode('{"a": 1, "$t": [2]}') == {"a": 1, "$t": [2]}


def test_a_ref_from_the_worker_is_opaque_to_the_grader():
    decoded = wire.decode('{"$ref": "maximin"}')
    assert isinstance(decoded, wire.Opaque) and decoded != {"$ref": "maximin"}


def test_a_ref_is_resolved_in_the_worker_once_per_occurrence():
    text, _ = wire.encode([wire.Ref("f"), {"g": wire.Ref("@h")}])
    seen = []
    decode = wire.decoder(resolve_ref=lambda name: seen.append(name) or name.upper())
    assert decode(text) == ["F", {"g": "@H"}] and seen == ["f", "@h"]


def test_the_worker_reply_keeps_the_student_value_apart_from_its_fields():
    from grader.sandbox.worker.worker_main import Worker

    worker = Worker(-1, -1, "__main__")
    value = {"seq": 1, "ok": False, "$t": [1]}
    reply = wire.decode(worker._reply({"ok": True, "stdout": "x", "counts": {}}, ("value", value)))
    assert reply == {"ok": True, "stdout": "x", "counts": {}, "value": value, "shared": []}
    row = [0]
    reply = wire.decode(worker._reply({"ok": True}, ("value", [row, row])))
    assert reply["shared"] == [[[0], [1]]]
    reply = wire.decode(worker._reply({"ok": True}, ("value", list(range(wire.MAX_NODES)))))
    assert reply["ok"] is False and reply["error"]["type"] == "ReplyTooLarge" and "value" not in reply


def test_rows_and_pairs_of_ints_ignore_what_a_subclass_says_of_its_length():
    class Faux(tuple):
        def __len__(self):
            raise RuntimeError("student code")

    class Courte(list):
        def __len__(self):
            return 0

    decoded = roundtrip([Faux((1, 2)), (3, 4)])
    assert decoded == [(1, 2), (3, 4)] and all(type(t) is tuple for t in decoded)
    with pytest.raises(wire.TooLarge):  # its 10 items count, not the 0 it claims
        wire.encode(Courte([0] * 10), max_nodes=10)
    assert roundtrip((1, 10**5000))[0] == 1  # a digit count refused: item by item


@pytest.mark.parametrize("levels", [wire.MAX_DEPTH - 1, wire.MAX_DEPTH])
def test_a_row_of_ints_past_the_depth_limit_is_opaque_like_any_container(levels):
    value: list = [0, 1]
    for _ in range(levels):
        value = [value]
    decoded = roundtrip(value)
    for _ in range(levels):
        decoded = decoded[0]
    assert (decoded == [0, 1]) is (levels < wire.MAX_DEPTH)
    assert isinstance(decoded, wire.Opaque) is (levels >= wire.MAX_DEPTH)


@pytest.mark.parametrize(
    "fields",
    [
        {"ok": True, "stdout": "é\n\x00\"", "truncated": False, "seconds": 0.25, "cpu": 0.0, "error": None},
        {"ok": False, "error": {"type": "Timeout", "message": "", "line": None, "traceback": ["a"]}},
        {"ok": True, "counts": {"minimax": 12}, "end": 64, "big": 2**80, "cpu": math.inf, "x": -math.inf},
        {"ok": True, "uses": {"$f": ["g"], "f": []}, "ignored": ["%time"]},
    ],
)
def test_the_worker_reply_fields_arrive_as_they_were(fields):
    from grader.sandbox.worker.worker_main import Worker

    decoded = wire.decode(Worker(-1, -1, "__main__")._reply(dict(fields)))
    assert decoded == fields and list(decoded) == list(fields)
    assert all(type(decoded[k]) is type(v) for k, v in fields.items())


def test_a_dict_of_600000_entries_is_refused_whatever_its_keys():
    for keys in (range(600_000), map(str, range(600_000))):
        with pytest.raises(wire.TooLarge):
            wire.encode(dict.fromkeys(keys, 0))


def _slow_text(value, max_nodes=wire.MAX_NODES):
    """The value written item by item, as a tracked encoding is (no C encoder)."""
    encoder = wire.Encoder(max_nodes, track=False)
    encoder.fast = False
    return encoder.encode(value)


def _nested(levels, inner):
    for _ in range(levels):
        inner = [inner]
    return inner


_row = [0, 1, 2]
_loop: list = []
_loop.append(_loop)


@pytest.mark.parametrize(
    "value",
    [
        {
            "op": "call_many",
            "items": [{"func": "f", "args": [{"plateau": [[0] * 7] * 6, "nbcoups": 0}, [1, 2]]}],
        },
        {"args": [{"plateau": [[0] * 7 for _ in range(6)]}, 1, (2, 3)], "budget": 5.0, "ok": True, "x": None},
        ({"a": [1]}, {"a": [1]}),
        [{"$t": [1]}, {"a": {"$ref": "f"}}, {1: [2]}, {"k": wire.Ref("@g")}],
        [[1, 2], {3, 4}, frozenset({5}), wire.ArrayValue([[1, 2]], "int64")],
        [[math.nan], [math.inf, 1.5], [10**5000], {"n": -math.inf}],
        [_row, _row, {"r": _row}, [_row, [_row]]],
        [_loop, [1]],
        _nested(wire.MAX_DEPTH - 2, [{"a": [1]}]),
        _nested(wire.MAX_DEPTH - 1, [{"a": [1]}]),
        _nested(wire.MAX_DEPTH + 3, [0]),
        [_nested(wire.MAX_DEPTH - 3, _row), _row],  # the same row at two depths
        [_nested(wire.MAX_DEPTH - 1, [_row]), [_row]],
        [[], {}, [[]], "é\x00\"", True, False, -0.0, 2**70],
    ],
)
def test_plain_parts_of_a_request_are_written_as_item_by_item(value):
    """Without tracking (a request), plain containers are written by the C encoder: the
    same text as the item-by-item path, whatever sits around or inside them."""
    assert wire.encode(value, track=False)[0] == _slow_text(value)


def test_the_str_subclass_key_of_a_request_is_not_written_by_the_c_encoder():
    class Cle(str):
        pass

    text, _ = wire.encode({"a": [{Cle("k"): 1}, {"k": 2}]}, track=False)
    assert text == _slow_text({"a": [{Cle("k"): 1}, {"k": 2}]})
    assert '{"$d":[["k",1]]}' in text


@pytest.mark.parametrize("size", [49, 50, 51])
def test_a_plain_request_counts_its_nodes_as_item_by_item(size):
    value = {"a": [list(range(size - 4))]}  # the dict, its key, the list, the row and its items
    for encode in (lambda: wire.encode(value, max_nodes=50, track=False), lambda: _slow_text(value, 50)):
        if size > 50:
            with pytest.raises(wire.TooLarge):
                encode()
        else:
            encode()


def test_a_plain_request_is_written_in_one_piece_and_a_board_among_tuples_too(monkeypatch):
    written = []

    def spy(value, level):
        written.append(value)
        return plain_json(value, level)

    plain_json = encode_module._plain_json
    monkeypatch.setattr(encode_module, "_plain_json", spy)
    board = {"plateau": [[0] * 7 for _ in range(6)], "nbcoups": 0}
    plain = {"op": "call_many", "items": [{"func": "f", "args": [board, 1]}], "seq": 3}
    wire.encode(plain, track=False)
    assert written == [plain]
    written.clear()
    wire.encode({"items": [{"args": [board, (2, 3)]}]}, track=False)
    assert written == [board]
    written.clear()
    assert wire.encode(plain) == (wire.encode(plain, track=False)[0], [])  # nothing shared: whole
    assert written == [plain, plain]
    written.clear()
    shared = {"plateau": [[0] * 7] * 6}
    assert wire.encode(shared)[1] == [[["plateau", 0], ["plateau", i]] for i in range(1, 6)]
    assert written == []  # a row reached twice: item by item, which reports where


class _Texte(str):
    def __str__(self):
        return "autre"


@pytest.mark.parametrize(
    "value, expected",
    [
        (None, None),
        (True, True),
        (0, 0),
        (-(2**80), -(2**80)),
        (0.1, 0.1),
        (math.inf, math.inf),
        ("é\x00\"", "é\x00\""),
        (_Texte("mot"), "mot"),
        ([1, (2,)], [1, (2,)]),
    ],
)
def test_a_call_s_value_arrives_as_it_was_returned(value, expected):
    from grader.sandbox.worker.worker_main import Worker

    decoded = wire.decode(Worker(-1, -1, "__main__")._reply({"ok": True}, ("value", value)))
    assert decoded == {"ok": True, "value": expected, "shared": []}
    assert type(decoded["value"]) is type(expected)


def test_a_call_s_value_too_long_for_str_is_opaque_not_an_error():
    from grader.sandbox.worker.worker_main import Worker

    decoded = wire.decode(Worker(-1, -1, "__main__")._reply({"ok": True}, ("value", 10**5000)))
    assert isinstance(decoded["value"], wire.Opaque) and decoded["ok"] is True


_board = {"plateau": [[0] * 7 for _ in range(6)], "hauteurs": [0] * 7, "nbcoups": 0}


@pytest.mark.parametrize(
    "value",
    [
        _board,
        [[_board, 3, 1], None],
        [[_board, 3, 1], _board],  # a call that returns the board it was given
        [[_board["plateau"], 3], _board],
        {"a": [_row, [1]], "b": [_row]},
        [[0] * 7] * 6,
        [_loop, 1],
        [{"$t": [1]}, [1]],
        [{1: 2}],
        [(1, 2), [3]],
        [[math.nan], [1]],
        [10**5000],
        _nested(wire.MAX_DEPTH - 1, [1]),
        _nested(wire.MAX_DEPTH, [1]),
        [np.arange(3), [1]],
    ],
)
def test_a_reply_value_is_written_and_its_shared_parts_found_as_item_by_item(value, monkeypatch):
    """With tracking (a reply), plain data with no container reached twice is written by
    the C encoder: the same text and no shared paths, as item by item; the rest goes
    item by item."""
    fast = wire.encode(value)
    monkeypatch.setattr(encode_module, "_plain_json", encode_module._no_c_encoder)
    assert fast == wire.encode(value)


def test_a_reply_of_plain_data_counts_its_nodes_as_item_by_item():
    with pytest.raises(wire.TooLarge):
        wire.encode({"a": [list(range(47))]}, max_nodes=50)
    wire.encode({"a": [list(range(46))]}, max_nodes=50)
