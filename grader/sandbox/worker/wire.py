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

This file must stay importable on its own (no import from the `grader` package): the
worker runs it from a private copy, prepended to `worker_main.py`, before any student
code. Everything the codec relies on is bound at import time: the functions of this
file (and of `worker_main.py` after it) see a private copy of the builtins, and the
JSON scanner is the C one, bound here; so student code that later replaces
`builtins.isinstance`, `json.loads` or `json.JSONDecoder` cannot change what the
grader receives nor what the worker reads. The C JSON encoder, bound here as well,
writes the containers found to hold only exact plain data (`Encoder._probe`).
"""

import builtins as _builtins_module
import itertools as _itertools
import marshal as _marshal
import math as _math
import sys as _sys

# The C accelerators themselves, without the json package (its import, `re` included,
# was paid at every worker's start); the package's Python versions where there are none.
try:
    import _json

    _quote, _make_scanner = _json.encode_basestring_ascii, _json.make_scanner
    _c_make_encoder = getattr(_json, "make_encoder", None)
except ImportError:  # pragma: no cover - CPython always has _json
    from json.encoder import encode_basestring_ascii as _quote
    from json.scanner import make_scanner as _make_scanner

    _c_make_encoder = None

# Functions take their builtins from their module's `__builtins__` when they are
# created: every function below gets this snapshot, not the module students can patch.
# Deliberately a dict where mypy expects the module.
__builtins__ = dict(_builtins_module.__dict__)  # type: ignore[assignment]

# Bound once, before any student code runs (see module docstring).
_type = type
_id = id
_len = len
_int_repr = int.__repr__
_float_repr = float.__repr__
_str_copy = str.__str__
_list_iter = list.__iter__
_tuple_iter = tuple.__iter__
_list_len = list.__len__
_tuple_len = tuple.__len__
_dict_items = dict.items
_dict_len = dict.__len__
_list = list
_set_iter = set.__iter__
_frozenset_iter = frozenset.__iter__
_isfinite = _math.isfinite
_join = "".join
_comma_join = ",".join
_map = map
_modules = _sys.modules
_set = set
_PLAIN_LEAVES = frozenset((int, str, bool, float, type(None)))
"""What the C JSON encoder writes exactly as `Encoder` does (a NaN or an int too long
for str() makes it raise ValueError: such a value is then written the slow way)."""
# The C encoder (markers, default, quote, indent, key and item separators, sort_keys,
# skipkeys, allow_nan): it writes exact ints and floats with their types' own repr.


def _no_c_encoder(value, level):
    raise ValueError("no C JSON encoder here")


_plain_json = (
    _c_make_encoder(None, None, _quote, None, ":", ",", False, False, False)
    if _c_make_encoder
    else _no_c_encoder
)

MAX_NODES = 1_000_000
MAX_DEPTH = 100
MAX_REPR = 200
MAX_NAME = 100
"""Type names are capped like reprs: a class's `__name__` can be 40 MB long."""
MAX_SHARED = 200_000
"""Path elements recorded for the containers reached twice. Every pair is reported (a
check of aliasing must see the rows even after many other pairs); past this total the
value is refused as too large, so a check relying on the pairs fails, never passes."""


class TooLarge(Exception):
    """The value has more than MAX_NODES elements: refused rather than sent."""


def _short_repr(value):
    try:
        text = repr(value)
    except BaseException:  # a student __repr__ may raise anything
        text = "?"
    if not isinstance(text, str):
        text = "?"
    return text[:MAX_REPR]


