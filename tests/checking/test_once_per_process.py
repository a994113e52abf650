"""Reference work done once per grading process (`grader.checking.reference_cache`): whatever a caller
does to what it was handed, the next caller gets the reference's value; and the cached
reference values of puissance4 are the reference's for the board asked about."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from exercises.puissance4 import alignment_checks, positions, search_checks
from grader.checking import draws
from grader.checking.context import CheckContext
from grader.checking.draws import drawn_examples
from grader.checking.reference_cache import fresh, once_per_process
from grader.checking.sampling import Sampling
from grader.checking.verdicts import Mismatch, mismatch
from grader.kit import draw
from grader.sandbox.worker.wire import Ref, request_text
from reference import puissance4 as ref

ROOT = Path(__file__).resolve().parents[2]
NESTED = [
    {"nbcoups": 3, "hauteurs": [1, 2, 0], "plateau": [[0, 1], [2, 0]]},
    ({"a": [1, {2, 3}]}, (4, [5, 6]), (7, 8), frozenset({9})),
    [[], {}, set(), ()],
    (float("inf"), None, "x", True),
]


def _mutables(value: Any) -> list[Any]:
    """Every list, dict and set reachable in `value`."""
    found = []
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, (list, dict, set)):
            found.append(item)
        if isinstance(item, dict):
            todo += list(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            todo += list(item)
    return found


def _scramble(value: Any) -> None:
    """Change every list, dict and set reachable in `value`, in place."""
    for item in _mutables(value):
        if isinstance(item, list):
            item.append("changed")
            if len(item) > 1:
                item[0] = "changed"
        elif isinstance(item, dict):
            item["changed"] = True
        else:
            item.add("changed")


@pytest.mark.parametrize("value", NESTED, ids=["game", "tuples", "empty", "atoms"])
def test_fresh_is_an_equal_copy_sharing_nothing_mutable(value):
    kept = copy.deepcopy(value)
    copied = fresh(value)
    assert copied == value
    assert type(copied) is type(value)
    shared = {id(m) for m in _mutables(value)} & {id(m) for m in _mutables(copied)}
    assert not shared
    _scramble(copied)
    assert value == kept


def test_once_per_process_computes_once_and_hands_out_copies():
    runs = []

    @once_per_process
    def build(n: int) -> list[Any]:
        runs.append(n)
        return copy.deepcopy(NESTED) + [n]

    first = build(1)
    _scramble(first)
    second = build(1)
    assert second == NESTED + [1]
    assert build(2) == NESTED + [2]
    assert runs == [1, 2]
    assert type(second[1][1]) is tuple and type(second[1][3]) is frozenset and type(second[0]) is dict
    # `shared`: one value for the process (for read-only callers), equal to the copies
    assert build.shared(1) is build.shared(1) and build.shared(1) == build(1) == NESTED + [1]
    assert build(1) is not build.shared(1) and runs == [1, 2]


STRUCTURAL = {
    "alignment_wins": positions.alignment_wins,
    "wrapped_rows": positions.wrapped_rows,
    "threats": lambda: positions.threats(positions.OWN_THREAT),
    "column_games": positions.column_games,
    "nearly_full": positions.nearly_full,
    "top_row_moves": positions.top_row_moves,
    "each_alignment": alignment_checks._each_alignment,
    "heuristic_positions": alignment_checks.heuristic_positions,
    "structural_searches": lambda: search_checks.structural_searches(2, full_board=True),
}


@pytest.mark.parametrize("name", list(STRUCTURAL))
def test_structural_positions_survive_a_caller_that_changes_them(name):
    build = STRUCTURAL[name]
    first = build()
    pristine = copy.deepcopy(first)
    for item in first:  # what a careless check could do to the positions it was given
        _scramble(item)
    assert build() == pristine


def test_structural_positions_are_the_ones_built_from_the_stored_moves():
    # Recomputed by hand from the stored games, not through the cached builders.
    GAMES = json.loads(positions.STRUCTURAL_MOVES.read_text("utf-8"))

    wins = [(ref.initialiser_jeu(list(m)), (j, tuple(last))) for _, j, last, m in GAMES[positions.WIN]]
    assert positions.alignment_wins() == wins
    threats = [ref.initialiser_jeu(list(m)) for *_, m in GAMES[positions.OPPONENT_THREAT]]
    assert positions.threats(positions.OPPONENT_THREAT) == threats


def _games() -> list[dict[str, Any]]:
    drawn = drawn_examples(draw(positions.games_with_last, min_moves=7), 30, "random_games")
    boards = [jeu for jeu, _ in drawn] + positions.column_games() + [ref.jeu1(), ref.jeu2(), ref.jeu3()]
    assert len(boards) > 30
    return boards


def test_cached_heuristic_is_the_reference_s_for_the_board_asked():
    for jeu in _games():
        assert positions.heuristic_value(jeu) == ref.heuristique(jeu)
    # Asked again about a board changed since: its value now, not the one cached.
    jeu = ref.jeu1()
    before = positions.heuristic_value(jeu)
    ref.jouer_colonne(jeu, ref.prochain_joueur(jeu), 0)
    assert positions.heuristic_value(jeu) == ref.heuristique(jeu) != before


def test_cached_wins_at_is_the_reference_s_teste_gagnante():
    cases = 0
    for jeu in _games():
        for i in range(ref.nrows):
            for j in range(ref.ncols):
                for joueur in (1, 2):
                    assert positions.wins_at(jeu, joueur, (i, j)) is ref.teste_gagnante(jeu, joueur, (i, j))
                    cases += positions.wins_at(jeu, joueur, [i, j])
    assert cases > 0  # some winning cells among them (jeu2, jeu3)


def test_the_request_s_text_finds_a_ref_wherever_the_codec_sends_one():
    board = {"plateau": [[0] * 7 for _ in range(6)], "hauteurs": [0] * 7, "nbcoups": 0}
    plain = (board, 3, (1, 2), [[1, 2], [3]], {1, 2}, frozenset({(1, 2)}), None, "x", 2.5)
    assert not request_text({"args": [list(plain)]})[1]
    for holder in (
        Ref("f"),
        (board, Ref("f")),
        [[1, 2], [Ref("f")]],
        {"k": [[0, 1], [Ref("f")]]},
        {Ref("f"): 1},
        ({"a": {"b": (1, Ref("f"))}},),
        frozenset({Ref("f")}),
    ):
        assert request_text({"args": [[board, 3], [holder]]})[1], holder


def test_chocolat_reachable_states_are_the_reference_s_and_frozen():
    from exercises.chocolat.judge import reachable_states
    from reference import chocolat

    for root in ((1, 1, 1), (3, 2, 1), (6, 4, 2)):
        assert reachable_states(root) == chocolat.etats_accessibles(*root)
        assert isinstance(reachable_states(root), frozenset)
    # by hand: from a 2 x 1 bar, player 1 to move, one move leaves 1 x 1 to player 2
    assert reachable_states((2, 1, 1)) == {(2, 1, 1), (1, 1, 2)}


def test_for_all_probes_copies_of_the_shipped_examples_and_ladder(monkeypatch):
    # The drawn examples and ladders are decoded once per process: a probe that changes
    # its example must leave them as shipped for the next submission.
    spec, check, count = draw(positions.games, wins=positions.IGNORE_WINS), "random_games", 15
    pristine = copy.deepcopy(drawn_examples(spec, count, check))
    rungs = copy.deepcopy(draws.ladder(spec, count, check, positions.example_size))
    assert rungs
    seen: list[Any] = []

    def probe(jeu: dict[str, Any]) -> None:
        seen.append(copy.deepcopy(jeu))
        _scramble(jeu)
        if len(seen) == count:  # the last drawn example fails: the ladder is climbed
            raise mismatch("f(jeu)", 1, 2, jeu)

    def shrink(sampling: Sampling, spec: Any, count: int, first: Exception, most: int) -> None:
        raise first

    monkeypatch.setattr(Sampling, "shrink", shrink)
    ctx = CheckContext(student=None, state=None, check_name=check, size=positions.example_size)  # type: ignore[arg-type]
    with pytest.raises(Mismatch):
        ctx.for_all(spec, probe, examples=count)
    assert seen[:count] == pristine and len(seen) > count  # rungs probed too
    assert drawn_examples(spec, count, check) == pristine
    assert draws.ladder(spec, count, check, positions.example_size) == rungs


READ_ONLY_BUGS = {
    "none": ("", ""),
    "teste_gagnante": (
        "    return any(evaluer(jeu, a) == joueur for a in Dalignements[tuple(coords)])",
        "    jeu['plateau'][0][0] = 9\n"
        "    return any(evaluer(jeu, a) == joueur for a in Dalignements[tuple(coords)][1:])",
    ),
    "heuristique": ("    joueur = gagnant(jeu)\n", "    joueur = gagnant(jeu)\n    jeu['plateau'].pop()\n"),
    "maximin": ("def maximin(jeu, n):\n", "def maximin(jeu, n):\n    jeu['hauteurs'][0] = 7\n"),
}


@pytest.mark.parametrize("bug", list(READ_ONLY_BUGS))
def test_read_only_checks_leave_the_process_s_examples_as_they_were(bug):
    # The checks declared read-only (`reads_only=True`) probe the shared structural
    # positions and the shipped examples themselves, not copies: after grading (a
    # submission changing its arguments included), they are what the next one gets.
    from fake_session import FakeSession

    from grader.checking.grading import grade_exercise
    from grader.checking.view import StudentView
    from grader.registry import installed

    line, wrong = READ_ONLY_BUGS[bug]
    source = (ROOT / "reference" / "puissance4.py").read_text("utf-8")
    assert source.count(line) == 1 or not line
    source = source.replace(line, wrong) if line else source
    none: dict[str, Any] = {}
    builders = [
        (positions.alignment_wins, (), none),
        (positions.wrapped_rows, (), none),
        (positions.column_games, (), none),
        (positions.top_row_moves, (), none),
        (alignment_checks._each_alignment, (), none),
        (alignment_checks.heuristic_positions, (), none),
        *[(search_checks.structural_searches, (player,), none) for player in (1, 2)],  # as the checks ask
        *[(search_checks.structural_searches, (player,), {"full_board": True}) for player in (1, 2)],
    ]
    shared = [(build, args, kwargs, build.shared(*args, **kwargs)) for build, args, kwargs in builders]
    session = FakeSession(source, "copie")
    results = grade_exercise(installed()["puissance4"], StudentView(session, session.names(), None)).questions  # type: ignore[arg-type]
    assert all(q.status.value in ("passed", "manual") for q in results) == (bug == "none")
    # The checks used no shared value but these (a new one would go unchecked here).
    assert sum(len(build._shared) for build in {b for b, _, _ in builders}) == len(builders)
    for build, args, kwargs, value in shared:  # built again from the reference, not through the cache
        assert value is build.shared(*args, **kwargs) and value == build.__wrapped__(*args, **kwargs), build
    for name, examples in draws._DRAWN.items():
        if name in draws._DRAWN_TEXTS:  # shipped: as the file has them
            assert [draws.example_text(e) for e in examples] == draws._DRAWN_TEXTS[name][1], name
