"""How an exercise is declared (questions, checks, points) and how a check runs.

An exercise module builds an `Exercise` of `Question`s, each with `Check`s. A check is
a function of a `CheckContext`: it calls the student through `ctx.call`, compares with
the reference and raises `Mismatch` with the evidence when the answer is wrong. The
runner here turns what it raises into a `CheckResult`.
"""

from __future__ import annotations

import contextlib
import difflib
import inspect
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, TypeVar

from . import draws
from .copies import fresh
from .draws import Draw, Size, distinct_examples, hypothesis_settings, seeded
from .errors import CallTimeout, StudentCodeError, StudentFailure
from .results import (
    CheckResult,
    CheckStatus,
    Evidence,
    Failure,
    FailureKind,
    Place,
    QuestionResult,
    QuestionStatus,
    Text,
    failure_of,
)
from .sandbox.session import Call, CallResult, StudentSession
from .sandbox.wire import Ref
from .values import same, show

log = logging.getLogger(__name__)


State = TypeVar("State")
"""What an exercise learns of one submission in `prepare` (e.g. its board representation)."""


class Mismatch(Exception):
    """Raised by a check: the student's answer is wrong; carries what to show.

    `board` is the position as reference data; the check's context draws it with the
    exercise's `draw` when the result is recorded, so checks never draw by hand.
    """

    def __init__(self, evidence: Evidence, board: Any = None):
        super().__init__(evidence.call)
        self.evidence = evidence
        self.board = board


def mismatch(
    call: str, expected: Any, obtained: Any, board: Any = None, fr: str = "", en: str = "", text: bool = False
) -> Mismatch:
    """A Mismatch showing the call, both values (ready text with `text`), the board
    (reference data, drawn by the exercise) and a note in both languages."""
    return Mismatch(
        Evidence(
            call=call,
            expected=expected if text else show(expected),
            obtained=obtained if text else show(obtained),
            note={"fr": fr, "en": en} if fr else {},
        ),
        board,
    )


def unchanged(
    call: str,
    board: Any,
    after: Any,
    *,
    func: str,
    arg: tuple[str, str] = ("v", "v"),
    why: tuple[str, str] = ("", ""),
    equal: Callable[[Any, Any], bool] | None = None,
    expected: Any = None,
) -> None:
    """Raise the "does not change its argument" Mismatch when `after` (the argument as
    the call left it) differs from `board` (as it was given).

    `arg` names the argument in French and English ("v", "le jeu"...), `why` adds to
    the note (e.g. " (copier le plateau avant d'y placer un domino)"); `expected` is
    what to show as expected when not `board` itself."""
    if (equal or same)(after, board):
        return
    (arg_fr, arg_en), (why_fr, why_en) = arg, why
    raise mismatch(
        call,
        board if expected is None else expected,
        after,
        board,
        fr=f"{func} ne doit pas modifier {arg_fr}{why_fr} : voici {arg_fr} après l'appel",
        en=f"{func} must not change {arg_en}{why_en}: this is {arg_en} after the call",
    )


class CallFailed(Exception):
    """A call into student code raised, timed out or crashed; carries the call."""

    def __init__(self, evidence: Evidence, failure: StudentFailure):
        super().__init__(str(failure))
        self.evidence = evidence
        self.failure = failure


@dataclass(frozen=True)
class Check:
    name: str
    """Stable identifier (JSON `checks[].name`)."""
    points: float
    run: Callable[[CheckContext[Any]], None]
    fr: str
    """What the check verifies, as the student reads it."""
    en: str
    value_free: bool = False
    """A property a stub can have without computing anything (does not change its
    argument, rows distinct, raises on an illegal move, prunes, prints a winner...): it
    earns its points only when a value check of the same function passes (see
    `value_free_rule`), so a file of stubs scores zero."""
    of: str = ""
    """The function the check is about, when its question has several (default: the
    question's first name): value-free checks lean on value checks of this function."""


