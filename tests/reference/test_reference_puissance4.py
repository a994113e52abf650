"""Tests of reference/puissance4.py against the values of the TD10 sheet and of
docs/reference/sheet-facts.md. Expected values are written from those documents."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import puissance4 as p4  # p4.teste_gagnante: pytest would

# collect a bare "teste_gagnante"
from reference.puissance4 import (
    INF,
    L1,
    PARTIE_NULLE,
    Dalignements,
    Lalignements,
    affiche,
    arbre_minimax,
    colonnes_jouables,
    colonnes_optimales,
    compte_evaluations,
    copie,
    dejouer_colonne,
    evaluer,
    evaluer_alignement,
    gagnant,
    heuristique,
    init,
    initialiser_jeu,
    jeu1,
    jeu2,
    jeu3,
    jeu5,
    jouer_colonne,
    maximin,
    maximin_alpha_beta,
    minimax,
    minimax_alpha_beta,
    nb_alignements_potentiels,
    ncols,
    noeuds_elagues,
    nrows,
    prochain_joueur,
    signe,
    translation,
    valeurs_colonnes,
    vecteurs_deplacements,
)

FEW = settings(max_examples=12, derandomize=True, deadline=None)


@st.composite
def positions(draw):
    """Legal random play from the empty board; a move that would win is
    taken back, so nobody has won (full boards are possible)."""
    jeu = init()
    k = draw(st.integers(0, 50))
    for col in draw(st.lists(st.integers(0, ncols - 1), min_size=k, max_size=k)):
        if jeu['hauteurs'][col] < nrows:
            joueur = prochain_joueur(jeu)
            if p4.teste_gagnante(jeu, joueur, jouer_colonne(jeu, joueur, col)):
                dejouer_colonne(jeu, col)
    return jeu


def search(jeu, n):
    """The sheet's search function for the player to move."""
    return (maximin if prochain_joueur(jeu) == 1 else minimax)(jeu, n)


def search_ab(jeu, alpha, beta, n):
    f = maximin_alpha_beta if prochain_joueur(jeu) == 1 else minimax_alpha_beta
    return f(jeu, alpha, beta, n)


# ---- Q1..Q8: the board --------------------------------------------------------
def test_q1_q2_init():
    assert (nrows, ncols) == (6, 7)
    assert init() == {
        'nbcoups': 0,
        'hauteurs': [0, 0, 0, 0, 0, 0, 0],
        'plateau': [
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
        ],
    }
    rows = init()['plateau']
    assert len({id(r) for r in rows}) == 6


def test_affiche_init():
    assert affiche(init()) == "\n".join([f"{i}| - - - - - - -" for i in range(6)] + ["   0 1 2 3 4 5 6"])


def test_q8_jeu1():
    assert L1 == [1, 0, 2, 4, 3, 5, 1, 2, 4, 3, 3, 2, 2, 4]
    j = jeu1()
    assert j['nbcoups'] == 14
    assert j['hauteurs'] == [1, 2, 4, 3, 3, 1, 0]
    assert j['plateau'] == [
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0],
        [0, 0, 2, 1, 2, 0, 0],
        [0, 1, 2, 2, 1, 0, 0],
        [2, 1, 1, 1, 2, 2, 0],
    ]
    assert jeu1() is not jeu1() and jeu1()['plateau'][0] is not jeu1()['plateau'][0]


def test_affiche_jeu1():
    # The sheet's drawing of jeu1, with the dashes the OCR dropped restored.
    assert affiche(jeu1()) == (
        "0| - - - - - - -\n"
        "1| - - - - - - -\n"
        "2| - - 1 - - - -\n"
        "3| - - 2 1 2 - -\n"
        "4| - 1 2 2 1 - -\n"
        "5| 2 1 1 1 2 2 -\n"
        "   0 1 2 3 4 5 6"
    )


