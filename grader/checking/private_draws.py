"""Positions the student's process cannot know in advance (issue 32).

The drawn examples a check probes are shipped with the grader (`grader.checking.draws`), and so
are some of their reference values (puissance4's `reference_values.json`): a submission
can carry a table of them and answer every shipped position right without solving
anything. So a check that compares on positions also probes a few positions drawn for
this submission alone:

- drawn by the exercise's own generator from a `random.Random` seeded in the grader,
  never in the worker, from a keyed BLAKE2 hash (the key: `draw_key`, the machine's or
  the class record's) of a digest of the submission's code (the code of the cells it
  runs: a notebook saved again with other outputs keeps it), a constant salt, the
  check's name and the generator's: the same code gets the same positions and the same
  mark on that machine and in that record, with any Hypothesis (the generators use only
  `random`); without the key no one can tell which positions a code will be asked;
- probed as the check probes any example, after the shipped ones (a bug that a shipped
  example shows is reported as before), their reference computed in the grader.

The runner names the code being graded (`drawing_for`), with the run's key (`keyed`, or
the machine's); outside a grading (a check run in a test) the positions are those of an
empty code, without a key. A generator is
`Callable[[random.Random], example]`, returning an example of the shape the check's
probe takes; `Random`'s `randrange`, `randint`, `choice`, `shuffle` and `random` give
the same numbers on every Python since 3.2 for a given integer seed.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from . import draw_key

try:  # hashlib's own BLAKE2, without hashlib: it loads OpenSSL, 3-10 ms of every run
    from _blake2 import blake2b  # (docs/explanation/performance.md#little-work-before-the-first-cell)
except ImportError:  # a Python built without it
    from hashlib import blake2b

if TYPE_CHECKING:
    from ..sandbox.manage.calls import Call
    from .context import CheckContext

T = TypeVar("T")

SALT = b"minimax-grader private positions, issue 32"
COUNT = 3
"""Positions per check: each costs a call into the student's code and a reference
computed in the grader."""
_CODE: ContextVar[tuple[bytes, bytes]] = ContextVar("private_draws_code", default=(b"", b""))
"""The digest of the code being graded and the key it is drawn with."""
_RUN_KEY: bytes | None = None
"""The key of this run (`keyed`); the machine's when none was given."""


def code_digest(sources: Iterable[str]) -> bytes:
    """The digest of a submission's code: its cells' sources, in order (BLAKE2b: no two
    codes are made to share one, as CRC-32 and Adler-32 were, issue 40)."""
    data = b"\0".join(source.encode("utf-8", "surrogatepass") for source in sources)
    return blake2b(data, digest_size=32).digest()


@contextlib.contextmanager
def keyed(key: bytes) -> Iterator[None]:
    """Inside, every grading of this process (and of the processes it forks) draws with
    `key` (a class record's: `draw_key.record_key`)."""
    global _RUN_KEY
    before, _RUN_KEY = _RUN_KEY, key
    try:
        yield
    finally:
        _RUN_KEY = before


def run_key() -> bytes:
    """The key of this run: the one given (`keyed`), else this machine's."""
    global _RUN_KEY
    if _RUN_KEY is None:
        _RUN_KEY = draw_key.machine_key()
    return _RUN_KEY


@contextlib.contextmanager
def drawing_for(digest: bytes) -> Iterator[None]:
    """Inside, positions are drawn for the code of `digest` (`code_digest`), with the
    run's key."""
    token = _CODE.set((digest, run_key()))
    try:
        yield
    finally:
        _CODE.reset(token)


def generator_name(generate: Callable[..., Any]) -> str:
    """A generator's name, the same in every process (a `functools.partial` with its
    arguments: plain values, whose repr is stable)."""
    if isinstance(generate, functools.partial):
        given = [repr(a) for a in generate.args] + [
            f"{k}={v!r}" for k, v in sorted(generate.keywords.items())
        ]
        return f"{generator_name(generate.func)}({', '.join(given)})"
    return f"{getattr(generate, '__module__', '')}.{getattr(generate, '__qualname__', '?')}"


def seeded(check_name: str, generate: Callable[..., Any], what: str = "") -> random.Random:
    """The random source of one check's private positions for the code being graded."""
    digest, key = _CODE.get()
    material = b"\0".join(
        [SALT, digest, check_name.encode(), generator_name(generate).encode(), what.encode()]
    )
    return random.Random(int.from_bytes(blake2b(material, key=key, digest_size=16).digest(), "big"))


def examples(
    check_name: str, generate: Callable[[random.Random], T], count: int = COUNT, what: str = ""
) -> list[T]:
    """`count` examples of `generate` for this check and the code being graded."""
    rng = seeded(check_name, generate, what)
    return [generate(rng) for _ in range(count)]


def probe_private(
    ctx: CheckContext[Any],
    generate: Callable[[random.Random], Any],
    probe: Callable[[Any], None],
    *,
    count: int = COUNT,
    calls: Callable[[Any], list[Call]] | None = None,
    reads_only: bool = False,
    what: str = "",
) -> None:
    """`probe` on `count` positions drawn for this submission (see the module), as
    `ctx.each` probes examples (their `calls` sent ahead); a failure is shown as it is."""
    found = examples(ctx.check_name, generate, count, what)
    ctx.each(probe, found, calls or (lambda _: []), reads_only=reads_only)