@dataclass(frozen=True)
class Question:
    id: str
    title: str
    names: tuple[tuple[str, ...], ...]
    """Names the question needs; each entry lists accepted spellings, the sheet's first."""
    checks: tuple[Check, ...] = ()
    manual: bool = False
    answer_key: Callable[[], str] | None = None
    notes: Callable[[CheckContext[Any]], list[tuple[str, dict[str, Any]]]] | None = None
    """Information without points, gathered after the checks (e.g. a call count)."""

    @property
    def max_score(self) -> float:
        return sum(c.points for c in self.checks)


def _no_state(view: StudentView) -> Any:
    return None


def _nothing_understood(state: Any) -> list[tuple[str, dict[str, Any]]]:
    return []


def _as_is(state: Any, board: Any) -> Any:
    return board


@dataclass(frozen=True)
class Exercise(Generic[State]):
    """One TD sheet: its questions, how it recognises a submission, how its boards
    travel to the student and are drawn in the report."""

    id: str
    title: str
    questions: tuple[Question, ...]
    signature: frozenset[str] = frozenset()
    """Names only this sheet uses: a submission defining `min_matches` of them is this TD."""
    min_matches: int = 2
    functions_only: frozenset[str] = frozenset()
    """Signature names that count only when defined as functions (`s`, `h`: also variables)."""
    prepare: Callable[[StudentView], State] = _no_state
    """Builds per-submission state once (e.g. the submission's board representation)."""
    describe: Callable[[State], list[tuple[str, dict[str, Any]]]] = _nothing_understood
    """What was understood of the submission (message key, args), for the report."""
    to_student: Callable[[State, Any], Any] = _as_is
    """A reference board in the submission's own representation (numpy, lists...)."""
    draw: Callable[[Any], str] = show
    """A reference board as the sheet draws it, for the report."""
    worker_side: ModuleType | None = None
    """Grader code the checks call inside the worker (a self-contained module, sent as
    source once the submission's cells have run); None when the checks need none."""
    example_size: Size | None = None
    """How big a drawn example is (e.g. tokens on its board), smaller being simpler: the
    order of the shipped ladders a failure is shrunk on (`CheckContext.for_all`); None:
    failures are shrunk by Hypothesis alone."""


Registry = Mapping[str, Exercise[Any]]
"""The exercises the grader knows, by id, in detection order (see `exercises`)."""


