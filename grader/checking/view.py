"""The student's namespace as the checks see it: names resolved, calls wrapped.

A `StudentView` stands between the checks and the session running the student's code:
it resolves the sheet's names to the spellings the submission uses (`aliases`), gives
every call the budget the command line chose (`call_budget`), and calls a search that
requires `alpha`, `beta` parameters the sheet does not have with `-inf`, `+inf`
(`with_bounds`), as a teacher would.
"""

from __future__ import annotations

import inspect
from collections import deque
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from ..errors import StudentFailure
from ..model.results import Place, Unreached
from ..sandbox.manage.calls import Call, CallResult, Names
from ..sandbox.manage.session import StudentSession
from ..sandbox.worker.wire import Ref
from . import worker_side
from .plan import Prefetched


class StudentView:
    """The student's namespace as the checks see it: names resolved, calls wrapped."""

    def __init__(
        self,
        session: StudentSession,
        names: Names,
        call_budget: float | None,
        places: dict[str, Place] | None = None,
        unreached: Mapping[str, Unreached] | None = None,
    ):
        self.session = session
        self.defined = names.kinds
        self.uses = names.uses
        """For each student function, the global names its code refers to."""
        self.call_budget = call_budget
        """The budget of every call into student code when the command line sets one
        (`--timeout`); None: each call's own."""
        self.aliases: dict[str, str] = {}
        self.places = places or {}
        """Cell label (as the worker names the file of a traceback) -> where that cell sits."""
        self.unreached: Mapping[str, Unreached] = unreached or {}
        """Names defined in a cell that stopped before defining them (`grader.reading.unreached`)."""
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

    def unreached_of(self, spellings: Sequence[str]) -> Unreached | None:
        """Where a missing name (any of its spellings) is defined in a cell that stopped
        before defining it, if it is."""
        return next((self.unreached[name] for name in spellings if name in self.unreached), None)

    def close_names(self, name: str) -> list[str]:
        """Defined names that look like `name` (a missing name's suggestions)."""
        import difflib  # only for a missing name: most submissions have none

        return difflib.get_close_matches(name, list(self.defined), n=3, cutoff=0.6)

    def call(
        self, func: str, *args: Any, budget: float = 5.0, keep_args: bool = False, count: tuple[str, ...] = ()
    ) -> CallResult:
        name = self.aliases.get(func, func)
        budget = self.call_budget or budget
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
            budget = self.call_budget or c.budget
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
                    self.define_worker_side(worker_side)
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
        """A worker-side module, sent as its source: the worker cannot import the
        grader (its packages are blocked there), so the module is self-contained."""
        self.define_helpers(module_source(module))


_SOURCES: dict[tuple[str, str | None], str] = {}


def module_source(module: ModuleType) -> str:
    """A module's source (a worker-side module's, a reference's), read once per process
    from its loader, as the import read it (`inspect.getsource` would first map every
    module loaded to its file). Kept by name and file: two packages may name a module
    alike (two courses' `allumettes_td.reference`)."""
    name = module.__name__
    key = (name, getattr(module, "__file__", None))
    if key not in _SOURCES:
        get_source = getattr(module.__spec__.loader, "get_source", None) if module.__spec__ else None
        source = get_source(name) if get_source is not None else None
        _SOURCES[key] = source if source is not None else inspect.getsource(module)
    return _SOURCES[key]


def _bound(parameter: str) -> float | None:
    """-inf for a parameter named like alpha, +inf for one named like beta, else None."""
    name = parameter.lower().strip("_")
    if name in ("alpha", "a", "alpha0", "alfa"):
        return float("-inf")
    if name in ("beta", "b", "beta0"):
        return float("inf")
    return None
