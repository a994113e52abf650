"""grader/skeleton.py: the sheet of a submission where nothing compiles, from its text."""

from __future__ import annotations

from grader.registry import installed
from grader.skeleton import names_in_text, recognise

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


def test_failing_the_names_the_sheets_title_decides():
    title = '{"cells": [{"cell_type": "markdown", "source": ["# TP : Jeu du Domineering"]}]}'
    assert recognise(["def f(:\n"], title, EXERCISES.values()).exercise == "domineering"
    assert (
        recognise([], "# Algorithme min-max\nle domineering 4 x 4", EXERCISES.values()).exercise
        == "domineering-minmax"
    )
    assert recognise([], "La tablette de chocolat", EXERCISES.values()).exercise == "chocolat"


def test_nothing_said_nothing_recognised():
    assert recognise(["print('bonjour')\n"], "mon devoir", EXERCISES.values()).exercise is None