class StudentView:
    """The student's namespace as the checks see it: names resolved, calls wrapped."""

    def __init__(
        self,
        session: StudentSession,
        defined: dict[str, str],
        timeout: float | None,
        places: dict[str, Place] | None = None,
    ):
        self.session = session
        self.defined = defined
        self.timeout_override = timeout
        self.aliases: dict[str, str] = {}
        self.places = places or {}
        """Cell label (as the worker names the file of a traceback) -> where that cell sits."""
        self.bounds_added: set[str] = set()
        """Functions called with `-inf`, `+inf` for required `alpha`, `beta` parameters the
        sheet does not have (see `with_bounds`): their questions are marked for review."""
        self._parameters: dict[str, list[Any] | None] = {}

    def resolve(self, spellings: Sequence[str]) -> str | None:
        for name in spellings:
            if name in self.defined:
                return name
        return None

    def has(self, name: str) -> bool:
        return self.aliases.get(name, name) in self.defined

    def close_names(self, name: str) -> list[str]:
        return difflib.get_close_matches(name, list(self.defined), n=3, cutoff=0.6)

    def call(
        self, func: str, *args: Any, budget: float = 5.0, keep_args: bool = False, count: tuple[str, ...] = ()
    ) -> CallResult:
        name = self.aliases.get(func, func)
        budget = self.timeout_override or budget
        args = self.with_bounds(name, args)
        return self.session.call(name, *args, budget=budget, keep_args=keep_args, count=count)

    def prefetch(self, calls: Sequence[Call]) -> Prefetched | None:
        """`calls` (as a check writes them) sent ahead in one stream (`call_many`), for
        `take` to hand out in order (calls holding a `Ref` are made one by one there)."""
        if not calls:
            return None
        sent = []
        for c in calls:
            name = self.aliases.get(c.func, c.func)
            budget = self.timeout_override or c.budget
            args = self.with_bounds(name, c.args)
            same = name == c.func and budget == c.budget and args is c.args
            sent.append(c if same else Call(name, args, budget, c.keep_args, c.count))  # frozen: shared
        return Prefetched(deque(calls), self.session.call_many(sent))

    def with_bounds(self, name: str, args: tuple[Any, ...]) -> tuple[Any, ...]:
        """`args`, with `-inf` / `+inf` for the student's required parameters named like
        `alpha` / `beta` when the function needs more arguments than the sheet gives
        (`minimax(state, depth, player, alpha, beta)` where the sheet has no bounds): what a
        teacher would run. The function is then in `bounds_added`."""
        if name.startswith("@"):
            return args
        params = self._required_parameters(name)
        if not params or len(params) <= len(args):
            return args
        bounds = [p for p in params if _bound(p) is not None]
        if len(params) - len(bounds) != len(args) or not bounds:
            return args
        given = iter(args)
        self.bounds_added.add(name)
        return tuple(_bound(p) if _bound(p) is not None else next(given) for p in params)

    def _required_parameters(self, name: str) -> list[Any] | None:
        if name not in self._parameters:
            self._parameters[name] = None
            if self.defined.get(name) == "function":
                try:
                    self.define_helpers(PARAMETERS_HELPER)
                    value = self.session.call("@required_parameters", name, budget=5).value
                    self._parameters[name] = list(value) if isinstance(value, list) else None
                except (StudentFailure, RuntimeError):
                    pass
        return self._parameters[name]

    def get(self, name: str) -> Any:
        return self.session.get(self.aliases.get(name, name))

    def set(self, name: str, value: Any) -> None:
        self.session.set(self.aliases.get(name, name), value)

    def ref(self, name: str) -> Ref:
        """An argument standing for the student's function `name` (or a helper "@name")."""
        return Ref(self.aliases.get(name, name))

    def define_helpers(self, source: str) -> None:
        """Grader code run in the worker, beside the student's module (see StudentSession)."""
        self.session.define_helpers(source)

    def define_worker_side(self, module: ModuleType) -> None:
        """An exercise's worker-side module, sent as its source: the worker cannot import
        the grader (its packages are blocked there), so the module is self-contained."""
        self.define_helpers(inspect.getsource(module))


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


PARAMETERS_HELPER = '''
def required_parameters(name):
    if name not in student:
        return None
    function = student[name]
    plain = _plain_required(function)
    if plain is not _NOT_PLAIN:
        return plain
    import inspect
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters):
        return None
    return [p.name for p in parameters if p.default is p.empty]


_NOT_PLAIN = object()


def _plain_required(function):
    """What inspect.signature gives for a plain `def` (no __wrapped__, no __signature__),
    read from its code: importing inspect was ~15 ms of every worker's CPU."""
    if type(function) is not type(_plain_required):
        return _NOT_PLAIN
    attributes = function.__dict__
    if type(attributes) is not dict or "__wrapped__" in attributes or "__signature__" in attributes:
        return _NOT_PLAIN
    code, defaults = function.__code__, function.__defaults__
    if code.co_kwonlyargcount or code.co_flags & 0x0C:  # keyword-only, *args, **kwargs
        return None
    names = code.co_varnames[: code.co_argcount]
    return list(names[: len(names) - len(defaults or ())])
'''
"""Worker-side: the names of a student function's required positional parameters."""


def _bound(parameter: str) -> float | None:
    """-inf for a parameter named like alpha, +inf for one named like beta, else None."""
    name = parameter.lower().strip("_")
    if name in ("alpha", "a", "alpha0", "alfa"):
        return float("-inf")
    if name in ("beta", "b", "beta0"):
        return float("inf")
    return None


