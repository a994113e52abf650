"""Calls planned ahead, and read-only plans.

A check that knows the calls its probes will make lists them (`CheckContext.ask`, the
`calls=` of `each` and `for_all`); they are sent in one request (`Prefetched`) instead
of one round trip each, and each call the check then makes takes its outcome from the
stream while it is the next one planned. When the probes only read their examples
(`reads_only=True`), a `ReadOnlyPlan` hands the probe the boards its listing converted
and checks that the examples, shared by every submission, are unchanged at its end.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Callable, Iterator
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


class ReadOnlyBroken(Exception):
    """A read-only plan's probe changed an example it was to read only: a grader bug.

    The examples were put back as they were before the plan, so the next submission
    probes them unchanged; the check that broke its promise is reported as the grader's
    error (the running of the checks logs it with its traceback)."""


class ReadOnlyPlan:
    """The examples of one `each` or `for_all` whose probe only reads them.

    Such examples are probed as they are, not copies: the shipped and structural
    examples are kept for every submission of the process. The plan does two jobs:

    - **Conversions.** While the probes' calls are listed (`calls(example)`, before
      `listed`), each board `as_student` converts is kept with its conversion; while the
      examples are probed, `as_student` of that same board object gets that conversion
      back, once. The probe's call then holds the very objects the planned call holds
      (telling them equal costs nothing) and each board is converted once per call, not
      twice. A board the listing did not convert is converted as usual.
    - **A seal.** The examples are fingerprinted (pickled) when the plan opens. When it
      closes (`close`), an example that changed is put back in place as it was, and
      `ReadOnlyBroken` is raised: one check's slip cannot reach the next submission.

    A plan serves one `each` or `for_all` of one check and is dropped with it: nothing of
    one submission's conversions survives into the next.
    """

    def __init__(self, examples: list[Any], convert: Callable[[Any], Any]):
        self._convert = convert
        self._seal = Seal(examples)
        self._listing = True
        self._made: dict[int, tuple[Any, deque[Any]]] = {}
        """id(board) -> (the board, kept so that its id names it alone; its conversions
        made while listing, not yet handed to the probe)."""

    def as_student(self, board: Any) -> Any:
        """`board` converted: while listing, kept for the probe; while probing, the one kept."""
        made = self._made.get(id(board))
        if self._listing:
            student = self._convert(board)
            if made is None:
                self._made[id(board)] = (board, deque([student]))
            else:
                made[1].append(student)
            return student
        if made is not None and made[1]:
            return made[1].popleft()
        return self._convert(board)

    def listed(self) -> None:
        """The probes' calls are listed: from now on, conversions are handed out."""
        self._listing = False

    def close(self) -> None:
        """Drop the conversions; raise `ReadOnlyBroken` if an example changed (after
        putting it back)."""
        self._made.clear()
        self._seal.check()


class Seal:
    """Examples fingerprinted now, checked unchanged later (and put back if not)."""

    def __init__(self, examples: list[Any]):
        self.examples = examples
        try:
            self.print = pickle.dumps(examples, PICKLE_PROTOCOL)
        except Exception as exc:  # a generator, a lambda: not reference data
            raise ReadOnlyBroken(f"read-only examples that cannot be fingerprinted: {exc}") from None

    def check(self) -> None:
        """Raise `ReadOnlyBroken` if an example changed, once it is put back as it was."""
        if pickle.dumps(self.examples, PICKLE_PROTOCOL) == self.print:
            return
        pristine = pickle.loads(self.print)
        changed = []
        for index, (example, was) in enumerate(zip(self.examples, pristine, strict=True)):
            if pickle.dumps(example, PICKLE_PROTOCOL) != pickle.dumps(was, PICKLE_PROTOCOL):
                changed.append(index)
                _put_back(example, was)
        raise ReadOnlyBroken(f"a read-only probe changed examples {changed} (put back)")


PICKLE_PROTOCOL = 5


def _put_back(example: Any, was: Any) -> None:
    """Make `example` equal to `was` again, in place (other holders see the change)."""
    kind = type(example)
    if kind is list:
        example[:] = was
    elif kind is dict or kind is set:
        example.clear()
        example.update(was)
    elif kind is tuple:
        for item, item_was in zip(example, was, strict=True):
            _put_back(item, item_was)
    elif hasattr(example, "__dict__"):
        vars(example).clear()
        vars(example).update(vars(was))
