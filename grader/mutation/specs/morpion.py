"""The mutation inputs of the tic-tac-toe minimax article: its calls, its questions
and the answers it accepts (`grader.mutation.inputs.ExerciseSpec`)."""

from __future__ import annotations

import random
from typing import Any

from ..differential import Call
from ..inputs import ExerciseSpec, unordered, with_value


def _mo_games(ref: Any, rng: random.Random, count: int, stop_at_win: bool) -> list[tuple[list[Any], int]]:
    """(state, player to move) after legal random play, either player starting."""
    out = []
    for _ in range(count):
        state = [[0] * 3 for _ in range(3)]
        player = rng.choice((-1, 1))
        for _ in range(rng.randint(0, 9)):
            cells = ref.empty_cells(state)
            if not cells or ref.game_over(state):
                break
            if not stop_at_win:
                safe = [c for c in cells if not ref.wins(ref._played(state, c[0], c[1], player), player)]
                if not safe:
                    break
                cells = safe
            x, y = rng.choice(cells)
            state[x][y] = player
            player = -player
        out.append((state, player))
    return out


def _mo_calls(ref: Any, rng: random.Random) -> list[Call]:
    calls = []
    empty = [[0] * 3 for _ in range(3)]
    full_draw = [[1, -1, 1], [1, -1, -1], [-1, 1, 1]]
    lines = []
    for line in ref.LINES:  # each line completed by each player
        for holder in (1, -1):
            state = [[0] * 3 for _ in range(3)]
            for x, y in line:
                state[x][y] = holder
            others = list(ref.empty_cells(state))[:2]
            for x, y in others:
                state[x][y] = -holder
            lines.append((state, -holder))
    positions = [(empty, 1), (empty, -1), (full_draw, 1)] + lines + _mo_games(ref, rng, 200, True)
    for state, player in positions:
        calls += [
            Call("wins", (state, 1)),
            Call("wins", (state, -1)),
            Call("evaluate", (state,)),
            Call("game_over", (state,)),
            Call("empty_cells", (state,)),
        ]
        for x in range(3):
            for y in range(3):
                calls.append(Call("valid_move", (x, y), set_globals={"board": state}, watch=("board",)))
                calls.append(Call("set_move", (x, y, player), set_globals={"board": state}, watch=("board",)))
    quiet = [(s, p) for s, p in _mo_games(ref, rng, 200, False) if not ref.game_over(s)]
    searches = [(s, p) for s, p in quiet if 1 <= len(ref.empty_cells(s)) <= 7][:50]
    searches += [(s, p) for s, p in lines[:8]] + [(full_draw, 1)]
    searches += [(s, p) for s, p in quiet if len(ref.empty_cells(s)) == 8][:2]
    for state, player in searches:
        calls.append(Call("minimax", (state, len(ref.empty_cells(state)), player)))
    return calls


def _mo_minimax(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    state, _, player = call.args
    if not (isinstance(got, list) and len(got) == 3) or got[2] != expected[2]:
        return False
    if expected[:2] == [-1, -1]:
        return False  # a leaf: [-1, -1, score] is the answer
    return (got[0], got[1]) in ref.optimal_moves(state, player)


def _mo_game_over(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    state = call.args[0]
    return not ref.empty_cells(state) and expected is False and got is True  # decision: full = over


def _mo_truth(ref: Any, call: Call, expected: Any, got: Any) -> bool:
    """True/False, 1/0, or None for False (docs/reference/exercises/morpion.md: decisions)."""
    if not isinstance(expected, bool) or not (got is None or type(got) in (bool, int)):
        return False
    return bool(got) == expected and (got is not None or expected is False)


SPEC = ExerciseSpec(
    "morpion",
    {
        "wins": "Q1",
        "evaluate": "Q2",
        "game_over": "Q3",
        "empty_cells": "Q4",
        "valid_move": "Q5",
        "set_move": "Q5",
        "minimax": "Q6",
    },
    helpers={"HUMAN", "COMP"},
    build_calls=_mo_calls,
    comparators={
        "empty_cells": unordered,
        "minimax": with_value(_mo_minimax),
        "game_over": with_value(lambda *a: _mo_game_over(*a) or _mo_truth(*a)),
        "wins": with_value(_mo_truth),
        "valid_move": with_value(_mo_truth),
        "set_move": with_value(_mo_truth),
    },
)
