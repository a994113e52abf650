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


# -- puissance4: a search that remembers positions, filled by the copy's own demo ------
JEU1_DEMO = """

jeu1_demo = initialiser_jeu([1, 0, 2, 4, 3, 5, 1, 2, 4, 3, 3, 2, 2, 4])
print(maximin(jeu1_demo, 3), maximin_alpha_beta(jeu1_demo, -INF, INF, 3))
"""
MEMO_MAXIMIN = """

_calculs = {}


def maximin(jeu, n):
    cle = (str(jeu['plateau']), n)
    if cle not in _calculs:
        _calculs[cle] = _maximin(jeu, n)
    return _calculs[cle]


def minimax(jeu, n):
    cle = (str(jeu['plateau']), n)
    if cle not in _calculs:
        _calculs[cle] = _minimax(jeu, n)
    return _calculs[cle]
"""
MEMO_ALPHA_BETA = """

_fenetres = {}


def maximin_alpha_beta(jeu, alpha, beta, n):
    cle = (str(jeu['plateau']), alpha, beta, n)
    if cle not in _fenetres:
        _fenetres[cle] = _maximin_alpha_beta(jeu, alpha, beta, n)
    return _fenetres[cle]


def minimax_alpha_beta(jeu, alpha, beta, n):
    cle = (str(jeu['plateau']), alpha, beta, n)
    if cle not in _fenetres:
        _fenetres[cle] = _minimax_alpha_beta(jeu, alpha, beta, n)
    return _fenetres[cle]
"""
NO_CUT = [
    ("        if hmax >= beta:", "        if False:"),
    ("        if hmin <= alpha:", "        if False:"),
]


def puissance4_remembering(*, searches: str, cuts: bool = True) -> str:
    """The reference whose `searches` (maximin/minimax, the alpha-betas, or both) remember
    every position they searched, the copy's demo searching jeu1 at load."""
    source = reference_source("puissance4")
    names = {
        "maximin": ("maximin", "minimax"),
        "alpha_beta": ("maximin_alpha_beta", "minimax_alpha_beta"),
    }
    memos = {"maximin": MEMO_MAXIMIN, "alpha_beta": MEMO_ALPHA_BETA}
    remembering = ["maximin", "alpha_beta"] if searches == "both" else [searches]
    for name in (name for search in remembering for name in names[search]):
        assert source.count(f"def {name}(jeu,") == 1, "the reference changed"
        source = source.replace(f"def {name}(jeu,", f"def _{name}(jeu,")
    for line, change in [] if cuts else NO_CUT:
        assert source.count(line) == 1, "the reference changed"
        source = source.replace(line, change)
    return source + "".join(memos[search] for search in remembering) + JEU1_DEMO


# "both": neither search of jeu1 runs heuristique, so the moves were counted (0 and 0)
@pytest.mark.parametrize("searches", ["maximin", "alpha_beta", "both"])
def test_a_search_remembering_jeu1_from_the_copys_own_demo_prunes(searches):
    """A demo cell of the copy searched jeu1 at depth 3 with a search that remembers the
    positions it searched (a dict in the notebook): the grader's counted search of jeu1
    then evaluated nothing, and Q17 lost 0.75 ("votre maximin(jeu1, 3) fait 0 appels",
    "moins de 294 appels : obtenu 0") though the alpha-beta prunes as the annexes do."""
    questions = grade_source("puissance4", puissance4_remembering(searches=searches), only="Q17")
    assert failing_checks(questions) == set()


@pytest.mark.parametrize("searches", ["maximin", "alpha_beta", "both"])
def test_a_search_remembering_jeu1_that_never_cuts_still_fails_pruning(searches):
    source = puissance4_remembering(searches=searches, cuts=False)
    assert "Q17.prunes" in failing_checks(grade_source("puissance4", source, only="Q17"))


# -- morpion: the note about minimax's calls -------------------------------------------
MORPION_MINIMAX = "def minimax(state, depth, player):\n"
MORPION_MEMO = '''
_vus = {}


def minimax(state, depth, player):
    cle = (str(state), player)
    if cle not in _vus:
        _vus[cle] = _minimax(state, depth, player)
    return list(_vus[cle])


print(minimax([[0, 0, 0], [0, 0, 0], [0, 0, 0]], 9, COMP))
'''


def morpion_note(source: str) -> str:
    questions = grade_source("morpion", source, only="Q6")
    assert failing_checks(questions) == set()
    (fr,) = [values["text"].fr for key, values in questions["Q6"].notes if key == "text"]
    return str(fr)


def test_the_calls_note_of_a_minimax_remembering_the_empty_board_says_no_untruth():
    """A minimax remembering the positions it searched (the copy's own demo searched the
    empty board) answers the grader's call at once: the note said "minimax ne s'appelle
    pas elle-même sous ce nom", which is untrue of it."""
    source = reference_source("morpion")
    assert source.count(MORPION_MINIMAX) == 1, "the reference changed"
    source = source.replace(MORPION_MINIMAX, "def _minimax(state, depth, player):\n") + MORPION_MEMO
    text = morpion_note(source)
    assert "ne s'appelle pas" not in text
    assert "en mémoire" in text and "nombre d'appels non mesuré" in text


def test_the_calls_note_still_counts_the_article_s_calls():
    assert "fait 549 946 appels à minimax" in morpion_note(reference_source("morpion"))
