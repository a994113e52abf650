"""Reference solution of TD10 "Algorithme MinMax" (Connect-4, puissance 4).

Names and semantics follow the sheet exactly (French identifiers, Q1..Q17).
A game is a dict {'nbcoups': int, 'hauteurs': 7 ints, 'plateau': 6 rows of 7
ints}; row 5 is the bottom row, 0 is an empty cell, players are 1 and 2 and
player 1 moves first. The sheet's positions are functions returning fresh
games, so that no caller can alter a shared global. gagnant and the helpers
at the end (valeurs_colonnes, noeuds_elagues, ...) are not in the sheet: the
grader uses them.
"""

INF = float('inf')

# Q1
nrows, ncols = 6, 7


# Q2
def init():
    """Empty game. Each row is a distinct list (no [[0] * 7] * 6 aliasing)."""
    return {'nbcoups': 0, 'hauteurs': [0] * ncols,
            'plateau': [[0] * ncols for _ in range(nrows)]}


def affiche(jeu):
    """The board as the sheet's affiche draws it, returned instead of printed."""
    lignes = [f"{i}| " + " ".join(str(c) if c else "-" for c in ligne)
              for i, ligne in enumerate(jeu['plateau'])]
    lignes.append("   " + " ".join(str(j) for j in range(ncols)))
    return "\n".join(lignes)


# Q3
def copie(jeu):
    """Independent copy: new lists for 'hauteurs' and for every row."""
    return {'nbcoups': jeu['nbcoups'], 'hauteurs': list(jeu['hauteurs']),
            'plateau': [list(ligne) for ligne in jeu['plateau']]}


# Q4
def prochain_joueur(jeu):
    return 1 if jeu['nbcoups'] % 2 == 0 else 2


# Q5
def colonnes_jouables(jeu):
    """Columns that are not full, in ascending order (the search order)."""
    return [j for j in range(ncols) if jeu['hauteurs'][j] < nrows]


# Q6
def jouer_colonne(jeu, joueur, col):
    """Drop joueur's token in col, in place; return the cell (i, col) played."""
    assert joueur == prochain_joueur(jeu), "ce n'est pas à ce joueur de jouer"
    assert jeu['hauteurs'][col] < nrows, "la colonne est pleine"
    i = nrows - 1 - jeu['hauteurs'][col]     # row 5 is the bottom
    jeu['plateau'][i][col] = joueur
    jeu['hauteurs'][col] += 1
    jeu['nbcoups'] += 1
    return (i, col)


# Q7
def dejouer_colonne(jeu, col):
    """Undo the last token played in col (inverse of jouer_colonne)."""
    i = nrows - jeu['hauteurs'][col]         # the topmost token of col
    jeu['plateau'][i][col] = 0
    jeu['hauteurs'][col] -= 1
    jeu['nbcoups'] -= 1


# Q8
def initialiser_jeu(liste_colonnes):
    jeu = init()
    for col in liste_colonnes:
        jouer_colonne(jeu, prochain_joueur(jeu), col)
    return jeu


# Q9
vecteurs_deplacements = [(0, 1), (1, 0), (1, 1), (-1, 1)]


def translation(M: tuple, u: tuple, k: int) -> tuple:
    """renvoie les coordonnées de l'image du point M par la translation de vecteur k * u"""
    i, j = M
    ui, uj = u
    return (i + k * ui, j + k * uj)


def _sur_plateau(M):
    i, j = M
    return 0 <= i < nrows and 0 <= j < ncols


# Start from every cell in every direction; keep the alignments whose last
# cell is still on the board (the moves are monotone, so that suffices).
# Order: horizontal (24), vertical (21), descending (12), ascending (12).
Lalignements = [[translation((i, j), u, k) for k in range(4)]
                for u in vecteurs_deplacements
                for i in range(nrows) for j in range(ncols)
                if _sur_plateau(translation((i, j), u, 3))]

# Q10
Dalignements = {(i, j): [a for a in Lalignements if (i, j) in a]
                for i in range(nrows) for j in range(ncols)}


# Q11
def evaluer(jeu, alignement):
    """The player owning the 4 cells of alignement, else 0."""
    valeurs = {jeu['plateau'][i][j] for (i, j) in alignement}
    return valeurs.pop() if len(valeurs) == 1 else 0   # {0} gives 0 as well


evaluer_alignement = evaluer    # the name used in the sheet's examples


# Q12
def teste_gagnante(jeu, joueur, coords):
    """True when joueur owns an alignment through coords (the cell just played)."""
    return any(evaluer(jeu, a) == joueur for a in Dalignements[tuple(coords)])


# Q13
nb_alignements_potentiels = [[len(Dalignements[(i, j)]) for j in range(ncols)]
                             for i in range(nrows)]


# Q14
def signe(joueur):
    return 1 if joueur == 1 else -1


def gagnant(jeu):
    """1 or 2 if that player owns an alignment (player 1 checked first), else 0.
    Not in the sheet: used by heuristique and by the grader."""
    for joueur in (1, 2):
        if any(evaluer(jeu, a) == joueur for a in Lalignements):
            return joueur
    return 0


