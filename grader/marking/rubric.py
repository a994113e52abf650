"""The rubric of a question graded by hand: `[grille.Q16]` in the barème file (pure).

    [grille.Q16]
    horizon3 = { intitule = "horizon 3 juste", points = 1, commentaire = "…" }
    schema = { intitule = "schéma incomplet", points = -0.5 }

Each item has a key (what the manual table stores, in its `grille` column), a short
label, points (negative for a deduction) and an optional comment for the student. A
student's points on the question are a number typed in the table if there is one, else
the sum of the items they got, kept between 0 and the question's points. The items'
words and points are read from the barème when the copy is scored, never copied into
the table: changing an item in the file re-scores and re-words every student who got it
(docs/reference/bareme.md, "Rubric").
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .refusal import Refusal
from .text import RUBRIC_ERROR

TABLE = "grille"
MAX_ITEMS = 26
"""One letter of the keyboard each (`a` to `z`, in the file's order)."""
MAX_LABEL = 80
KEY = re.compile(r"[A-Za-z0-9_-]{1,30}")
FIELDS = {"intitule": "label", "intitulé": "label", "points": "points", "commentaire": "comment"}
"""The fields of an item as the teacher writes them (`intitulé` needs quotes in TOML)."""
SEPARATORS = re.compile(r"[+,]")
JOINER = " + "


@dataclass(frozen=True)
class RubricItem:
    """One item of a question's rubric, as the barème file says it."""

    key: str
    """What the manual table stores (a TOML bare key: letters, digits, `_`, `-`)."""
    label: str
    points: float
    """Added to the question's points when the item applies (negative: a deduction)."""
    comment: str = ""
    """For the student, beside the label."""


class RubricError(Refusal):
    """A `[grille]` table the grader refuses: which question, item and field (what the
    barème reader finds the line of), why and the values the sentence names."""

    words = RUBRIC_ERROR

    def __init__(self, reason: str, question: str, item: str = "", field: str = "", **values: Any):
        super().__init__(reason, question=question, item=item, **values)
        self.question = question
        self.item = item
        self.field = field


@dataclass(frozen=True)
class Target:
    """What the rubric of a question needs to know of it: its points, and whether it is
    graded by hand."""

    points: float
    manual: bool


def parse_rubrics(
    table: Any, questions: Mapping[str, Target]
) -> tuple[tuple[str, tuple[RubricItem, ...]], ...]:
    """The `[grille]` table of a barème as (question id, its items), in the file's order.

    Raises:
        RubricError: not a table, a question unknown or not graded by hand, worth no
            point, an item without a label, with an unknown field, points not a number,
            too many items.
    """
    if not isinstance(table, dict):
        raise RubricError("not_a_table", "")
    rubrics = []
    for qid, items in table.items():
        if qid not in questions:
            raise RubricError("unknown_question", qid, known=", ".join(questions))
        if not questions[qid].manual:
            manual = ", ".join(q for q, target in questions.items() if target.manual) or "—"
            raise RubricError("not_manual", qid, manual=manual)
        if not questions[qid].points:
            raise RubricError("no_points", qid)
        if not isinstance(items, dict) or not items:
            raise RubricError("no_items", qid)
        if len(items) > MAX_ITEMS:
            raise RubricError("too_many", qid, count=len(items), most=MAX_ITEMS)
        rubrics.append((qid, tuple(_item(qid, key, value) for key, value in items.items())))
    return tuple(rubrics)


def _item(qid: str, key: str, value: Any) -> RubricItem:
    if not KEY.fullmatch(key):
        raise RubricError("bad_key", qid, key)
    if not isinstance(value, dict):
        raise RubricError("not_an_item", qid, key)
    fields: dict[str, Any] = {}
    for name, field_value in value.items():
        if name not in FIELDS:
            raise RubricError(
                "unknown_field", qid, key, name, name=name, fields="intitule, points, commentaire"
            )
        fields[FIELDS[name]] = field_value
    label = fields.get("label")
    if not isinstance(label, str) or not label.strip():
        raise RubricError("no_label", qid, key, "intitule")
    if len(label.strip()) > MAX_LABEL:
        raise RubricError("long_label", qid, key, "intitule", most=MAX_LABEL)
    points = fields.get("points")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not math.isfinite(points):
        raise RubricError("not_a_number", qid, key, "points", value=points)
    comment = fields.get("comment", "")
    if not isinstance(comment, str):
        raise RubricError("not_text", qid, key, "commentaire")
    return RubricItem(key, label.strip(), float(points), comment.strip())


def parse_items(text: str) -> tuple[str, ...]:
    """The item keys of a manual table's `grille` cell (`horizon3 + schema`; `,` also
    separates), in order, each once."""
    return tuple(dict.fromkeys(part.strip() for part in SEPARATORS.split(text) if part.strip()))


def items_text(keys: Iterable[str]) -> str:
    """The `grille` cell for `keys`: `horizon3 + schema`."""
    return JOINER.join(keys)


def unknown_items(keys: Iterable[str], rubric: Sequence[RubricItem]) -> list[str]:
    known = {item.key for item in rubric}
    return [key for key in keys if key not in known]


def applied(keys: Iterable[str], rubric: Sequence[RubricItem]) -> list[RubricItem]:
    """The items of `rubric` that `keys` name, in the rubric's order."""
    wanted = set(keys)
    return [item for item in rubric if item.key in wanted]


def rubric_points(keys: Iterable[str], rubric: Sequence[RubricItem], most: float) -> float:
    """The points the items `keys` give, kept between 0 and the question's `most`."""
    total = sum(item.points for item in applied(keys, rubric))
    return min(max(round(total, 6), 0.0), most)
