"""Morpion as the student's program leaves it (issue 29, items 3 and 5): the global board
valid_move and set_move read is used as it is, and fails Q5 saying so when it is not a
3 x 3 grid; the players' constants the file really defines are named; a wrong
empty_cells is told what it does wrong. Graded in this process."""

from __future__ import annotations

from pathlib import Path

from fake_session import FakeSession

from exercises.morpion.positions import SubmissionState, describe, prepare
from grader.checking.view import StudentView
from grader.model.results import CheckStatus
from tests.exercises.test_checks_in_process import grade_source

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _state(source: str) -> tuple[SubmissionState, list[str]]:
    session = FakeSession(source, "copie")
    state = prepare(StudentView(session, session.names(), None))  # type: ignore[arg-type]
    return state, [note[1]["text"].fr for note in describe(state) if note[0] == "text"]


PROGRAM = (FIXTURES / "morpion" / "correct_programme.py").read_text("utf-8")


def test_the_players_note_names_the_constants_the_file_defines():
    _, notes = _state(PROGRAM)
    assert "joueurs : COMP = +1, HUMAN = -1, comme dans l'article" in notes
    _, notes = _state((FIXTURES / "morpion" / "correct_constante_ai.py").read_text("utf-8"))
    assert any(note.startswith("joueurs : AI = +1, HUMAN = -1 ;") for note in notes), notes
    assert not any("COMP (MAX)" in note for note in notes)
    _, notes = _state(
        PROGRAM.replace("HUMAN = -1\nCOMP = +1\n", "").replace("HUMAN", "-1").replace("COMP", "+1")
    )
    assert any("le fichier ne définit pas de constante" in note for note in notes), notes
    _, notes = _state(PROGRAM.replace("COMP = +1", "COMP = 2"))
    assert any(note.startswith("attention : COMP = 2") for note in notes), notes


def test_a_global_board_the_functions_read_must_be_a_grid_once_the_program_ran():
    state, _ = _state(PROGRAM)
    assert state.board_problem is None
    source = (FIXTURES / "morpion" / "bug_board_classe.py").read_text("utf-8")
    state, _ = _state(source)
    assert state.board_problem == "une classe" and state.board_problem.en == "a class"
    checks = grade_source("morpion", source, only="Q5")["Q5"].checks
    assert {c.status for c in checks} == {CheckStatus.FAILED}
    evidence = checks[0].evidence
    assert evidence.call == "board" and evidence.obtained == "une classe"
    assert "valid_move et set_move lisent la variable globale board" in evidence.note.fr
    # a board the program never defines, read by the functions: not a grid either
    state, _ = _state(PROGRAM.replace("board = [\n    [0, 0, 0],\n    [0, 0, 0],\n    [0, 0, 0],\n]\n", ""))
    assert state.board_problem == "non défini"


NUMPY_BOARD = "import numpy as np\nboard = np.zeros((3, 3), dtype=int)\n"
LIST_BOARD = "board = [\n    [0, 0, 0],\n    [0, 0, 0],\n    [0, 0, 0],\n]\n"


def test_a_global_numpy_board_stays_a_numpy_board():
    source = PROGRAM.replace(LIST_BOARD, NUMPY_BOARD)
    source = source.replace("    if [x, y] in empty_cells(board):", "    if board[x][y] == 0:")
    state, _ = _state(source)
    assert state.board_problem is None
    checks = grade_source("morpion", source, only="Q5")["Q5"].checks
    assert {c.status for c in checks} == {CheckStatus.PASSED}


def test_an_empty_cells_reading_the_global_board_is_told_so():
    source = (FIXTURES / "morpion" / "bug_empty_cells_globale.py").read_text("utf-8")
    checks = {c.name: c for c in grade_source("morpion", source, only="Q4")["Q4"].checks}
    assert checks["empty_board"].status is CheckStatus.PASSED
    note = checks["full_boards"].evidence.note.fr
    assert note.startswith("ce sont les cases vides de la grille globale board : empty_cells lit board")
    assert "une seule fois" not in note


def test_an_empty_cells_that_does_not_read_the_cells_is_told_what_it_returns():
    cases = {
        "    return [[x, y] for x in range(3) for y in range(3)]\n": "les 9 cases, comme si la grille était vide",
        "    return [[x, y] for x in range(3) for y in range(3) if state[x][y] < 1]\n": "(elle vaut -1)",
        "    return [[x, y] for x in range(3) for y in range(2) if state[x][y] == 0]\n": "il manque la case vide [",
        "    return [[x, y] for x in range(3) for y in range(3) if state[x][y] == 0] * 2\n": "y est plusieurs fois",
    }
    for body, said in cases.items():
        source = PROGRAM.replace(
            "    cells = []\n    for x, row in enumerate(state):\n        for y, cell in enumerate(row):\n"
            "            if cell == 0:\n                cells.append([x, y])\n    return cells\n",
            body,
        )
        checks = grade_source("morpion", source, only="Q4")["Q4"].checks
        notes = [c.evidence.note.fr for c in checks if c.status is CheckStatus.FAILED]
        assert notes and any(said in note for note in notes), (body, notes)
