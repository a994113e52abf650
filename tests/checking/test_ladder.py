"""Shrinking on a shipped ladder (`CheckContext.for_all`, `grader.checking.draws.ladder`): a
failure is shown on the smallest failing ladder example smaller than the drawn one, its
calls sent ahead; Hypothesis shrinks only when no ladder example fails; the ladders are
ordered by the exercise's size, distinct and the same whatever order they are drawn in."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fake_session import FakeSession

from exercises.puissance4.positions import IGNORE_WINS, example_size, games
from grader.checking import draws
from grader.checking.context import CheckContext
from grader.checking.draws import build_ladder, decode, ladder_order
from grader.checking.grading import grade_exercise
from grader.checking.sampling import NEAR_BOTTOM, Sampling
from grader.checking.verdicts import CallFailed, Mismatch, mismatch
from grader.checking.view import StudentView
from grader.errors import CallTimeout
from grader.kit import draw
from grader.model.results import Evidence
from grader.registry import installed

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(ROOT.glob(f"exercises/*/{draws.SHIPPED}"))

# Q4's random games: shipped, with their ladder
SPEC, CHECK, COUNT = draw(games, wins=IGNORE_WINS), "random_games", 15


def tokens(jeu: dict[str, Any]) -> int:
    """Tokens on a game's board, counted here (not with the code under test)."""
    return sum(1 for row in jeu["plateau"] for cell in row if cell != 0)


def shipped(section: str, spec: draws.Draw = SPEC, check: str = CHECK, count: int = COUNT) -> list[Any]:
    data = json.loads((ROOT / "exercises" / "puissance4" / draws.SHIPPED).read_text("utf-8"))
    return [decode(e) for e in data[section][draws.entry(check, count, spec)]]


