"""Showing and comparing student values, following docs/grading-contract.md §4 (pure functions)."""

from __future__ import annotations

import math
from typing import Any

from .sandbox.wire import ArrayValue, Opaque

SHOW_LIMIT = 400


def show(value: Any, limit: int = SHOW_LIMIT) -> str:
    """The value as Python would print it, with the sheet's spelling of infinities."""
    text = _show(value)
    return text if len(text) <= limit else text[: limit - 4] + " ..."


def _show(value: Any) -> str:
    if isinstance(value, float) and math.isinf(value):
        return "float('inf')" if value > 0 else "-float('inf')"
    if isinstance(value, ArrayValue):
        return f"array({_show(list(value))})"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(_show(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_show(k)}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        if not value:
            return "set()"
        return "{" + ", ".join(sorted(_show(v) for v in value)) + "}"
    if isinstance(value, Opaque):
        return repr(value)
    return repr(value)


def canon(value: Any) -> Any:
    """Tuples and numpy arrays become lists, recursively: 'values, not spellings'."""
    if isinstance(value, (list, tuple)):
        return [canon(v) for v in value]
    if isinstance(value, dict):
        return {k: canon(v) for k, v in value.items()}
    return value


def same(a: Any, b: Any) -> bool:
    """Equal as values: tuple == list, 2 == 2.0, inf == inf; an Opaque equals nothing."""
    try:
        return bool(canon(a) == canon(b))
    except Exception:
        return False


def as_cell(value: Any) -> tuple[int, int] | None:
    """A coordinate pair as a tuple, or None when it is not one."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return (value[0], value[1])
    return None


def as_pair(value: Any) -> tuple[Any, Any] | None:
    """A 2-element tuple or list as a tuple (e.g. `(colonne, valeur)`), else None."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (value[0], value[1])
    return None


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
