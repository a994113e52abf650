"""Checks derived from the reference: call the student's function and the reference's on
the same calls, and compare (`value_check`, `arguments_check`, `question`).

Design note. Most checks of a value question say one thing: "call the student's function
and the reference on these calls and compare". A value check says it in one declaration,
as data (`SameAsReference`), so that the engine derives from it what the TD's author did
not write: the sentence the student reads (from the calls), the comparison's words, the
arguments judged after the call, and the inputs of the TD's mutation testing
(`grader.mutation`: the same calls, the same comparison).

How one call is judged, in order:
1. the reference runs in the grader on a deep copy of the arguments: its value, or the
   exception it raises, and the arguments as it leaves them (`reference_outcome`, kept
   per process: every copy of a class is asked the same calls);
2. the student's function runs in the worker on the same arguments (a board through
   `Exercise.to_student`), with the check's budget; a call that raises, times out or
   crashes fails the check as any call does (`CallFailed`), unless the reference raises
   the same exception type: that is then the right answer;
3. the value, by the check's `Comparison` (`EQUAL` unless said);
4. the arguments after the call, each against the reference's after the same call: a
   function that must not change its argument is caught when it does, one that must
   change it (a board played on, a memo filled) when it does not do as the reference.

The calls: the listed ones first, in order (the sheet's examples, edge cases), then those
the TD's generator draws, through `CheckContext.for_all`: shipped examples and ladders
when the TD ships them, Hypothesis otherwise, and a failure shown as small as Hypothesis
shrinks it; then, with `private`, a few drawn for the submission alone. Their calls are
sent ahead in one stream (`ahead`).
"""

from __future__ import annotations

import copy
import inspect
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypedDict

from ..errors import StudentCodeError
from ..model.text import Text, number
from . import old_kit
from .comparisons import EQUAL, Comparison
from .declare import Check, Question
from .draws import Draw, draw, example_text, from_random
from .private_draws import probe_private
from .text import both
from .values import same, show
from .verdicts import NOTHING, CallFailed, Mismatch, mismatch

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy
    from typing_extensions import Unpack  # typing.Unpack from 3.11; read by mypy only

    from ..sandbox.manage.calls import Call
    from .context import CheckContext

Example = Any
"""One call's worth of data: the arguments as a tuple, unless the check's `as_args` says."""

Drawn = Draw | Callable[[random.Random], Any] | Callable[[], "SearchStrategy[Any]"]
"""What a value check's calls are drawn from: a generator of one example from a
`random.Random`, a Hypothesis strategy factory, or its `draw(factory, *args)`."""

Note = Text | Callable[[tuple[Any, ...]], Text] | None
"""What a value check's failure says: a `Text`, a function of the call's arguments giving
one, or None (the comparison's words, or the argument's)."""

SHOWN_CALLS = 3
"""Calls named in a check's sentence; the others are counted."""
DEFAULT_BUDGET = 5.0
"""Seconds a call may take unless the check says (`CheckContext.call`'s default)."""


def _as_is(example: Example) -> tuple[Any, ...]:
    if not isinstance(example, tuple):
        raise TypeError(f"a value check's call is a tuple of arguments, not {example!r}: give as_args=")
    return example


def _unbound(*args: Any) -> Any:
    """The reference of a value check not given one (`question` gives it its own)."""
    raise TypeError("a value check without its reference function: give reference=, or put it in question()")


# -- the reference's side ------------------------------------------------------------------
@dataclass(frozen=True)
class Expected:
    """What the reference does on one call: its value or the exception it raises, and
    its arguments as it leaves them."""

    value: Any
    raised: str
    """The exception type's name when the reference raises, else ""."""
    args_after: tuple[Any, ...]


_EXPECTED: dict[tuple[Callable[..., Any], str], Expected] = {}
MAX_KEPT = 20_000
"""Reference outcomes kept per process (a class asks the same calls of every copy)."""


