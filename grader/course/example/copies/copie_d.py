# Bug : memo rempli mais jamais lu
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
    cible = max(valeurs) if joueur == 1 else min(valeurs)
    return coups[valeurs.index(cible)]

def minimax_memo(n, joueur, memo):
    if est_fini(n):
        valeur = 1 if joueur == 1 else -1
    else:
        vals = [minimax_memo(jouer(n, k), 3 - joueur, memo) for k in coups_possibles(n)]
        valeur = max(vals) if joueur == 1 else min(vals)
    memo[(n, joueur)] = valeur
    return valeur

print(minimax(7, 1))
