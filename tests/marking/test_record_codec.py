"""The class record's JSON codec: every kind of result survives the round trip with its
types (a `Text` keeps its English, an enum stays an enum), and anything that does not
fit its declared type is refused rather than trusted."""

import dataclasses
import enum
import json
import math
from pathlib import Path
from typing import Any

import pytest

from grader.errors import Crash, LoopSeen, SizeUnit
from grader.marking.codec import DecodeError, decode, encode
from grader.marking.record import read_entry, write_entry
from grader.model.results import (
    CellOutcome,
    CellStatus,
    CheckOutcome,
    CheckResult,
    CheckStatus,
    Evidence,
    Failure,
    FailureKind,
    Place,
    PlaceKind,
    QuestionOutcome,
    QuestionResult,
    QuestionStatus,
    SubmissionKind,
    SubmissionOutcome,
    SubmissionResult,
    SubmissionStatus,
)
from grader.model.text import Text
from grader.sandbox.confine.isolation import Isolation


def rich_result() -> SubmissionResult:
    """A result with a value in every kind of field the reports read."""
    place = Place(PlaceKind.CELL, 4, code_cell=3, opening="def f():", source="def f():\n    1/0\n")
    loop = LoopSeen(7, "cellule 4", ("i = 0", "n = 5"))
    checks = [
        CheckResult("sheet_values", Text("valeurs", "values"), 0.5, CheckStatus.PASSED),
        CheckResult(
            "random",
            Text("au hasard", "random"),
            0.75,
            CheckStatus.FAILED,
            evidence=Evidence(
                "heuristique(jeu)",
                expected=Text("un coup parmi 1, 2", "a move among 1, 2"),
                obtained="106",
                board="| . |",
                note=Text("remarque", "note"),
            ),
        ),
        CheckResult(
            "loops",
            Text("boucle", "loop"),
            0.25,
            CheckStatus.TIMEOUT,
            failure=Failure(FailureKind.TIMEOUT, budget=5.0, loop=loop, place=place),
        ),
        CheckResult(
            "crash",
            Text("arrêt", "crash"),
            0.25,
            CheckStatus.ERROR,
            failure=Failure(FailureKind.CRASH, crash=Crash.SIGNAL, detail="SIGKILL"),
        ),
        CheckResult(
            "big",
            Text("gros", "big"),
            0.25,
            CheckStatus.ERROR,
            failure=Failure(FailureKind.TOO_LARGE, amount=10, unit=SizeUnit.VALUES),
        ),
    ]
    questions = [
        QuestionResult(
            "Q14",
            "heuristique",
            2.0,
            QuestionStatus.PARTIAL,
            checks=tuple(checks),
            notes=(("pruning_counts", {"alpha_beta": 12, "maximin": 294, "best": math.inf}),),
            aliases={"evaluer": "evaluer_alignement"},
            review=True,
        ),
        QuestionResult(
            "Q15",
            "maximin",
            2.5,
            QuestionStatus.MISSING,
            missing=("maximin",),
            suggestions={"maximin": ["maxi"]},
        ),
        QuestionResult(
            "Q16", Text("élagage", "pruning"), 0.0, QuestionStatus.MANUAL, answer_key=Text("clé", "key")
        ),
    ]
    cells = [
        CellOutcome(
            4,
            "cellule 4",
            ok=False,
            error="ZeroDivisionError",
            message="division by zero",
            line=2,
            place=place,
        ),
        CellOutcome(
            5,
            "cellule 5",
            ok=False,
            status=CellStatus.TIMEOUT,
            failure=Failure(FailureKind.TIMEOUT, budget=5.0),
        ),
        CellOutcome(6, "cellule 6", ok=False, status=CellStatus.NOT_RUN, cell_magic="bash"),
    ]
    outcome = SubmissionOutcome(
        "puissance4",
        (
            QuestionOutcome(
                "Q14",
                tuple(CheckOutcome(c.name, c.status, c.evidence, c.failure) for c in checks),
                notes=(("pruning_counts", {"alpha_beta": 12, "maximin": 294}),),
                bounds_added=("minimax",),
            ),
            QuestionOutcome("Q15", missing=("maximin",), suggestions={"maximin": ["maxi"]}),
            QuestionOutcome("Q16"),
        ),
        understood=(("numpy_board", {"dtype": "int64"}),),
        uses={"maximin": ["heuristique", "copie"]},
        aliases={"evaluer": "evaluer_alignement"},
    )
    return SubmissionResult(
        "copies/dupont/td10.ipynb",
        "puissance4",
        SubmissionStatus.GRADED,
        kind=SubmissionKind.NOTEBOOK,
        total_cells=12,
        understood=[("numpy_board", {"dtype": "int64"}), ("text", {"fr": "oui", "en": "yes"})],
        questions=questions,
        cells=cells,
        printed="Bonjour\n",
        detected_by="Lalignements, Dalignements",
        isolation=Isolation.BUBBLEWRAP,
        duration_s=1.25,
        student="dupont",
        answers={"Q16": "**Q16.** les nœuds après 5"},
        score=14.5,
        max_score=20.0,
        mark=7.25,
        scale=10.0,
        outcome=outcome,
    )


