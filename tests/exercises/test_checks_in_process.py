"""Each exercise's checks, run in this process through the wire codec (no worker): the
reference handed in as a submission passes every check, and a one-line bug fails
exactly the checks that should see it. Milliseconds per check, so the fast tier can
tell whether a change to a check still accepts the reference and still catches a bug."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from fake_session import FakeSession

from grader.checking.grading import grade_exercise
from grader.checking.view import StudentView
from grader.errors import CallTimeout
from grader.model.results import CheckStatus, QuestionResult, QuestionStatus
from grader.registry import installed

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

NOT_IN_REFERENCE = {"domineering-minmax": {"Q4"}}
"""Questions whose functions the reference module does not define (jeu and affiche draw)."""


def grade_source(exercise_id: str, source: str, only: str | None = None) -> dict[str, QuestionResult]:
    """The questions' results for `source` handed in (only the question `only`, if given)."""
    exercise = EXERCISES[exercise_id]
    if only is not None:
        exercise = replace(exercise, questions=tuple(q for q in exercise.questions if q.id == only))
    session = FakeSession(source, "copie")
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    questions = grade_exercise(exercise, view).questions
    return {q.id: q for q in questions}


def reference_source(exercise_id: str) -> str:
    reference = EXERCISES[exercise_id].reference
    assert reference is not None and reference.__file__ is not None, f"{exercise_id} names no reference"
    return Path(reference.__file__).read_text("utf-8")


def failing_checks(questions: dict[str, QuestionResult]) -> set[str]:
    return {
        f"{q.id}.{c.name}" for q in questions.values() for c in q.checks if c.status is not CheckStatus.PASSED
    }


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_the_reference_passes_every_check(exercise_id):
    questions = grade_source(exercise_id, reference_source(exercise_id))
    missing = NOT_IN_REFERENCE.get(exercise_id, set())
    assert {q.id for q in questions.values() if q.status is QuestionStatus.MISSING} == missing
    assert failing_checks(questions) == set()
    assert [q.id for q in questions.values() if q.review] == []  # nothing left to the teacher


@pytest.mark.parametrize(
    "exercise_id, line, bug, caught",
    [
        (
            "puissance4",
            "return 1 if jeu['nbcoups'] % 2 == 0 else 2",
            "return 2 if jeu['nbcoups'] % 2 == 0 else 1",
            "Q4",
        ),
        (
            "domineering",
            "        return INF\n    return len(coups_possibles(v, 0))",
            "        return -INF\n    return len(coups_possibles(v, 0))",
            "Q8",
        ),
        ("domineering-minmax", "    return n0 - n1", "    return n1 - n0", "Q1"),
        ("morpion", "        [state[0][2], state[1][2], state[2][2]],", "", "Q1"),
        ("chocolat", "        valeur = (adversaire(p), None)", "        valeur = (p, None)", "Q1"),
    ],
)
def test_a_one_line_bug_fails_its_question(exercise_id, line, bug, caught):
    source = reference_source(exercise_id)
    assert source.count(line) == 1, "the reference changed: pick another line"
    questions = grade_source(exercise_id, source.replace(line, bug), only=caught)
    assert questions[caught].status in (QuestionStatus.FAILED, QuestionStatus.PARTIAL, QuestionStatus.ERROR)
    assert any(name.startswith(f"{caught}.") for name in failing_checks(questions))


def test_evidence_draws_the_board_with_the_exercises_draw():
    source = reference_source("domineering-minmax").replace("    return n0 - n1", "    return n1 - n0")
    (check,) = [c for c in grade_source("domineering-minmax", source, "Q1")["Q1"].checks if c.name == "sheet"]
    assert check.evidence is not None
    assert (
        check.evidence.board.splitlines()[0] == "   0 1 2 3"
    )  # as reference/domineering_minmax.dessin draws


TESTE = "    return any(evaluer(jeu, a) == joueur for a in Dalignements[tuple(coords)])"
WRAPPING_TESTE = """def en_ligne(jeu, joueur, coords):
    i, j = coords
    for di, dj in ((0, 1), (1, 0), (1, 1), (-1, 1)):
        n = 1
        for s in (1, -1):
            k = 1
            try:
                while jeu['plateau'][i + s * k * di][j + s * k * dj] == joueur:
                    n, k = n + 1, k + 1
            except IndexError:
                pass
        if n >= 4:
            return True
    return False"""