def heuristique(jeu):
    """±inf for a won game (player 1 checked first), else the signed sum of
    nb_alignements_potentiels over the occupied cells. Reads jeu only."""
    joueur = gagnant(jeu)
    if joueur:
        return signe(joueur) * INF
    return sum(signe(c) * nb_alignements_potentiels[i][j]
               for i, ligne in enumerate(jeu['plateau'])
               for j, c in enumerate(ligne) if c != 0)


# Q15: the sheet's skeleton. maximin plays for player 1 (maximises),
# minimax for player 2 (minimises); columns are tried in ascending order and
# only a strictly better value replaces the current best.
def maximin(jeu, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmax, hmax = None, -INF
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 1, col)
        if teste_gagnante(jeu_suivant, 1, coords):
            return col, INF
        eval_minimax = minimax(jeu_suivant, n - 1)[1]
        if eval_minimax > hmax:
            colmax, hmax = col, eval_minimax
    return colmax, hmax


def minimax(jeu, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmin, hmin = None, INF
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 2, col)
        if teste_gagnante(jeu_suivant, 2, coords):
            return col, -INF
        eval_maximin = maximin(jeu_suivant, n - 1)[1]
        if eval_maximin < hmin:
            colmin, hmin = col, eval_maximin
    return colmin, hmin


# Q17: standard (fail-soft) alpha-beta on the same tree, as in the annexes
# (one paragraph of the sheet swaps the names). alpha is the best value
# player 1 is already sure of, beta the best one player 2 is sure of; a node
# whose value leaves the window is rejected by its parent, so its search stops.
# Result r, true value v: alpha < r < beta => r == v; r <= alpha => v <= r;
# r >= beta => v >= r. With (-inf, +inf) the root value is maximin/minimax's,
# and so is the column, except that a node cuts as soon as a column is worth
# ±inf: a forced win may then be returned before a later immediate win.
def maximin_alpha_beta(jeu, alpha, beta, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmax, hmax = None, -INF
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 1, col)
        if teste_gagnante(jeu_suivant, 1, coords):
            return col, INF
        eval_minimax = minimax_alpha_beta(jeu_suivant, alpha, beta, n - 1)[1]
        if eval_minimax > hmax:
            colmax, hmax = col, eval_minimax
        if hmax >= beta:        # player 2 will avoid this node: cut
            break
        alpha = max(alpha, hmax)
    return colmax, hmax


def minimax_alpha_beta(jeu, alpha, beta, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmin, hmin = None, INF
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 2, col)
        if teste_gagnante(jeu_suivant, 2, coords):
            return col, -INF
        eval_maximin = maximin_alpha_beta(jeu_suivant, alpha, beta, n - 1)[1]
        if eval_maximin < hmin:
            colmin, hmin = col, eval_maximin
        if hmin <= alpha:       # player 1 will avoid this node: cut
            break
        beta = min(beta, hmin)
    return colmin, hmin


# ---- The sheet's positions (fresh games on every call) ----
L1 = [1, 0, 2, 4, 3, 5, 1, 2, 4, 3, 3, 2, 2, 4]


def jeu1():
    return initialiser_jeu(L1)


def jeu2():
    """Image in the sheet; per docs/reference/sheet-facts.md: player 2 wins with
    [(2, 1), (3, 2), (4, 3), (5, 4)]."""
    return initialiser_jeu(L1 + [1, 1])


def jeu3():
    """Image in the sheet; per docs/reference/sheet-facts.md: player 1 plays column 1, player 2 some
    non-winning move (our choice: column 6, bottom right), player 1 column 1
    again and wins with [(2, 1), (3, 1), (4, 1), (5, 1)]."""
    return initialiser_jeu(L1 + [1, 6, 1])


def jeu5():
    return {'nbcoups': 34, 'hauteurs': [5, 6, 6, 6, 6, 3, 2],
            'plateau': [[0, 1, 1, 2, 2, 0, 0],
                        [1, 2, 2, 1, 1, 0, 0],
                        [2, 2, 1, 1, 2, 0, 0],
                        [1, 1, 1, 2, 1, 2, 0],
                        [2, 2, 1, 1, 2, 2, 2],
                        [2, 1, 2, 2, 1, 1, 1]]}


# A full board (42 legal alternating moves) where nobody has 4 in a row;
# found once by a small depth-first search, checked by the tests.
PARTIE_NULLE = [4, 1, 6, 2, 1, 0, 1, 4, 4, 2, 4, 1, 3, 6, 3, 3, 1, 0, 4, 6, 6,
                1, 2, 3, 2, 3, 2, 2, 6, 5, 5, 0, 5, 4, 6, 5, 5, 5, 0, 0, 3, 0]


# ---- Helpers for the grader (not in the sheet) ----
def _gagne_en(jeu, col):
    """True if the player to move wins at once by playing col."""
    joueur, jeu_suivant = prochain_joueur(jeu), copie(jeu)
    return teste_gagnante(jeu_suivant, joueur, jouer_colonne(jeu_suivant, joueur, col))


