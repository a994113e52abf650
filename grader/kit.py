"""Everything an exercise package uses from the engine, in one place.

An exercise states only what is peculiar to its sheet: its questions and checks, its
positions, how a board reaches the student (`Exercise.to_student`) and how it is
drawn (`Exercise.draw`). The glue lives here:

- declaring: `Exercise`, `Question`, `Check`; `Signature`, how a TD is recognised
  without importing it (`grader.registry`);
- calling the student: `CheckContext` (`ctx.call`, `ctx.value`, `ctx.as_student`,
  `ctx.ask` / `ctx.each` / `for_all(..., calls=)` to send a probe's calls ahead in one
  stream, `ctx.for_all` on the examples of a `draw(factory, *args)`: a strategy factory,
  called only when Hypothesis is needed, its draw seeded by the check's name or its
  `seed=`; see `grader.checking.sampling`), `StudentView` (what `prepare` sees),
  `CallResult`;
- measuring an example for the ladders a failure is shrunk on (`Exercise.example_size`):
  `first_board`, `marked`;
- saying a check failed: `mismatch(call, expected, obtained, board)` (the board as
  reference data, drawn by the exercise), `unchanged(...)` for "does not change its
  argument", `among_best(...)` for "the value is right but the move does not reach
  it"; `Text(fr, en)` for any sentence a student reads (an expected "a move among ...",
  a question's title), so that `--lang en` shows no French;
- comparing and showing values as the grading contract says: `same`, `show`,
  `as_cell`, `as_pair`, `is_number`;
- what a call into student code can raise: `StudentFailure` and its kinds, `CallFailed`;
- values sent to the worker: `ArrayValue` (a numpy array), `Ref` (a function there).

Exercises import from this module only, never from the engine's other modules.
"""

from __future__ import annotations

from .checking.context import CheckContext, State
from .checking.declare import Check, Exercise, Question, Registry
from .checking.draws import Draw, draw, first_board, marked
from .checking.draws import decode as from_json
from .checking.draws import encode as as_json
from .checking.private_draws import probe_private as probe_private
from .checking.reference_cache import fresh, once_per_process
from .checking.values import as_cell, as_pair, is_number, same, show
from .checking.verdicts import CallFailed, Mismatch, among_best, mismatch, unchanged
from .checking.view import StudentView
from .errors import CallTimeout, StudentCodeError, StudentFailure, ValueTooLarge
from .model.results import Evidence, Text
from .reading.recognise import Signature
from .sandbox.manage.calls import Call, CallResult
from .sandbox.worker.wire import ArrayValue, Ref

__all__ = [
    "ArrayValue",
    "Call",
    "CallFailed",
    "CallResult",
    "CallTimeout",
    "Check",
    "CheckContext",
    "Draw",
    "Evidence",
    "Exercise",
    "Mismatch",
    "Question",
    "Ref",
    "Registry",
    "Signature",
    "State",
    "StudentCodeError",
    "StudentFailure",
    "StudentView",
    "Text",
    "ValueTooLarge",
    "among_best",
    "as_cell",
    "as_json",
    "as_pair",
    "draw",
    "first_board",
    "fresh",
    "from_json",
    "is_number",
    "marked",
    "mismatch",
    "once_per_process",
    "same",
    "show",
    "unchanged",
]
