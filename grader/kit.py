"""Everything an exercise package uses from the engine, in one place.

An exercise states only what is peculiar to its sheet: its questions and checks, its
positions, how a board reaches the student (`Exercise.to_student`) and how it is
drawn (`Exercise.draw`). The glue lives here:

- declaring: `Exercise`, `Question`, `Check`; `Signature`, how a TD is recognised
  without importing it (`grader.registry`);
- a value question in one declaration: `value_check` (the student's function and the
  reference's on the same calls, listed or drawn, compared by a `Comparison`: `EQUAL`,
  `NUMBER`, `SAME_SET`, `within`, `item`, `all_of`, `best_move`), `arguments_check`
  (the arguments after the call, as the reference leaves them), `question` (a
  question of reference functions and their checks); their runs are `SameAsReference`
  (see `grader.checking.reference_checks`, and docs/reference/kit.md);
- calling the student: `CheckContext` (`ctx.call`, `ctx.value`, `ctx.as_student`,
  `ctx.ask` / `ctx.each` / `for_all(..., calls=)` to send a probe's calls ahead in one
  stream, `ctx.for_all` on the examples of a `draw(factory, *args)`: a strategy factory,
  called only when Hypothesis is needed, its draw seeded by the check's name or its
  `seed=`; see `grader.checking.sampling`), `StudentView` (what `prepare` sees),
  `CallResult`;
- measuring an example for the ladders a failure is shrunk on (`Exercise.example_size`):
  `first_board`, `marked`;
- saying a check failed: `mismatch(call, expected, obtained, board, note=Text(fr, en))`
  (the board as reference data, drawn by the exercise), `unchanged(...)` for "does
  not change its argument", `among_best(...)` for "the value is right but the move
  does not reach it"; `Text(fr, en)` for any sentence a student reads, given as one
  value (what a check says, a note, an expected "a move among ...", a question's
  title), so that `--lang en` shows no French;
- comparing and showing values as the grading contract says: `same`, `show`,
  `as_cell`, `as_pair`, `is_number`;
- what a call into student code can raise: `StudentFailure` and its kinds, `CallFailed`;
- values sent to the worker: `ArrayValue` (a numpy array), `Ref` (a function there).

Exercises import from this module only, never from the engine's other modules.
"""

from __future__ import annotations

from .checking.comparisons import EQUAL, NUMBER, SAME_SET, Comparison, all_of, best_move, item, within
from .checking.context import CheckContext, State
from .checking.declare import Check, Exercise, Note, Question, Registry, note
from .checking.draws import Draw, draw, first_board, marked
from .checking.draws import decode as from_json
from .checking.draws import encode as as_json
from .checking.private_draws import probe_private
from .checking.reference_cache import fresh, once_per_process
from .checking.reference_checks import SameAsReference, arguments_check, question, value_check
from .checking.values import as_cell, as_pair, is_number, same, show
from .checking.verdicts import CallFailed, Mismatch, among_best, mismatch, unchanged
from .checking.view import StudentView
from .errors import CallTimeout, StudentCodeError, StudentFailure, ValueTooLarge
from .model.results import Evidence
from .model.text import Text
from .reading.recognise import Signature
from .sandbox.manage.calls import Call, CallResult
from .sandbox.worker.wire import ArrayValue, Ref

__all__ = [
    "EQUAL",
    "NUMBER",
    "SAME_SET",
    "ArrayValue",
    "Call",
    "CallFailed",
    "CallResult",
    "CallTimeout",
    "Check",
    "CheckContext",
    "Comparison",
    "Draw",
    "Evidence",
    "Exercise",
    "Mismatch",
    "Note",
    "Question",
    "Ref",
    "Registry",
    "SameAsReference",
    "Signature",
    "State",
    "StudentCodeError",
    "StudentFailure",
    "StudentView",
    "Text",
    "ValueTooLarge",
    "all_of",
    "among_best",
    "arguments_check",
    "as_cell",
    "as_json",
    "as_pair",
    "best_move",
    "draw",
    "first_board",
    "fresh",
    "from_json",
    "is_number",
    "item",
    "marked",
    "mismatch",
    "note",
    "once_per_process",
    "probe_private",
    "question",
    "same",
    "show",
    "unchanged",
    "value_check",
    "within",
]