def reference_outcome(reference: Callable[..., Any], args: tuple[Any, ...]) -> Expected:
    """`reference(*args)` on a deep copy of `args`; kept per process when the arguments
    encode as shipped data (`example_text`). Read only: no caller changes what it gets."""
    try:  # the function itself in the key: two lambdas may share a name, never an identity
        key: tuple[Callable[..., Any], str] | None = (reference, example_text(args))
    except TypeError:
        key = None
    if key is not None and key in _EXPECTED:
        return _EXPECTED[key]
    given = copy.deepcopy(args)
    try:
        value, raised = reference(*given), ""
    except Exception as exc:  # the reference's own answer: "this call raises"
        value, raised = None, type(exc).__name__
    outcome = Expected(value, raised, given)
    if key is not None:
        if len(_EXPECTED) >= MAX_KEPT:
            _EXPECTED.clear()
        _EXPECTED[key] = outcome
    return outcome


def parameters(function: Callable[..., Any]) -> tuple[str, ...]:
    """The names of `function`'s parameters, as the sheet writes them (() if unknown)."""
    try:
        return tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return ()


# -- the check, as data ---------------------------------------------------------------------
@dataclass(frozen=True)
class SameAsReference:
    """A check's run: the student's `func` and the `reference` on the same calls, compared.

    Built by `value_check` and `arguments_check` (their docstrings say each field); kept
    as data so that the mutation testing reads its calls and comparisons."""

    func: str
    reference: Callable[..., Any]
    calls: tuple[Example, ...] = ()
    drawn: Draw | None = None
    examples: int = 10
    private: Callable[[random.Random], Example] | None = None
    as_args: Callable[[Example], tuple[Any, ...]] = _as_is
    compare: Comparison | None = EQUAL
    """How the values compare; None: only the arguments are judged (`arguments_check`)."""
    arguments: Comparison | None = EQUAL
    """How each argument after the call compares with the reference's (with a `board`,
    that argument's way: the others as values); None: not judged."""
    budget: float = DEFAULT_BUDGET
    board: int | None = None
    note: Note = None
    why: Text | None = None
    seed: str | None = None
    ahead: bool = True
    names: tuple[str, ...] = field(default=(), compare=False)
    """The reference's parameter names: a board is shown by its own (`h(v)`)."""
    show_call: Callable[[tuple[Any, ...]], str] | None = None
    """How a call is shown (default: `shown`)."""

    def __call__(self, ctx: CheckContext[Any]) -> None:
        probe = _Probe(self, ctx)
        planned = probe.planned if self.ahead else None
        if self.drawn is not None:
            ctx.for_all(
                self.drawn,
                probe,
                examples=self.examples,
                seed=self.seed,
                explicit=self.calls,
                calls=planned,
                reads_only=True,
            )
        elif planned is not None:
            ctx.each(probe, list(self.calls), planned, reads_only=True)
        else:
            for example in self.calls:
                probe(example)
        if self.private is not None:
            probe_private(ctx, self.private, probe, calls=planned)

    def shown(self, args: tuple[Any, ...]) -> str:
        """The call as the student would type it: a board by its parameter's name."""
        if self.show_call is not None:
            return self.show_call(args)
        parts = [self._board_name() if i == self.board else str(show(arg)) for i, arg in enumerate(args)]
        return f"{self.func}({', '.join(parts)})"

    def _board_name(self) -> str:
        if self.board is not None and self.board < len(self.names):
            return self.names[self.board]
        return "v"

    def argument_name(self, index: int) -> Text:
        """How a note names the argument `index`: its parameter's name, or its rank."""
        if index < len(self.names):
            return Text(self.names[index], self.names[index])
        return both("value_check.argument", number=index + 1)

    def note_of(self, args: tuple[Any, ...]) -> Text | None:
        """What a failure of the call with `args` says (the check's `note`), if anything."""
        said = self.note(args) if callable(self.note) else self.note
        return old_kit.as_text(said, f"the check of {self.func}", "note", depth=2)

    @property
    def keeps_args(self) -> bool:
        return self.arguments is not None

    def equal_for(self, index: int) -> Comparison:
        """How the argument `index` after the call is compared: by `arguments` (the board's
        when the check has one, every argument's otherwise), the others as values."""
        if self.arguments is None or (self.board is not None and index != self.board):
            return EQUAL
        return self.arguments


