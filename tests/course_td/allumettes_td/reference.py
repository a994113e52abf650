"""The matches game's solution, as the course writes it."""

from functools import cache


def coups(n):
    return [k for k in (1, 2, 3) if k <= n]


@cache
def gagnant(n):
    # Whoever takes the last match loses: with none left, the other player took it.
    if n == 0:
        return True
    return any(not gagnant(n - k) for k in coups(n))


def meilleur_coup(n):
    for k in coups(n):
        if not gagnant(n - k):
            return k
    return 1
