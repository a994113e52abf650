"""What a check raises: a wrong answer (`Mismatch`) or a call that gave no value (`CallFailed`).

A check passes by returning. It fails by raising a `Mismatch` built with `mismatch` (or
`unchanged`, `among_best` for the judgements several sheets share), which carries what
the student reads: the call, the expected and the obtained value, the board. The running
of the checks (`grader.checking.running`) turns what a check raises into its outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from ..errors import StudentFailure
from ..model.results import Evidence
from ..model.text import Text
from .values import same, show


class Mismatch(Exception):
    """Raised by a check: the student's answer is wrong; carries what to show.

    `board` is the position as reference data; the check's context draws it with the
    exercise's `draw` when the outcome is recorded, so checks never draw by hand.
    """

    def __init__(self, evidence: Evidence, board: Any = None):
        super().__init__(evidence.call)
        self.evidence = evidence
        self.board = board


class CallFailed(Exception):
    """A call into student code raised, timed out or crashed; carries the call."""

    def __init__(self, evidence: Evidence, failure: StudentFailure):
        super().__init__(str(failure))
        self.evidence = evidence
        self.failure = failure


def mismatch(
    call: str, expected: Any, obtained: Any, board: Any = None, fr: str = "", en: str = "", text: bool = False
) -> Mismatch:
    """The `Mismatch` of a wrong answer, for the check to raise.

    Args:
        call: the call as the student would type it, e.g. `"prochain_joueur(jeu)"`.
        expected: the right value (shown as Python shows it), or ready text with `text`.
        obtained: the student's value, shown the same way.
        board: the position as reference data, drawn by the exercise's `draw`; None: none.
        fr: a note for the student, in French ("" for none).
        en: the same note in English.
        text: `expected` and `obtained` are ready text (a `Text` for a sentence).

    Returns:
        The `Mismatch`; building it raises nothing.

    Example:
        if not same(obtained, expected):
            raise mismatch("prochain_joueur(jeu)", expected, obtained, jeu)
    """
    return Mismatch(
        Evidence(
            call=call,
            expected=expected if text else show(expected),
            obtained=obtained if text else show(obtained),
            note={"fr": fr, "en": en} if fr else {},
        ),
        board,
    )


def unchanged(
    call: str,
    board: Any,
    after: Any,
    *,
    func: str,
    arg: tuple[str, str] = ("v", "v"),
    why: tuple[str, str] = ("", ""),
    equal: Callable[[Any, Any], bool] | None = None,
    expected: Any = None,
) -> None:
    """Judge "the function does not change its argument".

    Args:
        call: the call as shown, e.g. `"coups_possibles(v, 0)"`.
        board: the argument as it was given (reference data).
        after: the argument as the call left it (`CallResult.args_after`).
        func: the function's name, for the note.
        arg: how the note names the argument, in French and English (`("le jeu", "the game")`).
        why: added to the note, in French and English (`(" (copier le plateau ...)", ...)`).
        equal: how to compare `after` with `board` (default `same`).
        expected: what to show as expected when it is not `board` itself.

    Raises:
        Mismatch: `after` differs from `board`; the note says the argument was changed.

    Example:
        result = ctx.call("coups_possibles", ctx.as_student(v), 0, keep_args=True)
        unchanged("coups_possibles(v, 0)", v, result.args_after[0], func="coups_possibles")
    """
    if (equal or same)(after, board):
        return
    (arg_fr, arg_en), (why_fr, why_en) = arg, why
    raise mismatch(
        call,
        board if expected is None else expected,
        after,
        board,
        fr=f"{func} ne doit pas modifier {arg_fr}{why_fr} : voici {arg_fr} après l'appel",
        en=f"{func} must not change {arg_en}{why_en}: this is {arg_en} after the call",
    )


def among_best(
    call: str,
    move: Any,
    best: Collection[Any],
    board: Any,
    *,
    among: Callable[[Collection[Any]], Text],
    key: Callable[[Any], Any] | None = None,
    accepted: bool = False,
    noun: tuple[str, str] = ("le coup", "move"),
    fr: str = "",
    en: str = "",
) -> None:
    """Judge the move a search returned beside a right value: it must reach that value.

    Args:
        call: the call as shown, e.g. `"minmax(v, 0, 2, h1)"`.
        move: the move (or successor) the search returned, shown as Python shows it.
        best: the moves that reach the value (compared with `key(move)`).
        board: the position as reference data, drawn by the exercise.
        among: what to show as expected, from `best`, e.g. `Text("un coup parmi ...", ...)`
            (only built when the move is wrong).
        key: how `move` is compared with `best` (default: as it is), e.g. `as_cell`.
        accepted: another answer the sheet allows (e.g. no move on a lost position).
        noun: how the note names the move, in French and English (`("la colonne", "column")`).
        fr: a note replacing "the value is right but move m does not reach it", in French.
        en: the same note in English.

    Raises:
        Mismatch: `move` is not among `best` and not `accepted`.

    Example:
        among_best(call, move, good, v, among=a_move_among, key=as_cell,
                   accepted=lost and move is None)
    """
    if (key(move) if key is not None else move) in best or accepted:
        return
    shown = show(move)
    noun_fr, noun_en = noun
    raise mismatch(
        call,
        among(best),
        shown,
        board,
        text=True,
        fr=fr or f"la valeur est juste mais {noun_fr} {shown} n'y mène pas",
        en=en or f"the value is right but {noun_en} {shown} does not reach it",
    )