def test_q3_copie_independent():
    j = jeu1()
    c = copie(j)
    assert c == j
    assert c is not j and c['hauteurs'] is not j['hauteurs']
    assert c['plateau'] is not j['plateau']
    assert all(a is not b for a, b in zip(c['plateau'], j['plateau'], strict=False))
    jouer_colonne(c, 1, 6)
    c['plateau'][0][0] = 9
    assert j == jeu1()


def test_q4_q5_prochain_joueur_colonnes_jouables():
    assert prochain_joueur(init()) == 1
    assert prochain_joueur(initialiser_jeu([3])) == 2
    assert prochain_joueur(jeu1()) == 1
    assert colonnes_jouables(init()) == [0, 1, 2, 3, 4, 5, 6]
    assert colonnes_jouables(initialiser_jeu([2] * 6)) == [0, 1, 3, 4, 5, 6]
    assert colonnes_jouables(jeu5()) == [0, 5, 6]


def test_q6_jouer_colonne():
    j = init()
    assert tuple(jouer_colonne(j, 1, 3)) == (5, 3)  # row 5 is the bottom
    assert tuple(jouer_colonne(j, 2, 3)) == (4, 3)
    assert j['plateau'][5][3] == 1 and j['plateau'][4][3] == 2
    assert j['hauteurs'] == [0, 0, 0, 2, 0, 0, 0] and j['nbcoups'] == 2
    with pytest.raises(AssertionError):
        jouer_colonne(j, 2, 0)  # player 1 is next
    full = initialiser_jeu([0] * 6)
    with pytest.raises(AssertionError):
        jouer_colonne(full, 1, 0)  # column 0 is full


@FEW
@given(positions(), st.integers(0, ncols - 1))
def test_q7_dejouer_colonne_undoes(jeu, col):
    if jeu['hauteurs'][col] == nrows:
        return
    avant = copy.deepcopy(jeu)
    jouer_colonne(jeu, prochain_joueur(jeu), col)
    dejouer_colonne(jeu, col)
    assert jeu == avant


# ---- Q9..Q13: alignments ------------------------------------------------------
def test_q9_translation_examples():
    assert vecteurs_deplacements == [(0, 1), (1, 0), (1, 1), (-1, 1)]
    assert [translation((0, 0), vecteurs_deplacements[0], k) for k in range(4)] == [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
    ]
    assert [translation((3, 1), vecteurs_deplacements[3], k) for k in range(4)] == [
        (3, 1),
        (2, 2),
        (1, 3),
        (0, 4),
    ]


def test_q9_lalignements():
    assert len(Lalignements) == 69
    assert len({frozenset(a) for a in Lalignements}) == 69
    par_direction = dict.fromkeys(vecteurs_deplacements, 0)
    for a in Lalignements:
        assert len(a) == 4 and all(0 <= i < 6 and 0 <= j < 7 for i, j in a)
        u = (a[1][0] - a[0][0], a[1][1] - a[0][1])
        assert a == [translation(a[0], u, k) for k in range(4)]
        par_direction[u] += 1
    # horizontal 24, vertical 21, descending 12, ascending 12
    assert par_direction == {(0, 1): 24, (1, 0): 21, (1, 1): 12, (-1, 1): 12}
    assert [(0, 0), (0, 1), (0, 2), (0, 3)] in Lalignements
    assert [(3, 1), (2, 2), (1, 3), (0, 4)] in Lalignements


def test_q10_dalignements():
    assert Dalignements[(0, 0)] == [
        [(0, 0), (0, 1), (0, 2), (0, 3)],
        [(0, 0), (1, 0), (2, 0), (3, 0)],
        [(0, 0), (1, 1), (2, 2), (3, 3)],
    ]
    assert set(Dalignements) == {(i, j) for i in range(6) for j in range(7)}
    for cell, alignements in Dalignements.items():
        assert alignements == [a for a in Lalignements if cell in a]


