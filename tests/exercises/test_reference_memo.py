"""Reference values kept once per process (exercises/puissance4/positions.py
`_reference_value`): what a later submission is given is the reference's value, and
nothing kept can be changed by whoever received it."""

from __future__ import annotations

from typing import Any

import pytest

from exercises.puissance4 import positions
from reference import puissance4 as ref


@pytest.fixture(autouse=True)
def empty_memo(monkeypatch):
    monkeypatch.setattr(positions, "_FOUND", {})


def test_a_value_asked_again_is_still_the_references():
    games = [ref.jeu1(), ref.jeu2(), ref.jeu5(), ref.initialiser_jeu([3, 3, 2])]
    for jeu in games:
        k = positions.key(jeu)
        for n in (1, 2):
            expected = positions._search_value.__wrapped__(k, n)  # the reference, searched now
            first, again = positions.search_value(k, n), positions.search_value(k, n)
            assert first == again == expected
            columns = positions._optimal_columns.__wrapped__(k, n)
            assert positions.optimal_columns(k, n) == positions.optimal_columns(k, n) == columns
        assert positions.heuristic_value(jeu) == positions.heuristic_value(jeu) == ref.heuristique(jeu)


def test_a_value_holding_a_list_is_handed_out_afresh_never_kept():
    def compute(k: Any) -> list[int]:
        return [k[0]]

    k = positions.key(ref.jeu1())
    first = positions._reference_value("made_up", compute, k)
    first.append(99)  # what a careless caller might do
    assert positions._reference_value("made_up", compute, k) == [k[0]]
    assert positions._FOUND == {}


def test_kept_values_are_immutable():
    for jeu in (ref.jeu1(), ref.jeu2()):
        positions.search_value(positions.key(jeu), 2)
        positions.optimal_columns(positions.key(jeu), 2)
    assert positions._FOUND
    for value in positions._FOUND.values():
        hash(value)  # tuples, frozensets and numbers all the way down


def test_recording_keeps_nothing_and_records_every_value(monkeypatch):
    recorded: dict[str, dict[str, Any]] = {}
    monkeypatch.setattr(positions, "RECORDED_VALUES", recorded)
    k = positions.key(ref.jeu1())
    positions.search_value(k, 1)
    positions.search_value(k, 1)
    assert positions._FOUND == {}
    assert recorded["search_value"][positions.value_name(k, 1)] == positions._search_value.__wrapped__(k, 1)


def test_the_memo_starts_again_past_its_size(monkeypatch):
    monkeypatch.setattr(positions, "_FOUND_MAX", 2)
    games = [ref.initialiser_jeu([c]) for c in range(3)]
    for jeu in games:
        positions.heuristic_value(jeu)
    assert len(positions._FOUND) <= 2
    assert [positions.heuristic_value(j) for j in games] == [ref.heuristique(j) for j in games]
