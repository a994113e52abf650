"""Results as JSON and back, by their type hints (pure).

The class record keeps each copy's outcomes as JSON: plain dataclasses, enums, `Text`
(both languages), lists, tuples and dicts. `encode` writes any of them; `decode` reads
one back as the type it is declared with, and raises `DecodeError` for anything that
does not fit (a record file edited by hand, or written by another version): the
record then grades that copy again rather than trust it.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, Union

from ..model.text import Text

TEXT = "$text"
FLOAT = "$float"
"""Markers of the two values JSON has no word for: a bilingual text, a float that is
not finite (an infinite heuristic value)."""


class DecodeError(ValueError):
    """The JSON does not hold a value of the type asked for."""


def encode(value: Any) -> Any:
    """`value` as JSON data: dataclasses as objects of their fields, enums as their
    value, a `Text` as {"$text": [fr, en]}, tuples and sets as lists."""
    if isinstance(value, Text):
        return {TEXT: [value.fr, value.en]}
    if isinstance(value, enum.Enum):
        return encode(value.value)
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {FLOAT: repr(value)}
    if isinstance(value, Path):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
    if isinstance(value, dict):
        return {_key(k): encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return [encode(v) for v in items]
    raise TypeError(f"cannot record a {type(value).__name__}")


def _key(key: Any) -> str:
    if isinstance(key, enum.Enum):
        key = key.value
    if not isinstance(key, str):
        raise TypeError(f"cannot record a {type(key).__name__} key")
    return key


def decode(data: Any, hint: Any) -> Any:
    """The value of type `hint` that `encode` wrote as `data`; DecodeError otherwise."""
    return decoder(hint)(data)


Decoder = Callable[[Any], Any]
T = TypeVar("T")


@cache
def decoder(hint: Any) -> Decoder:
    """A function reading the JSON data of a `hint`, built once per type: a class record
    of 40 copies holds tens of thousands of values."""
    if hint is Any:
        return _any
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return _optional(hint)
    if origin is not None:
        return _container(origin, typing.get_args(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum(hint)
    plain = {
        str: _str,
        Text: _text_value,
        float: _float_value,
        int: _int,
        bool: _bool,
        Path: _path,
        type(None): _none,
    }
    if hint in plain:
        return plain[hint]
    raise DecodeError(f"cannot read a value of {hint}")


def _optional(hint: Any) -> Decoder:
    options = [a for a in typing.get_args(hint) if a is not type(None)]
    if len(options) != 1:
        raise DecodeError(f"cannot read a value of {hint}")
    inner, nullable = decoder(options[0]), len(options) < len(typing.get_args(hint))

    none_as_empty = nullable and options[0] is Text

    def read(data: Any) -> Any:
        if data is None and nullable:
            return None
        if none_as_empty and data == {}:  # no note, as a record of 0.2 wrote it
            return None
        return inner(data)

    return read


def _enum(kind: type[enum.Enum]) -> Decoder:
    def read(data: Any) -> Any:
        try:
            return kind(data)
        except ValueError:
            raise DecodeError(f"{data!r} is not a {kind.__name__}") from None

    return read


def _str(data: Any) -> str:
    if type(data) is str:
        return data
    if isinstance(data, dict) and set(data) == {TEXT}:
        return _text(data)
    return _plain(data, str)


def _float_value(data: Any) -> float:
    if type(data) is float:
        return data
    if isinstance(data, dict) and set(data) == {FLOAT}:
        return _float(data)
    if isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    return _plain(data, float)


def _int(data: Any) -> int:
    if isinstance(data, bool):
        raise DecodeError("a boolean where a number was expected")
    return _plain(data, int)


def _bool(data: Any) -> bool:
    return _plain(data, bool)


def _path(data: Any) -> Path:
    return Path(_plain(data, str))


def _none(data: Any) -> None:
    _plain(data, type(None))


def _plain(data: Any, kind: type[T]) -> T:
    if not isinstance(data, kind):
        raise DecodeError(f"{type(data).__name__} where a {kind.__name__} was expected")
    return data


def _text(data: dict[str, Any]) -> Text:
    pair = data[TEXT]
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair)):
        raise DecodeError("a text is a pair of strings")
    return Text(pair[0], pair[1])


def _text_value(data: Any) -> Text:
    """A value declared `Text`: {"$text": [fr, en]}, or {"fr": fr, "en": en} as a record
    of 0.2 wrote a check's description and a failure's note."""
    if isinstance(data, dict) and set(data) == {TEXT}:
        return _text(data)
    if isinstance(data, dict) and set(data) == {"fr", "en"} and all(type(s) is str for s in data.values()):
        return Text(data["fr"], data["en"])
    raise DecodeError(f"{type(data).__name__} where a text was expected")


def _float(data: dict[str, Any]) -> float:
    if data[FLOAT] not in ("inf", "-inf", "nan"):
        raise DecodeError(f"{data[FLOAT]!r} is not a float")
    return float(data[FLOAT])


def _any(data: Any) -> Any:
    if isinstance(data, dict):
        if set(data) == {TEXT}:
            return _text(data)
        if set(data) == {FLOAT}:
            return _float(data)
        return {k: _any(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_any(v) for v in data]
    return data


def _container(origin: Any, args: tuple[Any, ...]) -> Decoder:
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = decoder(args[0]) if args else _any
        build = None if origin is list else origin

        def read_items(data: Any) -> Any:
            items = [item(v) for v in _plain(data, list)]
            return items if build is None else build(items)

        return read_items
    if origin is tuple:
        parts = [decoder(a) for a in args]

        def read_tuple(data: Any) -> Any:
            items = _plain(data, list)
            if len(items) != len(parts):
                raise DecodeError(f"{len(items)} values where {len(parts)} were expected")
            return tuple(part(v) for part, v in zip(parts, items, strict=True))

        return read_tuple
    if origin is dict or origin is Mapping:
        key, value = (decoder(args[0]), decoder(args[1])) if args else (_str, _any)

        def read_dict(data: Any) -> Any:
            return {key(k): value(v) for k, v in _plain(data, dict).items()}

        return read_dict
    raise DecodeError(f"cannot read a {origin}")


def _dataclass(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = [
        (f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
        if f.init
    ]
    names = {name for name, _ in fields}
    readers: dict[str, Decoder] = {}

    def read(data: Any) -> Any:
        values = _plain(data, dict)
        unknown = values.keys() - names
        if unknown:
            raise DecodeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        if not readers:  # built on first use: a dataclass may name itself (a tree)
            readers.update((name, decoder(hints[name])) for name, _ in fields)
        kwargs = {}
        for name, required in fields:
            if name in values:
                kwargs[name] = readers[name](values[name])
            elif required:
                raise DecodeError(f"{cls.__name__}.{name} is missing")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise DecodeError(f"{cls.__name__}: {exc}") from None

    return read
