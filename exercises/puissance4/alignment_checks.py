"""Checks of the alignments and of the heuristic (Q9 to Q14)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, cast

from grader.kit import (
    Call,
    CallResult,
    Check,
    CheckContext,
    Mismatch,
    Question,
    Text,
    as_cell,
    draw,
    mismatch,
    once_per_process,
    probe_private,
    same,
    show,
    unchanged,
)
from reference import puissance4 as ref

from .positions import (
    AT_WIN,
    OPPONENT_THREAT,
    OWN_THREAT,
    WIN,
    SubmissionState,
    alignment_games,
    alignment_wins,
    column_games,
    games,
    games_with_last,
    heuristic_value,
    random_game,
    sample,
    threats,
    wins_at,
    wrapped_rows,
)

DIRECTIONS = {
    (0, 1): ("horizontaux", "horizontal", 24),
    (1, 0): ("verticaux", "vertical", 21),
    (1, 1): ("descendants", "descending", 12),
    (-1, 1): ("ascendants", "ascending", 12),
}


def _cells(alignment: Any) -> frozenset[Any] | None:
    """An alignment as a set of 4 cells, or None if it is not 4 distinct coordinate pairs."""
    if not isinstance(alignment, (list, tuple)) or len(alignment) != 4:
        return None
    cells = frozenset(map(as_cell, alignment))
    return None if None in cells or len(cells) != 4 else cells


def _direction(cells: frozenset[Any]) -> tuple[int, int]:
    (i0, j0), (i1, j1) = sorted(cells, key=lambda c: (c[1], -c[0]))[:2]
    return (i1 - i0, j1 - j0) if j1 != j0 else (1, 0)


# The reference's alignments are all well formed: no None among them.
REFERENCE = cast(set[frozenset[Any]], {_cells(a) for a in ref.Lalignements})
BY_DIRECTION = {d: {a for a in REFERENCE if _direction(a) == d} for d in DIRECTIONS}
BY_CELL = {cell: {_cells(a) for a in alignments} for cell, alignments in ref.Dalignements.items()}
"""Each cell's alignments, as sets of cells: what Q10 compares a submission's entries with."""


def _read_once(ctx: CheckContext[SubmissionState], name: str) -> Any:
    """The student's global `name`, fetched once per question: the checks of Q9 and Q10
    only read their table, and call no student function in between (5 fetches of
    Lalignements, 2 of Dalignements, each encoded, sent and decoded before)."""
    key = ("global", name)
    if key not in ctx.cache:
        ctx.cache[key] = ctx.student.get(name)  # a failure is not kept: the next check asks again
    return ctx.cache[key]


def _student_alignments(ctx: CheckContext[SubmissionState]) -> list[Any]:
    value = _read_once(ctx, "Lalignements")
    if not isinstance(value, (list, tuple)):
        raise mismatch(
            "Lalignements",
            Text("une liste de 69 alignements", "a list of 69 alignments"),
            f"{type(value).__name__}",
            text=True,
        )
    return list(value)


def _student_cells(ctx: CheckContext[SubmissionState]) -> list[frozenset[Any] | None]:
    """`_cells` of each of the student's alignments, worked out once for the 5 checks of Q9."""
    student = _student_alignments(ctx)
    key = ("cells", "Lalignements")
    if key not in ctx.cache:
        ctx.cache[key] = [_cells(a) for a in student]
    cells: list[frozenset[Any] | None] = ctx.cache[key]
    return cells


def _direction_check(direction: tuple[int, int]) -> Callable[[CheckContext[SubmissionState]], None]:
    fr_name, en_name, count = DIRECTIONS[direction]

    def check(ctx: CheckContext[SubmissionState]) -> None:
        found = set(_student_cells(ctx))
        missing = BY_DIRECTION[direction] - found
        if missing:
            example = sorted(sorted(a) for a in missing)[0]
            raise mismatch(
                "Lalignements",
                Text(f"{count} alignements {fr_name}", f"{count} {en_name} alignments"),
                Text(
                    f"{count - len(missing)} trouvés sur {count}",
                    f"{count - len(missing)} found out of {count}",
                ),
                text=True,
                note=Text(
                    f"alignements {fr_name} manquants : {len(missing)}, par exemple {show(example)}",
                    f"{en_name} alignments missing: {len(missing)}, e.g. {show(example)}",
                ),
            )

    return check


