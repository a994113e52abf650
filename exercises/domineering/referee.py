"""Games between the student's strategie_minmax and random play, refereed here.

The grader holds the board, draws the opponent's moves, checks every move and counts
the wins; the worker is only asked "your move on this board" (one call per move, on
a fresh copy in the submission's representation). Nothing the strategy does in the
worker can change the board, the opponent or the count.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from grader.kit import CallFailed, CallTimeout, CheckContext, Text, as_cell, show
from reference import domineering as ref

from .positions import SubmissionState

MOVE_BUDGET = 10.0
"""Budget of one move (a depth-2 search on 5 x 5)."""


@dataclass(frozen=True)
class Illegal:
    board: list[list[int]]
    player: int
    move: str
    """The move as the student's function returned it, shown."""


@dataclass(frozen=True)
class DuelResult:
    wins: int
    games: int
    illegal: Illegal | None = None


def duel(
    ctx: CheckContext[SubmissionState],
    empty: list[list[int]],
    games: int,
    seat: int,
    budget: float,
    shown: Any,
) -> DuelResult:
    """`games` games from `empty` (reference data), strategie_minmax playing as `seat`.

    The opponent draws from its own generator, seeded per game, as the sheet's random
    strategy would, in the reference's order of moves: the same games on every run.
    A strategy that answers None (every move loses at its horizon) loses that game.
    `budget` is the time of all the strategy's moves of these games together."""
    deadline = time.monotonic() + budget
    wins = 0
    for k in range(games):
        rng = random.Random(104729 * k + seat)
        v = [row[:] for row in empty]
        joueur = 0
        while True:
            moves = ref.coups_possibles(v, joueur)
            if not moves:
                break
            if joueur == seat:
                raw = _ask(ctx, v, joueur, deadline, shown, _out_of_time(games, budget))
                if raw is None:
                    break
                move = as_cell(raw)
                if move not in moves:
                    return DuelResult(wins, k, Illegal([row[:] for row in v], joueur, show(raw)))
            else:
                move = rng.choice(moves)
            assert move is not None  # a legal move (checked above)
            ref.placer(v, move[0], move[1], joueur)
            joueur = 1 - joueur
        if not moves and joueur != seat:
            wins += 1
    return DuelResult(wins, games)


def _ask(
    ctx: CheckContext[SubmissionState],
    v: list[list[int]],
    joueur: int,
    deadline: float,
    shown: Any,
    games_late: Text,
) -> Any:
    left = max(deadline - time.monotonic(), 0.05)  # spent: the next call times out at once
    try:
        return ctx.value(
            "strategie_minmax", ctx.as_student(v), joueur, board=v, budget=min(MOVE_BUDGET, left)
        )
    except CallFailed as exc:
        exc.evidence.call = shown  # the games, not one move: the board shows where it failed
        if isinstance(exc.failure, CallTimeout) and exc.failure.loop is None:
            # the failure names the seconds of this move's call, not what the games had
            exc.evidence.note = games_late if left < MOVE_BUDGET else MOVE_LATE
        raise


MOVE_LATE = Text(
    f"un coup (le plateau ci-dessous) a pris plus de {MOVE_BUDGET:g} s, le temps d'un coup",
    f"one move (the board below) took more than {MOVE_BUDGET:g} s, the time one move has",
)


def _out_of_time(games: int, budget: float) -> Text:
    return Text(
        f"les coups de strategie_minmax de ces {games} parties ont pris plus de {budget:g} s en "
        "tout (la dernière arrêtée sur le plateau ci-dessous)",
        f"strategie_minmax's moves in these {games} games took more than {budget:g} s in all "
        "(the last one stopped on the board below)",
    )
