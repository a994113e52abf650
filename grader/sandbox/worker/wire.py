"""Plain-data codec shared by the grader and the sandboxed worker.

Values cross the pipe as JSON text with a few tagged objects, so that tuples, sets,
dicts with tuple keys, infinities and numpy arrays survive the trip. Nothing is
decoded with pickle or eval: only the types below can come out of `decode`.

The grader's requests made of exact plain data only are marshalled instead
(`request_bytes`, read by the worker in `read_request`): the worker reads marshal,
never the grader, as replies are written by student code's process.

A JSON object is one of two things, told apart by its first key:
- a **plain dict**: every key an exact `str` (not a subclass) not starting with "$",
  written as a JSON object (a message envelope, a game `{"plateau": ..}`); the C
  scanner builds it and the hook hands it back as it is;
- a **tagged value**, whose first key is its tag: `{"$t": [..]}` a tuple, `{"$s": [..]}`
  a set, `{"$d": [[key, value], ..]}` any other dict (a key of another type, a key
  starting with "$" such as a student's `{"$t": 1}`, a str subclass), `{"$f": "inf"}`,
  `{"$np": [..], "dtype": ..}`, `{"$obj": .., "repr": .., "why": ..}`, `{"$ref": name}`
  (grader to worker). An object whose first key starts with "$" and is none of these
  is refused.

Part of the worker script, after `encode.py` (`SCRIPT`), before any student code; the
grader imports it as the codec's face (the encoder's names are re-exported here).
Everything the codec relies on is bound at import time: the functions of this file
(and of the parts after it) see a private copy of the builtins, and the JSON scanner is
the C one, bound in `encode.py`; so student code that later replaces
`builtins.isinstance`, `json.loads` or `json.JSONDecoder` cannot change what the grader
receives nor what the worker reads.
"""

import builtins as _builtins_module
import itertools as _itertools
import marshal as _marshal

if __package__:  # imported by the grader; in the worker script encode.py comes before
    from .encode import (  # the encoder's names, re-exported: the codec's face
        _PLAIN_LEAVES,
        MAX_DEPTH,
        MAX_NAME,
        MAX_NODES,
        MAX_REPR,
        MAX_SHARED,
        ArrayValue,
        Encoder,
        Ref,
        TooLarge,
        _len,
        _list,
        _make_scanner,
        _map,
        _set,
        _type,
        encode,
    )

# Functions take their builtins from their module's `__builtins__` when they are
# created: every function below gets this snapshot, not the module students can patch.
# Deliberately a dict where mypy expects the module.
__builtins__ = dict(_builtins_module.__dict__)  # type: ignore[assignment]

__all__ = [
    "MARSHALLED",
    "MAX_DEPTH",
    "MAX_NAME",
    "MAX_NODES",
    "MAX_REPR",
    "MAX_SHARED",
    "ArrayValue",
    "Encoder",
    "Opaque",
    "Ref",
    "TooLarge",
    "decode",
    "decoder",
    "encode",
    "read_request",
    "request_bytes",
    "request_text",
    "with_token",
]


def request_text(message):
    """A grader's request (a dict of plain str keys) as text, and whether it holds a `Ref`:
    the one walk that writes it finds them (a `Ref` is never plain data, so it is written
    item by item, where it is counted)."""
    encoder = Encoder(MAX_NODES, track=False)
    text = encoder.encode(message)
    return text, encoder.refs > 0


# -- requests in marshal (grader to worker only) ------------------------------------------
MARSHALLED = b"M"
"""First byte of a request frame written by marshal; a tagged JSON one starts with "{"."""
_MARSHAL_VERSION = 2
"""No back-references (they came with version 3): an object reached twice in a request
is written twice and rebuilt as two objects, as JSON does: no aliasing between the
items of a stream, nor between the rows of a board."""
_marshal_dumps = _marshal.dumps
_marshal_loads = _marshal.loads
_memoryview = memoryview
_chain, _items_of, _compress = _itertools.chain, _itertools.chain.from_iterable, _itertools.compress
_sum = sum
_dict_values = dict.values
_MARSHAL_CONTAINERS = frozenset((list, tuple, dict, set))
_MARSHAL_ITEMS = _PLAIN_LEAVES | _MARSHAL_CONTAINERS
_DICT = frozenset((dict,))


