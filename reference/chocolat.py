"""Reference solution of the TP "Algorithme du minimax" (the chocolate-bar game).

The sheet does not state the rules of "le jeu de la dernière fois"; the grader
assumes the classic game (docs/reference/sheet-facts.md): an m x n bar; a move (d, k) removes k >= 1
whole rows or columns (d says which), always leaving at least one row and one
column; the player who faces the 1 x 1 bar cannot move and loses. Players are 1
and 2, player 1 moves first.

A state is (m, n, p); `dic` maps a state to (winner, move). Here d is a boolean:
`REDUIT_M` (True) removes k from m, `REDUIT_N` (False) removes k from n. The
functions after `minimax` are not in the sheet: the grader uses them.
"""

REDUIT_M, REDUIT_N = True, False


def adversaire(p):
    return 3 - p


def coups(m, n):
    """Every legal move on an m x n bar: remove k from m, or k from n."""
    return [(REDUIT_M, k) for k in range(1, m)] + [(REDUIT_N, k) for k in range(1, n)]


def jouer(m, n, coup):
    """The bar left by `coup`."""
    d, k = coup
    return (m - k, n) if d == REDUIT_M else (m, n - k)


# Question 1
def minimax_rec(dic, m, n, p):
    """(winner, move) of state (m, n, p), following the sheet's four steps."""
    if (m, n, p) in dic:                      # 1. already known
        return dic[(m, n, p)]
    if m == 1 and n == 1:                     # 2. base case: p cannot move, p loses
        valeur = (adversaire(p), None)
    else:                                     # 3. every successor, then a winning move if any
        valeur = None
        for coup in coups(m, n):
            m2, n2 = jouer(m, n, coup)
            gagnant, _ = minimax_rec(dic, m2, n2, adversaire(p))
            if gagnant == p and valeur is None:
                valeur = (p, coup)
        if valeur is None:
            valeur = (adversaire(p), coups(m, n)[0])
    dic[(m, n, p)] = valeur                   # 4. stored in every case
    return valeur


# Question 2
def minimax(m, n):
    """The dictionary of a winning strategy from (m, n, 1): player 1 moves first."""
    dic = {}
    minimax_rec(dic, m, n, 1)
    return dic


# -- for the grader -------------------------------------------------------------
def gagnant(m, n, p):
    """The winner of (m, n, p) by the theory: the player to move wins iff m != n
    (two-heap Nim on (m - 1, n - 1): cut the longer side to make a square)."""
    return p if m != n else adversaire(p)


def coup_gagnant(m, n):
    """The only winning move of a state with m != n, as (reduces m?, k)."""
    return (REDUIT_M, m - n) if m > n else (REDUIT_N, n - m)


def etats_accessibles(m, n, p):
    """Every state reachable from (m, n, p), itself included."""
    vus = {(m, n, p)}
    a_voir = [(m, n, p)]
    while a_voir:
        a, b, q = a_voir.pop()
        for coup in coups(a, b):
            etat = jouer(a, b, coup) + (adversaire(q),)
            if etat not in vus:
                vus.add(etat)
                a_voir.append(etat)
    return vus


def appels_memoises(m, n, p):
    """How many times the sheet's memoised minimax_rec is called from (m, n, p):
    once at the root, then once per move of every state computed."""
    return 1 + sum(len(coups(a, b)) for a, b, _ in etats_accessibles(m, n, p))


def appels_sans_memo(m, n):
    """How many calls the same recursion makes without the dictionary lookup."""
    table = {}
    for a in range(1, m + 1):
        for b in range(1, n + 1):
            table[(a, b)] = 1 + sum(table[jouer(a, b, c)] for c in coups(a, b))
    return table[(m, n)]