def q9_exact(ctx: CheckContext[SubmissionState]) -> None:
    student = _student_alignments(ctx)
    cells = _student_cells(ctx)
    malformed = [a for a, c in zip(student, cells, strict=False) if c is None]
    if malformed:
        raise mismatch(
            "Lalignements",
            Text("des listes de 4 cases (i, j)", "lists of 4 cells (i, j)"),
            show(malformed[0]),
            text=True,
            note=Text(
                "cet élément n'est pas un alignement de 4 cases",
                "this element is not an alignment of 4 cells",
            ),
        )
    extra = [a for a, c in zip(student, cells, strict=False) if c not in REFERENCE]
    duplicates = len(cells) - len(set(cells))
    if extra or duplicates or len(student) != 69:
        note = (
            Text(
                f"par exemple {show(extra[0])} n'est pas un alignement du plateau",
                f"e.g. {show(extra[0])} is not an alignment of the board",
            )
            if extra
            else Text(f"{duplicates} en double", f"{duplicates} duplicated")
            if duplicates
            else None
        )
        raise mismatch("len(Lalignements)", 69, len(student), note=note)


def q10_corner(ctx: CheckContext[SubmissionState]) -> None:
    expected = ref.Dalignements[(0, 0)]
    obtained = _entry(ctx, (0, 0))
    if _as_set(obtained) != BY_CELL[(0, 0)]:
        raise _entry_mismatch("Dalignements[(0, 0)]", expected, obtained)


def _entry(ctx: CheckContext[SubmissionState], cell: tuple[int, int]) -> Any:
    return _table(ctx).get(cell, MISSING_KEY)


def _table(ctx: CheckContext[SubmissionState]) -> dict[Any, Any]:
    """The student's Dalignements; the check fails, saying so, when it is no dictionary."""
    table = _read_once(ctx, "Dalignements")
    if not isinstance(table, dict):
        raise mismatch("Dalignements", A_DICT, type(table).__name__, text=True)
    return table


A_DICT = Text("un dictionnaire", "a dictionary")
MISSING_KEY = Text("(clé absente)", "(key missing)")


def _entry_mismatch(call: str, expected: Any, obtained: Any) -> Mismatch:
    return mismatch(call, show(expected), obtained if obtained is MISSING_KEY else show(obtained), text=True)


def _as_set(alignments: Any) -> set[Any] | None:
    if not isinstance(alignments, (list, tuple)):
        return None
    cells = [_cells(a) for a in alignments]
    if None in cells or len(set(cells)) != len(cells):
        return None
    return set(cells)


def q10_all_cells(ctx: CheckContext[SubmissionState]) -> None:
    table = _table(ctx)
    for cell, expected in ref.Dalignements.items():
        obtained = table.get(cell, MISSING_KEY)
        if _as_set(obtained) != BY_CELL[cell]:
            raise _entry_mismatch(f"Dalignements[{cell}]", expected, obtained)
    extra = [key for key in table if as_cell(key) not in ref.Dalignements]
    if extra:  # structural: a row 6 or a column 7 that does not exist
        raise mismatch(
            "Dalignements",
            Text("les 42 cases du plateau pour clés", "the 42 cells of the board as keys"),
            Text(f"aussi {show(sorted(extra, key=repr)[0])}", f"also {show(sorted(extra, key=repr)[0])}"),
            text=True,
            note=Text(f"{len(extra)} clé(s) hors du plateau", f"{len(extra)} key(s) off the board"),
        )