def _marshal_exact(message):
    """Whether marshal writes `message` as the worker must rebuild it, which is as the
    tagged JSON path does: it and all it holds are exact ints, bools, floats, strs, None,
    lists, tuples, dicts and sets, with no container at depth MAX_DEPTH or more (JSON
    writes those as opaque values) and no more than MAX_NODES nodes (JSON refuses them).

    Anything else keeps the JSON path: a `Ref` or an `ArrayValue` (marshal cannot write
    them, nor any subclass), a frozenset (JSON rebuilds it as a set), and what marshal
    would write as something else: bytes and any buffer (a numpy array or scalar becomes
    bytes), complex numbers, code objects, Ellipsis; a cycle never ends before MAX_DEPTH.
    The one difference left: an int too long for str() reaches the worker as itself,
    where JSON sends an opaque value (the grader sends none).

    Looked at one depth at a time, each depth's items in a few C passes (every board's
    cells in one), not item by item in Python; still slower than marshal's own writing
    (docs/explanation/performance.md#the-figures-behind-the-codes-choices)."""
    level = [message]
    nodes = 1
    for _ in range(MAX_DEPTH):  # `level` holds the containers at this depth
        nodes += _sum(_map(_len, level))  # exact types: their C length, no student code
        dicts = _list(_compress(level, _map(_DICT.__contains__, _map(_type, level))))
        nodes += _sum(_map(_len, dicts))  # a dict's keys and its values are nodes
        if nodes > MAX_NODES:  # before anything is built
            return False
        items = _list(_chain(_items_of(level), _items_of(_map(_dict_values, dicts))))
        kinds = _set(_map(_type, items))
        if kinds <= _PLAIN_LEAVES:  # the last depth: most items, one pass
            return True
        if not kinds <= _MARSHAL_ITEMS:
            return False
        level = _list(_compress(items, _map(_MARSHAL_CONTAINERS.__contains__, _map(_type, items))))
    return False


def request_bytes(message):
    """A grader's request (a dict of plain str keys) as the bytes of its frame, and
    whether it holds a `Ref` (see `request_text`): marshalled when marshal writes it
    exactly (`_marshal_exact`), else tagged JSON. Replies stay tagged JSON: the grader
    never decodes marshal, whose reader is not safe against hostile input (a reply is
    student data)."""
    if _marshal_exact(message):
        return MARSHALLED + _marshal_dumps(message, _MARSHAL_VERSION), False
    text, refs = request_text(message)
    return text.encode("utf-8"), refs


def with_token(data, token):
    """A request's bytes (`request_bytes`) with `"seq": token` as its first entry."""
    if data[:2] == MARSHALLED + b"{":
        # A marshalled dict is "{", each key followed by its value, then "0": one more
        # pair in front is the same dict with that entry first.
        pair = _marshal_dumps("seq", _MARSHAL_VERSION) + _marshal_dumps(token, _MARSHAL_VERSION)
        return MARSHALLED + b"{" + pair + data[2:]
    if data[:1] != b"{":
        raise ValueError("a request is a dict")
    rest = data[1:]
    return b'{"seq":%d%s%s' % (token, b"" if rest == b"}" else b",", rest)


def read_request(data, decode_text):
    """Worker side: a request frame's bytes as the request (a dict), marshalled or tagged
    JSON (`decode_text`, the worker's decoder). Raises ValueError for anything else, as
    decoding malformed JSON does. Marshal is read here only, never in the grader: what
    reaches this pipe can harm no more than the process that runs student code anyway."""
    if data[:1] != MARSHALLED:
        return decode_text(data.decode("utf-8"))
    try:
        request = _marshal_loads(_memoryview(data)[1:])
    except (EOFError, TypeError, ValueError):
        raise ValueError("not a marshalled value") from None
    if _type(request) is not dict:
        raise ValueError("a request is a dict")
    return request


class Opaque:
    """Something that is not plain data (a student object, a function...).

    It is equal to nothing, so no comparison can pass with it.
    """

    __slots__ = ("text", "type_name", "why")

    def __init__(self, type_name, text, why=""):
        self.type_name, self.text, self.why = type_name, text, why

    def __eq__(self, other):
        return False

    def __ne__(self, other):
        return True

    __hash__ = object.__hash__

    def __repr__(self):
        return "<%s %s>" % (self.type_name, self.text)


