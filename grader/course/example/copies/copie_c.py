# Bug : meilleur_coup maximise pour les deux joueurs
def coups_possibles(n):
    return [k for k in range(1, 4) if k <= n]

def jouer(n, k):
    return n - k

def est_fini(n):
    return n == 0

def minimax(n, joueur):
    if est_fini(n):
        return 1 if joueur == 1 else -1
    if joueur == 1:
        return max(minimax(jouer(n, k), 2) for k in coups_possibles(n))
    return min(minimax(jouer(n, k), 1) for k in coups_possibles(n))

def meilleur_coup(n, joueur):
    if est_fini(n):
        return None
    coups = coups_possibles(n)
    valeurs = [minimax(jouer(n, k), 3 - joueur) for k in coups]
    cible = max(valeurs)
    return coups[valeurs.index(cible)]

def minimax_memo(n, joueur, memo):
    if (n, joueur) not in memo:
        if est_fini(n):
            memo[(n, joueur)] = 1 if joueur == 1 else -1
        else:
            vals = [minimax_memo(jouer(n, k), 3 - joueur, memo) for k in coups_possibles(n)]
            memo[(n, joueur)] = max(vals) if joueur == 1 else min(vals)
    return memo[(n, joueur)]

print(minimax(7, 1))