@dataclass
class CheckContext(Generic[State]):
    """What a check works with: the student, the exercise's per-submission state, and
    the exercise's way of passing boards to the student and drawing them."""

    student: StudentView
    state: State
    check_name: str = ""
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
    _converted: dict[int, tuple[Any, deque[Any]]] | None = field(default=None, repr=False)
    """While a read-only plan is built or probed (`_planned`): board id -> (the board,
    kept so that its id names it alone; the conversions the plan made of it, not yet
    handed to the probe). None outside."""
    _planning: bool = field(default=False, repr=False)

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
        converted = self._converted
        if converted is not None:
            known = converted.get(id(board))
            if self._planning:
                student = self.to_student(self.state, board)
                if known is None:
                    converted[id(board)] = (board, deque([student]))
                else:
                    known[1].append(student)
                return student
            if known is not None and known[1]:
                return known[1].popleft()
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

    def each(
        self,
        probe: Callable[[Any], None],
        examples: Iterable[Any],
        calls: Callable[[Any], list[Call]],
        reads_only: bool = False,
    ) -> None:
        """`probe` on each example in turn, the calls `calls(example)` gives sent ahead
        (`reads_only`: see `for_all`)."""
        examples = list(examples)
        with self._planned(examples, calls, reads_only):
            for example in examples:
                probe(example)

    @contextlib.contextmanager
    def _planned(
        self, examples: list[Any], calls: Callable[[Any], list[Call]] | None, reads_only: bool
    ) -> Iterator[None]:
        """Inside, the calls `calls` gives for `examples`, in order, sent ahead
        (`prefetched`). With `reads_only`, the boards the plan converted are handed to
        the probe's `as_student` (see `for_all`)."""
        if calls is None or self._converted is not None:  # no plan, or inside one already
            with self.prefetched([c for example in examples for c in calls(example)] if calls else []):
                yield
            return
        if reads_only:
            self._converted, self._planning = {}, True
        try:
            plan = [c for example in examples for c in calls(example)]
            self._planning = False
            with self.prefetched(plan):
                yield
        finally:
            self._converted, self._planning = None, False

    def value(self, *args: Any, **kwargs: Any) -> Any:
        return self.call(*args, **kwargs).value

    def for_all(
        self,
        examples_of: Draw,
        probe: Callable[[Any], None],
        *,
        examples: int,
        explicit: Iterable[Any] = (),
        shrink_probes: int | None = None,
        calls: Callable[[Any], list[Call]] | None = None,
        reads_only: bool = False,
    ) -> None:
        """Run `probe` on explicit examples, then on the examples of `examples_of`.

        The draw is seeded by the check's name, so a grade never changes between two
        runs; its examples are shipped with the exercise (`grader.draws`), a repeat of
        one probed once (`draws.distinct`). A failure is
        shrunk on the entry's shipped ladder first: its examples smaller than the one
        that failed, smallest first, the first that fails reported (`_climb`); a failure
        no larger than the ladder's smallest example (the smallest of the LADDER_DRAWS
        draws it was chosen from) is reported as it is. Only when smaller ladder examples
        exist and none fails, and the failure is more than NEAR_BOTTOM above the ladder's
        smallest example, Hypothesis shrinks it to the smallest failing example found in
        `shrink_probes` probes (default MAX_SHRINK_PROBES; fewer where a probe needs a
        costly reference value). Either way the failure is re-raised.

        `calls(example)`, when given, lists the calls `probe(example)` makes, in order:
        they are sent ahead (`prefetched`), for the explicit, shipped and ladder examples.

        `reads_only`: `probe` and `calls` never change an example nor anything in it (they
        read it, convert its boards, show it). The shipped and ladder examples are then
        probed as they are, not copies (kept for every submission of the process: a change
        would reach the next one's), and each board `calls` converted is the one the
        probe's `as_student` gets for that board: converted once per call, not twice.
        """
        explicit = list(explicit)
        count = max(1, round(examples * self.examples_scale))
        drawn = distinct_examples(examples_of, count, self.check_name)
        measure = self.size
        if measure is not None and draws.RECORDING is not None:  # the generator: every ladder drawn
            draws.ladder(examples_of, count, self.check_name, measure)
        first: Exception | None = None
        copied = _as_it_is if reads_only else fresh
        with self._planned([*explicit, *drawn], calls, reads_only):
            for example in explicit:
                probe(example)
            for example in drawn:
                try:
                    probe(copied(example))
                except Mismatch as exc:
                    first = exc
                    break
                except CallFailed as exc:
                    if not isinstance(exc.failure, StudentCodeError):
                        raise  # a timeout or a crash: shrinking would pay for it again
                    first = exc
                    break
        if first is None:
            if measure is not None and draws.PROBE_LADDERS:  # the generator grading a reference:
                ladder = draws.ladder(examples_of, count, self.check_name, measure)  # its values recorded
                self._climb(probe, ladder, calls, reads_only, record=True)
            return
        ladder = draws.ladder(examples_of, count, self.check_name, measure) if measure is not None else []
        if measure is not None and ladder:
            size = measure(example)  # the drawn example that failed
            smaller = list(itertools.takewhile(lambda rung: measure(rung) < size, ladder))
            if not smaller:  # as small as anything drawn to make the ladder: shown as it is
                raise first
            found = self._climb(probe, smaller, calls, reads_only)
            if found is not None:
                raise found
            if size[0] - measure(ladder[0])[0] <= NEAR_BOTTOM:
                # Every smaller size was tried and passed: what Hypothesis finds here is
                # nearly always as big (measured on the corpus), for ~0.3 s of import and probes.
                raise first
        self._shrink(examples_of, probe, count, first, shrink_probes or MAX_SHRINK_PROBES)

    def _climb(
        self,
        probe: Callable[[Any], None],
        rungs: list[Any],
        calls: Callable[[Any], list[Call]] | None,
        reads_only: bool,
        record: bool = False,
    ) -> Exception | None:
        """The failure of the first of `rungs` that fails (their calls sent ahead), or None.

        A timeout or a crash is that rung's failure, as in `_shrink`: kept, not paid again.
        With `record` (the generator grading a reference), a failure is raised: the
        reference must pass its own ladders."""
        copied = _as_it_is if reads_only else fresh
        with self._planned(rungs, calls, reads_only):
            for rung in rungs:
                try:
                    probe(copied(rung))
                except (Mismatch, CallFailed) as exc:
                    if record:
                        raise
                    return exc
        return None

    def _shrink(
        self, examples_of: Draw, probe: Callable[[Any], None], count: int, first: Exception, most: int
    ) -> None:
        import hypothesis  # only here: most submissions have nothing to shrink

        failures: list[Exception] = []
        stopped: list[Any] = []
        probes = [0]

        def condition(example: Any) -> bool:
            # After a timeout or a crash (no shrinking: keep that example), or past the
            # probes allowed, nothing can change the failure reported: Hypothesis is
            # stopped rather than left to try candidates that would all be refused.
            if stopped:
                raise _Enough
            if failures:
                probes[0] += 1
                if probes[0] > most:
                    raise _Enough  # keep the smallest failure found so far
            try:
                probe(example)
            except Mismatch as exc:
                failures.append(exc)
                return True
            except CallFailed as exc:
                failures.append(exc)
                if not isinstance(exc.failure, StudentCodeError):
                    stopped.append(example)
                return True
            return False

        strategy = examples_of.strategy()
        try:
            hypothesis.find(
                strategy, condition, settings=hypothesis_settings(count), random=seeded(self.check_name)
            )
        except _Enough:
            pass
        except hypothesis.errors.NoSuchExample:
            raise first from None  # not found again (a flaky student function): as probed
        except Exception:  # Flaky and friends: a student function that is not deterministic
            if not failures:
                raise first from None
        raise failures[-1]