def same(a: Any, b: Any, where: str = "result") -> None:
    """Equal, and of the same types all the way down (a Text is not a str)."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, Text):
        assert (a.fr, a.en) == (b.fr, b.en), where
    elif dataclasses.is_dataclass(a):
        for field in dataclasses.fields(a):
            same(getattr(a, field.name), getattr(b, field.name), f"{where}.{field.name}")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for key in a:
            same(a[key], b[key], f"{where}[{key!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, float) and math.isnan(a):
        assert math.isnan(b), where
    else:
        assert a == b, where


def test_a_result_survives_the_round_trip_through_json_text():
    result = rich_result()
    text = json.dumps(encode(result), allow_nan=False)  # strict JSON: no Infinity
    same(decode(json.loads(text), SubmissionResult), result)


def test_texts_keep_both_languages_and_infinities_are_spelt():
    data = encode({"title": Text("élagage", "pruning"), "value": -math.inf})
    assert data == {"title": {"$text": ["élagage", "pruning"]}, "value": {"$float": "-inf"}}
    assert decode(data, dict[str, Any])["title"].en == "pruning"


@pytest.mark.parametrize(
    ("data", "hint"),
    [
        ({"id": "Q1"}, QuestionResult),  # a required field missing
        ({**encode(QuestionResult("Q1", "t", 1.0, QuestionStatus.PASSED)), "extra": 1}, QuestionResult),
        (
            {**encode(QuestionResult("Q1", "t", 1.0, QuestionStatus.PASSED)), "status": "brilliant"},
            QuestionResult,
        ),
        ({**encode(QuestionResult("Q1", "t", 1.0, QuestionStatus.PASSED)), "max_score": "2"}, QuestionResult),
        ({**encode(QuestionResult("Q1", "t", 1.0, QuestionStatus.PASSED)), "review": 1}, QuestionResult),
        ({"$text": ["only one"]}, str),
        ({"$float": "12"}, float),
        ([1, 2, 3], tuple[int, int]),
        (True, int),
        ("x", list[str]),
    ],
)
def test_what_does_not_fit_its_type_is_refused(data, hint):
    with pytest.raises(DecodeError):
        decode(data, hint)


def test_enums_and_tuples_come_back_as_declared():
    class Colour(enum.Enum):
        RED = "red"

    @dataclasses.dataclass(frozen=True)
    class Holder:
        colour: Colour
        pair: tuple[str, int]
        many: tuple[str, ...] = ()

    holder = Holder(Colour.RED, ("a", 1), ("x", "y"))
    same(decode(json.loads(json.dumps(encode(holder))), Holder), holder)


def test_what_cannot_be_recorded_is_said_at_once():
    with pytest.raises(TypeError):
        encode(object())


ENTRY_0_2 = Path(__file__).with_name("record_0_2_entry.json")
"""An entry as 0.2 wrote it (the bundled notebook graded into a class record by the
grader before one form of text): a failure's note was {"fr": …, "en": …}, no note {}."""


def test_an_entry_written_by_0_2_reads_with_its_notes_in_both_languages():
    text = ENTRY_0_2.read_text("utf-8")
    assert '"note":{}' in text and '"note":{"fr":"4 + 5' in text  # the old form, as written then
    entry = read_entry(text, SubmissionResult)
    q14 = next(q for q in entry.outcome.outcome.questions if q.id == "Q14")
    note = q14.checks[0].evidence.note
    assert note.fr.endswith("= 2 (cases du joueur 1 comptées en positif, du joueur 2 en négatif)")
    assert note.en.endswith("= 2 (player 1's cells count positively, player 2's negatively)")
    assert q14.checks[1].evidence is None
    assert q14.checks[2].name == "random_games" and q14.checks[2].evidence.note is None  # {}: no note
    # written again in today's form, it reads back the same
    again = write_entry(entry)
    assert '"note":null' in again and '"note":{"$text":["4 + 5' in again
    same(read_entry(again, SubmissionResult), entry)


def test_a_text_is_read_from_its_two_forms_only():
    assert decode({"$text": ["a", "b"]}, Text).en == "b"
    assert decode({"fr": "a", "en": "b"}, Text).en == "b"
    assert decode({}, Text | None) is None
    for wrong in ({}, {"fr": "a"}, {"fr": "a", "en": 2}, "a", ["a", "b"]):
        with pytest.raises(DecodeError):
            decode(wrong, Text)