def test_q13_nb_alignements_potentiels():
    assert nb_alignements_potentiels == [
        [3, 4, 5, 7, 5, 4, 3],
        [4, 6, 8, 10, 8, 6, 4],
        [5, 8, 11, 13, 11, 8, 5],
        [5, 8, 11, 13, 11, 8, 5],
        [4, 6, 8, 10, 8, 6, 4],
        [3, 4, 5, 7, 5, 4, 3],
    ]


# ---- Q11, Q12, Q14 on jeu1, jeu2, jeu3 ---------------------------------------
def test_jeu2_jeu3_as_in_facts():
    assert jeu2() == initialiser_jeu(L1 + [1, 1])
    assert jeu3()['nbcoups'] == 17
    # jeu3 = L1, player 1 in column 1, a non-winning player-2 move, column 1
    assert jeu3()['plateau'][3][1] == 1 and jeu3()['plateau'][2][1] == 1
    assert gagnant(jeu1()) == 0 and gagnant(jeu2()) == 2 and gagnant(jeu3()) == 1
    assert not any(evaluer(jeu3(), a) == 2 for a in Lalignements)


def test_q11_evaluer():
    assert evaluer_alignement is evaluer
    assert evaluer_alignement(jeu2(), [(4, 0), (4, 1), (4, 2), (4, 3)]) == 0
    assert evaluer_alignement(jeu2(), [(2, 1), (3, 2), (4, 3), (5, 4)]) == 2
    assert evaluer_alignement(jeu3(), [(2, 1), (3, 1), (4, 1), (5, 1)]) == 1
    assert evaluer_alignement(jeu2(), [(4, 1), (4, 2), (4, 3), (4, 4)]) == 0
    assert evaluer(init(), [(5, 0), (5, 1), (5, 2), (5, 3)]) == 0


def test_q12_teste_gagnante():
    assert p4.teste_gagnante(jeu2(), 2, (2, 1)) is True
    assert p4.teste_gagnante(jeu2(), 2, (3, 4)) is False
    assert p4.teste_gagnante(jeu3(), 1, (2, 1)) is True
    # The sheet's 4th example reads "teste_gagnante(jeu2, 2, (2, 1)) False",
    # which contradicts the 1st; read as jeu3, where (2, 1) is player 1's.
    assert p4.teste_gagnante(jeu3(), 2, (2, 1)) is False


def test_q14_heuristique():
    assert heuristique(jeu1()) == 2
    assert 4 + 5 + 7 + 6 + 8 + 13 + 11 - 3 - 5 - 4 - 8 - 10 - 11 - 11 == 2
    assert heuristique(jeu2()) == -INF
    assert heuristique(jeu3()) == INF
    assert heuristique(init()) == 0
    assert signe(1) == 1 and signe(2) == -1


# ---- Q15: maximin / minimax ---------------------------------------------------
@pytest.mark.parametrize("n, attendu", [(1, (3, 15)), (2, (3, 4)), (3, (3, 14))])
def test_q15_maximin_jeu1(n, attendu):
    assert maximin(jeu1(), n) == attendu
    assert colonnes_optimales(jeu1(), n) == {3}
    assert max(valeurs_colonnes(jeu1(), n).values()) == attendu[1]


@pytest.mark.parametrize("n, attendu", [(1, (5, 18)), (2, (5, 12)), (3, (5, 19)), (4, (5, 12))])
def test_q15_maximin_jeu5(n, attendu):
    assert maximin(jeu5(), n) == attendu


def test_q15_leaves_and_immediate_wins():
    assert maximin(jeu1(), 0) == (None, 2) and minimax(jeu1(), 0) == (None, 2)
    plein = initialiser_jeu(PARTIE_NULLE)
    assert maximin(plein, 3) == (None, heuristique(plein))
    # L1 + [1, 6]: player 1 wins at once in column 1 (vertical (2..5, 1)).
    j = initialiser_jeu(L1 + [1, 6])
    assert maximin(j, 1) == (1, INF) and maximin(j, 3) == (1, INF)
    assert colonnes_optimales(j, 2) == {1}
    # L1 + [1]: player 2 wins at once in column 1 (that is jeu2).
    j = initialiser_jeu(L1 + [1])
    assert minimax(j, 1) == (1, -INF) and minimax(j, 2) == (1, -INF)
    assert colonnes_optimales(j, 3) == {1}