def _as_it_is(example: Any) -> Any:
    return example


class _Enough(BaseException):
    """Stops a shrink: Hypothesis lets a BaseException through at once."""


NEAR_BOTTOM = 2
"""A failure at most this far above the ladder's smallest example (in the leading size:
tokens, marks, cells), none of the smaller rungs failing, is shown as it is: Hypothesis
is not run for it."""

MAX_SHRINK_PROBES = 60
"""Calls into student code spent shrinking one failure: past this, the smallest failing
example found so far is reported (a search probe can cost tens of milliseconds)."""


def run_check(check: Check, ctx: CheckContext[Any]) -> CheckResult:
    """Run one check; everything the student code does is turned into a status."""
    ctx.check_name = check.name
    result = CheckResult(check.name, {"fr": check.fr, "en": check.en}, check.points, CheckStatus.PASSED)
    try:
        check.run(ctx)
    except Mismatch as exc:
        result.status, result.evidence = CheckStatus.FAILED, exc.evidence
        if exc.board is not None:
            exc.evidence.board = ctx.drawn(exc.board)
    except CallFailed as exc:
        result.evidence = exc.evidence
        result.status = CheckStatus.TIMEOUT if isinstance(exc.failure, CallTimeout) else CheckStatus.ERROR
        result.failure = _failure(exc.failure, ctx.student)
    except StudentFailure as exc:
        result.status = CheckStatus.TIMEOUT if isinstance(exc, CallTimeout) else CheckStatus.ERROR
        result.failure = _failure(exc, ctx.student)
    return result


