"""An in-process stand-in for `StudentSession`, for the fast tier of the tests.

It runs the "student" code in this process, but every value crosses the same codec as
with a real worker (`grader.sandbox.worker.wire`): arguments are encoded by the grader's side
and decoded as the worker decodes them (numpy arrays rebuilt, `Ref`s resolved), return
values are encoded as the worker encodes them (aliasing recorded) and decoded as the
grader does. So a check run against it sees exactly the values it would see through a
worker, in milliseconds: enough to test a check against the reference, and against a
one-line bug. There is no isolation and no time limit: only trusted code goes in.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
import traceback
import types
from collections.abc import Iterator, Sequence
from typing import Any

from grader.errors import SizeUnit, StudentCodeError, StudentFailure, ValueTooLarge
from grader.sandbox.manage.calls import Call, CallResult, Names
from grader.sandbox.worker import wire
from grader.sandbox.worker.worker_main import _global_names  # what the worker reports as `uses`

LABEL = "cellule 1"


def _make_array(data: Any, dtype: str) -> Any:
    import numpy

    return numpy.array(data, dtype=dtype or None)


class FakeSession:
    """The student's module `source`, run in this process, answering as a session does."""

    def __init__(self, source: str, module_name: str = "__main__"):
        self.namespace: dict[str, Any] = {"__name__": module_name}
        self.helpers: dict[str, Any] = {
            "student": self.namespace,
            "profiler": {
                "setprofile": sys.setprofile,
                "getprofile": sys.getprofile,
                "settrace": sys.settrace,
            },
        }
        self._tally: list[str] = []
        self.helpers["profiler"]["tally"] = self._tally.append
        self.helper_sources: list[str] = []
        self.seed = 0
        self.streams: list[int] = []
        """The length of each `call_many` asked for (tests count the round trips saved)."""
        exec(compile(source, f"<{LABEL}>", "exec"), self.namespace)

    # -- what StudentView uses -------------------------------------------------------
    def names(self) -> Names:
        kinds = {}
        for name, value in self.namespace.items():
            if name.startswith("__"):
                continue
            kinds[name] = (
                "module"
                if isinstance(value, types.ModuleType)
                else "class"
                if isinstance(value, type)
                else "function"
                if callable(value)
                else "value"
            )
        uses = {
            name: sorted(_global_names(value))
            for name, value in self.namespace.items()
            if isinstance(value, types.FunctionType)
        }
        return Names(kinds, uses)

    def define_helpers(self, source: str) -> None:
        if source not in self.helper_sources:
            exec(compile(source, "<grader>", "exec"), self.helpers)
            self.helper_sources.append(source)

    def get(self, name: str, budget: float = 5) -> Any:
        space, bare = self._space(name)
        if bare not in space:
            raise StudentCodeError("NameError", name)
        return self._to_grader(space[bare])[0]

    def set(self, name: str, value: Any, budget: float = 5) -> None:
        space, bare = self._space(name)
        space[bare] = self._to_worker(value)

    def call(
        self, func: str, *args: Any, budget: float = 5, keep_args: bool = False, count: tuple[str, ...] = ()
    ) -> CallResult:
        self.seed += 1
        space, bare = self._space(func)
        function = space.get(bare)
        if not callable(function):
            raise StudentCodeError("NameError", func)
        sent = self._to_worker(list(args))
        counters = self._count(count)
        self._tally.clear()
        random.seed(self.seed)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                value = function(*sent)
        except Exception as exc:
            raise _code_error(exc) from None
        finally:
            counts = {name: box[0] for name, (_, box) in counters.items()}
            for name, (original, _) in counters.items():
                self.namespace[name] = original
        value, shared = self._to_grader([sent, value] if keep_args else value)
        args_after, value = (value[0], value[1]) if keep_args else (None, value)
        return CallResult(
            value=value,
            args_after=args_after,
            shared=shared,
            counts=counts,
            stdout=out.getvalue(),
            tally=[str(t)[:200] for t in self._tally],
        )

    def call_many(self, calls: Sequence[Call]) -> Iterator[CallResult | StudentFailure]:
        """As the session's: each item one `call`, a failure yielded (a test may stop early:
        the calls not yet taken are then not made here, where a worker may have made them).
        Calls naming a worker's object (a `Ref`) are made one by one there: not a stream."""
        if not wire.request_text({"args": [list(c.args) for c in calls]})[1]:
            self.streams.append(len(calls))
        for c in calls:
            try:
                yield self.call(c.func, *c.args, budget=c.budget, keep_args=c.keep_args, count=c.count)
            except StudentFailure as exc:
                yield exc

    # -- the codec, both ways ------------------------------------------------------------
    def _to_worker(self, value: Any) -> Any:
        text, _ = wire.encode(value)
        return wire.decode(text, make_array=_make_array, resolve_ref=self._resolve)

    def _to_grader(self, value: Any) -> tuple[Any, list]:
        encoder = wire.Encoder()
        try:
            text = encoder.encode(value)
        except wire.TooLarge:
            raise ValueTooLarge(encoder.max_nodes, SizeUnit.VALUES) from None
        return wire.decode(text), wire.decode(wire.Encoder().encode(encoder.shared))

    def _space(self, name: str) -> tuple[dict[str, Any], str]:
        return (self.helpers, name[1:]) if name.startswith("@") else (self.namespace, name)

    def _resolve(self, name: str) -> Any:
        space, bare = self._space(name)
        if bare not in space:
            raise NameError(name)
        return space[bare]

    def _count(self, names: tuple[str, ...]) -> dict[str, tuple[Any, list[int]]]:
        counters = {}
        for name in names:
            original = self.namespace.get(name)
            if callable(original):
                box = [0]

                def counting(*a: Any, __f: Any = original, __box: list[int] = box, **k: Any) -> Any:
                    __box[0] += 1
                    return __f(*a, **k)

                counters[name] = (original, box)
                self.namespace[name] = counting
        return counters


def _code_error(exc: BaseException) -> StudentCodeError:
    """As the worker describes it: the last frame in the student's code gives the line."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == f"<{LABEL}>"]
    line = frames[-1].lineno if frames else None
    return StudentCodeError(type(exc).__name__, str(exc)[:500], line, LABEL if frames else "")
