"""The worker's warnings filter without `re` (grader/sandbox/worker/prepare.py): it matches
the messages `re.compile(".*part.*", re.I)` matches, and no other."""

from __future__ import annotations

import re
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.sandbox.worker import prepare

PART = "non-interactive"
PATTERN = re.compile(f".*{PART}.*", re.I)


@pytest.mark.parametrize(
    "message",
    [
        "FigureCanvasAgg is non-interactive, and thus cannot be shown",
        "NON-Interactive",
        "noninteractive",
        "",
        "x\nnon-interactive",
        "non-interactive\nx",
        "a\rnon-interactive",
    ],
)
def test_it_matches_as_the_pattern_does(message):
    assert prepare._FirstLineHolds(PART).match(message) == (PATTERN.match(message) is not None)


@given(
    st.lists(st.sampled_from(["non-", "interactive", "NON-INTERACTIVE", "\n", "\r", "x", " "]), max_size=8)
)
def test_it_matches_as_the_pattern_does_on_made_messages(pieces):
    message = "".join(pieces)
    assert prepare._FirstLineHolds(PART).match(message) == (PATTERN.match(message) is not None)


def test_the_filter_ignores_the_warning_in_this_interpreter():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        prepare._ignore_warnings(prepare._FirstLineHolds(PART))
        warnings.warn(
            "FigureCanvasAgg is non-interactive, and thus cannot be shown", UserWarning, stacklevel=1
        )
        warnings.warn("another one", UserWarning, stacklevel=1)
    assert [str(w.message) for w in seen] == ["another one"]
