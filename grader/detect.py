"""Which TD a submission answers, from the names it defines (pure)."""

from __future__ import annotations

from dataclasses import dataclass

# Names that only one sheet uses; the grader knows every sheet's names, even those
# whose exercise is not implemented yet, so that it can say which sheet it saw.
SIGNATURES: dict[str, frozenset[str]] = {
    "puissance4": frozenset({"copie", "prochain_joueur", "colonnes_jouables", "jouer_colonne",
                             "dejouer_colonne", "initialiser_jeu", "Lalignements", "Dalignements",
                             "evaluer_alignement", "teste_gagnante", "nb_alignements_potentiels",
                             "maximin", "maximin_alpha_beta", "minimax_alpha_beta"}),
    "domineering": frozenset({"grille_vide", "coups_possibles", "strategie_aleatoire", "placer",
                              "retirer", "statistiques", "h1", "strategie_minmax"}),
    "domineering-minmax": frozenset({"s", "h", "affiche"}),
    "morpion": frozenset({"wins", "evaluate", "game_over", "empty_cells", "valid_move",
                          "set_move", "HUMAN", "COMP"}),
    "chocolat": frozenset({"minimax_rec"}),
}
MIN_MATCHES = 2
MIN_MATCHES_FOR = {"chocolat": 1}  # minimax_rec alone is that sheet's own name
# One-letter names are common variables (`s = 0`, `h = heuristique(jeu1)`): they
# count only when the submission defines them as functions, as the course page does.
FUNCTIONS_ONLY = frozenset({"s", "h"})


@dataclass(frozen=True)
class Detection:
    exercise: str | None
    matched: tuple[str, ...]


def detect(defined: set[str] | dict[str, str]) -> Detection:
    """The sheet whose names the submission defines most (at least MIN_MATCHES)."""
    kinds = defined if isinstance(defined, dict) else {}
    names = {name for name in defined
             if name not in FUNCTIONS_ONLY or kinds.get(name, "function") == "function"}
    scores = {ex: sorted(names & sig) for ex, sig in SIGNATURES.items()}
    # Only sheets whose minimum is met compete: a chocolat submission that also draws
    # the bar with `affiche` is still chocolat.
    eligible = [ex for ex in scores if len(scores[ex]) >= MIN_MATCHES_FOR.get(ex, MIN_MATCHES)]
    if not eligible:
        return Detection(None, ())
    best = max(eligible, key=lambda ex: (len(scores[ex]), ex == "puissance4"))
    return Detection(best, tuple(scores[best]))
