"""TP "Algorithme du minimax": the chocolate-bar game, questions Q1 (minimax_rec) and
Q2 (minimax). The sheet does not state the rules: the grader assumes the classic game,
says so in every report, and learns how the submission encodes d from its own moves.

The questions, checks and points are listed in docs/reference/exercises/chocolat.md; the rules assumed
in docs/reference/sheet-facts.md.
"""

from exercises.signatures import CHOCOLAT
from grader.kit import Exercise, Note, Text, note
from reference import chocolat as ref

from . import checks, encoding, worker_side
from .encoding import Encoding

RULES = Text(
    "Règles supposées (le sujet ne les donne pas) : tablette m x n ; un coup (d, k) enlève k >= 1 "
    "lignes ou colonnes entières, selon d, et laisse toujours au moins une ligne et une colonne ; "
    "le joueur qui doit jouer devant la tablette 1 x 1 ne peut plus jouer et perd ; le joueur 1 "
    "commence. Donc le joueur qui doit jouer gagne si et seulement si m != n.",
    "Rules assumed (the sheet does not give them): an m x n bar; a move (d, k) removes k >= 1 whole "
    "rows or columns, as d says, always leaving at least one row and one column; the player who "
    "faces the 1 x 1 bar cannot move and loses; player 1 moves first. So the player to move wins "
    "exactly when m != n.",
)
ACCEPTED = Text(
    "Valeurs acceptées : dic[(m, n, p)] = (gagnant, coup), tuples ou listes ; le gagnant est le "
    "numéro du joueur (1 ou 2) ; le coup (d, k) n'est vérifié que dans les états gagnants (dans un "
    "état perdant, n'importe quel coup, None compris) ; d peut être un booléen, une chaîne ou "
    "un entier.",
    "Values accepted: dic[(m, n, p)] = (winner, move), tuples or lists; the winner is the player's "
    "number (1 or 2); the move (d, k) is only checked in winning states (in a losing state any move, "
    "None included); d may be a boolean, a string or an int.",
)


def describe(state: Encoding) -> list[Note]:
    return [note(RULES), note(ACCEPTED), note(encoding.describe(state))]


EXERCISE = Exercise(
    id="chocolat",
    title="TP minimax : la tablette de chocolat",
    questions=checks.QUESTIONS,
    **CHOCOLAT.fields(),
    reference=ref,
    prepare=encoding.prepare,
    describe=describe,
    worker_side=worker_side,
)