AB_BASE = (
    "def maximin_alpha_beta(jeu, alpha, beta, n):\n"
    "    colonnes_possibles = colonnes_jouables(jeu)\n"
    "    if n == 0 or not colonnes_possibles:"
)


@pytest.mark.parametrize(
    "exercise_id, line, bug, caught",
    [
        # a win test that misses the horizontal wins through the last column
        ("puissance4", TESTE, TESTE[:-1] + " if not (a[0][0] == a[3][0] and a[3][1] == ncols - 1))", "Q12"),
        # ... or the descending diagonals that start in the top row
        ("puissance4", TESTE, TESTE[:-1] + " if not (a[0][0] == 0 and a[1] == (1, a[0][1] + 1)))", "Q12"),
        # a win test that walks from the move and stops at IndexError: column -1 is column 6
        ("puissance4", TESTE, "    return en_ligne(jeu, joueur, coords)\n\n\n" + WRAPPING_TESTE, "Q12"),
        # a heuristique that never reads the top row
        (
            "puissance4",
            "               for i, ligne in enumerate(jeu['plateau'])",
            "               for i, ligne in enumerate(jeu['plateau']) if i > 0",
            "Q14",
        ),
        # a colonnes_jouables that takes a column holding 5 tokens for full
        (
            "puissance4",
            "    return [j for j in range(ncols) if jeu['hauteurs'][j] < nrows]",
            "    return [j for j in range(ncols) if jeu['hauteurs'][j] < nrows - 1]",
            "Q5",
        ),
        # alpha-beta with no base case for a full board at depth > 0 (minimax_alpha_beta's is
        # never reached: a full board has 42 tokens, player 1 is to move)
        ("puissance4", AB_BASE, AB_BASE.replace(" or not colonnes_possibles", ""), "Q17"),
        # jouer_colonne that refuses the top row
        (
            "puissance4",
            "    assert jeu['hauteurs'][col] < nrows, \"la colonne est pleine\"",
            "    assert jeu['hauteurs'][col] < nrows - 1, \"la colonne est pleine\"",
            "Q6",
        ),
    ],
)
def test_a_structural_bug_fails_its_question(exercise_id, line, bug, caught):
    """Bugs that only show on positions built on purpose (issue 12, item 2)."""
    test_a_one_line_bug_fails_its_question(exercise_id, line, bug, caught)


MORPION_AB = '''def minimax(state, depth, player, alpha, beta):
    """The article's minimax with alpha-beta bounds the sheet does not have."""
    if depth == 0 or game_over(state):
        return [-1, -1, evaluate(state)]
    best = [-1, -1, -infinity if player == COMP else +infinity]
    for x, y in empty_cells(state):
        state[x][y] = player
        score = minimax(state, depth - 1, -player, alpha, beta)
        state[x][y] = 0
        score[0], score[1] = x, y
        if player == COMP:
            if score[2] > best[2]:
                best = score
            alpha = max(alpha, best[2])
        else:
            if score[2] < best[2]:
                best = score
            beta = min(beta, best[2])
        if alpha >= beta:
            break
    return best


# -- helpers for the grader'''


def test_a_search_with_required_alpha_beta_is_credited_and_marked_for_review():
    source = reference_source("morpion")
    start, end = (
        source.index("def minimax(state, depth, player):"),
        source.index("\n# -- helpers for the grader"),
    )
    source = source[:start] + MORPION_AB + source[end + len("\n# -- helpers for the grader") :]
    questions = grade_source("morpion", source)
    flagged = [q for q in questions.values() if q.review]
    assert [q.id for q in flagged] and all(q.to_review for q in flagged)
    for q in flagged:
        assert ("bounds_added", {"func": "minimax"}) in q.notes
    assert failing_checks(questions) == set()  # credited: alpha-beta with (-inf, +inf) is minimax


