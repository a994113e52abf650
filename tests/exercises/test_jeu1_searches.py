"""puissance4's two largest searches, `maximin(jeu1, 3)` and `maximin_alpha_beta(jeu1,
-inf, +inf, 3)`, are made once each per submission: the sheet checks (Q15, Q17) read the
answer of the counted search the pruning check (Q17 `prunes`) measures
(`evaluations.counted_on_jeu1`). Each case below says what a submission must get and
how many searches it costs, reasoned from the rule, not read from a run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fake_session import FakeSession

from grader.checking.grading import grade_exercise
from grader.checking.view import StudentView
from grader.errors import CallTimeout
from grader.model.results import CheckStatus, FailureKind, QuestionResult
from grader.registry import installed
from grader.sandbox.worker.wire import Ref
from reference import puissance4 as ref

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

SOURCE = (Path(__file__).resolve().parents[2] / "reference" / "puissance4.py").read_text("utf-8")
SEARCHES = ("maximin", "minimax", "maximin_alpha_beta", "minimax_alpha_beta")


class Recording(FakeSession):
    """A FakeSession noting each search of jeu1 at depth 3: "maximin" for a plain call,
    "@answered maximin" for a counted one; the functions in `looping` time out there."""

    def __init__(self, source: str, looping: tuple[str, ...] = ()):
        super().__init__(source, "copie")
        self.searches: list[str] = []
        self.looping = looping

    def call(self, func: str, *args: Any, **kwargs: Any) -> Any:
        searched, searched_args = func, args
        if func.startswith("@") and args and isinstance(args[0], Ref):
            searched, searched_args = args[0].name, args[2:]  # (function, counted names, *args)
        if searched in SEARCHES and searched_args[0] == ref.jeu1() and searched_args[-1] == 3:
            self.searches.append(searched if searched == func else f"{func} {searched}")
            if searched in self.looping:
                raise CallTimeout(10.0)
        return super().call(func, *args, **kwargs)


def grade(session: Recording) -> dict[str, QuestionResult]:
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    questions = grade_exercise(EXERCISES["puissance4"], view).questions
    return {q.id: q for q in questions}


def check(questions: dict[str, QuestionResult], question: str, name: str) -> Any:
    return next(c for c in questions[question].checks if c.name == name)


def with_line(after: str, line: str) -> str:
    """The reference with `line` inserted after its line `after` (indented as the body)."""
    assert SOURCE.count(after + "\n") == 1
    return SOURCE.replace(after + "\n", f"{after}\n    {line}\n")


def test_each_search_of_jeu1_at_depth_3_is_made_once_and_the_reference_passes() -> None:
    session = Recording(SOURCE)
    questions = grade(session)
    assert sorted(session.searches) == ["@answered maximin", "@answered maximin_alpha_beta"]
    for question in ("Q15", "Q17"):
        assert all(c.status is CheckStatus.PASSED for c in questions[question].checks), question
    prunes = dict(questions["Q17"].notes)["pruning_counts"]
    assert prunes["maximin"] == 294  # docs/reference/sheet-facts.md: the annexes' maximin(jeu1, 3)


def test_a_wrong_answer_at_depth_3_is_the_sheet_checks_mismatch() -> None:
    source = with_line("def maximin(jeu, n):", "if n == 3: return (4, 14)")
    session = Recording(source)
    questions = grade(session)
    sheet = check(questions, "Q15", "sheet_pairs")
    assert sheet.status is CheckStatus.FAILED
    assert sheet.evidence.call == "maximin(jeu1, 3)"
    assert sheet.evidence.obtained == "(4, 14)" and sheet.evidence.expected == "(3, 14)"
    assert session.searches.count("@answered maximin") == 1 and "maximin" not in session.searches


def test_a_search_that_times_out_is_waited_for_once() -> None:
    session = Recording(SOURCE, looping=("maximin",))
    questions = grade(session)
    sheet = check(questions, "Q15", "sheet_pairs")
    assert sheet.status is CheckStatus.TIMEOUT
    assert sheet.evidence.call == "maximin(jeu1, 3)"
    assert session.searches.count("@answered maximin") == 1 and "maximin" not in session.searches
    # The pruning check then compares alpha-beta with the annexes' maximin count, as it
    # always did when the student's maximin could not be counted: it passes.
    assert check(questions, "Q17", "prunes").status is CheckStatus.PASSED


def test_an_alpha_beta_that_times_out_fails_the_sheet_and_the_pruning_checks_once() -> None:
    session = Recording(SOURCE, looping=("maximin_alpha_beta",))
    questions = grade(session)
    call = "maximin_alpha_beta(jeu1, -float('inf'), float('inf'), 3)"
    for name in ("sheet_pairs", "prunes"):
        assert check(questions, "Q17", name).status is CheckStatus.TIMEOUT, name
        assert check(questions, "Q17", name).evidence.call == call, name
    assert session.searches.count("@answered maximin_alpha_beta") == 1


def test_a_search_that_raises_is_reported_from_a_plain_call() -> None:
    # The counted search raised: the sheet check makes the plain call, whose report is
    # that of any call (no counting code in it); the pruning check reads the failure kept.
    source = with_line("def maximin(jeu, n):", "if n == 3: raise ValueError('profondeur')")
    session = Recording(source)
    questions = grade(session)
    sheet = check(questions, "Q15", "sheet_pairs")
    assert sheet.status is CheckStatus.ERROR
    assert sheet.failure.kind is FailureKind.RAISED and sheet.failure.ename == "ValueError"
    assert sheet.evidence.call == "maximin(jeu1, 3)"
    assert session.searches == ["@answered maximin", "maximin", "@answered maximin_alpha_beta"]
    assert check(questions, "Q17", "prunes").status is CheckStatus.PASSED


def test_an_answer_too_large_to_send_back_is_counted_again_without_it() -> None:
    # The pruning check does not judge values: a huge answer must not cost it its count.
    source = SOURCE + (
        "\n_maximin = maximin\n"
        "def maximin(jeu, n):\n"
        "    answer = _maximin(jeu, n)\n"
        "    return list(range(10 ** 6)) if n == 3 else answer\n"
    )
    session = Recording(source)
    questions = grade(session)
    sheet = check(questions, "Q15", "sheet_pairs")
    assert sheet.status is CheckStatus.ERROR and sheet.failure.kind is FailureKind.TOO_LARGE
    assert session.searches[:3] == ["@answered maximin", "@evaluations maximin", "maximin"]
    counts = dict(questions["Q17"].notes)["pruning_counts"]
    assert 0 < counts["alpha_beta"] < counts["maximin"]