def _failure(exc: StudentFailure, view: StudentView) -> Failure:
    if isinstance(exc, StudentCodeError):
        where = exc.where
    elif isinstance(exc, CallTimeout) and exc.loop is not None:
        where = exc.loop.where
    else:
        where = ""
    return failure_of(exc, view.places.get(where))


def question_status(checks: Sequence[CheckResult]) -> QuestionStatus:
    """Pure rule of docs/grading-contract.md §2 from the statuses of the checks."""
    statuses = [c.status for c in checks]
    if all(s is CheckStatus.PASSED for s in statuses):
        return QuestionStatus.PASSED
    if any(s is CheckStatus.PASSED for s in statuses):
        return QuestionStatus.PARTIAL
    if all(s is CheckStatus.ERROR for s in statuses):
        return QuestionStatus.ERROR
    if all(s is CheckStatus.TIMEOUT for s in statuses):
        return QuestionStatus.TIMEOUT
    return QuestionStatus.FAILED


def dependency_notes(
    questions: Sequence[Question],
    results: Sequence[QuestionResult],
    uses: dict[str, list[str]],
    aliases: dict[str, str],
) -> None:
    """Tell the student when a failing function calls a function of a failing question.

    Checks call the student's functions as they are, so a wrong `heuristique` also
    makes `maximin` wrong; saying so points the student at the first thing to fix.
    """
    owner: dict[str, str] = {}
    for question in questions:
        for spellings in question.names:
            owner[aliases.get(spellings[0], spellings[0])] = question.id
    status = {r.id: r.status for r in results}
    bad = {
        QuestionStatus.PARTIAL,
        QuestionStatus.FAILED,
        QuestionStatus.ERROR,
        QuestionStatus.TIMEOUT,
        QuestionStatus.MISSING,
    }
    for question, result in zip(questions, results, strict=False):
        if result.status not in bad - {QuestionStatus.MISSING}:
            continue
        callers: dict[str, list[str]] = {}
        for spellings in question.names:
            func = aliases.get(spellings[0], spellings[0])
            culprits = sorted(
                {
                    f"{name} ({owner[name]})"
                    for name in uses.get(func, [])
                    if owner.get(name) not in (None, question.id) and status.get(owner[name]) in bad
                }
            )
            if culprits:
                callers.setdefault(", ".join(culprits), []).append(func)
        result.notes[:0] = [
            (
                "uses_failing" if len(funcs) == 1 else "uses_failing_many",
                {"func": ", ".join(funcs), "names": names},
            )
            for names, funcs in callers.items()
        ]