def test_q9_and_q10_read_each_table_once_and_still_see_a_wrong_one(monkeypatch):
    fetched: list[str] = []
    get = FakeSession.get

    def counting(self, name, budget=5):
        fetched.append(name)
        return get(self, name, budget)

    monkeypatch.setattr(FakeSession, "get", counting)
    source = reference_source("puissance4")
    questions = grade_source("puissance4", source, only="Q9")
    questions.update(grade_source("puissance4", source, only="Q10"))
    assert failing_checks(questions) == set()
    assert sorted(fetched) == ["Dalignements", "Lalignements"]  # 5 and 2 checks: one read each
    # The first horizontal alignment dropped from the tables: the checks reading it fail.
    wrong = source + "\nLalignements = Lalignements[1:]\nDalignements[(0, 0)] = Dalignements[(0, 0)][1:]\n"
    questions = grade_source("puissance4", wrong, only="Q9")
    questions.update(grade_source("puissance4", wrong, only="Q10"))
    assert {"Q9.horizontal", "Q9.exactly_69", "Q10.corner", "Q10.all_cells"} <= failing_checks(questions)
    horizontal = next(c for c in questions["Q9"].checks if c.name == "horizontal")
    assert horizontal.evidence is not None and horizontal.evidence.note is not None
    # the student reads how many are missing in either language (French said only the example)
    assert horizontal.evidence.note.fr.startswith(
        "alignements horizontaux manquants : 1, par exemple [(0, 0),"
    )
    assert horizontal.evidence.note.en.startswith("horizontal alignments missing: 1, e.g. [(0, 0),")


class _SlowStrategy(FakeSession):
    """A strategie_minmax that runs out of whatever time each move is given."""

    def call(self, func, *args, budget=5, **options):
        if func == "strategie_minmax":
            raise CallTimeout(budget)
        return super().call(func, *args, budget=budget, **options)


@pytest.mark.parametrize("spent", [False, True])
def test_a_duel_move_out_of_time_says_which_time_ran_out(monkeypatch, spent):
    # the call shown is the 25 games, the time the failure names is one move's: the note
    # says which budget ran out, one move's or the games' together
    from exercises.domineering import referee

    if spent:  # the games' time is gone before the move's own
        monkeypatch.setattr(referee.time, "monotonic", iter(range(0, 10_000, 100)).__next__)
    source = reference_source("domineering")
    exercise = EXERCISES["domineering"]
    exercise = replace(exercise, questions=tuple(q for q in exercise.questions if q.id == "Q10"))
    session = _SlowStrategy(source, "copie")
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    (q10,) = grade_exercise(exercise, view).questions
    duel = next(c for c in q10.checks if c.name == "beats_random")
    assert duel.status is CheckStatus.TIMEOUT and duel.evidence is not None
    assert duel.evidence.call.fr.startswith("25 parties sur 5 x 5")
    note = duel.evidence.note
    assert note is not None
    if spent:
        assert "ces 25 parties ont pris plus de 30 s en tout" in note.fr
        assert "moves in these 25 games took more than 30 s in all" in note.en
    else:
        assert "un coup (le plateau ci-dessous) a pris plus de 10 s" in note.fr
        assert "one move (the board below) took more than 10 s" in note.en


def test_a_search_right_at_its_leaves_over_a_wrong_heuristique_is_told_where_the_value_comes_from():
    # the sample's bug: heuristique forgets the minus sign of player 2's cells; maximin(jeu1, 0)
    # returns (None, heuristique(jeu1)) as the sheet asks, and the value is wrong only through it
    wrong = reference_source("puissance4") + (
        "\n_vraie = heuristique\n"
        "def heuristique(jeu):\n"
        "    if gagnant(jeu):\n        return _vraie(jeu)\n"
        "    return sum(nb_alignements_potentiels[i][j] for i, ligne in enumerate(jeu['plateau'])\n"
        "               for j, c in enumerate(ligne) if c != 0)\n"
    )
    q15 = grade_source("puissance4", wrong, only="Q15")["Q15"]
    leaves = next(c for c in q15.checks if c.name == "leaves")
    assert leaves.status is CheckStatus.FAILED and leaves.evidence is not None
    assert leaves.evidence.call == "maximin(jeu1, 0)"
    note = leaves.evidence.note
    assert note is not None
    assert "c'est heuristique(jeu1) qui vaut 106 au lieu de 2 (Q14)" in note.fr
    assert "heuristique(jeu1) is 106 instead of 2 (Q14)" in note.en


def test_a_leaf_value_the_heuristique_does_not_give_keeps_the_sheets_note():
    # maximin(jeu, 0) that answers something else than its own heuristique: the search is wrong
    wrong = reference_source("puissance4").replace(
        "    if n == 0 or not colonnes_possibles:\n        return None, heuristique(jeu)",
        "    if n == 0 or not colonnes_possibles:\n        return None, heuristique(jeu) + 1",
        1,
    )
    q15 = grade_source("puissance4", wrong, only="Q15")["Q15"]
    leaves = next(c for c in q15.checks if c.name == "leaves")
    assert leaves.status is CheckStatus.FAILED and leaves.evidence is not None
    assert leaves.evidence.note is not None and leaves.evidence.note.fr == "horizon 0 : pas de recherche"
