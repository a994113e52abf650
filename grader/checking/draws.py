"""The examples a check draws: described lazily, shipped as data, drawn by Hypothesis
only when they are not shipped (and, in `checking.sampling`, to shrink a failure no shipped
ladder example shows).

A check names its examples with a `Draw` (a strategy factory and its arguments), not a
built strategy: building one imports Hypothesis, and drawing costs more than
probing. The examples the seeded draw gives are stored per exercise package in
`drawn_examples.json`, written by `python -m tools.draw_examples write` with the same
seeds and settings, and read here on first use: the same examples on every machine,
whatever Hypothesis version is installed (docs/explanation/performance.md#reference-work-done-once).

Each entry also has a ladder: a few dozen distinct examples of the same strategy, ordered
by the exercise's `example_size`, smallest first. A check that fails on a drawn example
probes the ladder's examples smaller than it before asking Hypothesis to shrink
(`CheckContext.for_all`).
"""

from __future__ import annotations

import json
import logging
import math
import random
import sys
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .reference_cache import handed_to_all

if TYPE_CHECKING:
    import hypothesis
    from hypothesis.strategies import SearchStrategy

log = logging.getLogger(__name__)

SHIPPED = "drawn_examples.json"
"""The file of an exercise package holding its drawn examples."""


@dataclass(frozen=True)
class Draw:
    """A Hypothesis strategy, described: `factory(*args, **kwargs)` builds it.

    Its `key` names it in the shipped file, so the factory must be a module-level
    function whose result depends on its arguments only."""

    factory: Callable[..., SearchStrategy[Any]]
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()

    @property
    def key(self) -> str:
        given = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs]
        return f"{self.factory.__module__}.{self.factory.__qualname__}({', '.join(given)})"

    def strategy(self) -> SearchStrategy[Any]:
        return self.factory(*self.args, **dict(self.kwargs))

    @property
    def package(self) -> str:
        """The package whose shipped file holds these examples: the factory's module's
        package (the module itself when it is a package's `__init__`)."""
        module = self.factory.__module__
        if hasattr(sys.modules.get(module), "__path__"):
            return module
        return module.rpartition(".")[0]


def draw(factory: Callable[..., SearchStrategy[Any]], *args: Any, **kwargs: Any) -> Draw:
    """`Draw(factory, args, kwargs)`, written as the call it stands for."""
    return Draw(factory, args, tuple(sorted(kwargs.items())))


def from_random(generate: Callable[[random.Random], Any]) -> Draw:
    """The examples `generate(rng)` gives, drawn through Hypothesis (`st.randoms()`): a
    generator written with `random.Random` alone (`rng.randint`, `rng.choice`...) whose
    failures Hypothesis still shrinks, by shrinking the numbers `rng` gave. Named, in the
    shipped file, by the generator's module, name and line (a lambda has no other name)."""

    def factory() -> SearchStrategy[Any]:
        from hypothesis import strategies as st

        return st.randoms(use_true_random=False, note_method_calls=False).map(generate)

    code = getattr(generate, "__code__", None)
    line = f"@{code.co_firstlineno}" if code is not None else ""
    factory.__module__ = getattr(generate, "__module__", None) or __name__
    factory.__qualname__ = f"{getattr(generate, '__qualname__', 'generator')}{line}"
    return Draw(factory)


def entry(seed: str, count: int, spec: Draw) -> str:
    """The key of one `for_all`'s examples in the shipped file (`seed`: the sampling's,
    the check's name unless the check names another)."""
    return f"{seed} {count} {spec.key}"


# -- JSON, keeping what JSON loses: tuples, infinities, dict keys that are not strings
def encode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, frozenset):
        return {"frozenset": sorted((encode(v) for v in value), key=repr)}
    raise TypeError(f"a drawn example holds a {type(value).__name__}: not stored")


_JSON_LEAVES = frozenset({int, float, str, bool, type(None)})


def decode(value: Any) -> Any:
    if isinstance(value, list):
        if _JSON_LEAVES.issuperset(map(type, value)):
            return list(value)  # a board's row: copied in one call, not item by item
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    (tag, inner), *_ = value.items()
    if tag == "float":
        return float(inner)
    if tag == "tuple":
        return tuple([decode(v) for v in inner])
    if tag == "dict":
        return {decode(k): decode(v) for k, v in inner}
    if tag == "frozenset":
        return frozenset(decode(v) for v in inner)
    raise ValueError(f"unknown tag {tag!r} in a shipped example")


