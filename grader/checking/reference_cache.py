"""Fresh copies of reference data, and reference work done once per grading process.

One process grades many submissions (a batch, the API), and every submission gets the
same drawn and structural positions: what depends on the reference only is computed
once (`once_per_process`) and each caller gets its own copy (`fresh`), which a check,
a renderer or a later step may change without touching the next submission's.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
V = TypeVar("V")

_ATOMS = frozenset({int, float, str, bool, bytes, type(None), complex})


def fresh(value: Any) -> Any:
    """A copy of `value` sharing nothing mutable with it: what `copy.deepcopy` gives
    for reference data (lists, dicts, sets, tuples of numbers and strings), several
    times faster. Anything else goes to `copy.deepcopy`. Aliases inside `value` (one
    list reached twice) become distinct copies: reference data has none."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        if _ATOMS.issuperset(map(type, value)):
            return list(value)  # a board's row in one call
        return [item if type(item) in _ATOMS else fresh(item) for item in value]
    if kind is dict:  # keys are hashable, hence immutable when they are reference data
        return {k: item if type(item) in _ATOMS else fresh(item) for k, item in value.items()}
    if kind is tuple:
        if _ATOMS.issuperset(map(type, value)):
            return value
        return tuple([fresh(item) for item in value])
    if kind is set:
        return set(value)  # a set's items are hashable
    if kind is frozenset:
        return value
    return copy.deepcopy(value)


class _Rows(tuple):  # type: ignore[type-arg]
    """A frozen list whose items are all atoms: thawed by `list` in one call."""


class _List(tuple):  # type: ignore[type-arg]
    """A frozen list holding containers."""


class _Tuple(tuple):  # type: ignore[type-arg]
    """A frozen tuple holding containers."""


class _Dict(tuple):  # type: ignore[type-arg]
    """A frozen dict: its (key, frozen value) pairs."""


class _Set(frozenset):  # type: ignore[type-arg]
    """A frozen set."""


def _freeze(value: Any) -> Any:
    """`value` as immutable nodes that `_thaw` turns back into a fresh copy; what
    `fresh` would deep-copy (anything else) is kept as it is and copied when thawed."""
    kind = type(value)
    if kind in _ATOMS or kind is frozenset:
        return value
    # Types mapped in C, items frozen in list comprehensions: a generator per container
    # made the first use of the structural positions cost more than building them.
    if kind is list:
        if _ATOMS.issuperset(map(type, value)):
            return _Rows(value)
        return _List(  # a board's rows frozen here rather than in a call each
            [
                _Rows(item) if type(item) is list and _ATOMS.issuperset(map(type, item)) else _freeze(item)
                for item in value
            ]
        )
    if kind is tuple:
        if _ATOMS.issuperset(map(type, value)):
            return value
        return _Tuple([_freeze(item) for item in value])
    if kind is dict:
        return _Dict([(k, _freeze(item)) for k, item in value.items()])
    if kind is set:
        return _Set(value)
    return _Opaque(value)


class _Opaque:
    """A value `fresh` would hand to `copy.deepcopy`: copied at each thaw."""

    def __init__(self, value: Any):
        self.value = copy.deepcopy(value)


def _thaw(node: Any) -> Any:
    kind = type(node)
    if kind is _Rows:
        return list(node)
    # Rows and atoms are thawed here rather than in a call each: most of a board.
    if kind is _List:
        return [list(item) if type(item) is _Rows else _thaw(item) for item in node]
    if kind is _Dict:
        return {
            k: item if type(item) in _ATOMS else list(item) if type(item) is _Rows else _thaw(item)
            for k, item in node
        }
    if kind is _Tuple:
        return tuple([_thaw(item) for item in node])
    if kind is _Set:
        return set(node)
    if kind is _Opaque:
        return copy.deepcopy(node.value)
    return node  # an atom, a tuple of atoms, a frozenset


_SHARED: dict[int, Any] = {}
"""id -> object, for the values every submission of the process is handed as they are
(the shipped examples, the structural positions' `shared()` results): a read-only plan
fingerprints each once per process (`grader.checking.plan.Seal`)."""


def handed_to_all(value: V) -> V:
    """`value` marked as handed to every submission as it is; returned unchanged."""
    _SHARED[id(value)] = value
    return value


def is_handed_to_all(value: Any) -> bool:
    """`value` is one of the objects every submission of the process is handed."""
    return _SHARED.get(id(value)) is value


class OncePerProcess(Generic[P, R]):
    """`func` (a pure function of the reference and its hashable arguments) computed
    once per process for each arguments, kept frozen; every call returns a fresh copy
    of the result (as `fresh` would make it), which the caller may change at will.
    Never for anything that depends on a submission."""

    def __init__(self, func: Callable[P, R]):
        functools.update_wrapper(self, func)
        self._func = func
        self._frozen: dict[Any, Any] = {}
        self._shared: dict[Any, Any] = {}

    def _key(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        return (args, tuple(sorted(kwargs.items()))) if kwargs else args  # hashable: a TypeError if not

    def _node(self, key: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if key not in self._frozen:
            self._frozen[key] = _freeze(self._func(*args, **kwargs))
        return self._frozen[key]

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        result: R = _thaw(self._node(self._key(args, kwargs), args, kwargs))
        return result

    def shared(self, *args: P.args, **kwargs: P.kwargs) -> R:
        """The result itself, one copy for the whole process: for a caller that never
        changes it nor anything in it (a read-only probe, see `CheckContext.for_all`),
        which then does not pay a copy per submission."""
        key = self._key(args, kwargs)
        if key not in self._shared:
            self._shared[key] = handed_to_all(_thaw(self._node(key, args, kwargs)))
        result: R = self._shared[key]
        return result

    def cache_clear(self) -> None:
        self._frozen.clear()
        self._shared.clear()


def once_per_process(func: Callable[P, R]) -> OncePerProcess[P, R]:
    """`OncePerProcess(func)`, as a decorator."""
    return OncePerProcess(func)
