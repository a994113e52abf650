"""Tests of reference/morpion.py against the article and docs/reference/sheet-facts.md.

Expected values are written from those documents or by hand from the rules of
tic-tac-toe; the grader's helpers (game_value, optimal_moves) are checked against the
article's plain minimax."""

import copy
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.app.runner import grade_file
from grader.model.settings import Settings
from reference import morpion as m
from reference.morpion import (
    COMP,
    HUMAN,
    LINES,
    MAX,
    MIN,
    MINIMUM,
    count_minimax_calls,
    empty_cells,
    evaluate,
    game_over,
    game_value,
    minimax,
    optimal_moves,
    render,
    set_move,
    valid_move,
)

ROOT = Path(__file__).resolve().parents[2]
FEW = settings(max_examples=40, derandomize=True, deadline=None)


def empty():
    return [[0, 0, 0], [0, 0, 0], [0, 0, 0]]


DRAW = [[1, -1, 1], [1, -1, -1], [-1, 1, 1]]  # full, nobody wins
_ARTICLE: dict[tuple[object, int, int], tuple[int, int, int]] = {}


def article_minimax(state, depth, player):
    """The article's minimax (the reference's own `minimax`), its recursion memoised by
    position while it runs: an oracle for the grader's helpers, the same positions
    recurring within and across examples. `minimax` itself is tested unmemoised (the
    article's facts, restoring the state)."""
    plain = m.minimax

    def memoised(state, depth, player):
        key = (tuple(map(tuple, state)), depth, player)
        if key not in _ARTICLE:
            _ARTICLE[key] = tuple(plain(state, depth, player))
        return list(_ARTICLE[key])

    m.minimax = memoised
    try:
        return memoised(state, depth, player)
    finally:
        m.minimax = plain


@st.composite
def positions(draw):
    """(state, player to move): legal random play from the empty board, either side
    starting, one move at least (the empty board is the sheet-facts test), stopped at the
    first win (kept) or on a full board."""
    state, player = empty(), draw(st.sampled_from([COMP, HUMAN]))
    for choice in draw(st.lists(st.integers(0, 8), min_size=1, max_size=9)):
        cells = empty_cells(state)
        if not cells or game_over(state):
            break
        x, y = cells[choice % len(cells)]
        state[x][y] = player
        player = -player
    return state, player


def test_constants():
    assert (HUMAN, COMP) == (-1, +1)
    assert (MAX, MIN, MINIMUM) == (+1, -1, -1)


def test_the_eight_lines():
    rows = [tuple((x, y) for y in range(3)) for x in range(3)]
    columns = [tuple((x, y) for x in range(3)) for y in range(3)]
    diagonals = [((0, 0), (1, 1), (2, 2)), ((2, 0), (1, 1), (0, 2))]
    assert sorted(map(sorted, LINES)) == sorted(map(sorted, rows + columns + diagonals))


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("player", [COMP, HUMAN])
def test_wins_on_every_line(line, player):
    state = empty()
    for x, y in line:
        state[x][y] = player
    assert m.wins(state, player) is True
    assert m.wins(state, -player) is False
    assert game_over(state) is True
    assert evaluate(state) == player  # +1 when COMP wins, -1 when HUMAN wins


def test_no_win():
    for state in (empty(), DRAW, [[1, 1, -1], [0, -1, 0], [0, 0, 0]]):
        assert not m.wins(state, COMP) and not m.wins(state, HUMAN)
        assert evaluate(state) == 0
        assert game_over(state) is False  # sheet-facts: a full board is not tested there


def test_empty_cells():
    assert empty_cells(empty()) == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]]
    assert empty_cells(DRAW) == []
    assert empty_cells([[1, 0, -1], [0, 1, 0], [-1, 0, 0]]) == [[0, 1], [1, 0], [1, 2], [2, 1], [2, 2]]


