"""The code every copy of an exercise may share, as the registry declares it: the code
its sheet gives the students (`Exercise.given_code`) and its reference solution
(`Exercise.reference`), as module texts. Read, never run; a TD that declares neither
(a course's own may not) is still compared: the class-majority rule discounts what most
copies share."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..checking.declare import Exercise, Registry
from ..checking.view import module_source

log = logging.getLogger(__name__)


def shared_code(exercise: Exercise[Any]) -> list[str]:
    """The sheet's given code and the reference solution of `exercise` (each a module's
    text), those it declares and that can be read."""
    texts = []
    given = exercise.given_code
    if isinstance(given, Path):
        try:
            given = given.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            log.warning("the sheet's code of %s could not be read: %s", exercise.id, exc)
            given = ""
    texts.append(given)
    if exercise.reference is not None:
        try:
            texts.append(module_source(exercise.reference))
        except (OSError, ImportError, TypeError) as exc:  # no source: a compiled module, a zip
            log.warning("the reference of %s could not be read: %s", exercise.id, exc)
    return [text for text in texts if text]


def shared_by(exercises: Registry) -> Callable[[str], list[str]]:
    """`shared_code` by exercise id (the `shared` of `compare`): none for an id
    `exercises` does not know."""

    def shared(exercise_id: str) -> list[str]:
        return shared_code(exercises[exercise_id]) if exercise_id in exercises else []

    return shared
