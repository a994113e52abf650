"""Le jeu des allumettes : six questions, vingt points (le sujet : sujet.md)."""

from grader.kit import SAME_SET, Exercise, best_move, question, value_check

from . import reference as ref

POSITIONS = [(n, joueur) for n in range(16) for joueur in (1, 2)]
MOVES = [(n, k) for n in range(1, 20) for k in ref.coups_possibles(n)]
BEST = best_move(lambda n, j: ref.coups_possibles(n), lambda n, j, k: ref.minimax(ref.jouer(n, k), 3 - j))

EXERCISE = Exercise(
    id="allumettes",
    title="Le jeu des allumettes",
    signature=frozenset({"coups_possibles", "jouer", "est_fini", "minimax", "meilleur_coup", "minimax_memo"}),
    title_words=("jeu des allumettes",),
    reference=ref,
    questions=(
        question(
            "Q1",
            ref.coups_possibles,
            value_check("sheet", 1, [(2,), (0,)], compare=SAME_SET),
            value_check("all", 2, [(n,) for n in range(30)], compare=SAME_SET),
        ),
        question("Q2", ref.jouer, value_check("sheet", 1, [(5, 2)]), value_check("all", 1, MOVES)),
        question("Q3", ref.est_fini, value_check("all", 3, [(n,) for n in range(20)])),
        question(
            "Q4",
            ref.minimax,
            value_check("sheet", 1, [(1, 1), (2, 1)]),
            value_check("all", 3, POSITIONS, drawn=lambda rng: (rng.randint(0, 18), rng.choice((1, 2)))),
        ),
        question(
            "Q5",
            ref.meilleur_coup,
            value_check("sheet", 1, [(2, 1)], compare=BEST),
            value_check("all", 2, POSITIONS, compare=BEST),
            value_check("over", 1, [(0, 1), (0, 2)], value_free=True),
        ),
        question(
            "Q6",
            ref.minimax_memo,
            value_check("values", 2, [(n, joueur, {}) for n in range(40) for joueur in (1, 2)], budget=1.0),
            value_check("fills", 1, [(12, 1, {})]),
            value_check("fast", 1, [(200, 1, {})], budget=1.0),
        ),
    ),
)