def test_valid_and_set_move_act_on_the_global_board():
    m.board = [[1, 0, 0], [0, -1, 0], [0, 0, 0]]
    try:
        assert valid_move(0, 1) and not valid_move(0, 0) and not valid_move(1, 1)
        assert set_move(2, 2, COMP) is True
        assert m.board == [[1, 0, 0], [0, -1, 0], [0, 0, 1]]
        assert set_move(2, 2, HUMAN) is False
        assert m.board == [[1, 0, 0], [0, -1, 0], [0, 0, 1]]
    finally:
        m.board = empty()


def test_article_facts_from_the_empty_board():
    """docs/reference/sheet-facts.md: 549,946 calls and [0, 0, 0] with depth 9 and COMP to play."""
    assert count_minimax_calls(empty(), 9, COMP) == (549946, [0, 0, 0])


def test_minimax_by_hand():
    # COMP completes row 0; HUMAN completes row 1.
    assert minimax([[1, 1, 0], [-1, -1, 0], [0, 0, 0]], 5, COMP) == [0, 2, 1]
    assert minimax([[1, 1, 0], [-1, -1, 0], [1, 0, 0]], 4, HUMAN) == [1, 2, -1]
    # COMP must block HUMAN's diagonal at (2, 2), which draws; (1, 2) loses.
    assert minimax([[-1, 1, -1], [1, -1, 0], [1, -1, 0]], 2, COMP) == [2, 2, 0]
    # A fork: HUMAN in two corners, COMP in the centre, COMP to move must not lose.
    assert minimax([[-1, 0, 0], [0, 1, 0], [0, 0, -1]], 6, COMP)[2] == 0


def test_minimax_leaves():
    assert minimax(DRAW, 0, COMP) == [-1, -1, 0]
    won = [[1, 1, 1], [-1, -1, 0], [0, 0, 0]]
    assert minimax(won, 4, HUMAN) == [-1, -1, 1]
    assert minimax(won, 4, COMP) == [-1, -1, 1]


@FEW
@given(positions())
def test_minimax_restores_the_state(example):
    state, player = example
    before = copy.deepcopy(state)
    minimax(state, len(empty_cells(state)), player)
    assert state == before


@FEW
@given(positions())
def test_game_value_is_minimax_score(example):
    state, player = example
    assert game_value(state, player) == article_minimax(state, len(empty_cells(state)), player)[2]


@FEW
@given(positions())
def test_minimax_move_is_among_optimal_moves(example):
    state, player = example
    x, y, score = article_minimax(copy.deepcopy(state), len(empty_cells(state)), player)
    if (x, y) == (-1, -1):
        assert game_over(state) or not empty_cells(state)
        return
    good = optimal_moves(state, player)
    assert (x, y) in good
    for gx, gy in good:
        child = copy.deepcopy(state)
        child[gx][gy] = player
        assert article_minimax(child, len(empty_cells(child)), -player)[2] == score


def test_render():
    assert render([[1, -1, 0], [0, 0, 0], [0, 1, -1]]) == "\n".join(
        ["   0  1  2", "0 +1 -1  .", "1  .  .  .", "2  . +1 -1"]
    )


@pytest.mark.slow
def test_reference_module_gets_full_marks(tmp_path):
    """Handed in as a student module, the reference must get every point."""
    copy_path = tmp_path / "copie_reference_morpion.py"
    shutil.copy(ROOT / "reference" / "morpion.py", copy_path)
    result = grade_file(copy_path, Settings(exercise="morpion"))
    verdicts = {q.id: q.status.value for q in result.questions}
    assert verdicts == {f"Q{i}": "passed" for i in range(1, 7)}
    assert result.score == result.max_score == 20
    assert not [c for c in result.cells if not c.ok]
    # The worker does not count the grader's own call: the note adds it back, so the
    # article's program shows the article's figure.
    (q6,) = [q for q in result.questions if q.id == "Q6"]
    assert [values["text"].fr for key, values in q6.notes if key == "text"] == [
        "pour information (sans points) : minimax([[0, 0, 0], [0, 0, 0], [0, 0, 0]], 9, 1) "
        "fait 549 946 appels à minimax (l'article : 549 946) et renvoie [0, 0, 0]"
    ]
