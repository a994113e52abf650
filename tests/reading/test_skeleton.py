"""grader/reading/recognise.py: the sheet of a submission where nothing compiles, from its text."""

from __future__ import annotations

import pytest

from grader.reading.recognise import kinds_in_text, names_called, names_in_text, recognise
from grader.registry import installed

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

SKELETON = [
    "def init():\n    #to_do\n",
    "def copie(jeu):\n    #to_do\n",
    "def colonnes_jouables(jeu):\n    #to_do\n",
    "def jouer_colonne(jeu, joueur, col):\n    #to_do\n",
    "Lalignements = #to_do\n",
]


def test_names_of_def_lines_and_assignments_even_when_nothing_compiles():
    assert names_in_text(SKELETON) == {"init", "copie", "colonnes_jouables", "jouer_colonne", "Lalignements"}
    assert names_in_text(["nrows, ncols = 6, 7\nif x == 1:\n    pass\n"]) == {"nrows", "ncols"}


def test_a_blank_skeleton_is_recognised_from_its_def_lines():
    found = recognise(SKELETON, "", EXERCISES.values())
    assert found.exercise == "puissance4"
    assert "colonnes_jouables" in found.matched


def test_a_title_alone_names_the_closest_sheet_and_recognises_none():
    """Issue 29: another TD on the same game shares the title's words; they are a hint only."""
    title = '{"cells": [{"cell_type": "markdown", "source": ["# TP : Jeu du Domineering"]}]}'
    found = recognise(["def f(:\n"], title, EXERCISES.values())
    assert (found.exercise, found.closest, found.closest_names) == (None, "domineering", ())
    assert recognise([], "La tablette de chocolat", EXERCISES.values()).closest == "chocolat"
    # the title found first is the document's: the course page plays domineering further down,
    # the TP mentions "l'algorithme min-max" further down
    page = "# Algorithme min-max\n## Application au jeu du domineering 4 x 4"
    assert recognise([], page, EXERCISES.values()).closest == "domineering-minmax"
    tp = "# TP : Jeu du domineering\n...\nL'algorithme min-max considère..."
    assert recognise([], tp, EXERCISES.values()).closest == "domineering"
    assert recognise([], "TP 7 : le morpion", EXERCISES.values()).closest == "morpion"


def test_names_called_are_evidence_and_outrank_the_title():
    """A handout: answer cells still `# à compléter`, the sheet's test calls, a skeleton
    of comments that does not compile; its text also says "l'algorithme min-max"."""
    cells = [
        "# à compléter\n",
        "grille_vide(3, 4)\n",
        "print(coups_possibles(grille_vide(3, 4), 0))\n",
        "def minmax(v, joueur, profondeur, h):\n    coups = coups_possibles(v, joueur)\n    # ...\n    else:\n",
        "statistiques(strategie_minmax, strategie_aleatoire, 5, 5, 10)\n",
    ]
    text = "# TP : Jeu du domineering ... L'algorithme min-max considère"
    found = recognise(cells, text, EXERCISES.values())
    assert (found.exercise, found.matched) == (
        "domineering",
        ("coups_possibles", "grille_vide", "statistiques"),
    )
    assert names_called(cells) >= {"grille_vide", "coups_possibles", "print", "statistiques", "minmax"}
    assert "strategie_minmax" not in names_called(cells)  # passed, not called
    # a call of a method is not the sheet's function; a call in a cell that does not compile is
    assert names_called(["v.copie(jeu)\nself.placer(v, 0, 0, 1)\n"]) == set()
    assert names_called(["if x\n    placer(v, 0, 0, 1)\n"]) == {"placer"}


def test_one_name_is_not_enough_and_only_hints():
    found = recognise(["def placer(v, i, j, joueur):\n    pass\n"], "mon devoir", EXERCISES.values())
    assert (found.exercise, found.closest, found.closest_names) == (None, "domineering", ("placer",))
    # what the code defined once run counts with its text
    found = recognise(["grille_vide(2, 2)\n"], "", EXERCISES.values(), {"placer": "function"})
    assert (found.exercise, found.matched) == ("domineering", ("grille_vide", "placer"))
    # `s = 0` is a value: the course page's s counts only as a function
    assert recognise(["s = 0\nh = 1\naffiche(v)\n"], "", EXERCISES.values()).exercise is None
    assert kinds_in_text(["s = 0\ndef h(v):\n"]) == {"s": "value", "h": "function"}


def test_nothing_said_nothing_recognised():
    found = recognise(["print('bonjour')\n"], "mon devoir", EXERCISES.values())
    assert (found.exercise, found.closest) == (None, None)


SHEETS = {
    "puissance4": ("init", "copie", "prochain_joueur", "colonnes_jouables", "jouer_colonne", "maximin"),
    "domineering": ("grille_vide", "coups_possibles", "strategie_aleatoire", "placer", "h1", "minmax"),
    "domineering-minmax": ("h", "s", "minmax", "affiche", "jeu"),
    "morpion": ("wins", "evaluate", "game_over", "empty_cells", "valid_move", "set_move", "minimax"),
    "chocolat": ("minimax_rec", "minimax"),
}


@pytest.mark.parametrize("exercise", sorted(SHEETS))
def test_the_blank_skeleton_of_each_sheet_is_recognised_whatever_its_text_says(exercise):
    """Each sheet's functions as handed out, bodies `#to_do` (no cell compiles), in a text
    naming the other sheets' games too: its def lines decide, never a title."""
    cells = [f"def {name}(v, joueur):\n    #to_do\n" for name in SHEETS[exercise]]
    text = "# Algorithme min-max\nJeu du domineering, morpion, puissance 4, la tablette de chocolat"
    assert recognise(cells, text, EXERCISES.values()).exercise == exercise
