"""Calls planned ahead, and read-only plans.

A check that knows the calls its probes will make lists them (`CheckContext.ask`, the
`calls=` of `each` and `for_all`); they are sent in one request (`Prefetched`) instead
of one round trip each, and each call the check then makes takes its outcome from the
stream while it is the next one planned. When the probes only read their examples
(`reads_only=True`), a `ReadOnlyPlan` hands the probe the boards its listing converted
and checks that the examples, shared by every submission, are unchanged at its end.
"""

from __future__ import annotations

import marshal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..errors import StudentFailure
from ..sandbox.manage.calls import Call, CallResult
from .reference_cache import is_handed_to_all


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
    - **A seal.** The examples are fingerprinted (`Seal`) when the plan opens. When it
      closes (`close`), an example that changed is put back in place as it was, and
      `ReadOnlyBroken` is raised: one check's slip cannot reach the next submission.

    The examples come in groups (the explicit ones, the drawn ones; a ladder's), each a
    list, probed in order: a group handed to every submission is sealed as one.

    A plan serves one `each` or `for_all` of one check and is dropped with it: nothing of
    one submission's conversions survives into the next.
    """

    def __init__(self, groups: Sequence[list[Any]], convert: Callable[[Any], Any]):
        self._convert = convert
        self._seal = Seal(groups)
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
    """Groups of examples fingerprinted now, checked unchanged later (put back if not).

    The fingerprint is `marshal`'s (format 2: no references, so equal contents give equal
    bytes), of reference data only (numbers, strings, lists, tuples, dicts, sets): one C
    call per group. A group handed to every submission of the process
    (`grader.checking.reference_cache.handed_to_all`: the shipped examples of a check, a ladder, a
    structural list) is fingerprinted once per process, and from its second plan on
    checked against a copy made from that fingerprint (`==`, then the fingerprints when
    it is not equal). A change that leaves such a group equal value for value (1 made
    1.0 or True) is not seen there; every other change is."""

    def __init__(self, groups: Sequence[list[Any]]):
        self.groups = groups
        self.pristine = [_pristine(group) for group in groups]

    def check(self) -> None:
        """Raise `ReadOnlyBroken` if an example changed, once it is put back as it was."""
        changed = [i for i, was in enumerate(self.pristine) if _changed(self.groups[i], was)]
        if not changed:
            return
        for index in changed:
            was = self.pristine[index]
            _put_back(self.groups[index], marshal.loads(was if isinstance(was, bytes) else was.print))
        raise ReadOnlyBroken(f"a read-only probe changed examples of groups {changed} (put back)")


MARSHAL_FORMAT = 2


class _Kept:
    """A group handed to every submission, as it was: its fingerprint and, from its
    second plan on, a copy made from it (comparing with `==` costs a fraction of
    marshalling again: a class's later submissions pay that, the first no copy)."""

    __slots__ = ("copy", "group", "print")

    def __init__(self, group: list[Any], print: bytes):
        self.group, self.print = group, print
        self.copy: list[Any] | None = None


_KEPT: dict[int, _Kept] = {}
"""id of a group handed to every submission -> as it was the first time a plan read it
(every later seal checks against it, so it stays the pristine one)."""


def _pristine(group: list[Any]) -> bytes | _Kept:
    kept = _KEPT.get(id(group))
    if kept is not None and kept.group is group:
        if kept.copy is None:
            kept.copy = marshal.loads(kept.print)
        return kept
    print = _fingerprint(group)
    if is_handed_to_all(group):
        _KEPT[id(group)] = _Kept(group, print)
    return print


def _changed(group: list[Any], was: bytes | _Kept) -> bool:
    if isinstance(was, _Kept):
        if was.copy is not None and group == was.copy:  # the usual case, cheaply
            return False
        was = was.print
    try:
        return marshal.dumps(group, MARSHAL_FORMAT) != was
    except ValueError:  # something not plain data was put in: changed
        return True


def _fingerprint(group: list[Any]) -> bytes:
    try:
        return marshal.dumps(group, MARSHAL_FORMAT)
    except ValueError as exc:  # an object, a generator: not reference data
        raise ReadOnlyBroken(f"read-only examples that are not plain data: {exc}") from None


def _put_back(value: Any, was: Any) -> bool:
    """Make `value` equal to `was` again, in place where it can be (other holders of it
    see the change); False when it cannot be (an atom or a tuple changed): its holder
    then takes `was` in its place. A group's examples are held elsewhere too."""
    kind = type(value)
    if kind is not type(was):
        return False
    if kind is list:
        for index, (item, item_was) in enumerate(zip(value, was, strict=False)):
            if not _put_back(item, item_was):
                value[index] = item_was
        del value[len(was) :]
        value.extend(was[len(value) :])
        return True
    if kind is dict or kind is set:
        value.clear()
        value.update(was)
        return True
    if kind is tuple:
        return len(value) == len(was) and all(_put_back(a, b) for a, b in zip(value, was, strict=True))
    return bool(value == was)
