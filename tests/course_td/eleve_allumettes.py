# Le jeu des allumettes


def coups(n):
    return [k for k in (1, 2, 3) if k <= n]


def gagnant(n):
    return n % 4 != 1


def meilleur_coup(n):
    # bug: takes as many as it can
    return min(3, n)


print(meilleur_coup(10))
