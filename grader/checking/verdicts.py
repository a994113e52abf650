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
from . import old_kit
from .text import both
from .values import same, show

ARGUMENT = Text("v", "v")
"""How a note names the argument a function must not change, unless told."""
MOVE = both("among_best.move")
"""How a note names the move a search returned, unless told."""
NOTHING = Text("", "")


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
    call: str,
    expected: Any,
    obtained: Any,
    board: Any = None,
    note: Text | None = None,
    *,
    text: bool = False,
    fr: str = "",
    en: str = "",
) -> Mismatch:
    """The `Mismatch` of a wrong answer, for the check to raise.

    Args:
        call: the call as the student would type it, e.g. `"prochain_joueur(jeu)"`.
        expected: the right value (shown as Python shows it), or ready text with `text`.
        obtained: the student's value, shown the same way.
        board: the position as reference data, drawn by the exercise's `draw`; None: none.
        note: a note for the student, `Text(fr, en)` (None: none).
        text: `expected` and `obtained` are ready text (a `Text` for a sentence).
        fr, en: the note as two strings, the kit before 0.3 (deprecated: `note=`).

    Returns:
        The `Mismatch`; building it raises nothing.

    Example:
        if not same(obtained, expected):
            raise mismatch("prochain_joueur(jeu)", expected, obtained, jeu,
                           note=Text("la colonne 3 est pleine", "column 3 is full"))
    """
    if fr or en:
        note = old_kit.from_pair(fr, en, "mismatch", "note")
    return Mismatch(
        Evidence(
            call=call,
            expected=expected if text else show(expected),
            obtained=obtained if text else show(obtained),
            note=old_kit.as_text(note, "mismatch", "note"),
        ),
        board,
    )


def unchanged(
    call: str,
    board: Any,
    after: Any,
    *,
    func: str,
    arg: Text = ARGUMENT,
    why: Text | None = None,
    equal: Callable[[Any, Any], bool] | None = None,
    expected: Any = None,
) -> None:
    """Judge "the function does not change its argument".

    Args:
        call: the call as shown, e.g. `"coups_possibles(v, 0)"`.
        board: the argument as it was given (reference data).
        after: the argument as the call left it (`CallResult.args_after`).
        func: the function's name, for the note.
        arg: how the note names the argument (`Text("le jeu", "the game")`; default v).
        why: added to the note after the argument (`Text(" (copier le plateau ...)", ...)`).
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
    named = old_kit.as_text(arg, "unchanged", "arg") or ARGUMENT
    added = old_kit.as_text(why, "unchanged", "why") or NOTHING
    raise mismatch(
        call,
        board if expected is None else expected,
        after,
        board,
        note=both("value_check.unchanged", func=func, arg=named, why=added),
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
    noun: Text = MOVE,
    note: Text | None = None,
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
        noun: how the note names the move (`Text("la colonne", "column")`).
        note: a note replacing "the value is right but move m does not reach it".
        fr, en: that note as two strings, the kit before 0.3 (deprecated: `note=`).

    Raises:
        Mismatch: `move` is not among `best` and not `accepted`.

    Example:
        among_best(call, move, good, v, among=a_move_among, key=as_cell,
                   accepted=lost and move is None)
    """
    if (key(move) if key is not None else move) in best or accepted:
        return
    if fr or en:
        note = old_kit.from_pair(fr, en, "among_best", "note")
    shown = show(move)
    named = old_kit.as_text(noun, "among_best", "noun") or MOVE
    raise mismatch(
        call,
        among(best),
        shown,
        board,
        text=True,
        note=old_kit.as_text(note, "among_best", "note")
        or both("among_best.not_reached", noun=named, move=shown),
    )