class _Probe:
    """One check's probe of one example, and the calls it makes (sent ahead)."""

    def __init__(self, spec: SameAsReference, ctx: CheckContext[Any]):
        self.spec, self.ctx = spec, ctx

    def student_args(self, args: tuple[Any, ...]) -> tuple[Any, ...]:
        board = self.spec.board
        if board is None:
            return args
        return tuple(self.ctx.as_student(a) if i == board else a for i, a in enumerate(args))

    def planned(self, example: Example) -> list[Call]:
        spec = self.spec
        args = self.student_args(spec.as_args(example))
        return [self.ctx.ask(spec.func, *args, budget=spec.budget, keep_args=spec.keeps_args)]

    def __call__(self, example: Example) -> None:
        spec = self.spec
        args = spec.as_args(example)
        expected = reference_outcome(spec.reference, args)
        board = args[spec.board] if spec.board is not None else None
        call = spec.shown(args)
        try:
            result = self.ctx.call(
                spec.func,
                *self.student_args(args),
                shown=call,
                board=board,
                budget=spec.budget,
                keep_args=spec.keeps_args,
            )
        except CallFailed as exc:
            failure = exc.failure
            if expected.raised and isinstance(failure, StudentCodeError) and failure.ename == expected.raised:
                return
            raise
        if expected.raised:
            must = both("value_check.must_raise", name=expected.raised)
            shown = both("value_check.raises", name=expected.raised)
            raise mismatch(call, shown, show(result.value), board, must, text=True)
        if spec.compare is not None:
            _judge_value(spec, spec.compare, call, args, expected.value, result.value, board)
        if spec.arguments is not None:
            after = result.args_after or []
            for index, wanted in enumerate(expected.args_after):
                got = after[index] if index < len(after) else None
                if not spec.equal_for(index).accepts(wanted, got, args):
                    raise _changed(spec, index, args, wanted, got, call, board)


def _judge_value(
    spec: SameAsReference,
    compare: Comparison,
    call: str,
    args: tuple[Any, ...],
    expected: Any,
    obtained: Any,
    board: Any,
) -> None:
    if compare.accepts(expected, obtained, args):
        return
    note = spec.note_of(args) or compare.says
    shown = compare.expected(expected, args)
    if isinstance(shown, Text):
        raise mismatch(call, shown, show(obtained), board, note, text=True)
    raise mismatch(call, shown, obtained, board, note)


def _changed(
    spec: SameAsReference,
    index: int,
    args: tuple[Any, ...],
    wanted: Any,
    got: Any,
    call: str,
    board: Any,
) -> Mismatch:
    """The argument `index` is not as the reference leaves it: changed when it must not
    be (the words of `unchanged`), or not changed as the reference changes it; an
    arguments check's own note instead, when it has one."""
    note = spec.note_of(args) if spec.compare is None else None
    if not note:
        key = "value_check.unchanged" if same(wanted, args[index]) else "value_check.changed_as"
        note = both(key, func=spec.func, arg=spec.argument_name(index), why=spec.why or NOTHING)
    return mismatch(call, spec.equal_for(index).expected(wanted, args), got, board, note)


# -- declaring ------------------------------------------------------------------------------
def sentence(spec: SameAsReference) -> Text:
    """The check's sentence, made from its calls, in French and English."""
    shown = [spec.shown(spec.as_args(example)) for example in spec.calls[:SHOWN_CALLS]]
    more = len(spec.calls) - len(shown)
    calls = Text(", ".join(shown), ", ".join(shown))
    if more:
        calls = both("value_check.more_calls", calls=calls, more=more)
    if spec.drawn is not None:
        count = spec.examples
        calls = (
            both("value_check.then_drawn", calls=calls, count=count)
            if shown
            else both("value_check.drawn", count=count)
        )
    key = "value_check.sentence" if spec.compare is not None else "value_check.arguments_sentence"
    said = both(key, func=spec.func, calls=calls)
    if spec.compare is not None and spec.compare.says:
        said = both("value_check.words", sentence=said, words=spec.compare.says)
    if spec.budget != DEFAULT_BUDGET:
        seconds = Text(number(spec.budget, "fr"), number(spec.budget, "en"))
        said = both("value_check.budget", sentence=said, seconds=seconds)
    return said


