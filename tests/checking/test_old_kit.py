"""A TD written with the 0.2 kit (a sentence as `fr=`/`en=`, a `Check`'s two last
positional strings, `(fr, en)` tuples) still grades as the same TD written with one
`Text`, for one version, and each old form says it is deprecated, naming the new one at
the TD's own line (`grader.checking.old_kit`). Inside the grader nothing uses them."""

from __future__ import annotations

import dataclasses
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from fake_session import FakeSession

from grader.checking.context import CheckContext
from grader.checking.grading import grade_exercise
from grader.checking.running import run_check
from grader.checking.view import StudentView
from grader.kit import (
    SAME_SET,
    Check,
    Comparison,
    Mismatch,
    Text,
    among_best,
    arguments_check,
    mismatch,
    unchanged,
    value_check,
)
from grader.marking.codec import encode
from grader.model.results import CheckStatus
from grader.render.feedback import question_feedback

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
COURSE = ROOT / "tests" / "course_td"


def coups(n):
    return [k for k in (1, 2, 3) if k <= n]


def total(v):
    return sum(v)


@pytest.fixture
def both_tds(monkeypatch: pytest.MonkeyPatch):
    """The course's TD as it is (`tests/course_td`, one `Text` a sentence) and as a course
    wrote it with the 0.2 kit (`kit_0_2/allumettes_0_2.py`)."""
    monkeypatch.syspath_prepend(str(COURSE))
    monkeypatch.syspath_prepend(str(HERE / "kit_0_2"))
    with pytest.warns(DeprecationWarning) as said:
        old = importlib.import_module("allumettes_0_2").EXERCISE
    yield importlib.import_module("allumettes_td").EXERCISE, old, said
    for name in [n for n in sys.modules if n.split(".")[0] in ("allumettes_td", "allumettes_0_2")]:
        del sys.modules[name]


def graded(exercise: Any) -> Any:
    session = FakeSession((COURSE / "eleve_allumettes.py").read_text("utf-8"), "eleve_allumettes")
    questions = grade_exercise(exercise, StudentView(session, session.names(), None)).questions
    return [dataclasses.replace(q, seconds=0.0) for q in questions]  # all but the time it took


def test_a_td_written_with_the_0_2_kit_grades_the_same_and_says_the_new_form(both_tds):
    new, old, said = both_tds
    # Check(name, points, run, fr, en): one warning per check, at the TD's line
    assert len(said) == 3
    for warning in said:
        assert "write says=Text(fr, en)" in str(warning.message)
        assert warning.filename.endswith("allumettes_0_2.py")
    with pytest.warns(DeprecationWarning, match=re.escape("write note=Text(fr, en)")) as when_graded:
        old_questions = graded(old)
    assert {w.filename for w in when_graded} == {str(HERE / "kit_0_2" / "allumettes_0_2.py")}
    new_questions = graded(new)
    # the same results, to each language of each sentence (a record keeps both)
    assert encode(old_questions) == encode(new_questions)
    for lang in ("fr", "en"):
        assert [question_feedback(q, lang) for q in old_questions] == [
            question_feedback(q, lang) for q in new_questions
        ]
    (q3,) = [q for q in new_questions if q.id == "Q3"]
    assert q3.checks[0].status is CheckStatus.FAILED  # the student's bug: the sentences were shown
    assert "Remarque : le coup doit laisser l'adversaire perdant" in question_feedback(q3, "fr")
    assert "Note: the move must leave the opponent losing" in question_feedback(q3, "en")


def raised(exc: Exception) -> None:
    raise exc


def evidence_of(raising: Any) -> tuple[str, ...]:
    with pytest.raises(Mismatch) as caught:
        raising()
    evidence = caught.value.evidence
    note = evidence.note
    return (evidence.call, str(evidence.expected), str(evidence.obtained), note.fr, note.en)


def test_mismatch_unchanged_and_among_best_say_the_same_in_either_form():
    new = evidence_of(lambda: raised(mismatch("f(1)", 2, 3, note=Text("a", "b"))))
    with pytest.warns(DeprecationWarning, match=r"mismatch: fr=/en= .* write note=Text\(fr, en\)"):
        old = evidence_of(lambda: raised(mismatch("f(1)", 2, 3, fr="a", en="b")))
    assert old == new == ("f(1)", "2", "3", "a", "b")

    def changed(**how: Any) -> None:
        unchanged("g(v)", [1], [2], func="g", **how)

    new = evidence_of(lambda: changed(arg=Text("le jeu", "the game"), why=Text(" (copier)", " (copy)")))
    with pytest.warns(DeprecationWarning, match=r"write (arg|why)=Text\(fr, en\)"):
        old = evidence_of(lambda: changed(arg=("le jeu", "the game"), why=(" (copier)", " (copy)")))
    assert old == new
    assert new[3:] == (
        "g ne doit pas modifier le jeu (copier) : voici le jeu après l'appel",
        "g must not change the game (copy): this is the game after the call",
    )

    def far(**how: Any) -> None:
        among_best("h(v)", 3, [1], None, among=lambda best: Text("parmi", "among"), **how)

    new = evidence_of(lambda: far(noun=Text("la colonne", "column")))
    with pytest.warns(DeprecationWarning, match=re.escape("write noun=Text(fr, en)")):
        old = evidence_of(lambda: far(noun=("la colonne", "column")))
    assert old == new
    assert new[3:] == (
        "la valeur est juste mais la colonne 3 n'y mène pas",
        "the value is right but column 3 does not reach it",
    )
    with pytest.warns(DeprecationWarning, match=re.escape("write note=Text(fr, en)")):
        old = evidence_of(lambda: far(fr="non", en="no"))
    assert old == evidence_of(lambda: far(note=Text("non", "no")))