def valeurs_colonnes(jeu, n):
    """{col: value of playing col} for the player to move, horizon n >= 1:
    ±inf for a column that wins at once, else the opponent's value at n - 1."""
    assert n >= 1
    joueur = prochain_joueur(jeu)
    adversaire = minimax if joueur == 1 else maximin
    valeurs = {}
    for col in colonnes_jouables(jeu):
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, joueur, col)
        if teste_gagnante(jeu_suivant, joueur, coords):
            valeurs[col] = signe(joueur) * INF
        else:
            valeurs[col] = adversaire(jeu_suivant, n - 1)[1]
    return valeurs


def colonnes_optimales(jeu, n, gain_immediat_requis=True):
    """Acceptable answers for the player to move at horizon n >= 1: the columns
    that win at once if there are any, else those whose value is the root value.
    When every move loses (root value -inf for player 1, +inf for player 2) the
    sheet's skeleton returns None: the caller must accept None as well.
    maximin/minimax always return an immediate win when there is one, but
    alpha-beta with beta = +inf (alpha = -inf) cuts as soon as a column is worth
    ±inf, possibly a forced win found before an immediate one: for alpha-beta
    use gain_immediat_requis=False (every column with the root value)."""
    gagnantes = {col for col in colonnes_jouables(jeu) if _gagne_en(jeu, col)}
    if gagnantes and gain_immediat_requis:
        return gagnantes
    valeurs = valeurs_colonnes(jeu, n)
    if not valeurs:
        return set()
    meilleure = (max if prochain_joueur(jeu) == 1 else min)(valeurs.values())
    return {col for col, v in valeurs.items() if v == meilleure}


def compte_evaluations(fonction, *args):
    """(fonction(*args), number of calls to heuristique during the call), for
    this module's functions: they look heuristique up as a module global."""
    global heuristique
    vraie_heuristique, nb_appels = heuristique, 0

    def heuristique_comptee(jeu):
        nonlocal nb_appels
        nb_appels += 1
        return vraie_heuristique(jeu)

    heuristique = heuristique_comptee
    try:
        resultat = fonction(*args)
    finally:
        heuristique = vraie_heuristique
    return resultat, nb_appels


def _chemins_explores(fonction, jeu, *args):
    """Nodes created by the depth-first search fonction(jeu, *args), in order,
    each as the tuple of columns played from jeu. Spies on jouer_colonne: the
    new node's depth is its nbcoups minus the root's, and its parent is the
    last node created one level up."""
    global jouer_colonne
    vraie_jouer_colonne, chemins, courant = jouer_colonne, [], []

    def jouer_colonne_espion(jeu_suivant, joueur, col):
        coords = vraie_jouer_colonne(jeu_suivant, joueur, col)
        del courant[jeu_suivant['nbcoups'] - jeu['nbcoups'] - 1:]
        courant.append(col)
        chemins.append(tuple(courant))
        return coords

    jouer_colonne = jouer_colonne_espion
    try:
        fonction(jeu, *args)
    finally:
        jouer_colonne = vraie_jouer_colonne
    return chemins


def _explores_alpha_beta(jeu, n):
    """Set of nodes explored by alpha-beta with (-inf, +inf), root () included."""
    fonction = maximin_alpha_beta if prochain_joueur(jeu) == 1 else minimax_alpha_beta
    return set(_chemins_explores(fonction, jeu, -INF, INF, n)) | {()}


def noeuds_elagues(jeu, n):
    """Q16: nodes of the minimax tree of horizon n (maximin's if player 1 is to
    move) that alpha-beta with (-inf, +inf) does not explore: only the topmost
    node of each pruned subtree, in the tree's left-to-right order."""
    arbre = _chemins_explores(maximin if prochain_joueur(jeu) == 1 else minimax, jeu, n)
    explores = _explores_alpha_beta(jeu, n)
    return [c for c in arbre if c not in explores and c[:-1] in explores]


def arbre_minimax(jeu, n):
    """Q16 answer key: the tree explored by maximin/minimax, as nested dicts
    {'chemin': columns from the root, 'valeur': value of the node,
     'elague': True if alpha-beta does not explore it, 'enfants': [...]}.
    A leaf holds its heuristique, or ±inf if the move leading to it wins
    (its later siblings are then absent, as the search stops there)."""
    explores = _explores_alpha_beta(jeu, n)

    def noeud(jeu, chemin, n):
        joueur = prochain_joueur(jeu)
        enfants = []
        for col in colonnes_jouables(jeu) if n > 0 else []:
            jeu_suivant = copie(jeu)
            coords = jouer_colonne(jeu_suivant, joueur, col)
            if teste_gagnante(jeu_suivant, joueur, coords):
                enfants.append({'chemin': chemin + (col,), 'valeur': signe(joueur) * INF,
                                'elague': chemin + (col,) not in explores, 'enfants': []})
                break
            enfants.append(noeud(jeu_suivant, chemin + (col,), n - 1))
        if enfants:
            valeur = (max if joueur == 1 else min)(e['valeur'] for e in enfants)
        else:
            valeur = heuristique(jeu)
        return {'chemin': chemin, 'valeur': valeur, 'elague': chemin not in explores,
                'enfants': enfants}

    return noeud(copie(jeu), (), n)
