"""Checking the plain data of a worker reply before the grader keeps it (pure).

The worker caps what it sends, but it runs student code, which can reach its objects
(docs/explanation/security.md): so every string the grader keeps is capped here again, every
number must be finite and in range, and anything of the wrong type becomes a neutral
value. Nothing here raises on a malformed field.
"""

from __future__ import annotations

import math
from typing import Any

TYPE_CHARS = 100
"""An exception type name (a class's `__name__` can be 40 MB long)."""
MESSAGE_CHARS = 500
"""An exception message (the worker cuts it at 500 too)."""
STATE_NAMES, STATE_CHARS = 6, 100
"""An endless loop's `name = value` texts (grader/sandbox/worker/loopwatch.py)."""
NAME_CHARS = 100
"""A name defined by the submission: longer ones cannot be a name of any sheet."""
OUTPUT_CHARS = 10_000
"""What student code printed during one request (the worker's own cap)."""
MAX_NAMES = 5_000
"""Names of a submission the grader looks at: matching, suggestions and detection cost
time per name (a file defining hundreds of thousands of near-miss names kept the
suggestions busy longer than any budget)."""
MAX_USES = 200
"""Global names recorded per function (for the dependency notes)."""
MAX_MAGICS = 50
TRACEBACK_LINES = 6
KINDS = ("module", "class", "function", "value")


def text(value: Any, cap: int) -> str:
    """`value` if it is a string, cut to `cap` characters; else an empty string."""
    return value[:cap] if type(value) is str else ""


def number(value: Any, low: float, high: float, default: float = 0.0) -> float:
    """A finite int or float within [low, high]; `default` for anything else (NaN...)."""
    if type(value) not in (int, float) or not math.isfinite(value) or not low <= value <= high:
        return default
    return float(value)


def line_number(value: Any) -> int | None:
    return value if type(value) is int and 0 < value < 10_000_000 else None


def error_fields(error: Any) -> dict[str, Any]:
    """The description of a student exception, every field checked and capped."""
    if type(error) is not dict:
        error = {}
    trace, state = error.get("traceback"), error.get("state")
    return {
        "type": text(error.get("type"), TYPE_CHARS) or "Error",
        "message": text(error.get("message"), MESSAGE_CHARS),
        "line": line_number(error.get("line")),
        "where": text(error.get("where"), NAME_CHARS),
        "traceback": [text(t, 200) for t in trace[-TRACEBACK_LINES:]] if type(trace) is list else [],
        "state": [text(t, STATE_CHARS) for t in state[:STATE_NAMES]] if type(state) is list else [],
    }


def names(value: Any) -> dict[str, str]:
    """The submission's names and their kinds: at most MAX_NAMES, each a short string."""
    found: dict[str, str] = {}
    if type(value) is not dict:
        return found
    for name, kind in value.items():
        if len(found) >= MAX_NAMES:
            break
        if type(name) is str and len(name) <= NAME_CHARS and kind in KINDS:
            found[name] = kind
    return found


def uses(value: Any, kept: dict[str, str]) -> dict[str, list[str]]:
    """For each kept function, the global names it refers to (capped)."""
    if type(value) is not dict:
        return {}
    return {
        name: [u for u in used[:MAX_USES] if type(u) is str and len(u) <= NAME_CHARS]
        for name, used in value.items()
        if name in kept and type(used) is list
    }


def magics(value: Any) -> list[str]:
    if type(value) is not list:
        return []
    return [text(m, NAME_CHARS) for m in value[:MAX_MAGICS]]


def counts(value: Any) -> dict[str, int]:
    if type(value) is not dict:
        return {}
    return {name: int(number(n, 0, 1e12)) for name, n in value.items() if type(name) is str}
