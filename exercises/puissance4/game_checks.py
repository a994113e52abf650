"""Checks of part 1.2-1.3 of the sheet: the board and the moves (Q1 to Q8)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from grader.kit import (
    Call,
    CallFailed,
    CallResult,
    Check,
    CheckContext,
    Question,
    StudentCodeError,
    Text,
    as_cell,
    draw,
    mismatch,
    same,
    show,
)
from reference import puissance4 as ref

from .positions import (
    IGNORE_WINS,
    SubmissionState,
    column_games,
    columns,
    games,
    nearly_full,
    top_row_moves,
)

if TYPE_CHECKING:
    from hypothesis import strategies as st


# -- Q1, Q2 -------------------------------------------------------------------
def q1_dimensions(ctx: CheckContext[SubmissionState]) -> None:
    nrows, ncols = ctx.student.get("nrows"), ctx.student.get("ncols")
    if not (same(nrows, 6) and same(ncols, 7)):
        raise mismatch("nrows, ncols", (6, 7), (nrows, ncols))


def q2_empty_game(ctx: CheckContext[SubmissionState]) -> None:
    obtained = ctx.value("init")
    if not same(obtained, ref.init()):
        raise mismatch("init()", ref.init(), obtained)


def q2_rows_distinct(ctx: CheckContext[SubmissionState]) -> None:
    result = ctx.call("init")
    for first, second in result.shared:
        if first[:1] == ["plateau"] and second[:1] == ["plateau"]:
            raise mismatch(
                "init()",
                "",
                "",
                text=True,
                note=Text(
                    f"les lignes {first[1]} et {second[1]} du plateau sont la même liste "
                    "(écrire [[0] * ncols for i in range(nrows)] plutôt que [[0] * ncols] * nrows)",
                    f"rows {first[1]} and {second[1]} of the board are the same list "
                    "(write [[0] * ncols for i in range(nrows)], not [[0] * ncols] * nrows)",
                ),
            )


# -- Q3 copie ------------------------------------------------------------------
def q3_copy_equal(ctx: CheckContext[SubmissionState]) -> None:
    def probe(jeu: dict[str, Any]) -> None:
        obtained = ctx.value("copie", ctx.as_student(jeu), shown="copie(jeu)", board=jeu)
        if not same(obtained, jeu):
            raise mismatch("copie(jeu)", jeu, obtained, jeu)

    def calls(jeu: dict[str, Any]) -> list[Call]:
        return [ctx.ask("copie", ctx.as_student(jeu))]

    ctx.for_all(draw(games), probe, examples=10, explicit=[ref.jeu1()], calls=calls)
    ctx.each(probe, [nearly_full(0)[0], columns({0: 6, 6: 5})], calls)  # structural


def q3_copy_independent(ctx: CheckContext[SubmissionState]) -> None:
    jeu = ref.jeu1()
    result = ctx.call("copie", ctx.as_student(jeu), shown="copie(jeu1)", keep_args=True)
    for first, second in result.shared:
        if first[:1] == [0] and second[:1] == [1]:
            where = _path_text(second[1:])
            raise mismatch(
                "copie(jeu1)",
                "",
                "",
                jeu,
                text=True,
                note=Text(
                    f"la copie partage {where.fr} avec le jeu d'origine : modifier l'une modifie l'autre",
                    f"the copy shares {where.en} with the original game: changing one changes the other",
                ),
            )


def _path_text(path: list[Any]) -> Text:
    if not path:
        return Text("tout le dictionnaire", "the whole dictionary")
    code = "jeu" + "".join(f"[{show(p)}]" for p in path)
    return Text(code, code)


# -- Q4, Q5 -------------------------------------------------------------------
def q4_next_player(ctx: CheckContext[SubmissionState]) -> None:
    def probe(jeu: dict[str, Any]) -> None:
        obtained = ctx.value("prochain_joueur", ctx.as_student(jeu), shown="prochain_joueur(jeu)", board=jeu)
        expected = ref.prochain_joueur(jeu)
        if not same(obtained, expected):
            raise mismatch("prochain_joueur(jeu)", expected, obtained, jeu)

    def calls(jeu: dict[str, Any]) -> list[Call]:
        return [ctx.ask("prochain_joueur", ctx.as_student(jeu))]

    explicit = [ref.init(), ref.jeu1()]
    ctx.for_all(
        draw(games, wins=IGNORE_WINS), probe, examples=15, explicit=explicit, calls=calls, reads_only=True
    )
    ctx.each(probe, column_games.shared(), calls, reads_only=True)  # structural


def _check_columns(ctx: CheckContext[SubmissionState], jeu: dict[str, Any]) -> None:
    obtained = ctx.value("colonnes_jouables", ctx.as_student(jeu), shown="colonnes_jouables(jeu)", board=jeu)
    expected = ref.colonnes_jouables(jeu)
    # Columns are ints, as the sheet numbers them: 3 and 3.0 are the same column twice.
    columns = obtained if isinstance(obtained, (list, tuple)) else None
    if (
        columns is None
        or not all(type(c) is int for c in columns)
        or len(set(columns)) != len(columns)
        or set(columns) != set(expected)
    ):
        raise mismatch(
            "colonnes_jouables(jeu)",
            expected,
            obtained,
            jeu,
            note=Text(
                "l'ordre n'a pas d'importance, mais chaque colonne jouable une seule fois",
                "order does not matter, but each playable column exactly once",
            ),
        )


def q5_empty(ctx: CheckContext[SubmissionState]) -> None:
    _check_columns(ctx, ref.init())


def q5_random(ctx: CheckContext[SubmissionState]) -> None:
    def calls(jeu: dict[str, Any]) -> list[Call]:
        return [ctx.ask("colonnes_jouables", ctx.as_student(jeu))]

    full = ref.initialiser_jeu(ref.PARTIE_NULLE)
    ctx.for_all(
        draw(games, min_moves=12, wins=IGNORE_WINS),
        lambda jeu: _check_columns(ctx, jeu),
        examples=20,
        explicit=[ref.initialiser_jeu([0] * 6), full],
        calls=calls,
        reads_only=True,
    )
    ctx.each(
        lambda jeu: _check_columns(ctx, jeu), column_games.shared(), calls, reads_only=True
    )  # structural


# -- Q6 jouer_colonne ------------------------------------------------------------
EDGE_MOVES = [
    (ref.init(), 3),
    (ref.jeu1(), 2),
    (ref.init(), 0),
    (ref.init(), 6),
    (columns({0: 3, 6: 4}), 0),
    (columns({0: 3, 6: 4}), 6),
]
"""Moves on the empty board, in the first and last columns (with tokens under them)."""


def _playable_moves() -> st.SearchStrategy:
    """(game, column) with the column playable; the player is the next one."""
    from hypothesis import strategies as st

    return (
        games(wins=IGNORE_WINS)
        .filter(ref.colonnes_jouables)
        .flatmap(lambda jeu: st.sampled_from(ref.colonnes_jouables(jeu)).map(lambda col: (jeu, col)))
    )


def _play(
    ctx: CheckContext[SubmissionState], jeu: dict[str, Any], col: int
) -> tuple[str, CallResult, dict[str, Any], Any]:
    joueur = ref.prochain_joueur(jeu)
    call = f"jouer_colonne(jeu, {joueur}, {col})"
    result = ctx.call(
        "jouer_colonne", ctx.as_student(jeu), joueur, col, shown=call, board=jeu, keep_args=True
    )
    after = ref.copie(jeu)
    coords = ref.jouer_colonne(after, joueur, col)
    return call, result, after, coords


def _play_calls(ctx: CheckContext[SubmissionState], example: tuple[Any, ...]) -> list[Call]:
    """The call `_play` makes for the (game, column) `example`."""
    jeu, col = example
    return [ctx.ask("jouer_colonne", ctx.as_student(jeu), ref.prochain_joueur(jeu), col, keep_args=True)]


def q6_in_place(ctx: CheckContext[SubmissionState]) -> None:
    note = Text(
        "le jeu après l'appel (attendu / obtenu), le plateau dessiné est celui d'avant",
        "the game after the call (expected / obtained); the board drawn is the one before",
    )

    def probe(example: tuple[Any, ...]) -> None:
        jeu, col = example
        call, result, after, _ = _play(ctx, jeu, col)
        if not same(result.argument_after(0), after):
            raise mismatch(call, after, result.argument_after(0), jeu, note=note)

    calls = partial(_play_calls, ctx)
    ctx.for_all(draw(_playable_moves), probe, examples=20, explicit=EDGE_MOVES, calls=calls, reads_only=True)
    ctx.each(probe, top_row_moves.shared(), calls, reads_only=True)  # structural


def q6_coordinates(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        jeu, col = example
        call, result, _, coords = _play(ctx, jeu, col)
        if as_cell(result.value) != coords:
            raise mismatch(call, coords, result.value, jeu)

    calls = partial(_play_calls, ctx)
    ctx.for_all(draw(_playable_moves), probe, examples=10, explicit=EDGE_MOVES, calls=calls, reads_only=True)
    ctx.each(probe, top_row_moves.shared(), calls, reads_only=True)  # structural


def _expect_assertion(
    ctx: CheckContext[SubmissionState], jeu: dict[str, Any], joueur: int, col: int, note: Text
) -> None:
    call = f"jouer_colonne(jeu, {joueur}, {col})"
    wrong = partial(mismatch, call, "AssertionError", board=jeu, text=True, note=note)
    try:
        result = ctx.call("jouer_colonne", ctx.as_student(jeu), joueur, col, shown=call, board=jeu)
    except CallFailed as exc:
        if isinstance(exc.failure, StudentCodeError) and exc.failure.ename == "AssertionError":
            return
        if isinstance(exc.failure, StudentCodeError):
            raise wrong(exc.failure.ename) from None
        raise
    raise wrong(
        Text(f"pas d'erreur, renvoie {show(result.value)}", f"no error, returns {show(result.value)}")
    )


def q6_wrong_player(ctx: CheckContext[SubmissionState]) -> None:
    for jeu in (ref.init(), ref.jeu1()):
        other = 3 - ref.prochain_joueur(jeu)
        _expect_assertion(
            ctx,
            jeu,
            other,
            3,
            Text(
                f"le joueur {other} n'est pas le prochain à jouer", f"player {other} is not the next to play"
            ),
        )


def q6_full_column(ctx: CheckContext[SubmissionState]) -> None:
    for col in range(ref.ncols):  # each column full, in turn (structural: the first and last ones too)
        jeu = columns({col: ref.nrows})
        _expect_assertion(
            ctx,
            jeu,
            ref.prochain_joueur(jeu),
            col,
            Text(f"la colonne {col} est pleine", f"column {col} is full"),
        )


# -- Q7, Q8 -------------------------------------------------------------------
def _played(before: dict[str, Any], col: int) -> dict[str, Any]:
    after: dict[str, Any] = ref.copie(before)
    ref.jouer_colonne(after, ref.prochain_joueur(after), col)
    return after


def q7_undo(ctx: CheckContext[SubmissionState]) -> None:
    def probe(example: tuple[Any, ...]) -> None:
        before, col = example
        after = _played(before, col)
        call = f"dejouer_colonne(jeu, {col})"
        result = ctx.call(
            "dejouer_colonne", ctx.as_student(after), col, shown=call, board=after, keep_args=True
        )
        if not same(result.argument_after(0), before):
            raise mismatch(
                call,
                before,
                result.argument_after(0),
                after,
                note=Text(
                    f"jeu est le plateau dessiné, où la colonne {col} vient d'être jouée",
                    f"jeu is the board drawn, where column {col} was just played",
                ),
            )

    def calls(example: tuple[Any, ...]) -> list[Call]:
        before, col = example
        return [ctx.ask("dejouer_colonne", ctx.as_student(_played(before, col)), col, keep_args=True)]

    ctx.for_all(draw(_playable_moves), probe, examples=15, explicit=EDGE_MOVES, calls=calls)
    ctx.each(probe, top_row_moves(), calls)  # structural


def q8_sheet(ctx: CheckContext[SubmissionState]) -> None:
    obtained = ctx.value("initialiser_jeu", list(ref.L1), shown=f"initialiser_jeu({ref.L1})")
    expected = ref.jeu1()
    if not same(obtained, expected):
        raise mismatch(
            "initialiser_jeu(L1)",
            expected,
            obtained,
            expected,
            note=Text(
                "le plateau dessiné est celui de l'énoncé (jeu1)", "the board drawn is the sheet's jeu1"
            ),
        )


def q8_random(ctx: CheckContext[SubmissionState]) -> None:
    def probe(columns: list[Any]) -> None:
        expected = ref.initialiser_jeu(columns)
        obtained = ctx.value("initialiser_jeu", list(columns), shown=f"initialiser_jeu({columns})")
        if not same(obtained, expected):
            raise mismatch(f"initialiser_jeu({columns})", expected, obtained, expected)

    def calls(columns: list[Any]) -> list[Call]:
        return [ctx.ask("initialiser_jeu", list(columns))]

    full_columns = [[c] * ref.nrows for c in range(ref.ncols)]
    ctx.for_all(draw(_legal_games), probe, examples=10, calls=calls)
    ctx.each(probe, [list(ref.PARTIE_NULLE), []] + full_columns, calls)  # structural


def _legal_games() -> st.SearchStrategy:
    """Columns of a legal game (see `_legal_columns`)."""
    from hypothesis import strategies as st

    return st.lists(st.integers(0, 6), max_size=42).map(_legal_columns)


def _legal_columns(choices: list[int]) -> list[int]:
    jeu, columns = ref.init(), []
    for choice in choices:
        playable = ref.colonnes_jouables(jeu)
        col = playable[choice % len(playable)]
        ref.jouer_colonne(jeu, ref.prochain_joueur(jeu), col)
        columns.append(col)
    return columns


QUESTIONS = (
    Question(
        "Q1",
        "nrows, ncols",
        (("nrows",), ("ncols",)),
        (
            Check(
                "dimensions",
                0.5,
                q1_dimensions,
                Text("nrows vaut 6 et ncols vaut 7", "nrows is 6 and ncols is 7"),
            ),
        ),
    ),
    Question(
        "Q2",
        "init",
        (("init",),),
        (
            Check(
                "empty_game",
                0.25,
                q2_empty_game,
                Text("init() renvoie le jeu vide de l'énoncé", "init() returns the sheet's empty game"),
            ),
            Check(
                "rows_distinct",
                0.25,
                q2_rows_distinct,
                Text(
                    "les lignes du plateau sont des listes distinctes", "the board's rows are distinct lists"
                ),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q3",
        "copie",
        (("copie",),),
        (
            Check(
                "equal",
                0.5,
                q3_copy_equal,
                Text("la copie est égale au jeu copié", "the copy equals the original game"),
            ),
            Check(
                "independent",
                0.5,
                q3_copy_independent,
                Text(
                    "la copie ne partage aucune liste avec l'original (copie profonde)",
                    "the copy shares no list with the original (deep copy)",
                ),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q4",
        "prochain_joueur",
        (("prochain_joueur",),),
        (
            Check(
                "random_games",
                0.5,
                q4_next_player,
                Text("bon joueur sur des parties au hasard", "right player on random games"),
            ),
        ),
    ),
    Question(
        "Q5",
        "colonnes_jouables",
        (("colonnes_jouables",),),
        (
            Check(
                "empty_game",
                0.25,
                q5_empty,
                Text("les 7 colonnes sur le jeu vide", "all 7 columns on the empty game"),
            ),
            Check(
                "random_games",
                0.75,
                q5_random,
                Text(
                    "bonnes colonnes sur des parties au hasard (colonnes pleines, plateau plein)",
                    "right columns on random games (full columns, full board)",
                ),
            ),
        ),
    ),
    Question(
        "Q6",
        "jouer_colonne",
        (("jouer_colonne",),),
        (
            Check(
                "in_place",
                0.75,
                q6_in_place,
                Text("modifie le jeu en place comme il faut", "changes the game in place correctly"),
            ),
            Check(
                "coordinates",
                0.25,
                q6_coordinates,
                Text(
                    "renvoie les coordonnées (i, col) de la case jouée",
                    "returns the coordinates (i, col) of the cell played",
                ),
            ),
            Check(
                "wrong_player",
                0.25,
                q6_wrong_player,
                Text(
                    "AssertionError si ce n'est pas à ce joueur de jouer",
                    "AssertionError when it is not this player's turn",
                ),
                value_free=True,
            ),
            Check(
                "full_column",
                0.25,
                q6_full_column,
                Text("AssertionError si la colonne est pleine", "AssertionError when the column is full"),
                value_free=True,
            ),
        ),
    ),
    Question(
        "Q7",
        "dejouer_colonne",
        (("dejouer_colonne",),),
        (
            Check(
                "undo",
                1.0,
                q7_undo,
                Text(
                    "rétablit exactement le jeu d'avant le coup", "restores exactly the game before the move"
                ),
            ),
        ),
    ),
    Question(
        "Q8",
        "initialiser_jeu",
        (("initialiser_jeu",),),
        (
            Check(
                "sheet_jeu1",
                0.5,
                q8_sheet,
                Text(
                    "initialiser_jeu(L1) donne le jeu1 de l'énoncé",
                    "initialiser_jeu(L1) gives the sheet's jeu1",
                ),
            ),
            Check(
                "random_lists",
                0.5,
                q8_random,
                Text("bon jeu pour des listes de coups au hasard", "right game for random move lists"),
            ),
        ),
    ),
)