def test_sheet_functions_do_not_modify_arguments():
    for jeu in (jeu1(), jeu2(), jeu3(), jeu5()):
        avant = copy.deepcopy(jeu)
        heuristique(jeu)
        gagnant(jeu)
        for a in Lalignements[:10]:
            evaluer(jeu, a)
        p4.teste_gagnante(jeu, 1, (5, 1))
        assert jeu == avant
    for jeu in (jeu1(), jeu5(), initialiser_jeu(L1 + [6])):
        avant = copy.deepcopy(jeu)
        search(jeu, 2)
        search_ab(jeu, -INF, INF, 2)
        search_ab(jeu, 0, 10, 2)
        colonnes_optimales(jeu, 2)
        valeurs_colonnes(jeu, 2)
        noeuds_elagues(jeu, 2)
        arbre_minimax(jeu, 2)
        assert jeu == avant


@FEW
@given(positions(), st.integers(1, 3))
def test_optimal_columns_match_search(jeu, n):
    if not colonnes_jouables(jeu):
        return
    col, valeur = search(jeu, n)
    valeurs = valeurs_colonnes(jeu, n)
    best = (max if prochain_joueur(jeu) == 1 else min)(valeurs.values())
    assert valeur == best
    assert col in colonnes_optimales(jeu, n) or (col is None and abs(valeur) == INF)


# ---- Q17: alpha-beta ----------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_q17_alpha_beta_equals_minimax_on_sheet_positions(n):
    assert maximin_alpha_beta(jeu1(), -INF, INF, n) == maximin(jeu1(), n)
    assert maximin_alpha_beta(jeu5(), -INF, INF, n) == maximin(jeu5(), n)


@FEW
@given(positions(), st.integers(1, 3))
def test_q17_alpha_beta_equals_minimax_at_root(jeu, n):
    col, valeur = search_ab(jeu, -INF, INF, n)
    assert valeur == search(jeu, n)[1]
    if col is None:
        assert abs(valeur) == INF or not colonnes_jouables(jeu)
    else:
        # With beta = +inf a max node cuts on a forced (not immediate) win,
        # so the column may differ from maximin's: it has the root value.
        assert valeurs_colonnes(jeu, n)[col] == valeur
        assert col in colonnes_optimales(jeu, n, gain_immediat_requis=False)


def test_q17_alpha_beta_may_stop_on_a_forced_win():
    # Player 1 holds (5, 2), (5, 3), (5, 5): column 4 wins at once; columns 0
    # and 1 make a double threat on row 5, hence +inf at horizon 3. maximin
    # goes on to the immediate win; alpha-beta cuts at column 0 (inf >= beta).
    j = initialiser_jeu([2, 6, 5, 2, 3, 6])
    assert maximin(j, 3) == (4, INF)
    assert maximin_alpha_beta(j, -INF, INF, 3) == (0, INF)
    assert colonnes_optimales(j, 3) == {4}
    assert colonnes_optimales(j, 3, gain_immediat_requis=False) == {0, 1, 4}


WINDOW_BOUNDS = [-INF, -30, -10, -2, 0, 2, 5, 10, 20, 40, INF]


@FEW
@given(positions(), st.integers(1, 3), st.sampled_from(WINDOW_BOUNDS), st.sampled_from(WINDOW_BOUNDS))
def test_q17_bound_property_in_narrow_windows(jeu, n, a, b):
    if a >= b:
        return
    v = search(jeu, n)[1]
    r = search_ab(jeu, a, b, n)[1]
    if a < r < b:
        assert r == v
    elif r <= a:
        assert v <= r  # fail-soft: an upper bound (hence v <= a)
    else:
        assert v >= r  # fail-soft: a lower bound (hence v >= b)


