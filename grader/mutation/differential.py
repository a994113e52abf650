"""Differential testing: run the same calls on the reference and on a mutant, compare.

A call's outcome is what a caller can observe: the value returned (or the exception's
type, or a timeout), the arguments after the call (a function that changes its
argument behaves differently from one that does not), the module globals it is told
to watch (morpion's `board`), which lists/dicts are shared between the value and the
arguments (a copy that aliases is not a copy), and, when asked, how many times a module
function was called (alpha-beta must prune, minimax_rec must memoise).

Mutants run in a forked child with a per-call timer (a mutant may loop forever) and an
address-space limit; the reference's outcomes are computed once, the same way.
"""

from __future__ import annotations

import copy
import multiprocessing
import random
import signal
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

CALL_SECONDS = 3.0
"""Budget of one call of a mutant; the reference's calls take well under 0.5 s."""
MUTANT_SECONDS = 180.0
"""Budget of all the calls of one mutant (the child is killed past it)."""


@dataclass(frozen=True)
class Fn:
    """An argument that is a function of the *reference* (a strategy, the page's `s`)."""

    name: str


@dataclass
class Call:
    """One observation: `func(*args)`, or the value of the global `func` when `value`."""

    func: str
    args: tuple[Any, ...] = ()
    value: bool = False
    set_globals: dict[str, Any] = field(default_factory=dict)
    """Module globals set (deep copies) before the call: morpion's `board`."""
    watch: tuple[str, ...] = ()
    """Module globals read back after the call."""
    count: str | None = None
    """A module function whose calls are counted during the call."""
    seed: int = 0
    """`random` is seeded with this before the call (strategie_aleatoire, jeu)."""


@dataclass(frozen=True)
class Outcome:
    kind: str
    """`value`, `raised`, `timeout`, `import_error`."""
    value: Any = None
    args_after: Any = None
    globals_after: Any = None
    shared: tuple[tuple[str, str], ...] = ()
    count: int | None = None


class _CallTimeout(BaseException):
    """Raised by the timer; a BaseException so that `except Exception` cannot swallow it."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _CallTimeout()


def load(source: str, name: str = "mutant") -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__["__name__"] = name
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


_PLAIN = (int, float, str, bool, type(None))


def plain(x: Any, depth: int = 0) -> Any:
    """Picklable, comparable data; anything else becomes a tag naming its type."""
    if depth > 50:
        return ("<deep>",)
    if isinstance(x, _PLAIN):
        return x
    if isinstance(x, list):
        return [plain(v, depth + 1) for v in x]
    if isinstance(x, tuple):
        return tuple(plain(v, depth + 1) for v in x)
    if isinstance(x, dict):
        return {plain(k, depth + 1): plain(v, depth + 1) for k, v in x.items()}
    if isinstance(x, (set, frozenset)):
        return type(x)(plain(v, depth + 1) for v in x)
    if callable(x):
        return ("<function>", getattr(x, "__name__", "?"))
    return ("<object>", type(x).__name__)


def sharing(root: Any) -> tuple[tuple[str, str], ...]:
    """Pairs of paths in `root` holding the very same mutable container."""
    first: dict[int, str] = {}
    pairs: list[tuple[str, str]] = []

    def walk(x: Any, path: str, depth: int = 0) -> None:
        if depth > 20 or not isinstance(x, (list, dict, set)):
            if isinstance(x, tuple) and depth <= 20:
                for k, v in enumerate(x):
                    walk(v, f"{path}[{k}]", depth + 1)
            return
        if id(x) in first:
            pairs.append((first[id(x)], path))
            return
        first[id(x)] = path
        items: Any = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            walk(v, f"{path}[{k!r}]", depth + 1)

    walk(root, "")
    return tuple(pairs)


def _resolve(x: Any, reference: types.ModuleType) -> Any:
    if isinstance(x, Fn):
        return getattr(reference, x.name)
    return x


def run_call(
    module: types.ModuleType, reference: types.ModuleType, call: Call, seconds: float | None = None
) -> Outcome:
    """One call on `module`, arguments deep-copied (each module gets fresh ones)."""
    seconds = seconds or CALL_SECONDS
    args = tuple(_resolve(a, reference) for a in copy.deepcopy(call.args))
    for name, value in call.set_globals.items():
        setattr(module, name, copy.deepcopy(value))
    counted = getattr(module, call.count, None) if call.count else None
    calls = [0]
    if counted is not None and call.count:

        def counting(*a: Any, **k: Any) -> Any:
            calls[0] += 1
            return counted(*a, **k)

        setattr(module, call.count, counting)
    random.seed(call.seed)
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        value = getattr(module, call.func) if call.value else getattr(module, call.func)(*args)
        kind = "value"
    except _CallTimeout:
        return Outcome("timeout")
    except RecursionError:
        signal.setitimer(signal.ITIMER_REAL, 0)
        return Outcome("raised", "RecursionError")
    except Exception as exc:  # the mutant's own exception is part of its behaviour
        signal.setitimer(signal.ITIMER_REAL, 0)
        value, kind = type(exc).__name__, "raised"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if counted is not None and call.count:
            setattr(module, call.count, counted)
    watched = {name: plain(getattr(module, name, None)) for name in call.watch}
    shared = sharing((value, list(args))) if kind == "value" else ()
    args_after = plain(tuple(a for a, orig in zip(args, call.args, strict=False) if not isinstance(orig, Fn)))
    return Outcome(
        kind, plain(value), args_after, watched or None, shared, calls[0] if counted is not None else None
    )


def run_calls(
    source: str,
    reference_source: str,
    calls: list[Call],
    wanted: set[str] | None,
    stop_at_first: bool = True,
    reference_outcomes: list[Outcome] | None = None,
    comparators: dict[str, Comparator] | None = None,
) -> list[Outcome | None]:
    """Outcomes of `calls` on the module `source`, in this process. Calls of functions
    not in `wanted` (None: all) are skipped (None). With `reference_outcomes`, the calls
    of a function stop at its first difference that `comparators` do not accept (enough
    to know it changed)."""
    reference = load(reference_source, "reference_copy")
    try:
        signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
        try:
            module = load(source)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except BaseException as exc:
        return [Outcome("import_error", type(exc).__name__)] * len(calls)
    outcomes: list[Outcome | None] = []
    differing: set[str] = set()
    for k, call in enumerate(calls):
        if (wanted is not None and call.func not in wanted) or (stop_at_first and call.func in differing):
            outcomes.append(None)
            continue
        outcome = run_call(module, reference, call)
        outcomes.append(outcome)
        if reference_outcomes is not None:
            compare = (comparators or {}).get(call.func, strict)
            if compare(reference, call, reference_outcomes[k], outcome) == "differs":
                differing.add(call.func)
    return outcomes


def _child(
    conn: Any,
    source: str,
    reference_source: str,
    calls: list[Call],
    wanted: set[str] | None,
    reference_outcomes: list[Outcome] | None,
    comparators: dict[str, Comparator] | None,
) -> None:
    import resource  # POSIX: the mutation harness forks (docs/explanation/mutation.md)

    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as f:
            used = int(f.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + (1 << 30), hard))
    except (OSError, ValueError):
        pass
    try:
        result = run_calls(source, reference_source, calls, wanted, True, reference_outcomes, comparators)
    except BaseException as exc:
        result = [Outcome("import_error", type(exc).__name__)] * len(calls)
    conn.send(result)
    conn.close()


def run_isolated(
    source: str,
    reference_source: str,
    calls: list[Call],
    wanted: set[str] | None,
    reference_outcomes: list[Outcome] | None = None,
    comparators: dict[str, Comparator] | None = None,
    seconds: float = MUTANT_SECONDS,
) -> list[Outcome | None]:
    """`run_calls` in a forked child; a child that dies or overruns gives timeouts."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(
        target=_child,
        args=(sender, source, reference_source, calls, wanted, reference_outcomes, comparators),
        daemon=True,
    )
    process.start()
    sender.close()
    result: list[Outcome | None] | None = None
    if receiver.poll(seconds):
        try:
            result = receiver.recv()
        except EOFError:
            result = None
    process.join(1)
    if process.is_alive():
        process.kill()
        process.join()
    if result is None:
        return [Outcome("timeout") if wanted is None or c.func in wanted else None for c in calls]
    return result


