"""Calls planned ahead: sent to the worker in one stream, handed out while they match.

A check that knows the calls its probes will make lists them (`CheckContext.ask`, the
`calls=` of `each` and `for_all`); they are sent in one request (`Prefetched`) instead
of one round trip each, and each call the check then makes takes its outcome from the
stream while it is the next one planned.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from ..errors import StudentFailure
from ..sandbox.session import Call, CallResult


def _same_call(
    planned: Call, func: str, args: tuple[Any, ...], budget: float, keep_args: bool, count: tuple[str, ...]
) -> bool:
    """The call made (its fields, not built into a Call: this runs for every call) is
    the call planned (equal values; anything equality cannot decide, such as NaN or a
    numpy array, counts as another call: it is then made on its own)."""
    try:
        return bool(
            planned.func == func
            and planned.args == args
            and planned.budget == budget
            and planned.keep_args == keep_args
            and planned.count == count
        )
    except (TypeError, ValueError):
        return False


class Prefetched:
    """Outcomes of calls sent ahead, handed out while the calls made match the plan.

    The first call that is not the next planned one (or any call once the plan is
    done) stops the stream: it and every later call are made one by one, with the
    seeds `call` would have given them (the session counts only the calls handed out)."""

    def __init__(self, planned: deque[Call], stream: Iterator[CallResult | StudentFailure]):
        self.planned = planned
        self.stream = stream

    def take(
        self, func: str, args: tuple[Any, ...], budget: float, keep_args: bool, count: tuple[str, ...]
    ) -> CallResult | StudentFailure | None:
        """The outcome of the call `func(*args)` (with those settings) if it is the next
        planned one, else None (the stream is then stopped)."""
        if self.planned and _same_call(self.planned[0], func, args, budget, keep_args, count):
            self.planned.popleft()
            outcome = next(self.stream, None)
            if outcome is not None:
                return outcome
        self.close()
        return None

    def close(self) -> None:
        self.planned.clear()
        close = getattr(self.stream, "close", None)
        if close is not None:
            close()
