"""TP "Algorithme du minimax": the chocolate-bar game, questions Q1 (minimax_rec) and
Q2 (minimax). The sheet does not state the rules: the grader assumes the classic game,
says so in every report, and learns how the submission encodes d and numbers the second
player from its own answers.

The questions, checks and points are listed in docs/reference/exercises/chocolat.md; the rules assumed
in docs/reference/sheet-facts.md.
"""

from exercises.signatures import CHOCOLAT
from grader.kit import Exercise, Note, Text, note
from reference import chocolat as ref

from . import checks, conventions, encoding, players, worker_side
from .conventions import Conventions
from .players import Players

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


def accepted(numbering: Players) -> Text:
    """The values accepted, naming the submission's own second player."""
    second = numbering.second
    return Text(
        "Valeurs acceptées : dic[(m, n, p)] = (gagnant, coup), tuples ou listes ; le gagnant est le "
        f"numéro du joueur (1 ou {second}) ; le coup (d, k) n'est vérifié que dans les états gagnants "
        "(dans un état perdant, n'importe quel coup, None compris) ; d peut être un booléen, une "
        "chaîne ou un entier.",
        "Values accepted: dic[(m, n, p)] = (winner, move), tuples or lists; the winner is the player's "
        f"number (1 or {second}); the move (d, k) is only checked in winning states (in a losing state "
        "any move, None included); d may be a boolean, a string or an int.",
    )


def describe(state: Conventions) -> list[Note]:
    return [
        note(RULES),
        note(players.describe(state.players)),
        note(accepted(state.players)),
        note(encoding.describe(state.encoding)),
    ]


EXERCISE = Exercise(
    id="chocolat",
    title="TP minimax : la tablette de chocolat",
    questions=checks.QUESTIONS,
    **CHOCOLAT.fields(),
    reference=ref,
    prepare=conventions.prepare,
    describe=describe,
    worker_side=worker_side,
)
