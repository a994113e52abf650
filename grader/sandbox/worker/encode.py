"""The codec's encoder: a value as tagged JSON text (see `wire.py` for the format).

Part of the worker script, its first part (`SCRIPT`): it runs before any student code.
Everything it relies on is bound here at import time, and its functions see a private
copy of the builtins, so that student code that later replaces `builtins.isinstance`,
`json.dumps` or a type's methods cannot change what the grader receives. The C JSON
encoder, bound here as well, writes the containers found to hold only exact plain data
(`Encoder._probe`).
"""

import builtins as _builtins_module
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
        item by item (docs/explanation/performance.md#the-figures-behind-the-codes-choices), counted
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
