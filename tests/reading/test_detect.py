"""Exercise detection from the names a submission defines (grader/reading/recognise.py, pure).

Each name set is what a complete notebook of that sheet defines (functions, the
sheet's top-level values, the modules it imports), as `StudentSession.names` reports it.
"""

import pytest

from grader.reading.recognise import Detection
from grader.reading.recognise import detect as detect_in
from grader.registry import installed

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""


def detect(defined) -> Detection:
    return detect_in(defined, EXERCISES.values())


F, V, M = "function", "value", "module"

PUISSANCE4 = {
    "nrows": V,
    "ncols": V,
    "init": F,
    "copie": F,
    "prochain_joueur": F,
    "colonnes_jouables": F,
    "jouer_colonne": F,
    "dejouer_colonne": F,
    "initialiser_jeu": F,
    "L1": V,
    "jeu1": V,
    "translation": F,
    "Lalignements": V,
    "Dalignements": V,
    "evaluer": F,
    "teste_gagnante": F,
    "nb_alignements_potentiels": V,
    "heuristique": F,
    "maximin": F,
    "minimax": F,
    "maximin_alpha_beta": F,
    "minimax_alpha_beta": F,
    "affiche": F,
    "jeu": V,
    "copy": M,
}
DOMINEERING_TP = {
    "grille_vide": F,
    "coups_possibles": F,
    "random": M,
    "strategie_aleatoire": F,
    "placer": F,
    "retirer": F,
    "jeu": F,
    "statistiques": F,
    "h1": F,
    "minmax": F,
    "strategie_minmax": F,
}
DOMINEERING_MINMAX = {
    "minmax": F,
    "np": M,
    "v": V,
    "h": F,
    "copy": M,
    "s": F,
    "plt": M,
    "Rectangle": F,
    "affiche": F,
    "jeu": F,
}
MORPION = {
    "HUMAN": V,
    "COMP": V,
    "board": V,
    "inf": V,
    "evaluate": F,
    "wins": F,
    "game_over": F,
    "empty_cells": F,
    "valid_move": F,
    "set_move": F,
    "minimax": F,
    "render": F,
}
CHOCOLAT = {"minimax_rec": F, "minimax": F, "dic": V}


@pytest.mark.parametrize(
    "names, exercise",
    [
        (PUISSANCE4, "puissance4"),
        (DOMINEERING_TP, "domineering"),
        (DOMINEERING_MINMAX, "domineering-minmax"),
        (MORPION, "morpion"),
        (CHOCOLAT, "chocolat"),
    ],
    ids=["puissance4", "domineering", "domineering-minmax", "morpion", "chocolat"],
)
def test_each_sheet_is_recognised(names, exercise):
    assert detect(names).exercise == exercise


def test_minmax_page_without_affiche():
    """Only Q1 and Q2 done: s and h are enough."""
    assert detect({"np": M, "v": V, "h": F, "s": F}).exercise == "domineering-minmax"
    assert detect({"h": F, "s": F, "minmax": F}).matched == ("h", "s")


def test_one_letter_values_do_not_count():
    """`s = 0` or `h = heuristique(jeu1)` at top level are variables, not the page's s and h."""
    assert detect({"s": V, "h": V, "affiche": F}).exercise is None
    assert detect({**PUISSANCE4, "s": V, "h": V}).exercise == "puissance4"
    assert detect({"s": V, "h": F, "affiche": F}).exercise == "domineering-minmax"


def test_tp_and_page_told_apart_when_names_mix():
    """A TP notebook that also draws boards and aliases its heuristic stays the TP;
    a course-page notebook that borrowed the TP's `coups_possibles` stays the page."""
    assert detect({**DOMINEERING_TP, "affiche": F, "h": F}).exercise == "domineering"
    assert detect({**DOMINEERING_MINMAX, "coups_possibles": F}).exercise == "domineering-minmax"


def test_shared_names_alone_decide_nothing():
    """minmax, jeu and minimax belong to several sheets."""
    assert detect({"minmax": F, "jeu": F}).exercise is None
    assert detect({"minimax": F}).exercise is None


def test_a_set_of_names_counts_as_functions():
    assert detect({"s", "h", "affiche"}).exercise == "domineering-minmax"


@pytest.mark.parametrize("extra", ["affiche", "coups_possibles", "s", "h", "evaluate"])
def test_chocolat_with_a_name_of_another_sheet_is_still_chocolat(extra):
    # minimax_rec is enough for chocolat; one name of another sheet is not enough for it
    defined = {"minimax_rec": "function", "minimax": "function", extra: "function"}
    assert detect(defined).exercise == "chocolat"
