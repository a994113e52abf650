"""TD10 : algorithme MinMax pour le puissance 4.

Théo Garnier — MP2I
"""
import math

nrows, ncols = 6, 7


def init():
    """jeu dans son état initial"""
    return {'nbcoups': 0, 'hauteurs': [0] * ncols,
            'plateau': [[0] * ncols for _ in range(nrows)]}


def copie(jeu):
    """copie indépendante du jeu"""
    return {'nbcoups': jeu['nbcoups'], 'hauteurs': list(jeu['hauteurs']),
            'plateau': [list(ligne) for ligne in jeu['plateau']]}


def prochain_joueur(jeu):
    return 1 if jeu['nbcoups'] % 2 == 0 else 2


def colonnes_jouables(jeu):
    return [j for j in range(ncols) if jeu['hauteurs'][j] < nrows]


def jouer_colonne(jeu, joueur, col):
    """joue le coup par effet et renvoie la case jouée"""
    assert joueur == prochain_joueur(jeu), "mauvais joueur"
    assert jeu['hauteurs'][col] < nrows, "colonne pleine"
    i = nrows - 1 - jeu['hauteurs'][col]
    jeu['plateau'][i][col] = joueur
    jeu['hauteurs'][col] += 1
    jeu['nbcoups'] += 1
    return (i, col)


def dejouer_colonne(jeu, col):
    jeu['hauteurs'][col] -= 1
    jeu['plateau'][nrows - 1 - jeu['hauteurs'][col]][col] = 0
    jeu['nbcoups'] -= 1


def initialiser_jeu(liste_colonnes):
    jeu = init()
    for col in liste_colonnes:
        jouer_colonne(jeu, prochain_joueur(jeu), col)
    return jeu


L1 = [1, 0, 2, 4, 3, 5, 1, 2, 4, 3, 3, 2, 2, 4]
jeu1 = initialiser_jeu(L1)

vecteurs_deplacements = [(0, 1), (1, 0), (1, 1), (-1, 1)]


def translation(M, u, k):
    """coordonnées de l'image du point M par la translation de vecteur k * u"""
    i, j = M
    ui, uj = u
    return (i + k * ui, j + k * uj)


def est_dans_le_plateau(M):
    return 0 <= M[0] < nrows and 0 <= M[1] < ncols


Lalignements = [[translation((i, j), u, k) for k in range(4)]
                for u in vecteurs_deplacements
                for i in range(nrows)
                for j in range(ncols)
                if est_dans_le_plateau(translation((i, j), u, 3))]

Dalignements = {(i, j): [a for a in Lalignements if (i, j) in a]
                for i in range(nrows) for j in range(ncols)}


def evaluer(jeu, alignement):
    """numéro du joueur qui occupe les quatre cases, 0 sinon"""
    valeurs = [jeu['plateau'][i][j] for (i, j) in alignement]
    if valeurs == [1] * 4:
        return 1
    if valeurs == [2] * 4:
        return 2
    return 0


def teste_gagnante(jeu, joueur, coords):
    return any(evaluer(jeu, a) == joueur for a in Dalignements[coords])


nb_alignements_potentiels = [[len(Dalignements[(i, j)]) for j in range(ncols)]
                             for i in range(nrows)]


def heuristique(jeu):
    total = 0
    for a in Lalignements:
        e = evaluer(jeu, a)
        if e == 1:
            return math.inf
        if e == 2:
            return -math.inf
    for i in range(nrows):
        for j in range(ncols):
            if jeu['plateau'][i][j] == 1:
                total += nb_alignements_potentiels[i][j]
            elif jeu['plateau'][i][j] == 2:
                total -= nb_alignements_potentiels[i][j]
    return total


def maximin(jeu, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmax, hmax = None, -math.inf
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 1, col)
        if teste_gagnante(jeu_suivant, 1, coords):
            return col, math.inf
        eval_minimax = minimax(jeu_suivant, n - 1)[1]
        if eval_minimax > hmax:
            colmax, hmax = col, eval_minimax
    return colmax, hmax


def minimax(jeu, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmin, hmin = None, math.inf
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 2, col)
        if teste_gagnante(jeu_suivant, 2, coords):
            return col, -math.inf
        eval_maximin = maximin(jeu_suivant, n - 1)[1]
        if eval_maximin < hmin:
            colmin, hmin = col, eval_maximin
    return colmin, hmin


def maximin_alpha_beta(jeu, alpha, beta, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmax, hmax = None, -math.inf
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 1, col)
        if teste_gagnante(jeu_suivant, 1, coords):
            return col, math.inf
        valeur = minimax_alpha_beta(jeu_suivant, alpha, beta, n - 1)[1]
        if valeur > hmax:
            colmax, hmax = col, valeur
        if hmax >= beta:
            return colmax, hmax
        alpha = max(alpha, hmax)
    return colmax, hmax


def minimax_alpha_beta(jeu, alpha, beta, n):
    colonnes_possibles = colonnes_jouables(jeu)
    if n == 0 or not colonnes_possibles:
        return None, heuristique(jeu)
    colmin, hmin = None, math.inf
    for col in colonnes_possibles:
        jeu_suivant = copie(jeu)
        coords = jouer_colonne(jeu_suivant, 2, col)
        if teste_gagnante(jeu_suivant, 2, coords):
            return col, -math.inf
        valeur = maximin_alpha_beta(jeu_suivant, alpha, beta, n - 1)[1]
        if valeur < hmin:
            colmin, hmin = col, valeur
        if hmin <= alpha:
            return colmin, hmin
        beta = min(beta, hmin)
    return colmin, hmin


def affiche(jeu):
    for i in range(nrows):
        print(str(i) + '|', ' '.join('-' if x == 0 else str(x) for x in jeu['plateau'][i]))
    print('  ', ' '.join(str(j) for j in range(ncols)))


def partie():
    """partie contre l'ordinateur (joueur 2)"""
    jeu = init()
    while colonnes_jouables(jeu):
        affiche(jeu)
        col = int(input('Colonne (0-6) ? '))
        coords = jouer_colonne(jeu, 1, col)
        if teste_gagnante(jeu, 1, coords):
            affiche(jeu)
            print('Bravo, vous avez gagné !')
            return
        if not colonnes_jouables(jeu):
            break
        col, _ = minimax_alpha_beta(jeu, -math.inf, math.inf, 4)
        coords = jouer_colonne(jeu, 2, col)
        if teste_gagnante(jeu, 2, coords):
            affiche(jeu)
            print("L'ordinateur a gagné.")
            return
    print('Match nul.')


if __name__ == "__main__":
    print(len(Lalignements), heuristique(jeu1), maximin(jeu1, 3))
    partie()
