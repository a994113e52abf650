"""What a submission chose where the sheet leaves it free, learnt once in `prepare` from
its own answers on two small bars: how it writes d (`encoding`) and how it numbers the
second player (`players`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from grader.kit import StudentFailure, StudentView

from . import encoding as d_encoding
from . import players as numbering
from .encoding import Encoding
from .players import Players

PROBE_BARS = ((1, 4), (4, 1))
PREPARE_BUDGET = 2.0


@dataclass(frozen=True)
class Conventions:
    """The submission's encoding of d and numbering of the players."""

    encoding: Encoding = field(default_factory=Encoding)
    players: Players = field(default_factory=Players)


def _probe(view: StudentView, func: str) -> list[tuple[Any, Any, tuple[int, int]]]:
    """(dictionary, value returned, bar) of `func` on each probe bar that answered:
    `minimax_rec({}, m, n, 1)` keeping its dictionary, or `minimax(m, n)`."""
    found = []
    for m, n in PROBE_BARS:
        try:
            if func == "minimax_rec":
                result = view.call(func, {}, m, n, 1, budget=PREPARE_BUDGET, keep_args=True)
                found.append((result.args_after[0] if result.args_after else None, result.value, (m, n)))
            else:
                found.append((view.call(func, m, n, budget=PREPARE_BUDGET).value, None, (m, n)))
        except StudentFailure:
            continue
    return found


def _calls(func: str) -> str:
    return " ; ".join(
        f"{func}({{}}, {m}, {n}, 1)" if func == "minimax_rec" else f"{func}({m}, {n})" for m, n in PROBE_BARS
    )


def prepare(view: StudentView) -> Conventions:
    """Each learnt from minimax_rec on the 1 x 4 and 4 x 1 bars, or from minimax when
    minimax_rec gives nothing to learn from (no move, or no state in its dictionary)."""
    encoding, players = Encoding(), Players()
    for func in ("minimax_rec", "minimax"):
        if not view.has(func):
            continue
        probed = _probe(view, func)
        votes = [vote for dic, value, bar in probed for vote in d_encoding.votes_from(dic, value, bar)]
        if votes and not encoding.learnt and not encoding.conflicting:
            encoding = d_encoding.learn(votes, _calls(func))
        if not players.seen:
            players = numbering.learn([dic for dic, _, _ in probed], _calls(func))
        if (encoding.learnt or encoding.conflicting) and players.seen:
            break
    return Conventions(encoding, players)