def q11_sheet(ctx: CheckContext[SubmissionState]) -> None:
    cases = (
        ("jeu2", ref.jeu2(), [(4, 0), (4, 1), (4, 2), (4, 3)], 0),
        ("jeu2", ref.jeu2(), [(2, 1), (3, 2), (4, 3), (5, 4)], 2),
        ("jeu3", ref.jeu3(), [(2, 1), (3, 1), (4, 1), (5, 1)], 1),
        ("jeu2", ref.jeu2(), [(4, 1), (4, 2), (4, 3), (4, 4)], 0),
    )
    name = ctx.student.aliases.get("evaluer", "evaluer")
    for game_name, jeu, alignment, expected in cases:
        call = f"{name}({game_name}, {alignment})"
        obtained = ctx.value("evaluer", ctx.as_student(jeu), alignment, shown=call, board=jeu)
        if not same(obtained, expected):
            raise mismatch(call, expected, obtained, jeu)


def q11_random(ctx: CheckContext[SubmissionState]) -> None:
    name = ctx.student.aliases.get("evaluer", "evaluer")

    def probe(example: tuple[Any, ...]) -> None:
        jeu, (_, cell) = example
        for alignment in ref.Dalignements[cell]:
            call = f"{name}(jeu, {alignment})"
            obtained = ctx.value("evaluer", ctx.as_student(jeu), alignment, shown=call, board=jeu)
            expected = ref.evaluer(jeu, alignment)
            if not same(obtained, expected):
                raise mismatch(call, expected, obtained, jeu)

    def calls(example: tuple[Any, ...]) -> list[Call]:
        jeu, (_, cell) = example
        return [ctx.ask("evaluer", ctx.as_student(jeu), alignment) for alignment in ref.Dalignements[cell]]

    ctx.for_all(draw(games_with_last, min_moves=4), probe, examples=12, calls=calls, reads_only=True)

    def structural_probe(case: tuple[tuple[Any, ...], dict[str, Any], int]) -> None:
        alignment, jeu, expected = case
        call = f"{name}(jeu, {list(alignment)})"
        obtained = ctx.value("evaluer", ctx.as_student(jeu), list(alignment), shown=call, board=jeu)
        if not same(obtained, expected):
            raise mismatch(call, expected, obtained, jeu)

    ctx.each(
        structural_probe,
        _each_alignment.shared(),
        lambda case: [ctx.ask("evaluer", ctx.as_student(case[1]), list(case[0]))],
        reads_only=True,
    )


@once_per_process
def _each_alignment() -> list[tuple[tuple[Any, ...], dict[str, Any], int]]:
    """Structural cases of evaluer: each of the 69 alignments owned by one player (players
    alternating), then each with only 3 of its 4 cells owned (0)."""
    owned, seen = [], set[tuple[Any, ...]]()
    for alignment, joueur, _, moves in alignment_games(WIN):
        if alignment not in seen and joueur == 1 + len(seen) % 2:
            seen.add(alignment)
            owned.append((alignment, ref.initialiser_jeu(list(moves)), joueur))
    three = [
        (alignment, ref.initialiser_jeu(list(moves)), 0)
        for alignment, _, _, moves in alignment_games(OWN_THREAT)
    ]
    return owned + three


def q12_sheet(ctx: CheckContext[SubmissionState]) -> None:
    cases = (
        ("jeu2", ref.jeu2(), 2, (2, 1), True),
        ("jeu2", ref.jeu2(), 2, (3, 4), False),
        ("jeu3", ref.jeu3(), 1, (2, 1), True),
    )
    for game_name, jeu, joueur, cell, expected in cases:
        call = f"teste_gagnante({game_name}, {joueur}, {cell})"
        obtained = ctx.value("teste_gagnante", ctx.as_student(jeu), joueur, cell, shown=call, board=jeu)
        if not same(obtained, expected):
            raise mismatch(call, expected, obtained, jeu)


