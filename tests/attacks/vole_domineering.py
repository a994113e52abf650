"""TP domineering : seulement les questions 1 à 7 ; h1, minmax et strategie_minmax
sont pris au correcteur (issue 32 : avant, 20/20 au lieu de 11,5)."""

VOLER = True
# __VOL__
NOMS = ("h1", "minmax_avec", "h1_correction", "h_ref", "s_ref", "_moves")
_ESSAIS = [0]


def essaie_de_voler(*donnees):
    if _ESSAIS[0] < 30 and not {"h1", "minmax_avec"} <= VOLE.keys():
        _ESSAIS[0] += 1
        vole(NOMS, *donnees)


def grille_vide(n, p):
    return [[-1 for j in range(p)] for i in range(n)]


def coups_possibles(v, joueur):
    coups = []
    for i in range(len(v)):
        for j in range(len(v[0])):
            if joueur == 0 and i < len(v) - 1 and v[i][j] == v[i + 1][j] == -1:
                coups.append((i, j))
            if joueur == 1 and j < len(v[0]) - 1 and v[i][j] == v[i][j + 1] == -1:
                coups.append((i, j))
    return coups


import random

def strategie_aleatoire(v, joueur):
    coups = coups_possibles(v, joueur)
    return random.choice(coups)


def placer(v, i, j, joueur):
    v[i][j] = joueur
    if joueur == 0:
        v[i + 1][j] = joueur
    else:
        v[i][j + 1] = joueur


def retirer(v, i, j, joueur):
    v[i][j] = -1
    if joueur == 0:
        v[i + 1][j] = -1
    else:
        v[i][j + 1] = -1


def jeu(strategie0, strategie1, n, p):
    essaie_de_voler(strategie0, strategie1)
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


def statistiques(strategie1, strategie2, n, p, nb_parties):
    victoires = [0, 0]
    for i in range(nb_parties):
        gagnant = jeu(strategie1, strategie2, n, p)
        victoires[gagnant] += 1
    return victoires


def h1(v):
    essaie_de_voler()
    if "h1" in VOLE:
        return VOLE["h1"](v)
    return 0


def minmax(v, joueur, profondeur, h):
    essaie_de_voler(h)
    if "minmax_avec" in VOLE:
        valeur, coups = VOLE["minmax_avec"](v, joueur, profondeur, h)
        return valeur, (coups[0] if coups else None)
    return 0, None


def strategie_minmax(v, joueur):
    return minmax(v, joueur, 2, h1)[1]