class Encoder:
    """Turns one value into tagged JSON text.

    It also records which mutable containers (lists, dicts, sets, numpy buffers) are
    reached twice, as pairs of paths: `[[0] * 7] * 6` or a shallow copy shows there.
    """

    def __init__(self, max_nodes=MAX_NODES, track=True):
        self.max_nodes = max_nodes
        self.nodes = 0
        self.seen = {}
        self.shared = []
        self.shared_size = 0
        self.active = set()
        # > 0 while emitting temporaries (ndarray.tolist()): ids get reused. Always > 0
        # without `track` (the grader's requests: the worker builds fresh objects anyway).
        self.untracked = 0 if track else 1
        # Without `track`, containers holding only plain data are written by the C
        # encoder (see `_probe`); with it, every container must be seen for aliases.
        self.fast = not track and _c_make_encoder is not None
        self.track = track
        self.probed = {}
        self.refs = 0
        """`Ref`s written: the request names objects of the worker's (see `request_text`)."""

    def encode(self, value, path=()):
        t = _type(value)
        if self.track and _c_make_encoder is not None and (t is list or t is dict):
            # Plain data in which no container is reached twice (see `_probe`): nothing to
            # report, the C encoder writes it as a whole. Anything else goes item by item,
            # which finds the shared containers and their paths.
            found = self._probe(value, t, _len(path))
            if found is not None and found[0] <= self.max_nodes:
                try:
                    text = _join(_plain_json(value, 0))
                except ValueError:  # a NaN or an int too long for str(): item by item
                    pass
                else:
                    self.nodes += found[0]
                    return text
            self.probed.clear()
        out: list[str] = []
        self._emit(value, list(path), out, 0)
        return _join(out)

    def _track(self, key, path):
        if self.untracked:
            return
        first = self.seen.get(key)
        if first is None:
            self.seen[key] = tuple(path)
        else:
            self.shared_size += 2 + _len(first) + _len(path)
            if self.shared_size > MAX_SHARED:
                raise TooLarge(self.max_nodes)
            self.shared.append([list(first), list(path)])

    def _emit(self, x, path, out, depth):
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooLarge(self.max_nodes)
        t = _type(x)
        if t is int:
            self._emit_int(x, out)
        elif t is str:
            out.append(_quote(x))
        elif x is None:
            out.append("null")
        elif t is bool:
            out.append("true" if x else "false")
        elif t is float:
            self._emit_float(x, out)
        elif depth >= MAX_DEPTH:
            self._emit_opaque(x, out, "trop profond")
        elif t is list or t is tuple or t is dict or t is set or t is frozenset:
            if not self.fast or t is set or t is frozenset or not self._emit_plain(x, t, out, depth):
                self._emit_container(x, t, path, out, depth)
        else:
            self._emit_other(x, t, path, out, depth)

    def _emit_plain(self, x, t, out, depth):
        """Write `x` with the C encoder if it holds only plain data (see `_probe`); False
        (nothing written) otherwise. Its own node was counted by `_emit`."""
        found = self._probe(x, t, depth)
        if found is None:
            return False
        self.nodes += found[0] - 1
        if self.nodes > self.max_nodes:
            raise TooLarge(self.max_nodes)
        try:
            out.append(_join(_plain_json(x, 0)))
        except ValueError:  # a NaN or an int too long for str(): item by item
            self.nodes -= found[0] - 1
            self.probed[_id(x)] = None
            return False
        return True

    def _probe(self, x, t, depth):
        """(nodes, depth) of the list, dict or tuple `x` at `depth` when it and all it holds
        are exact lists, dicts of plain keys and plain leaves (`_PLAIN_LEAVES`), nested
        less than MAX_DEPTH deep: what the C encoder writes as `_emit` would. Else None.
        Nothing here or in the C encoder runs code of the value's (exact types only).

        Without tracking (the grader's requests), each container is looked at once per
        encoding (`probed`, by id: nothing runs in between to change them), the inner
        ones even when an outer one is not plain (the boards in a tuple). With tracking,
        a container reached twice is not plain either (its paths are to be reported) and
        the first thing not plain ends the look."""
        key = _id(x)
        if key in self.probed:
            if self.track:  # reached twice: a shared container
                return None
            found = self.probed[key]
            # Plain as seen at its depth then: also at a lesser one, not at a greater.
            return found if found is None or depth <= found[1] else None
        if depth >= MAX_DEPTH:
            return None
        plain = t is not tuple
        if t is dict:
            for k in x:
                if _type(k) is not str or k[:1] == "$":
                    if self.track:
                        return None
                    plain = False
                    break
            values = x.values()
            nodes = 1 + _len(x)
        else:
            values = x
            nodes = 1
        if _set(_map(_type, values)) <= _PLAIN_LEAVES:
            nodes += _len(values)
        else:
            rows = depth + 1 < MAX_DEPTH
            for v in values:
                tv = _type(v)
                if tv in _PLAIN_LEAVES:
                    nodes += 1
                elif rows and tv is list and _set(_map(_type, v)) <= _PLAIN_LEAVES:
                    nodes += 1 + _len(v)  # a row of numbers: not worth a memo of its own...
                    if self.track:  # ...unless it may be the same row twice
                        if _id(v) in self.probed:
                            plain = False
                        self.probed[_id(v)] = None
                elif tv is list or tv is dict or tv is tuple:
                    found = self._probe(v, tv, depth + 1)
                    if found is None:
                        plain = False
                    else:
                        nodes += found[0]
                else:
                    plain = False
                if not plain and self.track:
                    return None
        found = (nodes, depth) if plain else None
        self.probed[key] = found
        return found

    def _emit_int(self, x, out):
        try:
            out.append(_int_repr(x))
        except ValueError:  # more digits than int->str conversion allows
            self._emit_opaque(x, out, "entier trop grand")

    def _emit_float(self, x, out):
        if _isfinite(x):
            out.append(_float_repr(x))
        else:
            out.append('{"$f":"%s"}' % ("nan" if x != x else ("inf" if x > 0 else "-inf")))

    def _emit_container(self, x, t, path, out, depth):
        key = _id(x)
        if key in self.active:
            self._emit_opaque(x, out, "structure circulaire")
            return
        if (t is list or t is tuple) and self._emit_ints(x, t, path, out, 0):
            return
        if t is not tuple and t is not frozenset and not self.untracked:
            self._track(key, path)
        self.active.add(key)
        try:
            if t is list:
                self._emit_items(_list_iter(x), path, out, depth, "[", "]")
            elif t is tuple:
                self._emit_items(_tuple_iter(x), path, out, depth, '{"$t":[', "]}")
            elif t is dict:
                self._emit_dict(x, path, out, depth)
            elif t is set:
                self._emit_items(_set_iter(x), path, out, depth, '{"$s":[', "]}")
            else:
                self._emit_items(_frozenset_iter(x), path, out, depth, '{"$s":[', "]}")
        finally:
            self.active.discard(key)

    def _emit_ints(self, x, t, path, out, extra):
        """A list or tuple (`t`) of plain ints (a board's row, a move) in one piece, not
        item by item (docs/lab/performance-log.md#figures-moved-out-of-the-code), counted
        (its items, and `extra` for itself when `_emit` did not count it) and, a list,
        tracked as any list; False (nothing done) for anything else. It holds no
        container: it cannot be one of the containers being written (a cycle)."""
        items = _list_iter if t is list else _tuple_iter
        for item in items(x):
            if _type(item) is not int:
                return False
        try:
            text = _comma_join(_map(_int_repr, items(x)))
        except ValueError:  # more digits than int->str conversion allows: item by item
            return False
        if _type(x) is t:
            self.nodes += _len(x) + extra
        else:  # the C length: a subclass's __len__ is student code
            self.nodes += (_list_len(x) if t is list else _tuple_len(x)) + extra
        if self.nodes > self.max_nodes:
            raise TooLarge(self.max_nodes)
        if t is tuple:
            out.append('{"$t":[' + text + "]}")
            return True
        if not self.untracked:
            self._track(_id(x), path)
        out.append("[" + text + "]")
        return True

    def _emit_items(self, items, path, out, depth, opening, closing):
        out.append(opening)
        emit, depth = self._emit, depth + 1
        rows = depth < MAX_DEPTH  # rows of ints written here, without `_emit`'s dispatch
        path.append(0)
        for index, item in enumerate(items):
            if index:
                out.append(",")
            path[-1] = index
            t = _type(item)
            if not (rows and (t is list or t is tuple) and self._emit_ints(item, t, path, out, 1)):
                emit(item, path, out, depth)
        path.pop()
        out.append(closing)

    def _emit_dict(self, x, path, out, depth):
        # Each entry is two nodes at least: a dict too large is refused before it is copied.
        if self.nodes + 2 * (_len(x) if _type(x) is dict else _dict_len(x)) > self.max_nodes:
            raise TooLarge(self.max_nodes)
        # A snapshot: student code run below (a __repr__) cannot change the keys checked.
        pairs = _list(_dict_items(x))
        for k, _ in pairs:
            if _type(k) is not str or k[:1] == "$":
                self._emit_tagged_dict(pairs, path, out, depth)
                return
        if not pairs:
            out.append("{}")
            return
        self.nodes += _len(pairs)  # the keys count as nodes, as in the tagged form
        if self.nodes > self.max_nodes:
            raise TooLarge(self.max_nodes)
        separator = "{"
        for k, v in pairs:
            out.append(separator + _quote(k) + ":")
            separator = ","
            path.append(k)
            self._emit(v, path, out, depth + 1)
            path.pop()
        out.append("}")

    def _emit_tagged_dict(self, pairs, path, out, depth):
        out.append('{"$d":[')
        for index, (k, v) in enumerate(pairs):
            if index:
                out.append(",")
            out.append("[")
            self._emit(k, path, out, depth + 1)
            out.append(",")
            path.append(k if _type(k) in (int, str) else index)
            self._emit(v, path, out, depth + 1)
            path.pop()
            out.append("]")
        out.append("]}")

    def _emit_other(self, x, t, path, out, depth):
        if t is ArrayValue:  # grader side: ask the worker for a real numpy array
            out.append('{"$np":')
            self._emit_items(_list_iter(x), path, out, depth, "[", "]")
            out.append(',"dtype":%s}' % _quote(x.dtype))
            return
        if t is Ref:
            self.refs += 1
            out.append('{"$ref":%s}' % _quote(x.name))
            return
        numpy = _modules.get("numpy")
        if numpy is not None and isinstance(x, numpy.ndarray) and t is numpy.ndarray:
            self._emit_ndarray(x, numpy, path, out, depth)
        elif numpy is not None and isinstance(x, numpy.generic) and _type(x).__module__ == "numpy":
            self._emit(x.item(), path, out, depth)
        elif isinstance(x, bool):
            out.append("true" if bool.__bool__(x) else "false")
        elif isinstance(x, int):  # a subclass: sent as the plain int, its methods never run here
            self._emit_int(int.__int__(x), out)
        elif isinstance(x, float):
            self._emit_float(float.__float__(x), out)
        elif isinstance(x, str):
            out.append(_quote(_str_copy(x)))
        elif isinstance(x, (list, tuple, dict, set, frozenset)):
            base = next(b for b in (list, tuple, dict, set, frozenset) if isinstance(x, b))
            self._emit_container(x, base, path, out, depth)
        else:
            self._emit_opaque(x, out)

    def _emit_ndarray(self, x, numpy, path, out, depth):
        if x.size > self.max_nodes - self.nodes:
            raise TooLarge(self.max_nodes)
        root = x
        while root.base is not None and isinstance(root.base, numpy.ndarray):
            root = root.base
        self._track(("np", _id(root)), path)
        if x.dtype.kind not in "biuf":
            self._emit_opaque(x, out, "tableau numpy de type %s" % x.dtype)
            return
        out.append('{"$np":')
        self.untracked += 1
        try:
            self._emit(x.tolist(), [], out, depth + 1)
        finally:
            self.untracked -= 1
        out.append(',"dtype":%s}' % _quote(str(x.dtype)))

    def _emit_opaque(self, x, out, why=""):
        name = _type(x).__name__
        out.append(
            '{"$obj":%s,"repr":%s,"why":%s}'
            % (
                _quote(_str_copy(name)[:MAX_NAME] if isinstance(name, str) else "?"),
                _quote(_short_repr(x)),
                _quote(why),
            )
        )


def encode(value, max_nodes=MAX_NODES, track=True):
    """Encode `value`; returns (json_text, shared_paths); without `track`, no shared
    paths are looked for (a request: what the grader sends is never checked for them)."""
    encoder = Encoder(max_nodes, track)
    text = encoder.encode(value)
    return text, encoder.shared


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
    (docs/lab/performance-log.md#figures-moved-out-of-the-code)."""
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


# No typing import here (the codec stays self-contained): a plain list subclass.
class ArrayValue(list):  # type: ignore[type-arg]
    """A numpy array as nested lists, with its dtype: received from the worker, or
    built by a check to be sent as a real array."""

    dtype = ""

    def __init__(self, data=(), dtype=""):
        super().__init__(data)
        self.dtype = dtype


class Ref:
    """Grader side: stands for the student's global `name` (a function to pass along)."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


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
