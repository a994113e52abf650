"""The cyclic collector's thresholds in processes that only grade (grader.app.startup.GC_THRESHOLD)."""

from __future__ import annotations

import gc

import pytest

from grader.app import api
from grader.app.startup import GC_THRESHOLD
from grader.sandbox.manage.ahead import AHEAD


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)


def test_a_pools_grading_process_collects_less_often(thresholds, monkeypatch):
    monkeypatch.setattr(AHEAD, "guess_next", AHEAD.guess_next)
    assert thresholds != GC_THRESHOLD
    api._adopt_registry({})  # the pool's initializer, run in each grading process
    assert gc.get_threshold() == GC_THRESHOLD
    assert GC_THRESHOLD[0] > thresholds[0]
