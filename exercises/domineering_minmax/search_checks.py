"""Checks of the course page's minmax (Q3), jeu and affiche (Q4) on 4 x 4 domineering.
Points in docs/reference/exercises/domineering-minmax.md."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Collection
from typing import Any

from grader.kit import (
    CallFailed,
    CallResult,
    Check,
    CheckContext,
    Mismatch,
    Question,
    StudentFailure,
    Text,
    among_best,
    as_pair,
    draw,
    is_number,
    mismatch,
    probe_private,
    same,
    show,
)
from reference import domineering_minmax as ref

from .positions import (
    BOTH_STUCK,
    ONLY_HORIZONTAL,
    ONLY_VERTICAL,
    SEARCH_BUDGET,
    Board,
    Representation,
    board_key,
    ending_searches,
    optimal,
    page_board,
    page_tables,
    possible_winners,
    random_search_case,
    rows,
    search_cases,
    structural_game_cases,
    successors,
    value,
)


def _own_or_ours(ctx: CheckContext[Representation], own: bool) -> tuple[Any, Any]:
    """(s, h): the student's own (`own`); else None, None: the page's, handed as the
    grader's tables of the call's search (`page_tables`)."""
    if own:
        missing = [name for name in ("s", "h") if not ctx.student.has(name)]
        if missing:
            raise mismatch(
                "s, h",
                Text("s et h définis", "s and h defined"),
                Text(f"{', '.join(missing)} non défini", f"{', '.join(missing)} not defined"),
                text=True,
                note=Text(
                    "ce test appelle la fonction avec vos propres s et h, comme le cours",
                    "this check calls the function with your own s and h, as the page does",
                ),
            )
        return ctx.student.ref("s"), ctx.student.ref("h")
    return None, None


# -- Q3 minmax -------------------------------------------------------------------------
def check_search(call: str, v: Board, p: int, joueur: int, obtained: Any) -> None:
    """A value, or a pair (successor, value): the reference's value, an optimal successor
    (at a leaf: v itself or None)."""
    expected = value(v, p, joueur)
    wrong = functools.partial(mismatch, call, expected, board=v)
    pair = as_pair(obtained)
    if is_number(obtained):
        found = obtained
    elif pair is not None and is_number(pair[1]):
        found = pair[1]
    else:
        raise wrong(
            obtained,
            note=Text(
                "minmax doit renvoyer la valeur de v, ou un couple (successeur, valeur)",
                "minmax must return the value of v, or a pair (successor, value)",
            ),
        )
    if not same(found, expected):
        raise wrong(
            found,
            note=Text(
                f"la valeur min-max de v à la profondeur {p}, joueur {joueur} à jouer",
                f"the min-max value of v at depth {p}, player {joueur} to move",
            ),
        )
    if pair is None or is_number(obtained):
        return
    if p == 0 or not ref.coups(v, joueur):  # a leaf: no move to play
        if pair[0] is None or _successor(pair[0]) == v:
            return
        raise mismatch(
            call,
            Text("v (ou None)", "v (or None)"),
            show(pair[0]),
            v,
            text=True,
            note=Text(
                "aucun coup à jouer : le successeur est v lui-même",
                "no move to play: the successor is v itself",
            ),
        )
    among_best(
        call,
        pair[0],
        optimal(v, p, joueur),
        v,
        among=_successors_among,
        key=_successor,
        note=Text(
            "la valeur est juste, mais le successeur renvoyé n'atteint pas cette valeur",
            "the value is right, but the successor returned does not reach it",
        ),
    )


def _successor(w: Any) -> Any:
    return board_key(w) if w is not None else None


def _successors_among(good: Collection[Any]) -> Text:
    among = show([rows(w) for w in sorted(good)])
    return Text(f"un successeur parmi {among}", f"a successor among {among}")


def _minmax(
    ctx: CheckContext[Representation],
    v: Board,
    p: int,
    joueur: int,
    own: bool = False,
    name: str = "v",
    keep_args: bool = False,
) -> tuple[str, CallResult]:
    s, h = _own_or_ours(ctx, own)
    call = f"minmax(s, h, {name}, {p}, {joueur})"
    if own:
        result = ctx.call(
            "minmax",
            s,
            h,
            ctx.as_student(v),
            p,
            joueur,
            shown=call,
            board=v,
            budget=SEARCH_BUDGET,
            keep_args=keep_args,
        )
        return call, result
    succ, hv = page_tables(v, joueur)
    both = ctx.value(
        "@minmax_tables",
        ctx.student.ref("minmax"),
        succ,
        hv,
        ctx.as_student(v),
        p,
        joueur,
        shown=call,
        board=v,
        budget=SEARCH_BUDGET,
    )
    found, after = both if isinstance(both, list) and len(both) == 2 else (both, None)
    return call, CallResult(value=found, args_after=["s", "h", after, p, joueur])


def _blame_own(ctx: CheckContext[Representation], exc: Mismatch) -> Mismatch:
    """A sheet check run with the student's own s and h failed: say when they are the
    cause (they do not give the page's values on its board)."""
    wrong = []
    v = page_board()
    try:
        if not same(ctx.value("h", ctx.as_student(v)), ref.h(v)):
            wrong.append("h (Q1)")
    except CallFailed:
        wrong.append("h (Q1)")
    try:
        got = ctx.value("s", ctx.as_student(v), 0)
        if not isinstance(got, (list, tuple)) or sorted(map(str, map(board_key, got))) != sorted(
            map(str, successors(v, 0))
        ):
            wrong.append("s (Q2)")
    except CallFailed:
        wrong.append("s (Q2)")
    if wrong:
        names, many = " et ".join(wrong), len(wrong) > 1
        fr = (
            f"ce test utilise vos {names}, qui ne donnent pas"
            if many
            else f"ce test utilise votre {names}, qui ne donne pas"
        )
        en = f"this check uses your {' and '.join(wrong)}, which {'do' if many else 'does'} not give"
        note = exc.evidence.note
        exc.evidence.note = Text(
            (note.fr + " ; " if note else "") + fr + " les valeurs de l'énoncé sur ce plateau : "
            "corrigez d'abord cela",
            (note.en + "; " if note else "") + en + " the page's values on this board: fix that first",
        )
    return exc


def q3_sheet(ctx: CheckContext[Representation]) -> None:
    call, result = _minmax(ctx, page_board(), 2, 0, own=True)
    try:
        check_search(call, page_board(), 2, 0, result.value)
    except Mismatch as exc:
        raise _blame_own(ctx, exc) from None


def q3_random(ctx: CheckContext[Representation]) -> None:
    def probe(case: tuple[Board, int, int]) -> None:
        call, result = _minmax(ctx, *case)
        check_search(call, *case, result.value)

    explicit = [(page_board(), 3, 0), (page_board(), 1, 1)] + ending_searches()
    ctx.for_all(draw(search_cases), probe, examples=12, explicit=explicit)
    probe_private(ctx, random_search_case, probe, count=1)


def q3_leaves(ctx: CheckContext[Representation]) -> None:
    cases = [
        (page_board(), 0, 0),
        (page_board(), 0, 1),
        (ONLY_HORIZONTAL, 2, 0),
        (ONLY_VERTICAL, 2, 1),
        (BOTH_STUCK, 1, 0),
    ]
    for v, p, joueur in cases:
        call, result = _minmax(ctx, v, p, joueur)
        check_search(call, v, p, joueur, result.value)


def q3_unchanged(ctx: CheckContext[Representation]) -> None:
    for v, p, joueur in ((page_board(), 2, 0), (page_board(), 1, 1)):
        call, result = _minmax(ctx, v, p, joueur, keep_args=True)
        if board_key(result.argument_after(2)) != v:
            raise mismatch(
                call,
                rows(v),
                result.argument_after(2),
                v,
                note=Text(
                    "minmax ne doit pas modifier v : voici v après l'appel",
                    "minmax must not change v: this is v after the call",
                ),
            )


# -- Q4 jeu, affiche -------------------------------------------------------------------
WINNER = re.compile(
    r"joueur\s*(?:n°\s*)?([01])\s*(?:a\s*)?gagn"  # the page's "Joueur 0 a gagné", "le joueur 0 gagne"
    r"|(?:gagnant|vainqueur|victoire)\b[^\n\d]{0,20}?joueur\s*(?:n°\s*)?([01])"  # "Le gagnant est le joueur 0"
    r"|player\s*([01])\s*(?:wins|won|has\s+won)",
    re.IGNORECASE,
)
"""Who `jeu` says won: the page's sentence, or the same said another way (the winner
named after "gagnant", "vainqueur", "victoire"; in English). A loser is not read."""


def _jeu(
    ctx: CheckContext[Representation], v: Board, p: int, joueur: int, own: bool = False, name: str = "v"
) -> tuple[str, list[Any], int | None]:
    """(call, boards drawn, winner printed) of the student's jeu, affiche recorded."""
    s, h = _own_or_ours(ctx, own)
    call = f"jeu(s, h, {name}, {p}, {joueur})"
    board = ctx.as_student(v)
    try:
        if own:
            result = ctx.call("@jeu_trace", s, h, board, p, joueur, shown=call, board=v, budget=SEARCH_BUDGET)
        else:
            succ, hv = page_tables(v, joueur)
            result = ctx.call(
                "@jeu_trace_tables", succ, hv, board, p, joueur, shown=call, board=v, budget=SEARCH_BUDGET
            )
    finally:
        _close_figures(ctx)  # a jeu that plots by itself piles up figures
    found = [int(match.group(match.lastindex or 0)) for match in WINNER.finditer(result.stdout)]
    return call, result.value if isinstance(result.value, list) else [], found[-1] if found else None


def _close_figures(ctx: CheckContext[Representation]) -> None:
    try:
        ctx.student.call("@close_figures")
    except StudentFailure:  # the worker died with the call: nothing left to close
        pass


def _expect_winner(call: str, v: Board, winner: int | None, allowed: frozenset[int]) -> None:
    if winner in allowed:
        return
    expected = Text(
        " ou ".join(f"Joueur {w} a gagné" for w in sorted(allowed)),
        " or ".join(f"player {w} wins" for w in sorted(allowed)),
    )
    obtained = (
        Text(f"Joueur {winner} a gagné", f"player {winner} wins")
        if winner is not None
        else Text("rien de tel", "nothing of the kind")
    )
    raise mismatch(
        call,
        expected,
        obtained,
        v,
        text=True,
        note=Text(
            "ce que jeu affiche avec print à la fin de la partie", "what jeu prints at the end of the game"
        ),
    )


def q4_sheet(ctx: CheckContext[Representation]) -> None:
    call, _, winner = _jeu(ctx, page_board(), 3, 0, own=True)
    try:
        _expect_winner(call, page_board(), winner, frozenset({0}))
    except Mismatch as exc:
        raise _blame_own(ctx, exc) from None


def _check_game(call: str, v: Board, p: int, joueur: int, drawn: list[Any]) -> None:
    """The boards drawn are the game: from v, each an optimal successor of the previous
    one, until the player to move is stuck (a board drawn twice in a row counts once)."""
    game: list[Board | None] = []
    for w in drawn:
        k = board_key(w) if w is not None else None
        if not game or k != game[-1]:
            game.append(k)
    if not game or game[0] != v:
        first = (
            Text("aucun plateau dessiné", "no board drawn")
            if not game
            else show(rows(game[0]) if game[0] else None)
        )
        raise mismatch(
            call,
            Text("v d'abord", "v first"),
            first,
            v,
            text=True,
            note=Text(
                "jeu dessine chaque position avec affiche, en commençant par v",
                "jeu draws every position with affiche, starting with v",
            ),
        )
    who = joueur
    for before, after in itertools.pairwise(game):
        if after not in optimal(before, p, who):
            raise mismatch(
                call,
                Text("un coup choisi par minmax", "a move minmax chooses"),
                show(rows(after) if after else after),
                before,
                text=True,
                note=Text(
                    f"après ce plateau (joueur {who} à jouer), le plateau dessiné ensuite "
                    f"n'est pas un successeur optimal pour minmax à la profondeur {p}",
                    f"after this board (player {who} to move), the next board drawn is not an "
                    f"optimal successor for minmax at depth {p}",
                ),
            )
        who = 1 - who
    if ref.coups(game[-1], who):
        raise mismatch(
            call,
            Text("la partie jusqu'au bout", "the game played to its end"),
            Text("la partie s'arrête ici", "the game stops here"),
            game[-1],
            text=True,
            note=Text(
                f"le dernier plateau dessiné : le joueur {who} peut encore jouer",
                f"the last board drawn: player {who} can still move",
            ),
        )


def q4_game(ctx: CheckContext[Representation]) -> None:
    def probe(case: tuple[Any, ...]) -> None:
        v, p, joueur = case
        call, drawn, winner = _jeu(ctx, v, p, joueur)
        _expect_winner(call, v, winner, possible_winners(v, p, joueur))
        if drawn:
            _check_game(call, v, p, joueur, drawn)

    ctx.for_all(
        draw(search_cases), probe, examples=6, explicit=[(page_board(), 3, 0)] + structural_game_cases()
    )
    probe_private(ctx, random_search_case, probe, count=1)


def q4_affiche(ctx: CheckContext[Representation]) -> None:
    try:
        for v in (page_board(), ONLY_VERTICAL):
            ctx.call("affiche", ctx.as_student(v), shown="affiche(v)", board=v)
    finally:
        _close_figures(ctx)


QUESTIONS = (
    Question(
        "Q3",
        "minmax",
        (("minmax",),),
        (
            Check(
                "sheet",
                1.5,
                q3_sheet,
                Text(
                    "minmax(s, h, v, 2, 0) vaut 1 sur le plateau de l'énoncé (avec vos s et h)",
                    "minmax(s, h, v, 2, 0) is 1 on the page's board (with your s and h)",
                ),
            ),
            Check(
                "random_boards",
                3.0,
                q3_random,
                Text(
                    "valeur min-max (et successeur optimal) sur des plateaux au hasard, p = 1 à 3, "
                    "avec les s et h du cours",
                    "min-max value (and an optimal successor) on random boards, p = 1 to 3, "
                    "with the page's s and h",
                ),
            ),
            Check(
                "leaves",
                1.0,
                q3_leaves,
                Text(
                    "h(v) quand p = 0 ou quand le joueur ne peut pas jouer",
                    "h(v) when p = 0 or when the player cannot move",
                ),
            ),
            Check(
                "unchanged", 0.5, q3_unchanged, Text("ne modifie pas v", "does not change v"), value_free=True
            ),
        ),
    ),
    Question(
        "Q4",
        "jeu, affiche",
        (("jeu",), ("affiche",)),
        (
            Check(
                "sheet",
                2.0,
                q4_sheet,
                Text(
                    "jeu(s, h, v, 3, 0) affiche « Joueur 0 a gagné » (avec vos s et h)",
                    "jeu(s, h, v, 3, 0) prints that player 0 won (with your s and h)",
                ),
                value_free=True,
            ),
            Check(
                "game",
                2.0,
                q4_game,
                Text(
                    "la partie jouée : coups de minmax jusqu'au blocage, bon gagnant affiché "
                    "(plateaux au hasard, s et h du cours)",
                    "the game played: minmax's moves until a player is stuck, right winner printed "
                    "(random boards, the page's s and h)",
                ),
            ),
            Check(
                "affiche",
                1.0,
                q4_affiche,
                Text("affiche(v) dessine sans erreur", "affiche(v) draws without error"),
                value_free=True,
                of="jeu",
            ),
        ),
    ),  # affiche has no value check: "game" checks the boards it draws
)
