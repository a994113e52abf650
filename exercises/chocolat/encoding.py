"""How the submission writes a move (d, k): which value of d reduces m and which n.

The sheet leaves d free ("par exemple avec un booléen"). On a 1 x k bar every legal
move reduces n, on a k x 1 bar every move reduces m: the d values a submission
stores for those bars tell its encoding without trusting anything else it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.kit import Text, as_pair, show

M, N = 0, 1
"""Which side a move reduces: the first dimension m, or the second n."""


def hashable(value: Any) -> Any:
    """Lists (as a d value may come) turned into tuples, so they can be compared and kept."""
    if isinstance(value, list):
        return tuple(hashable(v) for v in value)
    return value


@dataclass(frozen=True)
class Encoding:
    """The d values learnt from the submission's own moves on 1-wide bars."""

    learnt: tuple[tuple[Any, int], ...] = ()
    """(d value, M or N), one entry per value used consistently for one side."""
    conflicting: tuple[Any, ...] = ()
    """d values the submission used to reduce both m and n."""
    source: str = ""
    """The calls the encoding was learnt from."""

    def side(self, d: Any) -> int | None:
        """Which side `d` reduces, or None when `d` is not understood."""
        d = hashable(d)
        if any(_same_d(d, c) for c in self.conflicting):
            return None
        for value, side in self.learnt:
            if _same_d(d, value):
                return side
        if len(self.learnt) == 1:  # one side learnt: another value of the same type is the other
            value, side = self.learnt[0]
            if type(d) is type(value) or (isinstance(d, (bool, int)) and isinstance(value, (bool, int))):
                return 1 - side
        return None

    def value(self, side: int) -> Any:
        """The d value written for `side`, or None when not learnt."""
        for value, learnt_side in self.learnt:
            if learnt_side == side:
                return value
        return None

    def move_text(self, side: int, k: int) -> str:
        """A move as the submission would write it, e.g. `(True, 2)`."""
        value = self.value(side)
        d = show(value) if value is not None else ("d_m" if side == M else "d_n")
        return f"({d}, {k})"


def _same_d(a: Any, b: Any) -> bool:
    """Equal d values: numbers as Python compares them (True == 1, as the student's own
    `if d == 1` would), anything else only with the same type."""
    numbers = (bool, int, float)
    if isinstance(a, numbers) and isinstance(b, numbers):
        return a == b
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def learn(votes: list[tuple[Any, int]], source: str) -> Encoding:
    """The encoding given (d value, side) observations; a value seen on both sides conflicts."""
    sides: dict[Any, set[int]] = {}
    order: list[Any] = []
    for d, side in votes:
        key = next((k for k in order if _same_d(k, d)), None)
        if key is None:
            order.append(d)
            key = d
        sides.setdefault(key, set()).add(side)
    learnt = tuple((d, next(iter(sides[d]))) for d in order if len(sides[d]) == 1)
    conflicting = tuple(d for d in order if len(sides[d]) > 1)
    return Encoding(learnt, conflicting, source)


def votes_from(entries: dict[Any, Any] | None, returned: Any, bar: tuple[int, int]) -> list[tuple[Any, int]]:
    """(d, side) from every stored move of a 1-wide bar (the only legal side) and the returned move."""
    found: list[tuple[Any, int]] = []
    items = list(entries.items()) if isinstance(entries, dict) else []
    items.append((bar + (1,), returned))
    for key, value in items:
        if not (isinstance(key, tuple) and len(key) == 3):
            continue
        a, b = key[0], key[1]
        if not (isinstance(a, int) and isinstance(b, int)) or (a == 1) == (b == 1):
            continue
        pair = as_pair(value)
        move = as_pair(pair[1]) if pair is not None else None
        if move is not None:
            d = hashable(move[0])
            try:
                hash(d)
            except TypeError:  # a dict or a set as d: not an encoding
                continue
            found.append((d, N if a == 1 else M))
    return found


def describe(encoding: Encoding) -> Text:
    """What was understood of d, in both languages (a note: `kit.note`)."""
    if encoding.conflicting:
        values = ", ".join(show(d) for d in encoding.conflicting)
        return Text(
            f"Codage de d : aucun codage cohérent, d = {values} sert à réduire m (tablette 4 x 1) "
            f"comme n (tablette 1 x 4) ({encoding.source}) ; les coups ne peuvent pas être "
            "validés.",
            f"Encoding of d: no consistent encoding, d = {values} is used to reduce m (4 x 1 bar) "
            f"and n (1 x 4 bar) ({encoding.source}); moves cannot be accepted.",
        )
    if not encoding.learnt:
        return Text(
            "Codage de d inconnu : ni minimax_rec ni minimax n'ont donné de coup sur les tablettes "
            "1 x 4 et 4 x 1 ; les coups ne peuvent pas être validés.",
            "Encoding of d unknown: neither minimax_rec nor minimax gave a move on the 1 x 4 and "
            "4 x 1 bars; moves cannot be accepted.",
        )
    fr, en = [], []
    for d, side in sorted(encoding.learnt, key=lambda entry: entry[1]):
        fr.append(f"d = {show(d)} enlève k à " + ("m (1re dimension)" if side == M else "n (2e dimension)"))
        en.append(
            f"d = {show(d)} removes k from "
            + ("m (first dimension)" if side == M else "n (second dimension)")
        )
    if len(encoding.learnt) == 1:
        other = "n" if encoding.learnt[0][1] == M else "m"
        fr.append(f"toute autre valeur du même type enlève k à {other}")
        en.append(f"any other value of the same type removes k from {other}")
    return Text(
        "Codage de d compris d'après vos coups sur les tablettes 1 x 4 et 4 x 1 "
        f"({encoding.source}) : " + ", ".join(fr) + ".",
        "Encoding of d understood from your moves on the 1 x 4 and 4 x 1 bars "
        f"({encoding.source}): " + ", ".join(en) + ".",
    )
