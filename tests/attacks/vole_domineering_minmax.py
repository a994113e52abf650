"""Domineering 4x4 : minmax, jeu et affiche écrits ; h et s pris au correcteur
(les siens, s_ref et h_ref, atteints par les cadres d'appel ou le ramasse-miettes)."""
VOLER = True
# __VOL__
NOMS = ("h_ref", "s_ref")
_ESSAIS = [0]


def essaie_de_voler(*donnees):
    if _ESSAIS[0] < 30 and not set(NOMS) <= VOLE.keys():
        _ESSAIS[0] += 1
        vole(NOMS, *donnees)


import numpy as np
import matplotlib.pyplot as plt

v = -np.ones((4, 4))
v[0, 1] = v[1, 1] = 0
v[1, 2] = v[1, 3] = v[2, 0] = v[2, 1] = 1


def h(v):
    essaie_de_voler()
    if "h_ref" in VOLE:
        return VOLE["h_ref"](v)
    return 0


def s(v, joueur):
    essaie_de_voler()
    if "s_ref" in VOLE:
        return VOLE["s_ref"](v, joueur)
    return []


def minmax(s, h, v, p, joueur):
    essaie_de_voler(s, h)
    """Renvoie (successeur choisi, valeur) ; en cas d'égalité on garde le dernier."""
    succ = s(v, joueur)
    if len(succ) == 0 or p == 0:
        return v, h(v)
    meilleur, valeur = None, None
    for u in succ:
        _, hu = minmax(s, h, u, p - 1, 1 - joueur)
        if valeur is None or (joueur == 0 and hu >= valeur) or (joueur == 1 and hu <= valeur):
            meilleur, valeur = u, hu
    return meilleur, valeur


def affiche(v):
    fig, ax = plt.subplots(figsize=(3, 3))
    ax.imshow(np.asarray(v), cmap="coolwarm", vmin=-1, vmax=1)
    ax.set_xticks(range(4))
    ax.set_yticks(range(4))
    plt.show()


def jeu(s, h, v, p, joueur):
    while True:
        affiche(v)
        if len(s(v, joueur)) == 0:
            print(f"Le joueur {1 - joueur} a gagné !")
            return
        v, _ = minmax(s, h, v, p, joueur)
        joueur = 1 - joueur


