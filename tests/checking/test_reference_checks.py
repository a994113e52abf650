"""Checks derived from the reference (`value_check`, `arguments_check`, `question`), run
in process against small students (the fast tier's `FakeSession`). Each verdict below
was reasoned from the student's code before the first run."""

from __future__ import annotations

from typing import Any

import pytest
from fake_session import FakeSession

from grader.checking.context import CheckContext
from grader.checking.running import run_check
from grader.checking.view import StudentView
from grader.kit import (
    EQUAL,
    NUMBER,
    SAME_SET,
    Check,
    SameAsReference,
    arguments_check,
    best_move,
    item,
    question,
    value_check,
    within,
)
from grader.model.results import CheckOutcome, CheckStatus


# -- the reference of these tests ------------------------------------------------------------
def coups(n):
    return [k for k in (1, 2, 3) if k <= n]


def total(v):
    return sum(v)


def ajoute(v, k):
    v.append(k)


def racine(x):
    if x < 0:
        raise ValueError("x < 0")
    return x**0.5


def valeur(n, joueur):  # the matches game, whoever takes the last one loses
    if n == 0:
        return 1 if joueur == 1 else -1
    values = [valeur(n - k, 3 - joueur) for k in coups(n)]
    return max(values) if joueur == 1 else min(values)


def meilleur_coup(n, joueur):
    if n == 0:
        return None
    best = valeur(n, joueur)
    return next(k for k in coups(n) if valeur(n - k, 3 - joueur) == best)


BEST = best_move(lambda n, j: coups(n), lambda n, j, k: valeur(n - k, 3 - j))


def run(check: Check, student: str, **context: Any) -> tuple[CheckOutcome, FakeSession]:
    session = FakeSession(student, "copie")
    ctx: CheckContext[Any] = CheckContext(StudentView(session, session.names(), None), None, **context)  # type: ignore[arg-type]
    return run_check(check, ctx), session


# -- values ---------------------------------------------------------------------------------
def test_the_same_set_in_another_order_passes_and_a_duplicate_fails():
    check = value_check("all", 2, [(n,) for n in range(6)], reference=coups, compare=SAME_SET)
    passed, _ = run(
        check, "def coups(n):\n    return sorted((k for k in (1, 2, 3) if k <= n), reverse=True)\n"
    )
    assert passed.status is CheckStatus.PASSED
    failed, _ = run(check, "def coups(n):\n    return [1] + [k for k in (1, 2, 3) if k <= n]\n")
    assert failed.status is CheckStatus.FAILED
    # n = 0: [1] against []: the first call listed, so the one shown
    assert (failed.evidence.call, failed.evidence.expected, failed.evidence.obtained) == (
        "coups(0)",
        "[]",
        "[1]",
    )
    assert failed.evidence.note.fr == "dans n'importe quel ordre, chacun une fois"
    assert failed.evidence.note.en == "in any order, each once"


def test_equal_compares_values_not_spellings_and_number_refuses_a_bool():
    check = value_check("v", 1, [(2,)], reference=total, arguments=None)
    outcome, _ = run(value_check("v", 1, [([1, 2],)], reference=total), "def total(v):\n    return 3.0\n")
    assert outcome.status is CheckStatus.PASSED  # 3.0 == 3
    number = value_check("n", 1, [([0, 1],)], reference=total, compare=NUMBER)
    outcome, _ = run(number, "def total(v):\n    return True\n")
    assert outcome.status is CheckStatus.FAILED  # True is 1 for EQUAL, not a number
    assert (
        run(
            value_check("n", 1, [([0, 1],)], reference=total, compare=EQUAL),
            "def total(v):\n    return True\n",
        )[0].status
        is CheckStatus.PASSED
    )
    assert check.run.arguments is None  # type: ignore[attr-defined]


def test_a_changed_argument_is_caught_unless_the_check_leaves_arguments_out():
    student = "def total(v):\n    s = sum(v)\n    v.clear()\n    return s\n"
    outcome, _ = run(value_check("v", 1, [([1, 2, 3],)], reference=total), student)
    assert outcome.status is CheckStatus.FAILED
    assert (outcome.evidence.expected, outcome.evidence.obtained) == ("[1, 2, 3]", "[]")
    assert outcome.evidence.note.fr == "total ne doit pas modifier v : voici v après l'appel"
    assert outcome.evidence.note.en == "total must not change v: this is v after the call"
    left_out, _ = run(value_check("v", 1, [([1, 2, 3],)], reference=total, arguments=None), student)
    assert left_out.status is CheckStatus.PASSED


