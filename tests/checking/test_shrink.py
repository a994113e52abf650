"""`CheckContext.for_all`'s shrink: bounded by a number of probes, stopped there, and the
same report every time (a probe stands for a call into student code)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from grader.checking.context import CheckContext
from grader.checking.sampling import MAX_SHRINK_PROBES
from grader.checking.verdicts import Mismatch, mismatch
from grader.kit import draw


def big_lists() -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 1000), min_size=1, max_size=30)


def run(shrink_probes: int | None, fails: Any) -> tuple[list[list[int]], Mismatch]:
    """The examples probed, and the Mismatch for_all raised."""
    probed: list[list[int]] = []

    def probe(example: list[int]) -> None:
        probed.append(list(example))
        if fails(example):
            raise mismatch("f(x)", "small", example)

    ctx = CheckContext(student=None, state=None, check_name="shrink_test")  # type: ignore[arg-type]
    with pytest.raises(Mismatch) as raised:
        ctx.for_all(draw(big_lists), probe, examples=20, shrink_probes=shrink_probes)
    return probed, raised.value


def test_a_shrink_probes_at_most_its_bound_after_the_first_failure():
    def fails(example: list[int]) -> bool:
        return sum(example) > 100

    for bound in (3, 10):
        probed, failure = run(bound, fails)
        first = next(i for i, e in enumerate(probed) if fails(e))
        # the drawn examples up to the failing one, Hypothesis's own draw up to it again,
        # then at most `bound` candidates
        again = next(i for i, e in enumerate(probed[first + 1 :]) if fails(e))
        assert len(probed) - (first + 1) - (again + 1) <= bound
        assert fails(eval(failure.evidence.obtained))


def test_more_probes_shrink_further_and_the_default_is_max_shrink_probes():
    def fails(example: list[int]) -> bool:
        return sum(example) > 100

    few, _ = run(2, fails)
    default, failure = run(None, fails)
    many, same_failure = run(MAX_SHRINK_PROBES, fails)
    assert len(few) < len(default) == len(many)
    assert failure.evidence == same_failure.evidence
    assert len(eval(failure.evidence.obtained)) <= 2  # shrunk to a small example


def test_the_report_is_the_same_every_time():
    def fails(example: list[int]) -> bool:
        return max(example) > 500

    reports = {repr(run(5, fails)[1].evidence) for _ in range(3)}
    assert len(reports) == 1
