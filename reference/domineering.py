"""Reference solution of the TP "Jeu du domineering" (questions Q1 to Q10).

Names and semantics follow the sheet exactly (French identifiers). A position
is a list of n rows of p cells: -1 empty, 0 a cell of a vertical domino
(player 0), 1 a cell of a horizontal domino (player 1). Player 0 covers
(i, j) and (i + 1, j), player 1 covers (i, j) and (i, j + 1); a player who
cannot move loses. The helpers after the sheet's functions (jeu_journal,
rejouer, valeurs_coups, coups_optimaux, h1_bloque_1, ...) are not in the
sheet: the grader uses them.
"""

import random

INF = float('inf')


# Q1
def grille_vide(n, p):
    """n distinct rows of p cells equal to -1."""
    return [[-1 for j in range(p)] for i in range(n)]


# Q2
def coups_possibles(v, joueur):
    """The cells (i, j) where joueur can put a domino, in row-major order."""
    coups = []
    for i in range(len(v)):
        for j in range(len(v[0])):
            if joueur == 0 and i < len(v) - 1 and v[i][j] == v[i + 1][j] == -1:
                coups.append((i, j))
            if joueur == 1 and j < len(v[0]) - 1 and v[i][j] == v[i][j + 1] == -1:
                coups.append((i, j))
    return coups


# Q3
def strategie_aleatoire(v, joueur):
    return random.choice(coups_possibles(v, joueur))


# Q4
def placer(v, i, j, joueur):
    v[i][j] = joueur
    if joueur == 0:
        v[i + 1][j] = joueur
    else:
        v[i][j + 1] = joueur


# Q5
def retirer(v, i, j, joueur):
    v[i][j] = -1
    if joueur == 0:
        v[i + 1][j] = -1
    else:
        v[i][j + 1] = -1


# Q6
def jeu(strategie0, strategie1, n, p):
    """Play from the empty n x p grid, player 0 first; return the winner."""
    v = grille_vide(n, p)
    joueur = 0
    while coups_possibles(v, joueur) != []:
        if joueur == 0:
            i, j = strategie0(v, 0)
        else:
            i, j = strategie1(v, 1)
        placer(v, i, j, joueur)
        joueur = 1 - joueur
    return 1 - joueur


# Q7
def statistiques(strategie0, strategie1, n, p, nb_parties):
    victoires = [0, 0]
    for _ in range(nb_parties):
        victoires[jeu(strategie0, strategie1, n, p)] += 1
    return victoires


# Q8
def h1(v):
    """Moves of player 0 minus moves of player 1; -inf when player 0 cannot
    move (player 1 has won), else +inf when player 1 cannot move."""
    if len(coups_possibles(v, 0)) == 0:
        return -INF
    if len(coups_possibles(v, 1)) == 0:
        return INF
    return len(coups_possibles(v, 0)) - len(coups_possibles(v, 1))


# Q9
def minmax(v, joueur, profondeur, h):
    """(valeur, coup); (h(v), None) at depth 0 or without a move. The best
    move starts as coups[0] and only a strictly better value replaces it."""
    coups = coups_possibles(v, joueur)
    if coups == [] or profondeur == 0:
        return h(v), None
    meilleur_coup = coups[0]
    meilleur_score = -INF if joueur == 0 else INF
    for coup in coups:
        placer(v, coup[0], coup[1], joueur)
        score, _ = minmax(v, 1 - joueur, profondeur - 1, h)
        retirer(v, coup[0], coup[1], joueur)
        if (joueur == 0 and score > meilleur_score) or (joueur == 1 and score < meilleur_score):
            meilleur_score = score
            meilleur_coup = coup
    return meilleur_score, meilleur_coup


# Q10
def strategie_minmax(v, joueur):
    _, coup = minmax(v, joueur, 2, h1)
    return coup


# -- helpers for the grader (not in the sheet) -----------------------------------
def copie(v):
    return [list(ligne) for ligne in v]


def h1_bloque_1(v):
    """h1 testing player 1 first: differs from h1 only when neither player
    can move (+inf instead of -inf). The sheet's sentence ("+inf if player 0
    has won, -inf if player 1 has won") does not decide that case."""
    if len(coups_possibles(v, 1)) == 0:
        return INF
    return h1(v)


def h_poids(v):
    """A heuristic unlike h1 (weighted empty cells), to see that minmax uses
    the heuristic it is given."""
    return sum((3 * i + 5 * j + 1) % 7 - 3 for i, ligne in enumerate(v)
               for j, c in enumerate(ligne) if c == -1)


def rejouer(n, p, choix):
    """(position, player to move) after playing, for each c of choix, the
    (c mod k)-th legal move of the player to move; stops when that player
    cannot move. Every list gives a legal game, a shorter list a smaller one."""
    v, joueur = grille_vide(n, p), 0
    for c in choix:
        coups = coups_possibles(v, joueur)
        if not coups:
            break
        i, j = coups[c % len(coups)]
        placer(v, i, j, joueur)
        joueur = 1 - joueur
    return v, joueur


def premier_coup(v, joueur):
    return coups_possibles(v, joueur)[0]


def dernier_coup(v, joueur):
    return coups_possibles(v, joueur)[-1]


def jeu_journal(strategie0, strategie1, n, p):
    """(winner, [(board shown, player, move), ...]) of jeu, for checking
    a submission's game against the reference's."""
    journal = []
    v, joueur = grille_vide(n, p), 0
    while coups_possibles(v, joueur):
        coup = (strategie0 if joueur == 0 else strategie1)(copie(v), joueur)
        journal.append((copie(v), joueur, tuple(coup)))
        placer(v, coup[0], coup[1], joueur)
        joueur = 1 - joueur
    return 1 - joueur, journal


def valeurs_coups(v, joueur, profondeur, h):
    """{move: its minmax value} for each legal move (profondeur >= 1)."""
    valeurs = {}
    for coup in coups_possibles(v, joueur):
        placer(v, coup[0], coup[1], joueur)
        valeurs[coup] = minmax(v, 1 - joueur, profondeur - 1, h)[0]
        retirer(v, coup[0], coup[1], joueur)
    return valeurs


def coups_optimaux(v, joueur, profondeur, h):
    """The legal moves whose value is the minmax value of the position."""
    valeurs = valeurs_coups(v, joueur, profondeur, h)
    if not valeurs:
        return set()
    best = (max if joueur == 0 else min)(valeurs.values())
    return {coup for coup, val in valeurs.items() if val == best}
