"""The installed TDs' detection signatures, apart from their packages: detection reads
this table and imports only the TD it finds (~5 ms per TD); each TD's `Exercise` takes
its signature from here (`SIGNATURES[id].fields()`)."""

from __future__ import annotations

from grader.detect import Signature

SIGNATURES = {
    signature.id: signature
    for signature in (
        Signature(
            "puissance4",
            frozenset(
                {
                    "copie",
                    "prochain_joueur",
                    "colonnes_jouables",
                    "jouer_colonne",
                    "dejouer_colonne",
                    "initialiser_jeu",
                    "Lalignements",
                    "Dalignements",
                    "evaluer_alignement",
                    "teste_gagnante",
                    "nb_alignements_potentiels",
                    "maximin",
                    "maximin_alpha_beta",
                    "minimax_alpha_beta",
                }
            ),
        ),
        Signature(
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
        ),
        Signature(
            "domineering-minmax",
            frozenset({"s", "h", "affiche"}),
            functions_only=frozenset({"s", "h"}),
        ),
        Signature(
            "morpion",
            frozenset(
                {"wins", "evaluate", "game_over", "empty_cells", "valid_move", "set_move", "HUMAN", "COMP"}
            ),
        ),
        Signature("chocolat", frozenset({"minimax_rec"}), min_matches=1),  # that sheet's own name alone
    )
}
"""Exercise id -> its signature (the registry's order is `PACKAGES`')."""