def outcome(check: Check, student: str) -> tuple[Any, ...]:
    session = FakeSession(student, "copie")
    done = run_check(check, CheckContext(StudentView(session, session.names(), None), None))  # type: ignore[arg-type]
    note = done.evidence.note
    return (check.says.fr, check.says.en, done.status, done.evidence.call, note.fr, note.en)


WRONG_COUPS = "def coups(n):\n    return [1]\n"
CHANGES_V = "def total(v):\n    v.append(0)\n    return sum(v)\n"
PAIR = Comparison("pair", lambda e, o, args: False, Text("un couple", "a pair"))


def test_value_and_arguments_checks_and_comparisons_say_the_same_in_either_form():
    new = value_check("c", 1, [(2,)], reference=coups, note=Text("n", "n-en"), says=Text("s", "s-en"))
    with pytest.warns(DeprecationWarning) as said:
        old = value_check("c", 1, [(2,)], reference=coups, note=("n", "n-en"), fr="s", en="s-en")
    assert {str(w.message).split(": write ")[-1] for w in said} == {"note=Text(fr, en)", "says=Text(fr, en)"}
    assert {w.filename for w in said} == {__file__}
    assert outcome(old, WRONG_COUPS) == outcome(new, WRONG_COUPS) == (
        "s", "s-en", CheckStatus.FAILED, "coups(2)", "n", "n-en"
    )  # fmt: skip

    by_call = value_check("c", 1, [(2,)], reference=coups, note=lambda args: Text(f"{args}", f"{args} en"))
    old_call = value_check("c", 1, [(2,)], reference=coups, note=lambda args: (f"{args}", f"{args} en"))
    with pytest.warns(DeprecationWarning, match=re.escape("write note=Text(fr, en)")):
        assert outcome(old_call, WRONG_COUPS) == outcome(by_call, WRONG_COUPS)

    new = arguments_check("u", 1, [([1],)], reference=total, why=Text(" (copier)", " (copy)"))
    with pytest.warns(DeprecationWarning, match=re.escape("write why=Text(fr, en)")):
        old = arguments_check("u", 1, [([1],)], reference=total, why=(" (copier)", " (copy)"))
    assert outcome(old, CHANGES_V) == outcome(new, CHANGES_V)
    assert outcome(new, CHANGES_V)[4:] == (
        "total ne doit pas modifier v (copier) : voici v après l'appel",
        "total must not change v (copy): this is v after the call",
    )

    with pytest.warns(DeprecationWarning, match=re.escape("write says=Text(fr, en)")):
        old_pair = Comparison("pair", lambda e, o, args: False, fr="un couple", en="a pair")
    assert (old_pair.says.fr, old_pair.says.en) == (PAIR.says.fr, PAIR.says.en)
    new = value_check("p", 1, [(2,)], reference=coups, compare=PAIR)
    old = value_check("p", 1, [(2,)], reference=coups, compare=old_pair)
    assert outcome(old, WRONG_COUPS) == outcome(new, WRONG_COUPS)
    assert outcome(new, WRONG_COUPS)[4:] == ("un couple", "a pair")
    assert SAME_SET.says is not None and SAME_SET.says.en == "in any order, each once"


def test_a_sentence_in_one_language_or_a_plain_string_is_refused():
    with pytest.raises(TypeError, match=re.escape("Text(fr, en)")):
        Check("c", 1, lambda ctx: None, "seulement en français")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=re.escape("Text(fr, en)")):
        mismatch("f(1)", 2, 3, note="seulement en français")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="French and in English"):
        value_check("x", 1, [(1,)], reference=coups, fr="seulement en français")
    with pytest.raises(ValueError, match="French and in English"):
        Comparison("x", lambda e, o, args: True, fr="seulement en français")


OLD_FORM = re.compile(r"\b(fr|en)=|\b(note|why|arg|noun)=\(\"")
"""`fr=`/`en=` as a keyword, or a `(fr, en)` tuple given as a sentence."""
READERS = {"grader/checking/old_kit.py", "grader/checking/declare.py", "grader/checking/reference_checks.py"}
"""Where the old forms are read (the kit's deprecated keywords), and said deprecated."""


def test_nothing_in_the_grader_or_its_tds_writes_a_sentence_the_old_way():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for folder in ("grader", "exercises")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.relative_to(ROOT).as_posix() not in READERS
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if OLD_FORM.search(line)
    ]
    assert found == []
    assert OLD_FORM.search('mismatch(call, e, o, fr="a", en="b")')  # the pattern finds the old form
    assert OLD_FORM.search("""unchanged(call, v, w, func="f", why=(" (copier)", " (copy)"))""")
