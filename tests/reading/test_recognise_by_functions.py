"""Detection and its words by defined functions (issue 39 item 5): a sheet is recognised,
and the closest sheet named, only from the functions a file defines at top level (and
the names it calls, said apart), never from a variable, a flag or a method; a skeleton
that does not compile gets one account of each function. Each file below is one a
public program could be; the verdicts were reasoned before the first run."""

from __future__ import annotations

from pathlib import Path

from grader.model.results import CellOutcome
from grader.reading.recognise import detect, recognise, which_exercise
from grader.registry import installed

ROOT = Path(__file__).resolve().parents[2]
SIGNATURES = installed().signatures()
F, V, M, C = "function", "value", "module", "class"

CONNECT4_STUB = """import numpy as np
ROWS, COLS = 6, 7
board = np.zeros((ROWS, COLS))
game_over = False
def drop_piece(board, row, col, piece):
    board[row][col] = piece
def evaluate(board, piece):
    return 0
"""
CONNECT4_CLASS = """import numpy as np

class Connect4:
    def __init__(self):
        self.board = np.zeros((6, 7))
        self.game_over = False

    def evaluate(self, piece):
        return 0

game = Connect4()
"""
DOMINEERING_CLASS = """class Domineering:
    def empty_cells(self):
        return []

    def coups(self, player):
        return []

g = Domineering()
print(g.empty_cells())
"""
SKELETON = [  # domineering's: two cells run, one does not compile; strategie_aleatoire only called
    "def grille_vide(n, p):\n    return [[A_COMPLETER]]\n",
    "def jeu(n, p, strategie0, strategie1):\n    coup = strategie_aleatoire(v, 0)\n    A_COMPLETER\n",
    "def coups_possibles(v, joueur):\n    for i in range(len(v)):\n        #to_do\n\ndef placer(v, coup, joueur):\n",
]


def test_a_flag_named_like_a_sheet_function_is_no_evidence():
    # The 8-line Connect-4 stub: `game_over` is a value, `evaluate` the only function:
    # not the tic-tac-toe sheet (it needs two of its functions); the hint names morpion by
    # that function, defined at top level, and by nothing else.
    defined = {"np": M, "ROWS": V, "COLS": V, "board": V, "game_over": V, "drop_piece": F, "evaluate": F}
    assert detect(defined, SIGNATURES).exercise is None
    found = recognise([CONNECT4_STUB], CONNECT4_STUB, SIGNATURES, defined)
    assert (found.exercise, found.closest, found.closest_names) == (None, "morpion", ("evaluate",))


def test_a_method_is_no_evidence_for_the_sheet_nor_for_the_hint():
    for text, defined in (
        (CONNECT4_CLASS, {"np": M, "Connect4": C, "game": V}),
        (DOMINEERING_CLASS, {"Domineering": C, "g": V}),
    ):
        found = recognise([text], text, SIGNATURES, defined)
        assert (found.exercise, found.closest, found.closest_names) == (None, None, ()), text


def test_a_copy_whose_functions_are_methods_is_named_by_its_title_only():
    text = (ROOT / "tests" / "fixtures" / "morpion" / "objet_classe_morpion.py").read_text("utf-8")
    found = recognise([text], text, SIGNATURES, {"inf": V, "Morpion": C})
    assert (found.exercise, found.closest, found.closest_names) == (None, "morpion", ())  # by its title


def test_a_skeleton_that_does_not_compile_gets_one_account_of_each_function():
    outcomes = [
        CellOutcome(0, "bloc 1", ok=True),
        CellOutcome(1, "bloc 2", ok=True),
        CellOutcome(2, "bloc 3", ok=False, error="IndentationError"),
    ]
    defined = {"grille_vide": F, "jeu": F}  # what ran
    recognition = which_exercise(defined, None, SIGNATURES, SKELETON, outcomes, "\n".join(SKELETON))
    assert recognition.exercise == "domineering"
    assert recognition.detected_by == "coups_possibles, grille_vide, placer"  # defined, never the called one
    assert recognition.note == (
        "recognised_from_text_called",
        {"names": "coups_possibles, placer", "called": "strategie_aleatoire"},
    )


def test_a_handout_that_only_calls_the_sheet_s_functions_says_so():
    handout = ["v = grille_vide(3, 4)\nprint(coups_possibles(v, 0))\n"]
    recognition = which_exercise(
        {"v": V}, None, SIGNATURES, handout, [CellOutcome(0, "c", ok=True)], handout[0]
    )
    assert (recognition.exercise, recognition.detected_by) == ("domineering", "")
    assert recognition.note == ("recognised_from_calls", {"names": "coups_possibles, grille_vide"})


def test_the_words_say_the_functions_that_run_are_graded():
    from grader.render.text import tr

    fr = tr(
        "fr", "recognised_from_text_called", names="coups_possibles, placer", called="strategie_aleatoire"
    )
    assert fr == (
        "exercice reconnu d'après le texte du fichier : coups_possibles, placer dans un bloc qui ne "
        "s'exécute pas, strategie_aleatoire seulement appelée(s), comptées absentes ; les fonctions qui "
        "s'exécutent sont corrigées"
    )