def test_the_argument_after_the_call_is_the_one_the_reference_leaves():
    check = arguments_check("in_place", 1, [([1], 2), ([], 3)], reference=ajoute)
    assert run(check, "def ajoute(v, k):\n    v.append(k)\n")[0].status is CheckStatus.PASSED
    outcome, _ = run(check, "def ajoute(v, k):\n    return v + [k]\n")  # a new list: v unchanged
    assert outcome.status is CheckStatus.FAILED
    assert (outcome.evidence.call, outcome.evidence.expected, outcome.evidence.obtained) == (
        "ajoute([1], 2)",
        "[1, 2]",
        "[1]",
    )
    assert outcome.evidence.note.fr == "après l'appel, v doit être tel que le laisse la correction"
    # arguments_check judges no value: the value returned is free
    assert run(check, "def ajoute(v, k):\n    v.append(k)\n    return 'ok'\n")[0].status is CheckStatus.PASSED


def test_a_reference_that_raises_asks_for_the_same_exception():
    check = value_check("neg", 1, [(-1.0,), (4.0,)], reference=racine)
    right = "def racine(x):\n    if x < 0:\n        raise ValueError('négatif')\n    return x ** 0.5\n"
    assert run(check, right)[0].status is CheckStatus.PASSED
    outcome, _ = run(check, "def racine(x):\n    return abs(x) ** 0.5\n")
    assert outcome.status is CheckStatus.FAILED
    assert (outcome.evidence.expected, outcome.evidence.obtained) == ("une exception ValueError", "1.0")
    assert outcome.evidence.expected.en == "an exception ValueError"  # type: ignore[attr-defined]
    other, _ = run(
        check, "def racine(x):\n    if x < 0:\n        raise TypeError('non')\n    return x ** 0.5\n"
    )
    assert other.status is CheckStatus.ERROR  # another exception: the call's error, as any call


def test_within_item_and_a_legal_move_of_the_same_value():
    assert (
        run(
            value_check("w", 1, [(2.0,)], reference=racine, compare=within(1e-6)),
            "def racine(x):\n    return 1.4142136\n",
        )[0].status
        is CheckStatus.PASSED
    )
    pair = value_check("p", 1, [(3,)], reference=lambda n: (n, n * 2), func="f", compare=item(1))
    assert run(pair, "def f(n):\n    return ('autre', 6)\n")[0].status is CheckStatus.PASSED
    assert run(pair, "def f(n):\n    return (3, 7)\n")[0].status is CheckStatus.FAILED
    check = value_check(
        "best", 1, [(n, j) for n in range(9) for j in (1, 2)], reference=meilleur_coup, compare=BEST
    )
    last_best = (
        "def meilleur_coup(n, joueur):\n    if n == 0:\n        return None\n"
        "    return [k for k in (1, 2, 3) if k <= n][-1] if n % 4 != 1 else 3 if n >= 3 else 1\n"
    )
    # n % 4 == 1 loses whatever the move (any legal move is of the best value); otherwise
    # taking the most is right only where it leaves n - k % 4 == 1: n = 4 takes 3, right;
    # n = 2 takes 2 and leaves 0: the opponent wins (the right move is 1)
    outcome, _ = run(check, last_best)
    assert outcome.status is CheckStatus.FAILED
    assert (outcome.evidence.call, outcome.evidence.expected, outcome.evidence.obtained) == (
        "meilleur_coup(2, 1)",
        "un coup parmi [1]",
        "2",
    )
    right_other = (
        "def meilleur_coup(n, joueur):\n    if n == 0:\n        return None\n"
        "    good = [k for k in (1, 2, 3) if k <= n and (n - k) % 4 == 1]\n"
        "    return good[-1] if good else n % 3 + 1 if n > 1 else 1\n"
    )
    assert run(check, right_other)[0].status is CheckStatus.PASSED