def grade_question(
    question: Question,
    view: StudentView,
    state: State,
    examples_scale: float = 1.0,
    exercise: Exercise[State] | None = None,
    failing: Mapping[str, str] | None = None,
) -> QuestionResult:
    """Grade one question; `failing`: the functions of earlier questions not passed."""
    result = QuestionResult(question.id, question.title, question.max_score, QuestionStatus.PASSED)
    if question.manual:
        result.status = QuestionStatus.MANUAL
        result.answer_key = question.answer_key() if question.answer_key else ""
        return result
    for spellings in question.names:
        found = view.resolve(spellings)
        if found is None:
            result.missing.append(spellings[0])
            result.suggestions[spellings[0]] = view.close_names(spellings[0])
        elif found != spellings[0]:
            view.aliases[spellings[0]] = found
            result.aliases[spellings[0]] = found
    if result.missing:
        result.status = QuestionStatus.MISSING
        return result
    ctx = CheckContext(view, state, examples_scale=examples_scale, failing=failing or {})
    bounds_before = set(view.bounds_added)
    if exercise is not None:
        ctx.to_student, ctx.draw, ctx.size = exercise.to_student, exercise.draw, exercise.example_size
    for check in question.checks:
        try:
            result.checks.append(run_check(check, ctx))
        except Exception:  # a grader bug must not cost the student the other checks
            log.exception("check %s.%s crashed", question.id, check.name)
            result.checks.append(
                CheckResult(
                    check.name,
                    {"fr": check.fr, "en": check.en},
                    check.points,
                    CheckStatus.ERROR,
                    failure=Failure(FailureKind.INTERNAL),
                )
            )
    result.status = question_status(result.checks)
    if question.notes is not None:
        try:
            result.notes = question.notes(ctx)
        except (StudentFailure, CallFailed, Mismatch):
            pass
    bounded = sorted(view.bounds_added - bounds_before)
    if bounded:  # credited as a teacher would, and left for the teacher to look at
        result.review = True
        result.notes.append(("bounds_added", {"func": ", ".join(bounded)}))
    return result


def grade_exercise(
    exercise: Exercise[State], view: StudentView, examples_scale: float = 1.0
) -> tuple[list[tuple[str, dict[str, Any]]], list[QuestionResult]]:
    """Grade every question of `exercise` on the submission `view` sees: what was
    understood of it, and the questions' results (dependency notes included)."""
    if exercise.worker_side is not None:
        try:
            view.define_worker_side(exercise.worker_side)
        except StudentFailure:  # a worker that cannot start again: the checks will say so
            log.info("worker-side code of %s not sent", exercise.id)
    state = exercise.prepare(view)
    understood = exercise.describe(state)
    results: list[QuestionResult] = []
    failing: dict[str, str] = {}
    for question in exercise.questions:
        log.debug("%s: %s", exercise.id, question.id)
        start = time.monotonic()
        results.append(grade_question(question, view, state, examples_scale, exercise, failing))
        results[-1].seconds = time.monotonic() - start
        if results[-1].status not in (QuestionStatus.PASSED, QuestionStatus.MANUAL):
            for spellings in question.names:
                failing[view.aliases.get(spellings[0], spellings[0])] = question.id
    value_free_rule(exercise.questions, results)
    dependency_notes(exercise.questions, results, view.session.uses, view.aliases)
    return understood, results


def _about(question: Question, check: Check) -> str:
    return check.of or (question.names[0][0] if question.names else question.id)


def value_free_rule(questions: Sequence[Question], results: Sequence[QuestionResult]) -> None:
    """A passed value-free check of a function none of whose value checks passed fails.

    "Does not change its argument" or "raises on an illegal move" holds for `pass` or
    `raise AssertionError`: such a property counts only for a function that also
    computes something right. Across questions: a value check of the same function in
    another question counts too."""
    proven = {
        _about(q, c)
        for q, r in zip(questions, results, strict=False)
        for c, cr in zip(q.checks, r.checks, strict=False)
        if not c.value_free and cr.status is CheckStatus.PASSED
    }
    for question, result in zip(questions, results, strict=False):
        changed = False
        for check, outcome in zip(question.checks, result.checks, strict=False):
            func = _about(question, check)
            if check.value_free and outcome.status is CheckStatus.PASSED and func not in proven:
                outcome.status, changed = CheckStatus.FAILED, True
                outcome.evidence = Evidence(
                    call=func,
                    expected=Text("au moins une valeur juste", "at least one right value"),
                    obtained=Text("aucune", "none"),
                    note={
                        "fr": f"propriété vérifiée, mais elle ne rapporte des points que si {func} calcule "
                        "aussi au moins une valeur juste : aucune vérification de valeur de cette "
                        "fonction ne passe (corrigez d'abord celles-ci)",
                        "en": f"the property holds, but it earns points only when {func} also computes at "
                        "least one right value: no value check of this function passes (fix those "
                        "first)",
                    },
                )
        if changed:
            result.status = question_status(result.checks)
