"""What a check works with: the student, the exercise's per-submission state, its boards.

A check is a function of a `CheckContext`: it calls the student (`call`, `value`), passes
reference boards in the submission's own representation (`as_student`), and probes
examples (`each`, `for_all`), raising what `grader.checking.verdicts` builds when an
answer is wrong.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..copies import fresh
from ..draws import Draw, Size
from ..errors import StudentFailure
from ..results import Evidence
from ..sandbox.session import Call, CallResult
from ..values import show
from .plan import Prefetched, ReadOnlyPlan, Seal
from .sampling import Calls, Probe, Sampling
from .verdicts import CallFailed
from .view import StudentView

State = TypeVar("State")
"""What an exercise learns of one submission in `prepare` (e.g. its board representation)."""


def _as_is(state: Any, board: Any) -> Any:
    return board


def _as_it_is(example: Any) -> Any:
    return example


@dataclass
class CheckContext(Generic[State]):
    """What a check works with: the student, the exercise's per-submission state, and
    the exercise's way of passing boards to the student and drawing them."""

    student: StudentView
    state: State
    check_name: str = ""
    """The check running (set by the running of the checks): the default seed of `for_all`."""
    examples_scale: float = 1.0
    cache: dict[Any, Any] = field(default_factory=dict)
    """Results shared by the checks and notes of one question (e.g. call counts)."""
    to_student: Callable[[State, Any], Any] = _as_is
    draw: Callable[[Any], str] = show
    size: Size | None = None
    """The exercise's `example_size`: a failure is first shrunk on the shipped ladder."""
    failing: Mapping[str, str] = field(default_factory=dict)
    """Functions of the questions graded before this one and not passed -> their question."""
    _ahead: Prefetched | None = field(default=None, repr=False)
    """Calls sent ahead (`prefetched`): `call` takes their outcomes while they match."""
    _plan: ReadOnlyPlan | None = field(default=None, repr=False)
    """The read-only plan being listed or probed (`planned`), None outside."""

    def failing_helpers(self, func: str) -> list[str]:
        """The functions `func` calls, directly or through others, whose question came
        earlier and did not pass (`name (Q14)`): a check that measures how `func` works
        (not what it returns) can tell a wrong algorithm from a wrong helper."""
        uses = self.student.session.uses
        seen: set[str] = set()
        todo = [self.student.aliases.get(func, func)]
        while todo:
            for used in uses.get(todo.pop(), []):
                if used not in seen:
                    seen.add(used)
                    todo.append(used)
        return sorted(f"{name} ({self.failing[name]})" for name in seen if name in self.failing)

    def as_student(self, board: Any) -> Any:
        """A reference board in the submission's own representation.

        Probing a read-only plan (`for_all`, `each`), the conversion the plan made of this
        very board object for the same call: its Call then holds the objects the planned
        one holds, so telling them equal costs nothing, and each board is converted once
        per call instead of twice. Each conversion still serves one call only."""
        if self._plan is not None:
            return self._plan.as_student(board)
        return self.to_student(self.state, board)

    def drawn(self, board: Any) -> str:
        """The board as the exercise draws it, best effort on odd values ("" for None)."""
        if board is None:
            return ""
        try:
            return self.draw(board)
        except Exception:
            return show(board)

    def call(
        self,
        func: str,
        *args: Any,
        shown: str | None = None,
        board: Any = None,
        budget: float = 5.0,
        keep_args: bool = False,
        count: tuple[str, ...] = (),
    ) -> CallResult:
        """Call the student; on failure raise CallFailed carrying the call as shown and
        `board` (reference data) drawn."""
        try:
            outcome = self._ahead.take(func, args, budget, keep_args, count) if self._ahead else None
            if outcome is None:
                return self.student.call(func, *args, budget=budget, keep_args=keep_args, count=count)
            if isinstance(outcome, StudentFailure):
                raise outcome
            return outcome
        except StudentFailure as failure:
            call = shown or f"{func}({', '.join(show(a) for a in args)})"
            raise CallFailed(Evidence(call=call, board=self.drawn(board)), failure) from None

    def value(self, *args: Any, **kwargs: Any) -> Any:
        return self.call(*args, **kwargs).value

    def ask(
        self, func: str, *args: Any, budget: float = 5.0, keep_args: bool = False, count: tuple[str, ...] = ()
    ) -> Call:
        """The call `self.call(func, *args, ...)` will make, as data (see `prefetched`)."""
        return Call(func, args, budget, keep_args, count)

    @contextlib.contextmanager
    def prefetched(self, calls: Iterable[Call]) -> Iterator[None]:
        """Inside, `calls` are sent to the worker ahead, in one stream: each `call` that
        is the next of them gets its outcome from the stream (one round trip for them
        all instead of one each). Only for calls whose arguments do not depend on the
        answers before them, in a check that does not observe the call history (the
        worker may run a few calls past the first answer the check rejects)."""
        if self._ahead is not None:  # already inside one: its plan goes on
            yield
            return
        plan = list(calls)
        self._ahead = self.student.prefetch(plan) if plan else None
        try:
            yield
        finally:
            ahead, self._ahead = self._ahead, None
            if ahead is not None:
                ahead.close()

    def each(self, probe: Probe, examples: Iterable[Any], calls: Calls, reads_only: bool = False) -> None:
        """`probe` on each example in turn, the calls `calls(example)` gives sent ahead
        (`reads_only`: see `for_all`)."""
        examples = list(examples)
        with self.planned(examples, calls, reads_only):
            for example in examples:
                probe(example)

    @contextlib.contextmanager
    def planned(
        self, examples: list[Any], calls: Calls | None, reads_only: bool
    ) -> Iterator[Callable[[Any], Any]]:
        """Inside, the calls `calls` gives for `examples`, in order, sent ahead
        (`prefetched`). Gives how each drawn example reaches the probe: as it is when
        `reads_only` (a `ReadOnlyPlan`: the boards the listing converted handed to the
        probe's `as_student`, the examples checked unchanged at the end), else a fresh
        copy. Inside a read-only plan already, that plan's conversions go on."""
        if not reads_only:
            with self.prefetched([c for example in examples for c in calls(example)] if calls else []):
                yield fresh
            return
        if self._plan is not None:
            seal = Seal(examples)
            try:
                with self.prefetched([c for example in examples for c in calls(example)] if calls else []):
                    yield _as_it_is
            finally:
                seal.check()
            return
        plan = self._plan = ReadOnlyPlan(examples, self._to_student)
        try:
            listed = [c for example in examples for c in calls(example)] if calls else []
            plan.listed()
            with self.prefetched(listed):
                yield _as_it_is
        finally:
            self._plan = None
            plan.close()

    def _to_student(self, board: Any) -> Any:
        return self.to_student(self.state, board)

    def for_all(
        self,
        examples_of: Draw,
        probe: Probe,
        *,
        examples: int,
        seed: str | None = None,
        explicit: Iterable[Any] = (),
        shrink_probes: int | None = None,
        calls: Calls | None = None,
        reads_only: bool = False,
    ) -> None:
        """Run `probe` on explicit examples, then on the examples of `examples_of`.

        The draw is seeded by `seed` (default: the check's name), so a grade never
        changes between two runs; its examples are shipped with the exercise
        (`grader.draws`). A failure is shrunk on the entry's shipped ladder, then by
        Hypothesis (see `grader.checking.sampling`), and re-raised.

        `calls(example)`, when given, lists the calls `probe(example)` makes, in order:
        they are sent ahead (`prefetched`), for the explicit, shipped and ladder examples.

        `reads_only`: `probe` and `calls` never change an example nor anything in it (they
        read it, convert its boards, show it). The shipped and ladder examples are then
        probed as they are, not copies (kept for every submission of the process: a change
        would reach the next one's), and each board `calls` converted is the one the
        probe's `as_student` gets for that board: converted once per call, not twice.
        """
        sampling = Sampling(probe, seed or self.check_name, self.planned, self.size, calls, reads_only)
        count = max(1, round(examples * self.examples_scale))
        sampling.run(examples_of, count, list(explicit), shrink_probes)
