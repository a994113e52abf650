"""The mutation inputs of the TP on the chocolate-bar game: its calls, its questions
and the answers it accepts (`grader.mutation.inputs.ExerciseSpec`)."""

from __future__ import annotations

import random
from typing import Any

from ..differential import Call, Outcome, equal
from ..inputs import ExerciseSpec


def _ch_calls(ref: Any, rng: random.Random) -> list[Call]:
    calls = []
    for m in range(1, 8):
        for n in range(1, 8):
            for p in (1, 2):
                calls.append(Call("minimax_rec", ({}, m, n, p)))
            calls.append(Call("minimax", (m, n)))
    calls.append(Call("minimax_rec", ({}, 5, 7, 1), count="minimax_rec"))
    # A dictionary already holding states (the memo the sheet passes along).
    dic: dict[Any, Any] = {}
    ref.minimax_rec(dic, 4, 3, 1)
    calls.append(Call("minimax_rec", (dic, 6, 5, 1)))
    calls += [
        Call("minimax_rec", ({}, 30, 30, 1)),
        Call("minimax", (30, 30)),
        Call("minimax_rec", ({}, 25, 12, 2)),
    ]
    return calls


def _ch_normal(entry: Any, state: Any, reduit_m: Any) -> Any:
    """(winner, move) with the move replaced by what the sheet asks: in a winning state
    the bar it leaves (must be a square), in a losing state anything ('*')."""
    m, n, p = state
    try:
        winner, move = entry
    except (TypeError, ValueError):
        return ("bad", repr(entry))
    if winner != p:
        return (winner, "*")
    try:
        d, k = move
        left = (m - k, n) if d == reduit_m else (m, n - k)
    except (TypeError, ValueError):
        return (winner, ("bad", repr(move)))
    ok = k >= 1 and left[0] >= 1 and left[1] >= 1 and left[0] == left[1]
    return (winner, "square" if ok else ("bad", left))


def _ch_compare(ref: Any, call: Call, expected: Outcome, got: Outcome) -> str:
    """The winners exactly; in winning states a move leaving a square bar (with `d` read
    either way, since the sheet lets the student choose its encoding); losing states'
    moves are free."""
    if equal(expected, got):
        return "same"
    if expected.kind != got.kind or expected.kind != "value" or not equal(expected.count, got.count):
        return "differs"

    def normal(outcome: Outcome, reduit_m: Any) -> Any:
        if call.func == "minimax_rec":
            dic, m, n, p = outcome.args_after
            value = _ch_normal(outcome.value, (m, n, p), reduit_m)
        else:
            dic, value = outcome.value, None
        if not isinstance(dic, dict):
            return ("bad", value)
        return value, {
            k: _ch_normal(v, k, reduit_m) if isinstance(k, tuple) and len(k) == 3 else ("bad",)
            for k, v in dic.items()
        }

    want = normal(expected, True)
    if any(equal(want, normal(got, reading)) for reading in (True, False)):
        return "alternative"
    return "differs"


SPEC = ExerciseSpec(
    "chocolat",
    {"minimax_rec": "Q1", "minimax": "Q2"},
    helpers={"adversaire", "coups", "jouer", "REDUIT_M"},
    build_calls=_ch_calls,
    comparators={"minimax_rec": _ch_compare, "minimax": _ch_compare},
)
