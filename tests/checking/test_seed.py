"""`CheckContext.for_all(..., seed=)`: a check that samples several families of examples
names each by its seed instead of rewriting its context's name; the seed alone decides
what is drawn, and the checks' seeds name entries of the shipped files."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from exercises.domineering import search_checks as domineering_search
from exercises.puissance4 import search_checks as puissance4_search
from exercises.puissance4.positions import IGNORE_WINS, games
from grader.checking import draws
from grader.checking.context import CheckContext
from grader.kit import draw


def probed(check_name: str, seed: str | None, spec: draws.Draw, examples: int) -> list[Any]:
    seen: list[Any] = []
    ctx = CheckContext(student=None, state=None, check_name=check_name)  # type: ignore[arg-type]
    ctx.for_all(spec, seen.append, examples=examples, seed=seed)
    assert ctx.check_name == check_name  # the context is not rewritten
    return seen


def test_a_seed_draws_what_a_check_of_that_name_draws():
    spec = draw(games, wins=IGNORE_WINS)
    assert probed("another_check", "random_games", spec, 15) == probed("random_games", None, spec, 15)


def small_lists() -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 10**6), min_size=3, max_size=3)


def test_two_seeds_draw_two_samples_and_one_seed_the_same_every_time():
    spec = draw(small_lists)  # not shipped: drawn by Hypothesis from the seed
    first = probed("check", "family 1", spec, 5)
    assert probed("check", "family 1", spec, 5) == first
    assert probed("check", "family 2", spec, 5) != first


@pytest.mark.parametrize(
    "seed, count, spec",
    [
        *[(f"q17_random_{player}", 8, draw(puissance4_search._search_games, player)) for player in (1, 2)],
        *[
            (f"optimal_move_{depth}", 6, draw(domineering_search._strategy_positions, depth))
            for depth in domineering_search.OTHER_DEPTHS
        ],
    ],
)
def test_the_seeds_the_checks_name_are_shipped(seed, count, spec):
    # puissance4 Q17 samples each player's games, domineering Q10 each depth: each its seed
    assert draws.entry(seed, count, spec) in draws._shipped(spec.package)
