"""Showing and comparing student values, following docs/reference/grading-contract.md §4 (pure functions)."""

from __future__ import annotations

import math
from typing import Any

from ..model.text import Text
from ..sandbox.worker.wire import ArrayValue, Opaque
from .text import tr

SHOW_LIMIT = 400


def show(value: Any, limit: int = SHOW_LIMIT) -> str:
    """The value as Python would print it, with the sheet's spelling of infinities.

    Too long, a list (tuple, set, dict) keeps its first items and says how many it
    leaves out, in both languages (a `Text`); anything else is cut at `limit`."""
    text = _show(value)
    if len(text) <= limit:
        return text
    return _first_items(value, limit) or text[: limit - 4] + " ..."


def _first_items(value: Any, limit: int) -> Text | None:
    """`[1, 2, 3, … (97 de plus)]`: the items that fit in `limit`, and the count of the
    others (a cut in the middle of a value would hide how much is missing)."""
    if isinstance(value, dict):
        items, ends = [f"{_show(k)}: {_show(v)}" for k, v in value.items()], "{}"
    elif isinstance(value, (set, frozenset)):
        items, ends = sorted(_show(v) for v in value), "{}"
    elif isinstance(value, (list, tuple, ArrayValue)):
        items, ends = [_show(v) for v in value], "()" if isinstance(value, tuple) else "[]"
    else:
        return None
    kept: list[str] = []
    size = 30  # room for the brackets and "… (N de plus)"
    for item in items:
        size += len(item) + 2
        if size > limit:
            break
        kept.append(item)
    if not kept:
        return None
    left = len(items) - len(kept)
    head = ends[0] if not isinstance(value, ArrayValue) else "array(["
    tail = ends[1] if not isinstance(value, ArrayValue) else "])"
    body = ", ".join(kept) + ", "
    return Text(
        head + body + tr("fr", "more_items", count=left) + tail,
        head + body + tr("en", "more_items", count=left) + tail,
    )


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


_SCALARS = frozenset({int, float, bool, str, type(None)})
"""What `canon` returns as it is, tested first: most of what it sees (a board's cells)."""


def canon(value: Any) -> Any:
    """Tuples and numpy arrays become lists, recursively: 'values, not spellings'."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, (list, tuple)):
        if _SCALARS.issuperset(map(type, value)):
            return list(value)  # a board's row in one call
        return [v if type(v) in _SCALARS else canon(v) for v in value]
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else canon(v) for k, v in value.items()}
    return value


def same(a: Any, b: Any) -> bool:
    """Equal as values: tuple == list, 2 == 2.0, inf == inf; an Opaque equals nothing."""
    try:
        return bool(canon(a) == canon(b))
    except Exception:
        return False


def as_cell(value: Any) -> tuple[int, int] | None:
    """A coordinate pair as a tuple, or None when it is not one."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        i, j = value
        if isinstance(i, int) and isinstance(j, int) and type(i) is not bool and type(j) is not bool:
            return (i, j)
    return None


def as_pair(value: Any) -> tuple[Any, Any] | None:
    """A 2-element tuple or list as a tuple (e.g. `(colonne, valeur)`), else None."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (value[0], value[1])
    return None


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