def q12_random(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        jeu, (joueur, cell) = example
        call = f"teste_gagnante(jeu, {joueur}, {cell})"
        obtained = ctx.value("teste_gagnante", ctx.as_student(jeu), joueur, cell, shown=call, board=jeu)
        expected = wins_at(jeu, joueur, cell)
        if not same(obtained, expected):
            raise mismatch(
                call,
                expected,
                obtained,
                jeu,
                note=Text(f"{cell} est la case du dernier coup joué", f"{cell} is the cell of the last move"),
            )

    def calls(example: tuple[Any, ...]) -> list[Call]:
        jeu, (joueur, cell) = example
        return [ctx.ask("teste_gagnante", ctx.as_student(jeu), joueur, cell)]

    wins = [ref.jeu2(), ref.jeu3()]
    ctx.for_all(
        draw(games_with_last, min_moves=7),
        probe,
        examples=30,
        explicit=[(w, (ref.gagnant(w), _last_cell(w))) for w in wins],
        calls=calls,
        reads_only=True,
    )
    for structural in (alignment_wins.shared(), wrapped_rows.shared()):  # after the random ones
        ctx.each(probe, structural, calls, reads_only=True)  # each list sealed as one


def _last_cell(jeu: dict[str, Any]) -> tuple[int, int]:
    """Cell of the winning move of the sheet's jeu2/jeu3 (column 1, top piece)."""
    return (6 - jeu["hauteurs"][1], 1)


def q13_table(ctx: CheckContext[SubmissionState]) -> None:
    obtained = ctx.student.get("nb_alignements_potentiels")
    expected = ref.nb_alignements_potentiels
    if not same(obtained, expected):
        raise mismatch("nb_alignements_potentiels", expected, obtained)


def _heuristic(
    ctx: CheckContext[SubmissionState], jeu: dict[str, Any], name: str = "jeu", keep_args: bool = False
) -> CallResult:
    return ctx.call(
        "heuristique", ctx.as_student(jeu), shown=f"heuristique({name})", board=jeu, keep_args=keep_args
    )


def q14_jeu1(ctx: CheckContext[SubmissionState]) -> None:
    obtained = _heuristic(ctx, ref.jeu1(), "jeu1").value
    if not same(obtained, 2):
        raise mismatch(
            "heuristique(jeu1)",
            2,
            obtained,
            ref.jeu1(),
            note=Text(
                "4 + 5 + 7 + 6 + 8 + 13 + 11 - 3 - 5 - 4 - 8 - 10 - 11 - 11 = 2 "
                "(cases du joueur 1 comptées en positif, du joueur 2 en négatif)",
                "4 + 5 + 7 + 6 + 8 + 13 + 11 - 3 - 5 - 4 - 8 - 10 - 11 - 11 = 2 "
                "(player 1's cells count positively, player 2's negatively)",
            ),
        )


def q14_wins(ctx: CheckContext[SubmissionState]) -> None:
    for name, jeu, expected in (("jeu2", ref.jeu2(), -float("inf")), ("jeu3", ref.jeu3(), float("inf"))):
        obtained = _heuristic(ctx, jeu, name).value
        if not same(obtained, expected):
            raise mismatch(f"heuristique({name})", expected, obtained, jeu)


def q14_random(ctx: CheckContext[SubmissionState]) -> None:
    def probe(jeu: dict[str, Any]) -> None:
        obtained = _heuristic(ctx, jeu).value
        expected = heuristic_value(jeu)
        if not same(obtained, expected):
            raise mismatch("heuristique(jeu)", expected, obtained, jeu)

    def calls(jeu: dict[str, Any]) -> list[Call]:
        return [ctx.ask("heuristique", ctx.as_student(jeu))]

    ctx.for_all(draw(games, wins=AT_WIN), probe, examples=25, calls=calls, reads_only=True)
    ctx.each(probe, heuristic_positions.shared(), calls, reads_only=True)  # structural: after the random ones
    probe_private(ctx, functools.partial(random_game, wins=AT_WIN), probe, calls=calls, reads_only=True)


@once_per_process
def heuristic_positions() -> list[dict[str, Any]]:
    """Structural cases of heuristique: full columns (top row), nearly full and full
    boards, each alignment won (players alternating), threats of each player."""
    won = [jeu for _, jeu, owner in _each_alignment() if owner]
    return column_games() + won + sample(threats(OWN_THREAT), 4) + sample(threats(OPPONENT_THREAT), 4, 2)


def q14_unchanged(ctx: CheckContext[SubmissionState]) -> None:
    def probe(jeu: dict[str, Any]) -> None:
        after = _heuristic(ctx, jeu, keep_args=True).argument_after(0)
        unchanged("heuristique(jeu)", jeu, after, func="heuristique", arg=Text("le jeu", "the game"))

    ctx.for_all(draw(games, min_moves=1), probe, examples=5, explicit=[ref.jeu1(), ref.jeu2()])


def _direction_checks() -> tuple[Check, ...]:
    checks = []
    for direction, (fr_name, en_name, count) in DIRECTIONS.items():
        checks.append(
            Check(
                f"{en_name}",
                0.25,
                _direction_check(direction),
                Text(f"les {count} alignements {fr_name}", f"the {count} {en_name} alignments"),
            )
        )
    return tuple(checks)


QUESTIONS = (
    Question(
        "Q9",
        "Lalignements",
        (("Lalignements",),),
        _direction_checks()
        + (
            Check(
                "exactly_69",
                1.0,
                q9_exact,
                Text(
                    "exactement 69 alignements, sans doublon ni intrus",
                    "exactly 69 alignments, no duplicate, nothing else",
                ),
            ),
        ),
    ),
    Question(
        "Q10",
        "Dalignements",
        (("Dalignements",),),
        (
            Check(
                "corner",
                0.25,
                q10_corner,
                Text(
                    "Dalignements[(0, 0)] : les 3 alignements de l'énoncé",
                    "Dalignements[(0, 0)]: the sheet's 3 alignments",
                ),
            ),
            Check(
                "all_cells",
                0.75,
                q10_all_cells,
                Text(
                    "les bons alignements pour chacune des 42 cases",
                    "the right alignments for each of the 42 cells",
                ),
            ),
        ),
    ),
    Question(
        "Q11",
        "evaluer",
        (("evaluer", "evaluer_alignement"),),
        (
            Check(
                "sheet_examples",
                0.5,
                q11_sheet,
                Text("les exemples de l'énoncé (jeu2, jeu3)", "the sheet's examples (jeu2, jeu3)"),
            ),
            Check(
                "random_games",
                0.5,
                q11_random,
                Text("bonne valeur sur des parties au hasard", "right value on random games"),
            ),
        ),
    ),
    Question(
        "Q12",
        "teste_gagnante",
        (("teste_gagnante",),),
        (
            Check(
                "sheet_examples",
                0.5,
                q12_sheet,
                Text("les exemples de l'énoncé (jeu2, jeu3)", "the sheet's examples (jeu2, jeu3)"),
            ),
            Check(
                "random_games",
                1.0,
                q12_random,
                Text(
                    "bonne réponse pour le dernier coup de parties au hasard, gagnant ou non, et pour chacun des "
                    "69 alignements complété sur chacune de ses cases",
                    "right answer for the last move of random games, winning or not, and for each of the 69 "
                    "alignments completed on each of its cells",
                ),
            ),
        ),
    ),
    Question(
        "Q13",
        "nb_alignements_potentiels",
        (("nb_alignements_potentiels",),),
        (Check("table", 0.5, q13_table, Text("le tableau de l'énoncé", "the sheet's table")),),
    ),
    Question(
        "Q14",
        "heuristique",
        (("heuristique",),),
        (
            Check("jeu1", 0.5, q14_jeu1, Text("heuristique(jeu1) == 2", "heuristique(jeu1) == 2")),
            Check(
                "wins",
                0.5,
                q14_wins,
                Text(
                    "-inf pour jeu2 (joueur 2 gagne), +inf pour jeu3 (joueur 1 gagne)",
                    "-inf for jeu2 (player 2 wins), +inf for jeu3 (player 1 wins)",
                ),
            ),
            Check(
                "random_games",
                0.5,
                q14_random,
                Text(
                    "bonne valeur sur des parties au hasard et sur des positions construites (colonnes pleines, "
                    "plateaux pleins ou presque, chaque alignement gagné)",
                    "right value on random games and on positions built on purpose (full columns, full or "
                    "nearly full boards, each alignment won)",
                ),
            ),
            Check(
                "unchanged",
                0.5,
                q14_unchanged,
                Text("ne modifie pas le jeu", "does not change the game"),
                value_free=True,
            ),
        ),
    ),
)