def _make_hook(make_array, resolve_ref):
    def hook(obj):
        for key in obj:  # the first key says what the object is
            if key[:1] != "$":
                return obj  # a plain dict, built by the C scanner
            return _tagged(obj, key, make_array, resolve_ref)
        return obj  # {}

    return hook


def _tagged(obj, key, make_array, resolve_ref):
    """The value a tagged object stands for (see the module docstring)."""
    size = _len(obj)
    if key == "$t" and size == 1:
        return tuple(_items(obj[key]))
    if key == "$d" and size == 1:
        return {_hashable(k): v for k, v in _pairs(obj[key])}
    if key == "$s" and size == 1:
        return {_hashable(v) for v in _items(obj[key])}
    if key == "$f" and size == 1:
        value = obj[key]
        return float(value) if value in ("inf", "-inf", "nan") else Opaque("float", _text(value))
    if key == "$np":
        dtype = obj.get("dtype", "")
        return make_array(_items(obj[key]), dtype if _type(dtype) is str else "")
    if key == "$obj":
        return Opaque(_text(obj[key], MAX_NAME), _text(obj.get("repr", "")), _text(obj.get("why", "")))
    if key == "$ref" and size == 1:
        if resolve_ref is not None:
            return resolve_ref(obj[key])
        return Opaque("Ref", _text(obj[key], MAX_NAME))  # only the grader sends these
    raise ValueError("unknown tag")


def _text(value, cap=MAX_REPR):
    """A string field of a tagged object, capped (the worker caps it too: defence in depth)."""
    return value[:cap] if _type(value) is str else "?"


def _items(value):
    if _type(value) is not list:
        raise ValueError("malformed tagged value")
    return value


def _pairs(value):
    for pair in _items(value):
        if _type(pair) is not list or _len(pair) != 2:
            raise ValueError("malformed dict entry")
        yield pair


def _hashable(value):
    """A decoded dict key or set element as the hashable value it was sent from.

    Keys of any hashable plain type round-trip: a frozenset arrives as a set (the
    same tag), a tuple may hold one; lists come back as tuples (old encoders).
    """
    t = _type(value)
    if t is list or t is tuple:
        return tuple(_hashable(v) for v in value)
    if t is set:
        return frozenset(_hashable(v) for v in value)
    if t is dict or t is ArrayValue:
        raise ValueError("unhashable key")
    return value


class _ScanContext:
    """What the C JSON scanner reads its settings from (instead of a JSONDecoder)."""

    def __init__(self, object_hook):
        self.strict = True
        self.object_hook = object_hook
        self.object_pairs_hook = None
        self.parse_float = float
        self.parse_int = int
        self.parse_constant = lambda name: Opaque("float", name)
        self.memo = {}


def decoder(make_array=ArrayValue, resolve_ref=None):
    """A decoding function (see `decode`) with its scanner built once, for a side that
    decodes many messages the same way (the worker: real arrays, refs resolved)."""
    # The C scanner reads the decoder's attributes from any object; typeshed asks for
    # a JSONDecoder.
    scan = _make_scanner(_ScanContext(_make_hook(make_array, resolve_ref)))  # type: ignore[arg-type]

    def decode_text(text):
        try:
            value, end = scan(text, 0)
        except StopIteration:
            raise ValueError("not a JSON value") from None
        except (RecursionError, MemoryError, TypeError) as exc:
            # Nested too deep for the C scanner, too big, or a tag holding the wrong type:
            # refused like any malformed text, never raised into the grader as something else.
            raise ValueError("value refused: %s" % _type(exc).__name__) from None
        if end != _len(text):
            raise ValueError("extra data after the JSON value")
        return value

    return decode_text


_decode_plain = decoder()


def decode(text, make_array=ArrayValue, resolve_ref=None):
    """Decode tagged JSON text into plain Python values (grader side by default).

    `make_array` turns an `$np` payload into a value (nested lists here, a real
    ndarray in the worker); `resolve_ref` turns `{"$ref": name}` into a student object
    (worker side only). Raises ValueError on anything but one JSON value.
    """
    if make_array is ArrayValue and resolve_ref is None:
        return _decode_plain(text)
    return decoder(make_array, resolve_ref)(text)