# -- the shipped files -----------------------------------------------------------
class _Sections:
    """A shipped file's top-level members, parsed in the file's order as far as the one
    asked for: the ladders, which follow the examples and are most of the file, are
    parsed only when a failure needs one."""

    _decoder = json.JSONDecoder()

    def __init__(self, text: str):
        self.text = text
        self.parsed: dict[str, Any] = {}
        self.at = -1  # where the next member starts; -1: none left ("" has none)
        if text.strip():
            self.at = self._past("{", self._after(0))
            if self._char(self.at) == "}":
                self.at = -1

    def _after(self, index: int) -> int:
        """`index` moved past JSON whitespace."""
        while self._char(index) in (" ", "\t", "\n", "\r"):
            index += 1
        return index

    def _char(self, index: int) -> str:
        return self.text[index] if index < len(self.text) else ""

    def _past(self, char: str, index: int) -> int:
        if self._char(index) != char:
            raise ValueError("a shipped file is one JSON object")
        return self._after(index + 1)

    def get(self, section: str) -> Any:
        while section not in self.parsed and self.at >= 0:
            key, at = self._decoder.raw_decode(self.text, self.at)
            value, at = self._decoder.raw_decode(self.text, self._past(":", self._after(at)))
            if type(key) is not str:
                raise ValueError("a shipped file is one JSON object")
            self.parsed[key] = value
            at = self._after(at)
            self.at = -1 if self._char(at) == "}" else self._past(",", at)
        return self.parsed.get(section)


_SHIPPED: dict[str, _Sections] = {}
_DRAWN: dict[str, list[Any]] = {}
_DRAWN_TEXTS: dict[str, tuple[list[Any], list[str]]] = {}
"""Entry -> (its drawn examples as shipped, the shipped JSON text of each), which
`distinct` compares instead of encoding the examples again."""
_LADDERS: dict[str, list[Any]] = {}

EXAMPLES, LADDERS = "examples", "ladders"
"""The sections of a shipped file: each entry's drawn examples, and its ladder."""

RECORDING: dict[str, dict[str, dict[str, list[Any]]]] | None = None
"""Set by the generator (tools/draw_examples.py): every draw is made by Hypothesis and
recorded here, by package, section (EXAMPLES, LADDERS) then entry, encoded; the shipped
files are not read."""

PROBE_LADDERS = False
"""Set by the generator while it grades the references: every ladder example is probed
too, so that the reference values its probes need are recorded (puissance4)."""

LADDER_DRAWS = 300
"""Draws of Hypothesis a ladder is chosen from (its own seed: the sampling's + " ladder")."""
LADDER_LENGTH = 40
"""Examples in a ladder at most: each costs a call into student code when a check fails."""
PER_SIZE = 3
"""Examples in a ladder whose sizes start alike (the same tokens, whatever the depth),
at most: the ladder climbs through many sizes."""


def shipped_path(package: str) -> Path | None:
    module = sys.modules.get(package)
    where = getattr(module, "__file__", None)
    return Path(where).parent / SHIPPED if where else None


def _shipped(package: str, section: str = EXAMPLES) -> dict[str, Any]:
    if package not in _SHIPPED:
        path = shipped_path(package)
        try:
            text = path.read_text("utf-8") if path else ""
        except FileNotFoundError:
            text = ""
        _SHIPPED[package] = _Sections(text)
    found: dict[str, Any] = _SHIPPED[package].get(section) or {}
    return found


def drawn_examples(spec: Draw, count: int, seed: str) -> list[Any]:
    """The examples of one `for_all`: shipped, else drawn by Hypothesis once per process.

    Kept pristine: probes get copies."""
    name = entry(seed, count, spec)
    if name not in _DRAWN:
        shipped = None if RECORDING is not None else _shipped(spec.package).get(name)
        if shipped is not None:
            _DRAWN[name] = decode(shipped)
            # What `example_text` gives for each: the stored form is `encode`'s already.
            _DRAWN_TEXTS[name] = (_DRAWN[name], [json.dumps(item, sort_keys=True) for item in shipped])
        else:
            log.debug("examples of %s not shipped: drawn by Hypothesis", name)
            _DRAWN[name] = hypothesis_draw(spec.strategy(), count, seed)
            if RECORDING is not None:
                RECORDING.setdefault(spec.package, {}).setdefault(EXAMPLES, {})[name] = encode(_DRAWN[name])
    return _DRAWN[name]


def distinct(examples: list[Any], texts: Sequence[str] | None = None) -> list[Any]:
    """`examples` without those equal to an earlier one, in their order.

    Hypothesis draws a small space with replacement (the empty board at depth 3 twice in
    puissance4's `maximin_random`, 7 repeats in 20 of domineering's `legal`): a repeat
    asks the student's code the same question again, at full cost, and tells nothing a
    function that answers the same question the same way has not already said. Equal:
    the same shipped encoding (types included, `3` is not `3.0`): `texts`, each
    example's `example_text` when known (as shipped), else worked out here."""
    seen: set[str] = set()
    kept = []
    for index, example in enumerate(examples):
        try:
            code = texts[index] if texts is not None else example_text(example)
        except TypeError:  # not storable (a generator's own draw): kept
            kept.append(example)
            continue
        if code not in seen:
            seen.add(code)
            kept.append(example)
    return kept


_DISTINCT: dict[str, tuple[list[Any], list[Any]]] = {}
"""Entry -> (its drawn examples, those without repeats): worked out again when the
drawn list is another (the generator draws afresh)."""


