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
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Union

from ..results import Text

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
    if hint is Any:
        return _any(data)
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if data is None and len(options) < len(typing.get_args(hint)):
            return None
        if len(options) != 1:
            raise DecodeError(f"cannot read a value of {hint}")
        return decode(data, options[0])
    if origin is not None:
        return _container(data, origin, typing.get_args(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(data, hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            raise DecodeError(f"{data!r} is not a {hint.__name__}") from None
    if hint is str:
        if isinstance(data, dict) and set(data) == {TEXT}:
            return _text(data)
        return _plain(data, str)
    if hint is float:
        if isinstance(data, dict) and set(data) == {FLOAT}:
            return _float(data)
        if isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        return _plain(data, float)
    if hint is int:
        if isinstance(data, bool):
            raise DecodeError("a boolean where a number was expected")
        return _plain(data, int)
    if hint is bool:
        return _plain(data, bool)
    if hint is Path:
        return Path(_plain(data, str))
    if hint is type(None):
        return _plain(data, type(None))
    raise DecodeError(f"cannot read a value of {hint}")


def _plain(data: Any, kind: type) -> Any:
    if not isinstance(data, kind):
        raise DecodeError(f"{type(data).__name__} where a {kind.__name__} was expected")
    return data


def _text(data: dict[str, Any]) -> Text:
    pair = data[TEXT]
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair)):
        raise DecodeError("a text is a pair of strings")
    return Text(pair[0], pair[1])


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


def _container(data: Any, origin: Any, args: tuple[Any, ...]) -> Any:
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        items = [decode(v, args[0] if args else Any) for v in _plain(data, list)]
        return items if origin is list else origin(items)
    if origin is tuple:
        items = _plain(data, list)
        if len(items) != len(args):
            raise DecodeError(f"{len(items)} values where {len(args)} were expected")
        return tuple(decode(v, a) for v, a in zip(items, args, strict=True))
    if origin is dict or origin is Mapping:
        key_hint, value_hint = args or (str, Any)
        return {decode(k, key_hint): decode(v, value_hint) for k, v in _plain(data, dict).items()}
    raise DecodeError(f"cannot read a {origin}")


@cache
def _fields(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type, required) of each field a dataclass is built with."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (
            f.name,
            hints[f.name],
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
        if f.init
    )


def _dataclass(data: Any, cls: type) -> Any:
    values = _plain(data, dict)
    fields = _fields(cls)
    unknown = set(values) - {name for name, _, _ in fields}
    if unknown:
        raise DecodeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    kwargs = {}
    for name, hint, required in fields:
        if name in values:
            kwargs[name] = decode(values[name], hint)
        elif required:
            raise DecodeError(f"{cls.__name__}.{name} is missing")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise DecodeError(f"{cls.__name__}: {exc}") from None
