"""How a value check compares the student's answer with the reference's: by name.

A `Comparison` says whether an answer is accepted for a call (`accepts(expected,
obtained, args)`), what the report shows as expected (`shown`), and its words in both
languages (said in the check's sentence and as the note of a failure). The named ones
follow the grading contract's §4 (docs/reference/grading-contract.md): values, not
spellings; order only where the sheet fixes one; optimal, not identical, moves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..model.text import Text
from . import old_kit
from .text import both
from .values import canon, is_number, same, show

Accepts = Callable[[Any, Any, tuple[Any, ...]], bool]
"""(the reference's answer, the student's, the call's arguments) -> accepted."""


@dataclass(frozen=True, init=False)
class Comparison:
    """A way to accept an answer, by name (`EQUAL`, `SAME_SET`, `best_move(...)`...).

    Args:
        name: what it is called (the mutation report names it).
        accepts: (expected, obtained, args) -> whether `obtained` is a right answer.
        says: what it allows or asks, said with the check and when it fails: `Text(fr,
            en)`, or None for nothing to say.
        shown: what the report shows as expected (default: the reference's answer).
        fr, en: `says` as two strings, the kit before 0.3 (deprecated).

    Example:
        AS_BOOL = Comparison("as a boolean", lambda e, o, args: as_bool(o) is e,
                             says=Text("True ou False", "True or False"))
    """

    name: str
    accepts: Accepts
    says: Text | None = None
    shown: Callable[[Any, tuple[Any, ...]], Any] | None = None

    def __init__(
        self,
        name: str,
        accepts: Accepts,
        says: Text | None = None,
        shown: Callable[[Any, tuple[Any, ...]], Any] | None = None,
        *,
        fr: str = "",
        en: str = "",
    ) -> None:
        if fr or en:
            if bool(fr) != bool(en):
                raise ValueError(f"the comparison {name!r} needs its words in French and in English")
            says = old_kit.from_pair(fr, en, f"comparison {name!r}", "says")
        set_field = object.__setattr__  # a frozen dataclass's own fields, set once here
        set_field(self, "name", name)
        set_field(self, "accepts", accepts)
        set_field(self, "says", old_kit.as_text(says, f"comparison {name!r}", "says"))
        set_field(self, "shown", shown)

    def expected(self, expected: Any, args: tuple[Any, ...]) -> Any:
        """What the report shows as expected (a `Text` is shown as a sentence)."""
        return self.shown(expected, args) if self.shown is not None else expected


def _equal(expected: Any, obtained: Any, args: tuple[Any, ...]) -> bool:
    return same(obtained, expected)


EQUAL = Comparison("equal", _equal)
"""Equal as values (`same`): a tuple equals a list, 2 equals 2.0, True equals 1."""

NUMBER = Comparison(
    "number",
    lambda expected, obtained, args: is_number(obtained) and same(obtained, expected),
)
"""A number (not a bool) equal to the reference's: an evaluation, an heuristic."""


def _items(value: Any) -> list[Any] | None:
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    return None


def _key(item: Any) -> Any:
    """An item as a hashable value, compared as `same` compares (tuple = list, 2 = 2.0)."""
    item = canon(item)
    if isinstance(item, list):
        return ("list", tuple(_key(i) for i in item))
    if isinstance(item, dict):
        return ("dict", tuple(sorted((repr(_key(k)), repr(_key(v))) for k, v in item.items())))
    if isinstance(item, (set, frozenset)):
        return ("set", frozenset(_key(i) for i in item))
    try:
        hash(item)
    except TypeError:
        return ("repr", repr(item))
    return item


def _same_set(expected: Any, obtained: Any, args: tuple[Any, ...]) -> bool:
    got, want = _items(obtained), _items(expected)
    if got is None or want is None:
        return False
    keys = [_key(i) for i in got]
    return len(set(keys)) == len(keys) and set(keys) == {_key(i) for i in want}


SAME_SET = Comparison("same set", _same_set, both("comparison.same_set"))
"""The same items in any order, each once (a duplicate is wrong): moves, cells, successors."""


def within(tolerance: float) -> Comparison:
    """A number within `tolerance` of the reference's (floats computed another way)."""

    def accepts(expected: Any, obtained: Any, args: tuple[Any, ...]) -> bool:
        if not (is_number(obtained) and is_number(expected)):
            return False
        return bool(obtained == expected or abs(obtained - expected) <= tolerance)

    return Comparison(f"within {tolerance}", accepts, both("comparison.within", tolerance=tolerance))


def item(index: int, comparison: Comparison = EQUAL) -> Comparison:
    """Only one item of a returned tuple or list, compared by `comparison`: the value of
    a pair `(coup, valeur)` when the move is free."""

    def accepts(expected: Any, obtained: Any, args: tuple[Any, ...]) -> bool:
        if not isinstance(obtained, (list, tuple)) or not isinstance(expected, (list, tuple)):
            return False
        if len(obtained) != len(expected) or not -len(expected) <= index < len(expected):
            return False
        return comparison.accepts(expected[index], obtained[index], args)

    only = both("comparison.item", index=index)
    return Comparison(
        f"item {index} ({comparison.name})",
        accepts,
        both("comparison.item_and", item=only, words=comparison.says) if comparison.says else only,
    )


def all_of(*comparisons: Comparison) -> Comparison:
    """Accepted when every one of `comparisons` accepts (a pair: the value equal, the
    move one of the best)."""
    said = [c.says for c in comparisons if c.says]
    return Comparison(
        " and ".join(c.name for c in comparisons),
        lambda expected, obtained, args: all(c.accepts(expected, obtained, args) for c in comparisons),
        functools.reduce(lambda first, then: both("comparison.all_of", first=first, then=then), said)
        if said
        else None,
    )


def best_move(
    moves: Callable[..., Sequence[Any]], value: Callable[..., Any], compare: Comparison = EQUAL
) -> Comparison:
    """A legal move of the same value as the reference's: `moves(*args)` are the legal
    moves of the call, `value(*args, move)` the value a move leads to (for the player
    to move). The reference's own move is always accepted; `None` only where the
    reference answers `None`.

    Example:
        best_move(moves=lambda n, joueur: ref.coups_possibles(n),
                  value=lambda n, joueur, k: ref.minimax(ref.jouer(n, k), 3 - joueur))
    """

    def best(expected: Any, args: tuple[Any, ...]) -> list[Any]:
        target = value(*args, expected)
        return [m for m in moves(*args) if same(value(*args, m), target)]

    def accepts(expected: Any, obtained: Any, args: tuple[Any, ...]) -> bool:
        if compare.accepts(expected, obtained, args):
            return True
        if expected is None or obtained is None:
            return False
        legal = [m for m in moves(*args) if same(m, obtained)]
        return bool(legal) and same(value(*args, legal[0]), value(*args, expected))

    def shown(expected: Any, args: tuple[Any, ...]) -> Any:
        if expected is None:
            return expected
        among = show(best(expected, args))
        return both("comparison.among", moves=among)

    return Comparison(
        "a legal move of the same value",
        accepts,
        both("comparison.best_move"),
        shown=shown,
    )