Comparator = Callable[[Any, Call, Outcome, Outcome], str]
"""(reference module, call, reference outcome, mutant outcome) -> `same`, `alternative`
(different, but an answer the sheet accepts: another optimal move, another order) or
`differs`."""


def strict(reference: Any, call: Call, expected: Outcome, got: Outcome) -> str:
    return "same" if _equal(expected, got) else "differs"


def _equal(a: Any, b: Any) -> bool:
    """Equality that tells list from tuple and bool from int, and nan from anything."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Outcome):
        return all(
            _equal(getattr(a, f), getattr(b, f))
            for f in ("kind", "value", "args_after", "globals_after", "shared", "count")
        )
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=False))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return bool(a == b)


equal = _equal


@dataclass
class Verdict:
    """What differential testing says of one mutant."""

    changed: set[str]
    """Functions (or globals) with at least one call that `differs`."""
    alternative: set[str]
    """Functions whose only differences are answers the sheet accepts."""
    import_error: bool = False
    example: str = ""
    """The first differing call, for the report."""

    @property
    def behaviour_changing(self) -> bool:
        return bool(self.changed)


def judge(
    reference: Any,
    calls: list[Call],
    expected: list[Outcome],
    got: list[Outcome | None],
    comparators: dict[str, Comparator],
) -> Verdict:
    changed: set[str] = set()
    alternative: set[str] = set()
    example = ""
    import_error = any(o is not None and o.kind == "import_error" for o in got)
    for call, ref, out in zip(calls, expected, got, strict=False):
        if out is None:
            continue
        if out.kind == "import_error":
            changed.add(call.func)
            example = example or f"import fails: {out.value}"
            continue
        verdict = comparators.get(call.func, strict)(reference, call, ref, out)
        if verdict == "differs":
            changed.add(call.func)
            if not example:
                example = _describe(call, ref, out)
        elif verdict == "alternative":
            alternative.add(call.func)
    return Verdict(changed, alternative - changed, import_error, example)


def _describe(call: Call, ref: Outcome, out: Outcome) -> str:
    def short(x: Any) -> str:
        text = repr(x)
        return text if len(text) <= 160 else text[:157] + "..."

    what = call.func if call.value else f"{call.func}({', '.join(short(a) for a in call.args)})"
    parts = []
    for name in ("kind", "value", "args_after", "globals_after", "shared", "count"):
        a, b = getattr(ref, name), getattr(out, name)
        if not _equal(a, b):
            parts.append(f"{name}: {short(a)} -> {short(b)}")
    return f"{what}: " + "; ".join(parts)
