"""Correct answers written another honest way: the reference with one function
rewritten as a student may write it must keep every check of its question, and the
bug the check exists for must still fail it (in process, through the wire codec)."""

from __future__ import annotations

import pytest
from test_checks_in_process import failing_checks, grade_source, reference_source

from grader.model.results import QuestionStatus

SHEET_STATISTIQUES = """    victoires = [0, 0]
    for _ in range(nb_parties):
        victoires[jeu(strategie0, strategie1, n, p)] += 1
    return victoires
"""


@pytest.mark.parametrize(
    "body",
    [
        # a dict counted with .get: a player who won no game has no key
        "    victoires = {}\n    for _ in range(nb_parties):\n"
        "        g = jeu(strategie0, strategie1, n, p)\n        victoires[g] = victoires.get(g, 0) + 1\n"
        "    return victoires\n",
        # collections.Counter: the same
        "    from collections import Counter\n"
        "    return Counter(jeu(strategie0, strategie1, n, p) for _ in range(nb_parties))\n",
    ],
    ids=["dict_get", "counter"],
)
def test_statistiques_as_a_count_without_the_zeros_passes(body):
    """The sheet asks for "le nombre de parties gagnées par chaque joueur": a count that
    leaves out a player who won nothing (statistiques(premier_coup, dernier_coup, 4, 4, 3)
    is {1: 3}) says 0 for that player; it lost Q7's deterministic games before."""
    source = reference_source("domineering")
    assert source.count(SHEET_STATISTIQUES) == 1, "the reference changed"
    questions = grade_source("domineering", source.replace(SHEET_STATISTIQUES, body), only="Q7")
    assert failing_checks(questions) == set()


@pytest.mark.parametrize(
    "body",
    [
        # players numbered 1 and 2 in the count: not the sheet's players 0 and 1
        "    victoires = {}\n    for _ in range(nb_parties):\n"
        "        g = jeu(strategie0, strategie1, n, p) + 1\n        victoires[g] = victoires.get(g, 0) + 1\n"
        "    return victoires\n",
        # the counts swapped
        "    victoires = {}\n    for _ in range(nb_parties):\n"
        "        g = 1 - jeu(strategie0, strategie1, n, p)\n        victoires[g] = victoires.get(g, 0) + 1\n"
        "    return victoires\n",
        # the games counted, not the wins
        "    return {0: nb_parties}\n",
    ],
    ids=["players_1_2", "swapped", "games_not_wins"],
)
def test_statistiques_as_a_wrong_count_still_fails(body):
    source = reference_source("domineering").replace(SHEET_STATISTIQUES, body)
    questions = grade_source("domineering", source, only="Q7")
    assert questions["Q7"].status in (QuestionStatus.FAILED, QuestionStatus.PARTIAL)


PAGE_JEU = """

def affiche(v):
    pass


def jeu(s, h, v, p, joueur):
    affiche(v)
    if s(v, joueur) == []:
        print(MESSAGE.format(1 - joueur))
        return
    u, hu = minmax_coup(s, h, v, p, joueur)
    jeu(s, h, u, p, 1 - joueur)
"""


def grade_jeu(message: str) -> dict:
    source = reference_source("domineering-minmax") + PAGE_JEU.replace("MESSAGE", repr(message))
    return grade_source("domineering-minmax", source, only="Q4")


@pytest.mark.parametrize(
    "message",
    [
        "Joueur {} a gagné",  # the page's
        "Le gagnant est le joueur {}",
        "Victoire du joueur {} !",
        "Vainqueur : joueur {}",
        "Fin de la partie, le joueur {} gagne",
        "Player {} wins",
    ],
)
def test_jeu_saying_who_won_in_its_own_words_passes(message):
    """The page prints `Joueur k a gagné`; a jeu that says the same thing in other words
    lost Q4 whole (5 points) before."""
    assert failing_checks(grade_jeu(message)) == set()


@pytest.mark.parametrize(
    "message",
    [
        "Joueur {} a perdu",  # the stuck player, not the winner: 1 - winner printed
        "Le perdant est le joueur {}",
        "Fin de la partie, joueur {}",  # no winner said
    ],
)
def test_jeu_printing_the_loser_or_no_winner_still_fails(message):
    questions = grade_jeu(message)
    assert {"Q4.sheet", "Q4.game"} <= failing_checks(questions)
