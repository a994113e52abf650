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


# -- chocolat: the second player's number ---------------------------------------------
ADVERSAIRE = "    return 3 - p\n"
CHOCOLAT_BUGS = [
    ("        valeur = (adversaire(p), None)", "        valeur = (p, None)"),  # the 1 x 1 bar "won"
    ("            valeur = (adversaire(p), coups(m, n)[0])", "            valeur = (p, coups(m, n)[0])"),
    ("                valeur = (p, coup)", "                valeur = (p, coups(m, n)[0])"),  # a losing move
    ("    dic[(m, n, p)] = valeur", "    if (m, n) != (1, 1):\n        dic[(m, n, p)] = valeur"),
]


def chocolat_with(*changes: tuple[str, str]) -> str:
    source = reference_source("chocolat")
    for line, change in changes:
        assert source.count(line) == 1, "the reference changed: pick another line"
        source = source.replace(line, change)
    return source


@pytest.mark.parametrize("other", ["-p", "1 - p"], ids=["players_1_minus_1", "players_1_0"])
def test_chocolat_second_player_numbered_otherwise_passes(other):
    """The sheet names player 1 only ("le joueur 1 joue en premier"): a second player -1
    (p -> -p) or 0 (p -> 1 - p) scored 4/20 before (every state (m, n, 2) was asked)."""
    source = chocolat_with((ADVERSAIRE, f"    return {other}\n"))
    assert failing_checks(grade_source("chocolat", source)) == set()


@pytest.mark.parametrize("other", ["-p", "1 - p"], ids=["players_1_minus_1", "players_1_0"])
@pytest.mark.parametrize(
    "line, bug", CHOCOLAT_BUGS, ids=["base_won", "square_won", "losing_move", "base_not_kept"]
)
def test_chocolat_bug_fails_the_same_checks_whatever_the_second_player_s_number(other, line, bug):
    failing = failing_checks(grade_source("chocolat", chocolat_with((line, bug))))
    assert failing
    renumbered = chocolat_with((line, bug), (ADVERSAIRE, f"    return {other}\n"))
    assert failing_checks(grade_source("chocolat", renumbered)) == failing


@pytest.mark.parametrize(
    "change, caught",
    [
        # players 1 and 3 (a slip of 3 - p): not a numbering courses use, judged with 2
        ((ADVERSAIRE, "    return 4 - p\n"), {"Q1.base_case", "Q1.winner", "Q1.fills_dic", "Q2.small_bars"}),
        # one number for both players: minimax_rec({}, 1, 1, 1) says player 1 wins
        ((ADVERSAIRE, "    return p\n"), {"Q1.base_case", "Q1.winner", "Q1.fills_dic", "Q2.small_bars"}),
        # 2 after a column is removed, -1 after a row: (2, 1, 1) reaches (1, 1, -1), whose
        # "winner" 4 makes player 1 lose; minimax(2, 1) holds the key (1, 1, -1)
        (
            (
                "        gagnant, _ = minimax_rec(dic, m2, n2, adversaire(p))",
                "        gagnant, _ = minimax_rec(dic, m2, n2, adversaire(p) if coup[0] == REDUIT_N else -p)",
            ),
            {"Q1.winner", "Q1.fills_dic", "Q2.small_bars"},
        ),
    ],
    ids=["players_1_3", "player_1_twice", "mixed_2_and_minus_1"],
)
def test_chocolat_mixed_or_single_numbering_still_fails(change, caught):
    assert caught <= failing_checks(grade_source("chocolat", chocolat_with(change)))