class Spy:
    """Stands for `Sampling.shrink`: records that Hypothesis was asked."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, *args: Any) -> None:
        self.asked += 1
        raise Mismatch(Evidence(call="shrunk by Hypothesis"))


def run(fails: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], Exception, Spy]:
    """Q4's for_all on a probe failing where `fails(game)`: the examples probed, what it
    raised, and whether Hypothesis was asked."""
    spy = Spy()
    monkeypatch.setattr(Sampling, "shrink", spy)
    probed: list[Any] = []

    def probe(jeu: dict[str, Any]) -> None:
        probed.append(jeu)
        if fails(jeu):
            raise mismatch("prochain_joueur(jeu)", 1, 2, jeu)

    ctx = CheckContext(student=None, state=None, check_name=CHECK, size=example_size)  # type: ignore[arg-type]
    with pytest.raises((Mismatch, CallFailed)) as raised:
        ctx.for_all(SPEC, probe, examples=COUNT)
    return probed, raised.value, spy


def test_the_ladder_shows_a_smaller_failure_than_the_drawn_one(monkeypatch):
    def fails(jeu: dict[str, Any]) -> bool:
        return tokens(jeu) >= 5

    drawn = shipped(draws.EXAMPLES)
    first = next(jeu for jeu in drawn if fails(jeu))
    assert tokens(first) > 5, "the drawn examples changed: pick another threshold"
    probed, failure, spy = run(fails, monkeypatch)
    assert spy.asked == 0  # Hypothesis not asked
    assert isinstance(failure, Mismatch)
    shown = failure.board
    assert tokens(shown) == 5 < tokens(first)
    # the smallest failing example of the ladder, in its order: what was probed last
    rungs = shipped(draws.LADDERS)
    assert shown == next(jeu for jeu in rungs if fails(jeu)) == probed[-1]
    climbed = probed[probed.index(first) + 1 :]
    assert climbed == rungs[: len(climbed)]  # smallest first, stopped at the first failure


def test_hypothesis_shrinks_when_no_smaller_ladder_example_fails(monkeypatch):
    drawn = shipped(draws.EXAMPLES)
    bottom = tokens(shipped(draws.LADDERS)[0])
    size = min(tokens(jeu) for jeu in drawn if tokens(jeu) > bottom + NEAR_BOTTOM)

    def fails(jeu: dict[str, Any]) -> bool:  # only the drawn size fails: no smaller rung does
        return tokens(jeu) == size

    probed, failure, spy = run(fails, monkeypatch)
    assert spy.asked == 1
    assert failure.evidence.call == "shrunk by Hypothesis"
    first = next(i for i, jeu in enumerate(drawn) if fails(jeu))
    climbed = probed[first + 1 :]
    smaller = [jeu for jeu in shipped(draws.LADDERS) if tokens(jeu) < size]
    assert smaller and climbed == smaller  # every smaller rung tried, none failed


def test_a_failure_near_the_bottom_of_the_ladder_is_shown_as_it_is_when_no_smaller_rung_fails(monkeypatch):
    drawn = shipped(draws.EXAMPLES)
    bottom = tokens(shipped(draws.LADDERS)[0])
    size = max(tokens(jeu) for jeu in drawn if bottom < tokens(jeu) <= bottom + NEAR_BOTTOM)

    def fails(jeu: dict[str, Any]) -> bool:  # only the drawn size fails: no smaller rung does
        return tokens(jeu) == size

    probed, failure, spy = run(fails, monkeypatch)
    assert spy.asked == 0 and isinstance(failure, Mismatch)
    first = next(i for i, jeu in enumerate(drawn) if fails(jeu))
    assert failure.board == drawn[first]  # the drawn failure, not a rung
    smaller = [jeu for jeu in shipped(draws.LADDERS) if tokens(jeu) < size]
    assert smaller and probed[first + 1 :] == smaller  # every smaller rung tried first


def test_a_drawn_failure_as_small_as_the_ladder_s_smallest_example_is_shown_as_it_is(monkeypatch):
    def fails(jeu: dict[str, Any]) -> bool:  # the empty board: the smallest game there is
        return tokens(jeu) == 0

    assert tokens(shipped(draws.LADDERS)[0]) == 0
    probed, failure, spy = run(fails, monkeypatch)
    assert spy.asked == 0 and isinstance(failure, Mismatch)
    first = next(i for i, jeu in enumerate(shipped(draws.EXAMPLES)) if fails(jeu))
    assert len(probed) == first + 1 and failure.board == probed[-1]  # nothing climbed


def test_a_timeout_on_a_ladder_example_is_reported_and_stops_the_climb(monkeypatch):
    spy = Spy()
    monkeypatch.setattr(Sampling, "shrink", spy)
    probed: list[Any] = []

    def probe(jeu: dict[str, Any]) -> None:
        probed.append(jeu)
        if tokens(jeu) == 2:
            raise CallFailed(Evidence(call="prochain_joueur(jeu)"), CallTimeout(5.0))
        if tokens(jeu) >= 5:
            raise mismatch("prochain_joueur(jeu)", 1, 2, jeu)

    ctx = CheckContext(student=None, state=None, check_name=CHECK, size=example_size)  # type: ignore[arg-type]
    with pytest.raises(CallFailed) as raised:
        ctx.for_all(SPEC, probe, examples=COUNT)
    assert isinstance(raised.value.failure, CallTimeout)
    assert tokens(probed[-1]) == 2 and spy.asked == 0


def test_without_a_size_the_failure_goes_to_hypothesis_as_before(monkeypatch):
    spy = Spy()
    monkeypatch.setattr(Sampling, "shrink", spy)

    def probe(jeu: dict[str, Any]) -> None:
        if tokens(jeu) >= 5:
            raise mismatch("prochain_joueur(jeu)", 1, 2, jeu)

    ctx = CheckContext(student=None, state=None, check_name=CHECK)  # type: ignore[arg-type]
    with pytest.raises(Mismatch):
        ctx.for_all(SPEC, probe, examples=COUNT)
    assert spy.asked == 1


def ladders() -> list[tuple[str, str, list[Any]]]:
    """(folder, entry, encoded ladder) of every shipped file."""
    found = []
    for path in SHIPPED:
        data = json.loads(path.read_text("utf-8"))
        assert set(data[draws.LADDERS]) == set(data[draws.EXAMPLES])  # one ladder per entry
        found += [(path.parent.name, name, rungs) for name, rungs in data[draws.LADDERS].items()]
    return found


@pytest.mark.parametrize("folder, name, rungs", ladders(), ids=[e[1] for e in ladders()])
def test_each_ladder_is_distinct_examples_smallest_first(folder, name, rungs):
    size = EXERCISES[folder.replace("_", "-")].example_size
    assert size is not None
    examples = [decode(r) for r in rungs]
    keys = [ladder_order(size)(e) for e in examples]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)  # ordered, distinct
    assert 10 <= len(examples) <= draws.LADDER_LENGTH
    firsts = [size(e)[0] for e in examples]
    assert max(firsts.count(s) for s in firsts) <= draws.PER_SIZE
    assert firsts[0] == min(firsts) and len(set(firsts)) >= 4  # climbs through several sizes


def test_a_ladder_does_not_depend_on_the_order_of_the_draw():
    drawn = shipped(draws.EXAMPLES) + shipped(draws.LADDERS)
    shuffled = list(drawn)
    random.Random(7).shuffle(shuffled)
    ladder = build_ladder(drawn, example_size)
    assert build_ladder(shuffled, example_size) == ladder == build_ladder(drawn + drawn, example_size)


def test_a_ladder_keeps_at_most_per_size_of_each_size_and_the_smallest_sizes():
    drawn = [[c] * n for n in range(30) for c in range(5)]  # "move lists": 5 of each length

    chosen = build_ladder(drawn, lambda moves: (len(moves),))
    lengths = [len(m) for m in chosen]
    assert len(chosen) == draws.LADDER_LENGTH
    assert lengths == sorted(lengths) and lengths[0] == 0
    assert lengths.count(0) == 1  # [] drawn five times: kept once
    assert all(lengths.count(n) == draws.PER_SIZE for n in set(lengths) - {0, max(lengths)})
    assert chosen[:3] == [[], [0], [1]]  # each size's smallest examples by their JSON text


REFERENCE = (ROOT / "reference" / "puissance4.py").read_text("utf-8")


def grade(source: str, questions: tuple[str, ...]) -> tuple[list[Any], FakeSession]:
    exercise = EXERCISES["puissance4"]
    exercise = replace(exercise, questions=tuple(q for q in exercise.questions if q.id in questions))
    session = FakeSession(source, "copie")
    results = grade_exercise(exercise, StudentView(session, session.names(), None)).questions  # type: ignore[arg-type]
    return results, session


def test_a_submission_s_failure_is_shown_on_a_ladder_example_sent_ahead(monkeypatch):
    spy = Spy()
    monkeypatch.setattr(Sampling, "shrink", spy)
    # wrong from 7 to 12 tokens: the sheet's jeu1 (14 tokens) passes, drawn games fail
    bug = REFERENCE + (
        "\n_right = prochain_joueur\n"
        "def prochain_joueur(jeu):\n"
        "    return 3 - _right(jeu) if 7 <= jeu['nbcoups'] <= 12 else _right(jeu)\n"
    )
    results, session = grade(bug, ("Q4",))
    failed = [c for c in results[0].checks if c.status.value == "failed"]
    assert [c.name for c in failed] == ["random_games"] and spy.asked == 0
    board = failed[0].evidence.board
    assert (
        sum(line.split("|")[1].count("1") + line.split("|")[1].count("2") for line in board.splitlines()[:6])
        == 7
    )
    # the drawn examples in one stream, then the ladder's examples smaller than the drawn
    # failure in another (one call each)
    first = next(jeu for jeu in shipped(draws.EXAMPLES) if 7 <= tokens(jeu) <= 12)
    assert tokens(first) > 7, "the drawn examples changed: pick another threshold"
    smaller = [jeu for jeu in shipped(draws.LADDERS) if tokens(jeu) < tokens(first)]
    assert session.streams[-1] == len(smaller)