def distinct_examples(spec: Draw, count: int, seed: str) -> list[Any]:
    """`drawn_examples` without repeats (`distinct`), worked out once per draw."""
    drawn = drawn_examples(spec, count, seed)
    name = entry(seed, count, spec)
    known = _DISTINCT.get(name)
    if known is None or known[0] is not drawn:
        shipped = _DRAWN_TEXTS.get(name)
        known = _DISTINCT[name] = (
            drawn,
            handed_to_all(distinct(drawn, shipped[1] if shipped and shipped[0] is drawn else None)),
        )
    return known[1]


Size = Callable[[Any], tuple[int, ...]]
"""An exercise's measure of an example (`Exercise.example_size`): smaller is simpler."""


def ladder(spec: Draw, count: int, seed: str, size: Size) -> list[Any]:
    """The ladder of one `for_all`'s entry: shipped, else [] (a failure is then shrunk
    by Hypothesis alone). The generator draws it (`build_ladder`) and records it.

    Kept pristine: probes get copies."""
    name = entry(seed, count, spec)
    if name not in _LADDERS:
        if RECORDING is not None:
            drawn = hypothesis_draw(spec.strategy(), LADDER_DRAWS, ladder_seed(seed))
            _LADDERS[name] = handed_to_all(build_ladder(drawn, size))
            RECORDING.setdefault(spec.package, {}).setdefault(LADDERS, {})[name] = encode(_LADDERS[name])
        else:
            shipped = _shipped(spec.package, LADDERS).get(name)
            _LADDERS[name] = handed_to_all(decode(shipped) if shipped is not None else [])
    return _LADDERS[name]


def ladder_seed(seed: str) -> str:
    """What seeds a ladder's draw: not the check's own draw, whose examples it would repeat."""
    return f"{seed} ladder"


def ladder_order(size: Size) -> Callable[[Any], tuple[tuple[int, ...], str]]:
    """A ladder's order: the exercise's size, then the example's JSON text (stable)."""
    return lambda example: (size(example), example_text(example))


def example_text(example: Any) -> str:
    """An example as its shipped JSON text: equal texts, equal examples (types included,
    `3` is not `3.0`). A TypeError for what cannot be stored."""
    return json.dumps(encode(example), sort_keys=True)


def build_ladder(drawn: Sequence[Any], size: Size) -> list[Any]:
    """A ladder from what Hypothesis drew: distinct examples, smallest first, at most
    PER_SIZE whose sizes start alike and LADDER_LENGTH in all (the smallest are kept)."""
    order = ladder_order(size)
    distinct = {order(example)[1]: example for example in drawn}
    chosen: list[Any] = []
    per_size: dict[int, int] = {}
    for example in sorted(distinct.values(), key=order):
        first = size(example)[0]
        if per_size.get(first, 0) < PER_SIZE and len(chosen) < LADDER_LENGTH:
            per_size[first] = per_size.get(first, 0) + 1
            chosen.append(example)
    return chosen


def first_board(example: Any) -> Sequence[Sequence[Any]] | None:
    """The first board in an example (depth first; a list or tuple of rows, each a list or
    tuple of numbers), or None: what the exercises' `example_size` measure."""
    if isinstance(example, dict):
        example = list(example.values())
    if not isinstance(example, (list, tuple)):
        return None
    if example and all(
        isinstance(row, (list, tuple)) and row and all(isinstance(c, (int, float)) for c in row)
        for row in example
    ):
        return example
    for item in example:
        found = first_board(item)
        if found is not None:
            return found
    return None


def marked(board: Sequence[Sequence[Any]], blank: int) -> int:
    """The cells of a board that are not `blank` (tokens, marks, dominoes' squares)."""
    return sum(1 for row in board for cell in row if cell != blank)


# -- Hypothesis, imported only here and in `shrink_settings` ------------------------------
def hypothesis_settings(count: int) -> hypothesis.settings:
    """The settings of a check's draw, and of the shrink that follows its failure."""
    import hypothesis

    return hypothesis.settings(
        max_examples=count,
        database=None,
        deadline=None,
        derandomize=False,
        phases=[hypothesis.Phase.generate, hypothesis.Phase.shrink],
    )


def seeded(seed: str) -> random.Random:
    """A sampling's random source, from its seed: a grade never changes between two runs."""
    return random.Random(zlib.crc32(seed.encode()))


def hypothesis_draw(strategy: SearchStrategy[Any], count: int, seed: str) -> list[Any]:
    """What Hypothesis draws for the check: the examples the shrink would try first
    (`seed` seeds the draw: a ladder's is `ladder_seed(seed)`)."""
    import copy

    import hypothesis

    drawn: list[Any] = []

    def collect(example: Any) -> bool:
        drawn.append(copy.deepcopy(example))
        return False

    try:
        hypothesis.find(strategy, collect, settings=hypothesis_settings(count), random=seeded(seed))
    except hypothesis.errors.NoSuchExample:
        pass
    return drawn
