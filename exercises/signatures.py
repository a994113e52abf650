"""Each TD's detection signature, apart from its package: detection weighs them without
importing any TD (its checks, reference and positions), and each package's `Exercise`
takes its fields from here (`**PUISSANCE4.fields()`). `exercises.BUILT_IN` registers
them, in detection order. A signature names functions: only the functions a copy
defines at top level count (`grader.reading.recognise`), never its values."""

from __future__ import annotations

from grader.kit import Signature

PUISSANCE4 = Signature(
    "puissance4",
    frozenset(
        {
            "copie",
            "prochain_joueur",
            "colonnes_jouables",
            "jouer_colonne",
            "dejouer_colonne",
            "initialiser_jeu",
            "evaluer_alignement",
            "teste_gagnante",
            "maximin",
            "maximin_alpha_beta",
            "minimax_alpha_beta",
        }
    ),
    title_words=("puissance 4", "puissance4", "algorithme minmax"),
    exercise="exercises.puissance4:EXERCISE",
)
DOMINEERING = Signature(
    "domineering",
    frozenset(
        {
            "grille_vide",
            "coups_possibles",
            "strategie_aleatoire",
            "placer",
            "retirer",
            "statistiques",
            "h1",
            "strategie_minmax",
        }
    ),
    title_words=("jeu du domineering",),
    exercise="exercises.domineering:EXERCISE",
)
DOMINEERING_MINMAX = Signature(
    "domineering-minmax",
    frozenset({"s", "h", "affiche"}),
    title_words=("algorithme min-max",),
    exercise="exercises.domineering_minmax:EXERCISE",
)
MORPION = Signature(
    "morpion",
    frozenset({"wins", "evaluate", "game_over", "empty_cells", "valid_move", "set_move"}),
    title_words=("morpion", "tic-tac-toe", "tic tac toe"),
    exercise="exercises.morpion:EXERCISE",
)
CHOCOLAT = Signature(
    "chocolat",
    frozenset({"minimax_rec"}),
    min_matches=1,  # that sheet's own name alone
    title_words=("chocolat",),
    exercise="exercises.chocolat:EXERCISE",
)
