"""Le jeu des allumettes : la solution du TD, écrite comme le sujet."""


def coups_possibles(n):
    return [k for k in (1, 2, 3) if k <= n]


def jouer(n, k):
    return n - k


def est_fini(n):
    return n == 0


def minimax(n, joueur):
    if est_fini(n):
        return 1 if joueur == 1 else -1
    valeurs = [minimax(jouer(n, k), 3 - joueur) for k in coups_possibles(n)]
    return max(valeurs) if joueur == 1 else min(valeurs)


def meilleur_coup(n, joueur):
    if est_fini(n):
        return None
    meilleur, valeur = None, None
    for k in coups_possibles(n):
        v = minimax(jouer(n, k), 3 - joueur)
        if valeur is None or (joueur == 1 and v > valeur) or (joueur == 2 and v < valeur):
            meilleur, valeur = k, v
    return meilleur


def minimax_memo(n, joueur, memo):
    if (n, joueur) in memo:
        return memo[(n, joueur)]
    if est_fini(n):
        valeur = 1 if joueur == 1 else -1
    else:
        valeurs = [minimax_memo(jouer(n, k), 3 - joueur, memo) for k in coups_possibles(n)]
        valeur = max(valeurs) if joueur == 1 else min(valeurs)
    memo[(n, joueur)] = valeur
    return valeur