def test_a_drawn_failure_is_shrunk_to_the_smallest_call():
    def drawn(rng):
        return (rng.randint(0, 40),)

    check = value_check("drawn", 1, reference=coups, drawn=drawn, examples=20, compare=SAME_SET)
    wrong_from_5 = "def coups(n):\n    return [k for k in (1, 2, 3) if k <= n] if n < 5 else [1, 2]\n"
    outcome, _ = run(check, wrong_from_5)
    assert outcome.status is CheckStatus.FAILED
    assert outcome.evidence.call == "coups(5)"  # the smallest n the bug shows on


def test_listed_calls_are_sent_ahead_in_one_stream():
    check = value_check("all", 1, [(n,) for n in range(30)], reference=coups)
    outcome, session = run(check, "def coups(n):\n    return [k for k in (1, 2, 3) if k <= n]\n")
    assert outcome.status is CheckStatus.PASSED and session.streams == [30]


def test_a_board_is_converted_for_the_student_drawn_and_shown_by_its_name():
    def h(v):
        return sum(sum(row) for row in v)

    board = ((1, 0), (0, 1))
    check = value_check("h", 1, [(board,)], reference=h, board=0)
    student = "def h(v):\n    assert type(v) is list and type(v[0]) is list\n    return v[0][0]\n"
    outcome, _ = run(
        check, student, to_student=lambda state, b: [list(r) for r in b], draw=lambda b: "DESSIN"
    )
    assert outcome.status is CheckStatus.FAILED
    assert (outcome.evidence.call, outcome.evidence.board, outcome.evidence.obtained) == (
        "h(v)",
        "DESSIN",
        "1",
    )


# -- declaring ------------------------------------------------------------------------------
def test_the_sentence_is_made_from_the_calls_in_both_languages():
    check = value_check("all", 2, [(n,) for n in range(30)], reference=coups, compare=SAME_SET)
    assert check.says.fr == (
        "coups comme la correction : coups(0), coups(1), coups(2) et 27 autre(s) appel(s) "
        "(dans n'importe quel ordre, chacun une fois)"
    )
    assert (
        check.says.en
        == "coups as the reference: coups(0), coups(1), coups(2) and 27 other call(s) (in any order, each once)"
    )
    fast = value_check("fast", 1, [(200, 1)], reference=valeur, budget=1.0)
    assert fast.says.fr == "valeur comme la correction : valeur(200, 1) (au plus 1 s par appel)"
    assert fast.says.en == "valeur as the reference: valeur(200, 1) (at most 1 s a call)"
    drawn = value_check(
        "d", 1, [(1, 1)], reference=valeur, drawn=lambda rng: (rng.randint(0, 9), 1), examples=7
    )
    assert drawn.says.fr == "valeur comme la correction : valeur(1, 1), puis 7 positions tirées au hasard"
    kept = arguments_check("u", 1, [([1],)], reference=total)
    assert kept.says.en == "total leaves its arguments as the reference does: total([1])"


def test_a_sentence_needs_both_languages_and_a_check_needs_calls():
    with pytest.raises(ValueError, match="French"):
        value_check("x", 1, [(1,)], reference=coups, fr="seulement en français")
    with pytest.raises(ValueError, match="calls"):
        value_check("x", 1, reference=coups)


def test_question_gives_its_function_to_the_checks_given_none():
    q = question("Q1", coups, value_check("sheet", 1, [(2,)], compare=SAME_SET), title="")
    (check,) = q.checks
    assert (q.id, q.title, q.names) == ("Q1", "coups", (("coups",),))
    assert isinstance(check.run, SameAsReference) and check.run.reference is coups
    assert (
        check.says.fr == "coups comme la correction : coups(2) (dans n'importe quel ordre, chacun une fois)"
    )
    two = question(
        "Q4", valeur, meilleur_coup, value_check("m", 1, [(2, 1)], of="meilleur_coup", compare=BEST)
    )
    assert two.checks[0].run.reference is meilleur_coup  # type: ignore[attr-defined]
    assert two.names == (("valeur",), ("meilleur_coup",))
    with pytest.raises(ValueError, match="reference function"):
        question("Q9", value_check("x", 1, [(1,)]))