def test_q17_number_of_evaluations():
    assert compte_evaluations(maximin, jeu1(), 3) == ((3, 14), 294)
    assert compte_evaluations(maximin_alpha_beta, jeu1(), -INF, INF, 3) == ((3, 14), 144)
    assert compte_evaluations(maximin, jeu1(), 4)[1] == 1603
    assert compte_evaluations(maximin_alpha_beta, jeu1(), -INF, INF, 4)[1] == 446


def test_compte_evaluations_restores_heuristique():
    vraie = p4.heuristique
    with pytest.raises(ZeroDivisionError):
        compte_evaluations(lambda: 1 / 0)
    assert p4.heuristique is vraie
    assert compte_evaluations(maximin, jeu1(), 0) == ((None, 2), 1)


# ---- Q16: pruned nodes --------------------------------------------------------
def _feuilles(noeud):
    if not noeud['enfants']:
        yield noeud
    for e in noeud['enfants']:
        yield from _feuilles(e)


def _noeuds(noeud):
    yield noeud
    for e in noeud['enfants']:
        yield from _noeuds(e)


def test_q16_tree_counts_match_facts():
    arbre = arbre_minimax(jeu1(), 3)
    assert arbre['valeur'] == 14
    evaluees = [f for f in _feuilles(arbre) if abs(f['valeur']) != INF]
    assert len(evaluees) == 294  # maximin
    assert len([f for f in evaluees if not f['elague']]) == 144  # alpha-beta


def _ab_explores(jeu, alpha, beta, n, chemin, explores):
    """An independent negamax alpha-beta recording the nodes it creates."""
    joueur = prochain_joueur(jeu)
    if n == 0 or not colonnes_jouables(jeu):
        return signe(joueur) * heuristique(jeu)
    best = -INF
    for col in colonnes_jouables(jeu):
        explores.add(chemin + (col,))
        suivant = copie(jeu)
        if p4.teste_gagnante(suivant, joueur, jouer_colonne(suivant, joueur, col)):
            return INF
        best = max(best, -_ab_explores(suivant, -beta, -alpha, n - 1, chemin + (col,), explores))
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best


@pytest.mark.parametrize("jeu, n", [(jeu5(), 3), (jeu5(), 4), (jeu1(), 3), (initialiser_jeu(L1 + [1]), 3)])
def test_q16_noeuds_elagues(jeu, n):
    arbre = arbre_minimax(jeu, n)
    noeuds = list(_noeuds(arbre))
    assert arbre['valeur'] == search(jeu, n)[1]
    explores = {()}
    _ab_explores(jeu, -INF, INF, n, (), explores)
    elagues = {nd['chemin'] for nd in noeuds if nd['elague']}
    assert elagues == {nd['chemin'] for nd in noeuds} - explores
    attendu = [nd['chemin'] for nd in noeuds if nd['elague'] and nd['chemin'][:-1] not in elagues]
    assert noeuds_elagues(jeu, n) == attendu


# ---- PARTIE_NULLE ---------------------------------------------------------------
def test_partie_nulle():
    assert len(PARTIE_NULLE) == 42
    jeu = init()
    for col in PARTIE_NULLE:
        assert col in colonnes_jouables(jeu)
        jouer_colonne(jeu, prochain_joueur(jeu), col)
    assert jeu['nbcoups'] == 42 and jeu['hauteurs'] == [6] * 7
    assert all(c in (1, 2) for ligne in jeu['plateau'] for c in ligne)
    assert gagnant(jeu) == 0
    assert all(evaluer(jeu, a) == 0 for a in Lalignements)
    assert colonnes_jouables(jeu) == []
