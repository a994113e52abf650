"""The examples a check probes, and how a failure is made small (`CheckContext.for_all`).

Design note. A check that states a property "for all" positions of a kind probes, in
this order, and stops at the first failure:

1. **Explicit examples**, the ones the check names (the sheet's positions, edge cases),
   probed as they are: a student sees the sheet's own example fail before any other.
2. **Shipped examples**: the seeded draw of the check's `Draw` (`grader.checking.draws`), stored
   with the exercise. The same examples on every machine, whatever Hypothesis version is
   installed, and none imported to grade a right answer; an example equal to an earlier
   one is probed once.
3. **The ladder**, only after a shipped example failed: the entry's shipped ladder (a few
   dozen distinct examples of the same draw, ordered by the exercise's `example_size`),
   its rungs smaller than the failure probed smallest first, their calls sent ahead in
   one stream. The first rung that fails is the one shown. A failure no larger than the
   smallest rung is shown as it is.
4. **Hypothesis**, only when no smaller rung fails and the failure is more than
   `NEAR_BOTTOM` above the smallest rung: `hypothesis.find` shrinks it, stopped after
   `shrink_probes` probes past the first failure (each probe calls the student's code),
   and the smallest failure found is shown.

Why this order: most submissions fail on the sheet's examples or pass everything, and
both cost no drawing and no Hypothesis; a ladder rung costs one call, a Hypothesis probe
a call plus the engine's own work. A timeout or a crash is never shrunk (each probe could
pay the whole budget again): it is reported on the example that showed it.

The seed: every draw, ladder and shrink of one sampling is seeded by its `seed` (the
check's name unless the check samples several families of examples and names each), so
a grade never changes between two runs, and the shipped files are keyed by it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from ..errors import StudentCodeError
from ..sandbox.manage.calls import Call
from . import draws
from .draws import Draw, Size, distinct_examples, hypothesis_settings, seeded
from .verdicts import CallFailed, Mismatch

Probe = Callable[[Any], None]
"""Probes one example: returns when the answer is right, raises `Mismatch` or `CallFailed`."""

Calls = Callable[[Any], list[Call]]
"""The calls a probe of one example makes, in order (sent ahead)."""

Planned = Callable[[Sequence[list[Any]], Calls | None, bool], AbstractContextManager[Callable[[Any], Any]]]
"""`CheckContext.planned`: inside, the calls of the examples of its groups sent ahead;
it gives how each drawn example reaches the probe (itself when read only, else a copy)."""

NEAR_BOTTOM = 2
"""A failure at most this far above the ladder's smallest example (in the leading size:
tokens, marks, cells), none of the smaller rungs failing, is shown as it is: Hypothesis
is not run for it."""

MAX_SHRINK_PROBES = 60
"""Calls into student code spent shrinking one failure: past this, the smallest failing
example found so far is reported (a search probe is costly)."""


class Sampling:
    """One `for_all`: its probe, its seed, and how its examples' calls are planned.

    `seed` names the draw, the ladder and the shrink (`grader.checking.draws.entry`); `size` is
    the exercise's `example_size` (a failure is first shrunk on the shipped ladder)."""

    __slots__ = ("calls", "planned", "probe", "reads_only", "seed", "size")

    def __init__(
        self,
        probe: Probe,
        seed: str,
        planned: Planned,
        size: Size | None = None,
        calls: Calls | None = None,
        reads_only: bool = False,
    ):
        self.probe, self.seed, self.planned = probe, seed, planned
        self.size, self.calls, self.reads_only = size, calls, reads_only

    def run(self, examples_of: Draw, count: int, explicit: list[Any], shrink_probes: int | None) -> None:
        """Probe `explicit`, then `count` examples of `examples_of`; raise the failure
        shown (shrunk as the design note says), or return when every probe passed."""
        drawn = distinct_examples(examples_of, count, self.seed)
        measure = self.size
        if measure is not None and draws.RECORDING is not None:  # the generator: every ladder drawn
            draws.ladder(examples_of, count, self.seed, measure)
        first: Exception | None = None
        example: Any = None
        with self.planned([explicit, drawn], self.calls, self.reads_only) as given:
            for example in explicit:
                self.probe(example)
            for example in drawn:
                try:
                    self.probe(given(example))
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
                ladder = draws.ladder(examples_of, count, self.seed, measure)  # its values recorded
                self.climb(ladder, record=True)
            return
        ladder = draws.ladder(examples_of, count, self.seed, measure) if measure is not None else []
        if measure is not None and ladder:
            size = measure(example)  # the drawn example that failed
            smaller = list(itertools.takewhile(lambda rung: measure(rung) < size, ladder))
            if not smaller:  # as small as anything drawn to make the ladder: shown as it is
                raise first
            found = self.climb(smaller)
            if found is not None:
                raise found
            if size[0] - measure(ladder[0])[0] <= NEAR_BOTTOM:
                # Every smaller size was tried and passed: what Hypothesis finds here is
                # nearly always as big (measured on the corpus), at the cost of its import.
                raise first
        self.shrink(examples_of, count, first, shrink_probes or MAX_SHRINK_PROBES)

    def climb(self, rungs: list[Any], record: bool = False) -> Exception | None:
        """The failure of the first of `rungs` that fails (their calls sent ahead), or None.

        A timeout or a crash is that rung's failure, as in `shrink`: kept, not paid again.
        With `record` (the generator grading a reference), a failure is raised: the
        reference must pass its own ladders."""
        with self.planned([rungs], self.calls, self.reads_only) as given:
            for rung in rungs:
                try:
                    self.probe(given(rung))
                except (Mismatch, CallFailed) as exc:
                    if record:
                        raise
                    return exc
        return None

    def shrink(self, examples_of: Draw, count: int, first: Exception, most: int) -> None:
        """Raise the smallest failure Hypothesis finds in `most` probes past the first
        (`first` when it finds none: a student function that is not deterministic)."""
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
                self.probe(example)
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
                strategy, condition, settings=hypothesis_settings(count), random=seeded(self.seed)
            )
        except _Enough:
            pass
        except hypothesis.errors.NoSuchExample:
            raise first from None  # not found again (a flaky student function): as probed
        except Exception:  # Flaky and friends: a student function that is not deterministic
            if not failures:
                raise first from None
        raise failures[-1]


class _Enough(BaseException):
    """Stops a shrink: Hypothesis lets a BaseException through at once."""
