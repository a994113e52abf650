"""What a check works with: the student, the exercise's per-submission state, its boards.

A check is a function of a `CheckContext`: it calls the student (`call`, `value`), passes
reference boards in the submission's own representation (`as_student`), and probes
examples (`each`, `for_all`), raising what `grader.checking.verdicts` builds when an
answer is wrong.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..errors import StudentFailure
from ..model.results import Evidence
from ..sandbox.manage.calls import Call, CallResult
from .draws import Draw, Size
from .plan import Prefetched, ReadOnlyPlan, Seal
from .reference_cache import fresh
from .sampling import Calls, Probe, Sampling
from .values import show
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
    the exercise's way of passing boards to the student and drawing them.

    A check is a function of its context: it returns when the answer is right and raises
    a `Mismatch` (`mismatch`, `unchanged`, `among_best`) when it is wrong. The running of
    the checks builds one context per check (`grader.checking.running`).

    Example:
        def q4_next_player(ctx: CheckContext[SubmissionState]) -> None:
            obtained = ctx.value("prochain_joueur", ctx.as_student(jeu), board=jeu)
            if not same(obtained, ref.prochain_joueur(jeu)):
                raise mismatch("prochain_joueur(jeu)", ref.prochain_joueur(jeu), obtained, jeu)
    """

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

    def for_check(self, name: str) -> CheckContext[State]:
        """A context for the check `name`, sharing this one's student, state and `cache`."""
        return CheckContext(
            self.student,
            self.state,
            name,
            self.examples_scale,
            self.cache,
            self.to_student,
            self.draw,
            self.size,
            self.failing,
        )

    def failing_helpers(self, func: str) -> list[str]:
        """The functions `func` calls, directly or through others, whose question came
        earlier and did not pass (`name (Q14)`): a check that measures how `func` works
        (not what it returns) can tell a wrong algorithm from a wrong helper."""
        uses = self.student.uses
        seen: set[str] = set()
        todo = [self.student.aliases.get(func, func)]
        while todo:
            for used in uses.get(todo.pop(), []):
                if used not in seen:
                    seen.add(used)
                    todo.append(used)
        return sorted(f"{name} ({self.failing[name]})" for name in seen if name in self.failing)

    def as_student(self, board: Any) -> Any:
        """A reference board in the submission's own representation (`Exercise.to_student`).

        Args:
            board: the board as reference data (the sheet's representation).

        Returns:
            The board as the submission represents it (numpy, lists, its own keys...).
            Inside a read-only plan (`for_all`, `each` with `reads_only`), the conversion
            the plan's listing made of this very board object (see `ReadOnlyPlan`).

        Raises:
            Whatever the exercise's `to_student` raises (a grader bug).

        Example:
            ctx.value("prochain_joueur", ctx.as_student(jeu), shown="prochain_joueur(jeu)")
        """
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
        """Call the student's function `func` with `args`, in the worker.

        Args:
            func: the sheet's name of the function (the submission's spelling is found),
                or `"@name"` for grader code sent to the worker.
            *args: its arguments, as data (boards through `as_student`; `Ref`s).
            shown: the call as the student reads it when it fails (default: built from
                `func` and `args`).
            board: the position as reference data, drawn when the call fails.
            budget: seconds the call may take (the command line's `--timeout` wins).
            keep_args: also send back the arguments as the call left them (`args_after`).
            count: the student's functions whose calls are counted (`counts`).

        Returns:
            A `CallResult`: `value`, `args_after`, `shared` (aliasing), `counts`, `stdout`.

        Raises:
            CallFailed: the call raised, ran out of time, or its worker died; it carries
                the call as shown and the board drawn (the check lets it go).

        Example:
            result = ctx.call("jouer_colonne", ctx.as_student(jeu), 3, keep_args=True, board=jeu)
        """
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

    def value(self, func: str, *args: Any, **options: Any) -> Any:
        """The value `call` gives back (the same arguments and options: `shown`, `board`,
        `budget`, `keep_args`, `count`).

        Raises:
            CallFailed: as `call`.

        Example:
            obtained = ctx.value("heuristique", ctx.as_student(jeu), shown="heuristique(jeu)", board=jeu)
        """
        return self.call(func, *args, **options).value

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
        """Run `probe` on each of `examples` in turn, their calls sent ahead in one stream.

        Args:
            probe: checks one example: returns, or raises `Mismatch` / `CallFailed`.
            examples: the examples, probed as given (a caller's own lists) or, with
                `reads_only`, read only (see `for_all`).
            calls: the calls `probe(example)` makes, in order (`ctx.ask(...)`).
            reads_only: `probe` and `calls` never change an example (see `for_all`).

        Raises:
            Mismatch, CallFailed: the first failure, as `probe` raised it.
            ReadOnlyBroken: a read-only probe changed an example (a grader bug).

        Example:
            ctx.each(probe, column_games.shared(), lambda jeu: [ctx.ask("f", ctx.as_student(jeu))],
                     reads_only=True)
        """
        group = examples if type(examples) is list else list(examples)  # a shared list: sealed as one
        with self.planned([group], calls, reads_only):
            for example in group:
                probe(example)

    @contextlib.contextmanager
    def planned(
        self, groups: Sequence[list[Any]], calls: Calls | None, reads_only: bool
    ) -> Iterator[Callable[[Any], Any]]:
        """Inside, the calls `calls` gives for the examples of `groups`, in order, sent
        ahead (`prefetched`). Gives how each drawn example reaches the probe: as it is
        when `reads_only` (a `ReadOnlyPlan`: the boards the listing converted handed to
        the probe's `as_student`, the examples checked unchanged at the end), else a
        fresh copy. Inside a read-only plan already, that plan's conversions go on."""

        def listing() -> list[Call]:
            return [c for group in groups for example in group for c in calls(example)] if calls else []

        if not reads_only:
            with self.prefetched(listing()):
                yield fresh
            return
        if self._plan is not None:
            seal = Seal(groups)
            try:
                with self.prefetched(listing()):
                    yield _as_it_is
            finally:
                seal.check()
            return
        plan = self._plan = ReadOnlyPlan(groups, self._to_student)
        try:
            listed = listing()
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
        """Run `probe` on explicit examples, then on drawn ones; show a failure small.

        Args:
            examples_of: what to draw (`draw(factory, *args)`), shipped with the exercise.
            probe: checks one example: returns, or raises `Mismatch` / `CallFailed`.
            examples: how many to draw (times the run's `examples_scale`).
            seed: names the draw, its ladder and its shrink (default: the check's name);
                a check that samples several families gives each its own.
            explicit: examples probed first, as they are (the sheet's, edge cases).
            shrink_probes: calls Hypothesis may spend shrinking (default `MAX_SHRINK_PROBES`).
            calls: the calls `probe(example)` makes, in order: sent ahead in one stream.
            reads_only: `probe` and `calls` never change an example nor anything in it
                (they read it, convert its boards, show it). The drawn and ladder
                examples are then probed as they are, not copies (they are kept for
                every submission of the process), and each board `calls` converted is
                the one the probe's `as_student` gets: converted once per call, not twice.
                The plan checks the examples are unchanged (see `ReadOnlyPlan`).

        Raises:
            Mismatch, CallFailed: the failure shown, shrunk as `grader.checking.sampling`
                says (the ladder, then Hypothesis); a timeout or a crash as it came.
            ReadOnlyBroken: a read-only probe changed an example (a grader bug).

        Example:
            ctx.for_all(draw(games, wins=IGNORE_WINS), probe, examples=15, explicit=[ref.jeu1()],
                        calls=lambda jeu: [ctx.ask("prochain_joueur", ctx.as_student(jeu))],
                        reads_only=True)
        """
        sampling = Sampling(probe, seed or self.check_name, self.planned, self.size, calls, reads_only)
        count = max(1, round(examples * self.examples_scale))
        sampling.run(examples_of, count, list(explicit), shrink_probes)