def _as_draw(drawn: Drawn | None) -> Draw | None:
    """`drawn` as a `Draw`: a function of one argument is a generator (`from_random`),
    one of none a strategy factory."""
    if drawn is None or isinstance(drawn, Draw):
        return drawn
    required = [
        p
        for p in inspect.signature(drawn).parameters.values()
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return from_random(drawn) if required else draw(drawn)  # type: ignore[arg-type]  # told apart by arity


class Options(TypedDict, total=False):
    """What a value check says, where its calls come from and how they are made (keyword
    arguments of `value_check` and `arguments_check`).

    Keys:
        says: the check's sentence, `Text(fr, en)` (default: made from the calls).
        value_free: a property a stub has without computing anything (`Check`'s).
        of: the function the check is about, when its question has several (`Check`'s).
        drawn: the TD's generator of calls: a function of a `random.Random` giving one
            (`lambda rng: (rng.randint(0, 18), rng.choice((1, 2)))`), or a Hypothesis
            strategy factory at module level, or its `draw(factory, *args)`: `examples`
            of them are probed after the listed calls, through Hypothesis, and a failure
            is shown shrunk to the smallest Hypothesis finds.
        examples: how many drawn calls (default 10, times the run's `examples_scale`).
        private: a generator `random.Random -> example`: a few calls drawn for this
            submission alone (`probe_private`), after the others.
        as_args: an example -> the call's arguments (default: the example is the tuple).
        func: the student's function when its name is not the reference's.
        budget: seconds each call may take (default 5; the command line's `--timeout`
            wins); said in the sentence when it is not the default.
        board: the position of the argument that is a board: through the TD's
            `to_student`, drawn in the report, shown by its parameter's name (`h(v)`).
        seed: names the draw (default: the check's name).
        ahead: send the calls ahead in one stream (default True; False when the function
            reads a global that another of the calls changes).
        shown: the arguments -> the call as the report shows it (default: the function's
            name, a board by its parameter's name, the other arguments as values).
        fr, en: `says` as two strings, the kit before 0.3 (deprecated, both or neither).
    """

    says: Text | None
    value_free: bool
    of: str
    drawn: Drawn | None
    examples: int
    private: Callable[[random.Random], Example] | None
    as_args: Callable[[Example], tuple[Any, ...]] | None
    func: str
    budget: float
    board: int | None
    seed: str | None
    ahead: bool
    shown: Callable[[tuple[Any, ...]], str] | None
    fr: str
    en: str


def _spec(
    calls: Iterable[Example], reference: Callable[..., Any] | None, options: Options, **judged: Any
) -> SameAsReference:
    listed = tuple(calls)
    drawn = _as_draw(options.get("drawn"))
    if not listed and drawn is None:
        raise ValueError("a value check needs calls, a generator (drawn=), or both")
    return SameAsReference(
        func=options.get("func") or str(getattr(reference, "__name__", "")),
        reference=reference or _unbound,
        calls=listed,
        drawn=drawn,
        examples=options.get("examples", 10),
        private=options.get("private"),
        as_args=options.get("as_args") or _as_is,
        budget=options.get("budget", DEFAULT_BUDGET),
        board=options.get("board"),
        seed=options.get("seed"),
        ahead=options.get("ahead", True),
        names=parameters(reference) if reference is not None else (),
        show_call=options.get("shown"),
        **judged,
    )


def _check(name: str, points: float, spec: SameAsReference, options: Options) -> Check:
    where = f"check {name!r}"
    fr, en = options.get("fr", ""), options.get("en", "")
    if bool(fr) != bool(en):
        raise ValueError(f"{where}: its sentence is needed in French and in English: says=Text(fr, en)")
    says = old_kit.from_pair(fr, en, where, "says", depth=2) or old_kit.as_text(
        options.get("says"), where, "says", depth=2
    )
    if not says and spec.reference is not _unbound:
        says = sentence(spec)
    value_free, of = options.get("value_free", False), options.get("of", "")
    return Check(name, points, spec, says or NOTHING, value_free=value_free, of=of)


def _judged(note: object, where: str) -> Note:
    """A check's `note` as `SameAsReference` keeps it: a `(fr, en)` tuple of the kit
    before 0.3 as its `Text` (said deprecated), a function as it is."""
    return note if callable(note) else old_kit.as_text(note, where, "note", depth=2)


def value_check(
    name: str,
    points: float,
    calls: Iterable[Example] = (),
    *,
    reference: Callable[..., Any] | None = None,
    compare: Comparison = EQUAL,
    arguments: Comparison | None = EQUAL,
    note: Note = None,
    **options: Unpack[Options],
) -> Check:
    """A check that calls the student's function and the reference on the same calls and
    compares their values, and the arguments after each call (an argument the student
    changes where the reference does not is caught).

    Args:
        name: the check's id in its question (JSON `checks[].name`).
        points: what it earns when every call passes.
        calls: calls probed first, in order: tuples of arguments (`[(2,), (0,)]`), or
            examples `as_args` turns into them.
        reference: the reference's function, whose name is the student's (else `func`);
            default: the function of the question it is given to (`question`).
        compare: how the values compare (`EQUAL`, `NUMBER`, `SAME_SET`, `within(...)`,
            `item(...)`, `best_move(...)`, or a `Comparison` of the TD's own).
        arguments: how each argument after the call compares with the reference's after
            the same call (`EQUAL`; with a `board`, the board's way, the others as values);
            None: not judged.
        note: what a wrong value's report says, `Text(fr, en)` (default: the comparison's
            words), or a function of the call's arguments giving it.
        **options: what the check says (`says`, default: made from the calls), `value_free`
            and `of` as `Check`'s; where the calls come from and how they are made
            (`Options`: `drawn`, `examples`, `private`, `as_args`, `func`, `budget`,
            `board`, `seed`, `ahead`, `shown`).

    Raises:
        ValueError: `fr` without `en` or the reverse; neither calls nor a generator.

    Example:
        value_check("all", 2, [(n,) for n in range(30)], reference=ref.coups_possibles, compare=SAME_SET)
    """
    judged = _judged(note, f"check {name!r}")
    spec = _spec(calls, reference, options, compare=compare, arguments=arguments, note=judged)
    return _check(name, points, spec, options)


def arguments_check(
    name: str,
    points: float,
    calls: Iterable[Example] = (),
    *,
    equal: Comparison = EQUAL,
    why: Text | None = None,
    reference: Callable[..., Any] | None = None,
    note: Note = None,
    **options: Unpack[Options],
) -> Check:
    """A check of the arguments alone: after each call, each argument is what the
    reference leaves. "Does not change its argument" where the reference does not change
    it (a stub passes that too: declare it `value_free=True`), "the board after the call
    is the expected one" where the reference plays on it.

    Args: as `value_check`'s, and
        equal: how an argument after the call compares with the reference's (`EQUAL`,
            or a `Comparison` of the TD's own boards: with a `board`, for it alone).
        why: added to the note after the argument (`Text(" (copier le plateau)", ...)`).
        note: what a wrong argument's report says instead, `Text(fr, en)`, or a function
            of the call's arguments giving it (default: "f ne doit pas modifier v : voici v
            après l'appel", or "après l'appel, v doit être tel que le laisse la correction").

    Example:
        arguments_check("unchanged", 0.25, [(page_board(),)], reference=ref.h, board=0, value_free=True)
    """
    where = f"check {name!r}"
    added = old_kit.as_text(why, where, "why", depth=1)
    spec = _spec(
        calls, reference, options, compare=None, arguments=equal, why=added, note=_judged(note, where)
    )
    return _check(name, points, spec, options)


def bound(check: Check, functions: Sequence[Callable[..., Any]]) -> Check:
    """`check`, given the reference function of its question when it was given none: the
    one its `of` names, else the question's first."""
    spec = check.run
    if not isinstance(spec, SameAsReference) or spec.reference is not _unbound:
        return check
    by_name = {getattr(f, "__name__", ""): f for f in functions}
    reference = by_name.get(check.of) or functions[0]
    spec = replace(
        spec,
        reference=reference,
        func=spec.func or getattr(reference, "__name__", ""),
        names=parameters(reference),
    )
    return replace(check, run=spec, says=check.says or sentence(spec))


def question(id: str, *parts: Callable[..., Any] | Check, title: str = "") -> Question:
    """A question of the reference's functions, then its checks: the functions' names are
    the names the question needs (one spelling each; `Question` itself for aliases and
    manual questions), joined as its title. A value check given no reference function
    takes the question's first (or the one its `of` names).

    Example:
        question("Q3", ref.est_fini, value_check("all", 3, [(n,) for n in range(20)]))
    """
    functions = [p for p in parts if not isinstance(p, Check)]
    if not functions:
        raise ValueError(f"question {id}: name its reference function(s) before its checks")
    names = tuple((getattr(f, "__name__", str(f)),) for f in functions)
    checks = tuple(bound(p, functions) for p in parts if isinstance(p, Check))
    return Question(id, title or ", ".join(n[0] for n in names), names, checks)
